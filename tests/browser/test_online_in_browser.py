"""Online play in real browsers (issue 37): a game with a clock started from the New game
page, its two players in two browser contexts chatting (what one writes, markup included,
the other reads as text; a watcher sees no chat), the Axis' hidden tab told when the
decision becomes its own (the Notification API and the title), the clocks shown to all,
and the Axis clock running out, with the time injected into the server (no test waits a
day)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_play_in_browser import artifacts, page, serving  # noqa: F401 - shared fixtures

T0 = 2_000_000_000.0
SAID = '<img src=x onerror="window.HACKED=1"><b>bold</b> & "quotes"'


class Time:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def server_time() -> Time:
    return Time()


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory, server_time: Time) -> Iterator[str]:
    """A server whose clocks read :class:`Time`, checked five times a second."""
    from ostfront.server.app import create_app

    app = create_app(
        tmp_path_factory.mktemp("online") / "games.sqlite",
        move_delay=0.0,
        now=server_time,
        tick_seconds=0.2,
    )
    yield from serving(app)


def test_two_players_chat_and_the_clock_runs_out(
    page: Any,  # noqa: F811
    base_url: str,
    artifacts: Path,  # noqa: F811
    server_time: Time,
) -> None:
    page.goto(base_url + "/new")
    page.select_option("#side-axis", "human")
    page.select_option("#side-soviet", "human")
    page.check("input[name=seats][value=invite]")
    page.check("input[name=clock][value=live]")
    page.click("#start")
    page.wait_for_selector("#invites:not([hidden])")
    links = {side: page.input_value(f"#invite-{side}") for side in ("axis", "soviet")}
    gid = links["axis"].split("/game/")[1].split("#")[0]

    browser = page.context.browser
    contexts = {who: browser.new_context() for who in ("axis", "soviet", "watcher")}
    try:
        pages = {who: ctx.new_page() for who, ctx in contexts.items()}
        for who, pg in pages.items():
            pg.goto(links.get(who, f"{base_url}/game/{gid}"))
        for pg in pages.values():
            pg.wait_for_selector("#board svg .hexes")
            pg.wait_for_selector("#clock .clock-side.running[data-side=soviet]")
        assert "24:00:00" in pages["axis"].inner_text("#clock [data-side=axis]")

        # the players chat; the watcher has no chat box, and never hears it
        for who in ("axis", "soviet"):
            pages[who].wait_for_selector("#chat-form")
        soviet, axis = pages["soviet"], pages["axis"]
        soviet.fill("#chat-text", SAID)
        soviet.press("#chat-text", "Enter")
        axis.wait_for_selector('#chat-log .chat-line[data-n="1"]')
        assert axis.inner_text('#chat-log .chat-line[data-n="1"] .chat-text') == SAID
        assert axis.locator("#chat-log img, #chat-log .chat-text b").count() == 0
        assert axis.evaluate("() => window.HACKED") is None
        assert soviet.inner_text('#chat-log .chat-line[data-n="1"] .chat-text') == SAID
        axis.fill("#chat-text", "good luck")
        axis.click("#chat-form button")
        soviet.wait_for_selector('#chat-log .chat-line[data-n="2"]')
        assert soviet.inner_text('#chat-log .chat-line[data-n="2"]') == "Axis good luck"
        axis.screenshot(path=str(artifacts / "online-chat-and-clock.png"))
        watcher = pages["watcher"]
        assert watcher.locator("#chat").count() == 0
        assert SAID not in watcher.content()

        # the Axis tab, hidden, is told when the decision becomes the Axis' (not before)
        axis.evaluate(
            """() => {
              Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
              window.TOLD = [];
              window.Notification = class {
                constructor(title, o) { window.TOLD.push([title, o.body]); }
                static get permission() { return "granted"; }
              };
            }"""
        )
        server_time.t += 600  # the Soviets think for ten minutes
        soviet.locator('#actions .action[data-text="historical"]').click()
        axis.wait_for_function("() => V.seq === 1", timeout=20000)
        time.sleep(1.5)  # the tab checks every second
        assert axis.evaluate("() => window.TOLD") == []
        assert not axis.title().startswith("●")
        soviet.locator('#actions .action[data-text="done"]').click()
        axis.wait_for_function("() => window.TOLD.length === 1", timeout=20000)
        assert axis.evaluate("() => window.TOLD")[0][0] == "Ostfront: your turn"
        assert axis.title().startswith("● ")
        # the clocks: the Soviets used ten minutes and got four hours for the hand-over
        axis.wait_for_selector("#clock .clock-side.running[data-side=axis]")
        assert "27:50:00" in axis.inner_text("#clock [data-side=soviet]")

        # a day and a second later the Axis clock has run out: everyone sees it
        server_time.t += 24 * 3600 + 1
        for pg in (axis, soviet, watcher):
            pg.wait_for_selector("#clock .clock-side.flagged[data-side=axis]", timeout=15000)
            pg.wait_for_function("() => V && V.result !== null", timeout=15000)
            assert "lost on time" in pg.inner_text("#clock [data-side=axis]")
            assert "axis lost on time" in pg.inner_text("#result")
            assert "Soviet wins" in pg.inner_text("#result")
            # the prompt says so too, not the question the Axis was asked
            pg.wait_for_function(
                "() => document.querySelector('#prompt .text').textContent.includes('over')"
            )
            assert pg.inner_text("#prompt .text") == (
                "The game is over: axis lost on time. Soviet wins."
            )
        assert axis.evaluate("() => V.actions.length") == 0
        axis.screenshot(path=str(artifacts / "online-lost-on-time.png"))
        assert all(not pg.errors for pg in [page])
    finally:
        for ctx in contexts.values():
            ctx.close()
