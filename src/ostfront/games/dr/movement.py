"""DR 6.0 Movement: the initial (4.3, 4.8) and exploitation (4.5, 4.10) movement phases.

The phasing player ``select``s a unit that can still move, then sends it ``to`` a hex it can
reach (the cost in MPs is in the label), moves it by ``rail`` (6.5, :mod:`rail`), by ``sea``
(11.5.5, :mod:`navy`) or ``drop``s it (11.3, :mod:`airborne`); ``deselect`` picks another;
``done`` ends the phase. A unit moves once a phase (``state["done"]``). Leaders travel with
the unit they accompany (``leave``/``take`` choose when another companion stays behind);
Zhukov and Timoshenko also move on their own (11.6.4B-C, 12.7A-B).

State keys owned here::

    movement    {"phase": "turn:phase", "selected": uid | None, "leave": [leader ids left
                behind by the selected unit], "rail": [ids moved by rail this phase],
                "control_before": {hex: side | ""}} - stale (ignored) once the phase changes;
                ``control_before`` keeps the control of every hex changed this phase, so
                control at the start of the phase can be read back (6.5.1)
    airborne_drops  [{"unit", "turn", "phase"}] every drop made (11.3.1E-F, 11.3.2E-F; read
                by combat for 11.3.xE)
    airborne_moved  {uid: turn} the last turn an airborne unit moved otherwise (11.3.1E)

What a unit may enter, what it costs, its allowance and the phase record are in
:mod:`movement_rules`; leaders in :mod:`movement_leaders`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.memo import facts_of
from ...core.paths import Reach, Step, path_to, paths_to, reach_numbered
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import airborne, navy, rail
from .counters import Unit
from .movement_leaders import (
    RIVAL,
    carried,
    end_rule,
    escorts,
    marshal_may_move,
    marshal_reach,
)
from .movement_rules import (
    TURKISH_RESERVES,
    WHOLE,
    allowance,
    allowances_alone,
    armor_zoc_to_zoc,
    control_at_start,
    country_of,
    entry_rule,
    full_fleet_near,
    immobile,
    immobility,
    is_sivash,
    kind,
    may_enter,
    numbered_steps,
    record,
    row_of,
    side_cost,
    stops_in_zoc,
    take_control,
    terrain_cost,
    turn_one,
    writable,
)
from .rail import rail_destinations as by_rail
from .rules import (
    BOX_SET,
    Rules,
    State,
    counter_ids,
    ground_hexes,
    hex_index,
    hex_of,
    kept,
    occupancy,
    on_map,
    other,
    phasing_side,
    remember,
    remembered,
    set_unit,
)
from .zoc import zoc_hexes

PENDING_KINDS = ("fleet_displacement",)


# ------------------------------------------------------------------ reach
def ground_reach(R: Rules, state: State, uid: str, goal: str | None = None) -> Mapping[str, Step]:
    """DR 6.1, 6.3.1-6.3.2: every hex the ground unit can reach this phase (with its path;
    with a ``goal``, the search may stop once the way there is known)."""
    start = hex_of(state, uid)
    if start is None or immobile(R, state, uid):
        return {}
    unit = R.unit(uid)
    side = unit.side
    carrying = carried(R, state, uid)
    budget = allowance(R, state, uid, carrying)  # DR 6.1.1: never more than this
    if budget <= 0:
        return {}
    zoc = zoc_hexes(R, state, other(side))
    armor = unit.type == "armor"
    z2z_armor = armor and armor_zoc_to_zoc(R, state, uid, carrying)
    friends = ground_hexes(R, state, side)
    alone = not any(  # no other friendly ground unit in the hex the unit starts from
        u != uid and R.unit(u).is_ground and R.unit(u).side == side
        for u in occupancy(state).get(start, ())
    )

    # the terrain and hexsides' costs, worked out once for the map (by hex number); the
    # hexes in enemy ZOC flagged by number once for that ZOC
    steps = numbered_steps(R, state["weather"], unit.type, side)
    index = hex_index(R)
    ids = index.ids
    enterable = entry_rule(R, state, uid, carrying)
    zoc_of = index.mask_of(zoc)
    s = index.num[start]

    def friendly(h: str) -> bool:  # "another friendly unit currently occupies the hex"
        return h in friends and not (h == start and alone)

    def may_enter(b: int) -> bool:
        return enterable(ids[b])

    def zoc_to_zoc(a: int, b: int, cost: float) -> float | None:  # DR 6.3.1B, 6.3.2B
        if friendly(ids[a]) and friendly(ids[b]):
            return cost
        if not z2z_armor:
            return None
        return cost + 1  # DR 6.3.2C

    def strait(a: int, b: int, spent: float) -> float | None:  # its cost depends on the fleets
        hc = terrain_cost(R, state, uid, ids[b])
        sc = side_cost(R, state, uid, ids[a], ids[b])
        if hc is None or sc is None:
            return None
        if sc == WHOLE:  # DR 9.3.3A: begin in the hex and spend the whole allowance
            return budget if a == s and spent == 0 else None
        cost = hc + sc
        if zoc_of[a] and zoc_of[b]:
            return zoc_to_zoc(a, b, cost)
        return cost

    # DR 6.3.1A, 6.3.2A; # DR 8.3.3: Armor too in Mud: stops in enemy ZOC not friendly held
    # (the start is never asked)
    stops = index.mask_of(zoc, friends) if stops_in_zoc(R, state, uid) else None

    # DR 6.1.4 (and # DR 6.6.4 in exploitation): one hex always, but not ZOC to ZOC
    def one_hex(a: int, b: int) -> bool:
        return not (zoc_of[a] and zoc_of[b])

    return reach_numbered(
        index,
        start,
        budget,
        steps,
        may_enter,
        odd=strait,
        pair=zoc_of,
        on_pair=zoc_to_zoc,
        stops=stops,
        one_hex_minimum=True,
        may_always_enter=one_hex,
        goal=goal,
    )


def reach_of(R: Rules, state: State, uid: str, goal: str | None = None) -> Mapping[str, Step]:
    """Every hex ``uid`` can move to now, with paths (the start hex included; not to be
    changed: it may be remembered). Rail lines play no part in it (6.5.4)."""
    # DR 6.0: a side moves some, none or all of its units
    # DR 6.5.4: a rail line does not lower the terrain costs
    unit = R.unit(uid)
    if unit.side != phasing_side(state) or not on_map(state, uid) or uid in state["done"]:
        return {}
    if goal is None:  # the whole reach: the same for everyone who asks while it is read
        known = remembered(state, f"reach-{uid}")
        if known is not None:
            return known  # type: ignore[no-any-return]
    found: Mapping[str, Step]
    if unit.type == "fleet":
        found = navy.fleet_reach(R, state, uid)
    elif unit.is_leader:
        found = marshal_reach(R, state, uid) if unit.name in RIVAL else {}
    else:
        found = ground_reach(R, state, uid, goal)
    return remember(state, f"reach-{uid}", found) if goal is None else found


def reachable(R: Rules, state: State, uid: str) -> dict[str, int]:
    """Hex -> MPs spent, for every hex the unit can move to this phase (not its own)."""
    return destinations(R, state, uid, reach_of(R, state, uid))


def may_move_on_own(R: Rules, state: State, uid: str) -> bool:
    """``bool(reachable(R, state, uid))`` for Zhukov or Timoshenko: his search (when not
    already made for this state) stops at the first hex he may end in."""
    if remembered(state, f"reach-{uid}") is not None:
        return bool(reachable(R, state, uid))
    unit = R.unit(uid)
    if unit.side != phasing_side(state) or not on_map(state, uid) or uid in state["done"]:
        return False  # as reach_of
    return marshal_may_move(R, state, uid)


def destinations(R: Rules, state: State, uid: str, found: Mapping[str, Step]) -> dict[str, int]:
    """:func:`reachable` from the unit's :func:`reach_of` result ``found``."""
    if len(found) < 2:
        return {}
    start = hex_of(state, uid)
    ends = end_rule(R, state, uid, occupancy(state))
    if isinstance(found, Reach):  # its lists, without a Step made for each hex
        costs = sorted(zip(found.hexes(), found.cost, strict=True))
    else:
        costs = sorted((h, s.cost) for h, s in found.items())
    return {h: int(c) for h, c in costs if h != start and ends(h)}


def rail_destinations(R: Rules, state: State, uid: str) -> list[str]:
    """Hexes the unit may move to by rail now (see :func:`rail.rail_destinations`)."""
    return by_rail(R, state, uid)


# ------------------------------------------------------------------ moving
def move_unit(R: Rules, state: State, uid: str, path: list[str]) -> None:
    """Carry out a move along ``path`` (start hex first): leaders along, control, fortresses,
    fleet displacement. The unit has moved for this phase."""
    unit = R.unit(uid)
    escort = carried(R, state, uid)
    dest = path[-1]
    set_unit(state, uid, at=dest)
    for lid in escort:
        set_unit(state, lid, at=dest)  # DR 11.6.1B, 11.6.2B
    state["done"].append(uid)
    if unit.is_ground:
        take_control(R, state, unit.side, path[1:])  # DR 6.4C, 12.5A
        if unit.side == "axis":
            for h in path[1:]:
                place = R.map.place(h)
                if place is not None and place.is_("fortress") and h not in state["fortress_lost"]:
                    state["fortress_lost"].append(h)  # DR 9.1.8E
            navy.check_displacement(R, state, dest)  # DR 11.5.2
        if unit.type == "airborne":
            state.setdefault("airborne_moved", {})[uid] = state["turn"]  # DR 11.3.1E


# ------------------------------------------------------------------ by rail and by sea
def rail_move(
    R: Rules, state: State, uid: str, dest: str, found: Mapping[str, Step] | None = None
) -> None:
    """Move a unit by rail (6.5); it counts against the limit and may not move again this
    phase (6.5.3A), except a marshal's three hexes (11.6.4B, 12.7A). ``found``: the unit's
    :func:`rail.rail_reach` on this state, if already worked out."""
    path = path_to(rail.rail_reach(R, state, uid) if found is None else found, dest)
    writable(state)["rail"].append(uid)
    if R.unit(uid).is_leader:
        set_unit(state, uid, at=dest)
    else:
        move_unit(R, state, uid, path)  # DR 6.5.3A


def sea_transport(R: Rules, state: State, uid: str, dest: str) -> None:
    """DR 11.5.5C: the unit's whole allowance; the fleet sails with it."""
    start = hex_of(state, uid)
    fleet = navy.fleet_in(R, state, start or "")
    assert start is not None and fleet is not None
    move_unit(R, state, uid, [start, dest])  # leaders along, control (6.4C), moved
    set_unit(state, fleet, at=dest)
    state["done"].append(fleet)


def selectable(R: Rules, state: State) -> list[str]:
    """Units of the phasing side that may still move (cheap checks, no reach)."""
    side = phasing_side(state)
    exploit = kind(state) == "exploit"
    done = set(state["done"])
    units = state["units"]
    with_leaders = leader_hexes(R, state) if exploit else frozenset()  # who may go along
    held = immobility(R, state)
    alone = allowances_alone(R, state)
    out = []
    for uid, unit, how in movers(R, side):
        record = units.get(uid)
        if record is None or uid in done or record["at"] in BOX_SET:
            continue
        if how == "fleet":
            ok = navy.may_sail(R, state, uid)
        elif how == "leader":
            ok = unit.name in RIVAL and (
                rail.may_rail(R, state, uid) or may_move_on_own(R, state, uid)
            )
        else:
            # only exploitation MPs depend on a leader going along (Guderian, 6.6.3B)
            escort = carried(R, state, uid) if exploit and record["at"] in with_leaders else []
            ok = (
                not held(uid) and (allowance(R, state, uid, escort) if escort else alone(uid)) > 0
            ) or (unit.type == "airborne" and airborne.can_drop(R, state, uid))
        if ok:
            out.append(uid)
    return out


def movers(R: Rules, side: str) -> tuple[tuple[str, Unit, str], ...]:
    """The side's counters (sorted by id), each with its counter and whether it moves as a
    fleet, a leader or a unit: worked out once for the counter mix."""
    facts = facts_of(R.counters)
    found: tuple[tuple[str, Unit, str], ...] | None = facts.get(("movers", side))
    if found is None:
        found = facts["movers", side] = tuple(
            (uid, u, "fleet" if u.type == "fleet" else "leader" if u.is_leader else "unit")
            for uid in counter_ids(R, side, lambda u: u.side == side)
            for u in (R.unit(uid),)
        )
    return found


def leader_hexes(R: Rules, state: State) -> frozenset[str]:
    """The hexes holding a leader."""

    def work_out() -> frozenset[str]:
        leaders = counter_ids(R, "leaders", lambda u: u.is_leader)
        at = [state["units"][lid]["at"] for lid in leaders if lid in state["units"]]
        return frozenset(h for h in at if h not in BOX_SET)

    return kept(R, state, ("leaders",), work_out)  # type: ignore[no-any-return]


def stranded_marshals(R: Rules, state: State) -> list[str]:
    """Zhukov or Timoshenko alone in a hex but able to join a Soviet ground unit: the phase
    may not end until he does (11.6.4D, 12.7C)."""
    if phasing_side(state) != "soviet":
        return []
    occ = occupancy(state)
    out = []
    for uid in counter_ids(R, "marshals", lambda u: u.is_leader and u.name in RIVAL):
        if uid not in state["units"] or (h := hex_of(state, uid)) is None:
            continue
        if any(R.unit(u).is_ground and R.unit(u).side == "soviet" for u in occ[h]):
            continue
        if may_move_on_own(R, state, uid):
            out.append(uid)
    return out


# ------------------------------------------------------------------ the handler
def actions(R: Rules, state: State) -> list[Action]:  # DR 4.3, # DR 4.5, # DR 4.8, # DR 4.10

    if state.get("pending"):
        return navy.displacement_actions(R, state)
    side = phasing_side(state)
    rule = "DR 6.6" if kind(state) == "exploit" else "DR 6.0"
    sel = record(state)["selected"]
    if sel is None:
        acts = [select_action(R, u, rule, side) for u in selectable(R, state)]
        if stranded_marshals(R, state):  # DR 11.6.4D, 12.7C: not before he rejoins a unit
            return acts
        return [*acts, Action("done", (), "End the phase", rule, side, role="end", group="Done")]
    name = R.unit(sel).title
    escort = carried(R, state, sel)
    if escort:
        name += " with " + " and ".join(R.unit(lid).title for lid in escort)
    moving = (sel, *escort)
    acts = [
        Action(
            "drop",
            (h,),
            f"{name} drops into {h} (die roll)",
            airborne.rule(R, sel),
            side,
            role="move",
            units=moving,
            hexes=(h,),
            group="Drop",
            highlight="drop",
        )
        for h in airborne.drop_hexes(R, state, sel)
    ]
    found = reach_of(R, state, sel)  # the moves carry it: perform finds their paths in it
    ends = destinations(R, state, sel, found)
    ways = paths_to(found, ends)
    move = Action(
        "to", (), "", rule, side, found, role="move", units=moving, group="Move to",
        highlight="move",
    )  # fmt: skip
    acts += [
        move.variant((h,), f"{name} to {h} ({cost} MP)", hexes=(h,), path=ways[h], cost=cost)
        for h, cost in ends.items()
    ]
    acts += _rail_and_sea(R, state, sel, name, moving, side)
    _, optional = escorts(R, state, sel)
    leave = record(state)["leave"]
    for lid in optional:
        verb, what = ("take", "with") if lid in leave else ("leave", "without")
        label = f"Move {R.unit(sel).title} {what} {R.unit(lid).title}"
        acts.append(
            Action(verb, (lid,), label, "DR 11.6", side, units=(lid,), group=verb.capitalize())
        )
    acts.append(
        Action(
            "deselect",
            (),
            f"Choose another unit than {name}",
            rule,
            side,
            role="back",
            group="Choose another unit",
        )
    )
    return acts


def _rail_and_sea(
    R: Rules, state: State, sel: str, name: str, moving: tuple[str, ...], side: str
) -> list[Action]:
    """The selected unit's moves by rail (DR 6.5) and by sea (DR 11.5.5)."""
    by_rail, rail_dests = rail.rail_options(R, state, sel)
    ways = paths_to(by_rail, rail_dests)
    by_train = Action(
        "rail", (), "", "DR 6.5", side, by_rail, role="move", units=moving,
        group="Move by rail", highlight="rail",
    )  # fmt: skip
    acts = [
        by_train.variant((h,), f"{name} by rail to {h}", hexes=(h,), path=ways[h])
        for h in rail_dests
    ]
    acts += [
        Action(
            "sea",
            (h,),
            f"{name} by sea to {h}",
            "DR 11.5.5",
            side,
            role="move",
            units=moving,
            hexes=(h,),
            group="Move by sea",
            highlight="sea",
        )
        for h in navy.sea_destinations(R, state, sel)
    ]
    return acts


_SELECT: dict[tuple[str, str, str], tuple[Rules, Action]] = {}


def select_action(R: Rules, uid: str, rule: str, side: str) -> Action:
    """``select UNIT``: the same action every time it is offered, so made once."""
    known = _SELECT.get((uid, rule, side))
    if known is None or known[0] is not R:
        act = Action(
            "select",
            (uid,),
            f"Move {R.unit(uid).title}",
            rule,
            side,
            role="select",
            units=(uid,),
            group="Move a unit",
        )
        known = _SELECT[(uid, rule, side)] = (R, act)
    return known[1]


def perform(R: Rules, state: State, action: Action) -> Outcome:
    if state.get("pending"):
        navy.displace(R, state, str(action.args[0]))
        return None
    rec = writable(state)
    verb = action.verb
    arg = str(action.args[0]) if action.args else ""
    sel = rec["selected"]
    if verb == "select":
        rec.update(selected=arg, leave=[])
    elif verb == "deselect":
        rec.update(selected=None, leave=[])
    elif verb == "leave":
        rec["leave"].append(arg)
    elif verb == "take":
        rec["leave"].remove(arg)
    elif verb == "done":
        state.pop("movement", None)
        return DONE
    else:
        if verb == "to":  # the reach the action was offered with, or the search again
            found = action.payload or reach_of(R, state, sel, goal=arg)
            move_unit(R, state, sel, path_to(found, arg))
        elif verb == "rail":
            rail_move(R, state, sel, arg, action.payload)
        elif verb == "sea":
            sea_transport(R, state, sel, arg)
        elif verb == "drop":
            airborne.drop(R, state, sel, arg)
        rec = writable(state)
        rec.update(selected=None, leave=[])
    return None


def prompt(R: Rules, state: State) -> Prompt:
    if state.get("pending"):
        return navy.displacement_prompt(R, state)
    side = phasing_side(state)
    sel = record(state)["selected"]
    phase = "exploitation movement" if kind(state) == "exploit" else "movement"
    if sel is not None:
        return Prompt(side, f"Choose where {R.unit(sel).title} moves", "DR 6.1")
    if stranded_marshals(R, state):
        return Prompt(
            side,
            "Zhukov and Timoshenko must end the phase stacked with a Soviet ground unit",
            "DR 11.6.4D",
        )
    return Prompt(
        side,
        f"Move your units ({phase}), then end the phase",
        "DR 6.6" if kind(state) == "exploit" else "DR 6.0",
    )


__all__ = [  # the handler, the helpers for the AI and the browser, and re-exports
    "TURKISH_RESERVES",
    "actions",
    "allowance",
    "control_at_start",
    "country_of",
    "full_fleet_near",
    "is_sivash",
    "may_enter",
    "perform",
    "prompt",
    "rail_destinations",
    "reachable",
    "row_of",
    "side_cost",
    "terrain_cost",
    "turn_one",
]
