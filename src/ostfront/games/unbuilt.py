"""A game whose components exist but whose rules engine is still to be written.

Its map, scenarios and options can be inspected (``ostfront hex``, ``ostfront show``,
``ostfront games``); starting a game raises :class:`~ostfront.core.protocol.NotPlayable`
with the reason, rather than pretending.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.protocol import Action, Game, NotPlayable, Prompt, Result, Side, State


class RulesNotWritten(Game):
    """Base for a registered game that cannot be played yet."""

    playable: ClassVar[bool] = False
    pending: ClassVar[str] = "the rules engine"

    def _refuse(self) -> NotPlayable:
        return NotPlayable(f"{self.title}: {self.pending} is not written yet")

    def setup_scenario(self, state: State) -> None:
        raise self._refuse()

    def active_side(self, state: State) -> Side | None:
        raise self._refuse()

    def actions(self, state: State) -> list[Action]:
        raise self._refuse()

    def perform(self, state: State, action: Action) -> None:
        raise self._refuse()

    def prompt(self, state: State) -> Prompt:
        raise self._refuse()

    def result(self, state: State) -> Result | None:
        raise self._refuse()
