"""``record.state_hash`` writes a state's text in parts (the units' records, the large flat
tables, the small values a run at a time) and hashes it from where it parts from the last
text hashed (issue 36: a hash after every post): it is the SHA-256 of the whole canonical
JSON, made here the plain way, for states in the order a game makes them, in another order,
of two games in turn, with values JSON tells apart though Python finds them equal, and from
threads at once."""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections.abc import Mapping
from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core import record
from ostfront.core.rng import new_rng
from ostfront.games import get


def plain_hash(state: Mapping[str, Any]) -> str:
    core = {k: v for k, v in state.items() if k not in ("undo", "log")}
    text = json.dumps(core, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def played(name: str, seed: int, steps: int) -> list[Any]:
    game = get(name)
    state = game.setup(None, [], seed)
    player = RandomPlayer(new_rng(seed))
    out = [state]
    for _ in range(steps):
        if game.active_side(state) is None:
            break
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
        out.append(state)
    return out


@pytest.mark.parametrize("name", ["dr", "sno"])
def test_the_hash_of_a_game_in_order_and_shuffled_is_the_plain_one(name: str) -> None:
    states = played(name, 4, 250)
    assert [record.state_hash(s) for s in states] == [plain_hash(s) for s in states]
    shuffled = list(states)
    random.Random(1).shuffle(shuffled)
    assert [record.state_hash(s) for s in shuffled] == [plain_hash(s) for s in shuffled]


def test_two_games_in_turn_hash_as_alone() -> None:
    dr, sno = played("dr", 6, 120), played("sno", 6, 120)
    for a, b in zip(dr, sno, strict=False):
        assert record.state_hash(a) == plain_hash(a)
        assert record.state_hash(b) == plain_hash(b)


def test_values_python_finds_equal_are_hashed_apart() -> None:
    table = {f"h{i:03}": "axis" for i in range(80)}  # large: written on its own, kept
    base: dict[str, Any] = {"a": 1, "control": table, "m": {"x": True}, "units": {}}
    tricky: list[dict[str, Any]] = [
        base,
        {**base, "a": True},
        {**base, "a": 1.0},
        {**base, "m": {"x": 1}},
        {**base, "control": {**table, "h000": "soviet"}},
        {**base, "units": {"u1": {"at": "0101", "reduced": True}}},
        {**base, "units": {"u1": {"at": "0101", "reduced": 1}}},
        {**base, "é": "ü", "z": [1, 2.5, None]},
        {"control": table},
        {"units": {"u2": {}}},
        {"units": {"u2": {}, "u1": {"at": "0101"}}},
        {},
    ]
    for state in tricky + tricky[::-1]:
        assert record.state_hash(state) == plain_hash(state)
    assert len({record.state_hash(s) for s in tricky}) == len(tricky)
    same_units = {"units": {"u1": {"at": "0101"}, "u2": {}}}  # the ids in another order
    assert record.state_hash(same_units) == record.state_hash(tricky[-2]) == plain_hash(same_units)


def test_threads_hashing_at_once_get_the_plain_hashes() -> None:
    states = played("dr", 9, 150)
    want = [plain_hash(s) for s in states]
    wrong: list[int] = []

    def work(order: list[int]) -> None:
        for _ in range(3):
            wrong.extend(i for i in order if record.state_hash(states[i]) != want[i])

    orders = [random.Random(n).sample(range(len(states)), len(states)) for n in range(4)]
    threads = [threading.Thread(target=work, args=(o,)) for o in orders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []
