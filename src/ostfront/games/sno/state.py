"""What a Sturm Nach Osten state holds - only what changes during play, a unit's printed
values being the counters' - declared as TypedDicts for mypy: every key the SNO modules
read and write. At run time a state is still a plain dict."""

from __future__ import annotations

from typing import Any, NotRequired, Required, TypedDict, cast

from ...core.state import CoreState, Winner


class UnitRecord(TypedDict):
    """A unit's record in ``state["units"]`` (replaced whole, never changed in place:
    ``core.units.set_unit``)."""

    #: A hex, or a box (rules.BOXES): "pool" (never yet in play: may enter as a
    #: replacement, 11.7), "reserve" (a reinforcement not yet arrived, 11.15), "dead"
    #: (eliminated: may return as a replacement), "lost" (eliminated for good: garrisons,
    #: factories, juggernauts, 10.1.2, 10.5.5), "east" (a factory evacuated off board to
    #: the East, 10.4.8), "out" (not in this game)
    at: str
    dispersed: bool
    fortified: bool
    #: The back face up (absent: False): a juggernaut's weaker side (10.1), an armor unit's
    #: unrefitted side (10.3), a factory entrained (10.4.8), Zhukov's AD side (10.6.7); see
    #: rules.face
    flipped: NotRequired[bool]
    evac: NotRequired[dict[str, Any]]  # a factory's evacuation: {"began", "east"} (10.4.8)
    activation: NotRequired[str]  # a factory's postponed activation date (10.4.11)


class SNOState(CoreState, total=False):
    """A Sturm Nach Osten state: the core keys and the game's own (those of a phase in
    progress absent outside it)."""

    turn: Required[str]  # the month, "YYYY-MM" (SNO 1.0: one game-turn a month)
    #: The month the game began (12.11(1): a Soviet-first start omits that month's Axis
    #: player-turn only)
    start_turn: str
    phase: Required[str]  # a name from rules.PHASES ("axis_rrp", "axis_omp", ...)
    #: The side whose player-turn comes first in the scenario's first month (12.11(1));
    #: "soviet" skips that month's Axis player-turn
    first: str
    last_turn: str  # the month the game ends ("1945-05", or an earlier VDT by 15.7)
    weather: Required[Any]  # good | mud | snow (6.1); None during the set-up
    weather_plan: dict[str, str]  # {month: weather} fixed by the October and April rolls (6.1.3)
    units: Required[dict[str, UnitRecord]]
    control: dict[str, str]  # {city hex: side} each Major and Victory city controlled (3.2)
    entered: dict[str, str]  # {city hex: side} whose combat unit last entered (3.2.3a)
    seas: dict[str, str | None]  # {sea area: side} who last controlled each sea area (3.3)
    rf: dict[str, int]  # {side: replacement factors accumulated} (11.2, 11.3; 8.1.1)
    #: {"soviet": bool, "axis": [hexes]}: No Retreat orders in force for the non-phasing
    #: side this player-turn (7.5.2)
    no_retreat: dict[str, Any]
    orders: Any  # No Retreat orders being declared for the next enemy player-turn (7.5.2a)
    hungary_active: bool | None  # Hungary has been activated (5.5.11, 11.19)
    #: {city hex: [unit ids]} the owner's choice of units drawing siege supply where more
    #: than the city can supply try to (9.4.2.2)
    siege: dict[str, list[str]]
    #: The records of a phase or decision in progress are None (or absent) outside it, and
    #: typed Any: the module owning each reads it knowing it is open.
    omp: Any  # the movement phase in progress (movement.py)
    #: The combat phase in progress (combat/): the declared plan, what is resolved,
    #: disbandments
    combat: Any
    entered_rrp: dict[str, int]  # {hex: stacking points} placed there this RRP (11.8)
    #: The RRP in progress (replacements.py): cities held at its start (11.8),
    #: infantry-type replacements so far (11.11), the April free unit (11.14)
    rrp: dict[str, Any]
    #: The disband phase in progress (disband.py): started break-outs, the pockets' losses
    #: owed (8.2.1b, 8.2.2)
    breakout: Any
    evacuated: dict[str, Any]  # {"turn", sea: RFs} evacuated by sea this month (8.3.3)
    isolation: Any  # the 9.5.2 decision in progress (supply.py)
    #: None, or a decision in progress: its "kind" names the module that owns it, its
    #: "side" who decides (either side: losses, retreats, sieges); typed Any, as each module
    #: reads the decisions of its own kinds, knowing one is open
    pending: Required[Any]
    #: Soviet factories eliminated before the position or scenario began and not among its
    #: units (15.5); those eliminated in play are counted in the "dead"/"lost" boxes
    factories_lost: int
    #: {"returns": "YYYY-MM" | None, "with", "placed", "away", "ad", "spent", "eligible",
    #: "company", "seen"}: Zhukov's placement, return date and AD side (10.6, zhukov.py);
    #: Zhukov himself is a unit record (type zhukov)
    zhukov: dict[str, Any]
    leningrad_rule: bool  # option 13.0 in force (siege.capacity)
    hab: list[str]  # units with a Heavy Artillery Bonus marker (10.2.2: hab.py)
    #: [{"id", "attackers", "defenders", "where": {uid: hex}}] overrun attacks declared
    #: this player-turn (5.4.1: overrun.py); their defenders have no ZOC (3.1.4); resolved
    #: first in the Combat Phase, cleared at its end
    overruns: list[dict[str, Any]]
    #: Units with a Blitz marker (5.4.1b: overrun.py), cleared at the end of the Combat Phase
    blitz: list[str]
    #: The overrun being declared in the OMP: {"attackers", "defenders"} or None
    overrun_draft: dict[str, Any] | None
    fuel_short: list[str]  # armor-type units short of fuel this OMP (5.3.4: armor.py)
    #: Unrefitted armor units that may refit in this player-turn's Recovery Phase (10.3.5:
    #: armor.py); the OMP record's "guderian" lists the Guderian units with their bonus (5.3.3)
    refit: list[str]
    #: What the playing options have done (options/): {"siberian": {"from", "japan",
    #: "deficit", "cancelled"} (14.72-14.73), "partisans": the month implemented (14.82)}
    strategic: dict[str, Any]
    #: SNO 14.13: the May options permitted at creation, and the Axis player's declaration
    #: after the Soviet set-up (an option id, or "none"): options/choice.py
    may_permitted: list[str]
    may_declared: str
    winner: Required[Winner | None]  # None until the game ends


def own(state: CoreState) -> SNOState:
    """The door: the protocol hands the game's hooks the state as core knows it; an SNO
    state has the keys declared here (set up by setup.py or positions.py)."""
    return cast(SNOState, state)
