"""Two players, two browsers (issue 24): the New game page's invite links give each side
its own seat; each browser is offered only its own side's decisions, and a browser with no
link only watches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_play_in_browser import base_url, page  # noqa: F401 - the shared fixtures


def offered(pg: Any) -> list[str]:
    pg.wait_for_function("() => typeof V !== 'undefined' && V !== null")
    texts: list[str] = pg.evaluate("() => V.actions.map(a => a.text)")
    return texts


def test_invite_links_seat_each_player(page: Any, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/new")
    page.select_option("#side-axis", "human")
    page.select_option("#side-soviet", "human")
    page.check("input[name=seats][value=invite]")
    assert page.is_disabled("#seed")  # an invite game's seed is drawn by the server
    page.click("#start")
    page.wait_for_selector("#invites:not([hidden])")
    links = {side: page.input_value(f"#invite-{side}") for side in ("axis", "soviet")}
    assert links["axis"] != links["soviet"] and all("#seat=" in u for u in links.values())
    gid = links["axis"].split("/game/")[1].split("#")[0]

    browser = page.context.browser
    seats = {side: browser.new_context() for side in ("axis", "soviet", "watcher")}
    try:
        pages = {side: ctx.new_page() for side, ctx in seats.items()}
        pages["axis"].goto(links["axis"])
        pages["soviet"].goto(links["soviet"])
        pages["watcher"].goto(f"{base_url}/game/{gid}")
        for pg in pages.values():
            pg.wait_for_selector("#board svg .hexes")
        # the Soviets set up first: only the Soviet browser may decide
        assert "historical" in offered(pages["soviet"])
        assert offered(pages["axis"]) == [] and offered(pages["watcher"]) == []
        assert "#seat=" not in pages["soviet"].url
        assert pages["watcher"].evaluate("() => V.seats") == []
        assert pages["axis"].evaluate("() => V.seed") == "secret until the end"
        pages["soviet"].locator('#actions .action[data-text="historical"]').click()
        # the Axis browser hears of the move over its socket (sent with its seat)
        pages["axis"].wait_for_function("() => V.seq === 1", timeout=20000)
        # a player exports the game in play (its seed sealed); a watcher may not (issue 31)
        with pages["axis"].expect_download() as download:
            pages["axis"].click("#btn-export button")
        record = json.loads(Path(download.value.path()).read_text())
        assert record["header"]["seed"] is None and record["header"]["sealed_seed"]
        assert len(record["steps"]) == 1
        pages["watcher"].click("#btn-export button")
        pages["watcher"].wait_for_selector("#toast.shown")
        assert "exported only to its players" in pages["watcher"].inner_text("#toast")
        # an opened link was swapped for a fresh seat: a second browser only watches
        late = browser.new_context()
        seats["late"] = late
        pg = late.new_page()
        pg.goto(links["soviet"])
        pg.wait_for_selector("#seat-error")
        assert "taken already" in pg.inner_text("#seat-error")
        assert pg.evaluate("() => localStorage.getItem('ostfront.seats')") in (None, "{}")
        # a player's home page lists the invite game; a stranger's does not
        pages["axis"].goto(base_url + "/")
        pages["axis"].wait_for_selector(f'tr[data-game="{gid}"]')
        pages["watcher"].goto(base_url + "/")
        pages["watcher"].wait_for_selector("#playing p, #playing table")
        assert pages["watcher"].locator(f'tr[data-game="{gid}"]').count() == 0
    finally:
        for ctx in seats.values():
            ctx.close()
