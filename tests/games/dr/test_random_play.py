"""Random legal play of whole Defiant Russia games: no crash, no dead end, no broken
invariant (invariants.py) after any action, and the record replays to the same state.

The large run (1,000 games a scenario) is ``ostfront simulate dr``; this is its fixed-seed
sample, kept small for the test suite's time budget.
"""

from __future__ import annotations

import pytest

from ostfront.ai.simulate import play_one
from ostfront.games import get


@pytest.mark.parametrize("seed", [7])
def test_random_campaign_plays_to_the_end(seed: int) -> None:
    report = play_one(get("dr"), seed, "1941", {}, check=True)
    assert report.problem is None, report.problem
    assert report.winner in ("axis", "soviet")  # DR 13.0G: a draw is not possible
    assert report.turns == 7


def test_random_game_with_every_option(seed: int = 11) -> None:
    options = {o.id: True for o in get("dr").options() if o.applies_to("1941")}
    report = play_one(get("dr"), seed, "1941", options, check=True)
    assert report.problem is None, report.problem
    assert report.winner in ("axis", "soviet")
