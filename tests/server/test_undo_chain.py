"""The undo chain kept as changes back (:mod:`ostfront.server.undo_chain`): each state put
back is exactly the state left - the same values of the same types, dicts' keys in the same
order - and a step keeps only what it changed."""

from __future__ import annotations

from typing import Any, cast

from web_helpers import TO_AXIS_COMBAT

from ostfront import games
from ostfront.core.protocol import State
from ostfront.core.record import canonical_json
from ostfront.server.undo_chain import KEYS, UndoChain, back, put_back, same


def _s(d: dict[str, Any]) -> State:
    return cast(State, d)


def test_same_is_exact() -> None:
    assert same({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]})
    assert not same(True, 1)
    assert not same(0, False)
    assert not same(1.0, 1)
    assert not same(0.0, -0.0)
    assert same(-0.0, -0.0)
    assert not same({"a": 1, "b": 2}, {"b": 2, "a": 1})  # equal, not in the same order
    assert not same([1, [True]], [1, [1]])
    assert not same((1, 2), [1, 2])
    assert not same(float("nan"), float("nan"))  # kept whole: never wrong, only bigger


def test_back_keeps_only_what_changed_and_puts_it_back() -> None:
    shared = {"u1": {"at": "0101"}, "u2": {"at": "0202"}}
    before = {
        "step": 3,
        "flag": True,
        "units": shared,
        "control": {"0101": "axis", "0202": "soviet"},
        "log": [{"text": "a"}],
        "phase": "move",
    }
    after = {
        "step": 4,
        "flag": 1,  # equal, but not the same type: put back as it was
        "units": {"u1": {"at": "0102"}, "u2": shared["u2"]},
        "control": {"0101": "axis", "0202": "soviet"},  # a copy, the same values
        "log": [*before["log"], {"text": "b"}],
        "phase": "move",
    }
    change = back(_s(before), _s(after))
    assert change == {
        "step": (2, 3),
        "flag": (2, True),
        "units": (0, {"u1": {"at": "0101"}}),
        "log": (1, 1),
    }
    restored = cast(dict[str, Any], put_back(_s(after), change))
    assert same(restored, before)
    assert restored["flag"] is True
    assert list(restored["units"]) == ["u1", "u2"]

    # equal keys that are not the same objects (made anew) are compared one by one
    made = ["".join(["01", str(n)]) for n in (1, 2)]
    assert made[0] is not "011"  # noqa: F632 - the point: another object, equal
    after_t = {made[0]: 1, made[1]: [3]}
    change = back(_s({"t": {"011": 1, "012": [2]}}), _s({"t": after_t}))
    assert change == {"t": (0, {"012": [2]})}

    # keys in another order, or one more or fewer: the keys kept too
    for old, new in (
        ({"a": 1, "b": [2]}, {"b": [2], "a": 1}),
        ({"a": 1, "c": {"x": 1}}, {"a": 1, "b": 2, "c": {"x": 1}}),
        ({"a": 1, "b": 2}, {"a": 1}),
    ):
        change = back(_s(old), _s(new))
        assert change[KEYS] == tuple(old)
        assert same(put_back(_s(new), change), old)
    assert back(_s({"a": 1, "b": 2}), _s({"a": 1}))["b"] == (2, 2)


def test_a_movement_phase_put_back_state_by_state() -> None:
    """Defiant Russia's Axis movement: each state of the chain, put back from the state
    after it as the server does (and after the undos since), is exactly the state left, and
    so is the undo from it; a move keeps the unit it moved, not the tables."""
    game = games.get("dr")
    state = game.setup(None, {}, 11)
    chain = UndoChain()
    kept: list[State] = []  # the states whole, as the server kept them before

    def step(text: str) -> None:
        nonlocal state, chain, kept
        new = game.apply(state, text)
        if not state["undo"]:
            chain, kept = UndoChain(), []
        if new["undo"]:
            chain.push(state, new)
            kept.append(state)
        state = new

    for text in TO_AXIS_COMBAT[:5]:
        step(text)
    unit = ""
    for move in range(6):  # select a corps, then a hex, six times
        for prefix in ("select ", "to "):
            text = next(
                a.text
                for a in game.legal_actions(state)
                if a.text.startswith(prefix) and a.verb != "undo"
            )
            if prefix == "select ":
                unit = text.split()[1]
            before = state
            step(text)
            change = back(before, state)
            if move >= 1:  # the first move adds the phase's keys
                assert KEYS not in change and "control" not in change
                assert change["log"] == (1, len(before["log"]))
                if prefix == "to ":  # the unit that moved, as it was
                    assert change["units"] == (0, {unit: before["units"][unit]})
    assert len(chain) == len(kept) == game.undo_depth(state) >= 10
    while len(chain):
        before = chain.before(state)
        assert same(before, kept[-1])
        assert list(cast(dict[str, Any], before)) == list(cast(dict[str, Any], kept[-1]))
        undone = game.undo_from(state, before)
        assert same(undone, game.undo_from(state, kept[-1]))
        # the engine's own undo (a replay) gives the same position (its keys' order may
        # differ: it was always so)
        assert canonical_json(undone) == canonical_json(game.apply(state, "undo"))
        chain.drop()
        kept.pop()
        state = undone
