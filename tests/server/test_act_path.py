"""An action's post answered by the short way (``act_path.ActPath``, issue 36: no FastAPI
layers for the page's one request a move) is the route's answer, byte for byte: the same
status, headers and body (compressed the same), for ordinary posts and every error - bad
JSON, a body the model refuses or coerces, a query FastAPI parses its own way, an illegal
action, a wrong seat, a stale sequence number, an unknown game, an error no handler takes.

Two games of one seed move side by side in one app: one through the app as served (the
short way in front), the other through the same FastAPI app with the short way left out.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ostfront.core.rng import choice_index, new_rng
from ostfront.server import act_path
from ostfront.server.act_path import ActPath, plain_post
from ostfront.server.app import GZIP_LEVEL, create_app
from ostfront.server.guard import Guard

BASE = "http://127.0.0.1"


def packed(body: bytes) -> bytes:
    """``body`` as the app's GZipMiddleware compresses it (level GZIP_LEVEL, no time)."""
    packer = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return packer.compress(body) + packer.flush()


class Twins:
    """One app, two ways in (``short``: as served; ``route``: FastAPI alone), a game of the
    same seed made through each."""

    def __init__(self, short: TestClient, route: TestClient, game: str, seed: int) -> None:
        self.short, self.route = short, route
        body: dict[str, Any] = {"game": game, "seed": seed}
        if game == "sno":
            body["position"] = "kiev-1941-08"
        made = [c.post("/api/games", json=body).json() for c in (short, route)]
        (self.a, self.b) = (m["id"] for m in made)
        (self.ta, self.tb) = (next(iter(m["seats"].values())) for m in made)

    def post(
        self,
        query: str = "",
        *,
        json: Any = None,
        content: bytes | None = None,
        token: str | None = "seat",
        gid: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The same post to both games (``{have}`` in the query: each game's view's hash);
        each answer as (status, headers, raw body), the second game's id read as the
        first's. Asserts they are the same."""
        answers = []
        for client, own, tok in ((self.short, self.a, self.ta), (self.route, self.b, self.tb)):
            mine = (
                query.replace("{have}", view(client, own, tok)["hash"])
                if "{have}" in query
                else query
            )
            sent = {"Content-Type": "application/json", "Accept-Encoding": "gzip"}
            if token is not None:
                sent["X-Ostfront-Seat"] = tok if token == "seat" else token
            sent.update(headers or {})
            path = f"/api/games/{gid or own}/actions{mine}"
            kwargs: dict[str, Any] = {"headers": sent}
            if content is not None:
                kwargs["content"] = content
            elif json is not None:
                kwargs["json"] = json
            with client.stream("POST", path, **kwargs) as r:
                raw = b"".join(r.iter_raw())
                answers.append((r.status_code, list(r.headers.raw), raw))
        (s1, h1, b1), (s2, h2, b2) = answers
        assert s1 == s2, (s1, s2, b1, b2)
        if (b"content-encoding", b"gzip") in h1:
            # the ids differ, so do the streams: each is the app's zlib stream of its text
            p1, p2 = (gzip.decompress(b) for b in (b1, b2))
            assert b1 == packed(p1) and b2 == packed(p2)
            b1, b2 = p1, p2
            h1, h2 = ([h for h in hs if h[0] != b"content-length"] for hs in (h1, h2))
        assert h1 == h2
        assert b1 == b2.replace(self.b.encode(), self.a.encode())
        return answers[0]


@pytest.fixture
def twins_app(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient, Any]]:
    app = create_app(tmp_path / "g.sqlite", move_delay=0)
    assert isinstance(app, Guard) and isinstance(app.app, ActPath)
    route = Guard(app.app.app)  # the same FastAPI app, manager and games; no short way
    with TestClient(app, base_url=BASE) as short, TestClient(route, base_url=BASE) as plain:
        yield short, plain, app.app


def handed_on(lean: ActPath) -> list[str]:
    """The paths of the requests the short way hands to the app, from now on."""
    called: list[str] = []
    app = lean.app

    async def counted(scope: Any, receive: Any, send: Any) -> None:
        called.append(scope["path"])
        await app(scope, receive, send)

    lean.app = counted
    return called


def view(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    out: dict[str, Any] = client.get(f"/api/games/{gid}", headers={"X-Ostfront-Seat": token}).json()
    return out


def _view(twins: Twins) -> dict[str, Any]:
    return view(twins.short, twins.a, twins.ta)


@pytest.mark.parametrize(("game", "posts"), [("dr", 40), ("sno", 15)])
def test_posts_answer_as_the_route_does(
    twins_app: tuple[TestClient, TestClient, Any], game: str, posts: int
) -> None:
    short, route, lean = twins_app
    twins = Twins(short, route, game, 7)
    called = handed_on(lean)
    rng = new_rng(7)
    v = _view(twins)
    log_len = len(v["log"]["entries"])
    compressed = plain = 0
    for n in range(posts):
        actions = v.get("actions") or []
        if not actions:
            break
        if n % 7 == 6 and any(a["verb"] == "undo" for a in actions):
            text = "undo"
        else:
            pool = [a for a in actions if a["verb"] != "undo"]
            text = pool[choice_index(rng, len(pool))]["text"]
        # the page's query: the log from where it ends, the views held (every other post)
        query = (
            f"?log_from={log_len}&log_step={v['log']['entries'][-1]['step']}"
            if (log_len and n % 2)
            else ""
        )
        if n % 3 == 0:
            query += ("&" if query else "?") + "have={have}"
        encoding = "identity" if n % 5 == 4 else "gzip"
        status, headers, _ = twins.post(
            query, json={"action": text, "seq": v["seq"]}, headers={"Accept-Encoding": encoding}
        )
        assert status == 200
        if (b"content-encoding", b"gzip") in headers:
            compressed += 1
        else:
            plain += 1
        v = _view(twins)
        log_len = len(v["log"]["entries"])
    assert compressed and plain  # both kinds of answer were compared
    assert [p for p in called if p.endswith("/actions")] == []  # all by the short way


def test_errors_answer_as_the_route_does(twins_app: tuple[TestClient, TestClient, Any]) -> None:
    short, route, lean = twins_app
    twins = Twins(short, route, "dr", 3)
    v = _view(twins)
    seq, text = v["seq"], v["actions"][0]["text"]
    called = handed_on(lean)
    # answered by the route's own handlers, after the short way ran it
    for kwargs, status in [
        ({"json": {"action": "no such move", "seq": seq}}, 422),  # illegal action
        ({"json": {"action": text, "seq": seq + 5}}, 409),  # stale
        ({"json": {"action": text, "seq": seq - 1}}, 409),
        ({"json": {"action": text, "seq": seq}, "token": "not-a-seat"}, 403),  # wrong seat
        ({"json": {"action": text, "seq": seq}, "token": None}, 403),  # no seat
        ({"json": {"action": text, "seq": seq}, "gid": "abcdef123456"}, 404),  # no game
    ]:
        assert twins.post(**kwargs)[0] == status, kwargs
    assert called == []
    # a game not there: the words of every route's lookup (deps.session_for)
    gone = twins.post(json={"action": text, "seq": seq}, gid="abcdef123456")[2]
    assert (
        gone
        == short.get("/api/games/abcdef123456").content
        == b'{"error":"no game \'abcdef123456\'"}'
    )
    called.clear()
    # handed to the app: what FastAPI reads its own way
    cases: list[tuple[dict[str, Any], int]] = [
        ({"content": b"{not json"}, 422),  # bad JSON
        ({"content": b"\xff\xfe"}, 422),  # not text
        ({"content": b""}, 422),  # no body
        ({"json": ["historical", seq]}, 422),  # not an object
        ({"json": {"action": text}}, 422),  # no seq
        ({"json": {"action": "", "seq": seq}}, 422),  # too short
        ({"json": {"action": "x" * 201, "seq": seq}}, 422),  # too long
        ({"json": {"action": 5, "seq": seq}}, 422),  # not a string
        ({"json": {"action": text, "seq": "x"}}, 422),  # not a number
        ({"json": {"action": text, "seq": 1.5}}, 422),
        ({"json": {"action": text, "seq": seq}, "gid": "NOT-AN-ID"}, 404),  # not an id
        ({"json": {"action": text, "seq": seq}, "query": "?log_from=abc"}, 422),
        ({"json": {"action": text, "seq": seq}, "query": "?log_step=1.5"}, 422),
    ]
    for kwargs, status in cases:
        query = kwargs.pop("query", "")
        assert twins.post(query, **kwargs)[0] == status, kwargs
    assert len(called) == len(cases)  # each one handed on
    # bodies and queries the model coerces: handed to the route, the same answer (a move)
    for body, query in (
        ({"action": text, "seq": str(seq), "extra": 1}, "?log_from=007"),
        ({"action": text, "seq": True if seq == 1 else seq}, "?have=&log_from=0&log_from=0"),
    ):
        status, _, _ = twins.post(query, json=body)
        assert status in (200, 409)
        seq = _view(twins)["seq"]


def test_an_error_no_handler_takes(
    twins_app: tuple[TestClient, TestClient, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 and the error raised, as Starlette's ServerErrorMiddleware does."""
    short, route, _ = twins_app
    twins = Twins(short, route, "dr", 3)
    seq = _view(twins)["seq"]

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("broken")

    monkeypatch.setattr(act_path, "act_answer", broken)
    with pytest.raises(RuntimeError, match="broken"):
        short.post(
            f"/api/games/{twins.a}/actions",
            json={"action": "historical", "seq": seq},
            headers={"X-Ostfront-Seat": twins.ta},
        )
    quiet = TestClient(short.app, base_url=BASE, raise_server_exceptions=False)
    r = quiet.post(
        f"/api/games/{twins.a}/actions",
        json={"action": "historical", "seq": seq},
        headers={"X-Ostfront-Seat": twins.ta},
    )
    assert (r.status_code, r.text) == (500, "Internal Server Error")
    assert r.headers["content-type"] == "text/plain; charset=utf-8"


def test_plain_post_takes_only_what_fastapi_reads_the_same() -> None:
    assert plain_post(b'{"action": "a", "seq": 3}', b"") == ("a", 3, {})
    assert plain_post(b'{"action": "a", "seq": 3}', b"log_from=4&log_step=-2&have=x%2Cy") == (
        "a",
        3,
        {"log_from": 4, "log_step": -2, "have": "x,y"},
    )
    for body, query in (
        (b'{"action": "a", "seq": 3, "x": 0}', b""),
        (b'{"action": "a", "seq": true}', b""),
        (b'{"action": "a", "seq": 3.0}', b""),
        (b'{"action": "a", "seq": 3}', b"log_from=+4"),
        (b'{"action": "a", "seq": 3}', b"log_from=04"),
        (b'{"action": "a", "seq": 3}', b"have="),
        (b'{"action": "a", "seq": 3}', b"have=a&have=b"),
        (b'{"action": "a", "seq": 3}', b"other=1"),
        (b"[1]", b""),
    ):
        assert plain_post(body, query) is None, (body, query)
