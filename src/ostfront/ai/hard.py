"""The hard player: the normal player's candidates, checked by Monte Carlo rollouts.

Where a choice turns on the dice - which attack to make next (7.1), how to take losses or
retreat (7.2), whether to advance (7.3) - the hard player takes the normal player's best few
candidates and plays each forward with the normal player for both sides, with its own dice,
until the battle is settled, a few times each - every candidate of a sample with the same
dice - and keeps the candidate whose positions evaluate best on average. Elsewhere
(movement, organization) it plays as normal does, whose scores there do not depend on luck.
Every rollout is bounded in steps and the whole decision in its ``budget``, and a whole
player-turn in its ``turn_budget``: once that is spent, the rest of the player-turn is
played as normal plays it.

**Budgets are counted, not timed.** A budget is given in seconds but spent in rollout
steps, at :data:`STEPS_PER_SECOND` (what the project's 2-core machine manages), so the
player makes the same choices for a seed however busy or fast the machine is - a time
read off the clock would make a game depend on the load. On a slower machine a budget
takes longer than it says; on a faster one, less.

Why this design (docs/ai.md): Defiant Russia's many small decisions make a full-game search
far too wide for the time allowed, but its battles are short, decisive and dice-driven, where
the static score of one step ahead misjudges risk (a retreat that looks free may leave a
stack to be surrounded; an attack at good odds may still cost the city).
"""

from __future__ import annotations

from ..core.protocol import Action, Game, State
from ..core.rng import new_rng, next_u64
from .normal import NormalPlayer

TOP = 3  # candidates kept from the normal player's scores
SAMPLES = 4  # rollouts per candidate at most
DEPTH = 12  # steps per rollout at most
#: rollout steps (one engine step, or the evaluation at a rollout's end) a second of budget
#: buys: measured on the project's 2-core machine (docs/ai.md)
STEPS_PER_SECOND = 1000
DECISION_BUDGET = 0.3  # seconds a searched decision, by default
TURN_BUDGET = 8.0  # seconds of search a player-turn, by default (issue 5: 10 s a turn)


def step_cost(evaluator: object) -> float:
    """What one rollout step of a game costs, in Defiant Russia's steps: a game's evaluator
    may say so (``step_cost``, measured on the same machine) where its engine steps are
    dearer, so that a budget in seconds buys about as many seconds in every game."""
    return float(getattr(evaluator, "step_cost", 1.0))


def steps_for(seconds: float) -> int:
    """The rollout steps a budget of ``seconds`` buys."""
    return max(0, round(seconds * STEPS_PER_SECOND))


class HardPlayer(NormalPlayer):
    name = "hard"

    def __init__(
        self, seed: int = 0, budget: float | None = None, turn_budget: float | None = None
    ) -> None:
        super().__init__(seed)
        self.budget = DECISION_BUDGET if budget is None else budget
        self.turn_budget = TURN_BUDGET if turn_budget is None else turn_budget
        self.seed = seed
        self.rollout: dict[str, NormalPlayer] = {}  # by side: who plays the rollouts
        self.spent: tuple[object, int] = ((), 0)  # (turn, side), rollout steps spent in it

    def turn_steps_left(self, game: Game, state: State, side: str) -> int:
        """Rollout steps left in this player-turn's budget."""
        key = (game.turn(state), side)
        if self.spent[0] != key:
            self.spent = (key, 0)
        return steps_for(self.turn_budget) - self.spent[1]

    def choose(self, game: Game, state: State) -> Action:
        if self.evaluator is None:
            self.evaluator = self.evaluator_of(game)
        if not self.evaluator.turns_on_dice(game, state):
            return super().choose(game, state)
        side = game.active_side(state)
        assert side is not None
        turn_left = self.turn_steps_left(game, state, side)
        if turn_left <= 0:
            return super().choose(game, state)  # the player-turn's search is spent
        ranked = self.ranked(game, state)
        if len(ranked) <= 1:
            return ranked[0][1] if ranked else super().choose(game, state)
        candidates = [a for _, a in ranked[:TOP]]
        allowed = min(steps_for(self.budget), turn_left)
        used = 0
        totals = {a.text: 0.0 for a in candidates}
        counts = {a.text: 0 for a in candidates}
        for _ in range(SAMPLES):
            dice = next_u64(self.rng)  # the same dice for every candidate: a fair comparison
            for a in candidates:
                if used >= allowed and all(counts.values()):
                    break
                value, steps = self.play_out(game, state, a, side, dice)
                totals[a.text] += value
                counts[a.text] += 1
                used += round(steps * step_cost(self.evaluator))
        self.spent = (self.spent[0], self.spent[1] + used)
        return max(
            candidates,
            key=lambda a: (totals[a.text] / max(1, counts[a.text]), -candidates.index(a)),
        )

    def ranked(self, game: Game, state: State) -> list[tuple[float, Action]]:
        """The normal player's scores of the legal actions, best first."""
        legal = [a for a in game.legal_actions(state) if a.verb != "undo"]
        return sorted(self.scores(game, state, legal, 1), key=lambda va: -va[0])

    def play_out(
        self, game: Game, state: State, action: Action, side: str, dice: int
    ) -> tuple[float, int]:
        """Play ``action`` and then the normal player for both sides, with dice of our own
        seeded by ``dice``, until the battle is settled: the value of where it ends for
        ``side``, and the rollout steps it took (the engine steps and the evaluation).
        Every candidate of a sample is played with the same ``dice`` - the game's and the
        rollout players' own - so that two candidates differ by what they do, not by their
        luck (common random numbers)."""
        if not self.rollout:
            self.rollout = {
                side: NormalPlayer(self.seed + 101 * n) for n, side in enumerate(game.sides, 1)
            }
        for offset, player in enumerate(self.rollout.values(), start=1):
            player.rng = new_rng(dice + offset)
            player.declaring = 0  # nothing carried over from the last rollout
        s = game.apply({**state, "rng": new_rng(dice)}, action)
        steps = 2  # the action and the evaluation at the end
        assert self.evaluator is not None
        for _ in range(DEPTH):
            who = game.active_side(s)
            if who is None or self.evaluator.settled(game, s):
                break  # the game is over, or what the dice decided is settled
            s = game.apply(s, self.rollout[who].choose(game, s))
            steps += 1
        return self.evaluator.evaluate(game, s, side), steps
