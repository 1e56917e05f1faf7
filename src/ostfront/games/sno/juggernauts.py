"""SNO 10.1 Juggernaut Units: forming them at the end of the OMP (the ``form`` phase, 10.1.7),
breaking them down at any time of the owner's player-turn (10.1.9), reverting at the start of
the OMP (10.1.5).

SCAFFOLD (being written): the phase is skipped and nothing is offered yet.
"""

from __future__ import annotations

from ...core.protocol import Action, Prompt
from .rules import Rules, State

#: Verbs performed by :func:`perform_anytime` in any phase of the owner's player-turn.
ANYTIME_VERBS: tuple[str, ...] = ()


def begin(R: Rules, state: State) -> None:
    return None


def skip(R: Rules, state: State) -> bool:
    return True


def actions(R: Rules, state: State) -> list[Action]:
    side = state["phase"].split("_")[0]
    return [Action("end", (), label="End forming juggernauts", rule="SNO 10.1.7", side=side)]


def perform(R: Rules, state: State, action: Action) -> None:
    from . import sequence

    sequence.end_phase(R, state)


def prompt(R: Rules, state: State) -> Prompt:
    return Prompt(state["phase"].split("_")[0], "Form juggernauts", "SNO 10.1.7")


def anytime_actions(R: Rules, state: State) -> list[Action]:
    return []


def perform_anytime(R: Rules, state: State, action: Action) -> None:
    raise ValueError(f"not an any-time action: {action.verb}")
