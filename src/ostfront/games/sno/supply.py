"""SNO 9.0-9.5 Supply: supply sources and points, supply threats, the supply line, sea and
siege supply, and the effects of isolation.

How supply is found (one side at a time, kept per arrangement of units):

1. SNO 9.3, 9.3.1 - the threat distance of every hex: the fewest hexes an enemy combat unit
   (or an enemy-controlled Major/Victory city, 9.3b) is from it, by a route that does not
   pass through a unit or ZOC of the side tracing supply (the hex reached may be one).
2. SNO 9.2, 9.2.1 - the supply distance of every hex from the nearest supply point (its
   nationality's sources, 9.1; friendly-controlled Major/Victory cities, 9.2b; ports on a
   friendly sea, 9.4.1; supplied units, 9.2c), by a route that does not pass through an
   enemy unit or an unoccupied hex in enemy ZOC (the hex reached may be one). A supply point
   in enemy ZOC is not one (9.0.2).
3. SNO 9.1.2 - a hex may carry a supply line if a friendly unit occupies it or it is closer
   to a supply point than to a threat; a unit is in supply if such hexes join it to a
   supply point, never across a sea or unfrozen lake side.
4. SNO 9.2c - every unit found in supply (and not in enemy ZOC) becomes a supply point, and
   2-3 are repeated until nothing changes.
5. SNO 9.4.1.2, 9.4.2 - units in a port in enemy ZOC on a friendly sea; siege supply.

Readings (docs/rules/sturm-nach-osten.md): units drawing siege supply are not supply points
for others (the city's six factors would otherwise feed any number); until the owner has
chosen which units a besieged city supplies, it supplies the units in the city first, then
the others, each in the order of their ids - the owner is asked (pending kind "siege") at
the end of his Combat Phase, before isolation is applied (9.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.memo import facts_of, per_components
from ...core.paths import FAR, HexIndex, grow_nearer, step_distances
from . import siege
from .control import (
    controlled_cities,
    finnish_area,
    friendly_seas,
    supply_edge,
)
from .rules import (
    Rules,
    State,
    hex_index,
    kept,
    occupancy,
    other,
    side_hexes,
)
from .weather import blocked, frozen_hexes, frozen_sides
from .zoc import overrun_silenced, zoc_table


class SupplyFacts:
    """What one side's supply determination found. The searches run over hex numbers
    (core.paths.HexIndex): distances are lists and reaches byte strings indexed by hex
    number; the views keyed by hex id (threat, distance, areas, points) are made when first
    read."""

    def __init__(
        self,
        ix: HexIndex,
        supplied: dict[str, bool],
        siege: dict[str, tuple[str, ...]],
        threat: list[int],
        distance: dict[str, list[int]],
        areas: dict[str, bytearray],
        points: frozenset[int],
    ) -> None:
        self.ix = ix
        self.supplied = supplied  # combat unit on the map -> in supply
        self.siege = siege  # besieged city -> the units trying to draw from it
        self.threat_n = threat  # hex number -> threat distance (9.3.1)
        self.distance_n = distance  # nationality -> hex number -> supply distance (9.2.1)
        self.areas_n = areas  # nationality -> 1 where a supply line reaches (9.1.2)
        self.points_n = points  # every supply point (9.2b-c, 9.4.1.1), by number
        self._views: dict[str, Any] = {}

    def _view(self, name: str, make: Callable[[], Any]) -> Any:
        found = self._views.get(name)
        if found is None:
            found = self._views[name] = make()
        return found

    @property
    def threat(self) -> dict[str, int]:
        """Hex -> threat distance (9.3.1), for the hexes a threat reaches."""
        return self._view("threat", lambda: self.ix.by_id(self.threat_n))  # type: ignore[no-any-return]

    @property
    def distance(self) -> dict[str, dict[str, int]]:
        """Nationality -> hex -> supply distance (9.2.1), for the hexes a route reaches."""
        return self._view(  # type: ignore[no-any-return]
            "distance", lambda: {n: self.ix.by_id(d) for n, d in self.distance_n.items()}
        )

    @property
    def areas(self) -> dict[str, frozenset[str]]:
        """Nationality -> the hexes its supply lines reach (9.1.2)."""
        return self._view(  # type: ignore[no-any-return]
            "areas", lambda: {n: self.ix.hexes(a) for n, a in self.areas_n.items()}
        )

    @property
    def points(self) -> frozenset[str]:
        """Every supply point found (9.2b-c, 9.4.1.1)."""
        ids = self.ix.ids
        return self._view("points", lambda: frozenset(ids[i] for i in self.points_n))  # type: ignore[no-any-return]


# ------------------------------------------------------------------ the map's facts
def land_steps(
    R: Rules, state: State, avoid: frozenset[str] = frozenset()
) -> dict[str, tuple[str, ...]]:
    """Hex -> neighbours not across a sea or unfrozen lake side (9.1.2), this month: worked
    out once for each set of frozen hexes and sides (every non-Snow month shares one).
    ``avoid``: hexes never stepped into (5.5.9's Finnish area for the Soviets): the searches
    read them out of the table instead of asking a function of every step."""
    facts, key = facts_of(R), ("land_steps", frozen_sides(R, state), frozen_hexes(R, state), avoid)
    table: dict[str, tuple[str, ...]] | None = facts.get(key)
    if table is None and avoid:
        table = {
            h: tuple(n for n in ok if n not in avoid) for h, ok in land_steps(R, state).items()
        }
        facts[key] = table
    if table is None:
        nb = R.map.grid.neighbours
        thawing, steady = _steady_steps(R, state)
        table = {
            h: tuple(n for n in nb(h) if not blocked(R, state, h, n)) if h in thawing else ok
            for h, ok in steady.items()
        }
        facts[key] = table
    return table


def _steady_steps(R: Rules, state: State) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """(the hexes whose steps a freeze can change, every hex's steps): only a lake side or a
    lake hex freezes into a way through (weather.blocked), so the steps of a hex with neither
    beside it are the same in every month - worked out once, from the first month asked."""
    facts = facts_of(R)
    found: tuple[frozenset[str], dict[str, tuple[str, ...]]] | None = facts.get("steady_steps")
    if found is None:
        nb, terrain = R.map.grid.neighbours, R.map.terrain
        thawing = frozenset(
            h
            for h in R.map.grid.hexes()
            for n in nb(h)
            if "lake" in R.map.side_kinds(h, n) or "lake" in (terrain.get(h), terrain.get(n))
        )
        steps = {
            h: tuple(n for n in nb(h) if not blocked(R, state, h, n)) for h in R.map.grid.hexes()
        }
        found = facts["steady_steps"] = (thawing, steps)
    return found


def land_index(
    R: Rules, state: State, avoid: frozenset[str] = frozenset()
) -> tuple[tuple[int, ...], ...]:
    """:func:`land_steps` by hex number (hex_index): the table the searches read."""
    facts, key = facts_of(R), ("land_index", frozen_sides(R, state), frozen_hexes(R, state), avoid)
    found: tuple[tuple[int, ...], ...] | None = facts.get(key)
    if found is None:
        found = facts[key] = hex_index(R).steps(land_steps(R, state, avoid))
    return found


@per_components()
def _sources(R: Rules, nationality: str, side: str) -> frozenset[str]:
    """SNO 9.1a-d: the supply source hexes of a nationality: the places the map names as its
    source (Bucharest for Romanians, Budapest for the Hungarian), else its side's map edges."""
    named = frozenset(
        h for h, p in R.map.places.items() if p.attrs.get("supply_source") == nationality
    )
    return named or supply_edge(R, side)


def sources(R: Rules, nationality: str, side: str) -> frozenset[str]:
    return _sources(R, nationality, side)


@per_components()
def _ports(R: Rules) -> dict[str, str]:
    """Port hex -> the sea it is on (9.4.1)."""
    return {h: str(p.attrs["port_on"]) for h, p in R.map.places.items() if p.attrs.get("port_on")}


# ------------------------------------------------------------------ public queries
def status(R: Rules, state: State, side: str) -> dict[str, bool]:
    """SNO 9.0.1: every combat unit of ``side`` on the map -> True if it is in supply."""
    # SNO 9.0: the whole determination, kept per arrangement of units (facts)
    return facts(R, state, side).supplied


def in_supply(R: Rules, state: State, uid: str) -> bool:
    """SNO 9.0.1: is this unit in supply? (Factories and Zhukov need none: always True.)"""
    unit = R.unit(uid)
    if not unit.is_combat:  # SNO 9.0.1: factories and Zhukov need no supply
        return True
    return facts(R, state, unit.side).supplied.get(uid, False)


def supplied_area(R: Rules, state: State, side: str, nationality: str) -> frozenset[str]:
    """The hexes a supply line of ``nationality`` reaches (9.1.2): a unit there is in supply.
    Worked out here for a nationality whose units were all found next to a supply point."""
    f = facts(R, state, side)
    if nationality not in f.areas_n:
        d, area = _reach(R, state, side, nationality, f)
        f.areas_n[nationality] = area
        f.distance_n[nationality] = d
        f._views.clear()
    return f.areas[nationality]


def open_sources(R: Rules, state: State, side: str, nationality: str) -> frozenset[str]:
    """SNO 9.1, 9.0.2: a nationality's source hexes that serve now - not held by the enemy
    nor in his ZOC."""
    enemy_zoc = zoc_table(R, state, other(side))
    hostile = side_hexes(R, state, other(side))
    return frozenset(
        h for h in sources(R, nationality, side) if h not in hostile and h not in enemy_zoc
    )


def _reach(
    R: Rules, state: State, side: str, nationality: str, f: SupplyFacts
) -> tuple[list[int], bytearray]:
    """SNO 9.1.2, 9.2.1: the supply distances and the reach of a nationality's supply lines
    from its sources and every supply point found."""
    ix = f.ix
    own = {ix.num[h] for h in open_sources(R, state, side, nationality)}
    starts = set(f.points_n) | own
    d = step_distances(
        starts, land_index(R, state, _closed(R, state, side)), _route(R, state, side)
    )
    area = bytearray(len(ix))
    held, far = _carrying(R, state, side, f.threat_n)
    grow_nearer(area, starts, land_index(R, state), held, d, far)
    return d, area


def _closed(R: Rules, state: State, side: str) -> frozenset[str]:
    """SNO 5.5.9: the Finnish area, closed to Soviet supply lines (empty for the Axis)."""
    return finnish_area(R, state) if side == "soviet" else frozenset()


def _route(R: Rules, state: State, side: str) -> bytearray:
    """SNO 9.2.1: by hex number, 1 where a supply route of ``side`` may pass through (go on
    out of): not enemy-occupied, and not in enemy ZOC unless a friendly unit is there."""
    ix = hex_index(R)
    friendly = side_hexes(R, state, side)
    out = bytearray(b"\x01") * len(ix)
    num = ix.num
    for h in side_hexes(R, state, other(side)):
        out[num[h]] = 0
    for h in zoc_table(R, state, other(side)):
        if h not in friendly and h in num:
            out[num[h]] = 0
    return out


def _carrying(R: Rules, state: State, side: str, threat: list[int]) -> tuple[bytearray, list[int]]:
    """SNO 9.1.2: (held, far) for core.paths.grow_nearer: a hex carries a supply line if a
    friendly unit occupies it (held) or it is closer to a supply point than to a threat
    (far: the threat distances) - never in 5.5.9's Finnish area for the Soviets (held 0, far
    below any distance there)."""
    ix = hex_index(R)
    closed = _closed(R, state, side)
    held = ix.mask(side_hexes(R, state, side))
    if not closed:
        return held, threat
    far = list(threat)
    for h in closed:
        i = ix.num.get(h)
        if i is not None:
            held[i], far[i] = 0, -1
    return held, far


def _carries(
    friendly: frozenset[str], closed: frozenset[str], d: dict[str, int], threat: dict[str, int]
) -> Callable[[str], bool]:
    """SNO 9.1.2 by hex id (what _carrying gives the searches by hex number): a hex may
    carry a supply line if a friendly unit occupies it or it is closer to a supply point
    than to a threat (never in 5.5.9's Finnish area for the Soviets)."""

    def carries(h: str) -> bool:
        if h in closed:
            return False
        return h in friendly or d.get(h, FAR) < threat.get(h, FAR)

    return carries


def route_leavable(
    steps: dict[str, tuple[str, ...]],
    friendly: frozenset[str],
    hostile: frozenset[str],
    enemy_zoc: dict[str, Any],
) -> frozenset[str]:
    """SNO 9.2.1 by hex id (what _route gives the searches by hex number): the hexes a
    supply route may pass through (go on out of): not enemy-occupied, and not in enemy ZOC
    unless a friendly unit is there."""
    return frozenset(steps.keys() - hostile - (enemy_zoc.keys() - friendly))


def _spread(
    area: bytearray,
    starts: Iterable[int],
    fell: list[int],
    steps: tuple[tuple[int, ...], ...],
    held: bytearray,
    near: list[int],
    far: list[int],
) -> None:
    """SNO 9.1.1-9.1.2: grow the reach of supply lines ``area`` from new supply points
    ``starts`` after the supply distances ``near`` fell at ``fell``: a hex joins only
    through a hex whose distance fell next to the area (no other hex carries a line it did
    not before)."""
    if 1 in area:
        starts = [
            *starts,
            *(
                h
                for h in fell
                if not area[h] and (held[h] or near[h] < far[h]) and any(area[n] for n in steps[h])
            ),
        ]
    grow_nearer(area, starts, steps, held, near, far)


def facts_key(R: Rules, state: State, side: str) -> tuple[Any, ...]:
    """Everything besides where the units stand that supply depends on: facts worked out
    from a side's supply are kept (core.memo.kept) under this key and a name of their own."""
    return (
        side,
        state["weather"],
        state["turn"],
        bool(state.get("hungary_active")),
        tuple(sorted(state.get("control", {}).items())),
        tuple(sorted((k, v or "") for k, v in state.get("seas", {}).items())),
        tuple(sorted((c, tuple(u)) for c, u in (state.get("siege") or {}).items())),
        overrun_silenced(state),  # SNO 3.1.4: units being overrun have no ZOC
        siege.capacities(R, state),  # SNO 13.0: a factory entraining moves no unit
    )


def facts(R: Rules, state: State, side: str) -> SupplyFacts:
    key = ("supply", *facts_key(R, state, side))
    return kept(R, state, key, lambda: _determine(R, state, side))  # type: ignore[no-any-return]


# ------------------------------------------------------------------ the determination
def _determine(R: Rules, state: State, side: str) -> SupplyFacts:
    ix = hex_index(R)
    num = ix.num
    enemy = other(side)
    steps = land_index(R, state)
    own_zoc = zoc_table(R, state, side)
    enemy_zoc = zoc_table(R, state, enemy)
    friendly = side_hexes(R, state, side)  # any unit, factories too (9.1.2a)
    hostile = side_hexes(R, state, enemy)
    occ = occupancy(state)
    control = state.get("control", {})
    closed = _closed(R, state, side)  # SNO 5.5.9

    units: dict[str, str] = {}  # combat unit -> hex
    by_nat: dict[str, list[str]] = {}
    for h, uids in occ.items():
        for u in uids:
            unit = R.unit(u)
            if unit.side == side and unit.is_combat:
                units[u] = h
                by_nat.setdefault(unit.nationality, []).append(u)
    at = {u: num[h] for u, h in units.items()}

    # SNO 9.3a-b: the threats; # SNO 9.3.1: their distances (not through our units or ZOC)
    threats = {num[h] for h in hostile if any(R.unit(u).is_combat for u in occ[h])}
    threats |= {
        num[h] for h in controlled_cities(R) if control.get(h) == enemy and h not in friendly
    }
    threat_may_leave = bytearray(b"\x01") * len(ix)
    for h in friendly:
        threat_may_leave[num[h]] = 0
    for h in own_zoc:
        threat_may_leave[num[h]] = 0
    threat = step_distances(
        threats,
        land_index(R, state, _closed(R, state, enemy)),
        threat_may_leave,  # SNO 5.5.9
    )
    route_may_leave = _route(R, state, side)
    route_steps = land_index(R, state, closed)  # SNO 5.5.9
    held, far = _carrying(R, state, side, threat)  # SNO 9.1.2

    # SNO 9.2b: friendly Major/Victory cities - # SNO 9.0.2: none in enemy ZOC
    # SNO 9.4.1.1: ports on a friendly sea (# SNO 3.3.1: sea control read here)
    common = {
        h
        for h in controlled_cities(R)
        if control.get(h) == side and h not in enemy_zoc and h not in hostile
    }
    seas = friendly_seas(R, state, side)
    port_units: set[str] = set()
    for h, sea in _ports(R).items():
        if sea in seas and h not in hostile:
            if h not in enemy_zoc:
                common.add(h)
            else:  # SNO 9.4.1.2: only the units in the port itself
                port_units.update(u for u in occ.get(h, ()) if u in units)

    supplied: set[str] = set(port_units)
    # SNO 9.1a-d: nationalities sharing their sources (German and Italian) trace together
    groups: dict[frozenset[str], list[str]] = {}
    for nat, members in by_nat.items():
        groups.setdefault(sources(R, nat, side), []).extend(members)
    dist: dict[frozenset[str], list[int]] = {}
    areas: dict[frozenset[str], bytearray] = {}
    points = {num[h] for h in common}  # every supply point found so far
    fresh: dict[frozenset[str], set[int]] = {g: set() for g in groups}  # points not yet used
    short: set[frozenset[str]] = set()  # groups found in supply without tracing
    # SNO 9.2.1: the supply distances from the points alone, shared by every group: a group's
    # distances are these lowered near its own sources (a route from a point or a source is
    # the nearer of the two), so when points are added this is searched once for all groups
    # and each group takes the hexes whose distance fell (``lowered``, a log read from where
    # the group last read it: ``synced``)
    base: list[int] | None = None
    base_points: set[int] = set()
    lowered: list[int] = []
    synced: dict[frozenset[str], int] = {}
    # the hexes the supply lines from the points alone reach: part of every group's reach
    # (every hex that carries a line from the points carries the group's): each group
    # starts from a copy
    base_area = bytearray(len(ix))

    def route(
        srcs: set[int], known: list[int] | None, changed: list[int] | None = None
    ) -> list[int]:  # SNO 9.2.1
        return step_distances(srcs, route_steps, route_may_leave, known, changed)

    def sync() -> list[int]:
        """The points' distances, brought up to date with every point found so far."""
        nonlocal base
        new_points = points - base_points
        if base is None or new_points:
            fell: list[int] = []
            base = route(new_points, known=base, changed=fell)
            base_points.update(new_points)
            lowered.extend(fell)
            if any(g not in dist and g not in short for g in groups):  # a copy still to take
                _spread(base_area, new_points, fell, steps, held, base, far)
        return base

    changed = True
    while changed:  # SNO 9.2c: until nothing changes
        changed = False
        for group, members in groups.items():  # each group to its own fixed point
            while True:
                old = dist.get(group)
                if group in short:
                    break
                if old is None and points and len(groups) > 1:
                    # a unit in or next to a supply point is in supply, whatever its sources
                    near = [
                        u for u in members if at[u] in points or not points.isdisjoint(steps[at[u]])
                    ]
                    if len(near) == len(members):
                        short.add(group)
                        supplied.update(near)
                        new = {at[u] for u in near if units[u] not in enemy_zoc} - points
                        if new:
                            points |= new
                            changed = True
                            for g in groups:
                                fresh[g] |= new
                        break
                fell: list[int] = []  # where the group's distances fell (or were first found)
                if old is None:  # SNO 9.2a: sources neither enemy-occupied nor in enemy ZOC
                    own = {num[h] for h in group if h not in hostile and h not in enemy_zoc}
                    starts = points | own
                    if not starts:
                        break
                    # the points', lowered near its own sources
                    d = route(own, known=sync(), changed=fell)
                    area = areas[group] = bytearray(base_area)
                else:
                    starts = fresh[group]
                    if not starts:
                        break
                    now = sync()
                    d = old
                    for i in lowered[synced[group] :]:
                        if now[i] < d[i]:
                            d[i] = now[i]
                            fell.append(i)
                    area = areas[group]
                synced[group] = len(lowered)
                fresh[group] = set()
                dist[group] = d
                _spread(area, starts, fell, steps, held, d, far)  # SNO 9.1.1: the supply lines
                added = [u for u in members if u not in supplied and area[at[u]]]
                supplied.update(added)
                # SNO 9.2c: supplied units become supply points (not in enemy ZOC, 9.0.2)
                new = {at[u] for u in added if units[u] not in enemy_zoc} - points
                if not new:
                    break
                points |= new
                changed = True
                for g in groups:
                    fresh[g] |= new

    f = SupplyFacts(
        ix,
        {},
        {},
        threat,
        {n: dist[g] for n in by_nat if (g := sources(R, n, side)) in dist},
        {n: areas[g] for n in by_nat if (g := sources(R, n, side)) in areas},
        frozenset(points),
    )
    if len(supplied) < len(units):  # SNO 9.4.2: nobody isolated, no city supplies anyone
        joined = 0  # every group's reach, joined as one number's bits
        for a in areas.values():
            joined |= int.from_bytes(a, "little")
        reached = joined.to_bytes(len(ix), "little")
        f.siege.update(
            siege.besieged(
                R,
                state,
                side,
                units,
                supplied,
                set(ix.hexes(reached)),
                land_steps(R, state),
                f.threat,
                lambda h: bool(route_may_leave[num[h]]),
            )
        )
    for city, chosen in f.siege.items():
        supplied.update(siege.supplied(R, state, city, chosen))
    f.supplied.update({u: u in supplied for u in sorted(units)})
    return f


# ------------------------------------------------------------------ 5.3.4 fuel lines
@per_components()
def fuel_sources(R: Rules, side: str) -> frozenset[str]:
    """SNO 5.3.4: the fuel sources of a side, as the map names them (Ploesti for the Axis;
    Grozny and Maikop for the Soviets)."""
    return frozenset(h for h, p in R.map.places.items() if p.attrs.get("fuel_source") == side)


def fuel_line(R: Rules, state: State, side: str) -> frozenset[str]:
    """SNO 5.3.4: the hexes a fuel line of ``side`` reaches: an armor-type unit there can
    trace one (its owner's movement reads this at the start of his OMP). Kept per
    arrangement of units, like supply."""
    key = ("fuel", *facts_key(R, state, side))
    return kept(R, state, key, lambda: _fuel_line(R, state, side))  # type: ignore[no-any-return]


def _fuel_line(R: Rules, state: State, side: str) -> frozenset[str]:
    """SNO 5.3.4: 'traced in precisely the same manner as a supply line, except that it must
    be traced from the appropriate fuel source, rather than from a supply source' - the
    reading: the fuel source takes the supply source's
    place (9.0.2: not one if enemy-occupied or in enemy ZOC; 9.2a: a supply point), the
    other supply points found (9.2b-c, 9.4.1.1) set the distances of 9.1.2b as for a supply
    line, and the line runs from the fuel source itself through hexes that may carry a
    supply line (9.1.2: a city or supplied unit is no fuel source). The Soviets need a line
    from each of their sources ('both of Grozny and Maikop'): the hexes every one reaches."""
    f = facts(R, state, side)
    enemy_zoc = zoc_table(R, state, other(side))
    hostile = side_hexes(R, state, other(side))
    wanted = fuel_sources(R, side)
    usable = {h for h in wanted if h not in hostile and h not in enemy_zoc}  # SNO 9.0.2
    if not wanted or usable != wanted:
        return frozenset()
    ix = f.ix
    starts = {ix.num[h] for h in usable}
    d = step_distances(
        set(f.points_n) | starts,
        land_index(R, state, _closed(R, state, side)),  # SNO 5.5.9
        _route(R, state, side),
    )
    held, far = _carrying(R, state, side, f.threat_n)  # SNO 9.1.2
    steps = land_index(R, state)
    reached = -1  # the hexes every source's line reaches, as one number's bits
    for source in sorted(starts):
        area = bytearray(len(ix))
        grow_nearer(area, [source], steps, held, d, far)
        reached &= int.from_bytes(area, "little")
    return ix.hexes(reached.to_bytes(len(ix), "little"))


# ------------------------------------------------------------------ 8.2.1b pockets
def pockets(R: Rules, state: State, side: str) -> list[tuple[str, ...]]:
    """SNO 8.2.1b: the isolated units of ``side`` in groups that can trace a supply line to
    each other (all would be in supply if any one was): the hexes that could carry a supply
    line were the isolated units all supply points (9.1.2, 9.2.1), joined into groups."""
    key = ("pockets", *facts_key(R, state, side))
    return kept(R, state, key, lambda: _pockets(R, state, side))  # type: ignore[no-any-return]


def _pockets(R: Rules, state: State, side: str) -> list[tuple[str, ...]]:
    f = facts(R, state, side)
    isolated = [u for u, ok in f.supplied.items() if not ok]
    if not isolated:
        return []
    ix = f.ix
    where = {u: ix.num[state["units"][u]["at"]] for u in isolated}
    d = step_distances(
        set(where.values()),
        land_index(R, state, _closed(R, state, side)),  # SNO 5.5.9
        _route(R, state, side),
    )
    held, far = _carrying(R, state, side, f.threat_n)  # SNO 9.1.2
    steps = land_index(R, state)
    out: list[tuple[str, ...]] = []
    placed: set[str] = set()
    for u in sorted(isolated):
        if u in placed:
            continue
        area = bytearray(len(ix))
        grow_nearer(area, [where[u]], steps, held, d, far)
        group = tuple(v for v in sorted(isolated) if area[where[v]])
        placed.update(group)
        out.append(group)
    return out


def pocket_of(R: Rules, state: State, uid: str) -> tuple[str, ...]:
    """The pocket holding an isolated unit (8.2.1b)."""
    for group in pockets(R, state, R.unit(uid).side):
        if uid in group:
            return group
    return (uid,)
