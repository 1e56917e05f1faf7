"""SNO 3.2 city control, 3.3 sea control, 3.4.6 rail lines (games/sno/control.py)."""

from __future__ import annotations

from ostfront.games.sno import control
from ostfront.games.sno.control import rail_line, sea_controller, seas_of, update, update_seas

KONIGSBERG, SEVASTOPOL, ROSTOV = "0520", "3018", "2911"
KIEV, MINSK, WARSAW = "1816", "1015", "0922"


# ------------------------------------------------------------------ 3.3 the seas
def test_3_3_2_baltic_follows_konigsberg(R) -> None:
    seas = update_seas(R, {KONIGSBERG: "soviet"}, {"Baltic Sea": "axis"})
    assert seas["Baltic Sea"] == "soviet"
    # 3.3.6: nobody controls Konigsberg now - the sea stays with who last controlled it
    assert update_seas(R, {}, seas)["Baltic Sea"] == "soviet"


def test_3_3_3_black_sea_follows_sevastopol(R) -> None:
    seas = update_seas(R, {SEVASTOPOL: "axis"}, {"Black Sea": "soviet"})
    assert seas["Black Sea"] == "axis"
    assert update_seas(R, {}, seas)["Black Sea"] == "axis"


def test_3_3_4_azov_needs_rostov_and_sevastopol_together(R) -> None:
    both = update_seas(R, {ROSTOV: "axis", SEVASTOPOL: "axis"}, {"Sea of Azov": "soviet"})
    assert both["Sea of Azov"] == "axis"
    # one of them uncontrolled: the player who last controlled both keeps it (3.3.6)
    assert update_seas(R, {ROSTOV: "axis"}, both)["Sea of Azov"] == "axis"


def test_3_3_6_azov_split_between_the_players_is_nobodys(R) -> None:
    split = update_seas(R, {ROSTOV: "soviet", SEVASTOPOL: "axis"}, {"Sea of Azov": "soviet"})
    assert split["Sea of Azov"] is None
    assert split["Black Sea"] == "axis"  # Sevastopol alone decides the Black Sea


def test_3_3_5_caspian_always_soviet(R, make_state) -> None:
    assert update_seas(R, {}, {"Caspian Sea": "axis"})["Caspian Sea"] == "soviet"
    s = make_state({}, seas={"Caspian Sea": "axis"})
    assert sea_controller(R, s, "Caspian Sea") == "soviet"


def test_3_3_6a_kerch_boundary_hexes(R) -> None:
    assert seas_of(R, "3015") == {"Sea of Azov"}
    assert seas_of(R, "3115") == {"Sea of Azov", "Black Sea"}
    assert seas_of(R, "3116") == {"Black Sea"}


def test_3_3_seas_follow_the_cities_in_update(R, make_state) -> None:
    s = make_state({}, control={KONIGSBERG: "axis", SEVASTOPOL: "soviet", ROSTOV: "soviet"})
    update(R, s)
    assert s["seas"] == {
        "Baltic Sea": "axis",
        "Black Sea": "soviet",
        "Sea of Azov": "soviet",
        "Caspian Sea": "soviet",
    }


# ------------------------------------------------------------------ 3.2 the cities
def test_3_2_2_initial_control_by_the_1941_border(R, make_state) -> None:
    s = make_state({})
    control.initial(R, s)
    assert s["control"][KIEV] == "soviet"
    assert s["control"][WARSAW] == "axis"
    assert s["control"][KONIGSBERG] == "axis"
    assert s["seas"]["Baltic Sea"] == "axis" and s["seas"]["Black Sea"] == "soviet"


def test_12_11_5_no_initial_control_without_a_rail_line(R, make_state) -> None:
    # a German corps next to Kiev: Kiev is in enemy ZOC, no Soviet rail line reaches it
    s = make_state({"ger-5-corps": "1917"})
    control.initial(R, s)
    assert KIEV not in s["control"]
    assert s["control"][MINSK] == "soviet"


def test_12_11_5_scenario_front_line(R, make_state) -> None:
    s = make_state({})
    control.initial(R, s, control.scenario_axis_side(R, "1942a"))
    assert s["control"][KIEV] == "axis"  # west of the May 1942 front
    assert s["control"]["1306"] == "soviet"  # Moscow


def test_3_2_3_gain_by_entering_with_a_rail_line(R, make_state) -> None:
    s = make_state({"ger-5-corps": MINSK}, control={MINSK: "soviet"})
    update(R, s)
    assert s["control"][MINSK] == "axis"
    assert s["entered"][MINSK] == "axis"
    update(R, s)  # idempotent
    assert s["control"][MINSK] == "axis"


def test_3_2_3_no_gain_without_a_rail_line(R, make_state) -> None:
    # the German corps in Minsk is next to a Soviet army: Minsk is in Soviet ZOC
    s = make_state({"ger-5-corps": MINSK, "sov-5-army": "1116"}, control={MINSK: "soviet"})
    update(R, s)
    assert MINSK not in s["control"]  # 3.2.4: the Soviets lost it when it was entered
    assert s["entered"][MINSK] == "axis"
    # the Soviet army leaves; the corps has gone on too: the Axis, last to enter, gains it
    s2 = make_state({"ger-5-corps": "0915"}, control={}, entered={MINSK: "axis"})
    update(R, s2)
    assert s2["control"][MINSK] == "axis"


def test_3_2_4_loss_when_the_rail_line_is_cut(R, make_state) -> None:
    s = make_state({"sov-kiev-gar": KIEV, "ger-5-corps": "1917"}, control={KIEV: "soviet"})
    update(R, s)
    assert KIEV not in s["control"]  # in enemy ZOC: no rail line into the city
    s2 = make_state({"sov-kiev-gar": KIEV}, control={})
    update(R, s2)
    assert s2["control"][KIEV] == "soviet"  # occupies it, rail line traced again


# ------------------------------------------------------------------ 3.4.6 rail lines
def test_3_4_6b_rail_line_not_through_enemy_zoc(R, make_state) -> None:
    s = make_state({"ger-5-corps": "1917", "sov-5-army": "1916"})
    soviet = rail_line(R, s, "soviet")
    assert "1916" not in soviet  # occupied by a friendly unit, in enemy ZOC all the same
    assert "1917" not in soviet and "1915" in soviet


def test_5_5_9_no_soviet_rail_line_through_the_finnish_area(R, make_state) -> None:
    inside = "0304"
    summer = make_state({}, turn="1941-07")
    autumn = make_state({}, turn="1941-10")
    assert inside in rail_line(R, summer, "soviet")
    assert inside not in rail_line(R, autumn, "soviet")
    assert "0308" in rail_line(R, autumn, "soviet")  # Leningrad itself is outside it


def test_3_4_6a_rail_line_never_crosses_a_lake_side(R, make_state) -> None:
    """0411/0412 is a lake hex side. With 0412's other land neighbours shut (as if in enemy
    ZOC), a rail line reaches 0411 but not 0412 - in Good weather and in a January Snow month
    when the lake side is frozen (3.4.6a: 'whether frozen or not')."""
    from ostfront.games.sno import weather

    shut = frozenset({"0513", "0512", "0313", "0413"})
    for turn, w in (("1941-07", "good"), ("1942-01", "snow")):
        s = make_state({}, turn=turn, weather=w)
        line = control._rail_flood(R, s, "soviet", shut)
        assert "0411" in line and "0412" not in line
    assert "0411/0412" in weather.frozen_sides(R, make_state({}, turn="1942-01", weather="snow"))
