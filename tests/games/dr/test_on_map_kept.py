"""Defiant Russia's counters on the map (``views.on_map``, the ``counters`` hook) are kept
unit by unit by what each is made of (issue 36: a view after every move): through random
games, the counters found kept are the counters made anew, and a unit that did not change
is answered with the very view it had."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.memo import facts_of
from ostfront.core.protocol import CounterView
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.games.dr import views
from ostfront.games.dr.rules import BOXES

OPTIONS = ["five-year-plan", "early-start", "universal-conscription", "timoshenko"]


def made_anew(game: Any, state: Any) -> list[CounterView]:
    facts_of(game.rules_for(state)).pop(views._ON_MAP, None)
    views._counter_view.cache_clear()
    out: list[CounterView] = game.counters(state)
    facts_of(game.rules_for(state)).pop(views._ON_MAP, None)
    return out


@pytest.mark.parametrize(("options", "seed"), [([], 3), (OPTIONS, 8)])
def test_counters_kept_are_the_counters_made_anew(options: list[str], seed: int) -> None:
    game = get("dr")
    state = game.setup(None, options, seed)
    player = RandomPlayer(new_rng(seed))
    before: dict[str, CounterView] = {}
    same = changed = 0
    for _ in range(400):
        if game.active_side(state) is None:
            break
        kept = game.counters(state)  # made, or kept from an earlier position's
        units = state["units"]
        assert [c.id for c in kept] == sorted(u for u in units if units[u]["at"] not in BOXES)
        fresh = made_anew(game, state)
        assert kept == fresh
        for c in kept:
            if c.id in before and before[c.id] == c:
                same += 1
        assert game.counters(state) is game.counters(state)  # the same list, kept again
        again = {c.id: c for c in game.counters(state)}
        for uid, c in again.items():
            if uid in before and before[uid] != c:
                changed += 1
        before = again
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
    assert same > 1000 and changed > 10  # most counters stay, some change


def test_a_counter_is_kept_until_its_unit_changes() -> None:
    game = get("dr")
    state = game.setup(None, [], 3)
    player = RandomPlayer(new_rng(3))
    for _ in range(120):  # past the set-up, units on the map
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
    first = {c.id: c for c in game.counters(state)}
    uid = next(iter(first))
    d = state["units"][uid]
    moved = {**state, "units": {**state["units"], uid: {**d, "oos": not d.get("oos")}}}
    second = {c.id: c for c in game.counters(moved)}
    assert all(second[u] is first[u] for u in first if u != uid)
    assert second[uid] != first[uid]
    assert ("out of supply" in second[uid].markers) is bool(not d.get("oos"))
    assert second[uid] == made_anew(game, moved)[list(second).index(uid)]


def test_counters_are_kept_apart_by_rules() -> None:
    game = get("dr")
    state = game.setup(None, [], 3)
    R = game.rules_for(state)
    other = copy.copy(R)  # other rules (equal here): their own counters
    first = views.on_map(R, state)
    second = views.on_map(other, state)
    assert facts_of(R)[views._ON_MAP] is not facts_of(other)[views._ON_MAP]
    assert second == first == made_anew(game, state)
