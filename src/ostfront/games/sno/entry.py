"""SNO 11.8-11.9 and 11.15-11.16: where replacements and reinforcements enter the map - the
Major and Victory cities held since the start of the turn, the other places and the supply
edges of the side's own side of the 1941 border, each with its limit of stacking points this
RRP (11.8), armor-type units, shock armies and fronts counting two more (11.9); read by the
RRP's handler, :mod:`replacements`.

Phase memory: ``entered_rrp`` {hex: stacking points placed there this RRP} (replacements.py
keeps it)."""

from __future__ import annotations

from typing import Any

from ...core.memo import facts_of, per_components
from .control import can_trace_rail_line, own_side_of_1941, rail_line, supply_edge
from .counters import ARMOR_TYPES
from .movement_rules import APART, may_enter
from .rules import (
    Rules,
    State,
    occupancy,
    other,
    remember,
    remembered,
    side_hexes,
)

#: SNO 11.8: the classes of place replacements may enter, strongest first (a place's class
#: is the first of these among its kinds).
PLACE_CLASSES = ("victory_city", "major_city", "minor_city", "town")
HELD_CLASSES = ("victory_city", "major_city")  # SNO 11.8: only if held at the turn's start
EDGE = "supply_edge"
#: SNO 11.9: units whose stacking factor counts two more wherever they enter.
SURCHARGED_TYPES = ARMOR_TYPES | {"shock", "front"}


# ------------------------------------------------------------------ entry hexes
@per_components()
def _sites(R: Rules, side: str) -> dict[str, tuple[int, bool]]:
    """SNO 11.8: hex -> (stacking points a turn, whether it is a Major/Victory city that must
    have been held at the turn's start) for every town, city and supply map-edge hex of
    ``side``."""
    limits: dict[str, int] = {p.place: p.replacement_limit for p in R.tables.tec.places}
    out: dict[str, tuple[int, bool]] = {}
    for h in R.map.places:
        cls = place_class(R, h)
        if cls is not None:
            out[h] = (limits[cls], cls in HELD_CLASSES)
    for h in supply_edge(R, side):
        limit, _ = out.get(h, (0, False))
        out[h] = (max(limit, limits[EDGE]), False)  # a city on the edge: the higher limit
    return out


def place_class(R: Rules, hex_id: str) -> str | None:
    """The 11.8 class of the place in a hex (None: no town or city there)."""
    place = R.map.place(hex_id)
    if place is None:
        return None
    for cls in PLACE_CLASSES:
        if place.is_(cls):
            return cls
    if place.is_("city"):
        raise LookupError(
            f"SNO 11.8: the map gives {place.name} ({hex_id}) no class of city (minor, major "
            "or victory): its replacement limit is unknown"
        )
    return None


def _adjacent_sites(R: Rules, state: State, side: str) -> dict[str, int]:
    """SNO 11.17: hexes next to a Victory city ``side`` controls now (reinforcements only),
    with their limit: their own place's, or a town's where there is none."""
    limits: dict[str, int] = {p.place: p.replacement_limit for p in R.tables.tec.places}
    out: dict[str, int] = {}
    for c in R.tables.spec.victory.cities:
        if state["control"].get(c.hex) != side:
            continue
        for h in R.map.grid.neighbours(c.hex):
            cls = place_class(R, h)
            out[h] = max(out.get(h, 0), limits[cls or "town"])
    return out


@per_components()
def _foreign(R: Rules, side: str) -> frozenset[str]:
    """The hexes on ``side``'s opponent's side of the 1941 border (5.5.10)."""
    return frozenset(h for h in R.map.terrain if not own_side_of_1941(R, side, h))


def stacking_cost(R: Rules, uid: str, hex_id: str) -> int:
    """SNO 11.9: a unit's stacking factor for the 11.8 limits: two more if it enters on the
    opponent's side of the 1941 border, two more if it is mechanized, shock or a front."""
    unit = R.unit(uid)
    points = base_cost(R, uid)
    if hex_id in _foreign(R, unit.side):  # SNO 11.9: on the opponent's side of the border
        points += R.tables.spec.movement.replacement_stacking_surcharge
    return points


def base_cost(R: Rules, uid: str) -> int:
    """SNO 11.9: a unit's stacking factor for the 11.8 limits on its own side of the border:
    two more if it is mechanized, shock or a front."""
    unit = R.unit(uid)
    if unit.type in SURCHARGED_TYPES:  # SNO 11.9: mechanized, shock and front units, too
        return unit.stacking + R.tables.spec.movement.replacement_stacking_surcharge
    return unit.stacking


def open_sites(R: Rules, state: State, side: str, reinforcement: bool) -> dict[str, int]:
    """Hex -> stacking points still free there this RRP, for every hex where ``side`` may
    place a replacement (or a ``reinforcement``) now: SNO 11.8 a town, city or supply
    map-edge hex that can trace a Rail Line (3.4.6) and holds no enemy unit, a Major or
    Victory city only if held at the start of the turn (replacements; 11.16 asks only the
    rail line and the limits of reinforcements); SNO 11.17 for reinforcements also the hexes
    next to a Victory city the side controls that a rail line reaches."""
    key = f"rrp-sites-{side}-{reinforcement}"
    known = remembered(state, key)
    if known is not None:
        return known  # type: ignore[no-any-return]
    enemy = side_hexes(R, state, other(side))
    held = frozenset((state.get("rrp") or {}).get("held", ()))
    placed: dict[str, int] = state.get("entered_rrp") or {}
    limits: dict[str, int] = {}
    for h, (limit, needs_held) in _sites(R, side).items():
        # SNO 11.16: a reinforcement needs only the rail line and the limits
        if needs_held and not reinforcement and h not in held:
            continue  # SNO 11.8: a Major or Victory city held at the start of the turn
        limits[h] = limit
    if reinforcement:
        for h, limit in _adjacent_sites(R, state, side).items():  # SNO 11.17
            limits[h] = max(limits.get(h, 0), limit)
    line = rail_line(R, state, side)  # the hexes it runs through: asked once, not a site
    out = {  # SNO 3.4.6: the hex the line runs from may be in enemy ZOC (control.py's reading)
        h: limit - placed.get(h, 0)
        for h, limit in limits.items()
        if h not in enemy and (h in line or can_trace_rail_line(R, state, side, h))
    }
    return remember(state, key, out)  # type: ignore[no-any-return]


def entry_hexes(R: Rules, state: State, uid: str, reinforcement: bool) -> list[str]:
    """Where a unit may enter now: one of the :func:`open_sites` with room for it (SNO 11.8
    limits, 11.9 surcharges) that it may stand in at all (movement_rules.may_enter: 5.1.2,
    4.6, 5.5.9, 5.5.11, 5.5.12 - which ask only the unit's side and nationality)."""
    return list(entry_hex_tuple(R, state, uid, reinforcement))


def entry_hex_tuple(R: Rules, state: State, uid: str, reinforcement: bool) -> tuple[str, ...]:
    """:func:`entry_hexes` as a tuple (shared: the same for every unit of a nationality with
    the same cost while a state is read)."""
    unit = R.unit(uid)
    base = base_cost(R, uid)
    # the same answer for every unit of a nationality with the same cost (read once a state)
    kind = f"rrp-hexes-{unit.side}-{unit.nationality}-{reinforcement}-{base}"
    known: tuple[str, ...] | None = remembered(state, kind)
    if known is not None:
        return known
    sites = open_sites(R, state, unit.side, reinforcement)
    enterable = _enterable(R, state, uid, frozenset(sites))
    foreign = _foreign(R, unit.side)
    extra = R.tables.spec.movement.replacement_stacking_surcharge
    # SNO 11.9: the cost of the unit in each hex (two more on the opponent's side)
    out = tuple(sorted(h for h in enterable if base + (extra if h in foreign else 0) <= sites[h]))
    remember(state, kind, out)
    return out


#: How many answers of :func:`_enterable` are kept with the components: (side, nationality,
#: month, weather, Hungary active, sites) -> the sites such a unit may stand in (and, for
#: Hungarians and Romanians, the sites holding the other's units: 4.6)
_ENTERABLE_KEPT = 64


def _enterable(R: Rules, state: State, uid: str, sites: frozenset[str]) -> frozenset[str]:
    """The ``sites`` a unit may stand in at all (movement_rules.may_enter), the same for every
    unit of its side and nationality. The sites hold no enemy unit (open_sites) and an RRP
    has no overruns, so where the units stand decides nothing but 4.6 (Hungarian and
    Romanian units apart): the answer is kept for the month, its weather, Hungary, the sites
    and (4.6) those of them holding the other nation's units, across the RRP's placements."""
    unit = R.unit(uid)
    key: tuple[Any, ...] = (
        unit.side,
        unit.nationality,
        state["turn"],
        state["weather"],
        bool(state.get("hungary_active")),
        sites,
    )
    apart = APART.get(unit.nationality)
    if apart is not None:  # SNO 4.6: the sites holding the other nation's units decide too
        occ = occupancy(state)
        key += (
            frozenset(
                h for h in sites if any(R.unit(u).nationality == apart for u in occ.get(h, ()))
            ),
        )
    reuse = not state.get("overruns")
    kept: dict[tuple[Any, ...], frozenset[str]] = facts_of(R).setdefault("enterable", {})
    if reuse and key in kept:
        return kept[key]
    out = frozenset(h for h in sites if may_enter(R, state, uid, h))
    if reuse:
        if len(kept) >= _ENTERABLE_KEPT:
            kept.clear()
        kept[key] = out
    return out


__all__ = ["entry_hex_tuple", "entry_hexes", "open_sites", "place_class", "stacking_cost"]
