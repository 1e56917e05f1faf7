"""SNO 3.2 city control, 3.3 sea control, 3.4.6 rail lines (games/sno/control.py)."""

from __future__ import annotations

from ostfront.core.position import position_from_dict
from ostfront.games.sno import control, victory
from ostfront.games.sno.control import rail_line, sea_controller, seas_of, update, update_seas
from ostfront.games.sno.game import GAME
from ostfront.games.sno.rules import set_unit

KONIGSBERG, SEVASTOPOL, ROSTOV = "0520", "3018", "2911"
KIEV, MINSK, WARSAW = "1816", "1015", "0922"


def _position(units: dict[str, str], turn: str = "1941-08", phase: str = "axis_omp", **extra):
    """A game set up through the door from a custom position (3.2.2's start and all)."""
    placed = [{"id": u, "hex": h} for u, h in units.items()]
    return GAME.setup(
        seed=1,
        position=position_from_dict(
            {"game": "sno", "turn": turn, "phase": phase, "units": placed, "extra": extra}
        ),
    )


def _apply(s, text: str):
    action = next((a for a in GAME.legal_actions(s) if a.text == text), None)
    assert action is not None, f"{text!r} not among {[a.text for a in GAME.legal_actions(s)]}"
    return GAME.apply(s, action)


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
    # German corps on two sides of Kiev: every hex around it is in their ZOC, no Soviet rail
    # line leaves the city (one corps beside it is not enough: test_3_2_4_...next_to_it)
    s = make_state({"ger-5-corps": "1917", "ger-4-corps": "1716"})
    control.initial(R, s)
    assert KIEV not in s["control"]
    assert s["control"][MINSK] == "soviet"
    # SNO 3.2.2 'already control': the Soviets are the last to have entered Kiev all the same
    assert s["entered"][KIEV] == "soviet" and s["entered"][WARSAW] == "axis"


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
    # the German corps in Minsk between two Soviet armies: every hex around it in Soviet ZOC
    s = make_state(
        {"ger-5-corps": MINSK, "sov-5-army": "1116", "sov-6-army": "0915"},
        control={MINSK: "soviet"},
    )
    update(R, s)
    assert MINSK not in s["control"]  # 3.2.4: the Soviets lost it when it was entered
    assert s["entered"][MINSK] == "axis"
    # the Soviet army leaves; the corps has gone on too: the Axis, last to enter, gains it
    s2 = make_state({"ger-5-corps": "0915"}, control={}, entered={MINSK: "axis"})
    update(R, s2)
    assert s2["control"][MINSK] == "axis"


def test_3_2_4_loss_when_the_rail_line_is_cut(R, make_state) -> None:
    cut = {"sov-kiev-gar": KIEV, "ger-5-corps": "1917", "ger-4-corps": "1716"}
    s = make_state(cut, control={KIEV: "soviet"})
    update(R, s)
    assert KIEV not in s["control"]  # every hex around it in enemy ZOC: no rail line
    s2 = make_state({"sov-kiev-gar": KIEV}, control={})
    update(R, s2)
    assert s2["control"][KIEV] == "soviet"  # occupies it, rail line traced again


def test_3_2_4_a_city_with_an_enemy_unit_next_to_it_keeps_its_rail_line(R) -> None:
    """Reading of 3.4.6b: the city a rail line runs from is not a hex it passes through. A
    German corps moving next to a garrisoned Kiev (not entering it) leaves it Soviet - and
    its victory point in the Soviet count; a second corps that cuts every way out takes it."""
    s = _position({"sov-kiev-gar": KIEV, "sov-37-army": KIEV, "ger-4-corps": "1615"})
    assert s["control"][KIEV] == "soviet"
    s = _apply(_apply(s, "select ger-4-corps"), "to 1716")
    assert s["units"]["ger-4-corps"]["at"] == "1716"
    assert s["control"][KIEV] == "soviet"
    assert victory.points(R, s, "soviet") == 9
    assert control.can_trace_rail_line(R, s, "soviet", KIEV)
    assert KIEV not in control.rail_line(R, s, "soviet")  # no other line passes through it
    ringed = _position(
        {"sov-kiev-gar": KIEV, "sov-37-army": KIEV, "ger-4-corps": "1716", "ger-5-corps": "1917"}
    )
    assert KIEV not in ringed["control"]
    assert victory.points(R, ringed, "soviet") == 8


def test_3_2_1_a_garrisoned_sevastopol_cut_off_in_the_crimea_is_nobodys(R) -> None:
    """Normal v normal, seed 17, December 1941: the German 8th Corps moves 2517 -> 2917 and
    puts Simferopol (3017) and Yevpatoria (2918), Sevastopol's only rail steps, in its ZOC
    (3.4.6b). Garrisoned or not, the Soviets can no longer trace a rail line into it and lose
    it (3.2.4); no Axis unit has entered it, so the Axis does not gain it (3.2.3a): it is
    controlled by neither (3.2.1) and counts for neither (15.2). The Black Sea stays with the
    Soviets, who last controlled Sevastopol (3.3.3, 3.3.6). The Soviets, the last to have
    entered it, regain it once the line is open again (3.2.3)."""
    s = _position(
        {"sov-sevastopol-gar": SEVASTOPOL, "sov-20-army": SEVASTOPOL, "ger-8-corps": "2517"}
    )
    assert s["control"][SEVASTOPOL] == "soviet"
    soviet_before = victory.points(R, s, "soviet")
    s = _apply(_apply(s, "select ger-8-corps"), "to 2917")
    assert s["units"]["ger-8-corps"]["at"] == "2917"
    assert not control.can_trace_rail_line(R, s, "soviet", SEVASTOPOL)
    assert SEVASTOPOL not in s["control"]
    assert s["entered"][SEVASTOPOL] == "soviet"
    assert victory.points(R, s, "soviet") == soviet_before - 1
    assert not victory.counts_for(R, s, _victory_city(R, SEVASTOPOL), "axis")
    assert sea_controller(R, s, "Black Sea") == "soviet"
    set_unit(s, "ger-8-corps", at="2517")
    update(R, s)
    assert s["control"][SEVASTOPOL] == "soviet"


def _victory_city(R, hex_id: str):
    return next(c for c in R.tables.spec.victory.cities if c.hex == hex_id)


def test_3_4_6_an_enemy_occupied_city_has_no_rail_line(R, make_state) -> None:
    """A German corps in Kiev with a Soviet army beside it: the Soviets have no rail line
    into the occupied city; the Axis has one, its city being in Soviet ZOC notwithstanding
    (the line's own first hex)."""
    s = make_state({"ger-5-corps": KIEV, "sov-5-army": "1917"})
    assert not control.can_trace_rail_line(R, s, "soviet", KIEV)
    assert control.can_trace_rail_line(R, s, "axis", KIEV)
    update(R, s)
    assert s["control"][KIEV] == "axis"


def test_3_2_4_a_unit_moving_through_a_city_enters_it() -> None:
    """The Soviet 5th Army marches through an Axis-held, empty Kiev: the Axis loses it the
    moment the army enters (3.2.4); the Soviets, last to enter with a rail line, gain it."""
    s = _position(
        {"sov-5-army": "1715", "ger-4-corps": "1212"},
        phase="soviet_omp",
        control={KIEV: "axis"},
        entered={KIEV: "axis"},
    )
    assert s["control"][KIEV] == "axis"
    s = _apply(s, "select sov-5-army")
    move = next(a for a in GAME.legal_actions(s) if a.text == "to 1818")
    assert move.payload.path == ("1715", "1815", KIEV, "1817", "1818")
    s = GAME.apply(s, move)
    assert s["units"]["sov-5-army"]["at"] == "1818"
    assert s["entered"][KIEV] == "soviet"
    assert s["control"][KIEV] == "soviet"


def test_3_2_3_the_starting_controller_regains_a_city_when_the_rail_line_returns(R) -> None:
    """A position's cities count as entered last by the side holding them at the start
    (3.2.2 'already control'): empty Kiev, cut off by two corps, is nobody's; once they are
    gone the Soviet rail line reaches it again and it is Soviet (3.2.3)."""
    s = _position({"ger-4-corps": "1716", "ger-5-corps": "1917", "sov-5-army": "1306"})
    assert KIEV not in s["control"]
    assert s["entered"][KIEV] == "soviet"
    for corps in ("ger-4-corps", "ger-5-corps"):
        set_unit(s, corps, at="dead")
    update(R, s)
    assert s["control"][KIEV] == "soviet"


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


def test_3_1_4_rail_lines_are_traced_again_once_an_overrun_is_announced(R, make_state, monkeypatch):
    """The units being overrun have no ZOC from the instant the overrun is announced (3.1.4,
    5.4.1): a rail line kept for the same arrangement of units from before the announcement
    would still avoid their ZOC (an answer depending on which position asked first)."""
    from ostfront.games.sno import control

    shut_for: list[tuple[str, ...]] = []
    work_out = control._rail_shut

    def spy(R_, state, side):  # type: ignore[no-untyped-def]
        shut_for.append(("overrun",) if state.get("overruns") else ())
        return work_out(R_, state, side)

    monkeypatch.setattr(control, "_rail_shut", spy)
    units = {"ger-41-pz": "1022", "sov-5-army": "1021"}
    s = make_state(units)
    control.rail_line(R, s, "axis")
    # the same units table: an announcement moves no unit
    s["overruns"] = [
        {
            "id": 1,
            "attackers": ["ger-41-pz"],
            "defenders": ["sov-5-army"],
            "where": {"sov-5-army": "1021"},
        }
    ]
    control.rail_line(R, s, "axis")
    assert shut_for == [(), ("overrun",)]
