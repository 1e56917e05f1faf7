"""Who plays each side, chosen in the game page's status box, in a real browser (the system
Chromium through Playwright): two choices made one right after the other both hold, the
second neither sent with the first side as the view before the first had it nor overtaken
by the first on the way (a game handed to the computer for both sides then waited for a
human side for ever)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from sno_play import wait_for
from test_new_player import call
from test_play_in_browser import CHROMIUM, browser_app, serving

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory, ai_executor: Any) -> Iterator[str]:
    """A server whose computer waits a quarter of a second after each step: with no wait the
    page, fetching view after view, is never quiet while the computer plays, and a warm
    worker (conftest.py's pool, started by an earlier module) played a whole random game
    before the test could hand the sides back to people."""
    db = tmp_path_factory.mktemp("chosen") / "games.sqlite"
    yield from serving(browser_app(db, ai_executor, move_delay=0.25))


def test_two_sides_handed_to_the_computer_at_once(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_function("() => typeof api === 'function'")
    body = {"game": "dr", "seed": 2, "players": {"axis": "human", "soviet": "human"}}
    answer = call(page, "POST", "/api/games", body)
    gid = answer["id"]
    page.goto(base_url + answer["url"])
    wait_for(page, "() => window.V && V.active && quiet()", timeout=30)
    # both at once: the second choice made before the view after the first has come
    page.evaluate(
        """() => { for (const side of ['axis', 'soviet']) {
            const s = document.querySelector(`#status select.who[data-side=${side}]`);
            s.value = 'random'; s.dispatchEvent(new Event('change')); } }"""
    )
    wait_for(page, "() => V.players.soviet === 'random' && quiet()", timeout=30)
    with urllib.request.urlopen(f"{base_url}/api/games/{gid}", timeout=10) as r:
        players = json.load(r)["players"]
    assert players == {"axis": "random", "soviet": "random"}
    shown = page.eval_on_selector_all("#status select.who", "ss => ss.map(s => s.value)")
    assert shown == ["random", "random"]
    # both sides back to people: the computer stops
    call(
        page, "PUT", f"/api/games/{gid}/players", {"players": {"axis": "human", "soviet": "human"}}
    )
    wait_for(page, "() => !V.thinking && V.players.axis === 'human' && quiet()", timeout=60)
    assert page.errors == []
