"""SNO 1.0 Sequence of Play: the phases of a month, who acts in each, and moving between them.

A game-turn is one month: A. Weather Determination, B. the Axis player-turn, C. the Soviet
player-turn. Each player-turn has four phases - Replacement/Reinforcement (RRP), Operational
Movement (OMP), Recovery, Combat - and Ostfront splits the end of the Combat Phase into the
steps the rules put there: voluntary disbandment and break-out (8.0.2), then, automatically,
isolation (9.5) and stacking (4.3); and the No Retreat orders a player declares at the end of
his own player-turn (7.5.2a).

:data:`TABLE` is the sequence of play, one row a phase (``core.phases.Phase``): its name, its
rule, its title, the *handler* module offering the phasing player's actions (``actions``,
``perform``, ``prompt``, and ``begin`` on entering the phase) and the checks that end it. A
decision in progress (``state["pending"]``) belongs to the module that lists its ``kind`` in
``PENDING_KINDS`` and may fall to either side. A handler's ``perform`` returns ``DONE`` once
the phasing player has ended the phase (or a decision opened by an end-of-phase check is
answered): :func:`end_phase` then runs the phase's checks - each may open a decision, after
which the phase ends again - and steps on, carrying out whatever the next phase does by
itself.
"""

from __future__ import annotations

from typing import Any

from ...core import phases
from ...core.phases import DONE, Phase
from ...core.protocol import Action, Prompt
from . import (
    armor,
    breakdown,
    combat,
    control,
    deployment,
    disband,
    isolation,
    juggernauts,
    movement,
    replacements,
    stacking,
    victory,
    weather,
    zhukov,
)
from .combat import orders
from .rules import (
    PHASES,
    Rules,
    State,
    next_month,
    other,
    phase_kind,
    phase_side,
    set_unit,
    turn_title,
)


def player_turn(side: str) -> tuple[Phase, ...]:
    """The phases of one player-turn (SNO 1.0 B), in order; the Recovery Phase is carried out
    by itself (no handler)."""
    s = side.title()
    return (
        Phase(f"{side}_rrp", "SNO 1.0 B; 11.0", f"{s} Replacement/Reinforcement Phase",
              replacements),
        Phase(f"{side}_omp", "SNO 1.0 B; 5.0", f"{s} Operational Movement Phase", movement,
              ends=(movement.finish,)),  # SNO 5.5.9
        Phase(f"{side}_form", "SNO 10.1.7", f"{s} forming juggernauts", juggernauts,
              ends=(stacking.check,)),  # SNO 10.1.7 forms before 4.3 checks: end of the OMP
        Phase(f"{side}_recovery", "SNO 1.0 B", f"{s} Recovery Phase"),
        Phase(f"{side}_combat", "SNO 1.0 B; 7.0", f"{s} Combat Phase", combat),
        Phase(f"{side}_disband", "SNO 8.0.2; 9.5; 4.3", f"{s} Disbandment and Break-out",
              disband, ends=(isolation.isolation, stacking.check)),  # end of the Combat Phase
        Phase(f"{side}_orders", "SNO 7.5.2a", f"{s} No Retreat orders", orders),
    )  # fmt: skip


#: Before the first month, the player moving second sets up first (SNO 12.12); then each
#: month its weather (carried out by itself), the Axis player-turn and the Soviet one.
TABLE = (  # SNO 1.0
    Phase("soviet_setup", "SNO 12.11-12.12", "Soviet set-up", deployment, setup=True),
    Phase("axis_setup", "SNO 12.11-12.12", "Axis set-up", deployment, setup=True),
    Phase("weather", "SNO 1.0 A; 6.1", "Weather Determination"),
    *player_turn("axis"),
    *player_turn("soviet"),
)
BY_NAME = phases.by_name(TABLE)
RULE = {phase.name: phase.rule for phase in TABLE}
#: Decision kind -> the module answering it, whichever phase it comes in.
PENDING = phases.pending_handlers(
    (deployment, replacements, movement, breakdown, combat, orders, disband, stacking,
     isolation)
)  # fmt: skip


# ------------------------------------------------------------------ handlers
def handler(state: State) -> Any:
    return phases.handler_of(state, BY_NAME, PENDING)


def active_side(state: State) -> str | None:
    return phases.deciding_side(state, phase_side)


def _anytime(state: State) -> bool:
    """Whether the phasing player's any-time choices are open now: in his own player-turn,
    while he is the one deciding (SNO 10.1.9: a juggernaut breaks down "at any time during
    his player-turn")."""
    side = phase_side(state["phase"])
    if side is None or phase_kind(state["phase"]) == "setup" or state.get("winner"):
        return False
    return active_side(state) == side


def actions(R: Rules, state: State) -> list[Action]:
    acts = phases.offered(R, state, handler(state))
    if _anytime(state):
        acts = acts + breakdown.anytime_actions(R, state)  # SNO 10.1.9
    return acts


def perform(R: Rules, state: State, action: Action) -> None:
    if action.verb in breakdown.ANYTIME_VERBS and _anytime(state):
        breakdown.perform_anytime(R, state, action)  # SNO 10.1.9
    elif handler(state).perform(R, state, action) == DONE:
        end_phase(R, state)
    control.update(R, state)  # SNO 3.2.3-3.2.4, 3.3: control follows every change
    zhukov.update(R, state)  # SNO 10.6.2: never alone in a hex


def prompt(R: Rules, state: State) -> Prompt:
    w = state.get("winner")
    if w is not None:
        return Prompt(None, f"The game is over: {w['reason']}", "SNO 15.0")
    p: Prompt = handler(state).prompt(R, state)
    return p


# ------------------------------------------------------------------ moving on
def begin(R: Rules, state: State) -> None:
    """Play begins at the state's phase (a new game's first set-up step, or a position's
    phase): a month from its weather (1.0 A), any other phase from its beginning - the
    bookkeeping that watches the sequence (Zhukov's, 10.6) sees that beginning too, and a
    position in a player-turn's RRP or OMP is where that player-turn starts (10.3.5)."""
    turn, phase = state["turn"], state["phase"]
    side = phase_side(phase)
    if phase == "weather":
        begin_month(R, state, turn)
    else:
        if side is not None and phase_kind(phase) in TURN_START_SEEN:
            armor.begin_player_turn(R, state, side)  # SNO 10.3.5: supply at the turn's start
        enter_phase(R, state, phase)
    zhukov.start(R, state, turn, phase)  # SNO 10.6.5, 10.6.7: as entered in play


#: The phases of a player-turn a position may start in whose player-turn start is still to
#: be seen (10.3.5's supply at the start of the player-turn, read for the Recovery Phase).
TURN_START_SEEN = ("rrp", "omp")


def end_phase(R: Rules, state: State) -> None:
    """The phasing player has finished the phase (or answered a decision opened by its
    end-of-phase checks): run the checks, then step into the next phase. SNO 1.0"""
    phases.end_phase(R, state, BY_NAME[state["phase"]].ends, advance)


def advance(R: Rules, state: State) -> None:
    """Step into the next phase (or player-turn, or month) and carry out its automatic parts."""
    phase = state["phase"]
    side = phase_side(phase)
    if side is None:  # the weather is settled: the first player-turn of the month
        begin_player_turn(R, state, first_side(state))
        return
    kind = phase_kind(phase)
    if kind == "setup":  # SNO 12.12: the player moving first sets up second
        if side != first_side(state):
            enter_phase(R, state, f"{other(side)}_setup")
        else:
            begin_month(R, state, state["turn"])
        return
    if kind == "orders":
        end_player_turn(R, state, side)
        return
    enter_phase(R, state, PHASES[PHASES.index(phase) + 1])


def enter_phase(R: Rules, state: State, phase: str) -> None:
    """Begin a phase: its handler's ``begin`` hook; the Recovery Phase is automatic, and a
    phase whose handler says there is nothing to decide in it (``skip``) is stepped over."""
    state["phase"] = phase
    side = phase_side(phase)
    module = BY_NAME[phase].handler
    if module is None:  # the Recovery Phase
        recovery(R, state, side or "axis")
        enter_phase(R, state, f"{side}_combat")
        return
    module.begin(R, state)
    skip = getattr(module, "skip", None)
    if skip is not None and skip(R, state) and state["phase"] == phase and not state.get("pending"):
        end_phase(R, state)


def recovery(R: Rules, state: State, side: str) -> None:
    """SNO 1.0 B Recovery Phase (7.7.2a): the phasing player removes the "dispersed" markers
    from all of his units."""
    armor.refit(R, state, side)  # SNO 10.3.5: flipped back in the Recovery Phase
    for uid, rec in list(state["units"].items()):
        if rec.get("dispersed") and R.unit(uid).side == side:
            set_unit(state, uid, dispersed=False)


def first_side(state: State) -> str:
    """The side whose player-turn opens this month: the Axis's (1.0 B), except in a scenario
    that begins with a Soviet player-turn, whose first month omits the Axis one (12.11(1))."""
    if state.get("first") == "soviet" and state["turn"] == state.get("start_turn"):
        return "soviet"
    return "axis"


def begin_player_turn(R: Rules, state: State, side: str) -> None:
    """A player-turn begins: the No Retreat orders its opponent declared take effect for it
    (7.5.2a), then its Replacement/Reinforcement Phase."""
    orders.take_effect(state)
    armor.begin_player_turn(R, state, side)  # SNO 10.3.5: supply at the start of the turn
    enter_phase(R, state, f"{side}_rrp")


def end_player_turn(R: Rules, state: State, side: str) -> None:
    """A player-turn ends: units left on an all-lake hex after a thaw are lost (6.3.4), the
    victory check of a Victory Determination Turn (15.1), then the other player-turn or the
    next month."""
    movement.thaw_losses(R, state, side)  # SNO 6.3.4
    victory.check(R, state)
    if state.get("winner") is not None:
        return
    if side == "axis":
        begin_player_turn(R, state, "soviet")
        return
    begin_month(R, state, next_month(state["turn"]))


def begin_month(R: Rules, state: State, turn: str) -> None:
    """SNO 1.0 A: a new game-turn; its weather is determined, then the first player-turn."""
    state["turn"] = turn
    state["phase"] = "weather"
    weather.determine(R, state)
    advance(R, state)


def title(state: State) -> str:
    return str(describe(state)["title"])


def describe(state: State) -> dict[str, Any]:
    return phases.describe(state, BY_NAME[state["phase"]], turn_title(state["turn"]))


__all__ = [
    "PHASES",
    "TABLE",
    "actions",
    "active_side",
    "advance",
    "end_phase",
    "other",
    "perform",
    "prompt",
]
