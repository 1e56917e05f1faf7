"""What the browser is sent about a position: read-only helpers over the protocol.

Everything here only *reads* a state through the game's public door (``legal_actions``,
``prompt``, ``result``, ``counters``, ``roll_distribution``), the fields the game sets on
its actions (role, units, hexes, path, cost, group, highlight) and the protocol's hooks for
what interfaces show (``describe_phase``, ``off_map``, ``selected_unit``,
``overlays``/``overlay``, ``outcome_names``): no game is named here, no label or verb is
read for its meaning, and nothing here changes a state.

Callers hold the manager's engine lock: the engines remember derived facts in module-level
memos while they work, so two threads must not query one at once.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import compress
from operator import is_not
from typing import Any

from .. import games
from ..core.protocol import Action, CounterView, Game, State
from ..render.svg import render_counter, render_map

#: Hex size (centre to corner) the board and counters are drawn at.
HEX_SIZE = 24.0


# ------------------------------------------------------------------ the board
@cache
def board_payload(game_name: str) -> dict[str, Any]:
    """The board drawn once: the SVG without counters and each hex's centre."""
    game = games.get(game_name)
    board = game.board()
    svg = render_map(board, size=HEX_SIZE, title=game.title)
    centres = {h: [round(c, 1) for c in board.grid.center(h, HEX_SIZE)] for h in board.grid.hexes()}
    return {
        "game": game_name,
        "size": HEX_SIZE,
        "svg": svg,
        "centres": centres,
        "sectors": game.sectors(),
    }


#: Counters whose view items are kept (every counter of a few games' positions).
COUNTER_ITEMS = 8192


@lru_cache(maxsize=2 * COUNTER_ITEMS)  # bounded: a counter in each hex it goes to is another
def counter_svg(counter: CounterView) -> str:
    """A counter drawn as the map shows it, with the short designation it prints."""
    return render_counter(replace(counter, label=counter.short or counter.label), HEX_SIZE)


@lru_cache(maxsize=COUNTER_ITEMS)
def counter_item(c: CounterView) -> dict[str, Any]:
    """A counter as the view sends it. Kept: a counter drawn the same in the next position
    is the same item (shared by views and games: never changed), so building a view and
    comparing it with the one before (:mod:`.deltas`) are cheap for the counters that did
    not change."""
    return {
        "id": c.id,
        "hex": c.hex,
        "side": c.side,
        "nation": c.nation,
        "symbol": c.symbol,
        "factors": c.factors,
        "label": c.label,
        "reduced": c.reduced,
        "face": c.face,
        "markers": tuple(c.markers),  # a tuple: the collector leaves the item alone
        "svg": counter_svg(c),
    }


def counters_json(game: Game, state: State) -> list[dict[str, Any]]:
    """The counters on the map as the view sends them (:func:`counter_item`). A game that
    answers with the views of the list before in their places (the very views, as Defiant
    Russia keeps its counters: one or two replaced after a move) gets their items found by
    identity, without hashing the views, and the very list again the same items."""
    views = game.counters(state)
    last = _LAST_COUNTERS[0]
    if last is None or len(last[0]) != len(views):
        items = [counter_item(c) for c in views]
    else:
        old, items = last
        if old is views:
            return items
        apart = list(compress(range(len(views)), map(is_not, views, old)))
        if len(apart) > len(views) // 2:
            items = [counter_item(c) for c in views]
        else:
            items = list(items)
            for i in apart:
                items[i] = counter_item(views[i])
    _LAST_COUNTERS[0] = (views, items)
    return items


#: The game's list last answered and its items (a tuple replaced whole: threads may share
#: it; the lists are never changed once made).
_LAST_COUNTERS: list[tuple[list[CounterView], list[dict[str, Any]]] | None] = [None]


# ------------------------------------------------------------------ status
def phase_info(game: Game, state: State) -> dict[str, Any]:
    """Turn, phase (with its title, its rule and whether it is a set-up phase), weather and
    each side's points."""
    described = game.describe_phase(state)
    pools = described.get("pools")
    return {
        "turn": game.turn(state),
        "phase": game.phase(state),
        "title": described.get("title", ""),
        "turn_title": described.get("turn_title", ""),
        "phase_title": described.get("phase_title", ""),
        "rule": described.get("rule"),
        "setup": bool(described.get("setup")),
        "weather": described.get("weather"),
        "weather_rule": described.get("weather_rule"),
        "pools": pools if isinstance(pools, dict) else {},
        "step": state.get("step", 0),
    }


def step_meta(game: Game, state: State, action: Action) -> dict[str, Any]:
    """What the log shows beside an action taken in ``state``: the phase it was taken in
    (and whether it is a set-up phase), the rule it rests on and what the action is (its
    role, units and hexes: a battle's roll names the hexes fought over)."""
    info = phase_info(game, state)
    return {
        "side": game.active_side(state),
        "rule": action.rule,
        "turn": info["turn"],
        "phase": info["phase"],
        "title": info["title"],
        "turn_title": info["turn_title"],
        "phase_title": info["phase_title"],
        "setup": info["setup"],
        "role": action.role,
        "units": list(action.units),
        "hexes": list(action.hexes),
    }


#: The notes of :func:`step_meta` each log entry is sent with.
LOG_NOTES: tuple[str, ...] = ("rule", "turn", "phase", "title", "turn_title", "phase_title")
LOG_NOTES += ("setup", "role", "units", "hexes")


def note_is_current(note: dict[str, Any] | None) -> bool:
    """Whether a stored step note has every key :func:`step_meta` writes today (notes
    stored before a key was added are worked out again)."""
    return note is not None and all(k in note for k in LOG_NOTES)


# ------------------------------------------------------------------ actions
#: The highlights whose way the map draws when a move is pointed at (by land, by rail).
DRAWN_WAYS = ("move", "rail")


def annotate(game: Game, state: State, actions: list[Action]) -> list[dict[str, Any]]:
    """Each legal action as JSON with what the map needs, from the fields its game set:
    ``hex`` (the hex it names first, lit as ``kind``: its highlight), ``unit`` (the one unit
    it concerns: a click on that counter offers it), ``cost`` and, for a move by land or
    rail, ``path`` (the hexes it passes, the unit's own first)."""
    out = []
    for i, a in enumerate(actions):
        drawn = a.highlight in DRAWN_WAYS and len(a.path) > 1
        # ``Action.to_json``'s keys, its lists as the action's tuples (sent the same; kept
        # with the position's view, a dict of tuples of strings is left alone by the
        # collector, where lists are walked at every collection)
        out.append(
            {
                "verb": a.verb,
                "args": a.args,
                "text": a.text,
                "label": a.label or a.text,
                "rule": a.rule,
                "side": a.side,
                "role": a.role,
                "units": a.units,
                "hexes": a.hexes,
                "path": a.path if drawn else None,
                "cost": int(a.cost)
                if a.cost is not None and float(a.cost).is_integer()
                else a.cost,
                "group": a.group,
                "highlight": a.highlight,
                "index": i,
                "hex": a.hexes[0] if a.hexes else None,
                "unit": a.units[0] if len(a.units) == 1 else None,
                "kind": a.highlight if a.hexes else None,
            }
        )
    return out


def _fraction_json(p: Any) -> float:
    return float(Fraction(p)) if not isinstance(p, float) else p


def odds(game: Game, state: State, action: Action) -> dict[str, Any] | None:
    """The exact outcome distribution of the dice ``action`` would roll, summarised for
    people: each outcome's probability, the marginal of each part and, where the outcomes
    are numbers (DR's hits), the expected values; named outcomes (SNO's combat results) in
    the order the game gives them."""
    dist = game.roll_distribution(state, action)
    if not dist:
        return None
    rows: list[tuple[list[Any], float]] = []
    for key, chance in dist.items():
        parts = list(key) if isinstance(key, tuple) else [key]
        rows.append(([_outcome(k) for k in parts], _fraction_json(chance)))
    numeric = all(isinstance(v, int) for parts, _ in rows for v in parts)
    if numeric:
        rows.sort(key=lambda r: r[0])
    width = max(len(parts) for parts, _ in rows)
    names = game.outcome_names(state, action, width)
    meanings = game.outcome_meanings(state, action)
    marginals = []
    for i in range(width):
        m: dict[Any, float] = {}
        for parts, p in rows:
            v = parts[i] if i < len(parts) else 0
            m[v] = m.get(v, 0.0) + p
        marginals.append(
            {
                "name": names[i],
                "values": [
                    {"value": k, "p": m[k], "meaning": meanings.get(str(k))}
                    for k in (sorted(m) if numeric else m)
                ],
                "expected": sum(k * p for k, p in m.items()) if numeric else None,
            }
        )
    outcomes = [{"outcome": parts, "p": p} for parts, p in rows]
    out: dict[str, Any] = {"action": action.text, "outcomes": outcomes, "marginals": marginals}
    note = game.roll_note(state, action)
    if note:
        out["note"] = note
    return out


def _outcome(k: Any) -> int | str:
    """A part of an outcome: a number (hits) or a name (a combat result)."""
    if isinstance(k, bool) or not isinstance(k, int | str):
        return str(k)
    if isinstance(k, str) and k.lstrip("-").isdigit():
        return int(k)
    return k


# ------------------------------------------------------------------ overlays
OVERLAYS = ("supply", "zoc", "control")


def overlay(game: Game, state: State, kind: str, side: str | None) -> dict[str, Any]:
    """An overlay's hexes and units. ``side``: whose supply / whose enemy's ZOC (default: the
    side to move). A game without the overlay (:meth:`Game.overlays`) gets empty sets."""
    if kind not in OVERLAYS:
        raise ValueError(f"no overlay {kind!r} (overlays: {', '.join(OVERLAYS)})")
    sides = list(game.sides)
    if side is None:
        side = game.active_side(state) or sides[0]
    if side not in sides:
        raise ValueError(f"no side {side!r} (sides: {', '.join(sides)})")
    enemy = next((s for s in sides if s != side), side)
    drawn = enemy if kind == "zoc" else side
    out: dict[str, Any] = {"kind": kind, "side": drawn, "hexes": {}, "units": {}}
    if kind in game.overlays():
        found = game.overlay(state, kind, drawn)
        out["hexes"] = dict(found.get("hexes", {}))
        out["units"] = dict(found.get("units", {}))
        if kind == "supply":
            out["lines"] = dict(found.get("lines", {}))
    return out


# ------------------------------------------------------------------ off the map
def boxes(game: Game, state: State) -> list[dict[str, Any]]:
    """The units off the map (to set up, to arrive, eliminated), by box and side, each drawn
    as the counter it would be on the map. A game that answers ``off_map`` with the very
    list it gave before (kept, as Defiant Russia keeps its boxes) gets the boxes made of it
    before: the same list, never changed by its readers."""
    found = game.off_map(state)
    for made_of, out in _BOXES:
        if made_of is found:
            return out
    out = _boxes(found)
    _BOXES.insert(0, (found, out))
    del _BOXES[_BOXES_KEPT:]
    return out


#: :func:`boxes`' answers with the list of the game's they were made of (kept alive here,
#: so found by identity), the last few, newest first.
_BOXES: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = []
_BOXES_KEPT = 32


def _boxes(off_map: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for b in off_map:
        units = []
        for u in b["units"]:
            entry = {k: v for k, v in u.items() if k != "counter"}
            entry["svg"] = counter_svg(u["counter"])
            units.append(entry)
        out.append({"box": b["box"], "title": b["title"], "side": b["side"], "units": units})
    return out


# ------------------------------------------------------------------ pending decisions
def pending_json(game: Game, state: State) -> dict[str, Any] | None:
    """A decision in progress (an attack being declared, losses to take), as plain data."""
    return game.decision_view(state)


def selected_unit(game: Game, state: State) -> str | None:
    return game.selected_unit(state)
