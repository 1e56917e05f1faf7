"""The per-game knowledge the judging players share, behind one small interface.

A game plugs in through its :meth:`~ostfront.core.protocol.Game.evaluator` hook, which gives
a :class:`~ostfront.core.protocol.Evaluator`: ``evaluate(game, state, side)`` scores a
position for a side, and ``quick_values(game, state, side, actions)`` may score some actions
without playing them (e.g. a unit's move by the worth of its destination), which keeps the
players fast where a game has many small decisions. Defiant Russia's is in
:mod:`ostfront.games.dr.ai`. Looking ahead with the player's own dice is here.
"""

from __future__ import annotations

from ..core.protocol import Action, Evaluator, Game, State
from ..core.rng import RngState, new_rng, next_u64

__all__ = ["Evaluator", "evaluator_for", "has_evaluator", "play_ahead", "rolls_dice"]


def has_evaluator(game: Game) -> bool:
    """Whether the players that judge positions (greedy, normal, hard) know this game."""
    return game.evaluator() is not None


def evaluator_for(game: Game, teamwork: bool = False) -> Evaluator:
    """The evaluator of a game (ValueError if the game has none yet); ``teamwork`` adds the
    normal player's coordination terms."""
    evaluator = game.evaluator(teamwork)
    if evaluator is None:
        raise ValueError(f"no computer player knows {game.title} yet")
    return evaluator


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
