"""SNO 6.0 Weather: the month's weather (6.1), what freezes (6.2), movement allowances (6.3)."""

from __future__ import annotations

from ostfront.core.rng import new_rng, roll_dice
from ostfront.games.sno import weather


def first_die(seed: int) -> int:
    return roll_dice(new_rng(seed), 1, 6)[0]


def test_6_1_2_fixed_months(R, make_state) -> None:
    for turn, expected in [("1941-06", "good"), ("1941-09", "good"), ("1941-12", "snow"),
                           ("1942-01", "snow"), ("1942-02", "snow")]:  # fmt: skip
        s = make_state({}, turn=turn, weather=None)
        weather.determine(R, s)
        assert s["weather"] == expected, turn
        assert s["rng"]["n"] == 0  # no die is rolled for a fixed month


def test_6_1_3a_october_roll_of_3_to_6(R, make_state) -> None:
    """A roll of 3-6: October Mud, November Good, then March Snow, April Mud, May Good."""
    assert first_die(7) == 4
    s = make_state({}, turn="1941-10", weather=None, seed=7)
    weather.determine(R, s)
    assert s["weather"] == "mud"
    assert s["weather_plan"] == {
        "1941-11": "good", "1942-03": "snow", "1942-04": "mud", "1942-05": "good",
    }  # fmt: skip
    for turn, expected in [("1941-11", "good"), ("1942-03", "snow"), ("1942-04", "mud"),
                           ("1942-05", "good")]:  # fmt: skip
        s["turn"] = turn
        weather.determine(R, s)
        assert s["weather"] == expected, turn
    assert s["rng"]["n"] == 1  # one die, in October


def test_6_1_3b_october_roll_of_1_or_2_and_the_april_roll(R, make_state) -> None:
    """A roll of 1-2: October Good, November Snow, March Mud; April rolls again."""
    assert first_die(13) == 2
    s = make_state({}, turn="1941-10", weather=None, seed=13)
    weather.determine(R, s)
    assert s["weather"] == "good"
    assert s["weather_plan"] == {"1941-11": "snow", "1942-03": "mud", "1942-04": "roll"}
    s["turn"] = "1941-11"
    weather.determine(R, s)
    assert s["weather"] == "snow"
    s["turn"] = "1942-03"
    weather.determine(R, s)
    assert s["weather"] == "mud"
    # April: 1-3 Good (May Mud), 4-6 Mud (May Good)
    for seed, april, may in [(5, "good", "mud"), (1, "mud", "good")]:
        t = make_state({}, turn="1942-04", weather=None, seed=seed,
                       weather_plan={"1942-04": "roll"})  # fmt: skip
        assert first_die(seed) in ((1, 2, 3) if april == "good" else (4, 5, 6))
        weather.determine(R, t)
        assert t["weather"] == april
        t["turn"] = "1942-05"
        weather.determine(R, t)
        assert t["weather"] == may


def test_6_2_1_swamps_and_lakes_freeze_only_north_east_of_the_months_awl(R, make_state) -> None:
    jan = make_state({}, turn="1942-01", weather="snow")
    nov = make_state({}, turn="1941-11", weather="snow")
    mud = make_state({}, turn="1941-11", weather="mud")
    assert "0406" in weather.frozen_hexes(R, nov)  # a swamp north of the November line
    assert weather.terrain(R, nov, "0406") == "clear"  # 6.2.3
    assert weather.terrain(R, mud, "0406") == "swamp"  # 'not Snow: the AWL is ignored'
    assert "1316" not in weather.frozen_hexes(R, nov)  # the Pripet marshes: south of it
    assert weather.frozen_hexes(R, nov) < weather.frozen_hexes(R, jan)
    assert not weather.frozen_hexes(R, mud)


def test_6_2_2_rivers_freeze_upstream_of_the_freeze_point(R, make_state) -> None:
    """The Dnieper's November/March freeze point is its side 1109/1208: that side and the
    one upstream of it freeze in a Snow November, the next downstream does not."""
    nov = make_state({}, turn="1941-11", weather="snow")
    frozen = weather.frozen_sides(R, nov)
    assert {"1108/1109", "1109/1208"} <= frozen
    assert "1109/1209" not in frozen
    assert not weather.river(R, nov, "1108", "1109")
    assert weather.river(R, nov, "1109", "1209")


def test_6_2_2_the_gorki_system_freezes_whole_in_any_snow_month(R, make_state) -> None:
    """The canal 1205/1206 lies on the Gorki system: frozen even in a Snow November."""
    nov = make_state({}, turn="1941-11", weather="snow")
    good = make_state({}, turn="1941-11", weather="good")
    assert "1205/1206" in weather.frozen_sides(R, nov)
    assert weather.river(R, good, "1205", "1206")  # 5.5.8: a river for all purposes
    assert not weather.river(R, nov, "1205", "1206")


def test_6_3_rounding(R, make_state) -> None:
    mud = make_state({}, turn="1941-10", weather="mud")
    assert weather.allowance(R, mud, "soviet", 5) == 3  # 6.3.1: Soviet up
    assert weather.allowance(R, mud, "axis", 5) == 2  # 6.3.1: Axis down
    assert weather.allowance(R, mud, "soviet", 8) == 3  # 6.3.1: never more than 3
    # 6.3.1 vs 5.3.2 (the reading): the bonus is not halved, but the cap of 3 holds
    assert weather.allowance(R, mud, "axis", 4, bonus=2) == 3
    assert weather.allowance(R, mud, "axis", 2, bonus=2) == 3
    assert weather.allowance(R, mud, "axis", 1, bonus=0) == 0
    snow = make_state({}, turn="1943-01", weather="snow")
    assert weather.allowance(R, snow, "axis", 5) == 3  # 6.3.2: both up
    assert weather.allowance(R, snow, "soviet", 3, bonus=3) == 5  # 5.3.2: bonus whole
    winter = make_state({}, turn="1942-01", weather="snow")
    assert weather.allowance(R, winter, "axis", 5) == 2  # 6.5.2: 1941/42, Axis down
    assert weather.allowance(R, winter, "soviet", 5) == 3
    good = make_state({}, turn="1941-07", weather="good")
    assert weather.allowance(R, good, "soviet", 3, bonus=3) == 6


def test_straits_and_sea_sides(R, make_state) -> None:
    s = make_state({}, turn="1941-07")
    for a, b in [("3015", "3115"), ("3116", "3115"), ("2816", "2917"), ("0125", "0224"),
                 ("0225", "0224"), ("0325", "0224"), ("0324", "0224")]:  # fmt: skip
        assert weather.strait(R, a, b), (a, b)  # 5.5.5
    assert weather.blocked(R, s, "2419", "2420")  # 5.5.3: the estuary is a sea side
    assert not weather.blocked(R, s, "2418", "2419")
