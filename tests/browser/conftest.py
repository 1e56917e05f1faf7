"""The browser tests' shared fixtures: a server on a free port, the artifacts folder and a
Chromium page (each module-scoped, so each test module gets its own), as defined with the
first browser test; and the Chromium behind the pages, started once a worker.

``chromium`` is defined here only: a session fixture also defined in a test module would be
a second one there, and a second Playwright cannot start while the first runs."""

from collections.abc import Iterator
from typing import Any

import pytest
from test_play_in_browser import CHROMIUM, artifacts, base_url, page, playwright  # noqa: F401


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One Chromium for all the browser tests a worker runs (started once: a second or
    more of a core each time); each module has a context of its own (``page``)."""
    with playwright.sync_playwright() as p:
        args = ["--no-sandbox", "--disable-gpu"]  # headless: no GPU process (less CPU)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
        yield browser
        browser.close()
