"""The hard player: the normal player's candidates, checked by Monte Carlo rollouts.

Where a choice turns on the dice - which attack to make next (7.1), how to take losses or
retreat (7.2), whether to advance (7.3) - the hard player takes the normal player's best few
candidates and plays each forward with the normal player for both sides, with its own dice,
until the battle is settled, a few times each - every candidate of a sample with the same
dice - and keeps the candidate whose positions evaluate best on average, provided its gain
over the normal player's choice is clear (:func:`clearly_better`). Elsewhere
(movement, organization) it plays as normal does, whose scores there do not depend on luck.
Every rollout is bounded in steps and the whole decision in its ``budget``, and a whole
player-turn in its ``turn_budget``: once that is spent, the rest of the player-turn is
played as normal plays it.

**Budgets are counted, not timed.** A budget is given in seconds but spent in rollout
steps, at :data:`STEPS_PER_SECOND` (what the project's 2-core machine manages), so the
player makes the same choices for a seed however busy or fast the machine is - a time
read off the clock would make a game depend on the load. On a slower machine a budget
takes longer than it says; on a faster one, less.

**Styles.** Where a game's evaluator offers ways of playing a side's player-turn
(``styles(side, game, state)``: Sturm Nach Osten's leaning harder on the cities or on
supply, say, and its all-out attack on the cities in a Victory Determination Turn), the
hard player, at its player-turn's first decision, plays the turn out in each style - the
rest of its own player-turn and the enemy's next, the normal player for both sides, the same
own dice for every style - :data:`STYLE_SAMPLES` times, and plays its turn in the style whose
positions evaluate best on average (on the plain evaluation, the same judge for every
style), again only on a clear gain over the first - the hard player's own, which a game may
set apart from the normal player's (Sturm Nach Osten's Axis storms the cities). Where a
game offers one way only, the hard player plays it without a search (Defiant Russia's last
player-turn of each side, when only the points of the game's end count, and the Soviets' two
before it, when they march on the cities they mean to take back then). A game may give
the hard player a larger player-turn budget (``turn_budget``) where its turns are longer.

Why this design (docs/ai.md): Defiant Russia's many small decisions make a full-game search
far too wide for the time allowed, but its battles are short, decisive and dice-driven, where
the static score of one step ahead misjudges risk (a retreat that looks free may leave a
stack to be surrounded; an attack at good odds may still cost the city).
"""

from __future__ import annotations

from typing import cast

from ..core.protocol import Action, Evaluator, Game, State
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
STYLE_SAMPLES = 2  # rollouts of a game-turn per style at most
STYLE_DEPTH = 600  # steps per style rollout at most
#: How clear a gain over the normal player's choice must be to play another: its mean, paired
#: sample by sample, at least this many standard errors above zero (:func:`clearly_better`)
SWITCH_Z = 1.0


def clearly_better(values: list[list[float | None]]) -> int:
    """Which choice to play, given each choice's rollout values sample by sample (None: not
    played in that sample; the first choice is the normal player's): the one whose gain over
    the first, paired sample by sample, is largest - among those whose gain is clear, at
    least :data:`SWITCH_Z` standard errors above zero over two samples or more - else the
    first. A choice better by the luck of a few rollouts would only make the game a coin
    toss away from the normal player's; the search leaves normal's choice where it finds no
    clear gain (docs/ai.md, round 15).

    >>> clearly_better([[1.0, 2.0], [3.0, 4.0]])  # better by 2 on both samples
    1
    >>> clearly_better([[1.0, 2.0], [9.0, -3.0]])  # better on average, by luck
    0
    >>> clearly_better([[1.0, 2.0], [5.0, None]])  # one sample is no evidence
    0
    """
    best, best_gain = 0, 0.0
    first = values[0]
    for i, mine in enumerate(values[1:], start=1):
        gains = [
            m - f for m, f in zip(mine, first, strict=False) if m is not None and f is not None
        ]
        if len(gains) < 2:
            continue
        mean = sum(gains) / len(gains)
        spread = (sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) ** 0.5
        if mean > 0 and mean >= SWITCH_Z * spread / len(gains) ** 0.5 and mean > best_gain:
            best, best_gain = i, mean
    return best


def step_cost(evaluator: object) -> float:
    """What one rollout step of a game costs, in Defiant Russia's steps: a game's evaluator
    may say so (``step_cost``, measured on the same machine) where its engine steps are
    dearer, so that a budget in seconds buys about as many seconds in every game."""
    return float(getattr(evaluator, "step_cost", 1.0))


def turn_budget_of(evaluator: object) -> float:
    """The seconds of search a player-turn a game's evaluator asks for (``turn_budget``),
    else :data:`TURN_BUDGET`."""
    return float(getattr(evaluator, "turn_budget", TURN_BUDGET))


def styles_of(
    evaluator: object, side: str, game: Game | None = None, state: State | None = None
) -> tuple[str, ...]:
    """The ways of playing ``side`` a game's evaluator offers (none: its one way), in the
    position ``state`` if given (a game may offer a way of playing only in some turns)."""
    styles = getattr(evaluator, "styles", None)
    return tuple(styles(side, game, state)) if styles is not None else ()


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
        #: None: as the game's evaluator asks (:func:`turn_budget_of`)
        self.turn_budget: float | None = turn_budget
        self.seed = seed
        self.rollout: dict[str, NormalPlayer] = {}  # by side: who plays the rollouts
        self.spent: tuple[object, int] = ((), 0)  # (turn, side), rollout steps spent in it
        self.judge: Evaluator | None = None  # the plain evaluation every style is judged on
        self.styled: dict[str, Evaluator] = {}  # style -> the evaluator playing it
        self.style: tuple[object, str] = ((), "")  # (turn, side), the style chosen for it
        self.styles_played: list[tuple[object, str, str]] = []  # (turn, side, style) chosen

    def turn_steps_left(self, game: Game, state: State, side: str) -> int:
        """Rollout steps left in this player-turn's budget."""
        key = (game.turn(state), side)
        if self.spent[0] != key:
            self.spent = (key, 0)
        assert self.judge is not None
        seconds = turn_budget_of(self.judge) if self.turn_budget is None else self.turn_budget
        return steps_for(seconds) - self.spent[1]

    def choose(self, game: Game, state: State) -> Action:
        if self.judge is None:
            self.judge = self.evaluator_of(game)
            self.evaluator = self.judge
        side = game.active_side(state)
        if side is not None:
            self.evaluator = self.evaluator_for_turn(game, state, side)
        assert self.evaluator is not None
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
        values: dict[str, list[float | None]] = {a.text: [] for a in candidates}
        for _ in range(SAMPLES):
            dice = next_u64(self.rng)  # the same dice for every candidate: a fair comparison
            for a in candidates:
                if used >= allowed and all(values[c.text] for c in candidates):
                    values[a.text].append(None)
                    continue
                value, steps = self.play_out(game, state, a, side, dice)
                values[a.text].append(value)
                used += round(steps * step_cost(self.evaluator))
        self.spent = (self.spent[0], self.spent[1] + used)
        best = clearly_better([values[a.text] for a in candidates])
        return candidates[best]

    def evaluator_for_turn(self, game: Game, state: State, side: str) -> Evaluator:
        """The evaluator this player-turn is played with: at its first decision, the style
        whose game-turn played out evaluates best (:meth:`choose_style`) - or, where the
        game offers one way of playing the turn, that one, with nothing to search."""
        assert self.judge is not None
        names = styles_of(self.judge, side, game, state)
        if not names:
            return self.judge
        key = (game.turn(state), side)
        if self.style[0] != key:
            phasing = getattr(self.judge, "phasing", None)
            if phasing is not None and phasing(game, state) != side:
                return self.judge  # a decision in the enemy's player-turn
            chosen = names[0] if len(names) == 1 else self.choose_style(game, state, side, names)
            self.style = (key, chosen)
            self.styles_played.append((key[0], side, self.style[1]))
        name = self.style[1]
        if not name:
            return self.judge
        if name not in self.styled:
            self.styled[name] = self.judge.styled(side, name)  # type: ignore[attr-defined]
        return self.styled[name]

    def choose_style(self, game: Game, state: State, side: str, names: tuple[str, ...]) -> str:
        """The style to play this player-turn in: each played out for the game-turn with
        the same own dice, :data:`STYLE_SAMPLES` times while the turn budget lasts (each at
        least once), judged on the plain evaluation; without a clear gain, the first (the
        hard player's own)."""
        if self.turn_steps_left(game, state, side) <= 0:
            return names[0]  # no search left for this player-turn: its own style
        values: dict[str, list[float | None]] = {n: [] for n in names}
        for _ in range(STYLE_SAMPLES):
            dice = next_u64(self.rng)
            for name in names:
                if values[name] and self.turn_steps_left(game, state, side) <= 0:
                    values[name].append(None)
                    continue
                value, steps = self.play_turn_out(game, state, side, name, dice)
                values[name].append(value)
                assert self.judge is not None
                self.spent = (self.spent[0], self.spent[1] + round(steps * step_cost(self.judge)))
        return names[clearly_better([values[n] for n in names])]

    def play_turn_out(
        self, game: Game, state: State, side: str, name: str, dice: int
    ) -> tuple[float, int]:
        """The value for ``side`` (on the plain evaluation) of the game-turn played out in
        the style ``name`` (:meth:`turn_played_out`), and the steps it took."""
        assert self.judge is not None
        end, steps = self.turn_played_out(game, state, side, name, dice)
        return self.judge.evaluate(game, end, side), steps

    def turn_played_out(
        self, game: Game, state: State, side: str, name: str, dice: int
    ) -> tuple[State, int]:
        """Play the game on from ``state`` - ``side`` in the style ``name``, the enemy as
        the normal player, with dice of our own seeded by ``dice`` - until ``side``'s next
        player-turn begins (or the game ends, or :data:`STYLE_DEPTH` steps): where it ends,
        and the steps it took (the evaluation at the end counted as one)."""
        assert self.judge is not None
        judge = self.judge
        players: dict[str, NormalPlayer] = {}
        for n, each in enumerate(game.sides, 1):
            player = NormalPlayer(self.seed + 101 * n)
            player.rng = new_rng(dice + n)
            if each == side:
                player.evaluator = judge.styled(side, name)  # type: ignore[attr-defined]
            players[each] = player
        phasing = getattr(judge, "phasing", lambda g, s: None)
        start = game.turn(state)
        s = cast(State, {**state, "rng": new_rng(dice)})
        steps = 1  # the evaluation at the end
        for _ in range(STYLE_DEPTH):
            who = game.active_side(s)
            if who is None:
                break
            if game.turn(s) != start and phasing(game, s) == side:
                break  # the side's next player-turn has begun
            s = game.apply(s, players[who].choose(game, s))
            steps += 1
        return s, steps

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
