"""The normal player: candidate actions in the manner of Wesnoth's RCA AI.

Each decision offers candidates (the legal actions) and each kind of candidate has its own
scorer: a move by the worth of its destination plus teamwork (the Axis masses strength
against one enemy hex, the Soviets close the gaps in their line), an attack by its exact
odds, a loss, retreat, replacement or reinforcement by the position it leads to. The best
candidate is carried out, then everything is scored again; a phase ends when no candidate
is worth more than ending it. As the Axis it first plans the phase's attacks (which units
mass against which enemy hexes, :mod:`ostfront.games.dr.ai.plan`) and makes those moves
first. What the scores mean for Defiant Russia is in :mod:`ostfront.games.dr.ai.evaluation`.
"""

from __future__ import annotations

from ..core.protocol import Game
from .evaluation import Evaluator, evaluator_for
from .greedy import GreedyPlayer


class NormalPlayer(GreedyPlayer):
    name = "normal"

    def __init__(self, seed: int = 0, samples: int = 4) -> None:
        super().__init__(seed, samples)

    def evaluator_of(self, game: Game) -> Evaluator:
        return evaluator_for(game, teamwork=True)
