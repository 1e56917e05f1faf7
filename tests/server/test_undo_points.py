"""Undo without replaying the phase (issue 36, item 3): the server keeps the states of the
undo chain and undoes from them; the position is exactly the engine's own undo (which
replays the chain), and after a reload, when the chain is not known, the engine's undo is
used.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

import pytest
from web_helpers import TO_AXIS_COMBAT

from ostfront.core.record import canonical_json
from ostfront.server.sessions import Manager
from ostfront.server.store import Store

#: DR 6: the Axis Movement Phase of Turn 1 begins after the set-up and Organization.
TO_AXIS_MOVEMENT = TO_AXIS_COMBAT[:5]


def _json(state: Any) -> str:
    """A state's canonical JSON with the undo chain's first state unpacked: marshal writes
    equal values with different bytes when the objects were shared differently (a state
    packed in one process's history and one replayed after a reload)."""
    undo = list(state.get("undo") or [])
    if undo and isinstance(undo[0], str):
        undo[0] = marshal.loads(undo[0].encode("latin-1"))
    return canonical_json({**state, "undo": undo})


def _first(session: Any, prefix: str) -> str:
    return next(
        a.text
        for a in session.game.legal_actions(session.state)
        if a.text.startswith(prefix) and a.verb != "undo"
    )


def test_undo_from_the_kept_states_is_the_engines_undo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = Manager(Store(tmp_path / "g.sqlite"), move_delay=0)
    session, tokens = manager.create("dr", None, {}, 11, {})
    gid, token = session.id, tokens["axis"]
    for text in TO_AXIS_MOVEMENT:
        manager.act(gid, text, session.seq, token=token)
    for _ in range(3):  # three corps moved: select, then a hex
        manager.act(gid, _first(session, "select "), session.seq, token=token)
        manager.act(gid, _first(session, "to "), session.seq, token=token)
    game = session.game
    depth = game.undo_depth(session.state)
    assert depth >= 6  # the moves, and the Organization Phase's end before them
    assert session.undo_points is not None and len(session.undo_points) == depth

    replayed = []  # what the engine's own undo gives, for each undo in turn
    state = session.state
    for _ in range(4):
        state = game.apply(state, "undo")
        replayed.append(_json(state))

    def no_replay(*_: Any) -> Any:
        raise AssertionError("the undo chain was replayed")

    monkeypatch.setattr(type(game), "_undo", no_replay)
    for want in replayed:
        manager.act(gid, "undo", session.seq, token=token)
        assert _json(session.state) == want
    assert game.undo_depth(session.state) == depth - 4
    monkeypatch.undo()

    # after a reload the chain is not known: the engine undoes, and the record replays
    manager.forget(gid)
    again = manager.get(gid)
    assert again.undo_points is None
    manager.act(gid, "undo", again.seq, token=token)
    assert game.undo_depth(again.state) == depth - 5
    manager.forget(gid)
    assert _json(manager.get(gid).state) == _json(again.state)
    manager.close()
