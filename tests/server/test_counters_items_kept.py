"""The view's counters (``describe.counters_json``) found by the game's view's identity are
the items made of the views anew, for a game that keeps its views (DR) and one that makes
them anew (SNO)."""

from __future__ import annotations

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.server import describe


@pytest.mark.parametrize("name", ["dr", "sno"])
def test_counter_items_kept_are_the_items_made_anew(name: str) -> None:
    game = get(name)
    state = game.setup(None, [], 5)
    player = RandomPlayer(new_rng(5))
    for _ in range(150):
        if game.active_side(state) is None:
            break
        kept = describe.counters_json(game, state)
        describe._LAST_COUNTERS[0] = None
        describe.counter_item.cache_clear()
        assert kept == [describe.counter_item(c) for c in game.counters(state)]
        again = describe.counters_json(game, state)
        assert again == kept
        state = game.apply(state, player.choose_from(game.legal_actions(state)))


def test_a_kept_view_is_answered_with_its_item() -> None:
    game = get("dr")
    state = game.setup(None, [], 5)
    player = RandomPlayer(new_rng(5))
    for _ in range(120):  # past the set-up, units on the map
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
    first = describe.counters_json(game, state)
    second = describe.counters_json(game, state)
    assert first and second is first  # the game's very list: the same items
    views = list(game.counters(state))  # the same views in another list: found in place
    describe._LAST_COUNTERS[0] = None
    third = describe.counters_json(type("G", (), {"counters": lambda self, s: views})(), state)
    assert third is not first and all(a is b for a, b in zip(first, third, strict=True))
