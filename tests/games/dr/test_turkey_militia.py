"""DR 12.5A (Turkey's First and Second Armies move once a Soviet unit has entered Turkey, for
the rest of the game) and DR 11.8C (the USSR may disband its Workers' Militia in its
Organization Phase): issue 32 items 1 and 2, on exact positions of the real map."""

from __future__ import annotations

from typing import Any

from dr_play import dr_position, play, texts
from ostfront.games import get
from ostfront.games.dr import losses
from ostfront.games.dr.rules import standard_rules

GAME = get("dr")
R = standard_rules()
TURKEY = ("defiant-turkey",)


def turkish_position(**extra: bool) -> dict[str, Any]:
    units = [("tur-3-inf", "3111"), ("tur-1-inf", "3212"), ("sov-9-army", "3122")]
    pos = {
        "game": "dr",
        "turn": 2,
        "phase": "axis_move",
        "units": [{"id": u, "hex": h} for u, h in units],
        "extra": {"turkey_at_war": True, **extra},
    }
    return GAME.setup(seed=1, options=list(TURKEY), position=pos)  # type: ignore[no-any-return]


def test_turkey_invaded_in_a_position_frees_the_reserve_armies() -> None:  # DR 12.5A
    reserves = {"select tur-3-inf", "select tur-1-inf"}
    assert reserves <= texts(turkish_position(turkey_invaded=True))
    assert not reserves & texts(turkish_position())  # no Soviet unit has entered Turkey


def test_a_soviet_unit_entering_turkey_frees_them_for_good() -> None:  # DR 12.5A
    units = [("tur-1-inf", "3212"), ("sov-7-army", "3123")]
    s = dr_position(units, phase="soviet_move", options=TURKEY, turkey_at_war=True)
    assert not s.get("turkey_invaded")
    s = play(s, "select sov-7-army", "to 3223")  # a hex in Turkey (12.5)
    assert s["turkey_invaded"] is True
    losses.eliminate(R, s, "sov-7-army")  # the invader dies: no Soviet unit in Turkey now
    s["phase"] = "axis_move"
    s.pop("movement", None)
    s["done"] = []
    assert "select tur-1-inf" in texts(s)


def test_the_fact_is_set_only_by_a_soviet_unit_in_turkey() -> None:  # DR 12.5A
    units = [("tur-1-inf", "3212"), ("sov-7-army", "3123")]
    s = dr_position(units, phase="soviet_move", options=TURKEY, turkey_at_war=True)
    s = play(s, "select sov-7-army", "to 3023")
    assert not s.get("turkey_invaded")


def test_the_soviets_may_disband_a_militia() -> None:  # DR 11.8C
    units = [("sov-militia-1", "1522"), ("sov-9-army", "1119")]
    s = dr_position(units, turn=3, phase="soviet_org")
    assert "disband sov-militia-1" in texts(s)
    assert "disband sov-9-army" not in texts(s)
    act = next(a for a in GAME.legal_actions(s) if a.text == "disband sov-militia-1")
    assert (act.role, act.units, act.hexes, act.group) == (
        "choose",
        ("sov-militia-1",),
        ("1522",),
        "Militia",
    )
    s = play(s, "disband sov-militia-1")
    assert s["units"]["sov-militia-1"]["at"] == "reserve"  # back with the counters unused
    assert "disband sov-militia-1" not in texts(s)
    assert s["phase"] == "soviet_org"


def test_disbanding_is_the_soviets_and_leaves_no_leader_alone() -> None:  # DR 11.8C
    axis = dr_position([("sov-militia-1", "1522"), ("ger-i-inf", "1811")], turn=3, phase="axis_org")
    assert not any(t.startswith("disband") for t in texts(axis))
    alone = dr_position([("sov-militia-1", "1522"), ("sov-zhukov", "1522")], phase="soviet_org")
    assert "disband sov-militia-1" not in texts(alone)  # Zhukov would stand alone
    units = [("sov-militia-1", "1522"), ("sov-zhukov", "1522"), ("sov-9-army", "1522")]
    assert "disband sov-militia-1" in texts(dr_position(units, phase="soviet_org"))
