"""The New game page offers each scenario's own values of an option (issue 33): switching
the Sturm Nach Osten scenario changes the months the game may end in (SNO 15.7), a shipped
position offers only what it may have (14.11), the Soviet start options are alternatives
(14.13) which fix the last month while ticked (14.14a), and a game started with a
scenario's last month has it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from test_play_in_browser import CHROMIUM

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


def end_months(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "select[data-id=end] option", "os => os.map(o => o.textContent)"
    )
    return found


def test_switching_scenario_changes_the_end_months(page: Any, base_url: str) -> None:
    page.goto(base_url + "/new")
    page.wait_for_selector("input[name=game][value=sno]")
    page.check("input[name=game][value=sno]")
    page.wait_for_selector("select[data-id=end]")
    assert end_months(page) == ["1945-05", "1941-12", "1942-12", "1943-12", "1944-12"]
    page.check("input[name=scenario][value='1942b']")
    assert end_months(page) == ["1945-05", "1943-12", "1944-12"]  # never December 1942
    page.check("input[name=scenario][value='1944']")
    assert end_months(page) == ["1945-05", "1944-12"]
    page.check("input[name=scenario][value='1942a']")
    assert end_months(page) == ["1945-05", "1942-12", "1943-12", "1944-12"]
    shown = page.eval_on_selector_all("input[name=option]", "cs => cs.map(c => c.value)")
    assert shown == ["leningrad", "partisans"]  # SNO 14.11

    # a shipped position: 13.0 only (its last month is its own)
    page.check("input[name=scenario][value='position:kiev-1941-08']")
    shown = page.eval_on_selector_all("input[name=option]", "cs => cs.map(c => c.value)")
    assert shown == ["leningrad"] and end_months(page) == []

    # 1941: one Soviet start option at a time (SNO 14.13)
    page.check("input[name=scenario][value='1941']")
    page.check("input[name=option][value=stalin-line]")
    page.check("input[name=option][value=modernization]")
    assert not page.is_checked("input[name=option][value=stalin-line]")
    # ... which ends the game after December 1941 (14.14a): that month alone, set by the rule
    assert end_months(page) == ["1941-12"] and page.is_disabled("select[data-id=end]")
    assert "SNO 14.14a" in page.text_content("select[data-id=end] + span")
    page.uncheck("input[name=option][value=modernization]")
    assert end_months(page)[0] == "1945-05" and page.is_enabled("select[data-id=end]")
    page.select_option("select[data-id=end]", label="1943-12")
    page.check("input[name=option][value=free-soviet-setup]")
    assert end_months(page) == ["1941-12"]
    page.uncheck("input[name=option][value=free-soviet-setup]")  # the player's month is back
    chosen = page.eval_on_selector("select[data-id=end]", "s => s.selectedOptions[0].textContent")
    assert chosen == "1943-12"

    # the 1942b scenario's last listed month starts a game that ends then
    page.check("input[name=scenario][value='1942b']")
    page.select_option("select[data-id=end]", label="1944-12")
    page.select_option("#side-soviet", "human")
    page.fill("#seed", "4")
    page.click("#start")
    page.wait_for_url("**/game/*")
    gid = page.url.rsplit("/", 1)[1].split("#")[0]
    with urllib.request.urlopen(f"{base_url}/api/games/{gid}", timeout=10) as r:
        v = json.loads(r.read())
    assert v["scenario"] == "1942b" and v["options"]["end"] == "1944-12"
