"""The judging players reach a game's knowledge only through its ``evaluator`` hook: Defiant
Russia gives its evaluator, Sturm Nach Osten and the toy game none yet, and the levels
offered for each game follow from that."""

from __future__ import annotations

from ostfront.ai.players import levels_for
from ostfront.games import get
from ostfront.games.dr.ai.moves import DefiantRussiaEvaluator
from toygame import GAME as TOY


def test_defiant_russia_gives_its_evaluator_with_or_without_teamwork() -> None:
    plain, teamwork = get("dr").evaluator(), get("dr").evaluator(teamwork=True)
    assert isinstance(plain, DefiantRussiaEvaluator) and not plain.teamwork
    assert isinstance(teamwork, DefiantRussiaEvaluator) and teamwork.teamwork
    assert get("dr").evaluator() is not plain  # a fresh one for each player


def test_games_without_an_evaluator_give_none() -> None:
    assert TOY.evaluator() is None


def test_the_levels_offered_per_game() -> None:
    assert levels_for(get("dr")) == ["random", "greedy", "normal", "hard"]
    assert levels_for(get("sno")) == ["random", "greedy", "normal", "hard"]
    assert levels_for(TOY) == ["random"]
