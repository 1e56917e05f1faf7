"""Playing Defiant Russia in a real browser (the system Chromium, driven by Playwright):
start a game against the computer from the New game page, move a unit by clicking it and
then a lit hex, undo, attack with the odds shown, see the computer's decisions in the log,
reload and find the game intact. Screenshots of the game page are saved as artifacts
(``$OSTFRONT_ARTIFACTS``, else a pytest temporary directory)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = next(
    (
        p
        for p in (
            os.environ.get("OSTFRONT_CHROMIUM"),
            shutil.which("chromium"),
            shutil.which("chromium-browser"),
            "/usr/bin/chromium",
        )
        if p and Path(p).exists()
    ),
    None,
)
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serving(app: Any) -> Iterator[str]:
    """Serve ``app`` in a thread on a free port: its base URL, the server started (20 s at
    most, else a failure that says so); stopped after (waited for 10 s at most)."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the test server stopped while starting"
        assert time.monotonic() < end, "the test server did not start in 20 s"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def answered(page: Any, js: str, arg: Any, what: str, seconds: float = 60) -> Any:
    """Evaluate ``js``, a function of ``arg`` giving a promise (a request the page makes),
    in the page: its value, or a failure naming ``what`` if it has not come in ``seconds``
    (``page.evaluate`` alone would wait for ever)."""
    bounded = (
        f"([arg, ms, what]) => Promise.race([({js})(arg), new Promise((_, no) =>"
        " setTimeout(() => no(new Error(`no answer in ${ms / 1000} s: ${what}`)), ms))])"
    )
    return page.evaluate(bounded, [arg, seconds * 1000, what])


def browser_app(db: Path, ai_executor: Any, move_delay: float) -> Any:
    """The web app over the SQLite file ``db``, as ``create_app`` makes it, its computer
    players thinking in the worker's shared processes (``ai_executor``, conftest.py)."""
    from ostfront.server.app import create_app
    from ostfront.server.sessions import Manager
    from ostfront.server.storage import open_store

    manager = Manager(open_store(str(db)), move_delay=move_delay, ai_executor=ai_executor)
    return create_app(manager=manager)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory, ai_executor: Any) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "games.sqlite"
    yield from serving(browser_app(db, ai_executor, move_delay=0.0))


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    env = os.environ.get("OSTFRONT_ARTIFACTS")
    out = Path(env) if env else tmp_path_factory.mktemp("artifacts")
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture(scope="module")
def page(chromium: Any, base_url: str) -> Iterator[Any]:
    """A fresh browser context (no cookies or storage of another module) and its page, in
    the worker's one Chromium (``chromium``, tests/browser/conftest.py)."""
    context = chromium.new_context(viewport={"width": 1440, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    context.close()


#: whether the page's log is drawn as ``html`` (a function for ``page.wait_for_function``)
LOG_IS = "html => document.getElementById('log-body').innerHTML === html"


def view(page: Any) -> dict[str, Any]:
    v: dict[str, Any] = page.evaluate(
        "() => ({seq: V.seq, active: V.active, thinking: V.thinking, phase: V.info.phase,"
        " selected: V.selected, actions: V.actions, pending: V.pending, live: V.live,"
        " counters: V.counters.map(c => ({id: c.id, hex: c.hex})),"
        " log: LOG.map(e => ({side: e.side, action: e.action, rolls: e.rolls || []}))})"
    )
    return v


def wait_until(page: Any, cond: Any, what: str, timeout: float = 90) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        v = view(page)
        if cond(v):
            return v
        if time.monotonic() > end:
            offered = [a["text"] for a in v["actions"]][:8]
            raise AssertionError(
                f"timed out waiting for {what}: phase {v['phase']}, {v['active']} to move, "
                f"thinking {v['thinking']}, actions {offered}"
            )
        page.wait_for_timeout(100)


def click_hex(page: Any, hex_id: str) -> None:
    box = page.locator(f"#hex-{hex_id}").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def hover_hex(page: Any, hex_id: str) -> None:
    box = page.locator(f"#hex-{hex_id}").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def zoom_to(page: Any, hex_id: str) -> None:
    """Show the map around a hex, about 700 by 440 SVG units."""
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 350, c[1] - 220, 700, 440]; putVb(); }",
        hex_id,
    )


def human_to_move(v: dict[str, Any]) -> bool:
    return v["active"] == "axis" and not v["thinking"] and bool(v["actions"])


def do(page: Any, text: str) -> dict[str, Any]:
    """Click an action in the side panel and wait for the position to change."""
    seq = view(page)["seq"]
    page.locator(f'#actions .action[data-text="{text}"]').click()
    return wait_until(page, lambda v: v["seq"] > seq, f"'{text}' to be applied")


def advance_to(page: Any, phase: str) -> dict[str, Any]:
    """Play on (ending phases by key, else taking the first decision offered) until
    ``phase`` begins."""
    for _ in range(60):
        v = wait_until(page, lambda v: human_to_move(v) or v["phase"] == phase, "our turn")
        if v["phase"] == phase:
            return v
        seq = v["seq"]
        if any(a["verb"] in ("done", "next") for a in v["actions"]):
            page.keyboard.press("e")  # end the phase by key
            if page.locator("#confirm-end.shown").count():  # units could still move: asked
                page.keyboard.press("Enter")
        else:
            first = next(a for a in v["actions"] if a["verb"] != "undo")
            page.locator(f'#actions .action[data-text="{first["text"]}"]').click()
        wait_until(page, lambda v, s=seq: v["seq"] > s, "the step")
    raise AssertionError(f"never reached {phase}")


def test_a_game_against_the_computer(page: Any, base_url: str, artifacts: Path) -> None:
    # -- New game: Axis human, Soviet computer
    page.goto(base_url + "/new")
    page.fill("#seed", "7")
    page.select_option("#side-axis", "human")
    page.select_option("#side-soviet", "random")
    page.click("#start")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#board svg .hexes")

    # -- The computer sets up the Soviets, step by step; then it is our turn
    v = wait_until(page, human_to_move, "the computer's set-up")
    assert any(e["side"] == "soviet" for e in v["log"]), "the computer's moves are in the log"

    # -- The units off the map are drawn as counters, reinforcements with their turn
    page.locator("#boxes details").first.evaluate("d => d.open = true")
    assert page.locator("#boxes .box-counter svg g.counter").count() > 0
    assert page.locator("#boxes .box-counter .turn").count() > 0
    page.locator("#boxes").screenshot(path=str(artifacts / "game-off-map-counters.png"))
    do(page, "historical")
    do(page, "done")
    v = advance_to(page, "axis_move")

    # -- Move a unit by clicks: the counter, then a lit hex
    uid = page.evaluate(
        '() => { const s = [...document.querySelectorAll(\'g.counters .stack[data-count="1"]'
        " .counter-slot.actionable')]; return s.length ? s[0].dataset.uid : null; }"
    )
    assert uid, "a unit that may move is ringed on the map"
    start = next(c["hex"] for c in v["counters"] if c["id"] == uid)
    zoom_to(page, start)  # the unit in view, as a player would pan to it
    page.locator(f'g.counters .counter-slot[data-uid="{uid}"]').click()
    v = wait_until(page, lambda v: v["selected"] == uid, "the unit to be picked")
    assert page.locator(".hl-move").count() > 0 and page.locator(".hl-label.move").count() > 0
    page.screenshot(path=str(artifacts / "game-move-highlights.png"))
    only_move = [
        a
        for a in v["actions"]
        if a["verb"] == "to" and sum(b["hex"] == a["hex"] for b in v["actions"]) == 1
    ]
    target = max(only_move, key=lambda a: a["cost"] or 0)["hex"]
    # -- Pointing at a destination draws the way the unit will go
    zoom_to(page, start)
    hover_hex(page, target)
    drawn = page.locator(f'.move-path[data-action="to {target}"]')
    drawn.wait_for()
    path = drawn.get_attribute("data-hexes").split()
    assert path[0] == start and path[-1] == target and len(path) > 2
    page.screenshot(path=str(artifacts / "game-move-path.png"))
    click_hex(page, target)
    v = wait_until(
        page, lambda v: any(c["id"] == uid and c["hex"] == target for c in v["counters"]), "move"
    )

    # -- Undo by key puts it back
    page.keyboard.press("u")
    v = wait_until(
        page, lambda v: any(c["id"] == uid and c["hex"] == start for c in v["counters"]), "undo"
    )
    if v["selected"] == uid:
        click_hex(page, target)
    else:
        zoom_to(page, start)
        page.locator(f'g.counters .counter-slot[data-uid="{uid}"]').click()
        wait_until(page, lambda v: v["selected"] == uid, "the unit to be picked again")
        click_hex(page, target)
    v = wait_until(
        page, lambda v: any(c["id"] == uid and c["hex"] == target for c in v["counters"]), "again"
    )
    page.keyboard.press("0")  # the whole map again
    v = advance_to(page, "axis_combat")

    # -- Attack: click a hex lit for attack, read the odds, roll
    attack = next(a for a in v["actions"] if a["verb"] == "attack")
    click_hex(page, attack["hex"])
    wait_until(page, lambda v: bool(v["pending"]) and v["pending"]["kind"] == "attack", "attack")
    page.wait_for_selector("#odds:not([hidden]) #roll-btn")
    assert "Hits on the defender" in page.inner_text("#odds")
    page.screenshot(path=str(artifacts / "game-attack-odds.png"))
    rolls_before = sum(len(e["rolls"]) for e in view(page)["log"])
    seq = view(page)["seq"]
    page.click("#roll-btn")
    v = wait_until(
        page,
        lambda v: v["seq"] > seq and not v["thinking"] and v["active"] == "axis",
        "the roll and the computer's answer",
    )
    assert sum(len(e["rolls"]) for e in v["log"]) > rolls_before, "the dice are in the log"
    page.wait_for_selector("#log .dice")
    page.screenshot(path=str(artifacts / "game-after-attack.png"))

    # -- Reload: the same game, the same position
    before = view(page)
    log_html = page.inner_html("#log-body")  # drawn a turn at a time, step after step
    # newest first: only the turn being played is open, at the top
    assert page.locator("#log-body > details.turn[open]").count() == 1
    assert page.locator("#log-body > details.turn").first.get_attribute("open") is not None
    page.reload()
    page.wait_for_selector("g.counters .counter-slot")
    after = wait_until(page, lambda v: v["seq"] == before["seq"], "the reloaded game")
    # the log drawn whole on loading is the log the steps drew turn by turn
    page.wait_for_function(LOG_IS, arg=log_html, timeout=30_000)
    assert after["counters"] == before["counters"]
    assert [a["text"] for a in after["actions"]] == [a["text"] for a in before["actions"]]
    assert any(c["id"] == uid and c["hex"] == target for c in after["counters"])

    # -- Overlays and replay, by key
    page.keyboard.press("z")
    page.wait_for_selector("#legend.shown")
    page.keyboard.press("z")

    # -- Supply: each Axis unit ringed in or out of supply; pointing at one draws its line
    page.keyboard.press("s")
    page.wait_for_selector(".sup-in")
    axis_units = page.evaluate("() => V.counters.filter(c => c.side === 'axis').length")
    assert page.locator(".sup-in, .sup-out").count() >= axis_units - 20  # Finns etc. too
    zoom_to(page, target)
    hover_hex(page, target)
    line = page.locator(f'.supply-line[data-uid="{uid}"]')
    line.wait_for()
    supply_path = line.get_attribute("data-path").split()
    rail_line = line.get_attribute("data-rail").split()
    assert supply_path[0] == target and rail_line[0] == supply_path[-1]
    assert 1 <= len(supply_path) <= 4 and len(rail_line) > 1
    assert "in supply" in page.inner_text("#hover")
    page.screenshot(path=str(artifacts / "game-supply-line.png"))
    page.keyboard.press("s")  # the Soviet side's supply
    page.wait_for_function("() => SUPPLY && SUPPLY.side === 'soviet'")
    page.keyboard.press("s")  # off
    page.wait_for_function("() => SUPPLY === null")
    assert page.locator(".supply-line").count() == 0
    page.keyboard.press("0")
    page.keyboard.press("r")
    page.wait_for_selector("#replaybar.shown")
    page.keyboard.press("Home")
    wait_until(page, lambda v: not v["live"] and v["seq"] == after["seq"], "replay")
    page.wait_for_function("() => V.step === 0")
    page.keyboard.press("Escape")
    wait_until(page, lambda v: v["live"], "back to the game")
    page.wait_for_function(LOG_IS, arg=log_html, timeout=30_000)  # shrunk, then grown again
    page.screenshot(path=str(artifacts / "game-page.png"))
    assert page.errors == []


def test_hotseat_turn_and_home_page(page: Any, base_url: str, artifacts: Path) -> None:
    page.goto(base_url + "/new")
    page.select_option("#side-axis", "human")
    page.select_option("#side-soviet", "human")
    page.click("#start")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#actions .action")
    # both set-ups from the keyboard: the filter, then Enter
    for _ in range(2):
        seq = view(page)["seq"]
        # The server's notice of the last step may overtake the step's own answer and start a
        # refresh; one landing while the filter is typed redraws it with the caret at the
        # start ("oricalhist"). Type once no request is on its way.
        page.wait_for_function("() => quiet()")
        page.keyboard.press("/")
        page.keyboard.type("historical")
        page.keyboard.press("Enter")
        wait_until(page, lambda v, s=seq: v["seq"] > s, "historical set-up")
        seq = view(page)["seq"]
        page.keyboard.press("Escape")  # leave the filter
        page.keyboard.press("e")
        wait_until(page, lambda v, s=seq: v["seq"] > s, "set-up done")
    v = view(page)
    assert v["active"] == "axis" and v["actions"]
    # the map by keyboard: a hex cursor, Enter clicks its hex
    page.keyboard.press("m")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.locator(".hexfocus.cursor").count() == 1
    assert page.inner_text("#hover")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hexinfo:not([hidden])")
    page.goto(base_url + "/")
    page.wait_for_selector("table.list")
    assert page.locator("tr[data-game]").count() >= 2
    page.screenshot(path=str(artifacts / "home.png"))
    assert page.errors == []
