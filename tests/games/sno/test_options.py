"""SNO 14.0 Strategic Options (games/sno/options/): each rule's statements as exact cases, both
branches of every roll on fixed seeds, and a fixed-seed sample of random campaigns with each
option (the full run: benchmarks/sno_options.py, reported in docs/rules/sturm-nach-osten.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ostfront.core import record as rec
from ostfront.core.hexgrid import hexside_id
from ostfront.core.protocol import NotPlayable, UnknownGame
from ostfront.core.rng import new_rng, roll_dice
from ostfront.games import get
from ostfront.games.sno import deployment, movement, replacements, victory, weather
from ostfront.games.sno.combat import plan, tactical
from ostfront.games.sno.combat.odds import assess, river_effect
from ostfront.games.sno.game import GAME
from ostfront.games.sno.movement_rules import step_cost, terrain_cost
from ostfront.games.sno.options import (
    choice,
    may1941,
    modernization,
    partisans,
    playing,
    siberian,
    stalin_line,
)
from ostfront.games.sno.rules import Rules, standard_rules
from ostfront.games.sno.zoc import zoc

from .conftest import build_state
from .test_campaign import play

R: Rules = standard_rules()
#: SNO 11.11: Soviet infantry replacements need garrisons on the board
GARRISONS = {"sov-moscow-gar": "1306", "sov-kiev-gar": "1816", "sov-leningrad-gar": "0308"}
DIE_1, DIE_3, DIE_6 = 19, 5, 1  # seeds whose first die is 1, 3 and 6
SL = {"stalin-line": True}
# a Stalin Line side without a river (west 1216, east 1116) and one along the Velikaya
# (west 0512 Pskov, east 0511): SNO 14.34
PLAIN = ("1216", "1116")
RIVER = ("0512", "0511")


def test_seeds_give_the_dice_the_tests_need() -> None:
    assert [roll_dice(new_rng(s), 1)[0] for s in (DIE_1, DIE_3, DIE_6)] == [1, 3, 6]


# ------------------------------------------------------------------ 14.11-14.13
def test_14_11_options_carry_their_scenarios() -> None:
    scen = {o.id: o.scenarios for o in GAME.options()}
    assert scen["stalin-line"] == ("1941",)
    assert scen["partisans"] == ("1941", "1942a")  # the one option 1942a may use
    with pytest.raises(UnknownGame, match="not used in the '1942a' scenario"):
        GAME.resolve_options({"stalin-line": True}, "1942a")
    s = build_state(scenario="1942a", options={"may-daring": True})
    with pytest.raises(NotPlayable, match=re.escape("not 1942a (SNO 14.11)")):
        choice.check(s)


def test_14_13_one_start_and_one_playing_option_per_player() -> None:
    with pytest.raises(NotPlayable, match=re.escape("at most one start option")) as e:
        GAME.setup("1941", {"stalin-line": True, "free-soviet-setup": True}, 1)
    assert "SNO 14.13" in str(e.value)
    # SNO 14.12-14.13: both May options may be permitted; the Axis player declares one
    s = GAME.setup("1941", {"may-daring": True, "may-conservative": True}, 1)
    assert s["may_permitted"] == ["may-conservative", "may-daring"] and s["turn"] == "1941-06"
    # one start and one playing option each: allowed
    s = GAME.setup(
        "1941",
        {"stalin-line": True, "siberian-reserves": True, "may-daring": True, "partisans": True},
        1,
    )
    assert s["turn"] == "1941-06" and s["last_turn"] == "1941-12"
    assert declared(s, "may-daring")["turn"] == "1941-05"


def declared(state: dict[str, Any], option: str) -> dict[str, Any]:
    """SNO 14.13: the Soviet set-up ended, then the Axis player's May declaration."""
    s = GAME.apply(state, GAME.find_action(state, "end"))
    return GAME.apply(s, GAME.find_action(s, f"declare {option}"))


def test_14_13_the_axis_declares_after_the_soviet_set_up() -> None:
    s = GAME.setup("1941", {"may-daring": True, "may-conservative": True}, 1)
    assert not any(a.verb == "declare" for a in GAME.legal_actions(s))  # the Soviets first
    s = GAME.apply(s, GAME.find_action(s, "end"))
    assert [a.text for a in GAME.legal_actions(s) if a.verb != "undo"] == [
        "declare may-conservative",
        "declare may-daring",
        "declare none",
    ]
    assert "SNO 14.13" in GAME.prompt(s).text
    june = GAME.apply(s, GAME.find_action(s, "declare none"))
    assert june["turn"] == "1941-06" and not june["units"]["sov-21-army"]["dispersed"]
    assert not may1941.option(june) and "end" in [a.text for a in GAME.legal_actions(june)]
    may = GAME.apply(s, GAME.find_action(s, "declare may-daring"))
    assert may["turn"] == "1941-05" and may["units"]["sov-21-army"]["dispersed"]
    assert may1941.option(may) is not None and may1941.option(may).id == "may-daring"


def test_14_42_modernization_may_be_chosen_its_set_up_exists() -> None:
    s = GAME.setup("1941", {"modernization": True}, 1)  # tests/games/sno/test_modernization_setup
    assert s["phase"] == "soviet_setup" and s["last_turn"] == "1941-12"


# ------------------------------------------------------------------ 14.14
def _control(axis: list[str], soviet: list[str]) -> dict[str, str]:
    return {**{h: "axis" for h in axis}, **{h: "soviet" for h in soviet}}


AXIS_OWN = ["0327", "1130", "0729", "1428", "2425", "0922"]  # 7 (Berlin two)
SOVIET_ALL = ["1306", "0308", "1816", "3018", "2911", "2804", "2108", "3907"]  # 9 (Moscow two)


def test_14_14a_a_soviet_start_option_ends_the_game_in_december_1941_at_nine() -> None:
    s = GAME.setup("1941", SL, 1)
    assert s["last_turn"] == "1941-12"  # SNO 14.14a
    # the Axis with 9 at the end of the Soviet player-turn of December 1941 wins (not 10)
    control = _control([*AXIS_OWN, "1816", "0308"], [h for h in SOVIET_ALL[2:] if h != "1816"])
    for opts, winner in ((SL, "axis"), ({}, None)):
        st = build_state(turn="1941-12", phase="soviet_orders", options=opts, control=control)
        victory.check(R, st, ended="soviet")
        if winner:
            assert st["winner"]["winner"] == "axis" and "needs 9" in st["winner"]["reason"]
        else:
            assert st["winner"] is None  # Section 15: 10 needed
    # nobody at 9 by the end of December 1941: a draw, by 14.14a
    control = _control([*AXIS_OWN, "1816"], [h for h in SOVIET_ALL if h != "1816"][:5])
    st = build_state(
        turn="1941-12", phase="soviet_orders", options=SL, control=control, last_turn="1941-12"
    )
    victory.check(R, st, ended="soviet")
    assert st["winner"]["winner"] is None and st["winner"]["reason"].startswith("SNO 14.14a")


def test_14_14b_after_partisans_an_axis_win_is_a_draw() -> None:
    control = _control([*AXIS_OWN, "1816", "0308", "3018"], SOVIET_ALL[:1])
    opts = {"partisans": True}
    used = build_state(turn="1941-12", options=opts, strategic={"partisans": "1941-07"},
                       control=control)  # fmt: skip
    victory.check(R, used, ended="soviet")
    assert used["winner"]["winner"] is None and "SNO 14.14b" in used["winner"]["reason"]
    permitted = build_state(turn="1941-12", options=opts, control=control)  # not used
    victory.check(R, permitted, ended="soviet")
    assert permitted["winner"]["winner"] == "axis"


# ------------------------------------------------------------------ 14.3 the Stalin Line
def test_14_3_the_line_runs_from_lake_ladoga_to_the_black_sea_and_closes_the_board() -> None:
    line = stalin_line.sides(R)
    assert len(line) == 55 and "0207/0307" in line and "2320/2420" in line
    assert ("0512", "0511") in stalin_line.west_to_east(R)  # Pskov west of the Velikaya side
    assert ("0207", "0308") in stalin_line.west_to_east(R)  # Karelia: facing Finland
    # no land path from Berlin crosses it: Moscow is not reached
    seen, todo = {"0327"}, ["0327"]
    while todo:
        h = todo.pop()
        for nb in R.map.grid.neighbours(h):
            if nb in seen or R.map.terrain_of(nb) == "sea" or hexside_id(h, nb) in line:
                continue
            if "sea" not in R.map.side_kinds(h, nb):
                seen.add(nb)
                todo.append(nb)
    assert "1306" not in seen and "0922" in seen


def test_14_31_without_the_option_the_line_does_nothing() -> None:
    s = build_state({"ger-5-corps": PLAIN[0]})
    assert stalin_line.steps(R, s, "axis") == frozenset()
    base = terrain_cost(R, s, "ger-5-corps", PLAIN[1])
    assert step_cost(R, s, "ger-5-corps", *PLAIN, ends_in_zoc=True) == base


def test_14_32_the_removed_units_wait_in_the_pool_as_replacements() -> None:
    s = GAME.setup("1941", SL, 1)
    removed = stalin_line.spec(stalin_line.OPTION).removed
    assert {s["units"][u]["at"] for u in removed} == {"pool"}
    later = build_state({**GARRISONS, **{u: "pool" for u in removed}}, turn="1941-07",
                        phase="soviet_rrp")  # fmt: skip
    assert all(replacements.replaceable(R, later, u) for u in removed)


def test_14_33_moving_across_it_from_the_west_into_enemy_zoc_costs_one_more() -> None:
    s = build_state({"ger-5-corps": PLAIN[0], "sov-5-army": RIVER[0]}, options=SL)
    base = terrain_cost(R, s, "ger-5-corps", PLAIN[1])
    assert base is not None
    assert step_cost(R, s, "ger-5-corps", *PLAIN, ends_in_zoc=True) == base + 1
    assert step_cost(R, s, "ger-5-corps", *PLAIN, ends_in_zoc=False) == base  # 5.5.4
    # eastwards only: westwards, and Soviet units, never (14.33, 14.35)
    assert step_cost(R, s, "ger-5-corps", *PLAIN[::-1], ends_in_zoc=True) == terrain_cost(
        R, s, "ger-5-corps", PLAIN[0]
    )
    assert step_cost(R, s, "sov-5-army", *PLAIN, ends_in_zoc=True) == terrain_cost(
        R, s, "sov-5-army", PLAIN[1]
    )


def test_14_34_along_a_river_the_effects_add_up() -> None:
    s = build_state({"ger-5-corps": RIVER[0]}, options=SL)
    base = terrain_cost(R, s, "ger-5-corps", RIVER[1])
    assert base is not None
    assert step_cost(R, s, "ger-5-corps", *RIVER, ends_in_zoc=True) == base + 2
    s["options"] = {}
    assert step_cost(R, s, "ger-5-corps", *RIVER, ends_in_zoc=True) == base + 1


def test_14_33a_it_never_freezes() -> None:
    s = build_state({"ger-5-corps": PLAIN[0]}, options=SL, turn="1942-01", weather="snow")
    base = terrain_cost(R, s, "ger-5-corps", PLAIN[1])
    assert base is not None
    assert step_cost(R, s, "ger-5-corps", *PLAIN, ends_in_zoc=True) == base + 1


def test_14_33_an_axis_attack_across_it_from_the_west_shifts_a_column() -> None:
    units = {"ger-5-corps": PLAIN[0], "sov-5-army": PLAIN[1]}
    s = build_state(units, options=SL)
    assert "SNO 14.33" in assess(R, s, ["ger-5-corps"], ["sov-5-army"]).shifts
    s["options"] = {}
    assert "SNO 14.33" not in assess(R, s, ["ger-5-corps"], ["sov-5-army"]).shifts
    # SNO 14.35: a Soviet attack westwards across it is not affected
    back = build_state({"sov-5-army": PLAIN[1], "ger-5-corps": PLAIN[0]}, options=SL,
                       phase="soviet_combat")  # fmt: skip
    assert "SNO 14.33" not in assess(R, back, ["sov-5-army"], ["ger-5-corps"]).shifts


def test_14_34_an_attack_across_river_and_line_shifts_two_columns() -> None:
    s = build_state({"ger-5-corps": RIVER[0], "sov-5-army": RIVER[1]}, options=SL)
    assert river_effect(R, s, *RIVER)
    shifts = assess(R, s, ["ger-5-corps"], ["sov-5-army"]).shifts
    assert "SNO 5.6.4" in shifts and "SNO 14.33" in shifts


def test_14_33_as_5_6_4_attackers_as_strong_across_other_sides_cancel_it() -> None:
    line = stalin_line.sides(R)
    other = next(
        n
        for n in R.map.grid.neighbours(PLAIN[1])
        if hexside_id(n, PLAIN[1]) not in line and n != PLAIN[0] and R.map.terrain_of(n) == "clear"
        and "river" not in R.map.side_kinds(n, PLAIN[1])
    )  # fmt: skip
    s = build_state(
        {"ger-5-corps": PLAIN[0], "ger-4-army": other, "sov-5-army": PLAIN[1]}, options=SL
    )
    odds = assess(R, s, ["ger-5-corps", "ger-4-army"], ["sov-5-army"])
    assert odds.factors["ger-4-army"] >= odds.defence
    assert "SNO 14.33" not in odds.shifts


def test_14_33_7_1_4b_no_obligation_to_attack_across_it() -> None:
    s = build_state({"ger-5-corps": PLAIN[0], "sov-5-army": PLAIN[1]}, options=SL,
                    phase="axis_combat")  # fmt: skip
    assert plan.relief(R, s, "ger-5-corps") == (
        "next to the enemy only across river or strait sides (SNO 7.1.4b)"
    )
    s = build_state({"ger-5-corps": PLAIN[0], "sov-5-army": PLAIN[1]}, phase="axis_combat")
    assert plan.relief(R, s, "ger-5-corps") is None


def test_14_33b_never_from_zoc_to_zoc_eastwards_across_it() -> None:
    a, b = PLAIN
    soviet = next(
        h for h in R.map.grid.neighbours(a) if R.map.grid.adjacent(h, b) and h in R.map.terrain
    )
    units = {"ger-5-corps": a, "ger-6-corps": b, "sov-5-army": soviet}
    found = {}
    for opts in ({}, SL):
        s = build_state(units, options=opts, phase="axis_omp")
        movement.begin(R, s)
        direct = movement._zoc_to_zoc(R, s, "ger-5-corps", a, 6, zoc(R, s, "soviet"), bool)
        found[bool(opts)] = direct.get(b)
    assert found[False] is not None and found[False].rule == "SNO 5.2.3b"
    assert found[True] is None  # SNO 14.33b
    # tactical movement too (7.7.2): a one-hex advance from ZOC to ZOC eastwards across it
    advances = {}
    for opts in ({}, SL):
        s = build_state(units, options=opts, phase="axis_combat")
        advances[bool(opts)] = b in tactical.one_hex_advances(R, s, "ger-5-corps", [b])
    assert advances == {False: True, True: False}


# ------------------------------------------------------------------ 14.4
def test_14_43_every_soviet_unit_at_once_but_the_shock_armies() -> None:
    units = {**GARRISONS, "sov-1-gds": "pool", "sov-1-ta": "pool", "sov-1-shock": "reserve"}
    for opts, expect in (({}, False), ({"modernization": True}, True)):
        s = build_state(units, turn="1941-07", phase="soviet_rrp", options=opts)
        assert replacements.replaceable(R, s, "sov-1-gds") is expect  # 11.7c lifted
        assert replacements.replaceable(R, s, "sov-1-ta") is expect  # 11.7b lifted
        assert not replacements.replaceable(R, s, "sov-1-shock")
        assert not modernization.immediately_available(R, s, "sov-1-shock")


# ------------------------------------------------------------------ 14.5, 14.6
@pytest.mark.parametrize("option", ["may-conservative", "may-daring"])
def test_14_52_to_14_54_the_campaign_begins_in_may_1941(option: str) -> None:
    s = declared(GAME.setup("1941", {option: True}, 1), option)  # SNO 14.13
    assert (s["turn"], s["start_turn"]) == ("1941-05", "1941-05")  # 14.52, 14.62
    assert s["units"]["sov-21-army"]["dispersed"] and s["units"]["sov-22-army"]["dispersed"]
    pz = s["units"]["ger-1-pzarmy"]
    if option == "may-conservative":  # SNO 14.54: refitted, dispersed, in Lodz
        assert (pz["at"], pz.get("flipped", False), pz["dispersed"]) == ("0924", False, True)
        area = may1941.setup_area(R, s, "ger-1-pzarmy")
        assert area == frozenset({"0924", *R.map.grid.neighbours("0924")})
        assert set(deployment.destinations(R, s, "ger-1-pzarmy")) <= area
    else:
        assert not pz["dispersed"] and may1941.setup_area(R, s, "ger-1-pzarmy") is None


@pytest.mark.parametrize(("seed", "weather_is"), [(DIE_3, "good"), (DIE_6, "mud")])
def test_14_55_one_die_for_may_weather(seed: int, weather_is: str) -> None:
    s = build_state(turn="1941-05", weather=None, seed=seed, options={"may-daring": True},
                    weather_plan={"1941-05": may1941.ROLL})  # fmt: skip
    weather.determine(R, s)
    assert s["weather"] == weather_is
    assert s["_rolls"][-1]["why"] == "SNO 14.65 May 1941 weather"


def test_14_55_the_roll_comes_as_the_may_turn_begins() -> None:
    s = declared(GAME.setup("1941", {"may-conservative": True}, 3), "may-conservative")
    assert s["weather"] is None
    while s["phase"].endswith("_setup"):
        s = GAME.apply(s, GAME.find_action(s, "end"))
    assert s["turn"] == "1941-05" and s["weather"] in ("good", "mud")
    roll = next(r for e in s["log"] for r in e.get("rolls", ()) if "14.55" in r["why"])
    assert s["weather"] == ("good" if roll["dice"][0] <= 3 else "mud")


def test_14_52_14_62_replacement_rates() -> None:
    for opt in ("may-conservative", "may-daring"):
        s = build_state(turn="1941-05", options={opt: True})
        assert replacements.monthly_rf(R, s, "axis") == 1
        assert replacements.monthly_rf(R, s, "soviet") == 3
    control = _control(AXIS_OWN, SOVIET_ALL)
    for opt, rate in (("may-conservative", 2), ("may-daring", 1)):
        s = build_state(turn="1941-07", options={opt: True}, control=control)
        assert replacements.monthly_rf(R, s, "axis") == rate  # 11.12; 14.62: 1 in 1941
    s = build_state(turn="1944-07", options={"may-daring": True}, control=control)
    assert replacements.monthly_rf(R, s, "axis") == 4  # 14.62: 1944


def test_14_64_june_units_are_available_in_may() -> None:
    unit = R.unit("ger-5-corps")
    assert unit.available == "1941-06"
    s = build_state(turn="1941-05", options={"may-daring": True})
    assert may1941.available(s, unit)
    assert not may1941.available(build_state(turn="1941-05"), unit)


# ------------------------------------------------------------------ 14.7
SHOCKS = ("sov-1-shock", "sov-2-shock", "sov-3-shock", "sov-4-shock", "sov-5-shock")


def _act(s: Any, text: str) -> Any:
    """The RRP's action with this text (the state is changed in place by these tests, so the
    game's remembered list of legal actions is not asked)."""
    return next(a for a in replacements.actions(R, s) if a.text == text)


def _soviet_rrp(turn: str, seed: int, **extra: Any) -> Any:
    s = build_state({u: "reserve" for u in SHOCKS}, turn=turn, phase="soviet_rrp", seed=seed,
                    options={"siberian-reserves": True}, **extra)  # fmt: skip
    replacements.begin(R, s)
    return s


def test_14_72_the_soviet_player_may_call_them_from_june_to_december_1941() -> None:
    s = _soviet_rrp("1941-07", DIE_3)
    assert s["pending"]["kind"] == playing.CHOICE
    assert [a.verb for a in replacements.actions(R, s)] == ["call", "decline"]
    assert "rrp" not in s  # the month's factors come after the decision
    assert _soviet_rrp("1942-01", DIE_3)["pending"] is None  # 14.74: too late
    s = _soviet_rrp("1941-07", DIE_3)
    replacements.perform(R, s, _act(s, "decline"))
    assert s["pending"] is None and siberian.status(s) is None and "rrp" in s


def test_14_72_two_in_the_first_month_then_one_a_month() -> None:
    s = _soviet_rrp("1941-08", DIE_3)
    replacements.perform(R, s, _act(s, "call"))
    assert [siberian.arrival(R, s, u) for u in SHOCKS] == [
        "1941-08", "1941-08", "1941-09", "1941-10", "1941-11",
    ]  # fmt: skip
    assert replacements.arriving(R, s, "soviet") == ["sov-1-shock", "sov-2-shock"]
    # arrived early and eliminated, a Shock Army may come back before its printed month
    dead = build_state({**GARRISONS, "sov-1-shock": "dead"}, turn="1941-10", phase="soviet_rrp",
                       options=s["options"], strategic=s["strategic"])  # fmt: skip
    assert replacements.replaceable(R, dead, "sov-1-shock")
    dead["strategic"] = {}
    assert not replacements.replaceable(R, dead, "sov-1-shock")


def test_14_74_uncalled_they_come_in_january_1942() -> None:
    s = build_state({u: "reserve" for u in SHOCKS}, options={"siberian-reserves": True})
    assert [siberian.arrival(R, s, u) for u in SHOCKS] == [
        "1942-01", "1942-01", "1942-02", "1942-03", "1942-04",
    ]  # fmt: skip


def test_14_73_no_invasion_on_a_die_above_1() -> None:
    s = _soviet_rrp("1941-08", DIE_3)
    replacements.perform(R, s, _act(s, "call"))
    assert s["_rolls"][-1]["dice"] == [3] and siberian.status(s)["japan"] is None
    assert s["pending"] is None


def test_14_73_the_japanese_invade_on_a_1() -> None:
    s = _soviet_rrp("1941-08", DIE_1)
    replacements.perform(R, s, _act(s, "call"))
    st = siberian.status(s)
    assert st is not None and (st["japan"], st["deficit"]) == ("1941-08", 30)  # 14.73b
    assert s["pending"]["kind"] == playing.JAPAN  # 14.73c
    verbs = [a.text for a in replacements.actions(R, s)]
    assert verbs == [*(f"cancel {u}" for u in SHOCKS), "keep"]
    replacements.perform(R, s, _act(s, "cancel sov-5-shock"))
    assert siberian.status(s)["deficit"] == 25 and s["units"]["sov-5-shock"]["at"] == "out"
    assert siberian.arrival(R, s, "sov-5-shock") is None
    replacements.perform(R, s, _act(s, "keep"))
    assert s["pending"] is None and s["rf"]["soviet"] == 0  # the month's factors: all lost


def test_14_73ab_production_two_less_then_thirty_lost() -> None:
    s = build_state(strategic={"siberian": {"from": "1941-08", "japan": "1941-08",
                                            "deficit": 30, "cancelled": []}})  # fmt: skip
    assert siberian.produce(R, s, 10) == 0 and siberian.status(s)["deficit"] == 22
    assert siberian.produce(R, s, 30) == 6 and siberian.status(s)["deficit"] == 0
    assert siberian.produce(R, s, 9) == 7  # 14.73a: for the rest of the game


def test_14_73_a_die_each_later_soviet_player_turn_through_december_1941() -> None:
    called = {"from": "1941-08", "japan": None, "deficit": 0, "cancelled": []}
    s = _soviet_rrp("1941-09", DIE_6, strategic={"siberian": called})
    assert s["_rolls"][-1]["why"] == "SNO 14.73 Japanese invasion of Siberia"
    assert s["pending"] is None and siberian.status(s)["japan"] is None
    s = _soviet_rrp("1941-10", DIE_1, strategic={"siberian": called})
    assert siberian.status(s)["japan"] == "1941-10" and s["pending"]["kind"] == playing.JAPAN
    s = _soviet_rrp("1942-01", DIE_1, strategic={"siberian": called})
    assert "_rolls" not in s  # after December 1941, no more
    invaded = {**called, "japan": "1941-09"}
    s = _soviet_rrp("1941-10", DIE_1, strategic={"siberian": invaded})
    assert "_rolls" not in s  # discontinued once the Japanese have come


# ------------------------------------------------------------------ 14.8
def _axis_rrp(turn: str, weather_is: str, **extra: Any) -> Any:
    s = build_state(turn=turn, phase="axis_rrp", weather=weather_is,
                    options={"partisans": True}, **extra)  # fmt: skip
    replacements.begin(R, s)
    return s


def test_14_82_in_a_good_month_up_to_the_end_of_1942() -> None:
    assert _axis_rrp("1942-06", "good")["pending"]["option"] == "partisans"
    assert _axis_rrp("1942-04", "mud")["pending"] is None
    assert _axis_rrp("1943-06", "good")["pending"] is None
    assert _axis_rrp("1942-06", "good", strategic={"partisans": "1941-07"})["pending"] is None


def test_14_83_three_more_per_pair_from_that_month() -> None:
    control = _control([*AXIS_OWN, "1816", "0308"], SOVIET_ALL[:1])
    s = _axis_rrp("1942-06", "good", control=control)
    replacements.perform(R, s, _act(s, "partisans"))
    assert partisans.in_force(s) and s["strategic"]["partisans"] == "1942-06"
    assert s["rf"]["axis"] == 4 + (1 + 3) * 1  # 11.12-11.13 + 14.83, within 11.14's 9
    s = _axis_rrp("1942-06", "good", control=control)
    replacements.perform(R, s, _act(s, "decline"))
    assert s["rf"]["axis"] == 4 + 1


# ------------------------------------------------------------------ random campaigns
@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (2, {"stalin-line": True, "siberian-reserves": True, "may-daring": True}),
        (3, {"may-conservative": True, "partisans": True}),
        (4, {"modernization": True, "may-daring": True}),
    ],
)
def test_random_campaigns_with_the_options_play_and_replay(
    seed: int, options: dict[str, bool]
) -> None:
    """Fixed-seed sample (May 1941); the full run is benchmarks/sno_options.py."""
    state, record = play(seed, "1941-06", **options)
    assert state["turn"] == "1941-06" or state["winner"] is not None
    replay = rec.replay(get("sno"), record, verify=True)
    assert replay.ok
