"""A step is stored without the engine lock (issue 36): while one game's database write
waits, another game's post is worked out, stored and kept; each game's own steps still go
one at a time and in order (of racing posts on one step exactly one wins), and a post's
later turns of the engine lock go ahead of the threads waiting for their first."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from ostfront.server.errors import Stale
from ostfront.server.fairlock import FairLock
from ostfront.server.sessions import Manager
from ostfront.server.store import Store


class HeldStore(Store):
    """A store whose next write of game :attr:`hold` waits for :attr:`go`."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.hold: str | None = None
        self.writing = threading.Event()
        self.go = threading.Event()
        self.engine_held: list[bool] = []
        self.manager: Manager | None = None

    def append(self, gid: str, *args: Any, **kw: Any) -> None:
        if gid == self.hold:
            self.hold = None
            assert self.manager is not None
            self.engine_held.append(self.manager.engine._owner == threading.get_ident())
            self.writing.set()
            assert self.go.wait(60)
        super().append(gid, *args, **kw)


def _manager(tmp_path: Path) -> tuple[Manager, HeldStore]:
    store = HeldStore(tmp_path / "games.sqlite")
    mgr = Manager(store, move_delay=0)
    store.manager = mgr
    return mgr, store


def _in_thread(fn: Any, *args: Any, **kw: Any) -> tuple[threading.Thread, list[Any]]:
    """``fn`` run in a thread; the list gets what it returned, or the exception it raised."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(fn(*args, **kw))
        except Exception as exc:
            out.append(exc)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, out


def _until(done: Any) -> None:
    """Wait for ``done()`` (a thread reaching a lock), failing rather than hanging."""
    for _ in range(30_000):
        if done():
            return
        threading.Event().wait(0.001)
    raise AssertionError("the thread never got there")


def test_another_game_steps_while_a_write_waits(tmp_path: Path) -> None:
    mgr, store = _manager(tmp_path)
    a, a_tokens = mgr.create("dr", None, {}, 11, {})
    b, b_tokens = mgr.create("dr", None, {}, 12, {})
    store.hold = a.id
    try:
        slow, slow_out = _in_thread(mgr.act, a.id, "historical", 0, token=a_tokens["soviet"])
        assert store.writing.wait(60)
        # game A's write waits, without the engine lock: game B's post goes through whole
        fast, fast_out = _in_thread(mgr.act, b.id, "historical", 0, token=b_tokens["soviet"])
        fast.join(60)
        assert fast_out == [b] and b.seq == 1
        assert [s["action"] for s in store.steps(b.id)] == ["historical"]
        # game A is not changed until its step is stored: a reader sees step 0 whole
        assert (a.seq, store.steps(a.id)) == (0, [])
        assert a.state["step"] == 0 and mgr.get(a.id) is a
    finally:
        store.go.set()
    slow.join(60)
    assert slow_out == [a] and a.seq == 1
    assert store.engine_held == [False]
    assert store.steps(a.id) == [{"action": "historical", "hash": a.record.steps[0]["hash"]}]
    mgr.close()
    store.close()


def test_a_game_posts_wait_for_its_write_and_keep_their_order(tmp_path: Path) -> None:
    mgr, store = _manager(tmp_path)
    a, tokens = mgr.create("dr", None, {}, 11, {})
    soviet = tokens["soviet"]
    store.hold = a.id
    try:
        first, first_out = _in_thread(mgr.act, a.id, "historical", 0, token=soviet)
        assert store.writing.wait(60)
        # a post on the same step and one on the next queue for the game, not the engine
        same, same_out = _in_thread(mgr.act, a.id, "historical", 0, token=soviet)
        _until(lambda: mgr._game_locks[a.id][0]._next >= 2)  # queued: its ticket taken
        after, after_out = _in_thread(mgr.act, a.id, "done", 1, token=soviet)
        _until(lambda: mgr._game_locks[a.id][0]._next >= 3)
        assert (same_out, after_out, a.seq) == ([], [], 0)
    finally:
        store.go.set()
    for t in (first, same, after):
        t.join(60)
    assert first_out == [a]
    assert len(same_out) == 1 and isinstance(same_out[0], Stale)
    assert "you acted on step 0, it is at step 1" in str(same_out[0])
    assert after_out == [a] and a.seq == 2
    assert [s["action"] for s in store.steps(a.id)] == ["historical", "done"]
    assert [s["hash"] for s in store.steps(a.id)] == [s["hash"] for s in a.record.steps]
    assert a.id not in mgr._game_locks  # a game's lock is dropped once nobody wants it
    mgr.close()
    store.close()


def test_of_racing_posts_on_one_step_exactly_one_wins(tmp_path: Path) -> None:
    mgr, store = _manager(tmp_path)
    games = [mgr.create("dr", None, {}, seed, {}) for seed in (3, 4)]
    for step, action in enumerate(("historical", "done")):
        gate = threading.Barrier(8)

        def post(
            gid: str,
            token: str,
            action: str = action,
            step: int = step,
            gate: threading.Barrier = gate,
        ) -> Any:
            gate.wait()
            return mgr.act(gid, action, step, token=token)

        runs = [_in_thread(post, s.id, t["soviet"]) for s, t in games for _ in range(4)]
        for t, _ in runs:
            t.join(60)
        outs = [out[0] for _, out in runs]
        for g, (session, _) in enumerate(games):
            mine = outs[g * 4 : g * 4 + 4]
            assert sum(o is session for o in mine) == 1, mine
            assert sum(isinstance(o, Stale) for o in mine) == 3, mine
            assert session.seq == step + 1
            assert [s["action"] for s in store.steps(session.id)] == ["historical", "done"][
                : step + 1
            ]
    assert mgr._game_locks == {}
    mgr.close()
    store.close()


def test_a_game_lock_is_never_taken_under_the_engine_lock(tmp_path: Path) -> None:
    mgr, store = _manager(tmp_path)
    with (
        mgr.engine,
        pytest.raises(RuntimeError, match="before the engine lock"),
        mgr.game_lock("x"),
    ):
        pass
    mgr.close()
    store.close()


def test_a_resumed_turn_goes_before_a_first_one() -> None:
    lock = FairLock()
    order: list[str] = []

    def take(name: str, resume: bool) -> None:
        lock.acquire(resume)
        order.append(name)
        lock.release()

    lock.acquire()
    first = threading.Thread(target=take, args=("first turn", False))
    first.start()
    _until(lambda: lock._next >= 2)  # queued for its turn
    again = threading.Thread(target=take, args=("resumed", True))
    again.start()
    _until(lambda: lock._resuming >= 1)
    lock.release()
    first.join(10)
    again.join(10)
    assert order == ["resumed", "first turn"]
    # and the turns go on in order afterwards
    assert (lock._next, lock._serving, lock._owner) == (2, 2, None)
