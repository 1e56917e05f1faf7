"""DR 5.0 Supply: a path of three hexes or fewer to a rail line that leads home.

Axis rail lines must lead to Berlin or Vienna; Soviet ones to the east edge of the map,
Saratov or Grozny (5.0). Neither the path nor the rail line may pass a hex holding an enemy
unit or in an enemy ZOC unless a friendly unit stands there (5.0). In Snow non-Finnish Axis
paths are two hexes (5.2). Finns are supplied anywhere in Finland, and outside it trace to a
rail line leading to Helsinki (5.3). Leningrad, a fortress, is always in supply (10.1.5A).
One Soviet unit may trace to a Black Sea port while the Black Sea Fleet exists (11.5.5E).
Turks trace to Istanbul, Berlin or Vienna (12.5C).

Supply is determined in each side's Organization Phase (4.2A, 4.7A) and again at the instant
of each attack (7.1.3).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

from ...core.memo import facts_of
from ...core.paths import connected_numbered, distances, within_numbered
from .charts import supply_path_hexes
from .rules import (
    Rules,
    State,
    as_set,
    black_sea_fleet_in_play,
    hex_index,
    hex_of,
    kept,
    occupancy,
    other,
    rail_steps,
    remember,
    remembered,
    set_unit,
    side_units,
)
from .setup import load_setup
from .zoc import border_open, country, zoc_of

IMPASSABLE_TERRAIN = ("sea",)


def sources(R: Rules, side: str, nationality: str, state: State | None = None) -> set[str]:
    """The hexes a rail line must reach (5.0, 5.3, 12.5C; or a scenario card's)."""
    m = R.map
    card = state.get("card") if state else None
    if card:
        return {m.place_named(n).hex for n in card["supply_sources"][side]}
    if nationality == "finnish":
        names = ["Helsinki"]  # DR 5.3
    elif nationality == "turkish":
        names = ["Istanbul", "Berlin", "Vienna"]  # DR 12.5C
    elif side == "axis":
        names = ["Berlin", "Vienna"]  # DR 5.0
    else:
        names = ["Saratov", "Grozny"]  # DR 5.0, with the east edge below
    out = {p.hex for p in m.places.values() if p.name in names}
    if side == "soviet" and nationality == "soviet":
        out |= {h for h in m.edges.get("east", ()) if h in m.rail_hexes}
    return out


def passable(R: Rules, state: State, h: str) -> bool:
    """Land a supply path may cross: not sea, not an unfrozen lake, not neutral (9.4)."""
    t = R.map.terrain_of(h)
    if t in IMPASSABLE_TERRAIN:
        return False
    if t == "lake" and state.get("weather") != "snow":  # DR 8.3.4: frozen lakes are clear
        return False
    return not closed(R, state, h)


def impassable_hexes(R: Rules, state: State) -> frozenset[str]:
    """Every hex of the map that is not :func:`passable` now (worked out once for each
    weather, set of neutral countries and scenario card)."""
    card = state.get("card")
    key = (
        "impassable",
        state.get("weather") == "snow",
        neutral_countries(state),
        tuple(card["closed_hexes"]) if card else (),
    )
    facts = facts_of(R.map)
    found: frozenset[str] | None = facts.get(key)
    if found is None:
        found = facts[key] = frozenset(h for h in R.map.terrain if not passable(R, state, h))
    return found


def land_neighbours(R: Rules, state: State) -> Callable[[str], tuple[str, ...]]:
    """The neighbours of a hex that a supply path may step to by the hexsides alone: not
    across a sea hexside, nor an unfrozen lake one (see :func:`_water_between`)."""
    snow = state.get("weather") == "snow"
    facts = facts_of(R.map)
    table: dict[str, tuple[str, ...]] | None = facts.get(("land", snow))
    if table is None:
        weather = cast(State, {"weather": "snow" if snow else "clear"})  # all it reads
        table = facts["land", snow] = {
            h: tuple(n for n in R.map.grid.neighbours(h) if not _water_between(R, weather, h, n))
            for h in R.map.terrain
        }
    grid = R.map.grid

    def neighbours(h: str) -> tuple[str, ...]:
        found = table.get(h)
        if found is None:  # a hex off the map's terrain: ask the sides one by one
            return tuple(n for n in grid.neighbours(h) if not _water_between(R, state, h, n))
        return found

    return neighbours


def land_steps(R: Rules, state: State) -> tuple[tuple[int, ...], ...]:
    """:func:`land_neighbours` by :func:`hex_index`'s numbers (worked out once for the map
    and whether it snows)."""
    snow = state.get("weather") == "snow"
    facts = facts_of(R.map)
    found: tuple[tuple[int, ...], ...] | None = facts.get(("land_steps", snow))
    if found is None:
        index, neighbours = hex_index(R), land_neighbours(R, state)
        found = facts["land_steps", snow] = index.steps({h: neighbours(h) for h in index.ids})
    return found


def closed(R: Rules, state: State, h: str) -> bool:
    """No unit may enter this hex: a closed country (9.4, set-up cards) or a hex a scenario
    card closes (Defiant Poland: all but Poland, Germany and Slovakia of 1939)."""
    card = state.get("card")
    if card and h in as_set(card["closed_hexes"]):
        return True
    where = country(R, h)
    return where is not None and where in neutral_countries(state)


def neutral_countries(state: State) -> tuple[str, ...]:
    """Countries no unit may enter: DR 9.4 Sweden, and Turkey unless 12.5 brought it into
    the war; and the countries the set-up cards close because no rule gives them to a side
    (Norway, Denmark, Greece, Albania, Italy: docs/data/dr-setup.md)."""
    closed = _off_limits()
    if state.get("turkey_at_war"):
        return tuple(c for c in closed if c != "Turkey")
    return closed


@cache
def _off_limits() -> tuple[str, ...]:
    return tuple(load_setup().off_limits)


def blocked_hexes(R: Rules, state: State, side: str) -> set[str]:
    """Hexes a supply path or line of ``side`` may not use: enemy units or enemy ZOC, unless
    a friendly unit stands there (5.0)."""
    blocked = zoc_of(R, state, other(side))
    friendly: set[str] = set()
    for h, uids in occupancy(state).items():
        for uid in uids:
            unit = R.unit(uid)
            if unit.is_ground:
                (friendly if unit.side == side else blocked).add(h)
    return blocked - friendly


def rail_network(
    R: Rules, state: State, side: str, nationality: str, blocked: set[str]
) -> set[str]:
    """Rail hexes joined to the side's sources along unblocked rail (5.0)."""
    found = _rail_network(R, state, side, nationality, blocked, _shut(R, state, blocked))
    ids = hex_index(R).ids
    return {ids[h] for h in found}


def _rail_network(
    R: Rules, state: State, side: str, nationality: str, blocked: set[str], shut: bytearray
) -> list[int]:
    """:func:`rail_network` by hex number (``shut``: the blocked and impassable hexes)."""
    num = hex_index(R).num
    start = [num[h] for h in sorted(sources(R, side, nationality, state)) if h not in blocked]
    return connected_numbered(start, rail_steps(R), shut)


def _shut(R: Rules, state: State, blocked: set[str]) -> bytearray:
    """The hexes no supply path or line enters (blocked or impassable), by hex number."""
    index = hex_index(R)
    shut = bytearray(index.mask_of(impassable_hexes(R, state)))
    num = index.num
    for h in blocked:
        shut[num[h]] = 1
    return shut


def path_length(R: Rules, state: State, side: str, nationality: str) -> int:
    """DR 5.0 / 5.2: three hexes; two for non-Finnish Axis units in Snow."""
    # DR 5.2: the charts card carries both lengths
    return supply_path_hexes(R.charts, side, state.get("weather", "clear"), nationality)


def supplied_hexes(R: Rules, state: State, side: str, nationality: str) -> set[str]:
    """Every hex from which a unit of this side and nationality traces supply (5.0)."""
    key = f"supplied-{side}-{nationality}"
    known = remembered(state, key)
    if known is not None:
        return set(known)
    if state.get("card"):  # a scenario card's sources and closed hexes: work it out
        found = frozenset(_supplied_hexes(R, state, side, nationality))
    else:  # the same for every state with these units where they are, in this weather
        facts = (
            "supplied",
            side,
            nationality,
            state.get("weather"),
            neutral_countries(state),
            border_open(state, other(side)),
        )
        found = kept(
            R, state, facts, lambda: frozenset(_supplied_hexes(R, state, side, nationality))
        )
    return set(remember(state, key, found))


def _supplied_hexes(R: Rules, state: State, side: str, nationality: str) -> set[str]:
    blocked = blocked_hexes(R, state, side)
    shut = _shut(R, state, blocked)
    network = _rail_network(R, state, side, nationality, blocked, shut)
    # over land hexsides, through passable unblocked hexes
    limit = path_length(R, state, side, nationality)
    found = within_numbered(network, land_steps(R, state), shut, limit)
    ids = hex_index(R).ids
    return {ids[h] for h in found}


def _water_between(R: Rules, state: State, a: str, b: str) -> bool:
    kinds = R.map.side_kinds(a, b)
    if "sea" in kinds:
        return True
    return "lake" in kinds and state.get("weather") != "snow"


def supply_kind(R: Rules, uid: str) -> str:
    """Which supply rules a unit follows: finnish, turkish, or its side's (5.0, 5.3, 12.5C)."""
    unit = R.unit(uid)
    if unit.nationality in ("finnish", "turkish"):
        return unit.nationality
    return "soviet" if unit.side == "soviet" else "axis"


def in_supply(R: Rules, state: State, uid: str, cache: dict[str, set[str]] | None = None) -> bool:
    """Is this unit in supply now? # DR 5.0"""
    h = hex_of(state, uid)
    if h is None:
        return True
    unit = R.unit(uid)
    if unit.nationality == "finnish" and country(R, h) == "Finland":  # DR 5.3
        return True
    place = R.map.place(h)
    if (
        place is not None
        and place.name == "Leningrad"
        and unit.side == "soviet"
        and h not in state.get("fortress_lost", [])
    ):  # DR 10.1.5A
        return True
    kind = supply_kind(R, uid)
    cache = {} if cache is None else cache
    if kind not in cache:
        cache[kind] = supplied_hexes(R, state, unit.side, kind)
    return h in cache[kind]


def determine_supply(R: Rules, state: State, side: str) -> list[str]:
    """DR 4.2A / 4.7A: mark each of the side's units in or out of supply (5.1A); returns the
    units found out of supply. A port may supply one Soviet unit (11.5.5E)."""
    cache: dict[str, set[str]] = {}
    out = []
    for uid in side_units(R, state, side):
        if not R.unit(uid).is_ground:
            continue
        ok = in_supply(R, state, uid, cache)
        set_unit(state, uid, oos=not ok)
        if not ok:
            out.append(uid)
    if side == "soviet" and out:
        port_supplied = port_supply(R, state, out)
        if port_supplied is not None:
            set_unit(state, port_supplied, oos=False)
            out.remove(port_supplied)
    return out


def port_supply(R: Rules, state: State, cut_off: list[str]) -> str | None:
    """DR 11.5.5E: while the Black Sea Fleet exists, one unit may trace supply to a port
    (Odessa, Sevastopol, Novorossiysk) instead. Reading: a normal-length path to a
    Soviet-controlled port; if several units could, the strongest (then by id) is chosen."""
    if not black_sea_fleet_in_play(R, state):
        return None
    blocked = blocked_hexes(R, state, "soviet")
    ports = {
        p.hex
        for p in R.map.places.values()
        if p.is_("port") and state["control"].get(p.hex) == "soviet" and p.hex not in blocked
    }
    reach = distances(
        ports,
        R.map.grid.neighbours,
        lambda a, b: (
            b not in blocked and passable(R, state, b) and not _water_between(R, state, a, b)
        ),
        limit=path_length(R, state, "soviet", "soviet"),
    )
    able = [u for u in cut_off if hex_of(state, u) in reach]
    if not able:
        return None

    def strength(u: str) -> int:
        full = R.unit(u).full
        return full.strength if full is not None else 0

    return max(able, key=lambda u: (strength(u), u))
