"""SNO 1.0 Sequence of Play: the phases of a month, in order, through the one door."""

from __future__ import annotations

from ostfront.core.position import position_from_dict
from ostfront.games.sno.game import GAME

QUIET = [  # one unit a side, far apart: every phase can simply be ended
    {"id": "ger-5-corps", "hex": "1020", "status": ["dispersed"]},
    {"id": "sov-5-army", "hex": "1306", "status": ["dispersed"]},
]


def setup(**fields):
    return GAME.setup(
        seed=2, position=position_from_dict({"game": "sno", "units": QUIET, **fields})
    )


def end_until(state, phase: str, limit: int = 40):
    """End phases (the only decisions in this position) until ``phase``; the phases seen."""
    seen = [state["phase"]]
    while state["phase"] != phase and limit and GAME.active_side(state) is not None:
        state = GAME.apply(state, "end")
        seen.append(state["phase"])
        limit -= 1
    return state, seen


def test_a_month_is_weather_then_axis_then_soviet_player_turns() -> None:
    s = setup(turn="1941-07", phase="weather")
    assert s["weather"] == "good"  # 6.1.2: determined before the first player-turn (6.1.1)
    assert s["phase"] == "axis_rrp"
    s, seen = end_until(s, "soviet_rrp")
    assert seen == [
        "axis_rrp", "axis_omp", "axis_combat", "axis_disband", "axis_orders", "soviet_rrp",
    ]  # fmt: skip
    # the Recovery Phase is automatic: the Axis corps lost its dispersed marker, the Soviet
    # army kept its own until its own Recovery Phase
    assert not s["units"]["ger-5-corps"]["dispersed"]
    assert s["units"]["sov-5-army"]["dispersed"]
    s, seen = end_until(s, "axis_rrp")
    assert seen[-2:] == ["soviet_orders", "axis_rrp"]
    assert s["turn"] == "1941-08" and not s["units"]["sov-5-army"]["dispersed"]
    assert GAME.active_side(s) == "axis"


def test_a_soviet_first_scenario_omits_only_the_first_axis_player_turn() -> None:
    """12.11(1): a scenario that begins with a Soviet player-turn omits the Axis player-turn
    of that month only."""
    s = setup(turn="1942-11", phase="weather", weather="good", extra={"first": "soviet"})
    assert s["phase"] == "soviet_rrp" and s["turn"] == "1942-11"
    s, _ = end_until(s, "axis_rrp")
    assert s["turn"] == "1942-12" and s["weather"] == "snow"


def test_the_game_ends_at_its_last_turn(tmp_path) -> None:
    """15.7: a game set to end at December 1941 is over after it (a draw if neither side has
    won: here the Soviets hold their eight Victory cities, 9 with Moscow, and win, 15.6)."""
    s = setup(turn="1941-12", phase="axis_rrp", weather="snow", extra={"last_turn": "1941-12"})
    s, _ = end_until(s, "never")
    assert GAME.active_side(s) is None
    res = GAME.result(s)
    assert res is not None and res.winner == "soviet"
    assert "December 1941" in res.reason
