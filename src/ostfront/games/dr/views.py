"""What interfaces show of a Defiant Russia position beyond the counters: the phase's title,
the units off the map, the short names counters print, the supply, ZOC and control overlays
with each unit's supply line, and what a roll's outcome counts. The
game's protocol hooks (:class:`~ostfront.games.dr.game.DefiantRussia`) answer from here;
everything only reads a state.

**Supply lines** (DR 5.0): a unit is in supply when a path of at most three hexes (two for
non-Finnish Axis units in Snow, 5.2) joins its hex to a rail line that leads to its sources
(Berlin or Vienna; the east edge, Saratov or Grozny for the Soviets; Helsinki for Finns
outside Finland, 5.3; Istanbul, Berlin or Vienna for Turks, 12.5C). The engine answers
*whether* (:func:`supply.in_supply`); :class:`SupplyLines` finds *which* path, with the same
searches the engine makes - a breadth-first search out from the rail network over the same
hexes (:func:`supply.blocked_hexes`: no enemy unit or enemy ZOC unless a friendly unit stands
there; :func:`supply.passable`; no sea or unfrozen lake hexside), then back along the rail
line (the rail hexes :func:`supply.rail_network` joins to a source) to the nearest source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, cast

from ...core.drawing import colour_of
from ...core.memo import facts_of
from ...core.paths import search, walk_back
from ...core.protocol import Action, CounterView
from ...core.units import changed_records, shortened
from . import sequence, supply, zoc
from .air import fleet_strength
from .counters import COUNTER_COLOURS, SYMBOLS
from .rules import BOXES, State, hex_of, printed, reading
from .setting_up import option_rules
from .zoc import country

#: What each supply kind's sources are called (DR 5.0, 5.3, 12.5C).
SOURCE_NAMES = {
    "axis": "Berlin or Vienna",
    "soviet": "the east edge, Saratov or Grozny",
    "finnish": "Helsinki",
    "turkish": "Istanbul, Berlin or Vienna",
}

#: How unit names are shortened to fit the top of a counter, as the printed counters do.
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


@cache
def short_name(name: str) -> str:
    """A unit's name as short as its counter prints it: "XXIV Panzer Corps" -> "XXIV Pz".

    >>> short_name("23rd Army"), short_name("XXIV Panzer Corps"), short_name("Guderian")
    ('23 A', 'XXIV Pz', 'Guderian')
    """
    return shortened(name, _SHORT)


#: Counter views kept (every unit in each of the few places and faces it shows in a game).
COUNTER_VIEWS = 8192


@lru_cache(maxsize=COUNTER_VIEWS)
def _counter_view(
    uid: str,
    unit: tuple[str, str, str, str],
    at: str,
    factors: str,
    reduced: bool,
    markers: tuple[str, ...],
) -> CounterView:
    name, side, nationality, kind = unit
    return CounterView(
        uid,
        at,
        side,
        nationality,
        SYMBOLS.get(kind, "infantry"),
        factors,
        label=name,
        reduced=reduced,
        short=short_name(name),
        markers=markers,
        colour=colour_of(COUNTER_COLOURS, nationality, side),
    )


def counter_view(
    R: Any, uid: str, at: str, factors: str, reduced: bool, markers: tuple[str, ...]
) -> CounterView:
    """A unit's counter as drawn at ``at`` (a hex or a box) with the factors it shows: kept,
    so a view of the next position makes only the counters that changed."""
    unit = R.unit(uid)
    key = (unit.name, unit.side, unit.nationality, unit.type)
    return _counter_view(uid, key, at, factors, reduced, markers)


#: The holding boxes shown beside the map, in this order, with their titles.
BOX_TITLES = {
    "unplaced": "To set up",
    "reserve": "Reinforcements to come",
    "dead": "Eliminated (may be rebuilt)",
    "lost": "Eliminated for good",
    "removed": "Withdrawn",
}


# ------------------------------------------------------------------ phase, actions
#: What :func:`describe_phase` passes on from the sequence's description of the phase.
PHASE_SHOWN = ("title", "turn_title", "phase_title", "rule", "setup")


def describe_phase(state: State) -> dict[str, Any]:
    """The turn and phase for people (DR 4.0), the weather (8.0) and each side's points
    pools (air, replacement and rail points)."""
    pools = state.get("pools")
    shown: dict[str, Any] = {
        "title": "",
        "rule": None,
        "weather": state.get("weather"),
        "weather_rule": "DR 8.0",
        "pools": pools if isinstance(pools, dict) else {},
    }
    if state.get("phase"):
        d = sequence.describe(state)
        shown |= {k: d[k] for k in PHASE_SHOWN}
    return shown


def selected_unit(state: State) -> str | None:
    """The unit picked to move (DR 6.0), or to set up (DR 3.0: set-up's pending pick)."""
    p = state.get("pending")
    if isinstance(p, dict) and p.get("kind") == "setup_pick" and p.get("unit"):
        return str(p["unit"])
    mv = state.get("movement")
    if isinstance(mv, dict) and mv.get("phase") == f"{state.get('turn')}:{state.get('phase')}":
        sel = mv.get("selected")
        return str(sel) if sel else None
    return None


def outcome_names(action: Action, width: int) -> list[str]:
    if action.verb == "roll" and width == 2:
        return ["Hits on the defender", "Hits on the attacker"]
    if action.verb == "airstrike":
        return ["Hits on the fleet"]
    return [f"Outcome {i + 1}" for i in range(width)]


#: A battle's dice as DR logs them: "attacker: 5 dice hitting on 5-6" (DR 7.1.1).
_HITS = re.compile(r"^(attacker|defender):.*hitting on (\d)")


def roll_hits(entry: Mapping[str, Any]) -> dict[str, int] | None:
    """The hits a logged roll scored on each side: each die at or above the number the
    group hits on scores one against the other side (DR 7.1.1); None if not a battle's."""
    hits = {"defender": 0, "attacker": 0}
    battle = False
    for r in entry.get("rolls") or ():
        m = _HITS.match(str(r.get("why", "")))
        if not m:
            continue
        battle = True
        target = "defender" if m.group(1) == "attacker" else "attacker"
        hits[target] += sum(1 for d in r.get("dice", ()) if d >= int(m.group(2)))
    return hits if battle else None


# ------------------------------------------------------------------ off the map
def off_map(R: Any, state: State, sides: Iterable[str]) -> list[dict[str, Any]]:
    """The units off the map (to set up, to arrive, eliminated), by box and side, each with
    the counter it would show on the map (a reduced unit eliminated stays reduced). Kept:
    the same units in the same boxes and faces, under the same rules, options and sides,
    are the same boxes (the list itself, never changed by its readers) - they change
    seldom (a unit set up, arrived, eliminated), while a view is asked after every move."""
    units = state.get("units")
    if not isinstance(units, dict):
        return []
    here = sorted(
        (uid, d.get("at"), bool(d.get("reduced")))
        for uid, d in units.items()
        if d.get("at") in BOX_TITLES
    )
    key = (tuple(option_rules(state)), tuple(sides), tuple(here))
    kept = facts_of(R).get(_OFF_MAP)
    if kept is None:
        kept = facts_of(R)[_OFF_MAP] = {}
    found = kept.get(key)
    if found is not None:
        return cast("list[dict[str, Any]]", found)
    out = _off_map(R, state, key[1], here)
    if len(kept) >= _OFF_MAP_KEPT:
        kept.clear()
    kept[key] = out
    return out


#: Where :func:`off_map` keeps its answers with the rules (``core.memo.facts_of``), by what
#: they are made of, all dropped when full.
_OFF_MAP = "views.off_map"
_OFF_MAP_KEPT = 256


def _off_map(
    R: Any, state: State, sides: tuple[str, ...], here: list[tuple[str, Any, bool]]
) -> list[dict[str, Any]]:
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for uid, box, reduced in here:
        unit = R.unit(uid)
        s, m = printed(R, state, uid)
        factors = "" if unit.full is None else (str(s) if unit.type == "fleet" else f"{s}-{m}")
        view = counter_view(R, uid, str(box), factors, reduced, ())
        entry: dict[str, Any] = {"id": uid, "name": unit.name, "counter": view}
        if box == "reserve":
            entry["turn"] = unit.arrival_turn(option_rules(state))
        found.setdefault((box, unit.side), []).append(entry)
    out = []
    for box, title in BOX_TITLES.items():
        for side in sides:
            units = found.get((box, side))
            if units:
                out.append({"box": box, "title": title, "side": side, "units": units})
    return out


# ------------------------------------------------------------------ on the map
def on_map(R: Any, state: State) -> list[CounterView]:
    """The counters on the map, in unit order, each showing its face's factors (a Fleet's
    combat factor, DR 11.5.3) and whether it is out of supply. Kept unit by unit by what
    a counter is made of - the rules, the unit, its hex, its face and its supply marker -
    so the view after a move makes only the counters of the units that changed; a units
    table of the same units as the last one read is gone through only where its records
    are not the last one's (a record is replaced, never changed: ``rules.set_unit``), and
    one whose records are all the last one's is answered with the same list."""
    kept = facts_of(R).get(_ON_MAP)
    if kept is None:
        kept = facts_of(R)[_ON_MAP] = ({}, [None])
    views, read = cast(
        "tuple[dict[str, tuple[tuple[Any, ...], CounterView]], list[_Read | None]]", kept
    )
    last = read[0]
    ids, records, changed = changed_records(state["units"], last[:2] if last else None)
    if last is not None and changed is not None:
        _, _, order, shown, out = last
        if not changed:
            return out
        shown = list(shown)
        for i in changed:
            shown[i] = _kept_view(R, state, views, ids[i], records[i])
    else:
        order = sorted(range(len(ids)), key=ids.__getitem__)
        shown = [_kept_view(R, state, views, uid, d) for uid, d in zip(ids, records, strict=True)]
    out = list(filter(None, map(shown.__getitem__, order)))
    read[0] = (ids, records, order, shown, out)
    return out


#: Where :func:`on_map` keeps its counters with the rules (``core.memo.facts_of``): unit by
#: unit with what each was made of, and the units table last read (its ids and records in
#: the table's order, the order of the ids sorted, each unit's counter or None off the map,
#: the list answered; a tuple replaced whole).
_ON_MAP = "views.on_map"
_Read = tuple[tuple[str, ...], list[Any], list[int], list[CounterView | None], list[CounterView]]


def _kept_view(
    R: Any,
    state: State,
    views: dict[str, tuple[tuple[Any, ...], CounterView]],
    uid: str,
    d: Mapping[str, Any],
) -> CounterView | None:
    """The unit's counter on the map (None off it), kept by what it is made of."""
    at = d["at"]
    if at in BOXES:
        return None
    made = (at, d["reduced"], d.get("oos"))
    found = views.get(uid)
    if found is None or found[0] != made:
        found = views[uid] = (made, _on_map_view(R, state, uid, d))
    return found[1]


def _on_map_view(R: Any, state: State, uid: str, d: Mapping[str, Any]) -> CounterView:
    unit = R.unit(uid)
    s, m = printed(R, state, uid)
    if unit.type == "fleet":
        s = fleet_strength(R, state, uid)
    factors = "" if unit.full is None else (str(s) if unit.type == "fleet" else f"{s}-{m}")
    markers = ("out of supply",) if d.get("oos") else ()
    return counter_view(R, uid, d["at"], factors, bool(d["reduced"]), markers)


# ------------------------------------------------------------------ supply lines
class SupplyLines:
    """Each supply kind's searches for one position and side, made once and shared by its
    units (call inside :func:`ostfront.games.dr.rules.reading`)."""

    def __init__(self, R: Any, state: State, side: str) -> None:
        self.R, self.state, self.side = R, state, side
        self.blocked = supply.blocked_hexes(R, state, side)
        self._kinds: dict[str, tuple[dict[str, str | None], dict[str, str | None], int]] = {}

    def _open(self, a: str, b: str) -> bool:
        return b not in self.blocked and supply.passable(self.R, self.state, b)

    def _no_water(self, a: str, b: str) -> bool:
        # the engine's own test (a sea hexside, or a lake one unless frozen, 8.3.4)
        return not supply._water_between(self.R, self.state, a, b)

    def searches(self, kind: str) -> tuple[dict[str, str | None], dict[str, str | None], int]:
        """(rail: network hex -> the rail hex towards a source, path: supplied hex -> the hex
        towards the network, the path's length) for one supply kind."""
        if kind not in self._kinds:
            R, state = self.R, self.state
            starts = {h for h in supply.sources(R, self.side, kind, state) if h not in self.blocked}
            rail = search(starts, R.map.rail_neighbours, self._open)
            length = supply.path_length(R, state, self.side, kind)
            path = search(
                rail,
                R.map.grid.neighbours,
                lambda a, b: self._open(a, b) and self._no_water(a, b),
                limit=length,
            )
            self._kinds[kind] = (rail, path, length)
        return self._kinds[kind]

    def line(self, uid: str) -> dict[str, Any]:
        """One unit's supply: ``ok`` (as :func:`supply.in_supply` says), the ``path`` from its
        hex to the rail line (the unit's hex first, the rail hex last), the ``rail`` line from
        there to a ``source``, a ``note`` when no path is needed or none is found, and the
        ``text`` people read."""
        out = self._line(uid)
        out["text"] = line_text(self.R, out)
        return out

    def _line(self, uid: str) -> dict[str, Any]:
        R, state = self.R, self.state
        here = hex_of(state, uid)
        ok = supply.in_supply(R, state, uid)
        kind = supply.supply_kind(R, uid)
        out: dict[str, Any] = {"ok": ok, "kind": kind, "path": [], "rail": [], "source": None}
        if here is None:
            return out
        unit = R.unit(uid)
        place = R.map.place(here)
        if unit.nationality == "finnish" and country(R, here) == "Finland":
            out["note"] = "in supply anywhere in Finland (DR 5.3)"
            return out
        if (
            unit.side == "soviet"
            and place is not None
            and place.name == "Leningrad"
            and here not in state.get("fortress_lost", [])
        ):
            out["note"] = "Leningrad, a fortress, is always in supply (DR 10.1.5A)"
            return out
        rail, path, length = self.searches(kind)
        if here not in path:
            out["note"] = (
                f"no path of {length} hexes or fewer to a rail line that leads to "
                f"{SOURCE_NAMES.get(kind, 'a source')} (DR 5.0)"
            )
            return out
        out["path"] = walk_back(path, here)
        out["rail"] = walk_back(rail, out["path"][-1])
        out["source"] = out["rail"][-1]
        return out


def line_text(R: Any, line: dict[str, Any]) -> str:
    """A supply line in words: 'in supply: 2 hexes to the rail line at 1204, by rail to
    Berlin (DR 5.0)'."""
    if not line["ok"]:
        return "out of supply: " + str(line.get("note") or "no supply path")
    if not line["path"]:
        return str(line.get("note") or "in supply")
    steps = len(line["path"]) - 1
    place = R.map.place(line["source"]) if line["source"] else None
    by = f"by rail to {place.name if place is not None else line['source'] or 'a source'}"
    if not steps:
        return f"in supply: on a rail line, {by} (DR 5.0)"
    hexes = f"{steps} hex{'es' if steps > 1 else ''}"
    return f"in supply: {hexes} to the rail line at {line['path'][-1]}, {by} (DR 5.0)"


def supply_lines(R: Any, state: State, side: str) -> dict[str, dict[str, Any]]:
    """Every ground unit of ``side`` on the map -> :meth:`SupplyLines.line`."""
    out: dict[str, dict[str, Any]] = {}
    with reading(state):
        lines = SupplyLines(R, state, side)
        for uid, d in sorted(state.get("units", {}).items()):
            unit = R.unit(uid)
            if unit.side == side and unit.is_ground and str(d.get("at", "")).isdigit():
                out[uid] = lines.line(uid)
    return out


# ------------------------------------------------------------------ overlays
OVERLAYS = ("supply", "zoc", "control")


def overlay(R: Any, state: State, kind: str, side: str) -> dict[str, Any]:
    """The supply area and lines of ``side``, the ZOC of ``side``, or the control table."""
    out: dict[str, Any] = {"hexes": {}, "units": {}}
    with reading(state):
        if kind == "control":
            out["hexes"] = dict(state.get("control", {}))
        elif kind == "zoc":
            out["hexes"] = {h: side for h in sorted(zoc.zoc_of(R, state, side))}
        elif kind == "supply":
            main = "soviet" if side == "soviet" else "axis"
            out["hexes"] = {h: side for h in sorted(supply.supplied_hexes(R, state, side, main))}
            lines = supply_lines(R, state, side)
            out["units"] = {uid: line["ok"] for uid, line in lines.items()}
            out["lines"] = lines
    return out
