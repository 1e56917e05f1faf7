"""The game database's one interface on both backends (issue 36): every test here runs on
SQLite and on PostgreSQL (a schema of its own, dropped afterwards; skipped only when no
PostgreSQL server answers).

What must hold on both: a game's record reads back as written; a step is added only after
exactly the steps before it (of two racing writers, exactly one wins, the other changes
nothing); seats change in one transaction; deleting a game deletes its steps and snapshots;
the sealing key is made once. On PostgreSQL, besides: a change is heard by the other
processes (NOTIFY), a second manager on the same database catches up before serving, and a
database that cannot be reached is one clear error without the password.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from ostfront.server import seats
from ostfront.server.errors import NotFound, Stale
from ostfront.server.sessions import Manager
from ostfront.server.storage import open_store
from ostfront.server.store import BaseStore, Conflict, DatabaseError

HEADER = {"game": "dr", "scenario": "1941", "options": {}, "seed": 5}
PLAYERS = {"axis": "human", "soviet": "ai-1"}


def _store(db: str) -> BaseStore:
    return open_store(db)


def test_a_record_reads_back_as_written(any_db: str) -> None:
    store = _store(any_db)
    steps = [{"action": "historical", "hash": "h1"}, {"action": "done", "hash": "h2"}]
    gid = store.create(
        "dr",
        HEADER,
        PLAYERS,
        steps,
        summary={"turn": 1},
        seats={"axis": "a" * 64},
        meta=[{"rule": "DR 6"}],
        snapshots={0: {"s": 0}, 2: {"s": [1, 2]}},
    )
    got = store.get(gid)
    assert got is not None
    assert (got.game, got.header, got.players, got.steps, got.status) == (
        "dr",
        HEADER,
        PLAYERS,
        2,
        "playing",
    )
    assert (got.summary, got.seats) == ({"turn": 1}, {"axis": "a" * 64})
    assert store.steps(gid) == steps
    assert [s["meta"] for s in store.steps_with_meta(gid)] == [{"rule": "DR 6"}, None]
    assert [s["action"] for s in store.steps_with_meta(gid, after=1)] == ["done"]
    assert store.snapshot(gid, 1) == (0, {"s": 0})
    assert store.snapshot(gid, 5) == (2, {"s": [1, 2]})
    assert store.head(gid) == (2, PLAYERS, {"axis": "a" * 64})
    assert [g.id for g in store.all()] == [gid]
    assert store.get("0" * 24) is None and store.head("0" * 24) is None
    store.close()


def test_a_step_follows_exactly_the_steps_stored(any_db: str) -> None:
    store = _store(any_db)
    gid = store.create("dr", HEADER, PLAYERS)
    store.append(gid, 1, "historical", "h1", {"turn": 1}, "playing", meta={"r": 1})
    with pytest.raises(Conflict, match="step 1 does not follow the stored record"):
        store.append(gid, 1, "done", "hx", {}, "playing")
    with pytest.raises(Conflict, match="1 steps stored"):
        store.append(gid, 3, "done", "hx", {}, "playing")
    store.append(gid, 2, "done", "h2", {"turn": 2}, "finished", snapshot={"at": 2})
    store.add_snapshots(gid, {2: {"at": "two"}})  # written again: replaced, not doubled
    assert store.snapshot(gid, 2) == (2, {"at": "two"})
    got = store.get(gid)
    assert got is not None and (got.steps, got.status, got.summary) == (2, "finished", {"turn": 2})
    assert store.steps(gid) == [
        {"action": "historical", "hash": "h1"},
        {"action": "done", "hash": "h2"},
    ]
    with pytest.raises(Conflict, match="deleted"):
        store.append("0" * 24, 1, "x", "h", {}, "playing")
    store.close()


def _race(store: BaseStore, gid: str, text: str, gate: threading.Barrier, out: list[str]) -> None:
    gate.wait()
    try:
        store.append(gid, 1, text, text, {}, "playing")
        out.append(text)
    except Conflict:
        out.append("refused")


def test_of_two_racing_writers_exactly_one_wins(any_db: str) -> None:
    """Two connections (two server processes' worth) add step 1 at once, many times over."""
    first, second = _store(any_db), _store(any_db)
    gids = [first.create("dr", HEADER, PLAYERS) for _ in range(8)]
    for gid in gids:
        outcome: list[str] = []
        gate = threading.Barrier(2)
        threads = [
            threading.Thread(target=_race, args=(s, gid, t, gate, outcome))
            for s, t in ((first, "a"), (second, "b"))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcome)[1] == "refused" and sorted(outcome)[0] in "ab", outcome
        assert [s["action"] for s in second.steps(gid)] == [o for o in outcome if o != "refused"]
    first.close()
    second.close()


def test_seats_players_summary_and_deletion(any_db: str) -> None:
    store = _store(any_db)
    gid = store.create("dr", HEADER, PLAYERS, seats=None, snapshots={0: {"s": 0}})
    assert store.set_seats(gid, {"axis": "x", "soviet": "x"}, only_if_unset=True)
    assert not store.set_seats(gid, {"axis": "y"}, only_if_unset=True)
    assert store.replace_seat(gid, "x", "z") == ["axis", "soviet"]
    assert store.replace_seat(gid, "x", "w") == []  # the old token is spent
    store.set_players(gid, {"axis": "ai-1", "soviet": "human"})
    store.set_summary(gid, {"title": "t"}, "finished")
    got = store.get(gid)
    assert got is not None
    assert (got.seats, got.players["axis"], got.summary, got.status) == (
        {"axis": "z", "soviet": "z"},
        "ai-1",
        {"title": "t"},
        "finished",
    )
    assert store.delete(gid) and not store.delete(gid)
    assert store.steps(gid) == [] and store.snapshot(gid, 0) is None
    store.close()


def test_the_sealing_key_is_made_once(any_db: str) -> None:
    first, second = _store(any_db), _store(any_db)
    key = first.secret()
    assert len(key) == 32 and second.secret() == key and first.secret() == key
    first.close()
    second.close()


def test_two_managers_on_one_database_serve_the_same_game(any_db: str) -> None:
    """A second server sees the first one's steps: it catches up before it serves (a post
    on the old position is refused, one on the current position accepted)."""
    a = Manager(_store(any_db), move_delay=0)
    b = Manager(_store(any_db), move_delay=0)
    session, tokens = a.create("dr", None, {}, 11, {})
    gid, soviet = session.id, tokens["soviet"]
    b.get(gid)
    a.act(gid, "historical", 0, token=soviet)
    with pytest.raises(Stale, match="moved on"):
        b.act(gid, "historical", 0, token=soviet)
    assert b.get(gid).seq == 1
    b.act(gid, "done", 1, token=soviet)
    assert a.get(gid).seq == 2 and a.get(gid).state == b.get(gid).state
    assert a.get(gid).record.steps == b.get(gid).record.steps
    assert b.delete(gid, soviet) == []
    with pytest.raises(NotFound):  # the other server learns of it at once
        a.get(gid)
    a.close()
    b.close()
    a.store.close()
    b.store.close()


# ------------------------------------------------------------------ PostgreSQL only
def test_a_change_is_heard_by_the_other_processes(pg_url: str) -> None:
    a, b = _store(pg_url), _store(pg_url)
    heard: list[str | None] = []
    a.listen(heard.append)
    time.sleep(0.3)  # the listener is connected
    gid = b.create("dr", HEADER, PLAYERS)
    a.append(gid, 1, "x", "h1", {}, "playing")  # its own change: not heard
    b.append(gid, 2, "y", "h2", {}, "playing")
    b.set_players(gid, PLAYERS)
    end = time.monotonic() + 5
    while len(heard) < 2 and time.monotonic() < end:
        time.sleep(0.05)
    assert heard == [gid, gid]
    a.close()
    b.close()


def test_a_page_on_one_manager_hears_the_others_moves(pg_url: str) -> None:
    a = Manager(_store(pg_url), move_delay=0)
    b = Manager(_store(pg_url), move_delay=0)
    session, tokens = a.create("dr", None, {}, 11, {"axis": "human", "soviet": "human"})
    heard: list[dict[str, Any]] = []
    a.subscribe(session.id, heard.append)
    time.sleep(0.3)
    b.act(session.id, "historical", 0, token=tokens["soviet"])
    end = time.monotonic() + 5
    while not heard and time.monotonic() < end:
        time.sleep(0.05)
    assert heard and heard[-1]["seq"] == 1
    assert a.get(session.id).record.steps == b.get(session.id).record.steps
    for m in (a, b):
        m.close()
        m.store.close()


def test_an_unreachable_database_is_one_clear_error_without_the_password() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(DatabaseError) as info:
        open_store("postgresql://someone:hunter2@127.0.0.1:1/nowhere?connect_timeout=2")
    text = str(info.value)
    assert "postgresql://someone@127.0.0.1:1/nowhere" in text and "hunter2" not in text
    assert "\n" not in text


def test_seat_tokens_work_across_managers(pg_url: str) -> None:
    """An invite link opened on one server; the fresh token acts on the other, the spent
    one on neither."""
    a = Manager(_store(pg_url), move_delay=0)
    b = Manager(_store(pg_url), move_delay=0)
    session, tokens = a.create("dr", None, {}, None, {}, mode=seats.INVITE)
    b.get(session.id)
    fresh = a.take_seat(session.id, tokens["soviet"])["soviet"]
    with pytest.raises(seats.Forbidden):
        b.act(session.id, "historical", 0, token=tokens["soviet"])
    b.act(session.id, "historical", 0, token=fresh)
    for m in (a, b):
        m.close()
        m.store.close()


def test_one_process_queries_while_its_other_transaction_waits(pg_url: str) -> None:
    """A process's connections are a pool: while one thread's transaction waits (here on an
    event, as a step's waits on the database), another thread's queries go through on a
    connection of their own; a thread's nested queries use the connection it holds."""
    from ostfront.server.store_pg import PgStore

    store = _store(pg_url)
    assert isinstance(store, PgStore)
    gid = store.create("dr", HEADER, PLAYERS)
    inside, go = threading.Event(), threading.Event()
    nested: list[Any] = []

    def slow() -> None:
        with store._tx() as db:
            db.execute("UPDATE games SET steps = 1 WHERE id = ?", (gid,))
            nested.append(store.head(gid))  # the same connection: sees its own change
            inside.set()
            assert go.wait(30)

    t = threading.Thread(target=slow)
    t.start()
    try:
        assert inside.wait(30)
        head = store.head(gid)  # another connection: the other transaction's change unseen
        assert head is not None and head[0] == 0
    finally:
        go.set()
    t.join(30)
    assert nested[0][0] == 1
    stored = store.head(gid)
    assert stored is not None and stored[0] == 1
    store.close()


def test_a_connection_the_database_dropped_is_made_again(pg_url: str) -> None:
    from ostfront.server.store_pg import PgStore

    store = _store(pg_url)
    assert isinstance(store, PgStore)
    gid = store.create("dr", HEADER, PLAYERS)
    with store._read() as db:
        pid = db.execute("SELECT pg_backend_pid() AS p").fetchone()["p"]
    other = _store(pg_url)
    with other._read() as db:
        db.execute("SELECT pg_terminate_backend(?)", (pid,))
    # the query on the dropped connection fails, once; the next is on a new connection
    with pytest.raises(DatabaseError, match="failed"):
        store.head(gid)
    head = store.head(gid)
    assert head is not None and head[0] == 0
    other.close()
    store.close()
