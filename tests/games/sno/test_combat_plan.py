"""SNO 7.1 obligations and the plan (7.1.4-7.1.11), 7.4 limits: combat.plan, combat.limits and
the phase's declaration actions, on exact positions around 1903 (clear, no river) unless said."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import combat
from ostfront.games.sno.combat import limits, odds, plan


def _attack(n, attackers, defenders, state, done=False):
    return {
        "id": n,
        "attackers": attackers,
        "defenders": defenders,
        "where": {d: state["units"][d]["at"] for d in defenders},
        "done": done,
        "result": None,
    }


def _texts(R, s):
    return [a.text for a in combat.actions(R, s)]


def test_7_1_4_an_adjacent_unit_must_attack_and_be_attacked(R, make_state) -> None:
    s = make_state({"ger-5-corps": "1902", "sov-3-army": "1903"}, phase="axis_combat")
    assert plan.problems(R, s, []) == [
        "German 5th Corps in 1902 must attack (SNO 7.1.4)",
        "Soviet 3rd Army in 1903 must be attacked: it is next to German 5th Corps (SNO 7.1.6)",
    ]
    assert "commit" not in _texts(R, s) and "end" not in _texts(R, s)
    assert plan.problems(R, s, [_attack(1, ["ger-5-corps"], ["sov-3-army"], s)]) == []


def test_7_1_4a_in_a_major_or_victory_city(R, make_state) -> None:
    s = make_state({"ger-5-corps": "2211", "sov-3-army": "2212"}, phase="axis_combat")
    assert plan.relief(R, s, "ger-5-corps") == "in a Major or Victory city (SNO 7.1.4a)"
    assert plan.problems(R, s, []) == []


def test_7_1_4b_only_across_a_river_or_a_strait(R, make_state) -> None:
    s = make_state({"ger-5-corps": "2311", "sov-3-army": "2211"}, phase="axis_combat")
    assert plan.relief(R, s, "ger-5-corps").endswith("(SNO 7.1.4b)")
    s = make_state({"ger-5-corps": "3115", "sov-3-army": "3015"}, phase="axis_combat")
    assert plan.relief(R, s, "ger-5-corps").endswith("(SNO 7.1.4b)")
    assert plan.problems(R, s, []) == []
    # across a river and a clear side: obliged
    s = make_state(
        {"ger-5-corps": "2211", "sov-3-army": "2311", "sov-4-army": "2212"}, phase="soviet_combat"
    )
    assert plan.relief(R, s, "sov-3-army").endswith("(SNO 7.1.4b)")
    assert plan.relief(R, s, "sov-4-army") is None


def test_7_1_4c_enemies_attacked_by_other_units(R, make_state) -> None:
    s = make_state(
        {"ger-5-corps": "1902", "ger-6-corps": "1904", "sov-3-army": "1903"}, phase="axis_combat"
    )
    assert plan.problems(R, s, [_attack(1, ["ger-6-corps"], ["sov-3-army"], s)]) == []


def test_7_1_4d_e_fortified_or_stacked_with_a_fortified_unit(R, make_state) -> None:
    s = make_state(
        {"ger-5-corps": {"at": "1902", "fortified": True}, "sov-3-army": "1903"},
        phase="axis_combat",
    )
    assert plan.relief(R, s, "ger-5-corps") == "fortified (SNO 7.1.4d)"
    assert plan.problems(R, s, []) == []
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": {"at": "1902", "fortified": True},
            "sov-3-army": "1903",
        },
        phase="axis_combat",
    )
    assert plan.relief(R, s, "ger-5-corps") == "stacked with a fortified unit (SNO 7.1.4e)"
    assert plan.problems(R, s, []) == []


def test_7_1_4f_next_to_a_fortified_unit_that_is_next_to_the_enemy(R, make_state) -> None:
    # 2002 touches both 1902 and 1903
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": {"at": "2002", "fortified": True},
            "sov-3-army": "1903",
        },
        phase="axis_combat",
    )
    assert plan.relief(R, s, "ger-5-corps") == (
        "it and the enemy are next to a fortified friendly unit (SNO 7.1.4f)"
    )
    assert plan.problems(R, s, []) == []
    # a fortified unit at 2001 touches 1902 but not 1903: no relief
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": {"at": "2001", "fortified": True},
            "sov-3-army": "1903",
        },
        phase="axis_combat",
    )
    assert plan.relief(R, s, "ger-5-corps") is None


def test_7_1_4_b_and_f_together(R, make_state) -> None:
    # Kharkov 2211: the Soviet army at 2311 is across the Donets (b); the one at 2212 is
    # next to the fortified German corps at 2312, which touches 2211 too (f)
    s = make_state(
        {
            "ger-5-corps": "2211",
            "sov-3-army": "2311",
            "sov-4-army": "2212",
            "sov-5-army": {"at": "2312", "fortified": True},
        },
        phase="soviet_combat",
    )
    # the German corps is in a city; the question is the Soviets' (phasing) obligations
    assert plan.relief(R, s, "sov-3-army").endswith("(SNO 7.1.4b)")
    assert plan.relief(R, s, "sov-4-army").endswith("(SNO 7.1.4f)")


def test_7_1_10_an_attacking_unit_makes_its_whole_zoc_attacked(R, make_state) -> None:
    # the corps in Kharkov need not attack (7.1.4a), but once it attacks the 3rd Army, the
    # 4th Army in its ZOC must be attacked too
    s = make_state(
        {"ger-5-corps": "2211", "sov-3-army": "2212", "sov-4-army": "2112"}, phase="axis_combat"
    )
    assert plan.problems(R, s, []) == []
    assert plan.problems(R, s, [_attack(1, ["ger-5-corps"], ["sov-3-army"], s)]) == [
        "Soviet 4th Army in 2112 must be attacked: German 5th Corps attacks (SNO 7.1.10)"
    ]
    # unless the attacking unit's hex holds another, fortified, unit
    s = make_state(
        {
            "ger-5-corps": "2211",
            "ger-6-corps": {"at": "2211", "fortified": True},
            "sov-3-army": "2212",
            "sov-4-army": "2112",
        },
        phase="axis_combat",
    )
    assert plan.problems(R, s, [_attack(1, ["ger-5-corps"], ["sov-3-army"], s)]) == []


def test_7_1_12_a_unit_marked_to_disband_need_not_attack(R, make_state) -> None:
    s = make_state({"ger-5-corps": "1902", "sov-3-army": "1903"}, phase="axis_combat")
    combat.begin(R, s)
    combat.perform(R, s, Action("disband", ("ger-5-corps",)))
    assert s["combat"]["disbanding"] == ["ger-5-corps"]
    assert plan.problems(R, s, []) == []
    assert "end" in _texts(R, s)
    assert "attack 1903" not in _texts(R, s)  # it may no longer attack


#: 4th Corps in 1515 ringed by six Soviet armies: isolated with no way out (8.2.2, 8.3.1).
RINGED_1515 = {
    "ger-4-corps": "1515",
    "sov-5-army": "1615",
    "sov-26-army": "1614",
    "sov-37-army": "1514",
    "sov-38-army": "1414",
    "sov-40-army": "1415",
    "sov-6-army": "1516",
}


def test_7_1_12_no_disbanding_instead_for_a_unit_that_cannot_leave(R, make_state) -> None:
    """'The conditions of Rule 8.0 must still be met': 4th Corps can neither disband nor break
    out, so it is not offered to instead of attacking; it must attack."""
    s = make_state(RINGED_1515, turn="1941-08", phase="axis_combat")
    combat.begin(R, s)
    texts = _texts(R, s)
    assert "disband ger-4-corps" not in texts and "end" not in texts
    assert plan.problems(R, s, [])[0] == "German 4th Corps in 1515 must attack (SNO 7.1.4)"


def test_7_1_12_the_relief_holds_only_while_the_unit_can_leave(R, make_state) -> None:
    """Marked all the same (a record from elsewhere): no relief; the player may only unmark it."""
    s = make_state(RINGED_1515, turn="1941-08", phase="axis_combat")
    combat.begin(R, s)
    s["combat"]["disbanding"] = ["ger-4-corps"]
    assert plan.relief(R, s, "ger-4-corps") is None
    assert plan.problems(R, s, [])[0] == "German 4th Corps in 1515 must attack (SNO 7.1.4)"
    assert "keep ger-4-corps" in _texts(R, s) and "end" not in _texts(R, s)


def test_7_1_11_the_whole_plan_is_declared_then_resolved(R, make_state) -> None:
    s = make_state(
        {"ger-5-corps": "1902", "ger-6-corps": "1904", "sov-3-army": "1903"}, phase="axis_combat"
    )
    combat.begin(R, s)
    combat.perform(R, s, Action("attack", ("1903",)))
    assert s["combat"]["draft"] == {
        "attackers": ["ger-5-corps", "ger-6-corps"],
        "defenders": ["sov-3-army"],
    }
    combat.perform(R, s, Action("without", ("ger-6-corps",)))
    combat.perform(R, s, Action("declare", ()))
    assert [a["attackers"] for a in s["combat"]["plan"]] == [["ger-5-corps"]]
    # the plan may be revised until it is committed
    combat.perform(R, s, Action("drop", (1,)))
    assert s["combat"]["plan"] == []
    combat.perform(R, s, Action("attack", ("1903",)))
    combat.perform(R, s, Action("declare", ()))
    assert _texts(R, s) == ["drop 2", "commit"]
    combat.perform(R, s, Action("commit", ()))
    assert _texts(R, s) == ["roll 2", "roll 2 ec"]


def test_7_1_11b_retarget_when_the_defenders_are_gone(R, make_state) -> None:
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "sov-3-army": "1903",
            "sov-4-army": "1903",
        },
        phase="axis_combat",
    )
    combat.begin(R, s)
    s["combat"]["plan"] = [
        _attack(1, ["ger-5-corps"], ["sov-3-army"], s, done=True),
        _attack(2, ["ger-6-corps"], ["sov-3-army"], s),
    ]
    s["combat"]["committed"] = True
    s["units"] = {**s["units"], "sov-3-army": {**s["units"]["sov-3-army"], "at": "dead"}}
    assert _texts(R, s) == ["skip 2", "retarget 2 1903"]
    combat.perform(R, s, Action("retarget", (2, "1903")))
    assert s["combat"]["plan"][1]["defenders"] == ["sov-4-army"]
    assert _texts(R, s) == ["roll 2", "roll 2 ec"]


def test_7_4_1_garrison_stacked_with_fortified_units(R, make_state) -> None:
    s = make_state(
        {
            "sov-kiev-gar": "1816",
            "sov-3-army": {"at": "1816", "fortified": True},
            "ger-5-corps": "1817",
            "ger-6-corps": "1717",
        },
        phase="axis_combat",
    )
    att = ["ger-5-corps", "ger-6-corps"]
    assert limits.attack_problems(R, s, att, ["sov-kiev-gar"]) == [
        "Soviet Kiev Garrison is stacked with fortified units: attack it together with the largest "
        "of them (SNO 7.4.1)"
    ]
    assert limits.attack_problems(R, s, att, ["sov-kiev-gar", "sov-3-army"]) == []


def test_7_4_2_fortified_group_at_higher_odds(R, make_state) -> None:
    s = make_state(
        {
            "sov-3-army": {"at": "1903", "fortified": True},
            "sov-4-army": "1903",
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "ger-12-corps": "2003",
            "ger-43-corps": "1803",
        },
        phase="axis_combat",
    )
    p = [
        _attack(1, ["ger-5-corps", "ger-6-corps"], ["sov-3-army"], s),  # 4:4 -> 1:1
        _attack(2, ["ger-12-corps", "ger-43-corps"], ["sov-4-army"], s),  # 4:3 -> 1:1
    ]
    assert limits.plan_problems(R, s, p) == [
        "attack 1 on fortified units in 1903 must be at higher odds than attack 2 on "
        "unfortified ones (SNO 7.4.2)"
    ]


def test_7_4_3_and_7_4_4_odds_in_one_hex(R, make_state) -> None:
    s = make_state(
        {
            "sov-3-army": "1903",
            "sov-4-army": "1903",
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "ger-12-corps": "2002",
            "ger-43-corps": "2003",
        },
        phase="axis_combat",
    )
    p = [
        _attack(1, ["ger-5-corps", "ger-6-corps", "ger-12-corps"], ["sov-3-army"], s),  # 2:1
        _attack(2, ["ger-43-corps"], ["sov-4-army"], s),  # 2:3 -> 1:2
    ]
    assert limits.plan_problems(R, s, p) == [
        "separate attacks on 1903: odds 2:1 are more than double 1:2 (SNO 7.4.3)",
        "German 5th Corps attacks at 2:1, more than three times the 1:2 of attack 2 "
        "on Soviet 4th Army "
        "next to it (SNO 7.4.4)",
        "German 6th Corps attacks at 2:1, more than three times the 1:2 of attack 2 "
        "on Soviet 4th Army "
        "next to it (SNO 7.4.4)",
        "German 12th Corps attacks at 2:1, more than three times the 1:2 of attack 2 "
        "on Soviet 4th Army "
        "next to it (SNO 7.4.4)",
    ]


def test_7_4_4_three_times_1_2_is_3_2(R, make_state) -> None:
    # the 5th Corps (1902) attacks 1903 with two others; the 4th Army at 1801 (next to 1902,
    # not to 1903) is attacked at 1:2 by a corps at 1800's side (1701)
    s = make_state(
        {
            "sov-3-army": {"at": "1903", "fortified": True},
            "sov-4-army": "1801",
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "ger-12-corps": "2003",
            "ger-43-corps": "1701",
        },
        phase="axis_combat",
    )
    at_3_2 = [
        _attack(1, ["ger-5-corps", "ger-6-corps", "ger-12-corps"], ["sov-3-army"], s),  # 6:4
        _attack(2, ["ger-43-corps"], ["sov-4-army"], s),  # 2:3 -> 1:2
    ]
    assert limits.plan_problems(R, s, at_3_2) == []
    s["units"] = {**s["units"], "sov-3-army": {**s["units"]["sov-3-army"], "fortified": False}}
    # now 6:3 = 2:1, more than three times 1:2
    assert limits.plan_problems(R, s, at_3_2) == [
        "German 5th Corps attacks at 2:1, more than three times the 1:2 of attack 2 "
        "on Soviet 4th Army "
        "next to it (SNO 7.4.4)"
    ]
    # SNO 7.4.5: attacking from a hex with a fortified friendly unit: exempt
    s["units"] = {
        **s["units"],
        "ger-53-corps": {"at": "1902", "dispersed": False, "fortified": True},
    }
    assert limits.plan_problems(R, s, at_3_2) == []


def test_7_4_7_below_1_6_refused_when_another_arrangement_avoids_it(R, make_state) -> None:
    fort = {"at": "1903", "fortified": True}
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "sov-3-army": fort,
            "sov-4-army": fort,
            "sov-5-army": fort,
        },
        phase="axis_combat",
        weather="snow",
        turn="1942-01",
    )
    all3 = ["sov-3-army", "sov-4-army", "sov-5-army"]
    # 2:12 = 1:6, one column left in Snow: below the table; the two corps together make
    # 4:12 = 1:3 -> 1:4, so the lone corps' attack is not unavoidable
    assert limits.attack_problems(R, s, ["ger-5-corps"], all3, []) == [
        "odds 2:12 -> below 1:6: below 1:6 are not allowed (SNO 7.4.7)"
    ]
    combat.begin(R, s)
    combat.perform(R, s, Action("attack", ("1903",)))
    assert "declare" in _texts(R, s)  # both corps: 1:4
    combat.perform(R, s, Action("without", ("ger-6-corps",)))
    assert "declare" not in _texts(R, s)


def _nine_armies(make_state, **more):
    """The 5th Corps (1903) next to three fortified armies in 2003, three in 1803 and three
    in 1904; three corps in 1804 (next to 1803 and 1904), one in 1802 (next to 1803)."""
    fort = {"at": "2003", "fortified": True}
    units = {
        "ger-5-corps": "1903",
        "sov-3-army": fort,
        "sov-4-army": fort,
        "sov-5-army": fort,
        "sov-10-army": "1803",
        "sov-11-army": "1803",
        "sov-13-army": "1803",
        "sov-16-army": "1904",
        "sov-18-army": "1904",
        "sov-19-army": "1904",
        "ger-6-corps": "1804",
        "ger-7-corps": "1804",
        "ger-8-corps": "1804",
        "ger-9-corps": "1802",
        **more,
    }
    return make_state(units, phase="axis_combat", weather="snow", turn="1942-01")


def test_7_4_7_unavoidable_found_beyond_4096_arrangements(R, make_state) -> None:
    # The 5th Corps must attack (7.1.4) and see the nine armies attacked (7.1.6). Only it
    # reaches 2003, so it cannot take on the three there one by one, and 2:12 against them
    # together is below 1:6 in Snow: unavoidable. The search by single units offers
    # 10 x 7 x 7 x 7 x 4 = 13,720 arrangements (each corps: no attack, or one army it
    # reaches); the former limit of 4,096 took the attack as avoidable and refused it.
    s = _nine_armies(make_state)
    x = ["sov-3-army", "sov-4-army", "sov-5-army"]
    options = [len(plan.enemies_in_zoc(R, s, u)) + 1 for u in sorted(s["units"]) if "ger" in u]
    options = [n for n in options if n > 1]
    assert sorted(options) == [4, 7, 7, 7, 10]
    assert limits.unavoidable(R, s, ["ger-5-corps"], []) is True
    assert limits.attack_problems(R, s, ["ger-5-corps"], x, []) == []
    # a corps in 2004 (next to 2003 and 1904) makes 4:12 -> 1:4 on 2003 with it: avoidable
    s = _nine_armies(make_state, **{"ger-10-corps": "2004"})
    assert limits.unavoidable(R, s, ["ger-5-corps"], []) is False
    assert limits.attack_problems(R, s, ["ger-5-corps"], x, []) == [
        "odds 2:12 -> below 1:6: below 1:6 are not allowed (SNO 7.4.7)"
    ]


def test_7_4_7_unavoidable_below_1_6_is_an_automatic_ae(R, make_state) -> None:
    # a lone corps next to three fortified armies must attack (7.1.4) and all three must be
    # attacked (7.1.6), by it alone: 2:12 in Snow is below 1:6 whatever it does
    fort = {"at": "1903", "fortified": True}
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "2305",
            "sov-3-army": fort,
            "sov-4-army": fort,
            "sov-5-army": fort,
            "sov-6-army": "2306",
        },
        phase="axis_combat",
        weather="snow",
        turn="1942-01",
        seed=19,
    )
    combat.begin(R, s)
    combat.perform(R, s, Action("attack", ("1903",)))
    assert "declare" in _texts(R, s)
    combat.perform(R, s, Action("declare", ()))
    combat.perform(R, s, Action("attack", ("2306",)))
    combat.perform(R, s, Action("declare", ()))
    combat.perform(R, s, Action("commit", ()))
    # eliminated at once, before the other attack is resolved
    assert s["units"]["ger-5-corps"]["at"] == "dead"
    assert s["combat"]["plan"][0]["result"] == "AE" and s["combat"]["plan"][0]["done"]
    assert s["units"]["ger-6-corps"]["at"] == "2305" and not s["combat"]["plan"][1]["done"]
    assert _texts(R, s) == ["roll 2", "roll 2 ec"]


def test_6_3_4_thaw_a_unit_on_a_lake_attacks_out_its_sides_as_rivers(R, make_state) -> None:
    # April 1942 after the winter: the lake hex 0306 is no longer frozen. The 5th Corps on it
    # may attack the armies next to it (0305 across a lake side, 0405 across the Volkhov) as
    # across rivers: not obliged to (7.1.4b), one column left (5.6.4), besides Mud's (6.4.1)
    s = make_state(
        {"ger-5-corps": "0306", "sov-3-army": "0305", "sov-4-army": "0405"},
        phase="axis_combat",
        weather="mud",
        turn="1942-04",
    )
    assert sorted(plan.enemies_in_zoc(R, s, "ger-5-corps")) == ["sov-3-army", "sov-4-army"]
    assert plan.relief(R, s, "ger-5-corps") == (
        "next to the enemy only across river or strait sides (SNO 7.1.4b)"
    )
    assert plan.problems(R, s, []) == []
    o = odds.assess(R, s, ["ger-5-corps"], ["sov-3-army"])
    assert (o.raw, o.column, o.shifts) == ("1:2", "1:4", ("SNO 5.6.4", "SNO 6.4.1"))
    assert limits.attack_problems(R, s, ["ger-5-corps"], ["sov-3-army"], []) == []
    # 7.1.10: attacking, it must see the other army it could attack attacked too
    assert plan.problems(R, s, [_attack(1, ["ger-5-corps"], ["sov-3-army"], s)]) == [
        "Soviet 4th Army in 0405 must be attacked: German 5th Corps attacks (SNO 7.1.10)"
    ]
    # no attack into an all-lake hex in a Thaw: the army in 0305 cannot attack the corps
    s = make_state(
        {"ger-5-corps": "0306", "sov-3-army": "0305"},
        phase="soviet_combat",
        weather="mud",
        turn="1942-04",
    )
    assert plan.enemies_in_zoc(R, s, "sov-3-army") == []
    assert plan.problems(R, s, []) == []
