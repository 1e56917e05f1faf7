"""Screenshots of Sturm Nach Osten in the browser for the README (docs/images/sno-*.png).

Starts the web app on a free local port, brings a 1941 campaign to a few moments of play by
importing a game record played by the random player (fixed seeds, so the pictures are the
same each run), opens each in the system Chromium (Playwright) at 1600x1000 and saves:

- ``sno-move.png``: the Axis Operational Movement Phase of June 1941, a panzer army picked,
  the hexes it may reach lit, its unit card open;
- ``sno-replacements.png``: the Soviet Replacement Phase of July 1941, the replacements
  listed as one row per unit, one unit chosen and its entry hexes lit;
- ``sno-attack.png``: an attack being declared with the odds before the roll.

Usage: ``uv run python tools/sno_screenshots.py [OUT_DIR]`` (default docs/images);
``--rows`` instead counts the rows of the action list in the phases of issue 35, item 4
(the figures in tests/browser/test_sno_readable.py).
"""

from __future__ import annotations

import json
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from ostfront import games
from ostfront.ai.players import make_player
from ostfront.core.record import new_record, state_hash

SIZE = {"width": 1600, "height": 1000}


def record_until(turn: str, phase: str, seed: int = 5, scenario: str = "1941") -> dict[str, Any]:
    """A record of a campaign played by the random player (seeded) up to the first step of
    ``phase`` in ``turn``."""
    game = games.get("sno")
    state = game.setup(scenario, {}, seed)
    record = new_record(game, state)
    player = make_player("random", seed=seed)
    for _ in range(20_000):
        if game.turn(state) == turn and game.phase(state) == phase:
            return record.to_json()
        action = player.choose(game, state)
        state = game.apply(state, action)
        record.steps.append({"action": action.text, "hash": state_hash(state)})
    raise RuntimeError(f"never reached {turn} {phase}")


def imported(base: str, record: dict[str, Any]) -> str:
    """Import ``record`` as a hot-seat game both sides play by hand; its page's address."""
    body = json.dumps({"record": record, "players": {"axis": "human", "soviet": "human"}})
    req = urllib.request.Request(
        base + "/api/import",
        data=body.encode(),
        headers={"Content-Type": "application/json", "Origin": base},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        answer: dict[str, Any] = json.loads(r.read())
    return base + answer["url"]


def serve(db: Path) -> tuple[str, Any]:
    import uvicorn

    from ostfront.server.app import create_app

    app = create_app(db, move_delay=0.0)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


#: The phases whose action lists ``--rows`` measures.
MEASURED = (
    ("1941-06", "axis_rrp"), ("1941-06", "axis_omp"), ("1941-06", "soviet_rrp"),
    ("1941-07", "axis_rrp"), ("1941-07", "soviet_rrp"),
)  # fmt: skip


def rows(page: Any, base: str, out: Path) -> None:
    for turn, phase in MEASURED:
        opened(page, imported(base, record_until(turn, phase)))
        shown = page.locator("#actions .list button").count()
        print(f"{turn} {phase}: {page.evaluate('() => V.actions.length')} actions, {shown} rows")


def main(out: Path, job: Any) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        base, server = serve(Path(tmp) / "games.sqlite")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport=SIZE)
            page.on("pageerror", lambda e: print("page error:", e, file=sys.stderr))
            job(page, base, out)
            browser.close()
        server.should_exit = True


def opened(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("g.counters .counter-slot")
    page.wait_for_function("() => window.V && V.actions.length > 0")


def click_counter(page: Any, uid: str) -> None:
    hex_id = page.evaluate("u => V.counters.find(c => c.id === u).hex", uid)
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 420, c[1] - 260, 840, 520]; putVb(); }",
        hex_id,
    )
    box = page.locator(f'g.counters .counter-slot[data-uid="{uid}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def shots(page: Any, base: str, out: Path) -> None:
    # the Axis movement phase: a panzer army picked by a click, its card open
    opened(page, imported(base, record_until("1941-06", "axis_omp")))
    pick = page.evaluate(
        """() => V.actions.find(a => a.role === "select" && a.unit &&
             V.counters.find(c => c.id === a.unit).symbol === "armor" &&
             V.counters.filter(c => c.hex === V.counters.find(x => x.id === a.unit).hex)
               .length === 1)"""
    )
    click_counter(page, pick["unit"])
    page.wait_for_function("() => V.selected")
    page.wait_for_selector("#unitcard:not([hidden]) table.facts")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "sno-move.png"))

    # the Soviet replacement phase of July 1941: one row per unit, one chosen
    opened(page, imported(base, record_until("1941-07", "soviet_rrp")))
    page.locator("#actions button.group-row").first.click()
    page.locator("#actions button.unit-row").nth(2).click()
    page.wait_for_selector("#unitcard:not([hidden]) table.facts")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "sno-replacements.png"))


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--rows"]
    main(Path(args[0]) if args else Path("docs/images"), rows if "--rows" in sys.argv else shots)
