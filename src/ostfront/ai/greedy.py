"""The greedy player: at each decision, the action whose result scores best on the game's
static evaluation, one step ahead.

Moves and attacks are scored by the evaluator's quick values (for Defiant Russia a move by
what it changes in the evaluation, :func:`ostfront.games.dr.ai.moves.static_gain`; an
attack by its exact odds); any other action is played on a copy of the state - with the player's own
dice when it rolls, averaged over a few rolls - and valued by what the position gains. Ties
go to the player's own generator, so it is deterministic for a seed. Like the random player
it stops stepping back after :data:`~ostfront.ai.random_player.PATIENCE` decisions on one
attack declaration, so none goes on for ever. The normal player is this player with the
evaluator's teamwork and plans (:mod:`ostfront.ai.normal`).
"""

from __future__ import annotations

from ..core.protocol import Action, Game, State
from ..core.rng import choice_index, new_rng
from .evaluation import Evaluator, evaluator_for, play_ahead
from .random_player import PATIENCE

CANCELS = 30  # attacks given up in one phase before the player stops giving them up


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 3) -> None:
        self.rng = new_rng(seed)
        self.samples = samples
        self.evaluator: Evaluator | None = None
        self.cancels: tuple[object, int] = ((), 0)
        self.declaring = 0  # decisions made in a row on one attack declaration

    def evaluator_of(self, game: Game) -> Evaluator:
        return evaluator_for(game)

    def scores(
        self, game: Game, state: State, actions: list[Action], samples: int
    ) -> list[tuple[float, Action]]:
        """Each action's value for the side to decide: the evaluator's quick value (a gain),
        else what playing it gains in the evaluation, on average over ``samples`` rolls of
        the player's own dice."""
        side = game.active_side(state)
        assert side is not None
        if self.evaluator is None:
            self.evaluator = self.evaluator_of(game)
        ev = self.evaluator
        quick = ev.quick_values(game, state, side, actions)
        scored: list[tuple[float, Action]] = []
        now: float | None = None
        for a in actions:
            value = quick.get(a.text)
            if value is None:
                # a gain, as the quick values are: played-out and quick actions side by side
                # (a leader's moves beside "deselect") are then weighed on one scale
                if now is None:
                    now = ev.evaluate(game, state, side)
                after = play_ahead(game, state, a, self.rng, samples)
                value = sum(ev.evaluate(game, s, side) for s in after) / len(after) - now
            scored.append((value, a))
        return scored

    def choose(self, game: Game, state: State) -> Action:
        legal = game.legal_actions(state)
        pool = [a for a in legal if a.verb != "undo"] or legal
        phase = (game.turn(state), game.phase(state))
        if self.cancels[0] != phase:
            self.cancels = (phase, 0)
        if self.evaluator is None:
            self.evaluator = self.evaluator_of(game)
        # a guard against giving up the same attack forever, unless the game's evaluator
        # gives the decision now up by rules of its own (``gives_up_by_itself``)
        own_rules = getattr(self.evaluator, "gives_up_by_itself", None)
        guarded = own_rules is None or not own_rules(game, state)
        if guarded and self.cancels[1] > CANCELS:
            pool = [a for a in pool if not gives_up(a)] or pool
        declaring = self.evaluator.declaring(game, state)
        self.declaring = self.declaring + 1 if declaring else 0
        if self.declaring > PATIENCE:  # as the random player: the declaration only grows
            pool = [a for a in pool if a.role != "back"] or pool
        if len(pool) == 1:
            return pool[0]
        scored = self.scores(game, state, pool, self.samples)
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - 1e-9]
        choice = best[choice_index(self.rng, len(best))]
        if gives_up(choice):
            self.cancels = (phase, self.cancels[1] + 1)
        return choice


def gives_up(action: Action) -> bool:
    """A step back that names nothing: giving up the whole decision (an attack being
    declared), not leaving out a unit, a hex or some Air Points."""
    return action.role == "back" and not action.args
