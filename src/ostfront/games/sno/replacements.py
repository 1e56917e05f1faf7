"""SNO 11.0 Replacements and Reinforcements, and 10.7 fortification: the handler of the
Replacement/Reinforcement Phase (RRP, "rrp").

On entering the phase (:func:`begin`) the Hungarian army is released in April 1942 (11.19),
the Italian 8th Army is withdrawn in October 1943 (11.18), the phasing player receives the
month's replacement factors (11.10-11.14; 12.A(6)a and 14.52/14.62 for the first month) and
the Major and Victory cities he holds at the start of his turn are noted (11.8). He then, in
any order:

- ``replace <uid> <hex>``: brings back a unit from the "pool" (never yet in play) or "dead"
  box for its replacement cost (11.5), dispersed (11.6), on an entry hex (11.8-11.9,
  :mod:`entry`);
- ``reinforce <uid> <hex>``: places a reinforcement due this month (11.15-11.17), free and
  undispersed; while one can be placed the phase cannot end;
- ``fortify <uid>`` / ``defortify <uid>`` (10.7.1, 10.7.8), once per unit a phase;
- the Soviet factories' evacuation steps ``entrain`` / ``evacuate`` / ``produce`` (10.4.8,
  :mod:`factories`);
- ``end``.

Units identical in every printed value and marking are interchangeable for every rule (the
rules that name a unit - 10.7.5e, 11.18, 15.8 - name one whose values or nationality differ):
one ``replace`` is offered per kind of unit, for the first of them by id.

Phase memory (cleared at the end): ``entered_rrp`` {hex: stacking points placed there this
RRP, 11.8-11.9} and ``rrp`` {"side", "held": the Major/Victory cities held at the start of
the turn (11.8), "infantry": Soviet infantry-type replacements this turn (11.11), "free":
whether the April free unit is still to be had (11.14), "changed": units fortified or
defortified this RRP, "producing": the factories counted in the month's RFs (10.4.10)}.
"""

from __future__ import annotations

from typing import Any

from ...core.memo import per_components
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import factories
from .counters import Unit
from .entry import HELD_CLASSES, entry_hex_tuple, entry_hexes, stacking_cost
from .movement_rules import HUNGARY_FROM
from .options import may1941, modernization, partisans, playing, siberian
from .rules import (
    Rules,
    State,
    counter_ids,
    hex_title,
    month_name,
    phasing_side,
    set_unit,
    side_units,
    unit_title,
    year,
)
from .tables import axis_rf, soviet_rf
from .units import defortify, fortify, may_defortify, may_fortify

# SNO 11.0: this module is the RRP; the playing options' decisions at its beginning are
# options/playing.py's (SNO 14.72-14.73, 14.82)
PENDING_KINDS: tuple[str, ...] = playing.PENDING_KINDS

GUARDS, GUARDS_FROM = "Gd", 1943  # SNO 11.7c: no Guards unit before 1943
TANK_ARMIES_FROM = 1942  # SNO 11.7b: no Soviet tank army before 1942
SS, SS_FROM = "SS", 1943  # SNO 11.7d: no German SS unit before 1943
APRIL = "04"  # SNO 11.14 SPECIAL
FREE_NATIONS = ("hungarian", "romanian", "italian")
ITALIAN_FREE_UNTIL = 1943  # SNO 11.14 SPECIAL: not the Italian unit in 1944 or 1945
FIRST_TURN_CAMPAIGN = ("1941", "1941-06", "campaign-1941-06")  # SNO 12.A(6)a
FIRST_TURN_MAY = ("1941-05", "option-may-1941")  # SNO 14.52, 14.62


def side_of(state: State) -> str:
    return phasing_side(state)


# ------------------------------------------------------------------ replacement factors
def victory_cities_held(R: Rules, state: State, side: str, territory: str | None = None,
                        doubles: bool = True) -> int:  # fmt: skip
    """Victory cities ``side`` controls (3.2): of one ``territory`` ("soviet": the Soviet
    Union's eight) or all; Berlin and Moscow counting two if ``doubles`` (App. I)."""
    total = 0
    for c in R.tables.spec.victory.cities:
        if state["control"].get(c.hex) == side and territory in (None, c.territory):
            total += c.value if doubles else 1
    return total


def factories_in_production(R: Rules, state: State) -> int:
    """SNO 11.10a, 10.4.7: Soviet factory units in production - on their city past their
    activation date, not entrained, with a rail line to it, or evacuated to the east
    (:func:`factories.producing`)."""
    return len(factories.producing(R, state))


def first_turn_rf(R: Rules, state: State, side: str) -> int | None:
    """SNO 12.A(6)a: in June 1941 (the Campaign Scenario) the Soviets receive 6 factors, the
    Axis 1; SNO 14.52/14.62: in May 1941 (either May option) 3 and 1. None: normal rules."""
    table = R.tables.spec.replacements.first_turn
    may = may1941.option(state) is not None  # SNO 14.13: the one declared
    turn = state["turn"]
    scenario, month, key = FIRST_TURN_CAMPAIGN
    if turn == FIRST_TURN_MAY[0]:
        key = FIRST_TURN_MAY[1]
    elif not (state.get("scenario") == scenario and turn == month and not may):
        return None
    found = {str(s): n for s, n in table[key].items()}
    return found[side]


def monthly_rf(R: Rules, state: State, side: str) -> int:
    """The replacement factors ``side`` receives this month."""
    first = first_turn_rf(R, state, side)
    if first is not None:
        return first
    y = year(state["turn"])
    if side == "soviet":  # SNO 11.10: factories, Soviet victory cities (Moscow once), Siberia
        return soviet_rf(
            R.tables,
            y,
            factories=factories_in_production(R, state),
            victory_cities=victory_cities_held(R, state, "soviet", "soviet", doubles=False),
        )
    # SNO 11.12: the base rate of the year (tables.axis_rf)
    return axis_rf(
        R.tables,
        y,
        # SNO 11.13: one per pair of Soviet victory cities held, Moscow counting two
        soviet_victory_cities_held=victory_cities_held(R, state, "axis", "soviet"),
        # SNO 11.14: never more than the victory cities the Axis controls now (Berlin and
        # Moscow two: App. I, 'for German replacements')
        axis_victory_cities=victory_cities_held(R, state, "axis"),
        daring=may1941.in_use(state, "may-daring"),  # SNO 14.62
        per_pair_extra=partisans.extra_per_pair(R, state),  # SNO 14.83
    )


# ------------------------------------------------------------------ entering the phase
def begin(R: Rules, state: State) -> None:
    side = side_of(state)
    turn = state["turn"]
    if turn >= HUNGARY_FROM and not state.get("hungary_active"):
        state["hungary_active"] = True  # SNO 11.19, 5.5.11: released in April 1942
    if side == "axis":
        withdraw(R, state)
    if playing.begin_player_turn(R, state, side):  # SNO 14.72-14.73, 14.82
        return  # the month's factors come once the decision is taken
    receive(R, state, side)


def receive(R: Rules, state: State, side: str) -> None:
    """The month's replacement factors, and the RRP's record."""
    turn = state["turn"]
    rf = dict(state.get("rf") or {})
    # SNO 11.1, 11.2: the month's factors, in the RRP of the player's own player-turn;
    # SNO 11.3: added to what is left from earlier turns
    produced = monthly_rf(R, state, side)
    if side == "soviet":
        produced = siberian.produce(R, state, produced)  # SNO 14.73a-b
    rf[side] = rf.get(side, 0) + produced
    state["rf"] = rf
    held = sorted(
        h
        for h, s in state["control"].items()
        if s == side and (p := R.map.place(h)) is not None and any(p.is_(k) for k in HELD_CLASSES)
    )
    state["entered_rrp"] = {}
    state["rrp"] = {
        "side": side,
        "held": held,  # SNO 11.8: held at the beginning of the player's current turn
        "infantry": 0,
        "free": side == "axis" and turn[5:] == APRIL,  # SNO 11.14 SPECIAL
        "changed": [],
        # SNO 10.4.10: the factories counted in this month's RFs (entraining gives one back)
        "producing": factories.producing(R, state) if side == "soviet" else [],
    }


def withdraw(R: Rules, state: State) -> None:
    """SNO 11.18: in the Axis RRP of October 1943 the Italian 8th Army leaves the game for
    good, from wherever it is; if it is already eliminated the rule is ignored (it stays in
    the dead box: the reading in docs/rules/sturm-nach-osten.md)."""
    for w in R.tables.spec.reinforcements.withdrawals:
        if w.month != state["turn"]:
            continue
        for uid in w.units:
            rec = state["units"].get(uid)
            if rec is None or rec["at"] in ("dead", "lost", "out"):
                continue
            set_unit(state, uid, at="lost", dispersed=False, fortified=False)  # SNO 11.18


# ------------------------------------------------------------------ who may enter
def arriving(R: Rules, state: State, side: str) -> list[str]:
    """SNO 11.15: reinforcements due by this month and not yet placed (the "reserve" box)."""
    turn = state["turn"]
    return [
        u
        for u in counter_ids(
            R, f"reinforcements-{side}", lambda x: x.side == side and bool(x.reinforcement)
        )
        if u in state["units"]
        and state["units"][u]["at"] == "reserve"
        and (siberian.arrival(R, state, u) or "9999") <= turn  # SNO 14.72-14.74
    ]


def free_ally(R: Rules, state: State, uid: str) -> bool:
    """SNO 11.14 SPECIAL: in his April RRP the Axis player may return one eliminated
    Hungarian, Romanian or Italian unit at no cost - not a Hungarian one while the Soviets
    control Budapest, nor a Romanian one while they control Bucharest (the nation's supply
    city, 9.1b-c), nor the Italian unit in 1944 or 1945."""
    rrp = state.get("rrp") or {}
    unit = R.unit(uid)
    if not rrp.get("free") or unit.side != "axis" or state["units"][uid]["at"] != "dead":
        return False
    if unit.nationality not in FREE_NATIONS:
        return False
    if unit.nationality == "italian":
        return year(state["turn"]) <= ITALIAN_FREE_UNTIL
    capital = capital_of(R, unit.nationality)
    return capital is None or state["control"].get(capital) != "soviet"


@per_components()
def _capitals(R: Rules) -> dict[str, str]:
    return {
        str(p.attrs["supply_source"]): h
        for h, p in R.map.places.items()
        if "supply_source" in p.attrs
    }


def capital_of(R: Rules, nationality: str) -> str | None:
    """The city a nation's units draw supply from (SNO 9.1b-c: Bucharest, Budapest)."""
    return _capitals(R).get(nationality)


def garrisons_on_board(R: Rules, state: State, side: str) -> int:
    return sum(1 for u in side_units(R, state, side) if R.unit(u).type == "garrison")


def replaceable(R: Rules, state: State, uid: str, garrisons: int | None = None) -> bool:
    """SNO 11.7: a unit not on the board (the "pool" or "dead" box) that may enter as a
    replacement now, RFs aside (``garrisons``: the Soviet garrisons on the board, if known)."""
    unit = R.unit(uid)
    at = state["units"][uid]["at"]
    if at not in ("pool", "dead"):
        return False  # "reserve": not yet arrived (11.15); "lost", "out": never
    if unit.replacement_cost is None:
        return False  # SNO 11.5, 10.1.2, 10.4.5, 10.5.5: never replaced
    if unit.reinforcement and at != "dead":
        return False  # SNO 11.7a: only once it has entered as a reinforcement and died
    if modernization.immediately_available(R, state, uid):
        return _within_infantry_limit(R, state, unit, garrisons)  # SNO 14.43
    if not may1941.available(state, unit) and not siberian.arrived_early(R, state, uid):
        return False  # SNO 11.7, 12.11(2): never before its date (14.64; 14.72)
    if unit.tank_army and year(state["turn"]) < TANK_ARMIES_FROM:
        return False  # SNO 11.7b: Guards tank armies too - they are tank armies
    if GUARDS in unit.markings and not unit.tank_army and year(state["turn"]) < GUARDS_FROM:
        return False  # SNO 11.7c (not a Guards tank army: 11.7b)
    if SS in unit.markings and year(state["turn"]) < SS_FROM:
        return False  # SNO 11.7d
    return _within_infantry_limit(R, state, unit, garrisons)


def _within_infantry_limit(R: Rules, state: State, unit: Unit, garrisons: int | None) -> bool:
    rrp = state.get("rrp") or {}
    # SNO 10.5.6, stated again as
    # SNO 11.11: no more Soviet infantry-type replacements a turn than garrisons
    return not (
        unit.side == "soviet"
        and unit.is_infantry_type
        and rrp.get("infantry", 0)
        >= (garrisons_on_board(R, state, "soviet") if garrisons is None else garrisons)
    )


def cost(R: Rules, state: State, uid: str) -> int:
    """SNO 11.5: the unit's unfortified combat factor - nothing for the April free unit."""
    if free_ally(R, state, uid):
        return 0  # SNO 11.14 SPECIAL
    return R.unit(uid).replacement_cost or 0


def _kind(unit: Unit) -> tuple[Any, ...]:
    """What makes two units the same choice (with whether each enters free, 11.14)."""
    return (
        unit.side,
        unit.nationality,
        unit.type,
        unit.front,
        unit.back,
        unit.back_is,
        unit.stacking,
        unit.markings,
        unit.white_move,
        unit.juggernaut,
        unit.tank_army,
        unit.code,
    )


@per_components()
def _candidates(R: Rules, side: str) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """Every counter of ``side`` with its kind (:func:`_kind`), in the order of their ids."""
    return tuple(
        (uid, _kind(R.unit(uid)))
        for uid in counter_ids(R, f"side-{side}", lambda x: x.side == side)
    )


def replacements(R: Rules, state: State, side: str) -> list[str]:
    """The units ``side`` may bring in as replacements now and can pay for, one of each
    kind (see the module's docstring)."""
    rf = (state.get("rf") or {}).get(side, 0)
    seen: set[tuple[Any, ...]] = set()
    out = []
    garrisons = garrisons_on_board(R, state, side)
    units = state["units"]
    free = bool((state.get("rrp") or {}).get("free"))  # free_ally's first test, asked once
    for uid, printed in _candidates(R, side):
        if uid not in units or units[uid]["at"] not in ("pool", "dead"):
            continue  # not replaceable (the first test of replaceable, asked cheaply)
        kind = (printed, free and free_ally(R, state, uid))
        if kind in seen:
            continue  # a unit of this kind is offered already
        if not replaceable(R, state, uid, garrisons):
            continue
        if cost(R, state, uid) > rf:
            continue  # SNO 11.2, 11.7: provided sufficient RFs are available
        seen.add(kind)
        out.append(uid)
    return out


# ------------------------------------------------------------------ the player's choices
# Placement actions are kept with the rules, at most 20,000: an RRP offers every kind of
# unit on every open entry hex (hundreds of actions), again after each placement, and the
# same unit, hex and price make the same action.
@per_components(most=20_000)
def _placement(R: Rules, verb: str, uid: str, h: str, price: int | None, side: str) -> Action:
    """A reinforcement (SNO 11.15) or a replacement for ``price`` RFs (11.7; 11.14 free)
    entering at ``h``."""
    if price is None:
        label = f"Reinforcement: {unit_title(R, uid)} enters at {hex_title(R, h)}"
        rule, group = "SNO 11.15", "Reinforcements"
    else:
        what = "free, SNO 11.14" if price == 0 else f"{price} RF"
        rule = "SNO 11.14" if price == 0 else "SNO 11.7"
        label = f"Replace {unit_title(R, uid)} at {hex_title(R, h)} ({what}; dispersed)"
        group = "Replacements"
    return Action(
        verb,
        (uid, h),
        label,
        rule,
        side,
        role="move",
        units=(uid,),
        hexes=(h,),
        group=group,
        highlight="place",
    )


# Lists of placement actions are kept with the rules, at most 2,000: a unit offered on the
# same entry hexes at the same price is the same list (found again after a placement
# elsewhere, in every RRP with the same open sites).
@per_components(most=2_000)
def _placements(
    R: Rules, verb: str, uid: str, hexes: tuple[str, ...], price: int | None, side: str
) -> tuple[Action, ...]:
    """:func:`_placement` on each of ``hexes`` in turn."""
    return tuple(_placement(R, verb, uid, h, price, side) for h in hexes)


#: SNO 10.7.1, 10.7.8: the rule and the group of the fortify and defortify actions
FORTIFYING = {"fortify": ("SNO 10.7.1", "Fortify"), "defortify": ("SNO 10.7.8", "Defortify")}


@per_components()
def _fortifying(R: Rules, verb: str, uid: str, side: str) -> Action:
    """The unit's fortify or defortify action (kept with the rules: the same unit makes the
    same action)."""
    rule, group = FORTIFYING[verb]
    return Action(
        verb, (uid,), f"{group} {unit_title(R, uid)}", rule, side, units=(uid,), group=group
    )


def actions(R: Rules, state: State) -> list[Action]:
    if state.get("pending"):
        return playing.actions(R, state)  # SNO 14.72-14.73, 14.82
    side = side_of(state)
    rrp = state.get("rrp") or {}
    acts: list[Action] = []
    must_place = False
    for uid in arriving(R, state, side):
        hexes = entry_hex_tuple(R, state, uid, reinforcement=True)
        if hexes:
            must_place = True
            acts += _placements(R, "reinforce", uid, hexes, None, side)
    for uid in replacements(R, state, side):
        price = cost(R, state, uid)
        hexes = entry_hex_tuple(R, state, uid, reinforcement=False)
        acts += _placements(R, "replace", uid, hexes, price, side)
    acts += factories.actions(R, state)  # SNO 10.4.8: evacuation in the Soviet RRP
    changed = set(rrp.get("changed", ()))
    for uid in side_units(R, state, side):
        if uid in changed:
            continue
        if may_fortify(R, state, uid):
            acts.append(_fortifying(R, "fortify", uid, side))
        elif may_defortify(state, uid):
            acts.append(_fortifying(R, "defortify", uid, side))
    if not must_place:  # SNO 11.15-11.16: reinforcements are placed in this RRP
        left = (state.get("rf") or {}).get(side, 0)
        acts.append(
            Action(
                "end",
                (),
                f"End the Replacement/Reinforcement Phase ({left} RF kept, 11.3)",
                "SNO 11.3",
                side,
                role="end",
                group="End the phase",
            )
        )
    return acts


def _placed(state: State, hex_id: str, points: int) -> None:
    placed = dict(state.get("entered_rrp") or {})
    placed[hex_id] = placed.get(hex_id, 0) + points
    state["entered_rrp"] = placed


def _note(state: State, **changes: Any) -> None:
    state["rrp"] = {**(state.get("rrp") or {}), **changes}


def perform(R: Rules, state: State, action: Action) -> Outcome:
    side = side_of(state)
    verb = action.verb
    if state.get("pending"):  # SNO 14.72-14.73, 14.82: then the month's factors
        if playing.perform(R, state, action):
            receive(R, state, side)
        return None
    if verb == "end":
        state["entered_rrp"] = {}
        state.pop("rrp", None)
        return DONE
    if verb in factories.VERBS:
        factories.perform(R, state, action)  # SNO 10.4.8
        return None
    uid = str(action.args[0])
    rrp = state.get("rrp") or {}
    if verb == "replace":
        h = str(action.args[1])
        price = cost(R, state, uid)
        free = free_ally(R, state, uid)
        infantry = R.unit(uid).is_infantry_type and side == "soviet"
        _placed(state, h, stacking_cost(R, uid, h))
        set_unit(state, uid, at=h, dispersed=True, fortified=False)  # SNO 11.6
        if state["units"][uid].get("flipped"):
            set_unit(state, uid, flipped=False)  # SNO 11.4: armor enters refitted
        state["rf"] = {**state["rf"], side: state["rf"][side] - price}  # SNO 11.2, 11.5
        _note(
            state,
            infantry=rrp.get("infantry", 0) + int(infantry),  # SNO 11.11
            free=bool(rrp.get("free")) and not free,  # SNO 11.14: one unit
        )
    elif verb == "reinforce":
        h = str(action.args[1])
        _placed(state, h, stacking_cost(R, uid, h))
        set_unit(state, uid, at=h, dispersed=False, fortified=False)  # SNO 11.15
    elif verb == "fortify":
        fortify(state, uid)  # SNO 10.7.1
        _note(state, changed=[*rrp.get("changed", ()), uid])
    elif verb == "defortify":
        defortify(state, uid)  # SNO 10.7.8
        _note(state, changed=[*rrp.get("changed", ()), uid])
    else:
        raise ValueError(f"the RRP has no action {action.text!r}")
    return None


def prompt(R: Rules, state: State) -> Prompt:
    if state.get("pending"):
        return playing.prompt(R, state)
    side = side_of(state)
    rf = (state.get("rf") or {}).get(side, 0)
    due = [u for u in arriving(R, state, side) if entry_hexes(R, state, u, reinforcement=True)]
    text = f"{month_name(state['turn'])} replacements: {rf} RF to spend"
    if due:
        text += f"; place your reinforcements ({len(due)} due)"
    return Prompt(side, text, "SNO 11.0")


__all__ = ["actions", "begin", "monthly_rf", "perform", "prompt", "replacements"]
