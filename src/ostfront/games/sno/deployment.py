"""SNO 12.11-12.12 set-up: the player moving second sets up first, then the other.

SCAFFOLD (being written): each set-up step only ends.
"""

from __future__ import annotations

from ...core.protocol import Action, Prompt
from .rules import Rules, State


def begin(R: Rules, state: State) -> None:
    return None


def actions(R: Rules, state: State) -> list[Action]:
    side = state["phase"].split("_")[0]
    return [Action("end", (), label="End the set-up", rule="SNO 12.12", side=side)]


def perform(R: Rules, state: State, action: Action) -> None:
    from . import sequence

    sequence.end_phase(R, state)


def prompt(R: Rules, state: State) -> Prompt:
    return Prompt(state["phase"].split("_")[0], "Set up", "SNO 12.12")
