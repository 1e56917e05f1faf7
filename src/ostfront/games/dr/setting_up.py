"""DR 3.0 Setting Up the Game: the Soviets set up first, then the Axis, each within the areas
of their set-up cards (military districts, army groups), within stacking limits.

A player may place every unit on its historical hex at once (``historical``), or pick units
one by one (``pick UNIT`` then ``place HEX``) inside the unit's set-up area. Either way a
unit sets up only within the stacking limits (3.0A, 3.0C): ``historical`` leaves a unit whose
hex the player has filled by hand to be placed by hand, and a hand placement must leave room
for every unit still to place (setup_room.py). Custom positions (``ostfront new
--position``) skip set-up altogether.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, cast

from ...core.memo import per_components
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from .control import initial_control
from .rules import Rules, State, kept, other, set_unit, units_at
from .scenario import SCENARIOS, load_scenario
from .setup import load_setup
from .setup_room import room_for
from .stacking import record_start_stacks, stack_problems
from .state import Card, PlayKeys, UnitRecord

PENDING_KINDS = ("setup_pick",)

#: Option id -> the optional rule it switches on (DR 8.2 and 12.x).
OPTION_RULES = {
    "axis-preparation": "12.1",
    "five-year-plan": "12.2",
    "early-start": "12.3",
    "universal-conscription": "12.4",
    "defiant-turkey": "12.5",
    "italian-africa": "12.6",
    "timoshenko": "12.7",
    "defiant-lithuania": "12.8",
    "hungarian-fast-corps": "12.9",
}


def option_rules(state: State) -> list[str]:  # DR 12.6: counters in or out by option
    """The optional rules in use, by number ("12.3"), as the counters name them."""
    options = state["options"]  # never changed once set up: its copies share it
    last = _OPTION_RULES
    if last[0] is not options:
        last[:] = [options, tuple(rule for oid, rule in OPTION_RULES.items() if options.get(oid))]
    return list(last[1])


#: The options table :func:`option_rules` was last asked about (kept alive here, so found by
#: identity) and its answer.
_OPTION_RULES: list[Any] = [None, ()]


def play_state(
    units: dict[str, UnitRecord],
    control: dict[str, str],
    *,
    turn: int,
    phase: str,
    weather: str | None = None,
    pools: dict[str, dict[str, int]] | None = None,
) -> State:
    """The game-specific keys of a state about to be played (layout in state.py), to be
    written into the state being set up (``state.update``)."""
    keys: PlayKeys = {
        "turn": turn,
        "phase": phase,
        "weather": weather,
        "snow_turns": 1 if weather == "snow" else 0,
        "units": units,
        "control": control,
        "fortress_lost": [],
        "pools": pools or {s: {"air": 0, "replacements": 0, "rail": 0} for s in ("axis", "soviet")},
        "done": [],
        "hexes_attacked": [],
        "pending": None,
        "stalin": "alive",
        "winner": None,
    }
    return cast(State, keys)  # the set-up's own keys, which update leaves in place


def initial_state(R: Rules, state: State) -> None:  # DR 3.0
    """A fresh game: every unit in its box, control as DR 6.4 gives it, set-up to begin."""
    rules = option_rules(state)
    units: dict[str, UnitRecord] = {}
    for uid, unit in sorted(R.counters.units.items()):
        if not unit.in_play(rules):
            at = "out"
        elif unit.start_code(rules) is not None:
            at = "unplaced"
        else:
            at = "reserve"
        reduced = unit.starts_reduced and "12.2" not in rules  # DR 3.0B, # DR 12.2
        units[uid] = {"at": at, "reduced": reduced, "oos": False}
    state.update(
        play_state(
            units,
            initial_control(R, rules),  # DR 6.4A-B, 12.8
            turn=0 if state["options"].get("early-start") else 1,
            phase="soviet_setup",
        )
    )


def scenario_options(state: State) -> list[str]:
    """The scenario card's own options in use (Defiant Poland's "slovakia")."""
    card: Mapping[str, Any] = state.get("card") or {}
    name = card.get("name") or state.get("scenario")
    if name not in SCENARIOS:
        return []
    return sorted(k for k in load_scenario(name).options if state["options"].get(k))


def initial_scenario_state(R: Rules, state: State, name: str) -> None:
    """A scenario with its own card (Defiant Poland): its units, control, closed hexes, turn
    length, supply sources and victory condition, as data (data/defiant-poland.toml)."""
    sc = load_scenario(name)
    chosen = scenario_options(state)
    units: dict[str, UnitRecord] = {
        uid: {
            "at": "unplaced" if sc.unit_options.get(uid, "") in ("", *chosen) else "out",
            "reduced": False,
            "oos": False,
        }
        for uid in sc.units
    }
    state.update(play_state(units, dict(sorted(sc.control.items())), turn=1, phase="soviet_setup"))
    state["card"] = scenario_card(name)


def scenario_card(name: str) -> Card:
    """The scenario card's rules (each marked reconstructed in its file), as the state keeps
    them: a game set up from the card, or from a custom position in its scenario."""
    sc = load_scenario(name)
    return {
        "name": name,
        "last_turn": sc.turns,
        "closed_hexes": sorted(sc.neutral),
        "supply_sources": {"axis": ["Berlin", "Vienna", "Konigsberg"], "soviet": ["Warsaw"]},
        "rail_limits": {"soviet": 0},
        "turn_one_border_rule": False,
        "victory": "survival",
    }


def enter(R: Rules, state: State) -> None:
    """Nothing happens by itself at the start of a set-up phase."""


def side_of_phase(state: State) -> str:
    return "soviet" if state["phase"] == "soviet_setup" else "axis"


def unplaced(R: Rules, state: State, side: str) -> list[str]:
    """The side's units still to set up (kept for the arrangement of the units)."""

    def work_out() -> tuple[str, ...]:
        units = state["units"]
        return tuple(
            u for u, d in units.items() if d["at"] == "unplaced" and R.unit(u).side == side
        )

    return list(kept(R, state, ("unplaced", side), work_out))


def area_of(R: Rules, state: State, uid: str) -> frozenset[str]:
    """Hexes where a unit may set up (its set-up code's area, widened by 12.8 if in use)."""
    if state.get("card"):
        return load_scenario(state["card"]["name"]).areas[R.unit(uid).side]
    rules = tuple(option_rules(state))
    code = R.unit(uid).start_code(rules)
    if code is None:
        return frozenset()
    return code_area(code, rules)


@cache
def code_area(code: str, rules: tuple[str, ...]) -> frozenset[str]:
    """A set-up code's area under these optional rules (the card's data: kept once read)."""
    return load_setup().area_for(code, rules)


def legal_hexes(R: Rules, state: State, uid: str, among: Iterable[str] | None = None) -> list[str]:
    """Hexes in the unit's area (or those of ``among`` in it) where adding it keeps the stack
    legal (DR 3.0A, 6.2) and leaves room for every unit of its side still to place
    (setup_room.py)."""
    area = area_of(R, state, uid)
    hexes = [
        h
        for h in sorted(area if among is None else area & set(among))
        if not stack_problems(R, state, [*units_at(state, h), uid], setup=True)
    ]
    waiting = unplaced(R, state, R.unit(uid).side)
    return room_for(R, state, uid, hexes, lambda u: area_of(R, state, u), waiting)


def actions(R: Rules, state: State) -> list[Action]:
    side = side_of_phase(state)
    pending = state.get("pending")
    if pending and pending["kind"] == "setup_pick":
        uid = pending["unit"]
        acts = [
            Action(
                "place",
                (h,),
                f"Set up {R.unit(uid).name} in {h}",
                "DR 3.0",
                side,
                role="move",
                units=(uid,),
                hexes=(h,),
                group="Set up in",
                highlight="place",
            )
            for h in legal_hexes(R, state, uid)
        ]
        return [
            *acts,
            Action("back", (), "Choose another unit", "DR 3.0", side, role="back", group="Back"),
        ]
    left = unplaced(R, state, side)
    weaken = early_start_weakening(R, state) if side == "soviet" else []
    if not left and weaken:
        return [
            Action(
                "weaken",
                (u,),
                f"Flip {R.unit(u).title} to its reduced side",
                "DR 12.3B",
                side,
                units=(u,),
                group="Weaken",
            )
            for u in weaken
        ]
    if not left:
        return [Action("done", (), "Set-up complete", "DR 3.0", side, role="end", group="Done")]
    acts = []
    if historical_fits(R, state, side):
        acts.append(
            Action(
                "historical",
                (),
                "Set up every remaining unit on its historical hex, where stacking allows",
                "DR 3.0",
                side,
                group="Historical",
            )
        )
    acts += [
        Action(
            "pick",
            (u,),
            f"Set up {R.unit(u).title}",
            "DR 3.0",
            side,
            role="select",
            units=(u,),
            group="Set up a unit",
        )
        for u in left
    ]
    return acts


def perform(R: Rules, state: State, action: Action) -> Outcome:
    side = side_of_phase(state)
    if action.verb == "pick":
        state["pending"] = {"kind": "setup_pick", "side": side, "unit": str(action.args[0])}
    elif action.verb == "back":
        state["pending"] = None
    elif action.verb == "place":
        uid = state["pending"]["unit"]
        set_unit(state, uid, at=str(action.args[0]))
        state["pending"] = None
    elif action.verb == "weaken":  # DR 12.3B
        uid = str(action.args[0])
        set_unit(state, uid, reduced=True)
        state.setdefault("weakened", []).append(uid)
    elif action.verb == "historical":
        place_historically(R, state, side)
    elif action.verb == "done":
        if side == "axis":
            record_start_stacks(R, state)  # DR 12.1: the stacks of three start play
        return DONE  # the set-up has no end-of-phase checks: the next step (DR 3.0)
    return None


def early_start_weakening(R: Rules, state: State) -> list[str]:
    """DR 12.3B: under Early Start the Soviet player flips three tank corps that begin at full
    strength to their reduced side. The corps still to choose from (empty once three are)."""
    if not state["options"].get("early-start") or len(state.get("weakened", [])) >= 3:
        return []
    return [
        u
        for u, d in sorted(state["units"].items())
        if R.unit(u).side == "soviet"
        and R.unit(u).type == "armor"
        and d["at"] not in ("out", "reserve")
        and not d["reduced"]
        and R.unit(u).reduced is not None
    ]


def historical_hexes(R: Rules, state: State, side: str) -> dict[str, str]:
    """Unplaced unit -> its hex on the historical set-up card (or the scenario card)."""
    if state.get("card"):
        placement = load_scenario(state["card"]["name"]).placement_for(scenario_options(state))
        return {uid: placement[uid] for uid in unplaced(R, state, side)}
    setup = load_setup()
    rules = option_rules(state)
    return {uid: setup.hex_for(uid, rules) for uid in unplaced(R, state, side)}


def fits(R: Rules, state: State, uid: str, h: str) -> bool:
    """DR 3.0A, 3.0C: "Units may not be set up in excess of stacking limits (6.2)" (and the
    others still to place keep room)."""
    return bool(legal_hexes(R, state, uid, among=(h,)))


def historical_fits(R: Rules, state: State, side: str) -> bool:
    """Whether ``historical`` would set up at least one unit (a unit whose hex the player has
    filled by hand is left to be set up by hand)."""
    return any(fits(R, state, u, h) for u, h in historical_hexes(R, state, side).items())


def place_historically(R: Rules, state: State, side: str) -> None:
    """Every unplaced unit of the side on its hex of the historical set-up card, in turn,
    where it keeps the stack within the limits (DR 3.0A, 3.0C); the others stay unplaced.

    Which units that sets up is worked out once for each set-up it starts from (the units
    table, the options, the scenario and its card, the stacks of 12.1 - what :func:`fits`
    reads): most games begin with the same historical set-up, and each unit's check of the
    room left for the others (setup_room.py) is most of a set-up's cost."""
    reads: Mapping[str, Any] = state
    start = json.dumps({k: reads[k] for k in SETUP_READS if k in reads}, sort_keys=True)
    for uid, h in _historical_placement(R, side, start):
        set_unit(state, uid, at=h)


#: What :func:`fits` reads of a state (and :func:`historical_hexes`): the units table, the
#: options, the scenario and its card, the stacks of 12.1.
SETUP_READS = ("units", "options", "scenario", "card", "start_stacks")


@per_components(most=8)
def _historical_placement(R: Rules, side: str, start: str) -> tuple[tuple[str, str], ...]:
    """The units :func:`place_historically` sets up from the state written as ``start`` (its
    :data:`SETUP_READS`), and their hexes, in order."""
    state = cast(State, json.loads(start))
    placed = []
    for uid, h in historical_hexes(R, state, side).items():
        if fits(R, state, uid, h):
            set_unit(state, uid, at=h)
            placed.append((uid, h))
    return tuple(placed)


def prompt(R: Rules, state: State) -> Prompt:
    side = side_of_phase(state)
    pending = state.get("pending")
    if pending and pending["kind"] == "setup_pick":
        return Prompt(side, f"Choose where {R.unit(pending['unit']).title} sets up", "DR 3.0")
    n = len(unplaced(R, state, side))
    if not n and side == "soviet" and early_start_weakening(R, state):
        left = 3 - len(state.get("weakened", []))
        return Prompt(
            side, f"Early Start: flip {left} more tank corps to reduced strength", "DR 12.3B"
        )
    first = "first" if side == "soviet" else "second"
    if n:
        return Prompt(
            side, f"Set up your units ({n} left; the {side} player sets up {first})", "DR 3.0"
        )
    return Prompt(
        side,
        f"Set-up complete: hand over to the {other(side)} player"
        if side == "soviet"
        else "Set-up complete: begin the first turn",
        "DR 3.0",
    )
