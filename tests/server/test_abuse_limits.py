"""Issue 31, item 9: who may delete an invite game, which games a listing shows, how fast a
client may start games, half-sent request bodies, and a computer player whose worker pool
keeps dying. Each test performs the attack and sees it refused (or the game recover)."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import same_as_sent

from ostfront.server import models
from ostfront.server.app import create_app
from ostfront.server.limits import RateLimit
from ostfront.server.sessions import Manager
from ostfront.server.store import Store

HUMANS = {"dr": {"axis": "human", "soviet": "human"}, "sno": {"axis": "human", "soviet": "human"}}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(tmp_path_factory.mktemp("abuse") / "games.sqlite", move_delay=0)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def invite(client: TestClient, game: str) -> tuple[str, dict[str, str]]:
    r = client.post("/api/games", json={"game": game, "players": HUMANS[game], "seats": "invite"})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"]


def play_one_step(client: TestClient, gid: str, tokens: dict[str, str]) -> None:
    side = client.get(f"/api/games/{gid}").json()["active"]
    mine = {"X-Ostfront-Seat": tokens[side]}
    v = client.get(f"/api/games/{gid}", headers=mine).json()
    move = {"action": v["actions"][0]["text"], "seq": v["seq"]}
    r = client.post(f"/api/games/{gid}/actions", json=move, headers=mine)
    assert r.status_code == 200, r.text


# ------------------------------------------------------------------ deleting an invite game
@pytest.mark.parametrize("game", ["dr", "sno"])
def test_one_seat_cannot_erase_a_begun_invite_game(client: TestClient, game: str) -> None:
    gid, tokens = invite(client, game)
    play_one_step(client, gid, tokens)
    first, second = list(tokens)
    r = client.delete(f"/api/games/{gid}", headers={"X-Ostfront-Seat": tokens[first]})
    assert r.status_code == 202 and r.json() == {"deleted": None, "waiting_for": [second]}
    same_as_sent(models.Deleted, r.json())
    assert client.get(f"/api/games/{gid}").status_code == 200  # still there
    # asking twice is still one seat
    r = client.delete(f"/api/games/{gid}", headers={"X-Ostfront-Seat": tokens[first]})
    assert r.status_code == 202
    r = client.delete(f"/api/games/{gid}", headers={"X-Ostfront-Seat": tokens[second]})
    assert r.status_code == 200 and r.json() == {"deleted": gid}
    assert client.get(f"/api/games/{gid}").status_code == 404


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_an_unbegun_invite_game_goes_at_one_seats_word(client: TestClient, game: str) -> None:
    gid, tokens = invite(client, game)
    seat = next(iter(tokens.values()))
    r = client.delete(f"/api/games/{gid}", headers={"X-Ostfront-Seat": seat})
    assert r.status_code == 200 and r.json() == {"deleted": gid}


def test_a_hotseat_game_goes_at_once(client: TestClient) -> None:
    r = client.post("/api/games", json={"players": HUMANS["dr"]})
    gid, tokens = r.json()["id"], r.json()["seats"]
    play_one_step(client, gid, tokens)
    r = client.delete(f"/api/games/{gid}", headers={"X-Ostfront-Seat": tokens["axis"]})
    assert r.status_code == 200 and r.json() == {"deleted": gid}


# ------------------------------------------------------------------ taking an invite seat
@pytest.mark.parametrize("game", ["dr", "sno"])
def test_an_opened_invite_link_is_useless_to_whoever_passed_it(
    client: TestClient, game: str
) -> None:
    gid, tokens = invite(client, game)
    side = client.get(f"/api/games/{gid}").json()["active"]
    link = {"X-Ostfront-Seat": tokens[side]}  # what the inviter sent (and still holds)
    r = client.post(f"/api/games/{gid}/seat", headers=link)
    assert r.status_code == 200, r.text
    same_as_sent(models.SeatAnswer, r.json())
    fresh = r.json()["seats"]
    assert list(fresh) == [side] and fresh[side] != tokens[side]
    # the inviter's copy of the link acts no more, nor takes the seat back
    v = client.get(f"/api/games/{gid}", headers=link).json()
    assert v["seats"] == [] and v["actions"] == []
    move = {"action": "anything", "seq": 0}
    r = client.post(f"/api/games/{gid}/actions", json=move, headers=link)
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/seat", headers=link)
    assert r.status_code == 403 and "taken already" in r.json()["error"]
    # the invitee plays with the fresh token; the other seat is untouched
    play_one_step(client, gid, {**tokens, **fresh})
    others = [s for s in tokens if s != side]
    v = client.get(f"/api/games/{gid}", headers={"X-Ostfront-Seat": tokens[others[0]]}).json()
    assert v["seats"] == others
    r = client.post(f"/api/games/{gid}/seat")
    assert r.status_code == 403


def test_a_hotseat_token_is_kept_when_its_link_is_opened(client: TestClient) -> None:
    r = client.post("/api/games", json={"players": HUMANS["dr"]})
    gid, tokens = r.json()["id"], r.json()["seats"]
    r = client.post(f"/api/games/{gid}/seat", headers={"X-Ostfront-Seat": tokens["axis"]})
    assert r.status_code == 200 and r.json()["seats"] == tokens


# ------------------------------------------------------------------ listing
@pytest.mark.parametrize("game", ["dr", "sno"])
def test_a_game_is_listed_only_to_its_players_unless_public(client: TestClient, game: str) -> None:
    """Issue 37: the listing no longer names every game to anyone; a game started as
    public is listed for watching."""
    gid, tokens = invite(client, game)
    hot = client.post("/api/games", json={"game": game, "players": HUMANS[game]}).json()
    shown = client.post(
        "/api/games", json={"game": game, "players": HUMANS[game], "public": True}
    ).json()["id"]
    public = {g["id"] for g in client.get("/api/games").json()}
    assert shown in public and hot["id"] not in public and gid not in public
    mine = {"X-Ostfront-Seats": next(iter(hot["seats"].values()))}
    assert hot["id"] in {g["id"] for g in client.get("/api/games", headers=mine).json()}
    for token in tokens.values():
        headers = {"X-Ostfront-Seats": f"nonsense,{token}"}
        assert gid in {g["id"] for g in client.get("/api/games", headers=headers).json()}
    # a seat token of one game does not show another invite game
    other, _ = invite(client, game)
    headers = {"X-Ostfront-Seats": next(iter(tokens.values()))}
    assert other not in {g["id"] for g in client.get("/api/games", headers=headers).json()}


def test_a_listing_is_capped(client: TestClient) -> None:
    for _ in range(3):
        client.post("/api/games", json={"players": HUMANS["dr"], "public": True})
    assert len(client.get("/api/games?limit=2").json()) == 2
    assert client.get("/api/games?limit=100000").status_code == 422
    assert client.get("/api/games?limit=0").status_code == 422


# ------------------------------------------------------------------ starting games
def test_a_burst_of_new_games_is_refused(tmp_path: Path) -> None:
    guard = create_app(tmp_path / "g.sqlite", move_delay=0)
    guard.app.state.create_limit = RateLimit(burst=5, per_second=0.01)
    with TestClient(guard, base_url="http://127.0.0.1") as c:
        body = {"players": HUMANS["dr"], "public": True}
        answers = [c.post("/api/games", json=body) for _ in range(8)]
        assert [a.status_code for a in answers] == [201] * 5 + [429] * 3
        late = answers[-1]
        assert "too many new games" in late.json()["error"]
        assert int(late.headers["retry-after"]) >= 1
        assert len(c.get("/api/games").json()) == 5


def test_the_rate_limit_refills_and_keeps_bounded_memory() -> None:
    now = [0.0]
    limit = RateLimit(burst=2, per_second=1.0, max_clients=3, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(3)] == [0.0, 0.0, 1.0]
    assert limit.take("b") == 0.0  # another address has its own bucket
    now[0] = 2.0
    assert limit.take("a") == 0.0  # refilled
    for n in range(100):
        limit.take(f"10.0.0.{n}")
    assert len(limit) == 3


# ------------------------------------------------------------------ half-sent bodies
SERVER = textwrap.dedent(
    """
    import sys, uvicorn
    from ostfront.server import server_options
    from ostfront.server.http_timeouts import HeadTimedHttp
    HeadTimedHttp.head_seconds = 1.0
    from ostfront.server.app import create_app
    app = create_app(sys.argv[1], move_delay=0)
    app.body_seconds = 1.0
    print("ready", flush=True)
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), **server_options())
    """
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_half_sent_bodies_are_cut_off(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(tmp_path / "g.sqlite"), str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    slow: list[socket.socket] = []
    heads: list[socket.socket] = []
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/meta", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        head = (
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        )
        for _ in range(8):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(head)
            slow.append(s)
        for _ in range(4):  # and heads that never end
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0")
            heads.append(s)
        started = time.monotonic()
        # the server still answers others meanwhile
        with urllib.request.urlopen(base + "/api/meta", timeout=5) as r:
            assert r.status == 200
        for s in slow:
            got = b""
            while True:  # the answer, then the server closes the connection
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
            assert got.startswith(b"HTTP/1.1 408"), got[:200]
            assert b"did not arrive within 1 s" in got
        for s in heads:  # closed with no answer: no request was ever made
            assert s.recv(4096) == b""
        assert time.monotonic() - started < 8
    finally:
        for s in slow + heads:
            s.close()
        proc.terminate()
        proc.wait(timeout=20)


# ------------------------------------------------------------------ a dying worker pool
class Dying(Executor):
    """A worker pool that is found broken the first ``deaths`` times it is asked, then
    thinks in threads."""

    def __init__(self, deaths: int) -> None:
        self.deaths = deaths
        self.asked = 0
        self.inner = ThreadPoolExecutor(max_workers=1)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.asked += 1
        if self.asked <= self.deaths:
            raise BrokenProcessPool("a worker process died")
        return self.inner.submit(fn, *args, **kwargs)


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_the_computer_recovers_when_its_pool_died_twice(tmp_path: Path, game: str) -> None:
    pool = Dying(deaths=2)
    mgr = Manager(Store(tmp_path / "g.sqlite"), move_delay=0, ai_executor=pool)
    mgr.ai_retry_delays = (0.05, 0.05, 0.05)
    try:
        players = {"axis": "random", "soviet": "random"}
        session, _ = mgr.create(game, None, {}, 5, players)
        end = time.monotonic() + 60
        while time.monotonic() < end and session.seq < 3:
            threading.Event().wait(0.05)
        assert pool.asked > 2 and session.seq >= 3, session.ai_error
    finally:
        mgr.close()
        pool.inner.shutdown(wait=True, cancel_futures=True)


def test_a_pool_that_keeps_dying_says_how_to_restart(tmp_path: Path) -> None:
    pool = Dying(deaths=10**6)
    mgr = Manager(Store(tmp_path / "g.sqlite"), move_delay=0, ai_executor=pool)
    mgr.ai_retry_delays = (0.01, 0.01)
    session, _ = mgr.create("dr", None, {}, 5, {"soviet": "random"})
    end = time.monotonic() + 30
    while time.monotonic() < end and session.thinking:
        threading.Event().wait(0.02)
    assert not session.thinking and pool.asked == 3  # a first try and two retries, no more
    assert "set the players again to restart" in (session.ai_error or "")
    pool.deaths = 0  # the machine recovered: setting the same players restarts it
    mgr.set_players(session.id, {"soviet": "random"}, None)
    end = time.monotonic() + 60
    while time.monotonic() < end and (session.thinking or session.seq == 0):
        threading.Event().wait(0.05)
    assert session.seq > 0 and session.ai_error is None
    mgr.close()
    pool.inner.shutdown(wait=True, cancel_futures=True)
