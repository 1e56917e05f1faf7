"""DR 4.0 Sequence of Play: the phases of a turn, who acts in each, and moving between them.

:data:`TABLE` is the sequence of play, one row a phase (``core.phases.Phase``): its name, its
rule, its title, the *handler* module offering the phasing player's actions (``actions``,
``perform``, ``prompt``) and the checks that end it. A decision in progress
(``state["pending"]``) belongs to the module listing its ``kind`` in ``PENDING_KINDS`` and may
fall to either side (a defender's losses, say). A handler's ``perform`` returns ``DONE`` once
the phasing player has ended the phase (or an end-of-phase decision is answered): then
:func:`end_phase` applies the end-of-phase checks and steps into the next phase, carrying out
whatever that phase does by itself (rolling the weather, tracing supply, receiving air
points).
"""

from __future__ import annotations

from typing import Any

from ...core import phases
from ...core.phases import DONE, Phase
from ...core.protocol import Action, Prompt
from . import combat, movement, optional, organization, setting_up, stacking, victory, weather
from .rules import PHASES, Rules, State, other, phase_kind, phase_side

STACKING = (stacking.start_end_of_phase_check,)  # DR 6.2: limits hold at the end of a phase

#: Set-up comes before the first turn: the Soviets first, then the Axis (DR 3.0A, 3.0C).
SETUP = (
    Phase("soviet_setup", "DR 3.0A", "Soviet set-up", setting_up, setup=True),
    Phase("axis_setup", "DR 3.0C", "Axis set-up", setting_up, setup=True),
)
#: The phases of one turn, in order (DR 4.1-4.12); the weather and the end of the turn are
#: carried out by themselves (no handler).
TURN = (  # DR 4.0
    Phase("weather", "DR 4.1", "Weather Phase"),
    Phase("axis_org", "DR 4.2", "Axis Organization Phase", organization, STACKING),
    Phase("axis_move", "DR 4.3", "Axis Movement Phase", movement, STACKING),
    Phase("axis_combat", "DR 4.4", "Axis Combat Phase", combat, STACKING),
    Phase("axis_exploit", "DR 4.5", "Axis Exploitation Phase", movement, STACKING),
    Phase("axis_exploit_combat", "DR 4.6", "Axis Exploitation Combat Phase", combat, STACKING),
    Phase("soviet_org", "DR 4.7", "Soviet Organization Phase", organization, STACKING),
    Phase("soviet_move", "DR 4.8", "Soviet Movement Phase", movement, STACKING),
    Phase("soviet_combat", "DR 4.9", "Soviet Combat Phase", combat, STACKING),
    Phase("soviet_exploit", "DR 4.10", "Soviet Exploitation Phase", movement, STACKING),
    Phase("soviet_exploit_combat", "DR 4.11", "Soviet Exploitation Combat Phase", combat, STACKING),
    Phase("end", "DR 4.12", "End of Turn"),
)
TABLE = SETUP + TURN
BY_NAME = phases.by_name(TABLE)
RULE = {phase.name: phase.rule for phase in TABLE}
#: Decision kind -> the module answering it, whichever phase it comes in.
PENDING = phases.pending_handlers((combat, movement, optional, organization, setting_up, stacking))


# ------------------------------------------------------------------ handlers
def handler(state: State) -> Any:
    return phases.handler_of(state, BY_NAME, PENDING)


def active_side(state: State) -> str | None:
    return phases.deciding_side(state, phase_side)


def actions(R: Rules, state: State) -> list[Action]:
    return phases.offered(R, state, handler(state))


def perform(R: Rules, state: State, action: Action) -> None:
    if handler(state).perform(R, state, action) == DONE:
        end_phase(R, state)
    if state.get("winner") is None:
        victory.check_automatic(R, state)  # DR 13.0H: the game ends the moment it happens


def prompt(R: Rules, state: State) -> Prompt:
    w = state.get("winner")
    if w is not None:
        return Prompt(None, f"The game is over: {w['reason']}", "DR 13.0")
    p: Prompt = handler(state).prompt(R, state)
    return p


# ------------------------------------------------------------------ moving on
def end_phase(R: Rules, state: State) -> None:
    """The phasing player has finished: end-of-phase checks, then the next phase. DR 4.0"""
    phases.end_phase(R, state, BY_NAME[state["phase"]].ends, advance)


def advance(R: Rules, state: State) -> None:
    """Step into the next phase (or turn) and carry out its automatic parts."""
    state["done"] = []
    state["hexes_attacked"] = []
    phase = state["phase"]
    if phase == "soviet_setup":
        state["phase"] = "axis_setup"
        setting_up.enter(R, state)
        return
    if phase == "axis_setup":
        begin_turn(R, state, state["turn"])
        return
    nxt = PHASES[PHASES.index(phase) + 1]
    state["phase"] = nxt
    if nxt == "end":
        victory.end_of_turn(R, state)  # DR 4.12, 13.0
        if state.get("winner") is None:
            begin_turn(R, state, state["turn"] + 1)
        return
    if phase_kind(nxt) == "org":
        organization.enter(R, state)


def begin_turn(R: Rules, state: State, turn: int) -> None:
    """DR 4.1: the Weather Phase, then straight on to the Axis Organization Phase."""
    state["turn"] = turn
    state["phase"] = "weather"
    weather.weather_phase(R, state)
    state["phase"] = "axis_org"
    state["done"] = []
    organization.enter(R, state)


def title(state: State) -> str:
    return str(describe(state)["title"])


def describe(state: State) -> dict[str, Any]:
    return phases.describe(state, BY_NAME[state["phase"]], f"Turn {state['turn']}")


__all__ = [
    "PHASES",
    "TABLE",
    "TURN",
    "actions",
    "active_side",
    "advance",
    "end_phase",
    "other",
    "perform",
    "prompt",
]
