"""tools/dr_history.py's count of 13.0's points, which docs/ai.md reports."""

from __future__ import annotations

import copy
from collections.abc import Callable
from types import ModuleType

import pytest

from ostfront.games import get
from ostfront.games.dr.rules import set_unit

GAME = get("dr")


def test_the_axis_points_at_the_end_follow_13_0(tool_named: Callable[[str], ModuleType]) -> None:
    tool = tool_named("dr_history")
    s = GAME.setup("1941", {}, 1)
    R = GAME.rules_for(s)
    assert tool.axis_points(R, s) == set()  # every city Soviet, Stalin alive, none lost
    s = copy.deepcopy(s)
    s["control"][R.map.place_named("Minsk").hex] = "axis"  # 13.0C
    s["stalin"] = "dead"  # 13.0D
    soviet = sorted(u for u in s["units"] if R.unit(u).side == "soviet" and R.unit(u).is_ground)
    set_unit(s, soviet[0], at="dead")  # 13.0E: one Soviet unit lost, no Axis unit
    assert tool.axis_points(R, s) == {"Minsk", "Stalin", "casualties"}


def test_the_cities_counted_by_turn_are_checked_against_the_map(
    tool_named: Callable[[str], ModuleType],
) -> None:
    tool = tool_named("dr_history")
    R = GAME.rules_for(GAME.setup("1941", {}, 1))
    assert tool.places(R, "Orel, Kharkov,Smolensk") == ("Orel", "Kharkov", "Smolensk")
    with pytest.raises(SystemExit, match="'Stalingard'"):
        tool.places(R, "Orel,Stalingard")


def test_one_game_counts_the_cities_asked_for(tool_named: Callable[[str], ModuleType]) -> None:
    tool = tool_named("dr_history")
    held, score, *_ = tool.one(("random", "random", 3, False, ("Orel", "Brest")))
    assert set(held) == set(range(1, 8))  # one entry a turn, June to December
    assert all(names <= {"Orel", "Brest"} for names in held.values())
    assert sum(score.values()) == 13  # 13.0: every point goes to one side
