"""SNO 10.5 garrison units and 10.7 fortification, as the queries the other modules ask."""

from __future__ import annotations

from ostfront.games.sno import units as U

MOSCOW = "1306"


def test_10_5_2_to_10_5_5_a_garrison_never_moves_attacks_fortifies_or_disbands(R, make_state):
    s = make_state({"sov-moscow-gar": MOSCOW}, phase="soviet_rrp")
    assert U.is_garrison(R, "sov-moscow-gar")
    assert not U.may_move(R, s, "sov-moscow-gar")  # 10.5.2
    assert not U.may_attack(R, "sov-moscow-gar")  # 10.5.3
    assert not U.may_attack(R, "sov-moscow-gar", s)
    assert not U.terrain_modifies(R, "sov-moscow-gar")  # 10.5.3
    assert not U.may_fortify(R, s, "sov-moscow-gar")  # 10.5.5, 10.7.2
    assert not U.may_disband(R, "sov-moscow-gar")  # 10.5.5
    assert R.unit("sov-moscow-gar").replacement_cost is None  # 10.5.5: never replaced


def test_an_infantry_army_may_do_all_of_it(R, make_state):
    s = make_state({"sov-10-army": MOSCOW}, phase="soviet_rrp")
    assert U.may_move(R, s, "sov-10-army")
    assert U.may_attack(R, "sov-10-army", s)
    assert U.terrain_modifies(R, "sov-10-army")
    assert U.may_fortify(R, s, "sov-10-army")
    assert U.may_disband(R, "sov-10-army")


def test_10_7_1_not_when_dispersed_nor_off_the_map(R, make_state):
    s = make_state(
        {"sov-10-army": {"at": MOSCOW, "dispersed": True}, "sov-13-army": "dead"},
        phase="soviet_rrp",
    )
    assert not U.may_fortify(R, s, "sov-10-army")
    assert not U.may_fortify(R, s, "sov-13-army")


def test_10_7_3_10_7_4_a_fortified_unit_neither_moves_nor_attacks(R, make_state):
    s = make_state({"ger-5-corps": {"at": "0519", "fortified": True}}, phase="axis_omp")
    assert not U.may_move(R, s, "ger-5-corps")  # 10.7.3
    assert not U.may_attack(R, "ger-5-corps", s)  # 10.7.4
    assert U.may_attack(R, "ger-5-corps")  # the counter could
    assert not U.may_fortify(R, s, "ger-5-corps")  # already
    assert U.may_defortify(s, "ger-5-corps")  # 10.7.8


def test_10_7_8_defortify_and_10_7_3_retreat_flip_the_unit_back(R, make_state):
    s = make_state({"ger-5-corps": "0519"}, phase="axis_rrp")
    units_before = s["units"]
    U.fortify(s, "ger-5-corps")
    assert s["units"]["ger-5-corps"]["fortified"] is True
    assert units_before["ger-5-corps"]["fortified"] is False  # replaced, not changed in place
    U.defortify(s, "ger-5-corps")
    assert s["units"]["ger-5-corps"]["fortified"] is False
    assert U.may_move(R, s, "ger-5-corps")
