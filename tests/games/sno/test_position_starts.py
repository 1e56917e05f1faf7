"""A custom position's first phase begins as in a played game (issue 32 items 6-7): SNO
10.4.12's first turn is the campaign's, and Zhukov's 10.6.7 sees the OMP it starts in."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.core.position import position_from_dict
from ostfront.games.sno.game import GAME

MSF, MOSCOW = "sov-moscow-factory", "1306"


def setup(turn: str, phase: str, units: list[dict[str, Any]], **fields: Any) -> Any:
    position = {"game": "sno", "turn": turn, "phase": phase, "units": units, **fields}
    return GAME.setup(seed=1, position=position_from_dict(position))


def texts(s: Any) -> list[str]:
    return [a.text for a in GAME.legal_actions(s)]


@pytest.mark.parametrize("turn", ["1941-09", "1942-03"])
def test_10_4_12_a_positions_first_month_is_not_the_campaigns_first_turn(turn: str) -> None:
    weather = {"1942-03": {"weather": "snow"}}.get(turn, {})
    units = [{"id": MSF, "hex": MOSCOW}, {"id": "sov-moscow-gar", "hex": MOSCOW}]
    s = setup(turn, "soviet_rrp", units, **weather)
    assert f"entrain {MSF}" in texts(s)  # SNO 10.4.12: only June 1941's RRP forbids it


def test_10_4_12_a_june_1941_position_is_the_campaigns_first_turn() -> None:
    units = [{"id": MSF, "hex": MOSCOW}, {"id": "sov-moscow-gar", "hex": MOSCOW}]
    s = setup("1941-06", "soviet_rrp", units)
    assert f"entrain {MSF}" not in texts(s)


ZHUKOV_UNITS = [
    {"id": "sov-zhukov", "hex": "1306"},
    {"id": "sov-moscow-gar", "hex": "1306"},
    {"id": "sov-3-army", "hex": "1305"},
    {"id": "ger-5-corps", "hex": "1308"},
]


@pytest.mark.parametrize("phase", ["soviet_rrp", "soviet_omp"])
def test_10_6_7_a_whole_omp_in_moscow_from_a_position_starting_at_or_before_it(
    phase: str,
) -> None:
    s = setup("1942-07", phase, ZHUKOV_UNITS)
    while s["phase"] != "soviet_omp":
        s = GAME.apply(s, "done" if "done" in texts(s) else "end")
    s = GAME.apply(s, "end")  # SNO 10.6.7: the whole OMP in Moscow
    assert s["phase"] != "soviet_omp"
    assert s["units"]["sov-zhukov"].get("flipped") is True
