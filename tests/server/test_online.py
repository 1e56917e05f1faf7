"""Online play (issue 37): clocks, chat and turn notices through the API, on both database
backends, with the time injected (no test waits for a clock).

A Defiant Russia game: the Soviets decide first (set-up, then done), then the Axis decides
until its Combat Phase (web_helpers.TO_AXIS_COMBAT).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from fastapi.testclient import TestClient
from online_helpers import Hooks, SmtpSink
from web_helpers import TO_AXIS_COMBAT, same_as_sent

from ostfront.server import clocks, models, view_models
from ostfront.server.app import create_app
from ostfront.server.online import Online, account_holder
from ostfront.server.sessions import Manager
from ostfront.server.storage import open_store

LIVE = clocks.CONTROLS["live"]
T0 = 1_000_000.0


class Time:
    """The injected time source: moved on by hand."""

    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


class Stuck(Executor):
    """A worker pool whose computer players never answer: the computer thinks forever."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        return Future()


@pytest.fixture
def clock() -> Time:
    return Time()


def make_client(db: str, now: Time, **kw: Any) -> Iterator[TestClient]:
    app = create_app(db, move_delay=0, now=now, tick_seconds=0, **kw)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def api(any_db: str, clock: Time) -> Iterator[TestClient]:
    yield from make_client(any_db, clock)


def online(c: TestClient) -> Online:
    got: Online = c.app.app.state.manager.online  # type: ignore[attr-defined]
    return got


def start(c: TestClient, control: str = "live", **body: Any) -> tuple[str, dict[str, str]]:
    body = {"game": "dr", "players": {"axis": "human", "soviet": "human"}, **body}
    r = c.post("/api/games", json={"seats": "invite", "clock": control, **body})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"]


def play(
    c: TestClient,
    gid: str,
    seats: dict[str, str],
    texts: tuple[str, ...],
    now: Time,
    every: float = 600,
) -> dict[str, Any]:
    v: dict[str, Any] = c.get(f"/api/games/{gid}").json()
    for text in texts:
        now.t += every
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"action": text, "seq": v["seq"]},
            headers={"X-Ostfront-Seat": seats[v["active"]]},
        )
        assert r.status_code == 200, (text, r.text)
        v = r.json()
    return v


# ------------------------------------------------------------------ the clock's arithmetic
def test_a_side_gets_its_increment_when_it_hands_over_up_to_the_cap() -> None:
    game = __import__("ostfront.games", fromlist=["get"]).get("dr")
    c = clocks.new_clock(LIVE, game, "soviet", 0.0)
    assert c["deadline"] == 24 * 3600
    c = clocks.advanced(c, "axis", 3600.0)  # the Soviets took an hour, then handed over
    assert c["left"] == {"soviet": 27 * 3600, "axis": 24 * 3600} and c["running"] == "axis"
    assert c["deadline"] == 3600.0 + 24 * 3600
    c = clocks.advanced(c, None, 3600.0 + 60)  # the computer's turn: nobody's clock runs
    assert c["left"]["axis"] == 28 * 3600 - 60 and c["deadline"] is None
    c = {**c, "left": {"soviet": 71 * 3600, "axis": 1.0}, "running": "soviet"}
    assert clocks.advanced(c, "axis", c["since"])["left"]["soviet"] == 72 * 3600  # capped
    assert clocks.fallen({**c, "deadline": 50.0}, 50.0) == "soviet"
    assert clocks.fallen({**c, "deadline": 50.0}, 49.9) is None


def test_a_bad_time_control_makes_no_game(api: TestClient) -> None:
    before = len(api.get("/api/games").json())
    r = api.post("/api/games", json={"game": "dr", "clock": "blitz"})
    assert r.status_code == 400 and "no time control 'blitz'" in r.json()["error"]
    assert len(api.get("/api/games").json()) == before
    assert [t["id"] for t in api.get("/api/time-controls").json()] == ["live", "fast", "slow"]


# ------------------------------------------------------------------ clocks through the API
def test_the_clock_runs_for_the_side_to_decide_and_the_game_is_lost_on_time(
    api: TestClient, clock: Time
) -> None:
    gid, seats = start(api)
    shown = api.get(f"/api/games/{gid}/clock").json()
    same_as_sent(models.ClockInfo, shown)
    assert shown["left"] == {"axis": 86400.0, "soviet": 86400.0}
    assert shown["running"] == "soviet"
    v = play(api, gid, seats, TO_AXIS_COMBAT, clock)  # ten minutes a step
    # the Soviets used 20 minutes and got 4 hours; the Axis has used 40 minutes since
    assert v["clock"]["left"] == {"axis": 86400.0 - 2400, "soviet": 86400.0 - 1200 + 14400}
    assert v["clock"]["running"] == "axis"
    same_as_sent(view_models.GameView, v)
    # the Axis' time runs out: the checker fires the loss once
    clock.t += 86400.0 - 2400 - 1
    assert online(api).tick()["flagged"] == 0
    clock.t += 1
    assert online(api).tick()["flagged"] == 1
    assert online(api).tick()["flagged"] == 0
    v = api.get(f"/api/games/{gid}", headers={"X-Ostfront-Seat": seats["axis"]}).json()
    assert v["result"] == {"winner": "soviet", "score": {}, "reason": "axis lost on time"}
    assert v["active"] is None and v["actions"] == []
    assert v["clock"]["flagged"] == "axis" and v["clock"]["running"] is None
    r = api.post(
        f"/api/games/{gid}/actions",
        json={"action": "done", "seq": v["seq"]},
        headers={"X-Ostfront-Seat": seats["axis"]},
    )
    assert r.status_code == 409 and "axis lost on time" in r.json()["error"]
    listed = next(
        g
        for g in api.get("/api/games", headers={"X-Ostfront-Seats": seats["axis"]}).json()
        if g["id"] == gid
    )
    assert listed["status"] == "finished"
    assert listed["summary"]["result"]["reason"] == "axis lost on time"


def test_a_step_after_the_deadline_is_refused_and_loses_on_time(
    api: TestClient, clock: Time
) -> None:
    gid, seats = start(api, "fast")
    clock.t += 72 * 3600  # nobody checked the clocks: the step itself finds the time gone
    r = api.post(
        f"/api/games/{gid}/actions",
        json={"action": "historical", "seq": 0},
        headers={"X-Ostfront-Seat": seats["soviet"]},
    )
    assert r.status_code == 409 and "soviet lost on time" in r.json()["error"]
    assert api.get(f"/api/games/{gid}").json()["result"]["winner"] == "axis"
    assert online(api).tick()["flagged"] == 0  # fired once already
    assert api.get(f"/api/games/{gid}").json()["seq"] == 0


def test_the_clock_is_paused_while_the_computer_thinks(tmp_path: Any, clock: Time) -> None:
    manager = Manager(open_store(str(tmp_path / "g.sqlite")), move_delay=0, ai_executor=Stuck())
    for c in make_client("", clock, manager=manager):
        gid, seats = start(c, players={"axis": "human", "soviet": "random"})
        assert c.get(f"/api/games/{gid}/clock").json()["running"] is None
        clock.t += 50_000  # the computer thinks for hours: no one's time goes
        r = c.put(
            f"/api/games/{gid}/players",
            json={"players": {"axis": "human", "soviet": "human"}},
            headers={"X-Ostfront-Seat": seats["soviet"]},
        )
        assert r.status_code == 200, r.text
        shown = c.get(f"/api/games/{gid}/clock").json()
        assert shown["running"] == "soviet" and shown["left"]["soviet"] == 86400.0
        assert c.get(f"/api/games/{gid}/clock").status_code == 200
        other, _ = start(c, "none")
        assert c.get(f"/api/games/{other}/clock").status_code == 404
        assert "clock" not in c.get(f"/api/games/{other}").json()


# ------------------------------------------------------------------ chat
def test_chat_is_for_the_players_and_kept_as_plain_text(api: TestClient) -> None:
    gid, seats = start(api, "none")
    axis, soviet = ({"X-Ostfront-Seat": seats[s]} for s in ("axis", "soviet"))
    said = '<img src=x onerror="alert(1)"> & <b>hi</b>\x07'
    r = api.post(f"/api/games/{gid}/chat", json={"text": said}, headers=axis)
    assert r.status_code == 201, r.text
    same_as_sent(models.ChatMessage, r.json())
    assert r.json()["text"] == '<img src=x onerror="alert(1)"> & <b>hi</b>'  # the bell gone
    assert (
        api.post(f"/api/games/{gid}/chat", json={"text": "gg"}, headers=soviet).status_code == 201
    )
    log = api.get(f"/api/games/{gid}/chat", headers=soviet).json()
    same_as_sent(models.ChatLog, log)
    assert [(m["n"], m["side"], m["text"]) for m in log["messages"]] == [
        (1, "axis", '<img src=x onerror="alert(1)"> & <b>hi</b>'),
        (2, "soviet", "gg"),
    ]
    later = api.get(f"/api/games/{gid}/chat?after=1", headers=axis).json()["messages"]
    assert [m["text"] for m in later] == ["gg"]
    # a watcher neither reads nor writes it, nor hears of it on the live socket
    assert api.get(f"/api/games/{gid}/chat").status_code == 403
    assert api.post(f"/api/games/{gid}/chat", json={"text": "hello"}).status_code == 403
    with api.websocket_connect(f"ws://127.0.0.1/ws/games/{gid}/online") as ws:
        first = ws.receive_json()
        assert first == {"seats": []}
    with api.websocket_connect(
        f"ws://127.0.0.1/ws/games/{gid}/online",
        subprotocols=["ostfront", "seat." + seats["soviet"]],
    ) as ws:
        first = ws.receive_json()
        assert first["seats"] == ["soviet"] and [m["n"] for m in first["chat"]] == [1, 2]
        api.post(f"/api/games/{gid}/chat", json={"text": "your move"}, headers=axis)
        heard = ws.receive_json()
        assert [(m["n"], m["text"]) for m in heard["chat"]] == [(3, "your move")]
    # limits: empty, too long (the server's limit, then the model's), too fast
    assert (
        api.post(f"/api/games/{gid}/chat", json={"text": " \n "}, headers=axis).status_code == 400
    )
    assert (
        api.post(f"/api/games/{gid}/chat", json={"text": "x" * 501}, headers=axis).status_code
        == 400
    )
    assert (
        api.post(f"/api/games/{gid}/chat", json={"text": "x" * 2001}, headers=axis).status_code
        == 422
    )
    codes = [
        api.post(f"/api/games/{gid}/chat", json={"text": f"m{i}"}, headers=axis).status_code
        for i in range(12)
    ]
    assert 429 in codes


# ------------------------------------------------------------------ notices
def test_a_webhook_is_told_once_signed_and_tried_again_after_a_failure(
    api: TestClient, clock: Time
) -> None:
    gid, seats = start(api, "none")
    axis = {"X-Ostfront-Seat": seats["axis"]}
    with Hooks(answers=[500]) as hooks:
        r = api.put(f"/api/games/{gid}/notify", json={"webhook": hooks.url}, headers=axis)
        assert r.status_code == 200, r.text
        same_as_sent(models.NotifySettings, r.json())
        secret = r.json()["secret"]
        assert secret and r.json()["webhook"] == hooks.url
        shown = api.get(f"/api/games/{gid}/notify", headers=axis).json()
        assert "secret" not in shown and shown["has_secret"] is True
        # it becomes the Axis' decision after the Soviets' second step, and stays so
        play(api, gid, seats, TO_AXIS_COMBAT, clock, every=1)
        assert online(api).tick()["sent"] == 0  # the endpoint answered 500
        assert len(hooks.got) == 1
        assert online(api).tick()["sent"] == 0 and len(hooks.got) == 1  # not yet again
        clock.t += 30
        assert online(api).tick()["sent"] == 1
        assert online(api).tick()["sent"] == 0
        assert len(hooks.got) == 2
        headers, body = hooks.got[-1]
        good = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
        assert headers["x-ostfront-signature"] == good
        events = json.loads(body)["events"]
        assert [(e["event"], e["side"], e["game"]) for e in events] == [("your-turn", "axis", gid)]
    row = online(api).store.notices("hook:")[0]
    assert (row["status"], row["tries"]) == ("sent", 2)


def test_a_seat_sets_only_its_own_notices(api: TestClient) -> None:
    gid, seats = start(api, "none")
    axis = {"X-Ostfront-Seat": seats["axis"]}
    assert api.put(f"/api/games/{gid}/notify", json={"webhook": "http://x/"}).status_code == 403
    assert api.get(f"/api/games/{gid}/notify").status_code == 403
    for bad in ("ftp://x/", "http://user:pw@x/", "x" * 10):
        r = api.put(f"/api/games/{gid}/notify", json={"webhook": bad}, headers=axis)
        assert r.status_code == 400, bad
    r = api.put(f"/api/games/{gid}/notify", json={"email": "not an address"}, headers=axis)
    assert r.status_code == 400
    r = api.put(f"/api/games/{gid}/notify", json={"email": "a@example.org"}, headers=axis)
    assert r.json()["email"] == "a@example.org" and r.json()["webhook"] is None
    soviet = api.get(
        f"/api/games/{gid}/notify", headers={"X-Ostfront-Seat": seats["soviet"]}
    ).json()
    assert soviet["email"] is None


def test_mail_is_a_digest_through_the_given_smtp_server(any_db: str, clock: Time) -> None:
    window = 10 * 86400.0  # T0 and a day later fall in one window
    with SmtpSink() as sink:
        for api in make_client(any_db, clock, smtp=("127.0.0.1", sink.port)):
            online(api).mail_window = window
            gid, seats = start(api, "live")
            r = api.put(
                f"/api/games/{gid}/notify",
                json={"email": "axis@example.org"},
                headers={"X-Ostfront-Seat": seats["axis"]},
            )
            assert r.json()["mail"] is True
            play(api, gid, seats, TO_AXIS_COMBAT, clock, every=1)  # the Axis' turn: told
            clock.t += 24 * 3600  # ... and then lost on time: told again
            assert online(api).tick() == {"flagged": 1, "sent": 0}  # the window is open
            assert sink.mails == []
            clock.t = (clock.t // window + 1) * window  # the window closes
            assert online(api).tick() == {"flagged": 0, "sent": 1}
            assert online(api).tick() == {"flagged": 0, "sent": 0}
    assert len(sink.mails) == 1
    mail = sink.mails[0]
    assert mail["To"] == "axis@example.org"
    assert mail["Subject"] == "Ostfront: 2 things await you"
    text = str(mail.get_payload())
    assert "axis to decide" in text and "axis lost on time: soviet wins" in text


def test_a_server_open_to_the_network_posts_no_webhook_inside_it(
    tmp_path: Any, clock: Time
) -> None:
    for api in make_client(str(tmp_path / "g.sqlite"), clock, private_webhooks=False):
        gid, seats = start(api, "none")
        axis = {"X-Ostfront-Seat": seats["axis"]}
        for url in (
            "http://127.0.0.1:9/hook",
            "http://10.1.2.3/",
            "http://[::1]/",
            "http://169.254.169.254/",
        ):
            r = api.put(f"/api/games/{gid}/notify", json={"webhook": url}, headers=axis)
            assert r.status_code == 400 and "not a public address" in r.json()["error"], url
        with Hooks() as hooks:  # set while allowed; by delivery time the server refuses it
            online(api).private_webhooks = True
            api.put(f"/api/games/{gid}/notify", json={"webhook": hooks.url}, headers=axis)
            online(api).private_webhooks = False
            play(api, gid, seats, TO_AXIS_COMBAT[:2], clock)
            assert online(api).tick()["sent"] == 0
            assert hooks.got == []
        row = online(api).store.notices("hook:")[0]
        assert row["status"] == "pending" and "not a public address" in row["error"]


def test_the_time_controls_answer_their_model(api: TestClient) -> None:
    for control in api.get("/api/time-controls").json():
        same_as_sent(models.TimeControl, control)


def test_an_accounts_settings_come_before_its_seats(api: TestClient, clock: Time) -> None:
    gid, _ = start(api, "slow")
    service = online(api)
    service.store.set_notify_to(f"seat:{gid}:axis", {"email": "seat@example.org"})
    assert service.recipients(gid, "axis").email == "seat@example.org"  # type: ignore[union-attr]
    service.account_of = lambda g, side: "acc1" if side == "axis" else None
    service.store.set_notify_to(account_holder("acc1"), {"email": "account@example.org"})
    assert service.recipients(gid, "axis").email == "account@example.org"  # type: ignore[union-attr]
    assert service.recipients(gid, "soviet") is None
    clock.t += 3600
    assert service.time_left(gid) == {"axis": 72 * 3600.0, "soviet": 71 * 3600.0}


def test_a_line_for_a_digest_already_on_its_way_is_sent_after_it(any_db: str) -> None:
    """A process whose clock is behind queues a line into a digest another process has
    claimed for sending: the line is not lost but gets a notice of its own, due at once
    (once, however many processes queue it)."""
    from ostfront.server.storage import open_store

    store = open_store(any_db)
    try:
        first = {"event": "turn", "game": "g1", "text": "your turn", "at": 100.0}
        assert store.queue_notice(
            "mail:a@example.org:1", "email", "a@example.org", first, 120.0, digest=True
        )
        (claimed,) = store.claim_notices(130.0, stale=600.0)
        assert claimed["key"] == "mail:a@example.org:1" and claimed["body"].count("\n") == 1
        late = {"event": "turn", "game": "g2", "text": "your turn", "at": 119.5}
        for _ in range(2):  # the same line from two processes: one notice
            store.queue_notice(
                "mail:a@example.org:1", "email", "a@example.org", late, 120.0, digest=True
            )
        (after,) = store.claim_notices(131.0, stale=600.0)
        assert after["key"].startswith("mail:a@example.org:1:late:")
        assert json.loads(after["body"]) == late and after["due"] == 119.5
        assert store.claim_notices(132.0, stale=600.0) == []
    finally:
        store.close()
