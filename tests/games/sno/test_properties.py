"""Properties of random legal play of the 1941 campaign (SNO 12.A), for seeds and choices
hypothesis draws: every offered action is the deciding side's and named once; ``apply``
never changes the state it is given; states stay plain JSON; no invariant breaks
(invariants.py); and the same actions from the same set-up give the same state, bit for bit."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ostfront.core.protocol import canonical_json
from ostfront.core.rng import choice_index, new_rng
from ostfront.games import get

GAME = get("sno")
STEPS = 300  # the Soviet and Axis set-up, then the first month or so


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), picks=st.integers(0, 2**32))
def test_random_legal_play_of_the_campaign_keeps_its_properties(seed: int, picks: int) -> None:
    chooser = new_rng(picks)
    state = GAME.setup("1941", {}, seed)
    played: list[str] = []
    for _ in range(STEPS):
        side = GAME.active_side(state)
        if side is None:
            break
        legal = GAME.legal_actions(state)
        assert legal, GAME.prompt(state).text
        assert len({a.text for a in legal}) == len(legal)  # each action named once
        assert {a.side for a in legal} == {side}
        action = legal[choice_index(chooser, len(legal))]
        if action.verb == "undo" and choice_index(chooser, 4) != 0:
            # undo plays the steps since the last roll again: drawn as often as any other
            # action it was two thirds of this test's time; it is kept one time in four
            action = legal[choice_index(chooser, len(legal))]
        before = canonical_json(state)
        after = GAME.apply(state, action)
        assert canonical_json(state) == before  # apply is pure
        assert json.loads(json.dumps(after)) == after  # plain data
        assert GAME.invariants(after) == []
        played.append(action.text)
        state = after
    again = GAME.setup("1941", {}, seed)
    for text in played:
        again = GAME.apply(again, text)
    assert canonical_json({**again, "undo": None}) == canonical_json({**state, "undo": None})
