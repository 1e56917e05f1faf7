"""The game page's client is ES modules served as they are (web/game.js and web/game/): the
page loads it as a module, and every module it imports, followed from game.js, is served
with a JavaScript MIME type (a browser refuses a module script with any other type) under a
policy that lets the server's own scripts run."""

from __future__ import annotations

import re
from posixpath import dirname, normpath

from fastapi.testclient import TestClient

JAVASCRIPT = ("text/javascript", "application/javascript")
IMPORT = re.compile(r'^import [^"]* from "(\.{1,2}/[^"]+\.js)";$', re.M)


def test_the_game_page_loads_its_client_as_modules(client: TestClient) -> None:
    html = client.get("/static/game.html").text
    assert '<script type="module" src="/static/game.js"></script>' in html
    seen: set[str] = set()
    todo = ["/static/game.js"]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url)
        assert r.status_code == 200, url
        assert r.headers["content-type"].split(";")[0] in JAVASCRIPT, url
        assert "script-src 'self'" in r.headers["content-security-policy"], url
        todo += [normpath(dirname(url) + "/" + path) for path in IMPORT.findall(r.text)]
    assert "/static/game/state.js" in seen and "/static/game/actions.js" in seen
    assert len(seen) > 10
