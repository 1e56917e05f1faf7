"""``deltas.diff``'s short way (``_in_place``: a list whose items were replaced in their
places, found by identity) answers what the long way does: through random games of both
games, for the counters (DR keeps its counter items, so most are the very items of the view
before) and the actions, with items replaced, added, gone, reordered and keys repeated."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.server import deltas, describe


def long_way(old: list[Any], new: list[Any], key: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    with monkeypatch.context() as m:
        m.setattr(deltas, "_in_place", lambda old, new, key: None)
        m.setattr(deltas, "_APART", [])
        return deltas.diff(old, new, key)


@pytest.mark.parametrize("name", ["dr", "sno"])
def test_the_short_way_answers_as_the_long_way(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get(name)
    state = game.setup(None, [], 7)
    player = RandomPlayer(new_rng(7))
    old_counters: list[Any] = []
    old_actions: list[Any] = []
    short = 0
    for _ in range(200):
        if game.active_side(state) is None:
            break
        counters = describe.counters_json(game, state)
        actions = describe.annotate(game, state, game.legal_actions(state))
        for old, new, key in (
            (old_counters, counters, deltas.counter_key),
            (old_actions, actions, deltas.action_key),
        ):
            quick = deltas._in_place(old, new, key) if len(old) == len(new) else None
            short += quick is not None
            change = deltas.diff(old, new, key)
            assert change == long_way(old, new, key, monkeypatch)
            if change is not None:
                assert deltas.merged(old, change, key) == new
        old_counters, old_actions = counters, actions
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
    assert short > 50


def test_replaced_added_gone_reordered_and_repeated(monkeypatch: pytest.MonkeyPatch) -> None:
    key = deltas.counter_key
    old = [{"id": f"u{i}", "hex": "0101"} for i in range(12)]
    moved = [*old[:3], {"id": "u3", "hex": "0102"}, *old[4:]]
    same_again = [*old[:3], {"id": "u3", "hex": "0101"}, *old[4:]]  # equal, not the same
    renamed = [*old[:3], {"id": "x3", "hex": "0101"}, *old[4:]]
    swapped = [old[1], old[0], *old[2:]]
    repeated = [*old[:3], {"id": "u4", "hex": "0101"}, *old[4:]]
    for new in (old, moved, same_again, renamed, swapped, repeated, old[:-1], [*old, *old[:1]]):
        for before in (old, repeated):
            want = long_way(before, new, key, monkeypatch)
            assert deltas.diff(before, new, key) == want
            assert deltas.diff(before, new, key) == want  # again, the lists' keys known
    assert deltas.diff(old, moved, key) == {"changed": [moved[3]], "gone": []}
    assert deltas.diff(old, same_again, key) == {"changed": [], "gone": []}
    assert deltas.diff(old, repeated, key) is None and deltas.diff(repeated, old, key) is None


def test_the_texts_of_a_list_kept_are_its_texts() -> None:
    first = [{"text": f"select u{i}"} for i in range(5)]
    other = [{"text": f"to 010{i}"} for i in range(5)]  # as long, other texts
    assert deltas._texts(first) == {f"select u{i}" for i in range(5)}
    assert deltas._texts(other) == {f"to 010{i}" for i in range(5)}
    assert deltas._texts(first) is deltas._texts(first)
    assert deltas._texts(list(first)) == deltas._texts(first)
