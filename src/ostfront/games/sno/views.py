"""What interfaces show of a Sturm Nach Osten position - the protocol's view hooks, which the
game-neutral server and web client draw from (read-only; nothing here decides a rule): the
counters with the face in use and their markers, the boxes beside the map, the month and
phase, the unit picked to move and its paths, the supply (with each unit's line,
:mod:`supply_lines`), ZOC and control overlays, the decision in progress, the Terrain
Effects Chart."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from ...core.drawing import Shape, colour_of
from ...core.memo import reading
from ...core.protocol import CounterView
from ...core.units import shortened
from . import supply, supply_lines, zoc
from .rules import BOXES, SIDES, Rules, State, combat_factor, movement_factor
from .sequence import describe

#: Counter type -> the NATO symbol the renderer draws.
SYMBOLS = {
    "infantry": "infantry", "mountain": "mountain", "shock": "shock", "front": "infantry",
    "armor": "armor", "armored_infantry": "mech", "armored_cavalry": "cavalry",
    "garrison": "infantry", "factory": "factory", "zhukov": "leader",
}  # fmt: skip
#: Counter colours by nationality, else by side (the Poles take their side's colour).
COUNTER_COLOURS = {
    "german": "#9ba59a", "romanian": "#d8c26a", "hungarian": "#9cbf8c", "italian": "#6fae72",
    "axis": "#9ba59a", "soviet": "#c0392b",
}  # fmt: skip
#: Symbols drawn our own way, by unit type: a factory (SNO 10.4) is a sawtooth roof and a chimney.
OWN_SYMBOLS = {
    "factory": (
        Shape(
            "factory",
            "polygon",
            (
                (-0.25, 0.1), (-0.25, -0.12),
                (-0.25 + 1 / 6, -0.2), (-0.25 + 1 / 6, -0.12),
                (-0.25 + 2 / 6, -0.2), (-0.25 + 2 / 6, -0.12),
                (0.25, -0.2), (0.25, -0.12),
                (0.25, 0.1),
            ),
        ),
        Shape("chimney", "rect", ((0.17, -0.26), (0.05, 0.14)), filled=True),
    ),
}  # fmt: skip
#: What each marker counter prints (the whole name is its title and the unit card's).
MARKER_CODES = {
    "dispersed": "Disp", "fortified": "Fort", "HAB": "HAB", "overrun": "Ovr", "Blitz": "Blitz",
    "no fuel": "Fuel", "out of supply": "OoS",
}  # fmt: skip
#: The map overlays :func:`overlay` answers.
OVERLAYS = ("supply", "zoc", "control")
#: How unit names are shortened to fit the top of a counter, as the printed counters do.
_SHORT = (
    (re.compile(r"\b(\d+)(st|nd|rd|th)\b"), r"\1"),
    (re.compile(r" Panzer Corps$"), " Pz"),
    (re.compile(r" Cavalry Corps$"), " Cav"),
    (re.compile(r" Mountain Corps$"), " Mtn"),
    (re.compile(r" Shock Army$"), " Shock"),
    (re.compile(r" Corps$"), ""),
    (re.compile(r" Army$"), " A"),
)


@cache
def short_name(name: str) -> str:
    """A unit's name as short as its counter prints it: "10th Guards Army" -> "10 Guards A".

    >>> short_name("3rd Shock Army"), short_name("XLVIII Panzer Corps"), short_name("Zhukov")
    ('3 Shock', 'XLVIII Pz', 'Zhukov')
    """
    return shortened(name, _SHORT)


def counters(R: Rules, state: State) -> list[CounterView]:
    """The counters on the map: the face in use (SNO 10.1, 10.3, 10.4.8, 10.6.7: a
    flipped unit shows its back face's factors, named), and the markers on each
    (dispersed, fortified, HAB 10.2, overrun 5.4, Blitz 5.4.1b, out of fuel 5.3.4)."""
    marked = _markers(state)
    with reading(state):  # SNO 9.0: a combat unit that cannot trace a supply line now
        cut = {u for side in SIDES for u, ok in supply.status(R, state, side).items() if not ok}
    out = []
    for uid, d in sorted(state["units"].items()):
        if d["at"] in BOXES:
            continue
        unit = R.unit(uid)
        cf = combat_factor(R, state, uid)
        mf = movement_factor(R, uid, state)
        factors = "" if unit.front is None else (f"{cf}-{mf}" if mf else str(cf))
        markers = tuple(m for m in ("dispersed", "fortified") if d.get(m))
        markers += ("out of supply",) if uid in cut else ()
        out.append(
            CounterView(
                uid,
                d["at"],
                unit.side,
                unit.nationality,
                SYMBOLS.get(unit.type, "infantry"),
                factors,
                label=unit.name,
                markers=markers + marked.get(uid, ()),
                marker_codes=tuple(MARKER_CODES.get(m, m) for m in markers + marked.get(uid, ())),
                short=short_name(unit.name),
                face=_face_name(unit) if d.get("flipped") and unit.back else "",
                colour=colour_of(COUNTER_COLOURS, unit.nationality, unit.side),
                shapes=OWN_SYMBOLS.get(unit.type, ()),
            )
        )
    return out


def describe_phase(state: State) -> dict[str, Any]:
    """The month and phase for people, and the rule (SNO 1.0); the weather (6.1)."""
    shown: dict[str, Any] = {
        "title": "",
        "rule": None,
        "weather": state.get("weather"),
        "weather_rule": "SNO 6.1",
    }
    if state.get("phase") and state.get("turn"):
        d = describe(state)
        shown |= {k: d[k] for k in ("title", "turn_title", "phase_title", "rule", "setup")}
    return shown


def off_map(R: Rules, state: State, sides: Iterable[str]) -> list[dict[str, Any]]:
    """The units off the map by box (SNO 11.7, 11.15; 10.1.2, 10.5.5), each drawn as
    the counter it would be (its front face)."""
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for uid, d in sorted(state["units"].items()):
        box = d["at"]
        if box not in BOX_TITLES:
            continue
        unit = R.unit(uid)
        front = unit.front
        factors = "" if front is None else f"{front.cf}-{front.mf}" if front.mf else f"{front.cf}"
        view = CounterView(
            uid,
            box,
            unit.side,
            unit.nationality,
            SYMBOLS.get(unit.type, "infantry"),
            factors,
            label=unit.name,
            colour=colour_of(COUNTER_COLOURS, unit.nationality, unit.side),
            shapes=OWN_SYMBOLS.get(unit.type, ()),
            short=short_name(unit.name),
        )
        entry: dict[str, Any] = {"id": uid, "name": unit.name, "counter": view}
        if box == "reserve" and getattr(unit, "reinforcement", None):
            entry["turn"] = unit.reinforcement
        found.setdefault((box, unit.side), []).append(entry)
    return [
        {"box": box, "title": title, "side": side, "units": found[(box, side)]}
        for box, title in BOX_TITLES.items()
        for side in sides
        if (box, side) in found
    ]


def selected_unit(state: State) -> str | None:
    """The unit picked to move in the Operational Movement Phase (SNO 5.1.2), or to set
    up elsewhere (12.A(3): deployment's pending pick)."""
    p = state.get("pending")
    if isinstance(p, dict) and p.get("kind") == "setup_pick" and p.get("unit"):
        return str(p["unit"])
    rec = state.get("omp")
    if rec and rec.get("turn") == state.get("turn") and rec.get("phase") == state.get("phase"):
        sel = rec.get("selected")
        return str(sel) if sel else None
    return None


def overlay(R: Rules, state: State, kind: str, side: str) -> dict[str, Any]:
    """Supply (SNO 9.0-9.2: the hexes a supply line of the side's nationalities reaches,
    and each combat unit in or out of supply, with its line: supply_lines.py), ZOC (3.1)
    and city control (3.2)."""
    out: dict[str, Any] = {"hexes": {}, "units": {}}
    with reading(state):
        if kind == "control":
            out["hexes"] = {h: s for h, s in (state.get("control") or {}).items() if s}
        elif kind == "zoc":
            out["hexes"] = {h: side for h in sorted(zoc.zoc(R, state, side))}
        elif kind == "supply":
            status = supply.status(R, state, side)
            hexes: set[str] = set()
            for nationality in sorted({R.unit(u).nationality for u in status}):
                hexes |= supply.supplied_area(R, state, side, nationality)
            out["hexes"] = {h: side for h in sorted(hexes)}
            out["units"] = dict(sorted(status.items()))
            out["lines"] = supply_lines.lines(R, state, side)  # SNO 9.1.1-9.1.2
    return out


def decision_view(state: State, side: str | None) -> dict[str, Any] | None:
    """An attack or overrun being declared (SNO 7.1.9-7.1.11: the draft of the combat
    plan; 5.4: the overrun's draft): its attackers and its defenders' hexes, lit."""
    plan = _plan_view(state)
    p = state.get("pending")
    if isinstance(p, dict):
        shown = _pending_view(state, p)
        return {**shown, "plan": plan} if shown is not None and plan else shown
    c = state.get("combat")
    kind, draft = "overrun", state.get("overrun_draft")
    if not draft:
        kind, draft = "attack", c.get("draft") if isinstance(c, dict) else None
    if not draft:  # the plan declared so far, numbered (SNO 7.1.11)
        return (
            {"kind": "attack", "side": side, "targets": [], "attackers": [], "plan": plan}
            if plan
            else None
        )
    units = state["units"]
    out = {
        "kind": kind,
        "side": side,
        "targets": sorted({units[u]["at"] for u in draft["defenders"] if u in units}),
        "attackers": list(draft["attackers"]),
    }
    return {**out, "plan": plan} if plan else out


def _plan_view(state: State) -> list[dict[str, Any]]:
    """SNO 7.1.11: the attacks of the Combat Phase's plan, by their numbers: the attackers,
    the hexes attacked (where the defenders stood when declared) and whether resolved."""
    c = state.get("combat")
    if not isinstance(c, dict):
        return []
    return [
        {
            "n": a["id"],
            "attackers": list(a["attackers"]),
            "targets": sorted({h for h in a["where"].values() if h}),
            "done": bool(a["done"]),
        }
        for a in c.get("plan") or ()
    ]


#: the boxes shown beside the map, in this order, with their titles.
BOX_TITLES = {
    "reserve": "Reinforcements to come",
    "dead": "Eliminated (may return as replacements)",
    "lost": "Eliminated for good",
    "pool": "Not yet in play (replacements)",
}
#: what a flipped counter's back face is, by counter type (SNO 10.1, 10.3, ...).
_BACK_FACES = {
    "front": "weaker side", "shock": "weaker side", "armor": "unrefitted",
    "armored_infantry": "unrefitted", "armored_cavalry": "unrefitted",
    "factory": "entrained", "zhukov": "AD side",
}  # fmt: skip


def chart_tables(tec: Any) -> list[dict[str, Any]]:
    """the TEC's three parts as the browser's chart tables."""

    def name(key: str) -> str:
        return key.replace("_", " ").capitalize()

    def rebuilt(row: Any) -> str:
        if not row.reconstructed:
            return ""
        cells = "" if row.reconstructed is True else " (" + ", ".join(row.reconstructed) + ")"
        return f"reconstructed{cells}: {row.why}"

    def row(cells: list[str], r: Any) -> dict[str, Any]:
        return {"cells": cells, "rule": r.source or tec.source, "reconstructed": rebuilt(r)}

    hexes = [
        row([name(r.terrain), *(str(r.move[c]) for c in tec.classes), "; ".join(r.combat)], r)
        for r in tec.hexes
    ]
    sides = [
        row(
            [
                name(r.side),
                r.move + (f" (+{r.extra_mp} MP)" if r.extra_mp else ""),
                "; ".join(r.combat),
            ],
            r,
        )
        for r in tec.hexsides
    ]
    places = [
        row([name(r.place), "; ".join(r.combat) or "no effect", str(r.replacement_limit)], r)
        for r in tec.places
    ]
    who = "; ".join(f"{c}: " + ", ".join(sorted(u for u, k in tec.unit_class.items() if k == c))
                    for c in tec.classes)  # fmt: skip
    return [
        {"id": "terrain", "title": "Terrain effects: hexes", "rule": "SNO 5.5",
         "columns": ["Terrain", *(name(c) for c in tec.classes), "Combat"],
         "note": f"MPs to enter the hex by movement class ({who}).", "rows": hexes},
        {"id": "hexsides", "title": "Terrain effects: hexsides", "rule": "SNO 5.5",
         "columns": ["Hexside", "Movement", "Combat"], "note": "", "rows": sides},
        {"id": "places", "title": "Cities and towns", "rule": "SNO 5.6",
         "columns": ["Place", "Combat", "Replacement limit (11.8)"], "note": "", "rows": places},
    ]  # fmt: skip


def _pending_view(state: State, p: dict[str, Any]) -> dict[str, Any] | None:
    """the hexes a combat decision is about, lit: the retreating units' hexes
    (7.3.6), the hexes an advance may enter (7.7.3a), the besieged city (9.4.2.2)."""
    units = state["units"]
    at = [units[u]["at"] for u in p.get("units") or () if u in units]
    kind = p.get("kind")
    if kind == "retreat":
        targets = at
    elif kind == "advance":
        targets = list(p.get("vacated") or ())
    elif kind == "siege" and p.get("city"):
        targets = [p["city"]]
    else:
        return None
    out = {"kind": kind, "side": p.get("side"), "targets": sorted(set(targets))}
    if kind == "advance":
        out["attackers"] = list(p.get("units") or ())
    return out


def _face_name(unit: Any) -> str:
    if getattr(unit, "juggernaut", False):
        return "weaker side"
    return _BACK_FACES.get(unit.type, "back")


def _markers(state: State) -> dict[str, tuple[str, ...]]:
    """unit id -> the part-2 markers on it: HAB (10.2), overrun (5.4), Blitz
    (5.4.1b), out of fuel (5.3.4)."""
    out: dict[str, list[str]] = {}
    for uid in state.get("hab") or ():
        out.setdefault(uid, []).append("HAB")
    for o in state.get("overruns") or ():
        for uid in [*o.get("attackers", ()), *o.get("defenders", ())]:
            out.setdefault(uid, []).append("overrun")
    for uid in state.get("blitz") or ():
        out.setdefault(uid, []).append("Blitz")
    for uid in state.get("fuel_short") or ():
        out.setdefault(uid, []).append("no fuel")
    return {u: tuple(m) for u, m in out.items()}


# ------------------------------------------------------------------ combat explained
def result_meanings(crts: Any) -> dict[str, str]:
    """What each combat result does, keyed by its code, as the odds box shows it
    (data/crt.toml ``[[results]]``; SNO 7.3)."""
    return {
        code: f"{name}: {meaning} (SNO {rule})"
        for code, (name, meaning, rule) in crts.meanings.items()
    }


def roll_way(state: State, action: Any, crts: Any) -> str | None:
    """The way a ``roll`` resolves its battle, what that means and which the rules prefer
    (data/crt.toml ``[[choices]]``; SNO 5.4.1, 5.4.9, 7.5.1)."""
    from .combat import plan as plan_mod
    from .combat.resolve import _attack

    if action.verb != "roll" or not action.args:
        return None
    attack = _attack(state, int(action.args[0]))
    if attack is None:
        return None
    kind, flags = attack.get("kind"), action.args[1:]
    way = (
        "Overrun" if kind == plan_mod.OVERRUN
        else "Overrun/Blitz CRT" if kind == plan_mod.BLITZ or "ob" in flags
        else "Exchange Conversion" if "ec" in flags
        else "Assault CRT"
    )  # fmt: skip
    for choice, meaning, preferred, rule in crts.choices:
        if choice == way:
            return f"{choice}: {meaning} {preferred} (SNO {rule})"
    return None


def _rule(rule: str) -> str:
    """'7.3.1, 7.3.4' -> 'SNO 7.3.1, 7.3.4' (the chart links the first)."""
    return "SNO " + rule


def combat_tables(crts: Any) -> list[dict[str, Any]]:
    """The result codes, the four CRTs, their Combat Options sections and the ways a battle
    may be resolved, as the browser's chart tables (data/crt.toml; SNO 5.4, 7.2-7.6)."""
    out: list[dict[str, Any]] = [
        {"id": "results", "title": "Combat results", "rule": "SNO 7.3",
         "columns": ["Result", "Name", "What it does"],
         "note": "Strengths are the modified ones, after terrain (7.3.8). Where units must "
                 "be chosen, their owner chooses (7.3.5).",
         "rows": [{"cells": [code, name, meaning], "rule": _rule(rule)}
                  for code, (name, meaning, rule) in crts.meanings.items()]},
        {"id": "choices", "title": "Ways to resolve a battle", "rule": "SNO 5.4.9",
         "columns": ["Way", "What it means", "When the rules take it"],
         "note": "Where one battle may be resolved more than one way.",
         "rows": [{"cells": [c, meaning, preferred], "rule": _rule(rule)}
                  for c, meaning, preferred, rule in crts.choices]},
    ]  # fmt: skip
    for t in crts.tables.values():
        kind = "Assault" if t.kind == "assault" else "Overrun/Blitz"
        note = f"Die roll down, odds across. Below {t.columns[0]}: {t.below_lowest}."
        if t.overrun_from:
            note += f" Overrun from {t.overrun_from}. Results are never converted (7.5)."
        out.append(
            {"id": "crt-" + t.id, "title": f"{t.name} ({kind}, {t.side.capitalize()})",
             "rule": "SNO " + (t.rules[0] if t.rules else "7.2.1"),
             "columns": ["Die", *t.columns], "note": note + " Reconstructed: the printed "
             "table is not public; see docs/data/sno-tables.md.",
             "rows": [{"cells": [str(d), *t.rows[d]], "rule": "SNO 7.2.1"} for d in sorted(t.rows)]}
        )  # fmt: skip
        if t.id in crts.options:
            conv = crts.options[t.id]
            out.append(
                {"id": "options-" + t.id, "title": f"{t.name}: Combat Options", "rule": "SNO 7.5",
                 "columns": ["Result read", "Exchange Conversion", "No Retreat", "Both"],
                 "note": "The Assault result is read, then converted under the heading in force.",
                 "rows": [{"cells": [r, c["exchange"], c["no_retreat"], c["both"]],
                           "rule": "SNO 7.5.1, 7.5.3, 7.6.3",
                           "reconstructed": "docs/data/sno-tables.md §3"}
                          for r, c in conv.items()]}
            )  # fmt: skip
    return out


def weather_table(tables: Any) -> dict[str, Any]:
    """The weather table (data/tables.toml ``[weather]``; SNO 6.1, 14.55)."""
    w = tables.spec.weather

    def then(d: Any) -> str:
        return ", ".join(f"{m}: {x}" for m, x in d.items())

    rows = [{"cells": ["fixed", "", then(w.fixed)], "rule": "SNO 6.1.2"}]
    rows += [{"cells": ["October roll", r.die, f"October: {r.october}; " + then(r.then)
                        + ("; roll again in April" if r.april_roll else "")], "rule": "SNO 6.1.3"}
             for r in w.october]  # fmt: skip
    rows += [{"cells": ["April roll", r.die, f"April: {r.april}; " + then(r.then)],
              "rule": "SNO 6.1.3b"} for r in w.april]  # fmt: skip
    rows += [{"cells": ["May 1941 (option)", r.die, r.weather], "rule": r.source or w.source}
             for r in w.may_1941]  # fmt: skip
    return {"id": "weather", "title": "Weather", "rule": "SNO 6.1",
            "columns": ["When", "Die", "Weather"], "note": "", "rows": rows}  # fmt: skip


def replacement_table(tables: Any) -> dict[str, Any]:
    """The replacement factors a side receives each month (data/tables.toml
    ``[replacements]``; SNO 11.10-11.14, options 14.6-14.8)."""
    r = tables.spec.replacements

    def years(d: dict[str, int]) -> str:
        return ", ".join(f"{y}: {n}" for y, n in d.items())

    rows = [
        {"cells": ["Soviet", "Siberia, by year", years(r.soviet_siberia)], "rule": "SNO 11.10"},
        {"cells": ["Soviet", "per factory held", str(r.soviet_per_factory)], "rule": "SNO 11.10"},
        {"cells": ["Soviet", "per Victory city held", str(r.soviet_per_victory_city)],
         "rule": "SNO 11.10"},
        {"cells": ["Axis", "base, by year", years(r.axis_base)], "rule": "SNO 11.12"},
        {"cells": ["Axis", "base with option 14.6, by year", years(r.axis_daring_base)],
         "rule": "SNO 14.62"},
        {"cells": ["Axis", "per pair of Soviet Victory cities held (Moscow two)",
                   str(r.axis_per_soviet_victory_city_pair)], "rule": "SNO 11.13"},
        {"cells": ["Axis", "at most", r.axis_cap], "rule": "SNO 11.14"},
        {"cells": ["Soviet", "partisans per pair of Soviet Victory cities (option 14.8)",
                   str(r.partisans_per_soviet_victory_city_pair)], "rule": "SNO 14.83"},
    ]  # fmt: skip
    return {"id": "replacements", "title": "Replacements (RFs a month)", "rule": "SNO 11.10",
            "columns": ["Side", "Source", "RFs"], "note": "", "rows": rows}  # fmt: skip


# ------------------------------------------------------------------ the unit card
#: What each marker means for the unit under it, in our words, with its rule.
MARKER_NOTES = {
    "dispersed": ("may not move nor fortify this player-turn", "SNO 11.6"),
    "fortified": ("defends only and may not move; attacks on it are limited", "SNO 10.7"),
    "HAB": ("heavy artillery: extra factors attacking an adjacent hex if it stays put",
            "SNO 10.2"),
    "overrun": ("in an overrun declared this phase: the defenders have no ZOC", "SNO 5.4"),
    "Blitz": ("in a Blitz attack, resolved on the Overrun/Blitz CRT", "SNO 5.4.1"),
    "no fuel": ("fuel shortage: movement factor cut for this OMP", "SNO 5.3.4"),
    "out of supply": ("no supply line now: isolated if still cut at the end of its Combat "
                      "Phase", "SNO 9.0"),
}  # fmt: skip
#: The special rules a kind of unit follows, in our words.
TYPE_NOTES = {
    "front": ("a Juggernaut: breaks down into armies, never a replacement", "SNO 10.1"),
    "shock": ("a shock army: Heavy Artillery Bonus when it attacks without moving", "SNO 10.2"),
    "armor": ("armor: refitted or unrefitted side; refits standing still in supply", "SNO 10.3"),
    "armored_infantry": ("armor: refitted or unrefitted side", "SNO 10.3"),
    "armored_cavalry": ("armor: refitted or unrefitted side", "SNO 10.3"),
    "factory": ("a factory: produces 1 RF a month; moves only by evacuation", "SNO 10.4"),
    "garrison": ("a garrison: never moves nor attacks; never replaced", "SNO 10.5"),
    "zhukov": ("Zhukov: shifts Axis attacks on units in or next to his hex", "SNO 10.6"),
}  # fmt: skip


def unit_card(R: Rules, state: State, uid: str, sides: Iterable[str]) -> dict[str, Any] | None:
    """What the unit card shows of one unit: its type, factors and face, where it is, its
    markers (what each does), its supply (SNO 9.0) and whether it stands in an enemy ZOC
    (3.1), and the special rules of its kind (10.1-10.6) and those naming it."""
    d = state["units"].get(uid)
    if d is None:
        return None
    unit = R.unit(uid)
    at = d["at"]
    lines: list[dict[str, Any]] = [
        {"label": "Type", "value": unit.type.replace("_", " ").capitalize(), "rule": "SNO 3.4"}
    ]
    on_map = at not in BOXES
    if unit.front is not None:
        printed = f"{unit.front}" + (f" / back {unit.back}" if unit.back else "")
        lines.append({"label": "Printed", "value": printed, "rule": None})
    flipped = bool(d.get("flipped") and unit.back)
    if on_map and unit.front is not None:
        with reading(state):
            cf, mf = combat_factor(R, state, uid), movement_factor(R, uid, state)
        lines.append({"label": "Combat factor", "value": str(cf), "rule": "SNO 7.0"})
        lines.append({"label": "Movement factor", "value": str(mf), "rule": "SNO 5.1"})
    if flipped:
        lines.append({"label": "Face", "value": _face_name(unit), "rule": None})
    where = f"hex {at}" if on_map else BOX_TITLES.get(at, at)
    lines.append({"label": "Where", "value": where, "rule": None})
    supplied = None
    if on_map and unit.is_combat:
        enemy = next((s for s in sides if s != unit.side), unit.side)
        with reading(state):
            supplied = supply.status(R, state, unit.side).get(uid)
            in_zoc = at in zoc.zoc(R, state, enemy)
        if supplied is not None:
            value = "in supply" if supplied else "out of supply"
            lines.append({"label": "Supply", "value": value, "rule": "SNO 9.0"})
        lines.append(
            {"label": "Enemy ZOC", "value": "in an enemy ZOC" if in_zoc else "none",
             "rule": "SNO 3.1"}
        )  # fmt: skip
    markers = tuple(m for m in ("dispersed", "fortified") if d.get(m))
    markers += ("out of supply",) if on_map and unit.is_combat and supplied is False else ()
    markers += _markers(state).get(uid, ())
    status = [
        {"name": m, "code": MARKER_CODES.get(m, m), "note": MARKER_NOTES.get(m, ("", None))[0],
         "rule": MARKER_NOTES.get(m, ("", None))[1]}
        for m in markers
    ]  # fmt: skip
    rules = []
    if unit.type in TYPE_NOTES:
        text, rule = TYPE_NOTES[unit.type]
        rules.append({"text": text, "rule": rule})
    elif unit.juggernaut:
        rules.append({"text": TYPE_NOTES["front"][0], "rule": TYPE_NOTES["front"][1]})
    if unit.replacement_cost is not None:
        rules.append({"text": f"returns as a replacement for {unit.replacement_cost} RF",
                      "rule": "SNO 11.5"})  # fmt: skip
    named = [r for r in unit.rules if not any(r == x["rule"].removeprefix("SNO ") for x in rules)]
    rules += [{"text": "a rule made for this unit", "rule": "SNO " + r} for r in named]
    return {
        "id": uid,
        "title": unit.title,
        "side": unit.side,
        "lines": lines,
        "status": status,
        "rules": rules,
    }
