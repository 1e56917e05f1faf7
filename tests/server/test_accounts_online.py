"""Accounts meet online play (issue 37): a player by account chats, is told of their turn
at the account's address, sees the time left in My games; a lobby challenge's clock runs
in the game it starts and in its rematch; a rated game lost on time moves both ratings.
Both backends (``any_db``), the time injected, two browsers as two cookie jars."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from online_helpers import Hooks
from test_accounts import CHEAP, RED_WINS, Browsers, play, sign_up
from web_helpers import same_as_sent

from ostfront.server import accounts, clocks, models, seats
from ostfront.server.app import create_app
from ostfront.server.online import Online

FAST = clocks.CONTROLS["fast"]


class Time:
    def __init__(self) -> None:
        self.t = 2_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now() -> Time:
    return Time()


@pytest.fixture
def web(any_db: str, now: Time, monkeypatch: pytest.MonkeyPatch) -> Iterator[Browsers]:
    monkeypatch.setattr(seats, "fresh_seed", lambda: 4)  # RED_WINS's dice
    app = create_app(any_db, move_delay=0, now=now, tick_seconds=0, private_webhooks=True)
    before = accounts.use_hasher(CHEAP)
    try:
        with TestClient(app, base_url="http://127.0.0.1"):
            yield Browsers(app)
    finally:
        accounts.use_hasher(before)


def online(web: Browsers) -> Online:
    got: Online = web.app.app.state.manager.online
    return got


def challenge(web: Browsers, clock: str | None = "fast", rated: bool = True) -> str:
    """Ann (red) challenges with ``clock``, Bob accepts: the game's id."""
    body = {"game": "toy", "scenario": "lone", "side": "red", "rated": rated, "clock": clock}
    r = web["ann"].post("/api/lobby", json=body)
    assert r.status_code == 201, r.text
    r = web["bob"].post(f"/api/lobby/{r.json()['id']}/accept")
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    return gid


def test_a_lobby_game_keeps_its_challenges_clock_and_my_games_shows_the_time_left(
    web: Browsers, now: Time
) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    bad = {"game": "toy", "scenario": "lone", "clock": "blitz"}
    r = web["ann"].post("/api/lobby", json=bad)
    assert r.status_code == 400 and "blitz" in r.json()["error"]
    gid = challenge(web)
    shown = web["watcher"].get(f"/api/games/{gid}/clock").json()
    assert shown["control"] == "fast" and shown["running"] == "red"
    now.t += 100
    mine = web["bob"].get("/api/account/games").json()
    for row in mine:
        same_as_sent(models.MyGame, row)
    assert mine[0]["time_left"] == {"red": FAST.initial - 100, "blue": FAST.initial}
    # a game made without a clock has no time left to show
    untimed = challenge(web, clock=None)
    rows = {g["id"]: g for g in web["ann"].get("/api/account/games").json()}
    assert "time_left" not in rows[untimed] and "time_left" in rows[gid]


def test_players_by_account_chat_and_watchers_do_not(web: Browsers) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    gid = challenge(web, clock=None)
    r = web["ann"].post(f"/api/games/{gid}/chat", json={"text": "<b>good luck</b>"})
    assert r.status_code == 201, r.text
    assert r.json()["side"] == "red"
    got = web["bob"].get(f"/api/games/{gid}/chat").json()["messages"]
    assert [(m["side"], m["text"]) for m in got] == [("red", "<b>good luck</b>")]
    assert web["watcher"].get(f"/api/games/{gid}/chat").status_code == 403
    sign_up(web["cid"], "cid")  # signed in, but no player of this game
    assert web["cid"].post(f"/api/games/{gid}/chat", json={"text": "hi"}).status_code == 403


def test_an_account_is_told_of_its_turn_at_its_own_webhook(web: Browsers) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    anon = web["watcher"].put("/api/account/notify", json={"webhook": "http://x/"})
    assert anon.status_code == 401
    with Hooks() as hooks:
        r = web["bob"].put("/api/account/notify", json={"webhook": hooks.url})
        assert r.status_code == 200, r.text
        same_as_sent(models.NotifySettings, r.json())
        assert r.json()["secret"]
        shown = web["bob"].get("/api/account/notify").json()
        assert shown["webhook"] == hooks.url and "secret" not in shown
        assert web["ann"].get("/api/account/notify").json()["webhook"] is None
        gid = challenge(web, clock=None, rated=False)
        play(web, gid, RED_WINS[:4], {"red": "ann", "blue": "bob"})  # blue's turn now
        online(web).tick()
        assert len(hooks.got) == 1
        events = json.loads(hooks.got[0][1])["events"]
        assert [(e["event"], e["side"], e["game"]) for e in events] == [("your-turn", "blue", gid)]


def test_a_rated_game_lost_on_time_moves_both_ratings_and_its_rematch_keeps_the_clock(
    web: Browsers, now: Time
) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    gid = challenge(web)
    now.t += FAST.initial + 1  # red (ann) never moves
    online(web).tick()
    v: dict[str, Any] = web["watcher"].get(f"/api/games/{gid}").json()
    assert v["result"]["winner"] == "blue"
    ann = web["ann"].get("/api/account").json()["ratings"]["toy"]
    bob = web["bob"].get("/api/account").json()["ratings"]["toy"]
    assert (ann["lost"], ann["rating"]) == (1, 1484.0)
    assert (bob["won"], bob["rating"]) == (1, 1516.0)
    assert web["ann"].get(f"/api/games/{gid}/terms").json()["finished"] is True
    r = web["bob"].post(f"/api/games/{gid}/rematch")
    assert r.status_code == 201, r.text
    again = r.json()["id"]
    clock = web["watcher"].get(f"/api/games/{again}/clock").json()
    assert clock["control"] == "fast" and clock["left"]["red"] == FAST.initial
