"""The hard player: the normal player's candidates, checked by Monte Carlo rollouts.

Where a choice turns on the dice - which attack to make next (7.1), how to take losses or
retreat (7.2), whether to advance (7.3) - the hard player takes the normal player's best few
candidates and plays each forward with the normal player for both sides, with its own dice,
until the battle or phase is settled, a few times each; it keeps the candidate whose
positions evaluate best on average. Elsewhere (movement, organization) it plays as normal
does, whose scores there do not depend on luck. Every rollout is bounded in steps and the
whole decision in time (``budget`` seconds), so a player-turn stays within its budget.

Why this design (docs/ai.md): Defiant Russia's many small decisions make a full-game search
far too wide for the time allowed, but its battles are short, decisive and dice-driven, where
the static score of one step ahead misjudges risk (a retreat that looks free may leave a
stack to be surrounded; an attack at good odds may still cost the city).
"""

from __future__ import annotations

import time

from ..core.protocol import Action, Game, State
from .evaluation import with_own_dice
from .normal import NormalPlayer

SEARCHED = {"losses", "advance"}  # the pending decisions searched (and which attack next)
TOP = 3  # candidates kept from the normal player's scores
SAMPLES = 4  # rollouts per candidate at most
DEPTH = 12  # steps per rollout at most


class HardPlayer(NormalPlayer):
    name = "hard"

    def __init__(self, seed: int = 0, budget: float | None = None) -> None:
        super().__init__(seed)
        self.budget = 0.3 if budget is None else budget
        self.rollout = {"axis": NormalPlayer(seed + 101), "soviet": NormalPlayer(seed + 202)}

    def choose(self, game: Game, state: State) -> Action:
        pending = state.get("pending") or {}
        main_combat = state.get("phase", "").endswith("combat") and not pending
        if pending.get("kind") not in SEARCHED and not main_combat:
            return super().choose(game, state)
        side = game.active_side(state)
        assert side is not None
        ranked = self.ranked(game, state)
        if len(ranked) <= 1:
            return ranked[0][1] if ranked else super().choose(game, state)
        candidates = [a for _, a in ranked[:TOP]]
        deadline = time.perf_counter() + self.budget
        totals = {a.text: 0.0 for a in candidates}
        counts = {a.text: 0 for a in candidates}
        for _ in range(SAMPLES):
            for a in candidates:
                if time.perf_counter() > deadline and all(counts.values()):
                    break
                totals[a.text] += self.play_out(game, state, a, side)
                counts[a.text] += 1
        return max(
            candidates,
            key=lambda a: (totals[a.text] / max(1, counts[a.text]), -candidates.index(a)),
        )

    def ranked(self, game: Game, state: State) -> list[tuple[float, Action]]:
        """The normal player's scores of the legal actions, best first."""
        legal = [a for a in game.legal_actions(state) if a.verb != "undo"]
        return sorted(self.scores(game, state, legal, 1), key=lambda va: -va[0])

    def play_out(self, game: Game, state: State, action: Action, side: str) -> float:
        """Play ``action`` and then the normal player for both sides, with dice of our own,
        until the decision is settled; the value of where it ends for ``side``."""
        s = game.apply(with_own_dice(state, self.rng), action)
        phase = state.get("phase")
        for _ in range(DEPTH):
            who = game.active_side(s)
            if who is None or (not s.get("pending") and s.get("phase") != phase):
                break
            if not s.get("pending") and not state.get("pending"):
                break  # a main-phase choice: settled once its battle is over
            s = game.apply(s, self.rollout[who].choose(game, s))
        assert self.evaluator is not None
        return self.evaluator.evaluate(game, s, side)
