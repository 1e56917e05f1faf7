"""SNO movement, part 2 (games/sno/movement.py, movement_rules.py, zoc.py, stacking.py,
combat/tactical.py): the juggernaut's flip for the higher movement factor (10.1.4), shock armies
in the winter of 1941/42 (6.5.1), moving through overrun hexes (5.4.2) with the overrun units'
ZOC gone (3.1.4) and the Blitz marker (5.4.1b), and the two-hex advance after combat
(7.7.3a c-d, 6.4.1a, 6.5.3, 10.1.3). Exact positions, exact reach sets."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import movement as mv
from ostfront.games.sno import sequence, stacking
from ostfront.games.sno.combat import tactical
from ostfront.games.sno.movement_rules import allowance, omp_allowance, strategic_allowance
from ostfront.games.sno.rules import combat_factor
from ostfront.games.sno.zoc import zoc

JUGG = "ger-4-army"  # German infantry army: stronger 9-2, weaker 6-4
FRONT = "sov-western-front"  # Soviet front: stronger 12-2, weaker 9-3
SHOCK = "sov-1-shock"  # Soviet shock army 5-3
PZ, PZ2 = "ger-41-pz", "ger-39-pz"
CAV = "ger-1-cav"  # armored cavalry 2-6 / 1-5
KI = "sov-ki"  # Soviet armor 6-4 / 3-4
INF, INF2 = "ger-5-corps", "ger-6-corps"  # German infantry corps 2-4
SOV, SOV2 = "sov-5-army", "sov-6-army"


def within(R, start, lo, hi):
    g = R.map.grid
    return {h for h in R.map.terrain if lo <= g.distance(start, h) <= hi}


# ------------------------------------------------------------------ 10.1.4, 5.1.8
def test_10_1_4_a_juggernaut_flips_to_its_weaker_side_to_move_farther(R, make_state):
    s = make_state({JUGG: "1904"})
    mv.begin(R, s)
    assert omp_allowance(R, s, JUGG) == 2 and strategic_allowance(R, s, JUGG) == 4
    assert strategic_allowance(R, s, JUGG, higher=True) == 6  # the weaker side's 4, + 2
    found = mv.moves(R, s, JUGG)
    assert set(found) == within(R, "1904", 1, 6)
    assert {h for h, m in found.items() if m.flip} == within(R, "1904", 5, 6)
    sequence.perform(R, s, Action("select", (JUGG,)))
    labels = {a.args[0]: a.label for a in sequence.actions(R, s) if a.verb == "to"}
    assert labels["1909"].endswith("flipping to its weaker side (SNO 10.1.4))")
    assert "flipping" not in labels["1908"]
    sequence.perform(R, s, Action("to", ("1908",)))  # four hexes: the stronger side will do
    assert not s["units"][JUGG].get("flipped") and combat_factor(R, s, JUGG) == 9


def test_10_1_4_the_flip_happens_with_the_move(R, make_state):
    s = make_state({JUGG: "1904"})
    mv.begin(R, s)
    sequence.perform(R, s, Action("select", (JUGG,)))
    sequence.perform(R, s, Action("to", ("1910",)))
    assert s["units"][JUGG]["at"] == "1910" and s["units"][JUGG]["flipped"] is True
    assert combat_factor(R, s, JUGG) == 6
    # on its weaker side it moves with the weaker side's factor, with nothing higher to use
    # (10.1.5 reverts it at the start of the OMP: this one is met in the middle of one)
    t = make_state({JUGG: {"at": "1904", "flipped": True}})
    assert omp_allowance(R, t, JUGG) == 4
    assert not any(m.flip for m in mv.moves(R, t, JUGG).values())


def test_10_1_4_soviet_front_in_snow(R, make_state):
    s = make_state({FRONT: "1904"}, phase="soviet_omp", turn="1943-01", weather="snow")
    mv.begin(R, s)
    assert omp_allowance(R, s, FRONT) == 1  # 2 halved
    assert omp_allowance(R, s, FRONT, higher=True) == 2  # 3 halved, rounded up
    assert strategic_allowance(R, s, FRONT, higher=True) == 5


# ------------------------------------------------------------------ 6.5.1, 6.5.2
def test_6_5_1_shock_armies_keep_their_whole_factor_in_the_winter_of_1941_42(R, make_state):
    w41 = make_state(
        {SHOCK: "1904", SOV: "2904"}, phase="soviet_omp", turn="1942-01", weather="snow"
    )
    assert allowance(R, w41, SHOCK) == 3  # not halved (6.5.1)
    assert allowance(R, w41, SOV) == 2  # other Soviet units are (6.3.2)
    assert strategic_allowance(R, w41, SHOCK) == 6
    w43 = make_state({SHOCK: "1904"}, phase="soviet_omp", turn="1943-01", weather="snow")
    assert allowance(R, w43, SHOCK) == 2  # another winter: halved, rounded up


def test_6_5_2_axis_armor_rounds_down_in_the_winter_of_1941_42(R, make_state):
    s = make_state({PZ: {"at": "1904", "flipped": True}}, turn="1942-01", weather="snow")
    assert allowance(R, s, PZ) == 2  # 5 halved, rounded down (6.5.2)
    t = make_state({PZ: {"at": "1904", "flipped": True}}, turn="1943-01", weather="snow")
    assert allowance(R, t, PZ) == 3  # rounded up in other winters (6.3.2)


# ------------------------------------------------------------------ 3.1.4, 5.4.2, 5.4.1b
OVERRUN = [{"id": 1, "attackers": [PZ, PZ2], "defenders": [SOV], "where": {SOV: "1021"}}]
AROUND = {PZ: "1022", PZ2: "1122", INF: "1024", INF2: "1026", SOV: "1021"}


def test_3_1_4_units_being_overrun_have_no_zoc(R, make_state):
    before = make_state(AROUND)
    assert zoc(R, before, "soviet") == frozenset({"0921", "0922", "1020", "1022", "1121", "1122"})
    during = make_state({**AROUND, SOV2: "1018"}, overruns=OVERRUN)
    assert zoc(R, during, "soviet") == frozenset(R.map.grid.neighbours("1018"))


def test_5_4_2_into_and_through_an_overrun_hex_at_double_cost(R, make_state):
    before = make_state(AROUND)
    mv.begin(R, before)
    s = make_state(AROUND, overruns=OVERRUN)
    mv.begin(R, s)
    old, new = mv.moves(R, before, INF), mv.moves(R, s, INF)
    assert sorted(set(new) - set(old)) == ["0919", "0921", "1019", "1020", "1021", "1121"]
    assert new["1021"].cost == 4 and new["1021"].path == ("1024", "1023", "1022", "1021")
    assert new["1019"].cost == 6
    assert new["1019"].path == ("1024", "1023", "1022", "1021", "1020", "1019")
    assert mv.held(R, s, PZ) == "it makes an overrun attack from where it stands (SNO 5.4.3)"


def test_5_4_1b_a_blitz_marker_given_and_withheld(R, make_state):
    s = make_state(AROUND, overruns=OVERRUN)
    mv.begin(R, s)
    sequence.perform(R, s, Action("select", (INF2,)))
    sequence.perform(R, s, Action("to", ("1027",)))  # possible without the overrun
    assert s["units"][INF2]["at"] == "1027" and not s.get("blitz")
    sequence.perform(R, s, Action("select", (INF,)))
    sequence.perform(R, s, Action("to", ("1019",)))  # only through the overrun hex
    assert s["units"][INF]["at"] == "1019" and s["blitz"] == [INF]


def test_5_4_2_both_sides_count_for_stacking_in_an_overrun_hex(R, make_state):
    units = {INF: "1021", INF2: "1021", "ger-7-corps": "1021", SOV: "1021", PZ: "1022"}
    assert [R.unit(u).stacking for u in (INF, INF2, "ger-7-corps", SOV)] == [1, 1, 1, 2]
    s = make_state(units, overruns=OVERRUN, phase="axis_form")
    assert stacking.hex_problems(R, s, "1021", "axis") == []  # 3 + 2 points
    crowd = {**units, "ger-8-corps": "1021", "ger-9-corps": "1021"}
    s = make_state(crowd, overruns=OVERRUN, phase="axis_form")
    assert stacking.hex_problems(R, s, "1021", "axis") == [
        "axis: 7 stacking points, more than 6 (SNO 4.2)"
    ]
    assert stacking.check(R, s)
    assert s["pending"]["hex"] == "1021"
    assert stacking.candidates(R, s, "1021", "axis") == sorted(
        [INF, INF2, "ger-7-corps", "ger-8-corps", "ger-9-corps"]
    )


# ------------------------------------------------------------------ 7.7.3a c-d, 6.4.1a, 6.5.3
SWAMPS = {PZ: "1116", CAV: "1117", KI: "1215", SOV: "1415"}  # 1216 vacated; 1316-1317 swamp


def test_7_7_3a_d_armor_two_hexes_for_no_more_than_two_mp(R, make_state):
    s = make_state({PZ: "1904", SOV: "1907"}, phase="axis_combat")
    two = tactical.two_hex_advances(R, s, PZ, ["1905"])
    assert {h: p for h, p in two.items()} == {
        h: ["1904", "1905", h] for h in R.map.grid.neighbours("1905") if h != "1904"
    }
    # ZOC ignored: 1906 is next to the Soviet army at 1907
    assert "1906" in tactical.advance_destinations(R, s, PZ, ["1905"])
    # infantry: one hex only
    t = make_state({INF: "1904", SOV: "1907"}, phase="axis_combat")
    assert tactical.two_hex_advances(R, t, INF, ["1905"]) == {}


def test_7_7_3a_d_the_first_hex_vacated_and_swamp_too_dear_for_armor(R, make_state):
    s = make_state(SWAMPS, phase="axis_combat")
    # armor pays 3 for swamp: only the clear 1117 is two hexes away for 2 MP
    assert tactical.two_hex_advances(R, s, PZ, ["1216"]) == {"1117": ["1116", "1216", "1117"]}
    # armored cavalry pays 1 for swamp (the TEC): it reaches 1316 and 1317 as well
    assert tactical.two_hex_advances(R, s, CAV, ["1216"]) == {
        "1317": ["1117", "1216", "1317"],
        "1316": ["1117", "1216", "1316"],
        "1116": ["1117", "1216", "1116"],
        "1217": ["1117", "1216", "1217"],
    }
    assert tactical.advance_destinations(R, s, CAV, ["1216"]) == [
        "1217",
        "1216",
        "1116",
        "1316",
        "1317",
    ]
    # not vacated in that combat: no two-hex advance through it
    assert tactical.two_hex_advances(R, s, CAV, ["1415"]) == {}


def test_6_4_1a_in_mud_armored_cavalry_may_armor_may_not(R, make_state):
    s = make_state(SWAMPS, phase="axis_combat", turn="1941-10", weather="mud")
    assert tactical.two_hex_advances(R, s, PZ, ["1216"]) == {}
    assert sorted(tactical.two_hex_advances(R, s, CAV, ["1216"])) == [
        "1116",
        "1217",
        "1316",
        "1317",
    ]


def test_6_5_3_no_axis_two_hex_advance_in_the_winter_of_1941_42(R, make_state):
    s = make_state(SWAMPS, phase="axis_combat", turn="1942-01", weather="snow")
    assert tactical.two_hex_advances(R, s, CAV, ["1216"]) == {}
    assert tactical.advance_destinations(R, s, CAV, ["1216"]) == ["1217", "1216", "1116"]
    sov = make_state(
        {KI: "1116", INF: "1415"}, phase="soviet_combat", turn="1942-01", weather="snow"
    )
    assert sorted(tactical.two_hex_advances(R, sov, KI, ["1216"])) == [
        "1117",
        "1215",
        "1217",
        "1316",
        "1317",
    ]


def test_7_7_3a_c_10_1_3_juggernauts_never_advance_and_the_two_hex_advance_is_offered(
    R, make_state
):
    s = make_state({JUGG: "1905", CAV: "1117", PZ: "1116", KI: "1215"}, phase="axis_combat")
    tactical.open_advance(R, s, [JUGG, CAV, PZ], ["1216"])
    assert s["pending"]["units"] == [CAV, PZ]  # the juggernaut is left out (10.1.3)
    acts = {
        (a.args[0], a.args[1]): a for a in tactical.advance_actions(R, s) if a.verb == "advance"
    }
    assert sorted(acts) == [
        (CAV, "1116"),
        (CAV, "1216"),
        (CAV, "1217"),
        (CAV, "1316"),
        (CAV, "1317"),
        (PZ, "1117"),
    ]
    assert acts[(CAV, "1317")].label == "Advance German 1st Cavalry Division 1117 -> 1216 -> 1317"
    assert acts[(CAV, "1217")].label == "Advance German 1st Cavalry Division 1117 -> 1217"
    assert acts[(CAV, "1317")].payload.path == ("1117", "1216", "1317")  # the board's path
    tactical.perform_advance(R, s, acts[(CAV, "1317")])
    assert s["units"][CAV]["at"] == "1317"
    assert s["pending"]["units"] == [PZ]


# ------------------------------------------------------------------ the OMP's other actions
def test_5_4_1_an_overrun_declared_in_the_omp_opens_the_way(R, make_state):
    units = {PZ: "1022", PZ2: "1122", "ger-1-pzarmy": "0922", INF: "1024", SOV: "1021"}
    s = make_state(units)
    mv.begin(R, s)
    assert [a.text for a in sequence.actions(R, s) if a.verb.startswith("overrun")] == [
        "overrun 1021"
    ]
    assert "1019" not in mv.moves(R, s, INF)
    sequence.perform(R, s, Action("overrun", ("1021",)))
    assert sequence.prompt(R, s).rule == "SNO 5.4.1"
    assert "overrun Soviet 5th Army" in sequence.prompt(R, s).text
    acts = sequence.actions(R, s)
    assert {a.verb for a in acts} <= {*("overrun_" + v for v in ("with", "without", "target",
        "untarget", "declare", "cancel"))}  # fmt: skip
    assert not any(a.verb in ("select", "end") for a in acts)  # the declaration first
    sequence.perform(R, s, next(a for a in acts if a.verb == "overrun_declare"))
    assert [o["defenders"] for o in s["overruns"]] == [[SOV]]
    assert zoc(R, s, "soviet") == frozenset()
    assert mv.held(R, s, PZ) is not None  # the overrunning units stay where they are
    sequence.perform(R, s, Action("select", (INF,)))
    sequence.perform(R, s, Action("to", ("1019",)))
    assert s["units"][INF]["at"] == "1019" and INF in s["blitz"]


def test_10_6_5_zhukov_placed_before_any_move_then_moves_with_his_unit(R, make_state):
    s = make_state({"sov-zhukov": "1306", SOV: "1306", SOV2: "1510"}, phase="soviet_omp")
    mv.begin(R, s)
    assert [a.text for a in sequence.actions(R, s)][:2] == [
        "zhukov sov-5-army",
        "zhukov sov-6-army",
    ]
    sequence.perform(R, s, Action("zhukov", (SOV2,)))
    assert s["units"]["sov-zhukov"]["at"] == "1510"
    sequence.perform(R, s, Action("select", (SOV2,)))
    sequence.perform(R, s, Action("to", ("1512",)))
    assert s["units"]["sov-zhukov"]["at"] == "1512" == s["units"][SOV2]["at"]
    assert not any(a.verb == "zhukov" for a in sequence.actions(R, s))  # once, before moves
