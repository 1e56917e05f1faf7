"""SNO 3.2 control of Major and Victory cities, 3.3 control of the sea areas, 3.4.6 rail lines.

Control is kept in the state (``control``: city hex -> side; ``entered``: city hex -> the side
whose combat unit last entered it; ``seas``: sea area -> the side that last controlled it, or
None) and brought up to date by :func:`update` after every action (idempotent: a second call
changes nothing). Rail lines (:func:`rail_line`) are worked out once for each set of hexes
they may not enter (the enemy's units and ZOC).

Readings (docs/rules/sturm-nach-osten.md): a Rail Line "running from any city or town ... must
not pass through any hex in enemy ZOC" - it does not pass through the hex it runs from, so the
city itself may be in enemy ZOC (:func:`can_trace_rail_line`); every other hex of it may not.
Otherwise 3.2.4's "or as soon as an enemy unit enters the city" would never decide anything
(an enemy unit entering a city stood next to it first), and 9.4.2.1's sieges would have no
controlled city to speak of. A rail line never enters a sea or lake hex, nor an
enemy-occupied one - an enemy-occupied city has none.

A unit entering a city on its way (a move, a retreat, an advance) is recorded by
:func:`entered`; each side is the last to have entered the cities it starts with (3.2.2
"already control"), so that it regains one (3.2.3) once its rail line is back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.memo import per_components
from ...core.paths import connected_numbered
from . import movement_rules
from .rules import Rules, State, hex_index, kept, occupancy, other
from .zoc import overrun_silenced, zoc_table

# SNO 3.2.1: the cities that can be controlled, each by one side or by none.
CONTROLLED_KINDS = ("major_city", "victory_city")
SOVIET_UNION = "Soviet Union"  # SNO 3.2.2, 9.4.2.3: the 1941 border is this country's

# SNO 3.3.2-3.3.5: who controls each sea area - by the cities the rules name
SEA_CITIES: dict[str, tuple[str, ...]] = {
    "Baltic Sea": ("Konigsberg",),  # SNO 3.3.2
    "Black Sea": ("Sevastopol",),  # SNO 3.3.3
    "Sea of Azov": ("Rostov", "Sevastopol"),  # SNO 3.3.4: both at once
}
ALWAYS_SOVIET = ("Caspian Sea",)  # SNO 3.3.5


# ------------------------------------------------------------------ the map's facts
@per_components()
def controlled_cities(R: Rules) -> tuple[str, ...]:
    """SNO 3.2: the Major and Victory city hexes, sorted."""
    return tuple(
        sorted(h for h, p in R.map.places.items() if any(p.is_(k) for k in CONTROLLED_KINDS))
    )


@per_components()
def supply_edge(R: Rules, side: str) -> frozenset[str]:
    """SNO 9.1a/d: the side's supply source map-edge hexes (the map's edges named
    ``<side>-supply-...``)."""
    return frozenset(
        h for name, hexes in R.map.edges.items() if name.startswith(f"{side}-supply") for h in hexes
    )


@per_components()
def sea_areas(R: Rules) -> dict[str, frozenset[str]]:
    """Sea area name -> its hexes (sea hexes and the coast hexes on it; 3.3.6a places 3015,
    3115 and 3116 through the map's regions)."""
    return {name: r.hexes for name, r in R.map.regions.items() if r.kind == "sea_area"}


def seas_of(R: Rules, hex_id: str) -> frozenset[str]:
    """SNO 3.3.6a: the sea areas a hex belongs to (a coast hex may be on two)."""
    return frozenset(name for name, hexes in sea_areas(R).items() if hex_id in hexes)


def soviet_side_of_1941(R: Rules, hex_id: str) -> bool:
    """On the Soviet side of the 1941 border (5.5.10): in the Soviet Union."""
    region = R.map.regions.get(SOVIET_UNION)
    return region is not None and hex_id in region.hexes


def own_side_of_1941(R: Rules, side: str, hex_id: str) -> bool:
    """SNO 9.4.2.3, 3.2.2: a hex on ``side``'s own side of the 1941 border."""
    return soviet_side_of_1941(R, hex_id) == (side == "soviet")


def finnish_area(R: Rules, state: State) -> frozenset[str]:
    """SNO 5.5.9: the Finnish-occupied hexes closed to Soviet units, attacks, supply and
    rail lines from September 1941 to June 1944 inclusive (empty in other months)."""
    return movement_rules.finnish_area(R) if movement_rules.finland_closed(state) else frozenset()


# ------------------------------------------------------------------ 3.4.6 rail lines
def rail_line(R: Rules, state: State, side: str) -> frozenset[str]:
    """SNO 3.4.6: the hexes from which ``side`` can trace a Rail Line to one of its supply
    source map edges: a path of hexes (a) not crossing a lake hex side, frozen or not, and
    (b) not through any hex in enemy ZOC, occupied by a friendly unit or not; nor, for the
    Soviets, through the Finnish area in 5.5.9's months."""
    # the set it may not enter, worked out once per arrangement of units (the ZOC it avoids
    # depends on the month); the flood itself is kept under that set (_rail_flood)
    key = (
        "rail_line",
        side,
        state["weather"],
        state["turn"],
        bool(state.get("hungary_active")),
        overrun_silenced(state),  # SNO 3.1.4: units being overrun have no ZOC to avoid
    )
    return kept(R, state, key, lambda: _rail_flood(R, state, side, _rail_shut(R, state, side)))  # type: ignore[no-any-return]


def _rail_shut(R: Rules, state: State, side: str) -> frozenset[str]:
    """The hexes a rail line of ``side`` may not enter (SNO 3.4.6b, 5.5.9)."""
    occ = occupancy(state)
    enemy = other(side)
    shut = {h for h, uids in occ.items() if R.unit(uids[0]).side == enemy}
    # SNO 3.4.6b: not through any hex in enemy ZOC, occupied by a friendly unit or not
    shut.update(zoc_table(R, state, enemy))
    if side == "soviet":
        shut |= finnish_area(R, state)  # SNO 5.5.9
    return frozenset(shut)


# A side's rail lines read only the hexes they may not enter: the enemy's units and their ZOC
# (and 5.5.9's months): kept under exactly that set, so a move or a placement of the side's
# own units (the RRP places many one after another) finds its rail lines ready, while the
# enemy's, which the move may shut, are worked out again. 64 sets: a few arrangements of
# both sides, in every state the engine is asked about meanwhile.
def _rail_flood(R: Rules, state: State, side: str, shut: frozenset[str]) -> frozenset[str]:
    """The hexes joined to ``side``'s supply edges by rail steps outside ``shut``. The month
    is not read: the steps are the same in every month (3.4.6a, ``_rail_steps``)."""
    return _rail_reach(R, side, shut)


@per_components(most=64)
def _rail_reach(R: Rules, side: str, shut: frozenset[str]) -> frozenset[str]:
    steps = _rail_steps(R)
    sources = [h for h in sorted(supply_edge(R, side)) if h in steps and h not in shut]
    ix = hex_index(R)  # the flood over hex numbers (core.paths.connected, a few times faster)
    ids = ix.ids
    found = connected_numbered([ix.num[h] for h in sources], _rail_index(R), ix.mask(shut))
    return frozenset([ids[i] for i in found])


@per_components()
def _rail_index(R: Rules) -> tuple[tuple[int, ...], ...]:
    """:func:`_rail_steps` by hex number (``hex_index``)."""
    return hex_index(R).steps(_rail_steps(R))


@per_components()
def _rail_steps(R: Rules) -> dict[str, tuple[str, ...]]:
    """Land hex -> the neighbours a rail line may step to: no sea or lake hex, no sea side, no
    lake side frozen or not (SNO 3.4.6a) - the same in every month, whatever freezes."""
    land = {h for h in R.map.grid.hexes() if R.map.terrain.get(h) not in ("sea", "lake")}
    return {
        h: tuple(
            n
            for n in R.map.grid.neighbours(h)
            # SNO 3.4.6a: never across a lake side, frozen or not (nor a sea side)
            if n in land and not {"lake", "sea"} & R.map.side_kinds(h, n).keys()
        )
        for h in sorted(land)
    }


def can_trace_rail_line(R: Rules, state: State, side: str, hex_id: str) -> bool:
    """SNO 3.4.6: ``side`` can trace a Rail Line from ``hex_id`` (a city) to a supply edge.

    Reading: the hex the line runs from is not a hex it "passes through" - it may be in enemy
    ZOC (3.4.6b is kept for every other hex of the line), but not enemy-occupied, nor (for the
    Soviets) in the Finnish area of 5.5.9's months."""
    return _traces(R, state, side, hex_id, rail_line(R, state, side))


def _traces(R: Rules, state: State, side: str, hex_id: str, line: frozenset[str]) -> bool:
    """:func:`can_trace_rail_line` given the side's :func:`rail_line`."""
    if hex_id in line:
        return True
    here = occupancy(state).get(hex_id)
    if here and R.unit(here[0]).side != side:
        return False  # an enemy-occupied city has no rail line
    if hex_id in finnish_area(R, state) and side == "soviet":
        return False  # SNO 5.5.9
    # SNO 3.4.6a-b: the line's next hex is one it may pass through
    return any(n in line for n in _rail_steps(R).get(hex_id, ()))


# ------------------------------------------------------------------ initial control
def initial(R: Rules, state: State, axis_side: frozenset[str] | None = None) -> None:
    """SNO 3.2.2, 12.11(5): at the start, each side controls the Major and Victory cities on
    its own side of the scenario's front line (``axis_side``: the hexes west of it) or, with
    none given, of the 1941 border - except those it cannot trace a rail line to. The seas
    follow (3.3)."""
    control: dict[str, str] = {}
    entered: dict[str, str] = {}
    for h in controlled_cities(R):
        if axis_side is None:
            side = "soviet" if soviet_side_of_1941(R, h) else "axis"
        else:
            side = "axis" if h in axis_side else "soviet"
        entered[h] = side  # SNO 3.2.2 'already control': the last to have entered it
        if can_trace_rail_line(R, state, side, h):
            control[h] = side
    state["control"] = control
    state["entered"] = entered
    state["seas"] = {}
    update(R, state)


def scenario_axis_side(R: Rules, scenario: str) -> frozenset[str] | None:
    """The hexes on the Axis side of a scenario's front line (12.3), or None for the 1941
    border: the map's region ``SNO 12.3 <scenario> Axis side``."""
    region = R.map.regions.get(f"SNO 12.3 {scenario} Axis side")
    return region.hexes if region is not None else None


# ------------------------------------------------------------------ 3.2.3-3.2.4, 3.3
def entered(R: Rules, state: State, uid: str, path: Sequence[str]) -> None:
    """SNO 3.2.3a, 3.2.4: a combat unit moving along ``path`` (its start hex first: a move, a
    retreat, an advance) enters every Major and Victory city on it after the start - its side
    is now the last to have entered each; :func:`update` then takes the city from the enemy
    (3.2.4) and gives it to the side if it can trace a rail line into it (3.2.3)."""
    unit = R.unit(uid)
    cities = {h: unit.side for h in path[1:] if h in _cities(R)}
    if unit.is_combat and cities:
        state["entered"] = {**state.get("entered", {}), **cities}  # replaced, never changed


@per_components()
def _cities(R: Rules) -> frozenset[str]:
    return frozenset(controlled_cities(R))


def update(R: Rules, state: State) -> None:
    """Bring city and sea control up to date (called after every action; idempotent).

    - SNO 3.2.3a: a side whose combat unit occupies a city is the last to have entered it.
    - SNO 3.2.4: the controller loses the city when an enemy unit enters it or when it can
      no longer trace a rail line into it.
    - SNO 3.2.3: a side gains it when its combat unit occupies or last entered it and it
      can trace a rail line into it.
    - SNO 3.3: then the seas.
    """
    control: dict[str, str] = state.setdefault("control", {})
    entered: dict[str, str] = state.setdefault("entered", {})
    seas = state.setdefault("seas", {})
    # what it reads besides where the units stand (and the rail lines kept with that): most
    # actions move no unit and change no control, and find the answer worked out before
    key = (
        "control-update",
        state["weather"],
        state["turn"],
        bool(state.get("hungary_active")),
        overrun_silenced(state),  # SNO 3.1.4: the rail lines it reads avoid fewer ZOCs
        tuple(control.items()),
        tuple(entered.items()),
        tuple(seas.items()),
    )
    new_control, new_entered, new_seas = kept(R, state, key, lambda: _updated(R, state))
    if new_control != control:
        state["control"] = dict(new_control)
    if new_entered != entered:
        state["entered"] = dict(new_entered)
    if new_seas != seas:
        state["seas"] = dict(new_seas)


def _updated(
    R: Rules, state: State
) -> tuple[dict[str, str], dict[str, str], dict[str, str | None]]:
    """:func:`update`'s city control, last entries and seas from the state's."""
    control: dict[str, str] = state["control"]
    entered: dict[str, str] = state["entered"]
    occ = occupancy(state)
    new_control = dict(control)
    new_entered = dict(entered)
    lines: dict[str, frozenset[str]] = {}  # each side's rail line, asked once

    def traces(side: str, h: str) -> bool:
        line = lines.get(side)
        if line is None:
            line = lines[side] = rail_line(R, state, side)
        return _traces(R, state, side, h, line)

    for h in controlled_cities(R):
        here = [u for u in occ.get(h, ()) if R.unit(u).is_combat]
        if here:
            new_entered[h] = R.unit(here[0]).side  # SNO 3.2.3a
        last = new_entered.get(h)
        owner = new_control.get(h)
        if owner is not None and (last == other(owner) or not traces(owner, h)):
            del new_control[h]  # SNO 3.2.4
            owner = None
        if owner is None and last is not None and traces(last, h):
            new_control[h] = last  # SNO 3.2.3
    # SNO 3.3: the seas from the cities' control now
    control_now = new_control if new_control != control else control
    return new_control, new_entered, update_seas(R, control_now, state["seas"])


def update_seas(
    R: Rules, control: dict[str, str], seas: dict[str, str | None]
) -> dict[str, str | None]:
    """SNO 3.3.2-3.3.6: who controls each sea area now, from the cities' control and who last
    controlled each sea (``seas``)."""
    out = dict(seas)
    for sea, names in SEA_CITIES.items():
        owners = [control.get(R.map.place_named(n).hex) for n in names]
        if len(set(owners)) == 1 and owners[0] is not None:
            out[sea] = owners[0]  # the player who (last) controlled the city, or both
        elif "axis" in owners and "soviet" in owners:
            out[sea] = None  # SNO 3.3.6: Azov split between the players - neither
        # otherwise 3.3.6: that of the player who last controlled it (unchanged)
    for sea in ALWAYS_SOVIET:
        out[sea] = "soviet"  # SNO 3.3.5
    return out


def sea_controller(R: Rules, state: State, sea: str) -> str | None:
    """SNO 3.3: the side controlling a sea area, or None."""
    if sea in ALWAYS_SOVIET:
        return "soviet"
    if sea not in sea_areas(R):
        raise KeyError(f"no sea area named {sea!r} on map {R.map.id}")
    side: str | None = state.get("seas", {}).get(sea)
    return side


def friendly_seas(R: Rules, state: State, side: str) -> frozenset[str]:
    """The sea areas under ``side``'s control (3.4.1)."""
    # SNO 3.3.1: read only by sea supply (9.4.1) and evacuation (8.3)
    return frozenset(s for s in sea_areas(R) if sea_controller(R, state, s) == side)
