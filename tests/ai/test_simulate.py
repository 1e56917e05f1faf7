"""``play_one`` with checks off plays the same game as with them, leaving out only the step
hashes its record would keep (issue 36: they cost about what ``apply`` does), unless asked."""

from __future__ import annotations

from ostfront.ai.simulate import play_one
from ostfront.core import record as rec
from ostfront.games import get


def test_checks_off_plays_the_same_game_without_step_hashes() -> None:
    game = get("toy")
    checked = play_one(game, 5)
    quick = play_one(game, 5, check=False)
    kept = play_one(game, 5, check=False, hashes=True)
    assert checked.problem is None and quick.problem is None and kept.problem is None
    assert checked.record is not None and quick.record is not None and kept.record is not None
    actions = [s["action"] for s in checked.record.steps]
    assert len(actions) == checked.steps > 0
    assert [s["action"] for s in quick.record.steps] == actions
    assert all("hash" not in s for s in quick.record.steps)
    assert kept.record.steps == checked.record.steps  # the hashes, when asked for
    assert (quick.winner, quick.score) == (checked.winner, checked.score)
    replay = rec.replay(game, quick.record, verify=True)  # replays, checked for legality
    assert replay.ok and replay.checked == 0
    assert rec.state_hash(replay.final or {}) == checked.record.steps[-1]["hash"]
