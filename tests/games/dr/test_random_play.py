"""Random legal play of whole Defiant Russia games: no crash, no dead end, no broken
invariant (invariants.py) after any action, and the record replays to the same state.

The large run (1,000 games a scenario) is ``ostfront simulate dr``; this is its fixed-seed
sample, kept small for the test suite's time budget.
"""

from __future__ import annotations

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.ai.simulate import play_one
from ostfront.core.protocol import canonical_json
from ostfront.core.rng import new_rng
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


def test_apply_never_changes_the_state_it_is_given(seed: int = 3) -> None:
    """States are values: a copy shares the unit records of the state it came from (they
    are replaced whole, ``rules.set_unit``), so no rule may change one in place. Checked
    after every action of a whole random game."""
    game = get("dr")
    state = game.setup("1941", {}, seed)
    player = RandomPlayer(new_rng(seed))
    steps = 0
    while game.active_side(state) is not None:
        before = canonical_json({k: v for k, v in state.items() if k != "log"})
        after = game.apply(state, player.choose_from(game.legal_actions(state)))
        assert canonical_json({k: v for k, v in state.items() if k != "log"}) == before
        state, steps = after, steps + 1
    assert steps > 1000
