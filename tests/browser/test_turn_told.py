"""The computer's turn, told (issue 35.6, 34.5), in a real browser (the system Chromium through
Playwright), in both games: while the computer plays, a progress line says how many steps it
has taken; when it has done, its turn is listed as operations (moves by front sector, each
battle with its odds, roll and result) that are stepped through one at a time, the map
drawing only the chosen operation's arrows."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_new_player import act, call
from test_play_in_browser import CHROMIUM, browser_app, serving, view, wait_until

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory, ai_executor: Any) -> Iterator[str]:
    """A server whose computer waits a little after each step, so that its progress shows."""
    db = tmp_path_factory.mktemp("told") / "games.sqlite"
    yield from serving(browser_app(db, ai_executor, move_delay=0.02))


def start(page: Any, base_url: str, body: dict[str, Any]) -> str:
    """A new game, its page open (with its seats); the game's id."""
    page.goto(base_url + "/")
    page.wait_for_function("() => typeof api === 'function'")
    answer = call(page, "POST", "/api/games", body)
    page.url_of_game = base_url + answer["url"]
    open_game(page)
    return str(answer["id"])


def open_game(page: Any) -> None:
    page.goto(page.url_of_game)
    page.wait_for_selector("g.counters .counter-slot, #actions")
    page.wait_for_function("() => typeof V !== 'undefined' && V")


#: While the computer plays (the page's view says so), the spinners shown, the lines of the
#: panel saying the computer plays or thinks, and its progress lines (steps so far).
WHILE_THINKING = """() => {
    if (!(window.V && V.live && V.thinking)) return false;
    const shown = el => el.getClientRects().length > 0;
    const said = document.getElementById('panel').innerText
        .match(/the computer is (playing|thinking)/gi) || [];
    return {spinners: [...document.querySelectorAll('.spinner')].filter(shown).length,
        said: said.length,
        progress: [...document.querySelectorAll('#story-thinking .steps')].filter(shown).length};
}"""


def computer_plays(page: Any, gid: str, players: dict[str, str], human: str) -> dict[str, Any]:
    """Hand a side to the computer; the progress line counts its steps while it plays; then
    the human side is to move."""
    call(page, "PUT", f"/api/games/{gid}/players", {"players": players})
    # one indicator while it plays: one spinner, one line saying so (issue 35)
    shown = page.wait_for_function(WHILE_THINKING, timeout=30_000).json_value()
    assert shown == {"spinners": 1, "said": 1, "progress": 1}, shown
    first = int(page.inner_text("#story-thinking .steps"))
    page.wait_for_function(
        f"() => {{ const s = document.querySelector('#story-thinking .steps');"
        f" return !s || Number(s.textContent) > {first}; }}"
    )
    assert (
        "The computer is playing" in (page.text_content("#recent") or "")
        or not view(page)["thinking"]
    )
    # the rest of its turn unwatched (a page following every step slows the server), then
    # the game opened again as the human side finds it
    base = page.url_of_game.split("/game/")[0]
    page.goto("about:blank")
    end, seq, moved = time.monotonic() + 240, -1, time.monotonic()
    while True:
        with urllib.request.urlopen(f"{base}/api/games/{gid}", timeout=10) as r:
            v = json.load(r)
        if not v["thinking"] and v["active"] == human:
            break
        if v["seq"] != seq:
            seq, moved = v["seq"], time.monotonic()
        now = time.monotonic()
        assert now < end and now - moved < 60, (
            f"the computer's turn did not end: step {v['seq']}, {v['active']} to move, "
            f"thinking {v['thinking']}, error {v.get('ai_error')}, no step for {now - moved:.0f} s"
        )
        time.sleep(0.2)
    open_game(page)
    return wait_until(
        page,
        lambda v: not v["thinking"] and v["active"] == human and v["actions"],
        "the computer's turn",
        timeout=60,
    )


def shown_at(page: Any, k: int, n: int) -> None:
    """Wait until operation ``k`` (from 0) of ``n`` is drawn (its position said last)."""
    page.wait_for_function(
        "t => (document.querySelector('#recent .story-pos') || {}).textContent === t",
        arg=f"{k + 1} of {n}",
        timeout=30_000,
    )


def check_story(page: Any, artifacts: Path, name: str) -> dict[str, Any]:
    """The turn told: operations listed, one current, its arrows alone on the map; Next and
    Previous step through them."""
    page.wait_for_selector("#recent ol.story li.op")
    ops = page.evaluate(
        "() => [...document.querySelectorAll('#recent ol.story li.op')].map(li =>"
        " ({i: Number(li.dataset.op), kind: li.dataset.kind, text: li.innerText,"
        " current: li.classList.contains('current')}))"
    )
    assert len(ops) >= 2
    assert sum(o["current"] for o in ops) == 1
    moves = [o for o in ops if o["kind"] == "moves"]
    assert moves, "the computer's moves are told"
    sectors = {"North", "Centre", "South", "Far south", "Finland"}
    assert all(any(s in o["text"] for s in sectors) for o in moves), moves
    # each operation, stepped to, draws its own moves' arrows alone
    page.click(f'#recent li.op[data-op="{moves[0]["i"]}"]')
    for k, op in enumerate(ops):
        if k > 0:
            page.click("#recent [data-story=next]")
        page.wait_for_selector(f'#recent li.op.current[data-op="{op["i"]}"]')
        shown_at(page, k, len(ops))
        if op["kind"] != "moves":
            continue
        shown = page.evaluate(
            "() => ({arrows: [...document.querySelectorAll('.recent-arrow')]"
            ".map(a => a.dataset.uid), rows: [...document.querySelectorAll("
            "'#recent .op-moves li')].map(li => li.innerText)})"
        )
        moved = [r for r in shown["rows"] if "→" in r]
        assert len(shown["arrows"]) <= len(moved) and len(shown["rows"]) >= 1
        if k == 0:
            page.screenshot(path=str(artifacts / f"{name}-turn-told.png"))
    assert page.is_disabled("#recent [data-story=next]")
    page.click("#recent [data-story=prev]")
    page.wait_for_selector(f'#recent li.op.current[data-op="{ops[-2]["i"]}"]')
    shown_at(page, len(ops) - 2, len(ops))
    # the keys [ and ] do what Previous and Next do, as their titles and the help say
    assert "([)" in (page.get_attribute("#recent [data-story=prev]", "title") or "")
    assert "(])" in (page.get_attribute("#recent [data-story=next]", "title") or "")
    keys = page.text_content("#help table.list") or ""
    assert "[ ]the other side's turn told: the operation before, the next one" in keys, keys
    page.keyboard.press("]")
    shown_at(page, len(ops) - 1, len(ops))
    assert page.locator("#recent li.op.current").get_attribute("data-op") == str(ops[-1]["i"])
    for k in range(len(ops) - 2, -1, -1):
        page.keyboard.press("[")
        shown_at(page, k, len(ops))
    page.keyboard.press("[")  # at the first one: stays
    assert page.is_disabled("#recent [data-story=prev]")
    page.keyboard.press("]")
    shown_at(page, 1, len(ops))
    assert not page.locator("#menu.shown, #help.shown").count()  # no other key's doing
    return {"ops": ops}


def test_dr_computer_turn_told(page: Any, base_url: str, artifacts: Path) -> None:
    gid = start(
        page,
        base_url,
        {"game": "dr", "seed": 5, "players": {"axis": "human", "soviet": "human"}},
    )
    for text in ("historical", "done", "historical", "done"):
        act(page, text)
    computer_plays(page, gid, {"axis": "greedy", "soviet": "human"}, "soviet")
    told = check_story(page, artifacts, "dr")
    battles = [o for o in told["ops"] if o["kind"] == "battle"]
    assert battles, "the Axis fights in its first turn"
    page.click(f'#recent li.op[data-op="{battles[0]["i"]}"]')
    page.wait_for_selector("#recent .op-detail .battle")
    line = battles[0]["text"]
    assert "dice hitting on" in line and "roll" in line and "hit" in line  # odds, roll, result
    assert page.locator(".recent-battle").count() >= 1
    assert page.errors == []


def test_sno_computer_turn_told(page: Any, base_url: str, artifacts: Path) -> None:
    gid = start(
        page,
        base_url,
        {
            "game": "sno",
            "position": "crimea-1941-11",
            "seed": 3,
            "players": {"axis": "human", "soviet": "human"},
        },
    )
    v = view(page)
    human = "soviet" if v["active"] == "axis" else "axis"
    computer = "axis" if human == "soviet" else "soviet"
    computer_plays(page, gid, {computer: "greedy", human: "human"}, human)
    told = check_story(page, artifacts, "sno")
    battles = [o for o in told["ops"] if o["kind"] == "battle"]
    assert battles, "the Axis attacks in the Crimea"
    for op in battles:  # the CRT column, the die and the result code
        assert " at " in op["text"] and "roll" in op["text"] and "→" in op["text"]
    # stepping to a battle brings its hex into view
    page.evaluate(
        "() => { const c = BOARD.centres['0101']; vb = [c[0], c[1], 300, 200]; putVb(); }"
    )
    page.click(f'#recent li.op[data-op="{battles[-1]["i"]}"]')
    page.wait_for_selector("#recent .op-detail .battle")
    assert page.locator(".recent-battle").count() >= 1
    hex_id = re.findall(r"\((\d{4})\)", battles[-1]["text"])[0]
    assert page.evaluate(
        "(h) => { const c = BOARD.centres[h], b = svg.viewBox.baseVal;"
        " return c[0] > b.x && c[0] < b.x + b.width && c[1] > b.y && c[1] < b.y + b.height; }",
        hex_id,
    )
    assert page.errors == []


def test_rule_link_opens_the_players_summary(page: Any, base_url: str, artifacts: Path) -> None:
    """A rule link (issue 35.7) opens the players' page: the rule's short summary in our own
    words on top, with a link to its row on the developers' coverage page."""
    page.goto(base_url + "/rules/sno#r-7.3.1")
    page.wait_for_selector("#followed .followed")
    followed = page.inner_text("#followed")
    assert "SNO 7.3.1" in followed and "DE destroys the defenders" in followed
    assert "Tables:" in followed and "Combat results" in followed
    page.screenshot(path=str(artifacts / "rules-players.png"))
    page.click("#followed a.dev")
    page.wait_for_url("**/rules/sno/dev#r-7.3.1")
    page.wait_for_selector("section.target#r-7\\.3\\.1")
    assert "Status:" in page.inner_text("section.target")
    assert page.errors == []
