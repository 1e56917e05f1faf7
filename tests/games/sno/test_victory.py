"""SNO 15.0 Victory Conditions: the Victory Determination Turns, Berlin and Moscow counting
two, the factories, Warsaw and the Polish 1st Army, and the shortened game."""

from __future__ import annotations

from ostfront.games.sno import victory

BERLIN, VIENNA, PRAGUE, BUDAPEST, BUCHAREST, WARSAW = (
    "0327", "1130", "0729", "1428", "2425", "0922",
)  # fmt: skip
MOSCOW, LENINGRAD, KIEV, SEVASTOPOL, ROSTOV, STALINGRAD, VORONEZH, GROZNY = (
    "1306", "0308", "1816", "3018", "2911", "2804", "2108", "3907",
)  # fmt: skip

#: 15.4's example: Berlin, Moscow and six others - ten
TEN = {h: "axis" for h in (BERLIN, MOSCOW, VIENNA, PRAGUE, BUDAPEST, BUCHAREST, WARSAW, KIEV)}


def test_15_4_the_axis_wins_december_1941_with_berlin_moscow_and_six_others(R, make_state):
    s = make_state({}, turn="1941-12", phase="soviet_orders", control=dict(TEN))
    assert victory.points(R, s, "axis") == 10
    victory.check(R, s)
    assert s["winner"] is not None and s["winner"]["winner"] == "axis"
    assert s["winner"]["score"] == {"axis": 10, "soviet": 0}
    assert "SNO 15.2" in s["winner"]["reason"] and "needs 10" in s["winner"]["reason"]


def test_15_4_nine_is_not_enough(R, make_state):
    control = dict(TEN)
    del control[KIEV]
    s = make_state({}, turn="1941-12", phase="soviet_orders", control=control)
    assert victory.points(R, s, "axis") == 9
    victory.check(R, s)
    assert s["winner"] is None


def test_15_2_a_player_checks_at_the_end_of_his_opponents_player_turn(R, make_state):
    """At the end of the Axis player-turn only the Soviets check (they need 8 in 1941)."""
    s = make_state({}, turn="1941-12", phase="axis_orders", control=dict(TEN))
    victory.check(R, s)
    assert s["winner"] is None
    soviet = {h: "soviet" for h in (MOSCOW, LENINGRAD, KIEV, SEVASTOPOL, ROSTOV, STALINGRAD)}
    soviet[VORONEZH] = "soviet"
    s = make_state({}, turn="1941-12", phase="axis_orders", control=soviet)
    assert victory.points(R, s, "soviet") == 8
    victory.check(R, s)
    assert s["winner"]["winner"] == "soviet"


def test_15_1_only_in_victory_determination_turns(R, make_state):
    s = make_state({}, turn="1941-11", phase="soviet_orders", control=dict(TEN))
    victory.check(R, s)
    assert s["winner"] is None


def test_15_6_the_table_by_turn(R, make_state):
    s = make_state({}, turn="1942-12", phase="soviet_orders", control=dict(TEN))
    victory.check(R, s)
    assert s["winner"] is None  # 1942 needs 12
    s["control"] |= {LENINGRAD: "axis", STALINGRAD: "axis"}
    victory.check(R, s)
    assert s["winner"]["winner"] == "axis"


def test_15_5_eliminated_factories_count_half_for_the_axis(R, make_state):
    control = dict(TEN)
    del control[KIEV]
    s = make_state({}, turn="1941-12", phase="soviet_orders", control=control, factories_lost=1)
    assert victory.points(R, s, "axis") == 9.5
    victory.check(R, s)
    assert s["winner"] is None
    s["factories_lost"] = 2
    victory.check(R, s)
    assert s["winner"]["winner"] == "axis" and s["winner"]["score"]["axis"] == 10


def test_15_8_warsaw_counts_for_the_soviets_only_with_the_polish_1st_army(R, make_state):
    control = {WARSAW: "soviet", MOSCOW: "soviet"}
    s = make_state({"sov-10-army": WARSAW}, turn="1944-12", control=control)
    assert victory.points(R, s, "soviet") == 2
    s = make_state({"pol-1-army": WARSAW}, turn="1944-12", control=control)
    assert victory.points(R, s, "soviet") == 3
    s = make_state({}, turn="1944-12", control={WARSAW: "axis"})
    assert victory.points(R, s, "axis") == 1  # the Axis counts it as any other


def test_15_3_a_draw_after_may_1945(R, make_state):
    s = make_state({}, turn="1945-05", phase="axis_orders", control={})
    victory.check(R, s)
    assert s["winner"] is None  # the Soviet player-turn is still to come
    s["phase"] = "soviet_orders"
    victory.check(R, s)
    assert s["winner"]["winner"] is None and "SNO 15.3" in s["winner"]["reason"]


def test_15_7_a_shortened_game_ends_in_its_agreed_december(R, make_state):
    s = make_state({}, turn="1942-12", phase="soviet_orders", control={}, last_turn="1942-12")
    victory.check(R, s)
    assert s["winner"] == {
        "winner": None,
        "score": {"axis": 0, "soviet": 0},
        "reason": "SNO 15.7: neither player reached his victory requirement by December "
        "1942: a draw",
    }
    s = make_state({}, turn="1942-12", phase="soviet_orders", control={})
    victory.check(R, s)
    assert s["winner"] is None  # played to May 1945


def test_15_7_the_november_1942_scenario_may_not_end_in_december_1942(R, make_state):
    twelve = dict(TEN) | {LENINGRAD: "axis", STALINGRAD: "axis"}
    s = make_state(
        {}, turn="1942-12", phase="soviet_orders", control=twelve, scenario="1942b",
        start_turn="1942-11",
    )  # fmt: skip
    assert not victory.is_vdt(R, s, "1942-12")
    victory.check(R, s)
    assert s["winner"] is None  # 12.C(6)b: December 1942's requirements do not apply
    assert victory.end_choices(R, "1942-11") == ["1945-05", "1943-12", "1944-12"]
    assert victory.end_choices(R, "1941-06") == [
        "1945-05", "1941-12", "1942-12", "1943-12", "1944-12",
    ]  # fmt: skip
    s = make_state({}, turn="1942-12", phase="soviet_orders", control=twelve)
    victory.check(R, s)
    assert s["winner"]["winner"] == "axis"  # the Campaign Scenario's December 1942


def test_the_game_once_won_stays_won(R, make_state):
    s = make_state({}, turn="1941-12", phase="soviet_orders", control=dict(TEN))
    victory.check(R, s)
    won = s["winner"]
    s["control"] = {}
    victory.check(R, s)
    assert s["winner"] is won
