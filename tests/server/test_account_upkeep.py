"""Keeping an account (issue 37): its notice settings turned off and on, its password
changed, the account deleted; the prompt of a game lost on time; and the guard against
farming a rating with two accounts. Both backends (``any_db``), the time injected, two
browsers as two cookie jars (the fixtures of test_accounts_online)."""

from __future__ import annotations

from typing import Any

import pytest
from online_helpers import Hooks
from test_accounts import RED_WINS, Browsers, play, sign_up
from test_accounts_online import FAST, Time, challenge, now, online, web  # noqa: F401
from web_helpers import same_as_sent

from ostfront.server import accounts, models, seats
from ostfront.server.limits import RateLimit

WEEK = 7 * 86400.0


# ------------------------------------------------------------------ notice settings
def test_an_accounts_notices_turn_off_and_on_keeping_its_settings(
    web: Browsers,  # noqa: F811
) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    with Hooks() as hooks:
        r = web["bob"].put(
            "/api/account/notify", json={"webhook": hooks.url, "email": "bob@example.org"}
        )
        assert r.json()["on"] is True and r.json()["secret"]
        r = web["bob"].put("/api/account/notify", json={"on": False})
        assert r.status_code == 200, r.text
        same_as_sent(models.NotifySettings, r.json())
        assert r.json() == {
            "webhook": hooks.url,
            "email": "bob@example.org",
            "has_secret": True,
            "mail": False,
            "on": False,
        }  # no secret again
        assert web["bob"].get("/api/account/notify").json()["on"] is False
        gid = challenge(web, clock=None, rated=False)
        play(web, gid, RED_WINS[:4], {"red": "ann", "blue": "bob"})  # blue's turn: not told
        assert online(web).tick()["sent"] == 0 and hooks.got == []
        assert online(web).store.notices() == []
        assert web["bob"].put("/api/account/notify", json={"on": True}).json()["on"] is True
        play(web, gid, RED_WINS[4:8], {"red": "ann", "blue": "bob"})  # blue's, then red's
        play(web, gid, RED_WINS[8:12], {"red": "ann", "blue": "bob"})  # blue's losses
        assert online(web).tick()["sent"] == 1
        assert [e["side"] for e in hooks.bodies()[0]["events"]] == ["blue"]
    # another account's settings are its own: ann clearing hers leaves bob's
    web["ann"].put("/api/account/notify", json={"webhook": "", "email": "", "on": False})
    assert web["bob"].get("/api/account/notify").json()["webhook"] == hooks.url


# ------------------------------------------------------------------ a game lost on time
def test_the_prompt_of_a_game_lost_on_time_says_it_is_over(
    web: Browsers,  # noqa: F811
    now: Time,  # noqa: F811
) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    gid = challenge(web)
    before = web["ann"].get(f"/api/games/{gid}").json()["prompt"]
    assert before["side"] == "red"
    now.t += FAST.initial + 1
    online(web).tick()
    for who in ("ann", "bob", "watcher"):
        v = web[who].get(f"/api/games/{gid}").json()
        assert v["prompt"] == {
            "side": None,
            "text": "The game is over: red lost on time. Blue wins.",
            "rule": None,
        }
        assert v["active"] is None and v["actions"] == []


# ------------------------------------------------------------------ farming a rating
def rated_win(browsers: Browsers, red: str, blue: str) -> str:
    """``red`` challenges ``blue`` to a rated game and wins it."""
    body = {"game": "toy", "scenario": "lone", "side": "red", "rated": True, "clock": None}
    r = browsers[red].post("/api/lobby", json=body)
    r = browsers[blue].post(f"/api/lobby/{r.json()['id']}/accept")
    gid: str = r.json()["id"]
    play(browsers, gid, RED_WINS, {"red": red, "blue": blue})
    return gid


def toy(browsers: Browsers, name: str) -> dict[str, Any]:
    got: dict[str, Any] = browsers[name].get("/api/account").json()["ratings"]["toy"]
    return got


def test_two_accounts_count_at_most_three_rated_games_a_week_against_each_other(
    web: Browsers,  # noqa: F811
    now: Time,  # noqa: F811
) -> None:
    for name in ("ann", "bob", "cid"):
        sign_up(web[name], name)
    games = []
    for _ in range(3):
        games.append(rated_win(web, "ann", "bob"))
        now.t += 86400  # a day apart
    # 1500 -> 1516 -> 1530.5 (expected 0.546 against 1484) -> 1543.7 (0.587 against 1469.5)
    assert toy(web, "ann") == {"rating": 1543.7, "played": 3, "won": 3, "lost": 0, "drawn": 0}
    assert toy(web, "bob")["rating"] == 1456.3
    # the fourth within the week (six days after the first): played, rated, not counted
    fourth = rated_win(web, "ann", "bob")
    assert toy(web, "ann")["played"] == 3 and toy(web, "ann")["rating"] == 1543.7
    assert toy(web, "bob")["played"] == 3
    rows = {g["id"]: g for g in web["ann"].get("/api/account/games").json()}
    note = "not counted: rated games between the same two players count at most 3 times in 7 days"
    assert rows[fourth]["not_counted"] == note and "rating_change" not in rows[fourth]
    assert rows[games[0]]["rating_change"]["red"]["after"] == 1516.0
    assert "not_counted" not in rows[games[0]]
    terms = web["watcher"].get(f"/api/games/{fourth}/terms").json()
    same_as_sent(models.Terms, terms)
    assert terms["not_counted"] == note and terms["rated"] is True
    # another pair is not held back by this one
    rated_win(web, "ann", "cid")
    assert toy(web, "ann")["played"] == 4 and toy(web, "cid")["played"] == 1
    # a week after the first game it has left the window: one more counts, then no more
    now.t += WEEK - 3 * 86400
    rated_win(web, "bob", "ann")
    assert toy(web, "bob")["played"] == 4 and toy(web, "bob")["won"] == 1
    sixth = rated_win(web, "bob", "ann")
    assert toy(web, "bob")["played"] == 4
    assert web.store.terms(sixth).not_counted == note


# ------------------------------------------------------------------ the password
def test_a_password_is_changed_only_with_the_current_one(web: Browsers) -> None:  # noqa: F811
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob", "bobs own password")
    other = web["ann-phone"]
    r = other.post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    assert r.status_code == 200
    change = {"password": "correct horse", "new_password": "battery staple"}
    assert web["watcher"].post("/api/account/password", json=change).status_code == 401
    wrong = {"password": "wrong horse", "new_password": "battery staple"}
    r = web["ann"].post("/api/account/password", json=wrong)
    assert r.status_code == 403 and r.json() == {"error": "wrong password"}
    short = {"password": "correct horse", "new_password": "short"}
    assert web["ann"].post("/api/account/password", json=short).status_code == 400
    # bob, knowing ann's password, changes only his own (and it is not his password)
    assert web["bob"].post("/api/account/password", json=change).status_code == 403
    r = web["ann"].post("/api/account/password", json=change)
    assert r.status_code == 200, r.text
    same_as_sent(models.PasswordChanged, r.json())
    assert r.json() == {"changed": True, "signed_out": 1}  # the phone
    assert web["ann"].get("/api/account").json()["signed_in"] is True
    assert other.get("/api/account").json() == {"signed_in": False}
    for password, status in (("correct horse", 401), ("battery staple", 200)):
        r = web["x"].post("/api/account/signin", json={"name": "ann", "password": password})
        assert r.status_code == status
    bobs = {"name": "bob", "password": "bobs own password"}
    assert web["y"].post("/api/account/signin", json=bobs).status_code == 200


def test_password_attempts_take_from_the_sign_in_limits(web: Browsers) -> None:  # noqa: F811
    sign_up(web["ann"], "ann")
    web.app.app.state.account_limits = accounts.AccountLimits(
        per_name=RateLimit(burst=3, per_second=0.001)
    )
    wrong = {"password": "guess", "new_password": "battery staple"}
    answers = [web["ann"].post("/api/account/password", json=wrong).status_code for _ in range(3)]
    assert answers == [403, 403, 403]
    right = {"password": "correct horse", "new_password": "battery staple"}
    r = web["ann"].post("/api/account/password", json=right)
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    r = web["ann"].post("/api/account/delete", json={"password": "correct horse"})
    assert r.status_code == 429
    r = web["z"].post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    assert r.status_code == 429  # the name is out of tries whatever the door


# ------------------------------------------------------------------ deleting an account
def test_deleting_an_account(web: Browsers, now: Time) -> None:  # noqa: F811
    for name in ("ann", "bob"):
        sign_up(web[name], name)
    ann, bob = web["ann"], web["bob"]
    done = rated_win(web, "ann", "bob")  # finished: ann 1516, bob 1484
    in_play = challenge(web, clock="fast", rated=True)  # ann red, bob blue, red to move
    r = ann.post(
        "/api/games",
        json={"game": "toy", "scenario": "lone", "players": {"red": "human", "blue": "human"}},
    )
    hotseat, token = r.json()["id"], r.json()["seats"]["red"]
    open_challenge = ann.post("/api/lobby", json={"game": "toy", "scenario": "lone"}).json()["id"]
    ann.put("/api/account/notify", json={"webhook": "http://127.0.0.1:9/", "email": "a@b.org"})
    ann.put(f"/api/games/{in_play}/notify", json={"email": "seat@b.org"})
    assert web.store.notify_to(f"seat:{in_play}:red") is not None
    online(web).tick()  # blue's turn was queued for bob only: ann has none yet
    play(web, in_play, RED_WINS[:4], {"red": "ann", "blue": "bob"})
    play(web, in_play, RED_WINS[4:8], {"red": "ann", "blue": "bob"})  # red's turn: ann told
    online(web).tick()
    assert {n["target"] for n in web.store.notices()} == {"http://127.0.0.1:9/", "a@b.org"}
    cookie = ann.cookies.get(accounts.COOKIE)
    phone = web["ann-phone"]
    phone.post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    account_id = web.store.account_by_name("ann")[0].id  # type: ignore[index]

    assert web["watcher"].post("/api/account/delete", json={"password": "x"}).status_code == 401
    r = ann.post("/api/account/delete", json={"password": "wrong horse"})
    assert r.status_code == 403 and ann.get("/api/account").json()["name"] == "ann"
    r = ann.post("/api/account/delete", json={"password": "correct horse"})
    assert r.status_code == 200, r.text
    same_as_sent(models.AccountDeleted, r.json())
    assert r.json() == {
        "deleted": True,
        "signed_in": False,
        "resigned": [in_play],  # bob, a human, wins it
        "released": [hotseat],  # ann played both sides
    }
    assert accounts.COOKIE not in ann.cookies or not ann.cookies.get(accounts.COOKIE)
    # every login is gone: the cookie, a copy of it, the other browser
    thief = web["thief"]
    thief.cookies.set(accounts.COOKIE, str(cookie))
    for c in (thief, phone):
        assert c.get("/api/account").json() == {"signed_in": False}
        assert c.get("/api/account/games").status_code == 401
    r = web["x"].post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    assert r.status_code == 401
    # personal data: notices, ratings, the open challenge, the player's page
    assert web.store.notify_to(f"account:{account_id}") is None
    assert web.store.notices() == []  # the outbox forgot them too
    assert web.store.notify_to(f"seat:{in_play}:red") is None
    assert web.store.ratings(account_id) == {}
    assert open_challenge not in {c["id"] for c in web["watcher"].get("/api/lobby").json()["open"]}
    assert web["watcher"].get("/api/players/ann").status_code == 404
    assert [p["name"] for p in web["watcher"].get("/api/players").json()] == ["bob"]
    # the finished games show the deleted player
    assert web["watcher"].get(f"/api/games/{done}/terms").json()["accounts"] == {
        "red": "deleted player",
        "blue": "bob",
    }
    assert bob.get("/api/account").json()["name"] == "bob"
    sign_up(web["new"], "Ann")  # the name is free again: a new account, nothing of the old
    # the hotseat game's seats were released: its token still plays it
    r = web["hotseat"].post(
        f"/api/games/{hotseat}/actions",
        json={"action": "select r1", "seq": 0},
        headers={seats.HEADER: token},
    )
    assert r.status_code == 200


def test_a_deleted_player_resigns_a_game_in_play(web: Browsers) -> None:  # noqa: F811
    for name in ("ann", "bob"):
        sign_up(web[name], name)
    ann, bob = web["ann"], web["bob"]
    rated_win(web, "ann", "bob")  # ann 1516, bob 1484
    gid = challenge(web, clock="fast", rated=True)  # ann red, bob blue
    play(web, gid, RED_WINS[:4], {"red": "ann", "blue": "bob"})  # bob's decision now
    with web["watcher"].websocket_connect(f"ws://127.0.0.1/ws/games/{gid}") as page:
        assert page.receive_json()["seq"] == 4
        r = ann.post("/api/account/delete", json={"password": "correct horse"})
        assert r.json()["resigned"] == [gid] and r.json()["released"] == []
        told = page.receive_json()  # an open page hears it is over (no step shows it)
        assert told["over"] is True and told["seq"] == 4
    v = bob.get(f"/api/games/{gid}").json()
    assert v["result"] == {"winner": "blue", "score": {}, "reason": "red resigned"}
    assert v["prompt"]["text"] == "The game is over: red resigned. Blue wins."
    assert v["active"] is None and v["clock"]["running"] is None
    r = bob.post(f"/api/games/{gid}/actions", json={"action": "end", "seq": v["seq"]})
    assert r.status_code == 409 and "red resigned" in r.json()["error"]
    mine = {g["id"]: g for g in bob.get("/api/account/games").json()}[gid]
    assert mine["status"] == "finished" and mine["accounts"] == {
        "red": "deleted player",
        "blue": "bob",
    }
    # the win counts for bob (1484 against 1516: 32 * 0.546 = 17.5)
    assert bob.get("/api/account").json()["ratings"]["toy"]["rating"] == 1501.5
    # no rematch: there is no one to play it with
    r = bob.post(f"/api/games/{gid}/rematch")
    assert r.status_code == 400 and "deleted their account" in r.json()["error"]


@pytest.mark.parametrize("body", [{}, {"password": 5}])
def test_deleting_needs_a_password(web: Browsers, body: dict[str, Any]) -> None:  # noqa: F811
    sign_up(web["ann"], "ann")
    assert web["ann"].post("/api/account/delete", json=body).status_code in (400, 422)
    assert web["ann"].get("/api/account").json()["signed_in"] is True


# ------------------------------------------------------------------ older databases
OLD_TABLES = (
    "CREATE TABLE game_terms (game_id TEXT PRIMARY KEY, rated INTEGER NOT NULL DEFAULT 0, "
    "public INTEGER NOT NULL DEFAULT 0, rematch_of TEXT, rematch TEXT, "
    "settled INTEGER NOT NULL DEFAULT 0, rating_change TEXT)",
    "CREATE TABLE notify_to (holder TEXT PRIMARY KEY, webhook TEXT, secret TEXT, email TEXT)",
    "INSERT INTO notify_to (holder, email) VALUES ('account:old', 'old@example.org')",
)


def test_a_database_from_before_gets_the_new_columns(any_db: str) -> None:
    from ostfront.server.storage import open_store
    from ostfront.server.store import is_postgres

    if is_postgres(any_db):
        import psycopg

        with psycopg.connect(any_db, autocommit=True) as conn:
            for sql in OLD_TABLES:
                conn.execute(sql)
    else:
        import sqlite3

        with sqlite3.connect(any_db) as conn:
            for sql in OLD_TABLES:
                conn.execute(sql)
        conn.close()
    for off in (False, True):  # opened twice: the columns are added once, then kept
        store = open_store(any_db)
        try:
            assert store.notify_to("account:old") == {
                "webhook": None,
                "secret": None,
                "email": "old@example.org",
                "off": off,
            }
            store.set_notify_to("account:old", {"off": True})
            assert store.notify_to("account:old")["off"] is True  # type: ignore[index]
            gid = store.create("toy", {"scenario": "lone"}, {"red": "human", "blue": "human"})
            store.set_terms(gid, rated=True)
            assert store.terms(gid).not_counted is None and store.terms(gid).ended is None
        finally:
            store.close()


def test_a_resignation_in_another_process_is_told_to_open_pages_once(
    web: Browsers,  # noqa: F811
) -> None:
    """Two processes on one database: the one that did not end the game hears of it by the
    database's notice (``_changed_elsewhere``) and tells its open pages it is over, once;
    a later change (chat) is told as a change only."""
    for name in ("ann", "bob"):
        sign_up(web[name], name)
    gid = challenge(web, clock="fast", rated=True)
    play(web, gid, RED_WINS[:4], {"red": "ann", "blue": "bob"})
    mgr = web.app.app.state.manager
    heard: list[dict[str, Any]] = []
    mgr.subscribe(gid, heard.append)
    try:
        from ostfront.server import clocks

        got = mgr.store.get(gid)
        summary = clocks.resignation(mgr.get(gid).game, "red", got.summary)
        assert mgr.store.end_game(gid, "red", summary, 0.0)  # as another process would
        mgr._changed_elsewhere(gid)
        mgr._changed_elsewhere(gid)  # e.g. a chat line after it
    finally:
        mgr.unsubscribe(gid, heard.append)
    assert [m.get("over", False) for m in heard] == [True, False]
    assert all(m["seq"] == 4 for m in heard)
