"""SNO 10.3 armor, 5.1.8 the flip for the higher movement factor, 5.3.3 Guderian and Manstein,
5.3.4 fuel shortage, 4.2 pure armor (games/sno/armor.py, movement.py, movement_rules.py,
stacking.py): exact positions, exact reach sets, exact faces."""

from __future__ import annotations

import pytest

from ostfront.core.protocol import Action
from ostfront.games.sno import armor, sequence, stacking
from ostfront.games.sno import movement as mv
from ostfront.games.sno.movement_rules import (
    allowance,
    leader_bonus,
    omp_allowance,
    strategic_allowance,
)
from ostfront.games.sno.rules import combat_factor, movement_factor, set_unit
from ostfront.games.sno.supply import in_supply

PZ = "ger-41-pz"  # German panzer corps: refitted 5-6 (white 8), unrefitted 3-5, 1 point
PZ2 = "ger-39-pz"
PZ3 = "ger-57-pz"
PZARMY = "ger-1-pzarmy"  # 9-6 (white 8) / 5-5, two stacking points
GD = "ger-gd"  # armored infantry 4-6 (white 8) / 2-5
CAV = "ger-1-cav"  # armored cavalry 2-6 (white 8) / 1-5
MANSTEIN = "ger-56-pz"  # the "M" unit
G1, G2, G3 = "ger-24-pz", "ger-46-pz", "ger-47-pz"  # the three "G" units
KI = "sov-ki"  # Soviet armor 6-4 (white 6) / 3-4, two stacking points
MS = "sov-ms"
BELOV = "sov-belov"  # Soviet armored cavalry 3-5 (white 7) / 2-5
INF = "ger-5-corps"  # German infantry corps 2-4
SOV = "sov-5-army"  # Soviet army 3-3
PLOESTI, GROZNY, MAIKOP = "2325", "3907", "3412"  # 5.3.4's fuel sources


def within(R, start, lo, hi):
    """The map's hexes lo..hi hexes from ``start`` (1904's surroundings are all clear)."""
    g = R.map.grid
    return {h for h in R.map.terrain if lo <= g.distance(start, h) <= hi}


def omp(R, make_state, units, **kw):
    """A state at the start of the OMP (movement.begin run: fuel, Guderian, refit)."""
    s = make_state(units, **kw)
    mv.begin(R, s)
    return s


# ------------------------------------------------------------------ 5.1.8, 10.3.3a, 10.3.4
def test_10_3_3a_refitted_armor_reaches_eight_and_ten_with_the_white_factor(R, make_state):
    s = omp(R, make_state, {PZ: "1904"})
    assert omp_allowance(R, s, PZ) == 6  # the black factor
    assert strategic_allowance(R, s, PZ) == 8
    assert strategic_allowance(R, s, PZ, higher=True) == 10  # white 8 + the bonus of 2
    found = mv.moves(R, s, PZ)
    assert set(found) == within(R, "1904", 1, 10)
    assert {h for h, m in found.items() if m.flip} == within(R, "1904", 9, 10)
    assert found["1912"].cost == 8 and not found["1912"].flip
    assert found["1913"].cost == 9 and found["1913"].flip and found["1913"].bonus


def test_10_3_3a_a_move_beyond_the_black_factor_flips_on_completion(R, make_state):
    s = omp(R, make_state, {PZ: "1904", PZ2: "1804"})
    sequence.perform(R, s, Action("select", (PZ,)))
    acts = {a.args[0]: a for a in sequence.actions(R, s) if a.verb == "to"}
    assert acts["1913"].label.endswith(
        "(9 MP with the strategic bonus, unrefitted on arrival (SNO 10.3.3a))"
    )
    assert acts["1912"].label.endswith("(8 MP with the strategic bonus)")
    sequence.perform(R, s, acts["1913"])
    assert s["units"][PZ]["at"] == "1913" and s["units"][PZ]["flipped"] is True
    assert combat_factor(R, s, PZ) == 3 and movement_factor(R, PZ, s) == 5
    sequence.perform(R, s, Action("select", (PZ2,)))
    sequence.perform(R, s, Action("to", ("1812",)))  # eight hexes: the black factor will do
    assert s["units"][PZ2]["at"] == "1812" and not s["units"][PZ2].get("flipped")
    assert combat_factor(R, s, PZ2) == 5


def test_10_3_3a_entering_enemy_zoc_beyond_the_black_factor_flips(R, make_state):
    # into enemy ZOC there is no strategic bonus (5.3.2) and a river costs one more (5.5.4):
    # the hexes next to the Soviet army at 1021 cost 7 or 8 - only the white factor's 8 will do
    s = omp(R, make_state, {PZ: "1028", SOV: "1021"})
    assert s["fuel_short"] == []
    found = mv.moves(R, s, PZ)
    assert R.map.grid.distance("1028", "1022") == 6
    assert found["1022"].cost == 7 and found["1022"].flip and not found["1022"].bonus
    assert found["1122"].cost == 8 and found["1122"].flip
    assert found["0922"].cost == 8 and found["0922"].flip
    assert {"1121", "1020", "0921"}.isdisjoint(found)  # beyond even the white factor
    sequence.perform(R, s, Action("select", (PZ,)))
    sequence.perform(R, s, Action("to", ("1022",)))
    assert s["units"][PZ] == {"at": "1022", "dispersed": False, "fortified": False, "flipped": True}


def test_10_3_4_unrefitted_armor_is_held_to_its_unrefitted_factor(R, make_state):
    s = omp(R, make_state, {PZ: {"at": "1904", "flipped": True}})
    assert movement_factor(R, PZ, s) == 5
    assert omp_allowance(R, s, PZ) == 5 and omp_allowance(R, s, PZ, higher=True) == 5
    found = mv.moves(R, s, PZ)
    assert set(found) == within(R, "1904", 1, 7)
    assert not any(m.flip for m in found.values())


def test_5_1_8_armored_infantry_and_cavalry_flip_too(R, make_state):
    s = omp(R, make_state, {GD: "1904", CAV: "2904"})
    for u in (GD, CAV):
        assert strategic_allowance(R, s, u) == 8
        assert strategic_allowance(R, s, u, higher=True) == 10
    assert {h for h, m in mv.moves(R, s, GD).items() if m.flip} == within(R, "1904", 9, 10)


def test_6_3_1_in_mud_the_white_factor_gains_nothing(R, make_state):
    s = omp(R, make_state, {PZ: "1904"}, turn="1941-10", weather="mud")
    assert omp_allowance(R, s, PZ) == 3 and omp_allowance(R, s, PZ, higher=True) == 3
    found = mv.moves(R, s, PZ)
    assert set(found) == within(R, "1904", 1, 3)
    assert not any(m.flip for m in found.values())


# ------------------------------------------------------------------ 5.3.4 fuel shortage
def test_5_3_4_axis_armor_without_ploesti_is_short_of_fuel(R, make_state):
    line = omp(R, make_state, {PZ: "1028", INF: "1027", SOV: "1021"})
    assert line["fuel_short"] == []  # a fuel line from Ploesti to 1028
    cut = omp(R, make_state, {PZ: "1028", INF: "1027", SOV: PLOESTI})
    assert cut["fuel_short"] == [PZ]  # the fuel source enemy-occupied (9.0.2)
    s = omp(R, make_state, {PZ: "1904", INF: "1905", SOV: PLOESTI})
    assert s["fuel_short"] == [PZ]  # armor only: the infantry corps is not listed
    assert omp_allowance(R, s, PZ) == 4  # 5.3.4: reduced to 4
    assert omp_allowance(R, s, PZ, higher=True) == 4  # 10.3.4: either face
    assert strategic_allowance(R, s, PZ) == 6  # 5.3.1: the bonus even so
    found = mv.moves(R, s, PZ)
    assert set(found) == within(R, "1904", 1, 6)
    assert not any(m.flip for m in found.values())
    free = omp(R, make_state, {PZ: "1904"})
    assert free["fuel_short"] == [] and omp_allowance(R, free, PZ) == 6


def test_5_3_4_the_penalty_lasts_for_the_whole_omp_and_no_longer(R, make_state):
    s = omp(R, make_state, {PZ: "1904", SOV: PLOESTI})
    assert s["fuel_short"] == [PZ]
    mv.finish(R, s)
    assert s["fuel_short"] == []
    assert allowance(R, s, PZ) == 6  # tactical movement: the printed factor (7.7.2)


def test_5_3_4_soviet_armor_needs_both_grozny_and_maikop(R, make_state):
    both = omp(R, make_state, {KI: "2904", BELOV: "2905"}, phase="soviet_omp")
    assert both["fuel_short"] == []
    assert omp_allowance(R, both, KI) == 4 and strategic_allowance(R, both, KI) == 7
    assert strategic_allowance(R, both, KI, higher=True) == 9  # white 6 + 3
    for source in (MAIKOP, GROZNY):
        s = omp(R, make_state, {KI: "2904", BELOV: "2905", INF: source}, phase="soviet_omp")
        assert s["fuel_short"] == [BELOV, KI]
        assert omp_allowance(R, s, KI) == 3  # 5.3.4: reduced to 3 for the Soviets
        assert omp_allowance(R, s, BELOV) == 3
        assert strategic_allowance(R, s, KI) == 6


def test_5_3_1_manstein_short_of_fuel_keeps_both_bonuses(R, make_state):
    s = omp(R, make_state, {MANSTEIN: "1904", SOV: PLOESTI})
    assert s["fuel_short"] == [MANSTEIN]
    assert omp_allowance(R, s, MANSTEIN) == 5  # 4 + Manstein's 1
    assert strategic_allowance(R, s, MANSTEIN) == 7  # + the strategic bonus of 2


# ------------------------------------------------------------------ 5.3.3 Guderian, Manstein
def test_5_3_3_guderian_units_within_two_hexes_of_another(R, make_state):
    g = R.map.grid
    assert g.distance("1904", "1906") == 2 and g.distance("1906", "1910") == 4
    s = omp(R, make_state, {G1: "1904", G2: {"at": "1906", "dispersed": True}, G3: "1910"})
    assert s["omp"]["guderian"] == [G1, G2]  # a dispersed one counts as 'another'
    assert leader_bonus(R, s, G1) == 1 and leader_bonus(R, s, G3) == 0
    assert omp_allowance(R, s, G1) == 7 and strategic_allowance(R, s, G1) == 9
    assert omp_allowance(R, s, G3) == 6
    assert set(mv.moves(R, s, G1)) == within(R, "1904", 1, 11)
    alone = omp(R, make_state, {G1: "1904", G3: "1910"})
    assert alone["omp"]["guderian"] == []
    assert omp_allowance(R, alone, G1) == 6


def test_5_3_3_manstein_and_guderian_only_in_good_weather_1941(R, make_state):
    s = omp(R, make_state, {MANSTEIN: "1904", G1: "1910", G2: "1911"})
    assert leader_bonus(R, s, MANSTEIN) == 1 and omp_allowance(R, s, MANSTEIN) == 7
    assert leader_bonus(R, s, G1) == 1
    later = omp(R, make_state, {MANSTEIN: "1904", G1: "1910", G2: "1911"}, turn="1942-07")
    assert leader_bonus(R, later, MANSTEIN) == 0 and leader_bonus(R, later, G1) == 0
    mud = omp(R, make_state, {MANSTEIN: "1904"}, turn="1941-10", weather="mud")
    assert leader_bonus(R, mud, MANSTEIN) == 0
    assert leader_bonus(R, s, PZ) == 0  # an unmarked panzer corps


# ------------------------------------------------------------------ 10.3.5, 10.3.6 refit
def _to_combat(R, s):
    """End the OMP and step through the form phase and Recovery to the Combat Phase."""
    while not s["phase"].endswith("_combat"):
        end = [a for a in sequence.actions(R, s) if a.verb == "end"]
        sequence.perform(R, s, end[0])


def test_10_3_5_refit_in_recovery_only_if_still_and_free(R, make_state):
    flipped = {"flipped": True}
    s = make_state(
        {
            PZ: {"at": "0728", **flipped},  # still, in supply, free of ZOC: refits
            PZ2: {"at": "0628", **flipped},  # moves: does not
            PZ3: {"at": "1022", **flipped},  # in enemy ZOC at the start: does not
            GD: {"at": "0828", "dispersed": True, **flipped},  # dispersed: does not
            CAV: {"at": "0928", "fortified": True, **flipped},  # fortified: never (10.3.6)
            SOV: "1021",
        },
        phase="axis_rrp",
    )
    armor.begin_player_turn(R, s, "axis")  # as sequence.begin_player_turn does
    assert s["refit"] == [CAV, PZ2, PZ, PZ3, GD]  # in supply at the start of the player-turn
    sequence.advance(R, s)  # into the OMP
    assert s["phase"] == "axis_omp"
    assert s["refit"] == [CAV, PZ2, PZ, GD]  # at the start of the OMP (PZ3: enemy ZOC)
    sequence.perform(R, s, Action("select", (PZ2,)))
    sequence.perform(R, s, Action("to", ("0627",)))
    assert s["refit"] == [CAV, PZ, GD]
    _to_combat(R, s)
    assert not s["units"][PZ].get("flipped")  # SNO 10.3.5: refitted, at no cost
    assert combat_factor(R, s, PZ) == 5
    for u in (PZ2, PZ3, GD, CAV):
        assert s["units"][u]["flipped"], u
    assert not s["units"][GD]["dispersed"]  # the marker came off after the refit check
    assert s["refit"] == []


def test_10_3_5_out_of_supply_at_the_start_no_refit(R, make_state):
    # a panzer corps far beyond the front, nearer the Soviet army than any Axis supply point
    units = {PZ: {"at": "1904", "flipped": True}, SOV: "1912"}
    s = make_state(units, phase="axis_rrp")
    assert not in_supply(R, s, PZ)
    armor.begin_player_turn(R, s, "axis")
    assert s["refit"] == []
    set_unit(s, SOV, at="out")  # in supply again by the start of the OMP: too late
    assert in_supply(R, s, PZ)
    armor.begin_omp(R, s, "axis")
    assert s["refit"] == []
    armor.refit(R, s, "axis")
    assert s["units"][PZ]["flipped"]


def test_10_3_5_in_supply_at_the_start_of_the_player_turn_is_what_counts(R, make_state):
    s = make_state({PZ: {"at": "1904", "flipped": True}}, phase="axis_rrp")
    armor.begin_player_turn(R, s, "axis")
    assert s["refit"] == [PZ]
    set_unit(s, SOV, at="1912")  # cut off after the player-turn began (not in its ZOC)
    assert not in_supply(R, s, PZ)
    armor.begin_omp(R, s, "axis")
    assert s["refit"] == [PZ]
    armor.refit(R, s, "axis")  # the Recovery Phase: refitted
    assert not s["units"][PZ].get("flipped")


@pytest.mark.parametrize(
    ("phase", "refit"), [("axis_rrp", [PZ]), ("axis_omp", [PZ]), ("axis_combat", [])]
)
def test_10_3_5_a_position_starts_its_player_turn(R, phase, refit):
    """A position in the RRP or OMP starts its player-turn where it stands, as a played game
    does (sequence.begin): its unrefitted armor in supply then may refit."""
    from ostfront.core.position import position_from_dict
    from ostfront.games.sno.game import GAME

    units = [{"id": PZ, "hex": "0728", "status": ["flipped"]}, {"id": SOV, "hex": "1021"}]
    position = {"game": "sno", "turn": "1941-07", "phase": phase, "units": units}
    s = GAME.setup(seed=1, position=position_from_dict(position))
    assert s["phase"] == phase
    assert s.get("refit", []) == refit


def test_10_3_5_refit_is_the_owners_only(R, make_state):
    s = make_state({PZ: {"at": "1904", "flipped": True}, KI: {"at": "2904", "flipped": True}})
    s["refit"] = [KI, PZ]
    armor.refit(R, s, "axis")
    assert not s["units"][PZ].get("flipped") and s["units"][KI]["flipped"]


def test_10_7_6_armor_fortifies_either_side_and_keeps_its_factor(R, make_state):
    s = make_state(
        {
            PZ: {"at": "1904", "fortified": True},
            PZ2: {"at": "1804", "fortified": True, "flipped": True},
            GD: {"at": "2004", "fortified": True},
        }
    )
    assert combat_factor(R, s, PZ) == 5  # 10.7.5a: armor's factor is unaltered
    assert combat_factor(R, s, PZ2) == 3
    assert combat_factor(R, s, GD) == 5  # 10.7.5b: armored infantry +1
    assert mv.held(R, s, PZ) == "it is fortified (SNO 10.7.3)"


# ------------------------------------------------------------------ 4.2 pure armor
def test_4_2_two_points_of_pure_armor(R, make_state):
    units = R.unit
    assert stacking.stacking_problems([units(PZ), units(PZ2)]) == []
    assert stacking.stacking_problems([units(PZARMY)]) == []
    # armored infantry and armored cavalry are not "pure" armor
    assert stacking.stacking_problems([units(PZ), units(PZ2), units(GD), units(CAV)]) == []
    assert stacking.stacking_problems([units(KI), units(BELOV)]) == []
    assert stacking.stacking_problems([units(PZ), units(PZ2), units(PZ3)]) == [
        "axis: 3 stacking points of pure armor, more than 2 (SNO 4.2)"
    ]
    assert stacking.stacking_problems([units(KI), units(MS)]) == [
        "soviet: 4 stacking points of pure armor, more than 2 (SNO 4.2)"
    ]


def test_4_2_pure_armor_checked_at_the_end_of_the_omp(R, make_state):
    s = make_state({PZ: "1904", PZ2: "1904", PZARMY: "1904", GD: "1904"}, phase="axis_form")
    assert stacking.check(R, s)
    assert s["pending"] == {"kind": "overstack", "side": "axis", "hex": "1904"}
    acts = sequence.actions(R, s)
    assert sorted(a.args[0] for a in acts if a.verb == "eliminate") == [PZARMY, PZ2, PZ]
