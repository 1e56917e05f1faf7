"""The browser tests' shared fixtures: a server on a free port, the artifacts folder and a
Chromium page (each module-scoped, so each test module gets its own), as defined with the
first browser test; and, started once a worker, the Chromium behind the pages and the
processes the servers' computer players think in.

``chromium`` is defined here only: a session fixture also defined in a test module would be
a second one there, and a second Playwright cannot start while the first runs."""

import multiprocessing
import re
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from test_play_in_browser import CHROMIUM, artifacts, base_url, page, playwright  # noqa: F401

#: Chromium's own pages that headless Chromium loads for every window (each browser context
#: is one): the address bar's suggestions popup, a WebUI app of some 200 modules, about a
#: second of CPU a context - more than most pages a test opens. No test looks at them.
NOT_WANTED = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI")


def playwright_disabled_features() -> list[str] | None:
    """The features Playwright itself switches off (``disabledFeatures`` in its driver,
    chromiumSwitches.ts): Chromium heeds only the last ``--disable-features`` of its command
    line, so ours names them too. None if they cannot be read (then ours is left out)."""
    bundle = Path(playwright.__file__).parents[1] / "driver/package/lib/coreBundle.js"
    try:
        text = bundle.read_text()
    except OSError:
        return None
    found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
    names = re.findall(r'^\s*"(\w+)"', found.group(1), re.M) if found else []
    return names or None


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One Chromium for all the browser tests a worker runs (started once: a second or
    more of a core each time); each module has a context of its own (``page``)."""
    with playwright.sync_playwright() as p:
        args = ["--no-sandbox", "--disable-gpu"]  # headless: no GPU process (less CPU)
        theirs = playwright_disabled_features()
        if theirs is not None:
            args.append("--disable-features=" + ",".join([*theirs, *NOT_WANTED]))
        browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def ai_executor() -> Iterator[ProcessPoolExecutor]:
    """The computer players' worker processes for every browser module's server a worker
    runs, made as ``ostfront serve`` makes them (``AiPool.executor``: two, started when first
    asked): a pool a server started its workers anew, a second of a core each."""
    from ostfront.server import ai_worker
    from ostfront.server.ai_pool import kill_pool

    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=2, mp_context=spawn, initializer=ai_worker.quiet)
    yield pool
    kill_pool(pool)
