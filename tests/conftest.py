"""Shared test set-up: the protocol test game (tests/toygame.py) joins the registry, and the
number of test processes that ``-n auto`` (pyproject.toml) starts is chosen."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

#: Compiled modules are kept (``__pycache__``, ignored by git) even where the environment
#: says not to (``PYTHONDONTWRITEBYTECODE``): else every test worker compiles ostfront, its
#: libraries and every test module again (pytest's assertion rewriting, ~8 s of a core a
#: worker), and so does each server, command and computer-player process a test starts.
#: Set here, before ostfront is imported; the workers and those processes inherit it.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402 - the imports below after the bytecode switch above
from hypothesis import settings  # noqa: E402

from ostfront import games  # noqa: E402
from toygame import GAME as TOY  # noqa: E402

games.register(TOY, replace=True)

#: Property tests are not timed (speed is measured in benchmarks/): hypothesis's default
#: 200 ms an example failed a reach property on a machine other work was loading.
settings.register_profile("ostfront", deadline=None)
settings.load_profile("ostfront")

#: The key sealing record snapshots (core/record.py): one of the tests' own, not the user's.
os.environ["OSTFRONT_RECORD_KEY"] = str(Path(tempfile.mkdtemp(prefix="ostfront-key-")) / "key")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """Worker processes only for a run of whole folders (plain ``pytest`` runs tests/) on more
    than one core: for named files or tests (``path``, ``path::name``) starting the workers
    would cost more than they save. Otherwise pytest-xdist's own count (a worker a core, or
    $PYTEST_XDIST_AUTO_NUM_WORKERS); ``-n 2`` on the command line overrides this."""
    if not any(Path(arg.split("::")[0]).is_dir() for arg in config.args):
        return 0
    if (os.cpu_count() or 1) < 2:
        return 0
    return None


#: The files that take longest (``--durations``; benchmarks/README.md, "The test suite"),
#: run first, longest first; then the folders whose files take longest (the server's tests
#: wait on processes, sockets and disks), and the many short files last: each worker takes
#: a whole file at a time (``--dist loadfile``) and is handed the next one while it still
#: runs the last two tests of its file, so a long file handed out near the end leaves the
#: other worker idle while it runs. (pytest-xdist would hand out the files with most tests
#: first: ``--no-loadscope-reorder`` in pyproject.toml keeps this order.) Seconds in one
#: process beside other work (benchmarks/README.md, "The test suite, fourth round"):
LONGEST_FIRST = (
    "tests/browser/test_sno_turn_clicks.py",  # 23
    "tests/games/dr/test_random_play.py",  # 23
    "tests/server/test_load_test.py",  # 19
    "tests/test_code_quality.py",  # 16 (mypy without its cache)
    "tests/server/test_two_processes_online.py",  # 14
    "tests/browser/test_turn_told.py",  # 13
    "tests/server/test_account_upkeep.py",  # 13
    "tests/ai/test_every_option.py",  # 12
    "tests/browser/test_accounts_in_browser.py",  # 12
    "tests/browser/test_sno_campaign_in_browser.py",  # 11
    "tests/browser/test_sno_readable.py",  # 11
    "tests/server/test_server_limits.py",  # 10
    "tests/server/test_accounts.py",  # 10
    "tests/ai/test_players.py",  # 10
    "tests/browser/test_play_in_browser.py",  # 10
    "tests/games/sno/test_random_play.py",  # 10
    "tests/games/test_position_phases.py",  # 9
    "tests/server/test_online.py",  # 9
    "tests/games/dr/test_cli_game.py",  # 8
    "tests/games/sno/test_properties.py",  # 8
    "tests/browser/",
    "tests/server/",
    "tests/ai/",
    "tests/games/dr/ai/",
    "tests/test_action_roles.py",  # 6
    "tests/test_doctests.py",  # 6
    "tests/cli/",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first (:data:`LONGEST_FIRST`), the rest in their own order."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        return next(
            (i for i, p in enumerate(LONGEST_FIRST) if path.startswith(p)), len(LONGEST_FIRST)
        )

    items.sort(key=rank)
