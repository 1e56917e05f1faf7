"""DR 4.0 Sequence of Play: the phases of a turn, who acts in each, and moving between them.

Each phase has a *handler* module offering the phasing player's actions (``actions``,
``perform``, ``prompt``). A decision in progress (``state["pending"]``) belongs to the handler
named by its ``kind`` and may fall to either side (a defender's losses, say). When the phasing
player ends a phase, :func:`end_phase` applies the end-of-phase checks and steps into the
next phase, carrying out whatever that phase does by itself (rolling the weather, tracing
supply, receiving air points).
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

from ...core import phases
from ...core.protocol import Action, Prompt
from .rules import Rules, State, other

#: The phases of one turn, in order (DR 4.1-4.12), each with the rule that defines it.
TURN = (  # DR 4.0
    ("weather", "DR 4.1"),
    ("axis_org", "DR 4.2"),
    ("axis_move", "DR 4.3"),
    ("axis_combat", "DR 4.4"),
    ("axis_exploit", "DR 4.5"),
    ("axis_exploit_combat", "DR 4.6"),
    ("soviet_org", "DR 4.7"),
    ("soviet_move", "DR 4.8"),
    ("soviet_combat", "DR 4.9"),
    ("soviet_exploit", "DR 4.10"),
    ("soviet_exploit_combat", "DR 4.11"),
    ("end", "DR 4.12"),
)
#: Set-up comes before the first turn: the Soviets first, then the Axis (DR 3.0A, 3.0C).
SETUP = (("soviet_setup", "DR 3.0A"), ("axis_setup", "DR 3.0C"))
PHASES = tuple(name for name, _ in SETUP + TURN)
RULE = dict(SETUP + TURN)
LAST_TURN = 7  # DR 4.12: seven turns, June to December 1941

PHASE_TITLES = {
    "soviet_setup": "Soviet set-up",
    "axis_setup": "Axis set-up",
    "weather": "Weather Phase",
    "axis_org": "Axis Organization Phase",
    "axis_move": "Axis Movement Phase",
    "axis_combat": "Axis Combat Phase",
    "axis_exploit": "Axis Exploitation Phase",
    "axis_exploit_combat": "Axis Exploitation Combat Phase",
    "soviet_org": "Soviet Organization Phase",
    "soviet_move": "Soviet Movement Phase",
    "soviet_combat": "Soviet Combat Phase",
    "soviet_exploit": "Soviet Exploitation Phase",
    "soviet_exploit_combat": "Soviet Exploitation Combat Phase",
    "end": "End of Turn",
}


def phase_side(phase: str) -> str | None:
    """The phasing side of a phase (None for the weather and end-of-turn steps)."""
    if phase.startswith("axis"):
        return "axis"
    if phase.startswith("soviet"):
        return "soviet"
    return None


def phase_kind(phase: str) -> str:
    """setup, org, move, combat, exploit, exploit_combat, weather or end."""
    side = phase_side(phase)
    return phase[len(side) + 1 :] if side else phase


# ------------------------------------------------------------------ handlers
@cache
def handlers() -> dict[str, ModuleType]:
    """Phase kind or pending kind -> the module that handles it."""
    from . import combat, movement, optional, organization, setting_up, stacking

    return {
        "setup": setting_up,
        "org": organization,
        "move": movement,
        "exploit": movement,
        "combat": combat,
        "exploit_combat": combat,
        **{
            kind: module
            for module in (combat, movement, optional, organization, setting_up, stacking)
            for kind in getattr(module, "PENDING_KINDS", ())
        },
    }


def handler(state: State) -> ModuleType:
    module: ModuleType = phases.handler_of(state, handlers(), phase_kind)
    return module


def active_side(state: State) -> str | None:
    return phases.deciding_side(state, phase_side)


def actions(R: Rules, state: State) -> list[Action]:
    return phases.offered(R, state, handler(state))


def perform(R: Rules, state: State, action: Action) -> None:
    from .victory import check_automatic

    handler(state).perform(R, state, action)
    if state.get("winner") is None:
        check_automatic(R, state)  # DR 13.0H: the game ends the moment it happens


def prompt(R: Rules, state: State) -> Prompt:
    if state.get("winner") is not None:
        w = state["winner"]
        return Prompt(None, f"The game is over: {w['reason']}", "DR 13.0")
    p: Prompt = handler(state).prompt(R, state)
    return p


# ------------------------------------------------------------------ moving on
def end_phase(R: Rules, state: State) -> None:
    """The phasing player has finished: end-of-phase checks, then the next phase. DR 4.0"""
    from . import stacking

    if stacking.start_end_of_phase_check(R, state):  # DR 6.2: may need the enemy's choices
        return
    advance(R, state)


def advance(R: Rules, state: State) -> None:
    """Step into the next phase (or turn) and carry out its automatic parts."""
    from . import organization, setting_up, victory

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
    order = [name for name, _ in TURN]
    nxt = order[order.index(phase) + 1]
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
    from . import organization, weather

    state["turn"] = turn
    state["phase"] = "weather"
    weather.weather_phase(R, state)
    state["phase"] = "axis_org"
    state["done"] = []
    organization.enter(R, state)


def title(state: State) -> str:
    return f"Turn {state['turn']}, {PHASE_TITLES[state['phase']]}"


def describe(state: State) -> dict[str, Any]:
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "title": title(state),
        "rule": RULE[state["phase"]],
        "weather": state.get("weather"),
    }


__all__ = [
    "PHASES",
    "TURN",
    "actions",
    "active_side",
    "advance",
    "end_phase",
    "other",
    "perform",
    "prompt",
]
