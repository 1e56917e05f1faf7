"""The computer players by level, behind one constructor.

Every player has ``name`` and ``choose(game, state) -> Action``: it picks one of
``game.legal_actions(state)`` for whichever side is to decide, and is deterministic for a
given seed. The UI, the server and ``ostfront simulate`` build players only through
:func:`make_player`.

>>> from ostfront.games import get
>>> game = get("dr")
>>> state = game.setup("1941", {}, 1)
>>> player = make_player("random", seed=7)
>>> player.choose(game, state) in game.legal_actions(state)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..core.protocol import Action, Game, State
from ..core.rng import new_rng
from .evaluation import has_evaluator
from .greedy import GreedyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer


class Player(Protocol):
    name: str

    def choose(self, game: Game, state: State) -> Action: ...


Factory = Callable[[int, float | None, float | None], Player]

#: level -> how to build it from (seed, seconds per decision, seconds per player-turn; None
#: for the defaults). Only hard searches, so only hard has budgets to spend.
LEVELS: dict[str, Factory] = {
    "random": lambda seed, budget, turn: RandomPlayer(new_rng(seed)),
    "greedy": lambda seed, budget, turn: GreedyPlayer(seed),
    "normal": lambda seed, budget, turn: NormalPlayer(seed),
    "hard": lambda seed, budget, turn: HardPlayer(seed, budget, turn),
}


#: The levels that play by the random player's rules alone; the others judge positions with
#: the game's evaluator (:mod:`evaluation`).
WITHOUT_EVALUATOR = ("random",)


def levels() -> list[str]:
    """The player levels, weakest first."""
    return list(LEVELS)


def levels_for(game: Game) -> list[str]:
    """The player levels that know ``game``, weakest first."""
    return [lvl for lvl in LEVELS if lvl in WITHOUT_EVALUATOR or has_evaluator(game)]


def make_player(
    level: str, seed: int = 0, budget: float | None = None, turn_budget: float | None = None
) -> Player:
    """A player of this level. ``budget``: seconds it may think per decision;
    ``turn_budget``: per player-turn (counted in work, not read off the clock: see
    :mod:`ostfront.ai.hard`)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"no player level {level!r} (levels: {', '.join(LEVELS)})") from None
    return factory(seed, budget, turn_budget)
