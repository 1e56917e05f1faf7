"""SNO 5.4 Overrun (overrun.py) and its place in the Combat Phase (combat/): declared in the
OMP at 5:1 (CRT A) / 6:1 (CRT B) or more, the defenders' ZOC gone, the 7.4 limits, resolved
first on the Overrun/Blitz CRT; the CRT by choice (5.4.9) and the weather (5.4.1d, 6.4.1). Exact
positions around 1903 (clear, no river, nor around it); the first die of seed 19 is a 1, of 13
a 2, of 5 a 3."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ostfront.core.phases import DONE
from ostfront.core.protocol import Action
from ostfront.games.sno import combat, overrun, overruns, sequence
from ostfront.games.sno.combat import limits, odds, plan
from ostfront.games.sno.crt import ELIMINATES_DEFENDER

#: 20 Axis factors: 1st Panzer Army 9 and 2nd SS Panzer Corps 7 in 1902, two corps of 2 in 1904.
PANZERS = {
    "ger-1-pzarmy": "1902",
    "ger-2-sspz": "1902",
    "ger-5-corps": "1904",
    "ger-6-corps": "1904",
}
ATTACKERS = ["ger-1-pzarmy", "ger-2-sspz", "ger-5-corps", "ger-6-corps"]


def _texts(R, s, module=overrun):
    return [a.text for a in module.actions(R, s)]


def _play(R, s, *texts, module=overrun):
    for t in texts:
        legal = {a.text for a in module.actions(R, s)}
        assert t in legal, f"{t!r} not among {sorted(legal)}"
        if module.perform(R, s, Action.parse(t)) == DONE:
            sequence.end_phase(R, s)  # as sequence.perform does when a phase is over


def _labels(R, s, module=overrun):
    return [a.label for a in module.actions(R, s)]


# ------------------------------------------------------------------ declaring (5.4.1-5.4.4)
def test_5_4_1_overrun_in_clear_terrain_at_exactly_5_to_1_is_legal(R, make_state) -> None:
    # Soviet 1st Guards Army: 4 factors in clear 1903; 20:4 is exactly 5:1 on CRT A
    s = make_state({**PANZERS, "sov-1-gds": "1903"}, phase="axis_omp")
    assert _texts(R, s) == ["overrun 1903"]
    _play(R, s, "overrun 1903")
    assert s["overrun_draft"] == {"attackers": ATTACKERS, "defenders": ["sov-1-gds"]}
    assert (
        "Declare the overrun: German 1st Panzer Army, German 2nd SS Panzer Corps, German 5th "
        "Corps, German 6th Corps overrun Soviet 1st Guards Army: 20:4 -> 5:1"
    ) in _labels(R, s)
    _play(R, s, "overrun_declare")
    assert s["overruns"] == [
        {
            "id": 1,
            "attackers": ATTACKERS,
            "defenders": ["sov-1-gds"],
            "where": {"sov-1-gds": "1903"},
        }
    ]
    assert overruns.overrun_units(s) == {"sov-1-gds"}  # SNO 3.1.4: no ZOC from now on
    assert overruns.blitz_units(s) == set(ATTACKERS)  # SNO 5.4.1b: markers on the overrunners
    assert s["overrun_draft"] is None
    assert _texts(R, s) == []  # nothing left to overrun


def test_5_4_1_refused_at_4_to_1_when_fortified(R, make_state) -> None:
    # fortified, the 1st Guards Army defends with 5: 20:5 is exactly 4:1
    s = make_state({**PANZERS, "sov-1-gds": {"at": "1903", "fortified": True}}, phase="axis_omp")
    assert _texts(R, s) == []  # not even offered
    assert overrun.problems(R, s, ATTACKERS, ["sov-1-gds"]) == [
        "odds 20:5 -> 4:1: an overrun needs 5:1 or more on the overrun-blitz-a table "
        "(SNO 5.4.1, 5.4.4)"
    ]
    with pytest.raises(ValueError, match=r"needs 5:1 or more"):
        overrun.declare(R, s, ATTACKERS, ["sov-1-gds"])
    assert not s.get("overruns")


def test_5_4_4_soviet_overrun_from_6_to_1_on_crt_b(R, make_state) -> None:
    units = {"sov-1-ta": "1902", "sov-1-gds": "1904", "ger-5-corps": "1903"}
    s = make_state(units, phase="soviet_omp")
    # 6 + 4 = 10 against 2: 5:1 is not enough for the Soviets
    assert overrun.problems(R, s, ["sov-1-gds", "sov-1-ta"], ["ger-5-corps"]) == [
        "odds 10:2 -> 5:1: an overrun needs 6:1 or more on the overrun-blitz-b table "
        "(SNO 5.4.1, 5.4.4)"
    ]
    assert _texts(R, s) == []
    s = make_state({**units, "sov-3-army": "2002"}, phase="soviet_omp")  # 13:2 -> 6:1
    assert _texts(R, s) == ["overrun 1903"]
    assert overrun.problems(R, s, ["sov-1-gds", "sov-1-ta", "sov-3-army"], ["ger-5-corps"]) == []


def test_5_4_4_no_unit_added_once_declared_and_5_4_3_one_overrun_a_unit(R, make_state) -> None:
    s = make_state(
        {**PANZERS, "sov-1-gds": "1903", "sov-3-army": "1805", "ger-7-corps": "1806"},
        phase="axis_omp",
    )
    overrun.declare(R, s, ATTACKERS, ["sov-1-gds"])
    # SNO 5.4.3: the 5th Corps is in an overrun already: in no other
    assert overrun.problems(R, s, ["ger-5-corps", "ger-7-corps"], ["sov-3-army"])[0] == (
        "German 5th Corps may not overrun (SNO 5.4.3)"
    )
    # SNO 5.4.4 (and 5.4.3): the overrunning units attack from where they stand
    assert overruns.overrunning_units(s) == set(ATTACKERS)
    assert overrun.problems(R, s, ["ger-7-corps"], ["sov-1-gds"])[0].startswith(
        "German 7th Corps may attack only units in its ZOC"
    )


def test_5_4_6_some_units_of_a_hex_overrun_the_others_keep_their_zoc(R, make_state) -> None:
    s = make_state({**PANZERS, "sov-3-army": "1903", "sov-1-gds": "1903"}, phase="axis_omp")
    # both together: 20:7 is only 2:1; the 3rd Army alone: 20:3 -> 6:1
    _play(R, s, "overrun 1903")
    assert "overrun_declare" not in _texts(R, s)
    _play(R, s, "overrun_untarget sov-1-gds", "overrun_declare")
    assert overruns.overrun_units(s) == {"sov-3-army"}
    from ostfront.games.sno.zoc import zoc_sources

    # SNO 3.1.4: the 1st Guards Army still exerts its ZOC into 1803; the 3rd Army does not
    assert zoc_sources(R, s, "1803", "axis") == {"sov-1-gds"}
    # SNO 5.4.8 with 7.4.2: the unfortified units left are no problem
    assert overrun.problems(R, s, ["ger-5-corps"], ["sov-1-gds"])[0] == (
        "German 5th Corps may not overrun (SNO 5.4.3)"
    )


def test_5_4_1d_overrun_odds_take_no_weather_shift(R, make_state) -> None:
    for weather, turn in (("mud", "1941-10"), ("snow", "1941-12")):
        s = make_state(
            {**PANZERS, "sov-1-gds": "1903"}, phase="axis_omp", weather=weather, turn=turn
        )
        assault = odds.assess(R, s, ATTACKERS, ["sov-1-gds"])
        assert assault.column == "4:1" and assault.shifts in (("SNO 6.4.1",), ("SNO 6.4.2",))
        ob = odds.assess(R, s, ATTACKERS, ["sov-1-gds"], "overrun_blitz")
        assert (ob.table, ob.column, ob.shifts) == ("overrun-blitz-a", "5:1", ())
        assert _texts(R, s) == ["overrun 1903"]


def test_6_4_1_mud_shifts_only_assault_attacks(R, make_state) -> None:
    s = make_state(
        {"sov-1-gds": "1904", "sov-3-army": "2003", "ger-5-corps": "1903"},
        phase="soviet_combat",
        weather="mud",
        turn="1942-04",
    )
    a = odds.assess(R, s, ["sov-1-gds", "sov-3-army"], ["ger-5-corps"])
    assert (a.raw, a.column, a.shifts) == ("3:1", "2:1", ("SNO 6.4.1",))
    b = odds.assess(R, s, ["sov-1-gds", "sov-3-army"], ["ger-5-corps"], "overrun_blitz")
    assert (b.raw, b.column, b.shifts) == ("3:1", "3:1", ())


def test_5_4_8_the_7_4_limits_among_overruns(R, make_state) -> None:
    # SNO 7.4.2: the fortified 1st Guards Army (5) overrun at 5:1 by 25 factors, then the
    # 3rd Army (3) at 7:1 in the same hex: the fortified group must be at higher odds
    units = {
        **PANZERS,
        "ger-1-corps": "1904",
        "ger-2-corps": "1904",
        "ger-3-pz": "1802",
        "ger-14-pz": "1802",
        "ger-24-pz": "1803",
        "sov-1-gds": {"at": "1903", "fortified": True},
        "sov-3-army": "1903",
    }
    s = make_state(units, phase="axis_omp")
    first = [*ATTACKERS, "ger-1-corps"]  # 22:5 -> 4:1: not enough
    assert not overrun.strong_enough(R, s, first, ["sov-1-gds"])
    first = [*ATTACKERS, "ger-3-pz"]  # 25:5 -> 5:1
    overrun.declare(R, s, first, ["sov-1-gds"])
    second = ["ger-1-corps", "ger-2-corps", "ger-14-pz", "ger-24-pz"]  # 14:3 -> 4:1
    assert not overrun.strong_enough(R, s, second, ["sov-3-army"])
    s2 = make_state({**units, "ger-39-pz": "1803"}, phase="axis_omp")
    overrun.declare(R, s2, first, ["sov-1-gds"])
    second = [*second, "ger-39-pz"]  # 19:3 -> 6:1, higher than the fortified group's 5:1
    assert overrun.problems(R, s2, second, ["sov-3-army"]) == [
        "attack 1 on fortified units in 1903 must be at higher odds than attack 0 on "
        "unfortified ones (SNO 7.4.2)"
    ]


def test_5_4_8_with_7_4_2_the_fortified_units_left_need_a_greater_defence(R, make_state) -> None:
    units = {
        **PANZERS,
        "sov-3-army": {"at": "1903", "fortified": True},  # 4 fortified
        "sov-1-gds": "1903",  # 4
    }
    s = make_state(units, phase="axis_omp")
    assert overrun.problems(R, s, ATTACKERS, ["sov-1-gds"]) == [
        "the fortified units left in 1903 could not be attacked against a greater defence "
        "than this overrun's 4 (SNO 5.4.8, 7.4.2)"
    ]
    # with the fortified 10th Army (4) there too, the units left total 8: more than 4
    s = make_state({**units, "sov-10-army": {"at": "1903", "fortified": True}}, phase="axis_omp")
    assert overrun.problems(R, s, ATTACKERS, ["sov-1-gds"]) == []


def test_5_4_8_with_7_4_1_a_garrison_overrun_only_with_the_largest_fortified_unit(
    R, make_state
) -> None:
    units = {
        **PANZERS,
        "ger-3-pz": "1802",
        "sov-3-army": {"at": "1903", "fortified": True},
        "sov-kiev-gar": "1903",
    }
    s = make_state(units, phase="axis_omp")
    assert overrun.problems(R, s, ATTACKERS, ["sov-kiev-gar"])[0] == (
        "Soviet Kiev Garrison is stacked with fortified units: attack it together with the "
        "largest of them (SNO 7.4.1)"
    )


# ------------------------------------------------------------------ the Combat Phase
def _overrun_then_combat(R, make_state, units, seed=19, **kw):
    s = make_state(units, phase="axis_omp", seed=seed, **kw)
    overrun.declare(R, s, ATTACKERS, ["sov-1-gds"])
    s["phase"] = "axis_combat"
    combat.begin(R, s)
    return s


def test_5_4_5_overruns_are_in_the_plan_fixed_and_resolved_first(R, make_state) -> None:
    units = {**PANZERS, "sov-1-gds": "1903", "sov-3-army": "1906", "ger-7-corps": "1905"}
    s = _overrun_then_combat(R, make_state, units)
    (entry,) = s["combat"]["plan"]
    assert (entry["id"], entry["kind"], entry["attackers"], entry["defenders"]) == (
        1,
        "overrun",
        ATTACKERS,
        ["sov-1-gds"],
    )
    texts = _texts(R, s, combat)
    assert "drop 1" not in texts  # SNO 5.4.4: declared, it stays
    # SNO 5.4.3: the overrunning units join no other attack
    assert combat.available(R, s) == ["ger-7-corps"]
    _play(R, s, "attack 1906", "declare", "commit", module=combat)
    # SNO 5.4.5, 7.1.11: only the overrun may be resolved until it is
    assert _texts(R, s, combat) == ["roll 1"]
    roll = next(a for a in combat.actions(R, s) if a.text == "roll 1")
    dist = combat.distribution(R, s, roll)
    assert sum(dist.values()) == 1 and set(dist) <= ELIMINATES_DEFENDER  # SNO 5.4.5
    assert dist == {"DE": Fraction(1, 3), "HX": Fraction(1, 6), "DX": Fraction(1, 6),
                    "EX": Fraction(1, 6), "2X": Fraction(1, 6)}  # fmt: skip
    _play(R, s, "roll 1", module=combat)  # die 1: DE
    assert s["combat"]["plan"][0]["result"] == "DE"
    assert s["units"]["sov-1-gds"]["at"] in ("dead", "lost")
    assert s["overruns"] == []  # resolved: nothing is overrun any more
    assert "roll 2" in _texts(R, s, combat) or s.get("pending")


def test_5_4_7_units_beside_an_overrunner_attacked_by_other_units(R, make_state) -> None:
    # the 5th and 6th Corps in 1904 are next to the 3rd Army in 1905 as well
    units = {**PANZERS, "sov-1-gds": "1903", "sov-3-army": "1905"}
    s = _overrun_then_combat(R, make_state, units)
    # no other German unit can attack it: the obligation lapses (the overrun was legal)
    assert plan.problems(R, s, s["combat"]["plan"]) == []
    s = _overrun_then_combat(R, make_state, {**units, "ger-7-corps": "1906"})
    assert plan.problems(R, s, s["combat"]["plan"]) == [
        "German 7th Corps in 1906 must attack (SNO 7.1.4)",
        "Soviet 3rd Army in 1905 must be attacked: German 5th Corps overruns beside it (SNO 5.4.7)",
    ]


def test_5_4_8_a_comparison_with_an_overrun_waived_only_when_no_attack_meets_it(
    R, make_state
) -> None:
    # SNO 7.4.4: the overrunning corps in 1904 attack at 5:1; the 3rd Army beside them in 1905
    # attacked by the 7th Corps alone at 2:3 -> 1:2, less than a third of 5:1
    units = {**PANZERS, "sov-1-gds": "1903", "sov-3-army": "1905", "ger-7-corps": "1906"}
    s = _overrun_then_combat(R, make_state, units)
    c = s["combat"]
    attack = {"id": 2, "attackers": ["ger-7-corps"], "defenders": ["sov-3-army"],
              "where": {"sov-3-army": "1905"}, "done": False, "result": None,
              "kind": "assault"}  # fmt: skip
    # no attack on the 3rd Army could reach 5:3: waived
    assert limits.plan_problems(R, s, [*c["plan"], attack]) == []
    # with three more corps able to join (8:3 -> 2:1, more than a third of 5:1): refused
    units2 = {**units, "ger-8-corps": "2005", "ger-9-corps": "2005", "ger-10-corps": "1805"}
    s = _overrun_then_combat(R, make_state, units2)
    assert limits.plan_problems(R, s, [*s["combat"]["plan"], attack]) == [
        f"German {n} Corps attacks at 5:1, more than three times the 1:2 of attack 2 on Soviet "
        "3rd Army next to it (SNO 7.4.4)"
        for n in ("5th", "6th")
    ]
    # the 8th and 9th Corps held by another attack of the plan (on the 10th Army in 2105):
    # the 7th and 10th Corps free could give 4:3 -> 1:1 only, short of 5:3: waived (reading:
    # 5.4.8 counts the units no other attack holds; may-daring seed 26 had no plan otherwise)
    s = _overrun_then_combat(R, make_state, {**units2, "sov-10-army": "2105"})
    held = {"id": 3, "attackers": ["ger-8-corps", "ger-9-corps"], "defenders": ["sov-10-army"],
            "where": {"sov-10-army": "2105"}, "done": False, "result": None,
            "kind": "assault"}  # fmt: skip
    assert limits.plan_problems(R, s, [*s["combat"]["plan"], attack, held]) == []
    # without that attack the 8th and 9th Corps are free again: refused as before
    assert len(limits.plan_problems(R, s, [*s["combat"]["plan"], attack])) == 2


def test_5_4_9_the_overrun_blitz_crt_by_choice_before_any_assault_roll(R, make_state) -> None:
    s = make_state(
        {
            "ger-1-pzarmy": "1902",
            "sov-3-army": "1903",
            "ger-7-corps": "1905",
            "sov-10-army": "1906",
        },
        phase="axis_combat",
        seed=5,
    )
    combat.begin(R, s)
    _play(R, s, "attack 1903", "declare", "attack 1906", "declare", "commit", module=combat)
    texts = _texts(R, s, combat)
    assert "roll 1 ob" in texts  # 9:3 -> 3:1 on CRT A
    assert "roll 2 ob" not in texts  # 2:3 is below CRT A's 2:1
    roll = next(a for a in combat.actions(R, s) if a.text == "roll 1 ob")
    assert combat.distribution(R, s, roll) == {
        "HX": Fraction(1, 6),
        "DX": Fraction(1, 6),
        "DR": Fraction(1, 3),
        "(DR)": Fraction(1, 6),
        "DR/AL": Fraction(1, 6),
    }
    _play(R, s, "roll 2", module=combat)  # an Assault roll first
    while s.get("pending"):
        a = combat.actions(R, s)[0]
        combat.perform(R, s, a)
    assert s["combat"]["assault_rolled"]
    texts = _texts(R, s, combat)
    assert "roll 1" in texts and "roll 1 ob" not in texts  # SNO 5.4.9: too late now


# ------------------------------------------------------------------ Blitz attacks (5.4.1a-c)
def test_5_4_1a_an_attack_with_a_blitz_unit_is_on_the_overrun_blitz_crt(R, make_state) -> None:
    s = make_state(
        {"ger-1-pzarmy": "1902", "sov-3-army": "1903"}, phase="axis_combat", blitz=["ger-1-pzarmy"]
    )
    combat.begin(R, s)
    _play(R, s, "attack 1903", "declare", "commit", module=combat)
    assert s["combat"]["plan"][0]["kind"] == "blitz"
    assert _texts(R, s, combat) == ["roll 1"]  # no Exchange Conversion (5.4.1d)
    roll = combat.actions(R, s)[0]
    assert "on the Overrun/Blitz CRT" in roll.label
    assert combat.distribution(R, s, roll)["HX"] == Fraction(1, 6)  # 9:3 -> 3:1, die 1
    s["weather"], s["turn"] = "mud", "1941-10"  # SNO 5.4.1d: no weather shift either
    assert odds.assess(R, s, ["ger-1-pzarmy"], ["sov-3-army"], "overrun_blitz").column == "3:1"


def test_5_4_1c_blitz_below_2_to_1_refused_unless_unavoidable_then_ae(R, make_state) -> None:
    # the 5th Corps (Blitz) alone next to the 1st Guards Army: 2:4, and no way to do better
    s = make_state(
        {"ger-5-corps": "1902", "sov-1-gds": "1903"},
        phase="axis_combat",
        blitz=["ger-5-corps"],
    )
    combat.begin(R, s)
    _play(R, s, "attack 1903", "declare", "commit", module=combat)
    attack = s["combat"]["plan"][0]
    assert (attack["kind"], attack["result"], attack["die"]) == ("blitz", "AE", None)
    assert s["units"]["ger-5-corps"]["at"] == "dead"
    # with the 1st Panzer Army able to join (11:4 -> 2:1), alone it is refused
    s = make_state(
        {"ger-5-corps": "1902", "ger-1-pzarmy": "1904", "sov-1-gds": "1903"},
        phase="axis_combat",
        blitz=["ger-5-corps"],
    )
    combat.begin(R, s)
    _play(R, s, "attack 1903", "without ger-1-pzarmy", module=combat)
    assert "declare" not in _texts(R, s, combat)
    assert limits.attack_problems(R, s, ["ger-5-corps"], ["sov-1-gds"], []) == [
        "odds 2:4 -> below 2:1: a Blitz attack below 2:1 is not allowed (SNO 5.4.1c)"
    ]


def test_end_of_combat_clears_overruns_blitz_and_hab(R, make_state) -> None:
    s = make_state(
        {"ger-5-corps": "1902"},
        phase="axis_combat",
        blitz=["ger-5-corps"],
        hab=["ger-5-corps"],
        overruns=[],
    )
    combat.begin(R, s)
    _play(R, s, "end", module=combat)
    assert s["blitz"] == [] and s["hab"] == [] and s["overruns"] == []
    assert s["phase"] != "axis_combat"


def test_10_4_6_a_factory_with_a_fortified_unit_overrun_only_together(R, make_state) -> None:
    units = {
        **PANZERS,
        "ger-3-pz": "1802",
        "sov-3-army": {"at": "1903", "fortified": True},  # 4
        "sov-tula-factory": "1903",  # 1, for defence only (10.4.2)
    }
    s = make_state(units, phase="axis_omp")
    attackers = [*ATTACKERS, "ger-3-pz"]
    assert overrun.problems(R, s, attackers, ["sov-tula-factory"]) == [
        "Soviet Tula Factory is stacked with fortified units: attack it together with the "
        "largest of them (SNO 7.4.1)"
    ]
    # together with the fortified 3rd Army: 25:5 -> 5:1, an overrun it may be
    assert overrun.problems(R, s, attackers, ["sov-3-army", "sov-tula-factory"]) == []


def test_10_4_2_a_factory_alone_is_attacked_and_defends_with_1(R, make_state) -> None:
    s = make_state({"ger-5-corps": "1902", "sov-tula-factory": "1903"}, phase="axis_combat")
    combat.begin(R, s)
    assert plan.problems(R, s, []) == [
        "German 5th Corps in 1902 must attack (SNO 7.1.4)",
        "Soviet Tula Factory in 1903 must be attacked: it is next to German 5th Corps (SNO 7.1.6)",
    ]
    assert odds.assess(R, s, ["ger-5-corps"], ["sov-tula-factory"]).text == "2:1 -> 2:1"
    _play(R, s, "attack 1903", "declare", "commit", module=combat)
    # SNO 7.5.1a: Exchange Conversion is mandatory against a factory (10.4.6, 7.4.1)
    (roll,) = combat.actions(R, s)
    assert roll.text == "roll 1" and roll.rule == "SNO 7.5.1a"


def test_5_4_5_an_overrun_whose_units_are_lost_before_the_combat_phase(R, make_state) -> None:
    s = make_state({**PANZERS, "sov-1-gds": "1903"}, phase="axis_omp")
    overrun.declare(R, s, ATTACKERS, ["sov-1-gds"])
    s["phase"] = "axis_combat"
    s["units"] = {**s["units"], "ger-1-pzarmy": {**s["units"]["ger-1-pzarmy"], "at": "dead"}}
    combat.begin(R, s)  # the overrun goes on without the lost unit, at 11:4 -> 2:1
    (entry,) = s["combat"]["plan"]
    assert entry["attackers"] == ["ger-2-sspz", "ger-5-corps", "ger-6-corps"]
    for u in entry["attackers"]:
        s["units"] = {**s["units"], u: {**s["units"][u], "at": "dead"}}
    combat.begin(R, s)  # none left: not made, and the 1st Guards Army has its ZOC back
    assert s["combat"]["plan"] == [] and s["overruns"] == []


def test_5_4_1_the_hab_counts_in_the_overrun_odds(R, make_state) -> None:
    # 4th Army (juggernaut, 9) and 1st Panzer Army (9) against the 1st Guards Army (4): 18:4 is
    # 4:1; with the 4th Army's HAB marker (+2, 10.2.3) 20:4 is 5:1
    units = {"ger-4-army": "1902", "ger-1-pzarmy": "1904", "sov-1-gds": "1903"}
    attackers = ["ger-1-pzarmy", "ger-4-army"]
    s = make_state(units, phase="axis_omp")
    assert not overrun.strong_enough(R, s, attackers, ["sov-1-gds"])
    s = make_state(units, phase="axis_omp", hab=["ger-4-army"])
    assert overrun.overrun_odds(R, s, attackers, ["sov-1-gds"]).text == "20:4 -> 5:1"
    assert overrun.problems(R, s, attackers, ["sov-1-gds"]) == []


def test_5_4_1c_soviet_blitz_minimum_is_3_to_1(R, make_state) -> None:
    # the 1st Guards Army (4, Blitz) alone next to the German 5th Corps (2): 2:1, below CRT B's
    # 3:1 - unavoidable here, so an AE at commit
    units = {"sov-1-gds": "1902", "ger-5-corps": "1903"}
    s = make_state(units, phase="soviet_combat", blitz=["sov-1-gds"])
    assert odds.assess(R, s, ["sov-1-gds"], ["ger-5-corps"]).column == "2:1"  # Assault CRT
    ob = odds.assess(R, s, ["sov-1-gds"], ["ger-5-corps"], "overrun_blitz")
    assert (ob.table, ob.column, ob.text) == ("overrun-blitz-b", None, "4:2 -> below 3:1")
    combat.begin(R, s)
    _play(R, s, "attack 1903", "declare", "commit", module=combat)
    assert s["combat"]["plan"][0]["result"] == "AE"
    assert s["units"]["sov-1-gds"]["at"] == "dead"
    # with the 3rd Army (3) able to join, 7:2 -> 3:1 is within reach: alone it is refused
    s = make_state({**units, "sov-3-army": "2002"}, phase="soviet_combat", blitz=["sov-1-gds"])
    assert limits.attack_problems(R, s, ["sov-1-gds"], ["ger-5-corps"], []) == [
        "odds 4:2 -> below 3:1: a Blitz attack below 3:1 is not allowed (SNO 5.4.1c)"
    ]
    assert limits.attack_problems(R, s, ["sov-1-gds", "sov-3-army"], ["ger-5-corps"], []) == []


def test_7_2_1_step_five_zhukov_shifts_overrun_odds_too(R, make_state, monkeypatch) -> None:
    # SNO 5.4.1d: weather aside, the other modifiers apply - Zhukov's shift (10.6.6) among them
    from ostfront.games.sno import zhukov

    s = make_state({**PANZERS, "sov-1-gds": "1903"}, phase="axis_omp")
    monkeypatch.setattr(zhukov, "column_shift", lambda R, state, att, dfd: -1)
    o = odds.assess(R, s, ATTACKERS, ["sov-1-gds"], "overrun_blitz")
    assert (o.raw, o.column, o.shifts) == ("5:1", "4:1", ("SNO 10.6.6",))
    assert not overrun.strong_enough(R, s, ATTACKERS, ["sov-1-gds"])
    monkeypatch.setattr(zhukov, "column_shift", lambda R, state, att, dfd: 1)
    o = odds.assess(R, s, ATTACKERS, ["sov-1-gds"])
    assert (o.raw, o.column, o.shifts) == ("5:1", "6:1", ("SNO 10.6.7",))


def test_7_4_7_an_unavoidable_ae_comes_before_the_overruns(R, make_state) -> None:
    # the 7th Corps (2) alone next to four Guards armies (16): 1:8, unavoidable
    guards = {u: "1907" for u in ("sov-2-gds", "sov-3-gds", "sov-10-gds", "sov-11-gds")}
    units = {**PANZERS, "sov-1-gds": "1903", "ger-7-corps": "1906", **guards}
    s = _overrun_then_combat(R, make_state, units)
    _play(R, s, "attack 1907", "declare", "commit", module=combat)
    overrun_attack, hopeless = s["combat"]["plan"]
    assert (hopeless["result"], hopeless["done"]) == ("AE", True)  # at commit: first of all
    assert s["units"]["ger-7-corps"]["at"] == "dead"
    assert (overrun_attack["kind"], overrun_attack["done"]) == ("overrun", False)
    assert _texts(R, s, combat) == ["roll 1"]


def test_5_4_7_the_obligation_lapses_where_no_attack_on_it_may_be_declared(R, make_state) -> None:
    """Beside the 5th and 6th Corps (overrunning 1903), the 3rd Army in 1905 must be attacked
    by other units (5.4.7) - by the 7th Corps in 1906, which can: 2 against it on the Assault
    CRT is at least 1:6 (7.4.7). Marked Blitz, it could attack only on the Overrun/Blitz CRT,
    below 2:1, which 5.4.1c forbids: none can, and the obligation lapses (else the Combat
    Phase could never end: seeds 7 and 66 of round 19)."""
    units = {**PANZERS, "sov-1-gds": "1903", "sov-3-army": "1905", "ger-7-corps": "1906"}
    s = _overrun_then_combat(R, make_state, units)
    assert "sov-3-army" in plan.others_reach(R, s)
    s = _overrun_then_combat(R, make_state, units, blitz=["ger-7-corps"])
    assert plan.odds_allow(R, s, ["ger-7-corps"], "sov-3-army") is False
    assert "sov-3-army" not in plan.others_reach(R, s)


def test_5_4_7_and_7_1_10_an_attack_that_must_take_on_more_than_it_can(R, make_state) -> None:
    """The 7th Corps in 1906 may attack the 3rd Army alone at 1:6 or more - but with the 4th
    and 5th Armies in 1907 and the 6th and 8th in 2006, in its ZOC and no other unit's, the attack
    must take them on too (7.1.10), below 1:6: the 5.4.7 obligation lapses."""
    units = {**PANZERS, "sov-1-gds": "1903", "sov-3-army": "1905", "ger-7-corps": "1906"}
    more = {**units, "sov-4-army": "1907", "sov-5-army": "1907", "sov-6-army": "2006"}
    more |= {"sov-8-army": "2006"}
    s = _overrun_then_combat(R, make_state, more)
    brought = ["sov-3-army", "sov-4-army", "sov-5-army", "sov-6-army", "sov-8-army"]
    assert plan.enemies_in_zoc(R, s, "ger-7-corps") == brought
    assert odds.assess(R, s, ["ger-7-corps"], ["sov-3-army"]).column is not None
    assert odds.assess(R, s, ["ger-7-corps"], brought).column is None
    assert "sov-3-army" not in plan.others_reach(R, s)
    # a German unit next to 1907 and 2006 alone takes them on: the obligation holds again
    s = _overrun_then_combat(R, make_state, {**more, "ger-8-corps": "2007"})
    assert "sov-3-army" in plan.others_reach(R, s)
