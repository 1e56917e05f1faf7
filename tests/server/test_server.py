"""The viewer that ``ostfront serve`` starts: routes, bad requests, a real loopback server."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

from ostfront.server.viewer import make_server, route


def test_index_lists_games() -> None:
    status, ctype, body = route("/")
    assert status == 200 and ctype.startswith("text/html")
    assert "Defiant Russia" in body and "Sturm Nach Osten" in body and "/map/dr" in body


def test_map_page_embeds_the_board() -> None:
    status, _, body = route("/map/sno")
    assert status == 200 and "<svg" in body and 'data-hex="0224"' in body
    assert 'const GAME="sno"' in body


def test_hex_api_matches_the_cli() -> None:
    status, ctype, body = route("/api/hex/dr/3111")
    assert status == 200 and ctype == "application/json"
    assert "3012" in {n["hex"] for n in json.loads(body)["neighbours"]}


def test_bad_requests_are_404_with_a_reason() -> None:
    for path, msg in [
        ("/api/hex/dr/9999", "not on the dr map"),
        ("/api/hex/dr/..%2F..%2Fetc", "not 4 digits"),
        ("/map/chess", "no game 'chess'"),
        ("/nothing/here", "no page"),
        ("/svg/chess.svg", "no game 'chess'"),
    ]:
        status, ctype, body = route(path)
        assert status == 404 and ctype == "application/json", path
        assert msg in json.loads(body)["error"], path


def test_real_server_on_loopback() -> None:
    server = make_server("127.0.0.1", 0)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as r:
            assert {g["name"] for g in json.loads(r.read())} >= {"dr", "sno"}
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/svg/dr.svg", timeout=10) as r:
            assert r.headers["Content-Type"] == "image/svg+xml" and b"<svg" in r.read()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/hex/sno/0000", timeout=10)
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
        else:
            raise AssertionError("expected 404")
    finally:
        server.shutdown()
        server.server_close()
