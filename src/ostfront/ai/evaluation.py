"""The per-game knowledge the players share, behind one small interface.

A game plugs in by providing an :class:`Evaluator`: ``evaluate(game, state, side)`` scores a
position for a side, and ``quick_values(game, state, side, actions)`` may score some actions
without playing them (e.g. a unit's move by the worth of its destination), which keeps the
players fast where a game has many small decisions. Defiant Russia's is in :mod:`dr_eval`;
Sturm Nach Osten's will sit beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..core.protocol import Action, Game, State
from ..core.rng import RngState, new_rng, next_u64
from .dr_moves import DefiantRussiaEvaluator


class Evaluator(Protocol):
    def evaluate(self, game: Game, state: State, side: str) -> float: ...

    def quick_values(
        self, game: Game, state: State, side: str, actions: Sequence[Action]
    ) -> dict[str, float]: ...


def _defiant_russia(teamwork: bool) -> Evaluator:
    return DefiantRussiaEvaluator(teamwork)


#: Game name -> the maker of its evaluator (``teamwork``: the normal player's coordination
#: terms). The games the judging players (greedy, normal, hard) know; the random player
#: plays any game.
EVALUATORS: dict[str, Callable[[bool], Evaluator]] = {"dr": _defiant_russia}


def has_evaluator(game: Game) -> bool:
    """Whether the players that judge positions (greedy, normal, hard) know this game."""
    return game.name in EVALUATORS


def evaluator_for(game: Game, teamwork: bool = False) -> Evaluator:
    """The evaluator of a game (ValueError if the game has none yet); ``teamwork`` adds the
    normal player's coordination terms."""
    maker = EVALUATORS.get(game.name)
    if maker is None:
        raise ValueError(f"no computer player knows {game.title} yet")
    return maker(teamwork)


def rolls_dice(game: Game, state: State, action: Action) -> bool:
    """Might this action roll dice? (Known exactly for attacks; otherwise found by playing.)"""
    return game.roll_distribution(state, action) is not None


def with_own_dice(state: State, rng: RngState) -> State:
    """The state with dice from the player's own generator, so that looking ahead never reads
    the game's real future rolls."""
    return {**state, "rng": new_rng(next_u64(rng))}


def play_ahead(
    game: Game, state: State, action: Action, rng: RngState, samples: int = 3
) -> list[State]:
    """The states after ``action``: one if no die is rolled, else ``samples`` states each
    rolled with the player's own dice."""
    after = game.apply(state, action)
    if after["rng"]["n"] == state["rng"]["n"]:
        return [after]
    return [game.apply(with_own_dice(state, rng), action) for _ in range(samples)]
