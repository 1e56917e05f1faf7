"""The browser tests' shared fixtures: a server on a free port, the artifacts folder and a
Chromium page (each module-scoped, so each test module gets its own; the Chromium behind
the pages started once a worker), as defined with the first browser test."""

from test_play_in_browser import artifacts, base_url, chromium, page  # noqa: F401
