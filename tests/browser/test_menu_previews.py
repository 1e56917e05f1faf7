"""A pop-up menu's previews (issue 35), in a real browser (the system Chromium through
Playwright): a row of the menu a right click on a unit opens is previewed on the map (its
hex ringed, its way drawn) when it has the focus or the pointer, and the preview goes when
the pointer leaves the row or the menu closes (Esc, Cancel, a click elsewhere), even with
the pointer left where the row was."""

from __future__ import annotations

from typing import Any

import pytest
from sno_play import end_phases_until, look_at, start_game
from test_new_player import screen_point
from test_play_in_browser import CHROMIUM, view

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)

#: What a menu row's preview draws: hexes ringed (not the keyboard cursor), a way, odds.
PREVIEW = """() => ({
    ringed: [...document.querySelectorAll('g.focus-layer polygon.hexfocus:not(.cursor)')]
        .map(p => p.getAttribute('points')),
    ways: document.querySelectorAll('g.path-layer > *').length,
    odds: document.getElementById('odds').classList.contains('preview'),
})"""
NONE = {"ringed": [], "ways": 0, "odds": False}


def ring_of(page: Any, hex_id: str) -> str:
    """The points of a hex's outline, as a ring drawn on it has them."""
    js = "h => document.getElementById('hex-' + h).getAttribute('points')"
    return str(page.evaluate(js, hex_id))


def open_menu(page: Any, hex_id: str, n: int) -> list[str]:
    """Right-click the unit alone in ``hex_id``: its menu of ``n`` actions; their texts."""
    page.mouse.click(*screen_point(page, hex_id), button="right")
    page.wait_for_selector("#menu.shown button[data-text]", timeout=30_000)
    rows: list[str] = page.eval_on_selector_all(
        "#menu.shown button[data-text]", "bs => bs.map(b => b.dataset.text)"
    )
    assert len(rows) == n
    return rows


def test_menu_row_previews_go_when_the_menu_closes(page: Any, base_url: str) -> None:
    start_game(page, base_url)  # hot seat
    end_phases_until(page, "axis_omp")
    # a unit alone in its hex with several actions (picked to move, broken down, ...)
    uid, hex_id, n = page.evaluate(
        """() => { for (const c of V.counters) {
            const acts = V.actions.filter(a => a.unit === c.id && !a.kind);
            if (acts.length > 1 && V.counters.filter(x => x.hex === c.hex).length === 1)
                return [c.id, c.hex, acts.length]; } }"""
    )
    look_at(page, [hex_id], 500)
    ring = ring_of(page, hex_id)
    seq = view(page)["seq"]

    # opened: its first row has the focus, previewed; Esc closes it and the preview goes
    open_menu(page, hex_id, n)
    assert page.evaluate(PREVIEW)["ringed"] == [ring]
    page.keyboard.press("Escape")
    assert not page.locator("#menu.shown").count()
    assert page.evaluate(PREVIEW) == NONE

    # the pointer on a row previews it; Esc with the pointer still there: the preview goes
    rows = open_menu(page, hex_id, n)
    page.hover(f'#menu.shown button[data-text="{rows[1]}"]')
    assert page.evaluate(PREVIEW)["ringed"] == [ring]
    page.keyboard.press("Escape")
    assert page.evaluate(PREVIEW) == NONE
    page.mouse.move(5, 5)  # the pointer moves on, where the hidden row was: nothing comes back
    assert page.evaluate(PREVIEW) == NONE

    # the pointer leaving a row, the menu still open: nothing previewed
    rows = open_menu(page, hex_id, n)
    page.hover(f'#menu.shown button[data-text="{rows[1]}"]')
    box = page.locator("#panel").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 20)
    assert page.locator("#menu.shown").count() == 1
    assert page.evaluate(PREVIEW) == NONE

    # Cancel, and a click away from the menu (on the panel), close it without a preview
    page.locator("#menu.shown button[data-close]").click()
    assert not page.locator("#menu.shown").count()
    assert page.evaluate(PREVIEW) == NONE
    rows = open_menu(page, hex_id, n)
    page.hover(f'#menu.shown button[data-text="{rows[0]}"]')
    page.click("#status .title")
    assert not page.locator("#menu.shown").count()
    assert page.evaluate(PREVIEW) == NONE

    # a browser that does not blur a row hidden with its menu (Chromium does, others need
    # not): the preview goes all the same, closing the menu takes it away
    page.evaluate(
        "() => window.addEventListener('blur', e => { if (e.target.closest &&"
        " e.target.closest('#menu')) e.stopImmediatePropagation(); }, true)"
    )
    open_menu(page, hex_id, n)  # the first row previewed, having the focus
    assert page.evaluate(PREVIEW)["ringed"] == [ring]
    page.keyboard.press("Escape")
    assert page.evaluate(PREVIEW) == NONE
    rows = open_menu(page, hex_id, n)
    page.hover(f'#menu.shown button[data-text="{rows[1]}"]')
    assert page.evaluate(PREVIEW)["ringed"] == [ring]
    page.keyboard.press("Escape")
    assert page.evaluate(PREVIEW) == NONE

    # nothing was taken, the unit where it was, no error
    assert view(page)["seq"] == seq
    assert next(c["hex"] for c in view(page)["counters"] if c["id"] == uid) == hex_id
    assert page.errors == []
