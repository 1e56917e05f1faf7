"""The Defiant Russia state layout: everything the DR modules read and write, declared for
mypy (a state stays a plain dict at run time). The state holds only what changes during
play; a unit's printed values are looked up in the counters."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from ...core.state import CoreState, Decision, Winner


class UnitRecord(TypedDict):
    """A unit's record in ``state["units"]`` (replaced whole, never changed in place:
    ``core.units.set_unit``)."""

    #: A hex, or a box (rules.BOXES): "unplaced" (awaiting set-up), "reserve" (not yet
    #: entered), "dead" (eliminated, may be rebuilt), "lost" (eliminated for good, 5.1E),
    #: "removed" (taken out without being eliminated: 11.4.5, 12.9), "out" (not in this
    #: game's optional rules)
    at: str
    reduced: bool
    oos: bool  # out of supply


class Pending(Decision, total=False):
    """A decision in progress: its "kind" says which module owns it, "side" who decides;
    the other keys are those of its kind."""

    unit: str  # the unit to place, displace...
    hex: str  # the hex overstacked, the fleet's hex
    battle: dict[str, Any]  # the battle in progress (combat.py, results.py)
    targets: list[str]  # an attack being declared: the hexes attacked
    attackers: list[str]  # and the units attacking
    air: int  # and the air points added


class Drop(TypedDict):
    """An airborne drop made (11.3)."""

    unit: str
    turn: int
    phase: str


class Card(TypedDict):
    """The scenario card of a scenario other than the campaign (Defiant Poland, 2.0)."""

    name: str
    last_turn: int
    closed_hexes: list[str]
    supply_sources: dict[str, list[str]]
    rail_limits: dict[str, int]
    turn_one_border_rule: bool
    victory: str


class PlayKeys(TypedDict):
    """The keys every DR state has once set up (setting_up.play_state)."""

    turn: int  # 0-7 (0 = May, Early Start 12.3)
    phase: str  # a name from rules.PHASES (sequence.py says what happens in each)
    weather: Any  # clear | light_mud | mud | snow; None during the set-up
    snow_turns: int  # how many Snow turns have begun (8.3.4 "first Snow turn")
    units: dict[str, UnitRecord]
    #: {hex: "axis" | "soviet"} for every hex a side controls (6.4); replaced whole, never
    #: changed in place (``control.set_control``): a state's copies share it
    control: dict[str, str]
    fortress_lost: list[str]  # fortresses an Axis unit has occupied (9.1.8E)
    pools: dict[str, dict[str, int]]  # {side: {"air": n, ...}} left this turn (11.7B)
    done: list[str]  # unit ids that have moved / attacked in the current phase
    hexes_attacked: list[str]  # hexes attacked in the current combat phase (7.1C)
    #: None, or the decision in progress (a :class:`Pending`): typed Any, as each module
    #: reads the decisions of its own kinds, knowing one is open
    pending: Any
    stalin: str  # "alive" | "dead" (13.0D)
    winner: Winner | None  # None until the game ends


class DRState(CoreState, PlayKeys):
    """A Defiant Russia state: the core keys, the play keys, and those of a phase or an
    optional rule in progress."""

    #: The movement phase in progress (movement.py): selected unit, units moved by rail,
    #: leaders left behind, control at the start of the phase (6.5.1)
    movement: NotRequired[dict[str, Any]]
    airborne_drops: NotRequired[list[Drop]]  # drops made (11.3)
    airborne_moved: NotRequired[dict[str, int]]  # {unit: turn} may not otherwise move (11.3.1E)
    org: NotRequired[dict[str, Any]]  # the organization phase in progress (organization.py)
    #: This phase's air points spent on fleets, Zhukov's hexes, the last battle (combat.py);
    #: a battle in progress lives in pending["battle"]
    combat: NotRequired[dict[str, Any]]
    #: Leaders who must roll for their lives after an elimination (11.6C-D)
    leader_checks: NotRequired[list[dict[str, Any]]]
    eliminated_at: NotRequired[dict[str, str | None]]  # {unit: hex} where it was eliminated
    turkey_at_war: NotRequired[bool]  # Turkey has entered the war (12.5)
    turkey_invaded: NotRequired[bool]  # a Soviet unit has entered Turkey (12.5A)
    weakened: NotRequired[list[str]]  # Soviet units set up weakened (Early Start, 12.3)
    #: {hex: units}: the stacks of three Germans set up under Axis Preparation none of whose
    #: units has left the hex (12.1, stacking.py)
    start_stacks: NotRequired[dict[str, list[str]]]
    card: NotRequired[Card]  # the scenario card, outside the campaign


def own(state: CoreState) -> DRState:
    """The door: the protocol hands the game's hooks (and its evaluator) the state as core
    knows it; a DR state has the keys declared here (set up by setting_up.py or
    positions.py)."""
    return cast(DRState, state)
