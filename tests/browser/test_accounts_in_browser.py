"""Accounts in the browser (issue 37): signing up on the account page, My games following
the account to a second browser; and two accounts in two browser contexts meeting in the
lobby, playing a rated game to its end, and starting the rematch from My games. The game
played is the protocol's toy game (tests/toygame.py): its win takes 14 steps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from test_play_in_browser import answered, base_url, page  # noqa: F401 - the shared fixtures

from ostfront.server import accounts, seats

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


@pytest.fixture(scope="module", autouse=True)
def cheap_and_seeded() -> Iterator[None]:
    """The server here runs in this process: argon2 at its least cost, and the seed that
    RED_WINS's dice come from."""
    before = accounts.use_hasher(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(seats, "fresh_seed", lambda: 4)
        yield
    accounts.use_hasher(before)


def sign_up(pg: Any, url: str, name: str) -> None:
    pg.goto(url + "/account")
    pg.wait_for_selector("#signed-out:not([hidden])")
    pg.fill("#name", name)
    pg.fill("#password", "correct horse")
    pg.click("#signup")
    pg.wait_for_selector("#signed-in:not([hidden])")
    assert pg.inner_text("#me") == name


def step(pg: Any, gid: str, text: str) -> int:
    """One action posted from a page, as its player's signed-in browser (cookie only)."""
    status: int = answered(
        pg,
        """async ([gid, text]) => {
            const v = await (await fetch(`/api/games/${gid}`)).json();
            const r = await fetch(`/api/games/${gid}/actions`, {method: "POST",
              headers: {"Content-Type": "application/json"},
              body: JSON.stringify({action: text, seq: v.seq})});
            return r.status;
        }""",
        [gid, text],
        f"the action {text}",
    )
    return status


def test_sign_up_and_my_games(page: Any, base_url: str) -> None:  # noqa: F811
    browser = page.context.browser
    ctx = browser.new_context()
    second = browser.new_context()
    for c in (ctx, second):
        c.set_default_timeout(60000)  # a machine shared with other work can be slow
    try:
        pg = ctx.new_page()
        sign_up(pg, base_url, "ann")
        assert "No games yet" in pg.inner_text("#games")
        pg.goto(base_url + "/new")
        pg.check("input[name=game][value=toy]")
        pg.check("input[name=scenario][value=lone]")
        pg.select_option("#side-red", "human")
        pg.select_option("#side-blue", "human")
        pg.click("#start")
        pg.wait_for_url("**/game/*")
        gid = pg.url.split("/game/")[1].split("#")[0]
        pg.goto(base_url + "/account")
        row = pg.wait_for_selector(f'#my-games tr[data-game="{gid}"]')
        assert "Your turn" in row.inner_text()
        # signed out: the forms; signed in again: the same games
        pg.click("#signout")
        pg.wait_for_selector("#signed-out:not([hidden])")
        pg.fill("#name", "ANN")
        pg.fill("#password", "wrong horse")
        pg.click("#signin")
        pg.wait_for_selector("#auth-error")
        assert "wrong name or password" in pg.inner_text("#auth-error")
        pg.fill("#password", "correct horse")
        pg.click("#signin")
        pg.wait_for_selector(f'#my-games tr[data-game="{gid}"]')
        # another browser, signed in to the account, holds no seat token yet plays the game
        other = second.new_page()
        other.goto(base_url + "/account")
        other.fill("#name", "ann")
        other.fill("#password", "correct horse")
        other.click("#signin")
        other.click(f'#my-games tr[data-game="{gid}"] a')
        other.wait_for_selector("#board svg .hexes")
        other.wait_for_function("() => typeof V !== 'undefined' && V !== null")
        assert other.evaluate("() => V.seats") == ["blue", "red"]
        assert other.evaluate("() => localStorage.getItem('ostfront.seats')") is None
        other.locator('#actions .action[data-text="select r1"]').click()
        other.wait_for_function("() => V.seq === 1")
    finally:
        ctx.close()
        second.close()


def test_two_accounts_meet_in_the_lobby_and_play_a_rematch(
    page: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    browser = page.context.browser
    contexts = {name: browser.new_context() for name in ("bea", "cal")}
    for c in contexts.values():
        c.set_default_timeout(60000)
    try:
        pages = {name: ctx.new_page() for name, ctx in contexts.items()}
        for name, pg in pages.items():
            sign_up(pg, base_url, name)
        bea, cal = pages["bea"], pages["cal"]
        bea.goto(base_url + "/lobby")
        bea.wait_for_selector("#mine-set:not([hidden])")
        bea.select_option("#c-game", "toy")
        bea.select_option("#c-scenario", "lone")
        bea.select_option("#c-side", "red")
        bea.check("#c-rated")
        bea.click("#c-post")
        bea.wait_for_selector("#mine button.withdraw")
        cal.goto(base_url + "/lobby")
        cal.click("#open button.accept")
        cal.wait_for_url("**/game/*")
        gid = cal.url.split("/game/")[1]
        cal.wait_for_selector("#board svg .hexes")
        # the author hears of it in the lobby (it polls) and opens the game
        bea.click("#mine a.open-game", timeout=20000)
        bea.wait_for_selector("#board svg .hexes")
        bea.wait_for_function("() => typeof V !== 'undefined' && V !== null")
        assert bea.evaluate("() => V.seats") == ["red"]
        cal.wait_for_function("() => typeof V !== 'undefined' && V !== null")
        assert cal.evaluate("() => V.seats") == ["blue"] and cal.evaluate("() => V.actions") == []
        bea.locator('#actions .action[data-text="select r1"]').click()
        cal.wait_for_function("() => V.seq === 1", timeout=20000)  # told over its socket
        for text in RED_WINS[1:]:  # each posted by bea, or by cal when bea is refused
            status = step(bea, gid, text)
            if status == 403:
                status = step(cal, gid, text)
            assert status == 200, text
        bea.goto(base_url + "/account")
        row = bea.wait_for_selector(f'#my-games tr[data-game="{gid}"]')
        assert "you won" in row.inner_text() and "1500 → 1516 (+16)" in row.inner_text()
        bea.click(f'#my-games tr[data-game="{gid}"] button.rematch')
        bea.wait_for_url("**/game/*")
        again = bea.url.split("/game/")[1].split("#")[0]
        assert again != gid
        # the other player finds the rematch in My games: he plays red now, and moves first
        cal.goto(base_url + "/account")
        link = cal.wait_for_selector(f'#my-games tr[data-game="{gid}"] a.rematch-link')
        assert link.get_attribute("href") == f"/game/{again}"
        row = cal.wait_for_selector(f'#my-games tr[data-game="{again}"]')
        assert "Your turn" in row.inner_text() and "Red" in row.inner_text()
        # ... and on the finished game's page, which opens it
        cal.goto(f"{base_url}/game/{gid}")
        button = cal.wait_for_selector("#btn-rematch", timeout=20000)
        assert button.inner_text() == "Rematch (open)"
        button.click()
        cal.wait_for_url(f"**/game/{again}")
        cal.wait_for_function("() => typeof V !== 'undefined' && V !== null && V.seq === 0")
        assert cal.evaluate("() => V.seats") == ["red"]
        cal.goto(base_url + "/players")
        cal.wait_for_selector("#players")
        names = cal.locator("#players tbody tr td:first-child").all_inner_texts()
        assert names[:2] == ["bea", "cal"]
    finally:
        for ctx in contexts.values():
            ctx.close()


def test_notice_settings_password_and_deletion_on_the_account_page(
    page: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    ctx = page.context.browser.new_context()
    ctx.set_default_timeout(60000)
    try:
        pg = ctx.new_page()
        sign_up(pg, base_url, "dee")
        pg.wait_for_selector("#notify-form")
        assert pg.is_checked("#notify-on")  # on, and nowhere yet
        assert pg.input_value("#notify-webhook") == ""
        pg.fill("#notify-webhook", "http://127.0.0.1:9/dee-hook")
        pg.fill("#notify-email", "dee@example.org")
        pg.uncheck("#notify-on")
        pg.click("#notify-save")
        pg.wait_for_selector("#notify-secret:not([hidden])")
        secret = pg.inner_text("#notify-secret-value")
        assert len(secret) == 32  # 192 random bits, URL-safe base64: shown this once
        assert pg.inner_text("#notify-msg") == "Saved."
        # read back by the page after a reload: the settings, never the secret
        pg.reload()
        pg.wait_for_selector("#signed-in:not([hidden])")
        pg.wait_for_function("() => document.getElementById('notify-email').value !== ''")
        assert pg.input_value("#notify-webhook") == "http://127.0.0.1:9/dee-hook"
        assert pg.input_value("#notify-email") == "dee@example.org"
        assert not pg.is_checked("#notify-on")
        assert pg.is_hidden("#notify-secret") and secret not in pg.content()
        stored = pg.evaluate("async () => (await fetch('/api/account/notify')).json()")
        assert stored["on"] is False and stored["has_secret"] is True and "secret" not in stored
        # turned on again, the webhook unchanged: it keeps its secret (none shown)
        pg.check("#notify-on")
        pg.click("#notify-save")
        pg.wait_for_function("() => document.getElementById('notify-msg').textContent === 'Saved.'")
        assert pg.is_hidden("#notify-secret")
        stored = pg.evaluate("async () => (await fetch('/api/account/notify')).json()")
        assert stored["on"] is True and stored["webhook"] == "http://127.0.0.1:9/dee-hook"

        # the password: the wrong current one is refused, the right one changes it
        pg.fill("#password-current", "wrong horse")
        pg.fill("#password-new", "battery staple")
        pg.click("#password-save")
        pg.wait_for_function(
            "() => document.getElementById('password-msg').textContent === 'wrong password'"
        )
        pg.fill("#password-current", "correct horse")
        pg.fill("#password-new", "battery staple")
        pg.click("#password-save")
        pg.wait_for_function(
            "() => document.getElementById('password-msg').textContent.startsWith('Password')"
        )
        assert pg.inner_text("#password-msg") == "Password changed; 0 other sign-ins signed out."

        # deleting: the new password, and the box ticked
        pg.fill("#delete-password", "battery staple")
        pg.check("#delete-sure")
        pg.click("#delete-account")
        pg.wait_for_selector("#deleted")
        pg.wait_for_selector("#signed-out:not([hidden])")
        assert pg.evaluate("async () => (await fetch('/api/account')).json()") == {
            "signed_in": False
        }
        pg.fill("#name", "dee")
        pg.fill("#password", "battery staple")
        pg.click("#signin")
        pg.wait_for_selector("#auth-error")
        assert "wrong name or password" in pg.inner_text("#auth-error")
    finally:
        ctx.close()
