"""SNO 10.2 Heavy Artillery Bonus: markers placed at the start of the OMP on the eligible
juggernauts and shock armies (10.2.1-10.2.2), lost by moving, cleared at the end of the Combat
Phase; +2 for a juggernaut, +1 for a shock army, attacking only (10.2.3-10.2.4); none for the
Axis on or north of the AWL in the Snow months of 1941/42 (10.2.7, 6.5.5)."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import hab, movement, sequence, supply
from ostfront.games.sno.combat import odds

from .arrangements import RING_1209


def test_10_2_2_markers_at_the_start_of_the_omp_on_eligible_units_only(R, make_state) -> None:
    """The 4th Army (weaker side up - either strength will do, 10.2.1) gets a marker; the 9th
    is fortified, the 2nd dispersed, the 16th out of supply in 1209, the 5th Corps no
    juggernaut: none for them."""
    s = make_state(
        {
            "ger-4-army": {"at": "2020", "flipped": True, "dispersed": False},
            "ger-9-army": {"at": "2220", "fortified": True},
            "ger-2-army": {"at": "1716", "dispersed": True},
            "ger-16-army": "1209",
            "ger-5-corps": "2021",
            **RING_1209,
        },
        phase="axis_omp",
    )
    movement.begin(R, s)
    assert s["hab"] == ["ger-4-army"]


def test_10_2_2_a_unit_that_moves_loses_its_marker(R, make_state) -> None:
    s = make_state({"ger-4-army": "2020", "ger-2-army": "2220"}, phase="axis_omp")
    movement.begin(R, s)
    assert s["hab"] == ["ger-2-army", "ger-4-army"]
    sequence.perform(R, s, Action("select", ("ger-4-army",)))
    to = next(a for a in sequence.actions(R, s) if a.verb == "to")
    sequence.perform(R, s, to)
    assert s["hab"] == ["ger-2-army"]


def test_10_2_3_bonus_attacking_only_two_for_juggernauts_one_for_shock(R, make_state) -> None:
    s = make_state(
        {"ger-4-army": "1902", "ger-5-corps": "2002", "sov-3-army": "1903"},
        phase="axis_combat",
        hab=["ger-4-army"],
    )
    assert hab.bonus(R, s, "ger-4-army") == 2
    assert hab.bonus(R, s, "ger-5-corps") == 0  # 10.2.1: no other unit
    o = odds.assess(R, s, ["ger-4-army", "ger-5-corps"], ["sov-3-army"])
    assert (o.attack, o.defence) == (13, 3)  # 9 + 2 + 2
    s["phase"] = "soviet_combat"  # 10.2.4: never defensively
    assert hab.bonus(R, s, "ger-4-army") == 0
    s2 = make_state(
        {"sov-1-shock": "1903", "sov-western-front": "1904", "ger-5-corps": "1902"},
        turn="1942-05",
        phase="soviet_combat",
        hab=["sov-1-shock", "sov-western-front"],
    )
    assert hab.bonus(R, s2, "sov-1-shock") == 1
    assert hab.bonus(R, s2, "sov-western-front") == 2
    hab.clear(s2)  # 10.2.2: all removed at the end of the Combat Phase
    assert s2["hab"] == [] and hab.bonus(R, s2, "sov-1-shock") == 0


def test_10_2_7_no_axis_hab_north_of_the_awl_in_the_winter_of_1941_42(R, make_state) -> None:
    """December 1941, Snow: the 4th Army in 1114 (north of the AWL) has no HAB, the 2nd in
    2020 (south of it) has; the Soviet Western Front north of the line keeps its own; a year
    later the 4th Army has it again."""
    s = make_state(
        {"ger-4-army": "1114", "ger-2-army": "2020", "sov-western-front": "0405"},
        turn="1941-12",
        weather="snow",
        phase="axis_combat",
        hab=["ger-4-army", "ger-2-army", "sov-western-front"],
    )
    assert hab.bonus(R, s, "ger-4-army") == 0
    assert hab.bonus(R, s, "ger-2-army") == 2
    s["phase"] = "soviet_combat"
    assert hab.bonus(R, s, "sov-western-front") == 2
    s["phase"] = "axis_omp"
    assert supply.in_supply(R, s, "ger-4-army")  # eligible but for 10.2.7
    hab.place(R, s, "axis")
    assert s["hab"] == ["ger-2-army"]  # and no marker placed on the 4th Army
    s.update(turn="1942-12", phase="axis_combat", hab=["ger-4-army"])  # not 1941/42
    assert hab.bonus(R, s, "ger-4-army") == 2
