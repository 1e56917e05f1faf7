"""SNO 7.2 odds, 5.6 terrain, 6.4 weather and 7.4.8 caps: combat.odds, on exact positions."""

from __future__ import annotations

from fractions import Fraction

from ostfront.games.sno.combat import odds
from ostfront.games.sno.crt import odds_column, odds_value


def test_7_2_1_worked_examples_round_in_the_defenders_favour(R) -> None:
    cols = R.crts.table("axis-assault").columns
    assert odds_column(29, 10, cols) == "2:1"
    assert odds_column(7, 4, cols) == "3:2"
    assert odds_column(5, 12, cols) == "1:3"


def test_7_2_1_odds_of_units_on_the_map(R, make_state) -> None:
    # four German corps (2 each) against the 3rd Army (3) in clear terrain: 8:3 -> 2:1
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "ger-12-corps": "2002",
            "ger-43-corps": "2003",
            "sov-3-army": "1903",
        },
        phase="axis_combat",
    )
    o = odds.assess(
        R, s, ["ger-5-corps", "ger-6-corps", "ger-12-corps", "ger-43-corps"], ["sov-3-army"]
    )
    assert (o.attack, o.defence, o.raw, o.column, o.shifts) == (8, 3, "2:1", "2:1", ())


def test_7_4_6_odds_as_fractions() -> None:
    assert odds_value("1:4") == Fraction(1, 4)
    assert odds_value("3:2") == Fraction(3, 2)
    assert odds_value("5:1") == 5
    assert 3 * odds_value("1:2") == odds_value("3:2")


def test_7_4_8_axis_capped_at_7_to_1_before_the_snow_shift(R, make_state) -> None:
    cols = R.crts.table("axis-assault").columns
    assert odds_column(30, 3, cols) == "7:1"  # 10:1 reduced to 7:1
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "1902",
            "ger-12-corps": "1904",
            "ger-43-corps": "1904",
            "ger-53-corps": "2002",
            "ger-29-corps": "2002",
            "ger-1-corps": "2003",
            "ger-26-corps": "2003",
            "ger-38-corps": "1802",
            "ger-2-corps": "1802",
            "ger-10-corps": "1803",
            "ger-28-corps": "1803",
            "sov-3-army": "1903",
        },
        phase="axis_combat",
        weather="snow",
        turn="1942-01",
    )
    att = [u for u in s["units"] if u.startswith("ger-") and s["units"][u]["at"] != "out"]
    o = odds.assess(R, s, att, ["sov-3-army"])
    # 24:3 = 8:1 -> 7:1 (7.4.8), then one column left for Snow (6.4.2) -> 6:1
    assert (o.attack, o.defence, o.raw, o.column, o.shifts) == (24, 3, "7:1", "6:1", ("SNO 6.4.2",))


def test_7_4_8_soviet_capped_at_10_to_1_before_the_mud_shift(R, make_state) -> None:
    sov = ["sov-3-army", "sov-4-army", "sov-5-army", "sov-6-army"]  # 12 factors
    s = make_state(
        {sov[0]: "1902", sov[1]: "1904", sov[2]: "2002", sov[3]: "2003", "ger-5-corps": "1903"},
        phase="soviet_combat",
        weather="mud",
        turn="1941-10",
    )
    cols = R.crts.table("soviet-assault").columns
    assert odds_column(12, 1, cols) == "10:1"
    o = odds.assess(R, s, sov, ["ger-5-corps"])
    # 12:2 = 6:1; Mud one column left (6.4.1) -> 5:1
    assert (o.attack, o.defence, o.raw, o.column, o.shifts) == (12, 2, "6:1", "5:1", ("SNO 6.4.1",))
    assert odds_column(22, 2, cols) == "10:1"  # 11:1 reduced to 10:1


def test_6_4_2_snow_shifts_only_axis_attacks(R, make_state) -> None:
    s = make_state(
        {"sov-3-army": "1902", "sov-4-army": "1904", "ger-5-corps": "1903"},
        phase="soviet_combat",
        weather="snow",
        turn="1942-01",
    )
    o = odds.assess(R, s, ["sov-3-army", "sov-4-army"], ["ger-5-corps"])
    assert (o.raw, o.column, o.shifts) == ("3:1", "3:1", ())


def test_5_6_2_soviet_infantry_in_a_soviet_major_city_plus_one(R, make_state) -> None:
    # Kharkov (2211) is a Major city in the Soviet Union; attacked from 2212 (no river)
    s = make_state({"sov-3-army": "2211", "ger-5-corps": "2212"}, phase="axis_combat")
    assert odds.defence_factor(R, s, "sov-3-army") == 4
    s = make_state({"sov-3-army": "2212", "ger-5-corps": "2211"}, phase="axis_combat")
    assert odds.defence_factor(R, s, "sov-3-army") == 3  # not in a city
    # fortified (10.7.5b: 3 -> 4) and in the city: 5
    s = make_state(
        {"sov-3-army": {"at": "2211", "fortified": True}, "ger-5-corps": "2212"},
        phase="axis_combat",
    )
    assert odds.defence_factor(R, s, "sov-3-army") == 5


def test_10_5_3_garrison_never_modified(R, make_state) -> None:
    s = make_state({"sov-kiev-gar": "1816", "ger-5-corps": "1817"}, phase="axis_combat")
    assert odds.defence_factor(R, s, "sov-kiev-gar") == 2  # in a Victory city: no +1


def test_5_6_3_mountain_infantry_plus_one_mountain_units_doubled(R, make_state) -> None:
    s = make_state(
        {
            "sov-3-army": "3810",
            "ger-49-mtn": "3911",
            "ger-5-corps": "3809",
        },
        phase="axis_combat",
    )
    assert odds.defence_factor(R, s, "sov-3-army") == 4  # 3 + 1 in a mountain hex
    o = odds.assess(R, s, ["ger-49-mtn", "ger-5-corps"], ["sov-3-army"])
    # attacking into the mountain: mountain corps 2 x2 = 4, infantry corps 2 + 1 = 3
    assert o.factors == {"ger-49-mtn": 4, "ger-5-corps": 3, "sov-3-army": 4}
    assert (o.attack, o.defence, o.column) == (7, 4, "3:2")
    # a mountain unit defending in the mountains, fortified: 3 x2 = 6
    s = make_state(
        {"ger-49-mtn": {"at": "3810", "fortified": True}, "sov-3-army": "3911"},
        phase="soviet_combat",
    )
    assert odds.defence_factor(R, s, "ger-49-mtn") == 6


def test_5_6_4_river_one_column_left_unless_strong_enough_across_other_sides(R, make_state) -> None:
    # Kharkov's Donets sides: 2311 and 2210 are across the river, 2212 and 2312 are not
    s = make_state(
        {"sov-3-army": "2211", "ger-5-corps": "2311", "ger-6-corps": "2210"},
        phase="axis_combat",
    )
    o = odds.assess(R, s, ["ger-5-corps", "ger-6-corps"], ["sov-3-army"])
    assert (o.attack, o.defence, o.raw, o.column, o.shifts) == (4, 4, "1:1", "1:2", ("SNO 5.6.4",))
    # add two corps across clear sides (4 factors >= the defence of 4): no shift
    s = make_state(
        {
            "sov-3-army": "2211",
            "ger-5-corps": "2311",
            "ger-6-corps": "2210",
            "ger-12-corps": "2212",
            "ger-43-corps": "2312",
        },
        phase="axis_combat",
    )
    o = odds.assess(
        R, s, ["ger-5-corps", "ger-6-corps", "ger-12-corps", "ger-43-corps"], ["sov-3-army"]
    )
    assert (o.attack, o.defence, o.column, o.shifts) == (8, 4, "2:1", ())
    # only one corps across a clear side (2 < 4): the shift stays
    o = odds.assess(R, s, ["ger-5-corps", "ger-6-corps", "ger-12-corps"], ["sov-3-army"])
    assert (o.raw, o.column, o.shifts) == ("3:2", "1:1", ("SNO 5.6.4",))


def test_5_6_6_the_dnieper_through_kiev_has_no_effect(R, make_state) -> None:
    # 1916/1816 is a Dnieper side, and the Dnieper runs through Kiev
    s = make_state({"sov-3-army": "1816", "ger-5-corps": "1916"}, phase="axis_combat")
    o = odds.assess(R, s, ["ger-5-corps"], ["sov-3-army"])
    assert (o.attack, o.defence, o.column, o.shifts) == (2, 4, "1:2", ())


def test_5_6_8_frozen_river_is_clear(R, make_state) -> None:
    # the Donets at Kharkov in a Snow January: frozen if on or north-east of the AWL
    from ostfront.games.sno import weather

    s = make_state(
        {"sov-3-army": "2211", "ger-5-corps": "2311"},
        phase="soviet_combat",
        weather="snow",
        turn="1942-01",
    )
    frozen = not weather.river(R, s, "2311", "2211")
    o = odds.assess(R, s, ["ger-5-corps"], ["sov-3-army"])
    assert ("SNO 5.6.4" in o.shifts) is (not frozen)


def test_5_6_5_kerch_straits_double_the_defence(R, make_state) -> None:
    # 3015 (Kerch) and 3115 are across the Kerch Straits; 3114 touches 3115 by land
    s = make_state(
        {"sov-3-army": "3015", "sov-4-army": "3015", "ger-5-corps": "3115"}, phase="soviet_combat"
    )
    o = odds.assess(R, s, ["sov-3-army", "sov-4-army"], ["ger-5-corps"])
    assert (o.attack, o.defence, o.column) == (6, 4, "3:2")  # 2 doubled to 4
    # with 3 factors attacking from 3114 across a land side (>= 2): not doubled
    s = make_state(
        {"sov-3-army": "3015", "sov-4-army": "3114", "ger-5-corps": "3115"},
        phase="soviet_combat",
    )
    o = odds.assess(R, s, ["sov-3-army", "sov-4-army"], ["ger-5-corps"])
    assert (o.attack, o.defence, o.column) == (6, 2, "3:1")


def test_6_4_1_mud_shifts_every_assault(R, make_state) -> None:
    s = make_state(
        {"ger-5-corps": "1902", "ger-6-corps": "1904", "sov-3-army": "1903"},
        phase="axis_combat",
        weather="mud",
        turn="1941-10",
    )
    o = odds.assess(R, s, ["ger-5-corps", "ger-6-corps"], ["sov-3-army"])
    assert (o.raw, o.column, o.shifts) == ("1:1", "1:2", ("SNO 6.4.1",))
