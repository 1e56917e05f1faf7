"""What the browser is sent about a position: read-only helpers over the protocol.

Everything here only *reads* a state through the game's public door (``legal_actions``,
``prompt``, ``result``, ``counters``, ``roll_distribution``) and, for Defiant Russia's
overlays, the DR modules' public query functions. Nothing here changes a state.

Callers hold the manager's engine lock: the DR engine remembers derived facts in module-level
memos while it works, so two threads must not query it at once.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any

from ..core.protocol import Action, CounterView, Game, State
from ..render.svg import render_counter
from .paths import move_paths, supply_lines

#: Hex size (centre to corner) the board and counters are drawn at.
HEX_SIZE = 24.0

_HEX_ARG = re.compile(r"^\d{4}$")

#: Verbs besides ``roll`` whose dice the side panel previews (DR 11.5.4 air strikes on fleets).
ODDS_VERBS = ("airstrike",)
_MP = re.compile(r"\((\d+) MP\)")

#: verb -> how the browser highlights the hex an action names
HEX_KINDS = {
    "to": "move",
    "rail": "rail",
    "sea": "sea",
    "drop": "drop",
    "place": "place",
    "enter": "place",
    "rebuild": "place",
    "attack": "attack",
    "also": "attack",
    "retreat": "retreat",
}


# ------------------------------------------------------------------ the board
@cache
def board_payload(game_name: str) -> dict[str, Any]:
    """The board drawn once: the SVG without counters and each hex's centre."""
    from .. import games
    from ..render.svg import render_map

    game = games.get(game_name)
    board = game.board()
    svg = render_map(board, size=HEX_SIZE, title=game.title)
    centres = {h: [round(c, 1) for c in board.grid.center(h, HEX_SIZE)] for h in board.grid.hexes()}
    return {"game": game_name, "size": HEX_SIZE, "svg": svg, "centres": centres}


#: How unit names are shortened to fit the top of a counter, as printed counters do.
_SHORT = (
    (re.compile(r"\b(\d+)(st|nd|rd|th)\b"), r"\1"),
    (re.compile(r" Panzer Corps$"), " Pz"),
    (re.compile(r" Tank Corps$"), " Tk"),
    (re.compile(r" Cavalry Corps$"), " Cav"),
    (re.compile(r" Mountain Corps$"), " Mtn"),
    (re.compile(r" Shock Army$"), " Shock"),
    (re.compile(r" Airborne Corps$"), " Abn"),
    (re.compile(r"Workers' Militia$"), "Militia"),
    (re.compile(r" Corps$"), ""),
    (re.compile(r" Infantry$"), " Inf"),
    (re.compile(r" Mountain$"), " Mtn"),
    (re.compile(r" Army$"), " A"),
    (re.compile(r" Fleet$"), ""),
)


def short_label(name: str) -> str:
    """A unit's name as short as a counter prints it: "XXIV Panzer Corps" -> "XXIV Pz".

    >>> short_label("23rd Army"), short_label("XXIV Panzer Corps"), short_label("Guderian")
    ('23 A', 'XXIV Pz', 'Guderian')
    """
    for pattern, repl in _SHORT:
        name = pattern.sub(repl, name)
    return name


@cache
def counter_svg(counter: CounterView) -> str:
    return render_counter(replace(counter, label=short_label(counter.label)), HEX_SIZE)


def counters_json(game: Game, state: State) -> list[dict[str, Any]]:
    out = []
    for c in game.counters(state):
        out.append(
            {
                "id": c.id,
                "hex": c.hex,
                "side": c.side,
                "nation": c.nation,
                "symbol": c.symbol,
                "factors": c.factors,
                "label": c.label,
                "reduced": c.reduced,
                "markers": list(c.markers),
                "svg": counter_svg(c),
            }
        )
    return out


# ------------------------------------------------------------------ status
def phase_info(game: Game, state: State) -> dict[str, Any]:
    """Turn, phase (with its title and rule), weather and each side's points."""
    turn, phase = state.get("turn"), state.get("phase")
    title = f"Turn {turn}, {phase}" if phase else ""
    rule = None
    if game.name == "dr" and phase:
        from ..games.dr import sequence

        title = sequence.title(state)
        rule = sequence.RULE.get(phase)
    pools = state.get("pools") if isinstance(state.get("pools"), dict) else {}
    return {
        "turn": turn,
        "phase": phase,
        "title": title,
        "rule": rule,
        "weather": state.get("weather"),
        "pools": pools,
        "step": state.get("step", 0),
    }


def step_meta(game: Game, state: State, action: Action) -> dict[str, Any]:
    """What the log shows beside an action taken in ``state``: the phase it was taken in
    and the rule it rests on."""
    info = phase_info(game, state)
    return {
        "side": game.active_side(state),
        "rule": action.rule,
        "turn": info["turn"],
        "phase": info["phase"],
        "title": info["title"],
    }


# ------------------------------------------------------------------ actions
def annotate(game: Game, state: State, actions: list[Action]) -> list[dict[str, Any]]:
    """Each legal action as JSON, with the hex and unit it names (for highlighting), the
    movement cost read from its label and, for a move, the path the unit will take."""
    grid = game.map_for(state).grid
    units_ = state.get("units")
    units: dict[str, Any] = units_ if isinstance(units_, dict) else {}
    paths = move_paths(game, state, selected_unit(state), actions)
    out = []
    for i, a in enumerate(actions):
        d = a.to_json()
        d["index"] = i
        hexes = [str(x) for x in a.args if isinstance(x, str) and _HEX_ARG.match(x)]
        hexes = [h for h in hexes if grid.contains(h)]
        unit = next((str(x) for x in a.args if isinstance(x, str) and x in units), None)
        d["hex"] = hexes[-1] if hexes else None
        d["unit"] = unit
        d["kind"] = HEX_KINDS.get(a.verb) if hexes else None
        if a.verb == "drop" and "attack" in (a.label or "").lower():
            d["kind"] = "other"  # DR 7.1B: leave a hex out of a battle, not an airborne drop
        m = _MP.search(a.label or "")
        d["cost"] = int(m.group(1)) if m else None
        d["path"] = paths.get(a.text)
        out.append(d)
    return out


def _fraction_json(p: Any) -> float:
    return float(Fraction(p)) if not isinstance(p, float) else p


def odds(game: Game, state: State, action: Action) -> dict[str, Any] | None:
    """The exact outcome distribution of the dice ``action`` would roll, summarised for
    people: each outcome's probability, the marginal of each part, the expected values."""
    dist = game.roll_distribution(state, action)
    if not dist:
        return None
    rows: list[tuple[list[int], float]] = []
    for key, chance in dist.items():
        parts = [int(k) for k in key] if isinstance(key, tuple) else [int(key)]
        rows.append((parts, _fraction_json(chance)))
    rows.sort(key=lambda r: r[0])
    width = max(len(parts) for parts, _ in rows)
    names = _outcome_names(game, action, width)
    marginals = []
    for i in range(width):
        m: dict[int, float] = {}
        for parts, p in rows:
            v = parts[i] if i < len(parts) else 0
            m[v] = m.get(v, 0.0) + p
        expected = sum(k * p for k, p in m.items())
        marginals.append(
            {
                "name": names[i],
                "values": [{"value": k, "p": m[k]} for k in sorted(m)],
                "expected": expected,
            }
        )
    outcomes = [{"outcome": parts, "p": p} for parts, p in rows]
    return {"action": action.text, "outcomes": outcomes, "marginals": marginals}


def _outcome_names(game: Game, action: Action, width: int) -> list[str]:
    if game.name == "dr" and action.verb == "roll" and width == 2:
        return ["Hits on the defender", "Hits on the attacker"]
    if game.name == "dr" and action.verb == "airstrike":
        return ["Hits on the fleet"]
    return [f"Outcome {i + 1}" for i in range(width)]


# ------------------------------------------------------------------ overlays
OVERLAYS = ("supply", "zoc", "control")


def overlay(game: Game, state: State, kind: str, side: str | None) -> dict[str, Any]:
    """An overlay's hexes and units. ``side``: whose supply / whose enemy's ZOC (default: the
    side to move). Only Defiant Russia has these rules so far; other games get empty sets."""
    if kind not in OVERLAYS:
        raise ValueError(f"no overlay {kind!r} (overlays: {', '.join(OVERLAYS)})")
    sides = list(game.sides)
    if side is None:
        side = game.active_side(state) or sides[0]
    if side not in sides:
        raise ValueError(f"no side {side!r} (sides: {', '.join(sides)})")
    enemy = next((s for s in sides if s != side), side)
    out: dict[str, Any] = {"kind": kind, "side": side, "hexes": {}, "units": {}}
    if game.name != "dr":
        return out
    from ..games.dr import supply, zoc
    from ..games.dr.rules import reading

    R = game.rules_for(state)  # type: ignore[attr-defined]
    with reading(state):
        if kind == "control":
            out["hexes"] = dict(state.get("control", {}))
        elif kind == "zoc":
            out["side"] = enemy
            out["hexes"] = {h: enemy for h in sorted(zoc.zoc_of(R, state, enemy))}
        else:
            main = "soviet" if side == "soviet" else "axis"
            out["hexes"] = {h: side for h in sorted(supply.supplied_hexes(R, state, side, main))}
            lines = supply_lines(game, state, side)
            out["units"] = {uid: line["ok"] for uid, line in lines.items()}
            out["lines"] = lines
    return out


# ------------------------------------------------------------------ off the map
#: DR holding boxes shown beside the map, in this order, with their titles.
BOX_TITLES = {
    "unplaced": "To set up",
    "reserve": "Reinforcements to come",
    "dead": "Eliminated (may be rebuilt)",
    "lost": "Eliminated for good",
    "removed": "Withdrawn",
}


def boxes(game: Game, state: State) -> list[dict[str, Any]]:
    """The units off the map (to set up, to arrive, eliminated), by box and side."""
    units = state.get("units")
    if game.name != "dr" or not isinstance(units, dict):
        return []
    R = game.rules_for(state)  # type: ignore[attr-defined]
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for uid, d in sorted(units.items()):
        box = d.get("at")
        if box not in BOX_TITLES:
            continue
        unit = R.unit(uid)
        entry: dict[str, Any] = {"id": uid, "name": unit.name, "svg": _box_counter(R, state, uid)}
        if box == "reserve":
            entry["turn"] = unit.arrival_turn(_option_rules(state))
        found.setdefault((box, unit.side), []).append(entry)
    out = []
    for box, title in BOX_TITLES.items():
        for side in game.sides:
            units_here = found.get((box, side))
            if units_here:
                out.append({"box": box, "title": title, "side": side, "units": units_here})
    return out


def _box_counter(R: Any, state: State, uid: str) -> str:
    """A unit off the map drawn as the counter it would be on the map (the face it shows:
    a reduced unit eliminated stays reduced until rebuilt)."""
    from ..games.dr.game import SYMBOLS
    from ..games.dr.rules import printed

    unit = R.unit(uid)
    s, m = printed(R, state, uid)
    factors = "" if unit.full is None else (str(s) if unit.type == "fleet" else f"{s}-{m}")
    d = state["units"][uid]
    view = CounterView(
        uid,
        str(d["at"]),
        unit.side,
        unit.nationality,
        SYMBOLS.get(unit.type, "infantry"),
        factors,
        label=unit.name,
        reduced=bool(d.get("reduced")),
    )
    return counter_svg(view)


def _option_rules(state: State) -> list[str]:
    from ..games.dr.setting_up import option_rules

    return option_rules(state)


# ------------------------------------------------------------------ pending decisions
def pending_json(state: State) -> dict[str, Any] | None:
    """A decision in progress (an attack being declared, losses to take), as plain data."""
    p = state.get("pending")
    if not isinstance(p, dict):
        return None
    keep = ("kind", "side", "targets", "attackers", "air", "unit", "hex", "hits")
    return {k: p[k] for k in keep if k in p}


def selected_unit(state: State) -> str | None:
    mv = state.get("movement")
    if isinstance(mv, dict) and mv.get("phase") == f"{state.get('turn')}:{state.get('phase')}":
        sel = mv.get("selected")
        return str(sel) if sel else None
    return None
