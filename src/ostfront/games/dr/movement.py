"""DR 6.0 Movement (initial and exploitation phases). Being written: for now a phase can only
be ended, with no unit moving."""

from __future__ import annotations

from ...core.protocol import Action, Prompt
from .rules import Rules, State, phasing_side

PENDING_KINDS: tuple[str, ...] = ()


def actions(R: Rules, state: State) -> list[Action]:
    return [Action("done", (), "End the phase", "DR 6.0", phasing_side(state))]


def perform(R: Rules, state: State, action: Action) -> None:
    from .sequence import end_phase

    end_phase(R, state)


def prompt(R: Rules, state: State) -> Prompt:
    return Prompt(phasing_side(state), "Move your units, then end the phase", "DR 6.0")
