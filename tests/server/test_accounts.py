"""Accounts (issue 37): signing up, in and out; seats kept with an account; My games; rated
games and Elo; rematches; the lobby; the games list. Each test runs on both backends
(SQLite and PostgreSQL: ``any_db``), two browsers being two TestClients (two cookie jars)
on one app. The toy game (tests/toygame.py) is the game played: a win takes 14 steps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from web_helpers import same_as_sent

from ostfront.server import accounts, models, seats
from ostfront.server.app import create_app
from ostfront.server.store import BaseStore

HUMANS = {"red": "human", "blue": "human"}
#: Seed 4, the "lone" scenario: red's r1 meets b1 at 0404 and destroys it.
RED_WINS = (
    "select r1",
    "move 0304",
    "end",
    "end",
    "select b1",
    "move 0504",
    "end",
    "end",
    "select r1",
    "move 0404",
    "end",
    "attack r1 b1",
    "lose b1",
    "lose b1",
)
#: Every player-turn ended at once: a draw after four turns.
DRAW = ("end",) * 16


class Browsers:
    """One app over a fresh database, and a browser (a cookie jar) per name."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.jars: dict[str, TestClient] = {}

    def __getitem__(self, name: str) -> TestClient:
        if name not in self.jars:
            self.jars[name] = TestClient(self.app, base_url="http://127.0.0.1")
        return self.jars[name]

    @property
    def store(self) -> BaseStore:
        store: BaseStore = self.app.app.state.manager.store
        return store


#: argon2id at its least cost: the tests hash many passwords (the server's are the defaults).
CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


@pytest.fixture
def web(any_db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Browsers]:
    monkeypatch.setattr(seats, "fresh_seed", lambda: 4)  # RED_WINS's dice
    app = create_app(any_db, move_delay=0)
    before = accounts.use_hasher(CHEAP)
    try:
        with TestClient(app, base_url="http://127.0.0.1"):
            yield Browsers(app)
    finally:
        accounts.use_hasher(before)


def sign_up(c: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    r = c.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def play(web: Browsers, gid: str, moves: tuple[str, ...], by: dict[str, str]) -> dict[str, Any]:
    """Play ``moves``, each by the browser ``by`` names for the side to move (by cookie)."""
    v: dict[str, Any] = web["watcher"].get(f"/api/games/{gid}").json()
    for text in moves:
        r = web[by[v["active"]]].post(
            f"/api/games/{gid}/actions", json={"action": text, "seq": v["seq"]}
        )
        assert r.status_code == 200, (text, r.text)
        v = r.json()
    return v


def lobby_game(web: Browsers, rated: bool = True, public: bool = True) -> str:
    """Ann challenges (red, the lone scenario), Bob accepts: the game's id."""
    r = web["ann"].post(
        "/api/lobby",
        json={"game": "toy", "scenario": "lone", "side": "red", "rated": rated, "public": public},
    )
    assert r.status_code == 201, r.text
    r = web["bob"].post(f"/api/lobby/{r.json()['id']}/accept")
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    return gid


# ------------------------------------------------------------------ signing up and in
def test_sign_up_in_and_out(web: Browsers) -> None:
    c = web["ann"]
    assert c.get("/api/account").json() == {"signed_in": False}
    r = c.post("/api/account/signup", json={"name": "Ann", "password": "correct horse"})
    assert r.status_code == 201 and r.json() == {"signed_in": True, "name": "Ann", "ratings": {}}
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{accounts.COOKIE}=") and "HttpOnly" in cookie
    assert "SameSite=lax" in cookie and "Secure" not in cookie  # plain HTTP here
    same_as_sent(models.AccountInfo, c.get("/api/account").json())
    assert c.get("/api/account").json()["name"] == "Ann"
    # the name is taken in any case; the password is kept only as an argon2id hash
    r = web["other"].post("/api/account/signup", json={"name": "ANN", "password": "x" * 8})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    found = web.store.account_by_name("ann")
    assert found is not None and found[1].startswith("$argon2id$")
    assert "correct horse" not in found[1]
    for bad in ({"name": "a", "password": "x" * 8}, {"name": "ann two", "password": "x" * 8}):
        assert web["other"].post("/api/account/signup", json=bad).status_code == 400
    short = {"name": "Cid", "password": "short"}
    assert web["other"].post("/api/account/signup", json=short).status_code == 400
    # signing out forgets the login: the old cookie no longer signs anyone in
    r = c.post("/api/account/signout")
    assert r.status_code == 200 and r.json() == {"signed_in": False}
    assert c.get("/api/account").json() == {"signed_in": False}
    replay = web["thief"]
    replay.cookies.set(accounts.COOKIE, cookie.split(";")[0].split("=", 1)[1])
    assert replay.get("/api/account").json() == {"signed_in": False}
    # a wrong password and a wrong name answer alike
    for body in ({"name": "ann", "password": "wrong horse"}, {"name": "nobody", "password": "x"}):
        r = c.post("/api/account/signin", json=body)
        assert r.status_code == 401 and r.json() == {"error": "wrong name or password"}
    r = c.post("/api/account/signin", json={"name": "aNN", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["name"] == "Ann"
    assert c.get("/api/account").json()["signed_in"] is True


def test_the_login_cookie_is_secure_over_https(tmp_path: Any) -> None:
    app = create_app(tmp_path / "g.sqlite", move_delay=0)
    before = accounts.use_hasher(CHEAP)
    try:
        with TestClient(app, base_url="https://127.0.0.1") as c:
            r = c.post("/api/account/signup", json={"name": "ann", "password": "correct horse"})
            assert r.status_code == 201
            assert "Secure" in r.headers["set-cookie"] and "HttpOnly" in r.headers["set-cookie"]
    finally:
        accounts.use_hasher(before)


# ------------------------------------------------------------------ seats and My games
def test_a_signed_in_players_games_follow_the_account(web: Browsers) -> None:
    sign_up(web["ann"], "ann")
    r = web["ann"].post("/api/games", json={"game": "toy", "scenario": "lone", "players": HUMANS})
    assert r.status_code == 201
    gid = r.json()["id"]
    # another browser: no seat token, only the account
    laptop = web["laptop"]
    laptop.post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    mine = laptop.get("/api/account/games").json()
    assert [g["id"] for g in mine] == [gid]
    for g in mine:
        same_as_sent(models.MyGame, g)
    assert mine[0]["sides"] == ["blue", "red"] and mine[0]["your_turn"] is True
    assert mine[0]["accounts"] == {"red": "ann", "blue": "ann"} and mine[0]["active"] == "red"
    v = laptop.get(f"/api/games/{gid}").json()
    assert v["seats"] == ["blue", "red"] and v["actions"]
    v = play(web, gid, ("select r1", "stay", "end"), {"red": "laptop", "blue": "laptop"})
    assert v["seq"] == 3
    # the games list shows one's own games without naming a seat; others' private ones not
    listed = {g["id"]: g for g in laptop.get("/api/games").json()}
    assert listed[gid]["mine"] is True
    assert gid not in {g["id"] for g in web["stranger"].get("/api/games").json()}
    sign_up(web["stranger"], "sid")
    assert gid not in {g["id"] for g in web["stranger"].get("/api/games").json()}
    assert web["stranger"].get("/api/account/games").json() == []
    # without an account, My games is refused
    assert web["nobody"].get("/api/account/games").status_code == 401


def test_invite_links_opened_while_signed_in_keep_each_seat(web: Browsers) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    r = web["ann"].post(
        "/api/games",
        json={"game": "toy", "scenario": "lone", "players": HUMANS, "seats": "invite"},
    )
    gid, tokens = r.json()["id"], r.json()["seats"]
    assert web["ann"].get("/api/account/games").json() == []  # not yet: no link opened
    for name, side in (("ann", "red"), ("bob", "blue")):
        r = web[name].post(f"/api/games/{gid}/seat", headers={seats.HEADER: tokens[side]})
        assert r.status_code == 200
    terms = web["watcher"].get(f"/api/games/{gid}/terms").json()
    same_as_sent(models.Terms, terms)
    assert terms["accounts"] == {"red": "ann", "blue": "bob"} and terms["rated"] is False
    assert [g["sides"] for g in web["bob"].get("/api/account/games").json()] == [["blue"]]
    play(web, gid, ("select r1", "stay", "end", "end", "end"), {"red": "ann", "blue": "bob"})
    bob = web["bob"].get("/api/account/games").json()[0]
    assert bob["your_turn"] is True and bob["active"] == "blue" and bob["title"]


def test_seats_held_before_signing_in_are_kept_with_the_account(web: Browsers) -> None:
    c = web["ann"]
    r = c.post("/api/games", json={"game": "toy", "scenario": "lone", "players": HUMANS})
    gid, token = r.json()["id"], r.json()["seats"]["red"]
    body = {"seats": {gid: token, "feedbeef0000": "nonsense", "0123456789ab": token}}
    assert c.post("/api/account/seats", json=body).status_code == 401
    sign_up(c, "ann")
    r = c.post("/api/account/seats", json=body)
    same_as_sent(models.Linked, r.json())
    assert r.json() == {"linked": {gid: ["blue", "red"]}}
    # a seat kept with one account is not taken by another that holds its token
    sign_up(web["bob"], "bob")
    r = web["bob"].post("/api/account/seats", json={"seats": {gid: token}})
    assert r.json() == {"linked": {gid: []}}
    assert web["bob"].get("/api/account/games").json() == []


# ------------------------------------------------------------------ one account, another's seats
def test_one_account_cannot_act_for_or_read_anothers_seats(web: Browsers) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    sign_up(web["eve"], "eve")
    gid = lobby_game(web, public=False)
    eve = web["eve"]
    v = eve.get(f"/api/games/{gid}").json()
    assert v["seats"] == [] and v["actions"] == []  # watching only
    r = eve.post(f"/api/games/{gid}/actions", json={"action": "select r1", "seq": 0})
    assert r.status_code == 403
    # bob holds blue: not red
    r = web["bob"].post(f"/api/games/{gid}/actions", json={"action": "select r1", "seq": 0})
    assert r.status_code == 403 and "red" in r.json()["error"]
    r = eve.put(f"/api/games/{gid}/players", json={"players": {"red": "human", "blue": "random"}})
    assert r.status_code in (400, 403)
    assert eve.delete(f"/api/games/{gid}").status_code == 403
    assert eve.get(f"/api/games/{gid}/record").status_code == 403  # in play: players only
    assert web["bob"].get(f"/api/games/{gid}/record").status_code == 200
    assert eve.post(f"/api/games/{gid}/rematch").status_code == 403
    assert gid not in {g["id"] for g in eve.get("/api/games").json()}  # private
    assert eve.get("/api/account/games").json() == []
    # eve's cookie on the live socket names no seat of the game
    with eve.websocket_connect(f"ws://127.0.0.1/ws/games/{gid}") as ws:
        assert ws.receive_json()["seats"] == []
    with web["bob"].websocket_connect(f"ws://127.0.0.1/ws/games/{gid}") as ws:
        assert ws.receive_json()["seats"] == ["blue"]
    # a forged login cookie is no one
    forged = web["forger"]
    forged.cookies.set(accounts.COOKIE, "A" * 43)
    assert forged.get("/api/account").json() == {"signed_in": False}
    r = forged.post(f"/api/games/{gid}/actions", json={"action": "select r1", "seq": 0})
    assert r.status_code == 403


# ------------------------------------------------------------------ password guessing
def test_password_guessing_is_limited_per_name_and_per_address(web: Browsers) -> None:
    from ostfront.server.limits import RateLimit

    sign_up(web["ann"], "ann")
    limits = accounts.AccountLimits(
        per_name=RateLimit(burst=3, per_second=0.001),
        per_address=RateLimit(burst=6, per_second=0.001),
    )
    web.app.app.state.account_limits = limits
    c = web["guesser"]
    answers = [
        c.post("/api/account/signin", json={"name": "ann", "password": f"guess {i}"})
        for i in range(4)
    ]
    assert [a.status_code for a in answers] == [401, 401, 401, 429]
    assert int(answers[-1].headers["retry-after"]) >= 1
    # even the right password waits: the name is out of tries
    right = {"name": "ANN", "password": "correct horse"}
    assert c.post("/api/account/signin", json=right).status_code == 429
    # another name from the same address, until the address is out of tries too
    sign_up(web["bob"], "bob")
    tries = [
        c.post("/api/account/signin", json={"name": "bob", "password": f"guess {i}"}).status_code
        for i in range(3)
    ]
    assert tries == [401, 429, 429]  # the address's six: 3 at ann, 2 at ann's right, 1 here
    # sign-ups per address are limited too
    web.app.app.state.account_limits = accounts.AccountLimits(
        sign_ups=RateLimit(burst=1, per_second=0.001)
    )
    assert (
        web["x"].post("/api/account/signup", json={"name": "cid", "password": "x" * 8}).status_code
        == 201
    )
    r = web["y"].post("/api/account/signup", json={"name": "dan", "password": "x" * 8})
    assert r.status_code == 429


# ------------------------------------------------------------------ rated games and rematches
def test_a_rated_lobby_game_moves_both_ratings_once_and_a_rematch_swaps_sides(
    web: Browsers,
) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    gid = lobby_game(web)
    assert web["watcher"].get(f"/api/games/{gid}/terms").json()["rated"] is True
    v = play(web, gid, RED_WINS, {"red": "ann", "blue": "bob"})
    assert v["active"] is None and v["result"]["winner"] == "red"
    ann = web["ann"].get("/api/account").json()["ratings"]
    assert ann["toy"] == {"rating": 1516.0, "played": 1, "won": 1, "lost": 0, "drawn": 0}
    assert ann["*"]["rating"] == 1516.0
    bob = web["bob"].get("/api/account/games").json()[0]
    assert bob["status"] == "finished" and bob["result"]["winner"] == "red"
    assert bob["rating_change"]["blue"] == {
        "before": 1500.0,
        "after": 1484.0,
        "score": 0.0,
        "all_before": 1500.0,
        "all_after": 1484.0,
    }
    # counted once: asking again changes nothing
    manager = web.app.app.state.manager
    assert manager.settle(gid) is None
    board = web["watcher"].get("/api/players").json()
    for row in board:
        same_as_sent(models.PlayerRow, row)
    assert [(p["name"], p["rating"]) for p in board] == [("ann", 1516.0), ("bob", 1484.0)]
    page = web["watcher"].get("/api/players/BOB").json()
    same_as_sent(models.PlayerPage, page)
    assert page["name"] == "bob" and page["ratings"]["toy"]["lost"] == 1
    assert web["watcher"].get("/api/players/nobody").status_code == 404
    # the rematch: bob asks first, ann joins the same game; sides swapped
    r = web["bob"].post(f"/api/games/{gid}/rematch")
    assert r.status_code == 201, r.text
    same_as_sent(models.RematchAnswer, r.json())
    again = r.json()["id"]
    assert r.json()["seats"] == {}  # both play by account
    assert web["ann"].post(f"/api/games/{gid}/rematch").json()["id"] == again
    terms = web["watcher"].get(f"/api/games/{again}/terms").json()
    assert terms["accounts"] == {"red": "bob", "blue": "ann"}
    assert terms["rated"] is True and terms["rematch_of"] == gid
    done = web["ann"].get(f"/api/games/{gid}/terms").json()
    assert done["rematch"] == again and done["finished"] is True and done["yours"] == ["red"]
    assert web["watcher"].get(f"/api/games/{gid}/terms").json()["yours"] == []
    mine = {g["id"]: g for g in web["ann"].get("/api/account/games").json()}
    assert mine[gid]["rematch"] == again and mine[again]["sides"] == ["blue"]
    # bob now plays red and wins again
    play(web, again, RED_WINS, {"red": "bob", "blue": "ann"})
    ann = web["ann"].get("/api/account").json()["ratings"]["toy"]
    # 1516 expected 0.546 against 1484: losing costs 32 * 0.546 = 17.5
    assert ann["played"] == 2 and ann["lost"] == 1 and ann["rating"] == 1498.5


def test_a_draw_between_equals_changes_no_rating(web: Browsers) -> None:
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    gid = lobby_game(web)
    play(web, gid, DRAW, {"red": "ann", "blue": "bob"})
    ratings = web["bob"].get("/api/account").json()["ratings"]
    assert ratings["toy"] == {"rating": 1500.0, "played": 1, "won": 0, "lost": 0, "drawn": 1}


def test_what_a_rated_game_needs(web: Browsers) -> None:
    body = {"game": "toy", "players": HUMANS, "seats": "invite", "rated": True}
    assert web["ann"].post("/api/games", json=body).status_code == 401
    sign_up(web["ann"], "ann")
    assert web["ann"].post("/api/games", json={**body, "seats": "hotseat"}).status_code == 400
    vs_computer = {**body, "players": {"red": "human", "blue": "random"}}
    assert web["ann"].post("/api/games", json=vs_computer).status_code == 400
    r = web["ann"].post("/api/games", json=body)
    assert r.status_code == 201
    gid, tokens = r.json()["id"], r.json()["seats"]
    web["ann"].post(f"/api/games/{gid}/seat", headers={seats.HEADER: tokens["red"]})
    # no side of a rated game goes to the computer
    r = web["ann"].put(f"/api/games/{gid}/players", json={"players": {"red": "random"}})
    assert r.status_code == 400 and "rated" in r.json()["error"]
    # a rated game whose other side plays without an account counts for no one
    guest = web["guest"]
    r = guest.post(f"/api/games/{gid}/seat", headers={seats.HEADER: tokens["blue"]})
    held = {"red": {}, "blue": {seats.HEADER: r.json()["seats"]["blue"]}}
    for text in DRAW:
        v = guest.get(f"/api/games/{gid}").json()
        player = web["ann"] if v["active"] == "red" else guest
        r = player.post(
            f"/api/games/{gid}/actions",
            json={"action": text, "seq": v["seq"]},
            headers=held[v["active"]],
        )
        assert r.status_code == 200, r.text
    assert web["ann"].get("/api/account").json()["ratings"] == {}
    assert web.store.terms(gid).settled and web.store.terms(gid).rating_change is None


def test_a_rematch_for_players_without_accounts(web: Browsers) -> None:
    c = web["hotseat"]
    r = c.post("/api/games", json={"game": "toy", "scenario": "lone", "players": HUMANS})
    gid, token = r.json()["id"], r.json()["seats"]["red"]
    header = {seats.HEADER: token}
    assert c.post(f"/api/games/{gid}/rematch", headers=header).status_code == 400  # in play
    for text in DRAW:
        v = c.get(f"/api/games/{gid}", headers=header).json()
        c.post(f"/api/games/{gid}/actions", json={"action": text, "seq": v["seq"]}, headers=header)
    assert c.post(f"/api/games/{gid}/rematch").status_code == 403  # a watcher
    r = c.post(f"/api/games/{gid}/rematch", headers=header)
    assert r.status_code == 201
    new, fresh = r.json()["id"], r.json()["seats"]
    assert set(fresh) == {"red", "blue"} and len(set(fresh.values())) == 1
    assert r.json()["url"] == f"/game/{new}#seat={fresh['red']}"
    v = c.get(f"/api/games/{new}", headers={seats.HEADER: fresh["red"]}).json()
    assert v["seats"] == ["blue", "red"] and v["scenario"] == "lone"

    # an invite game: each player's old seat gets the swapped seat of the rematch
    r = c.post(
        "/api/games",
        json={"game": "toy", "scenario": "lone", "players": HUMANS, "seats": "invite"},
    )
    gid, tokens = r.json()["id"], r.json()["seats"]
    for text in DRAW:
        v = c.get(f"/api/games/{gid}").json()
        c.post(
            f"/api/games/{gid}/actions",
            json={"action": text, "seq": v["seq"]},
            headers={seats.HEADER: tokens[v["active"]]},
        )
    red = c.post(f"/api/games/{gid}/rematch", headers={seats.HEADER: tokens["red"]}).json()
    blue = c.post(f"/api/games/{gid}/rematch", headers={seats.HEADER: tokens["blue"]}).json()
    assert red["id"] == blue["id"] and set(red["seats"]) == {"blue"}
    assert set(blue["seats"]) == {"red"}
    new = red["id"]
    first = c.get(f"/api/games/{new}", headers={seats.HEADER: blue["seats"]["red"]}).json()
    assert first["seats"] == ["red"] and first["actions"]  # the old blue player moves first
    mine = c.get(f"/api/games/{new}", headers={seats.HEADER: red["seats"]["blue"]}).json()
    assert mine["seats"] == ["blue"]


# ------------------------------------------------------------------ the lobby
def test_the_lobby(web: Browsers) -> None:
    anon = web["anon"]
    body = {"game": "toy", "scenario": "lone", "side": "blue", "clock": "fast", "rated": True}
    assert anon.post("/api/lobby", json=body).status_code == 401
    sign_up(web["ann"], "ann")
    sign_up(web["bob"], "bob")
    sign_up(web["cid"], "cid")
    for bad in ({"game": "chess"}, {"game": "toy", "scenario": "x"}, {"game": "toy", "side": "x"}):
        assert web["ann"].post("/api/lobby", json=bad).status_code == 400
    for options in ({"flying": True}, {"long": {"nested": 1}}, {"long": "maybe"}):
        bad = {"game": "toy", "options": options}
        assert web["ann"].post("/api/lobby", json=bad).status_code == 400, options
    bad_clock = {"game": "toy", "clock": "<b>"}
    assert web["ann"].post("/api/lobby", json=bad_clock).status_code == 422
    r = web["ann"].post("/api/lobby", json=body)
    assert r.status_code == 201
    same_as_sent(models.ChallengeInfo, r.json())
    cid = r.json()["id"]
    lobby = anon.get("/api/lobby").json()
    same_as_sent(models.Lobby, lobby)
    assert [(c["id"], c["by"], c["side"], c["clock"]) for c in lobby["open"]] == [
        (cid, "ann", "blue", "fast")
    ]
    assert lobby["mine"] == []
    assert anon.post(f"/api/lobby/{cid}/accept").status_code == 401
    assert web["ann"].post(f"/api/lobby/{cid}/accept").status_code == 400  # one's own
    assert web["bob"].delete(f"/api/lobby/{cid}").status_code == 403  # another's
    r = web["bob"].post(f"/api/lobby/{cid}/accept")
    assert r.status_code == 201
    same_as_sent(models.Accepted, r.json())
    gid = r.json()["id"]
    assert r.json()["url"] == f"/game/{gid}"
    assert web["cid"].post(f"/api/lobby/{cid}/accept").status_code == 400  # taken
    assert web["ann"].delete(f"/api/lobby/{cid}").status_code == 400
    lobby = web["ann"].get("/api/lobby").json()
    assert lobby["open"] == []
    assert [(c["game_id"], c["accepted_by"]) for c in lobby["mine"]] == [(gid, "bob")]
    terms = anon.get(f"/api/games/{gid}/terms").json()
    assert terms["accounts"] == {"blue": "ann", "red": "bob"} and terms["rated"] is True
    public = {g["id"]: g for g in anon.get("/api/games").json()}  # public by default
    assert public[gid]["mine"] is False
    # a random side, private, withdrawn by its author
    r = web["cid"].post("/api/lobby", json={"game": "toy", "public": False})
    assert r.json()["side"] == "random" and r.json()["public"] is False
    assert web["cid"].delete(f"/api/lobby/{r.json()['id']}").status_code == 200
    assert web["anon"].get("/api/lobby").json()["open"] == []
    r = web["cid"].post("/api/lobby", json={"game": "toy", "public": False})
    private = web["ann"].post(f"/api/lobby/{r.json()['id']}/accept").json()["id"]
    assert private not in {g["id"] for g in anon.get("/api/games").json()}
    assert private in {g["id"] for g in web["cid"].get("/api/games").json()}
    sides = web["cid"].get("/api/account/games").json()[0]["sides"]
    assert sides in (["red"], ["blue"])


# ------------------------------------------------------------------ two servers, one database
def test_two_servers_count_a_rated_game_once(any_db: str) -> None:
    """Of two server processes settling one finished rated game at once (each has its own
    connection), one counts it."""
    import threading

    from ostfront.server.storage import open_store

    one, two = open_store(any_db), open_store(any_db)
    try:
        ann, bob = one.create_account("ann", "x"), one.create_account("bob", "x")
        gid = one.create(
            "toy",
            {"scenario": "lone"},
            HUMANS,
            summary={"result": {"winner": "red"}},
            status="finished",
            seats={"red": "a", "blue": "b"},
        )
        one.link_seats(gid, ["red"], ann.id)
        one.link_seats(gid, ["blue"], bob.id)
        one.set_terms(gid, rated=True)
        start = threading.Barrier(2)
        counted: list[Any] = []

        def settle(store: BaseStore) -> None:
            start.wait()
            counted.append(store.settle(gid, lambda r: accounts.elo(r, "red")))

        threads = [threading.Thread(target=settle, args=(s,)) for s in (one, two)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(c is None for c in counted) == [False, True]
        assert two.ratings(ann.id)["toy"].rating == 1516.0
        assert two.ratings(bob.id)["*"].played == 1
    finally:
        one.close()
        two.close()
