"""tools/sno_history.py's count of games past the December 1941 VDT, which docs/ai.md
reports."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest


def test_the_december_1941_vdt_counts_only_games_that_got_there(
    tool_named: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
) -> None:
    tool = tool_named("sno_history")

    def game(winner: str | None, ended: bool, last: str) -> dict[str, Any]:
        return {"winner": winner, "ended": ended, "last_turn": last, "score": {}, "fronts": {},
                "december": {}, "cpu": 1.0}  # fmt: skip

    games = [
        game("soviet", True, "1941-12"),  # won at the VDT
        game(None, False, "1942-05"),  # played on past it
        game(None, False, "1941-09"),  # stopped before it
    ]
    tool.report(games, "1942-04")
    assert "VDT passed with no winner: 1 of the 2 games there" in capsys.readouterr().out
