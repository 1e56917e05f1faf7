"""Reflected XSS in a real browser (issue 24): a crafted ``/game/<payload>`` link once ran
its script in the server's origin, which could delete a game. Now the id is escaped, and
the Content-Security-Policy would stop an inline handler even if something were not."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

from test_play_in_browser import base_url, page  # noqa: F401 - the shared fixtures

PAYLOAD = (  # no "/", quote or space in the script: one path segment, whatever quoting
    "<img src=x onerror=window.__pwned=1;fetch([``,`api`,`games`,`GID`]"
    ".join(String.fromCharCode(47)),{method:`DELETE`,headers:{[`X-Ostfront-Seat`]:"
    "JSON.parse(localStorage[`ostfront.seats`])[`GID`]}})>"
)


def test_a_crafted_game_link_runs_no_script(page: Any, base_url: str) -> None:  # noqa: F811
    # the victim has a game and its seat in this browser
    page.goto(base_url + "/new")
    page.select_option("#side-soviet", "human")
    page.click("#start")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#board svg .hexes")
    gid = page.url.rsplit("/", 1)[1].split("#")[0]
    assert "#seat=" not in page.url  # the invite token left the address bar ...
    assert page.evaluate("g => JSON.parse(localStorage['ostfront.seats'])[g]", gid)  # ... kept

    # the attacker's link
    crafted = base_url + "/game/" + urllib.parse.quote(PAYLOAD.replace("GID", gid), safe="")
    response = page.goto(crafted)
    assert response.status == 404
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.__pwned") is None
    assert "<img src=x" in page.inner_text("body")  # shown as text, not run
    with urllib.request.urlopen(f"{base_url}/api/games/{gid}", timeout=10) as r:
        assert json.loads(r.read())["id"] == gid  # the game is still there

    # and the policy itself: an inline handler slipped into the page does not run
    page.goto(base_url + "/")
    page.evaluate(
        "() => document.body.insertAdjacentHTML('beforeend',"
        " '<img src=x onerror=\"window.__inline=1\">')"
    )
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__inline") is None
