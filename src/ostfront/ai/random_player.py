"""The random player: uniform over the legal actions, from its own seeded generator.

It never undoes (an undo loop would be legal but pointless), unless undo is all there is.

>>> from ostfront.core.rng import new_rng
>>> p = RandomPlayer(new_rng(3))
"""

from __future__ import annotations

from ..core.protocol import Action, Game, State
from ..core.rng import RngState, choice_index


class RandomPlayer:
    name = "random"

    def __init__(self, rng: RngState) -> None:
        self.rng = rng

    def choose(self, game: Game, state: State) -> Action:
        return self.choose_from(game.legal_actions(state))

    def choose_from(self, legal: list[Action]) -> Action:
        """One of these actions, uniformly (undo only if nothing else is legal)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        pool = [a for a in legal if a.verb != "undo"] or legal
        return pool[choice_index(self.rng, len(pool))]
