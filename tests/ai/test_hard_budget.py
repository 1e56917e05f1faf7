"""The hard player's budgets: counted in rollout steps, so its choices for a seed never depend
on the clock; a spent player-turn budget leaves it playing as normal does."""

from __future__ import annotations

import itertools
import time

import pytest

from ostfront.ai import hard
from ostfront.ai.hard import HardPlayer, steps_for
from ostfront.ai.normal import NormalPlayer
from ostfront.games import get

GAME = get("dr")


def choices(players: dict[str, object], seed: int = 5, limit: int = 400) -> list[str]:
    """The actions of a Defiant Poland game (one turn) between these players."""
    s = GAME.setup("defiant-poland", {}, seed)
    out = []
    while GAME.active_side(s) is not None and len(out) < limit:
        a = players[GAME.active_side(s)].choose(GAME, s)  # type: ignore[attr-defined]
        out.append(a.text)
        s = GAME.apply(s, a)
    return out


def test_steps_for_a_budget() -> None:
    assert steps_for(0.3) == round(0.3 * hard.STEPS_PER_SECOND)
    assert steps_for(0) == 0 and steps_for(-1) == 0


def test_hard_chooses_the_same_however_slow_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def hard_pair() -> dict[str, object]:
        return {"axis": HardPlayer(11, budget=0.06), "soviet": HardPlayer(12, budget=0.06)}

    calm = choices(hard_pair(), limit=120)  # the first 120 choices: a few hundred rollouts
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * 10.0)  # 10 s a look
    assert choices(hard_pair(), limit=120) == calm


def test_with_no_turn_budget_left_hard_plays_as_normal() -> None:
    spent = {"axis": HardPlayer(21, turn_budget=0), "soviet": HardPlayer(22, turn_budget=0)}
    normal = {"axis": NormalPlayer(21), "soviet": NormalPlayer(22)}
    assert choices(spent) == choices(normal)


def test_a_player_turn_spends_no_more_than_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rollout steps in one player-turn stop at the turn budget: past it, only a decision
    under way may finish its first rollout of each candidate (at most TOP of DEPTH + 2)."""
    spent: dict[tuple[object, str], int] = {}
    real = HardPlayer.play_out

    def counted(self, game, state, action, side, dice):  # type: ignore[no-untyped-def]
        value, steps = real(self, game, state, action, side, dice)
        key = (state.get("turn"), side)
        spent[key] = spent.get(key, 0) + steps
        return value, steps

    monkeypatch.setattr(HardPlayer, "play_out", counted)
    budget = 0.08
    players = {
        side: HardPlayer(31 + i, budget=0.05, turn_budget=budget)
        for i, side in enumerate(GAME.sides)
    }
    choices(players)
    assert spent, "the hard player searched nothing"
    most = steps_for(budget) + hard.TOP * (hard.DEPTH + 2)
    assert all(steps <= most for steps in spent.values()), spent
    assert max(spent.values()) >= steps_for(budget)  # the budget was reached, then held


def test_every_candidate_of_a_sample_meets_the_same_dice() -> None:
    """Common random numbers: a rollout is a function of the action and its sample's dice
    alone - the rollouts played before it (which move the player's generators on) change
    nothing - and other dice give other battles."""
    s = GAME.setup("defiant-poland", {}, 5)
    player = HardPlayer(41)
    normal = NormalPlayer(42)
    while not (s["phase"].endswith("combat") and not s.get("pending")):
        s = GAME.apply(s, normal.choose(GAME, s))
    side = GAME.active_side(s)
    assert side is not None
    attacks = [a for a in GAME.legal_actions(s) if a.verb == "attack"]
    assert attacks
    player.evaluator = player.evaluator_of(GAME)
    first = player.play_out(GAME, s, attacks[0], side, 1234)
    for dice in (1, 99, 5678):  # other rollouts move every generator the player has on
        player.play_out(GAME, s, attacks[-1], side, dice)
    assert player.play_out(GAME, s, attacks[0], side, 1234) == first
    values = {player.play_out(GAME, s, attacks[0], side, dice)[0] for dice in range(12)}
    assert len(values) > 1  # the dice do decide
