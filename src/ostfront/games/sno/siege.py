"""SNO 9.4.2 Siege Supply: which isolated units a besieged Victory city supplies.

An isolated Victory city on a player's own side of the 1941 border supplies up to six
stacking factors of the units in it or able to trace a supply line from it - those in it and
next to it even when it is in enemy ZOC (9.4.2.1); the units in the city count double
(9.4.2.2); never a city on the opponent's side of the border (9.4.2.3). :mod:`supply` asks
:func:`besieged` once its supply lines are traced, and offers the owner's choice.

SNO 13.0 (option, ``state["leningrad_rule"]``): while an active factory (past its activation
date, not entrained: :func:`factories.active`) stands in Leningrad, its capacity is nine, rail
line or not - the map gives the city its ``siege_capacity_with_factory``. :func:`capacity` is
the capacity of a city now; every limit on siege supply reads it.

Readings (docs/rules/sturm-nach-osten.md): a city held or last entered by the enemy is not
one of the player's; the units a besieged city supplies are no supply points for others
(9.2c would otherwise let six factors feed any number).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.memo import per_components
from ...core.paths import distances, grow
from .control import controlled_cities, own_side_of_1941
from .factories import active
from .rules import Rules, State, other, side_hexes, units_at
from .zoc import zoc_table

SIEGE_CAPACITY = 6  # SNO 9.4.2.1: six stacking factors
SIEGE_IN_CITY = 2  # SNO 9.4.2.2: units in the city count double
FAR = 1 << 30  # farther than any distance on a map


# SNO 13.0: the map's attribute of Leningrad, the capacity an active factory there gives it
WITH_FACTORY = "siege_capacity_with_factory"


def capacity(R: Rules, state: State, city: str) -> int:
    """SNO 9.4.2.1: six stacking factors; SNO 13.0: with the Leningrad rule, nine in Leningrad
    while an active factory is there ("even if Leningrad cannot trace a rail line")."""
    place = R.map.places.get(city)
    raised = place.attrs.get(WITH_FACTORY) if place is not None else None
    if raised is None or not state.get("leningrad_rule"):
        return SIEGE_CAPACITY

    if any(active(R, state, u) for u in units_at(state, city)):
        return int(raised)  # SNO 13.0
    return SIEGE_CAPACITY


def capacities(R: Rules, state: State) -> tuple[tuple[str, int], ...]:
    """The capacity of every city whose capacity can change (13.0): part of the key under
    which supply facts are kept, since a factory entraining moves no unit."""
    return tuple((c, capacity(R, state, c)) for c in _raised(R))


@per_components()
def _raised(R: Rules) -> tuple[str, ...]:
    return tuple(sorted(h for h, p in R.map.places.items() if WITH_FACTORY in p.attrs))


def room(R: Rules, state: State, city: str, chosen: list[str] | tuple[str, ...]) -> int:
    """SNO 9.4.2.2: the stacking factors a besieged city can still supply beyond ``chosen``."""
    return capacity(R, state, city) - sum(
        siege_cost(R, city, u, state["units"][u]["at"]) for u in chosen if u in state["units"]
    )


def siege_cost(R: Rules, city: str, uid: str, at: str) -> int:
    """SNO 9.4.2.2: a unit's stacking factors against the siege capacity (doubled in the city)."""
    points = R.unit(uid).stacking
    return points * SIEGE_IN_CITY if at == city else points


def besieged(
    R: Rules,
    state: State,
    side: str,
    units: dict[str, str],
    found: set[str],
    reached: set[str],
    steps: dict[str, tuple[str, ...]],
    threat: dict[str, int],
    route_may_leave: Callable[[str], bool],
) -> dict[str, tuple[str, ...]]:
    """SNO 9.4.2.1, 9.4.2.3: each isolated Victory city on ``side``'s own side of the 1941
    border -> the isolated units that occupy it or can trace a supply line from it (only
    those in it or next to it when the city is in enemy ZOC)."""
    enemy_zoc = zoc_table(R, state, other(side))
    hostile = side_hexes(R, state, other(side))
    friendly = side_hexes(R, state, side)
    control = state.get("control", {})
    out: dict[str, tuple[str, ...]] = {}
    if len(found) == len(units):
        return out  # nobody isolated: no city need supply anyone
    taken: set[str] = set()
    for city in controlled_cities(R):
        place = R.map.places[city]
        # SNO 9.4.2.3: never a city on the opponent's side of the 1941 border
        if not place.is_("victory_city") or not own_side_of_1941(R, side, city):
            continue
        if city in hostile or control.get(city) == other(side) or city in reached:
            continue
        if city in enemy_zoc:  # SNO 9.4.2.1: even so, the units in it and next to it
            hexes = {city, *steps[city]}
        else:
            d = distances([city], steps.__getitem__, None, may_leave=route_may_leave)
            hexes = set()
            grow(
                hexes,
                [city],
                steps.__getitem__,
                lambda h, d=d: h in friendly or d.get(h, FAR) < threat.get(h, FAR),  # type: ignore[misc]
            )
        drawing = tuple(
            u for u in sorted(units) if u not in found and u not in taken and units[u] in hexes
        )
        if drawing:
            out[city] = drawing
            taken.update(drawing)
    return out


def supplied(R: Rules, state: State, city: str, drawing: tuple[str, ...]) -> list[str]:
    """SNO 9.4.2.2: which of the units drawing on a besieged city are supplied: all of them
    within six factors (nine: 13.0); beyond that the owner's choice
    (``state["siege"][city]``), filled up, while he has not chosen, with the units in the city
    first and then the others in the order of their ids."""
    at = {u: state["units"][u]["at"] for u in drawing}
    limit = capacity(R, state, city)  # SNO 9.4.2.1, 13.0
    if sum(siege_cost(R, city, u, at[u]) for u in drawing) <= limit:
        return list(drawing)
    stored = (state.get("siege") or {}).get(city)
    if (
        stored is not None
        and all(u in at for u in stored)
        and sum(siege_cost(R, city, u, at[u]) for u in stored) <= limit
    ):
        return list(stored)  # the owner's choice
    chosen: list[str] = []
    left = limit
    for u in sorted(drawing, key=lambda u: (at[u] != city, u)):
        cost = siege_cost(R, city, u, at[u])
        if cost <= left:
            chosen.append(u)
            left -= cost
    return chosen
