"""SNO 5.0 movement in the Operational Movement Phase (games/sno/movement.py, movement_rules.py):
exact hexes, exact reach sets, exact costs."""

from __future__ import annotations

import pytest

from ostfront.core.protocol import Action
from ostfront.games.sno import movement as mv
from ostfront.games.sno.movement_rules import (
    allowance,
    may_enter,
    path_cost,
    step_cost,
    strategic_allowance,
)

GER = "ger-5-corps"  # German infantry corps 2-4
GER2 = "ger-6-corps"
SOV = "sov-5-army"  # Soviet army 3-3
SOV2 = "sov-6-army"
ROM = "rom-3-army"  # Romanian army 3-3
HUN = "hun-2-army"  # Hungarian army 3-3


def reach(R, s, uid):
    return {h: m.cost for h, m in mv.moves(R, s, uid).items()}


# ------------------------------------------------------------------ 6.3 allowances
def test_6_3_1_mud_halves_soviet_up_axis_down(R, make_state):
    s = make_state({GER: "1904", SOV: "2904", ROM: "1515"}, weather="mud")
    assert allowance(R, s, SOV) == 2  # 3 / 2 rounded up
    assert allowance(R, s, ROM) == 1  # 3 / 2 rounded down
    assert allowance(R, s, GER) == 2  # 4 / 2


def test_6_3_1_mud_maximum_of_3_applies_to_the_strategic_bonus(R, make_state):
    # the reading of 6.3.1 vs 5.3.2: the bonus is not halved, but the allowance with it is
    # no more than 3 in Mud
    s = make_state({GER: "1904", SOV: "2904", ROM: "1515"}, weather="mud")
    assert strategic_allowance(R, s, SOV) == 3  # 2 + 3 = 5, capped at 3
    assert strategic_allowance(R, s, GER) == 3  # 2 + 2 = 4, capped at 3
    assert strategic_allowance(R, s, ROM) == 3  # 1 + 2
    good = make_state({GER: "1904", SOV: "2904"})
    assert strategic_allowance(R, good, SOV) == 6
    assert strategic_allowance(R, good, GER) == 6


def test_6_3_2_snow_halves_both_sides_up_and_the_bonus_is_whole(R, make_state):
    s = make_state({GER: "1904", SOV: "2904", ROM: "1515"}, turn="1943-01", weather="snow")
    assert allowance(R, s, SOV) == 2
    assert allowance(R, s, ROM) == 2  # 3 / 2 rounded up
    assert allowance(R, s, GER) == 2
    assert strategic_allowance(R, s, SOV) == 5  # 5.3.2: unaffected by weather
    assert strategic_allowance(R, s, GER) == 4
    w41 = make_state({ROM: "1515"}, turn="1942-01", weather="snow")
    assert allowance(R, w41, ROM) == 1  # 6.5.2: Axis fractions down in the winter of 1941/42


def test_6_3_1_mud_reach_with_the_bonus_is_three_hexes(R, make_state):
    s = make_state({GER: "1904"}, weather="mud")
    found = mv.moves(R, s, GER)
    grid = R.map.grid
    # every hex within three of 1904 (clear; rivers cost nothing when not ending in ZOC)
    assert set(found) == {h for h in R.map.terrain if 0 < grid.distance("1904", h) <= 3}
    assert len(found) == 36
    assert found["1604"].cost == 3 and found["1604"].bonus  # beyond the allowance of 2
    assert found["1803"].cost == 1 and not found["1803"].bonus


# ------------------------------------------------------------------ 5.5.5 straits
STRAITS = [
    ("3015", "3115"),
    ("3116", "3115"),
    ("2816", "2917"),
    ("0125", "0224"),
    ("0225", "0224"),
    ("0325", "0224"),
    ("0324", "0224"),
]


@pytest.mark.parametrize(("a", "b"), STRAITS)
def test_5_5_5_straits_cost_the_whole_allowance(R, make_state, a, b):
    s = make_state({GER: a, SOV: "2904"})
    assert step_cost(R, s, GER, a, b) == 4.0 == step_cost(R, s, GER, b, a)
    assert step_cost(R, s, SOV, a, b) == 3.0  # a Soviet army's allowance is 3


def test_5_5_5_only_the_first_step_of_a_move_crosses_a_strait(R, make_state):
    s = make_state({GER: "0224"})
    found = mv.moves(R, s, GER)  # 0224: four strait sides, two sea hexes
    assert set(found) == {"0125", "0225", "0324", "0325"}
    assert {m.cost for m in found.values()} == {6.0}  # the whole allowance, with the bonus
    assert path_cost(R, s, GER, ["0326", "0325", "0224"]) is None
    assert path_cost(R, s, GER, ["0325", "0224"]) == 4.0
    s2 = make_state({GER: "0326"})
    assert "0224" not in mv.moves(R, s2, GER)  # one hex off: never across the strait


def test_5_5_5_kerch_from_taman(R, make_state):
    s = make_state({SOV: "3115"}, phase="soviet_omp")
    found = mv.moves(R, s, SOV)
    assert (found["3015"].cost, found["3015"].path) == (6.0, ("3115", "3015"))
    assert (found["3116"].cost, found["3116"].path) == (6.0, ("3115", "3116"))
    assert "3016" not in found  # Feodosia lies beyond the strait


# ------------------------------------------------------------------ 5.5.3, 5.5.8, 5.5.4
def test_5_5_3_estuary_2419_2420_is_a_sea_side(R, make_state):
    s = make_state({GER: "2419"})
    assert step_cost(R, s, GER, "2419", "2420") is None
    assert all(
        ("2419", "2420") not in zip(m.path, m.path[1:], strict=False)
        for m in mv.moves(R, s, GER).values()
    )


def test_5_5_3_sea_hexes_are_never_entered(R, make_state):
    s = make_state({GER: "2419"})
    assert not may_enter(R, s, GER, "2519")  # sea
    assert "2519" not in mv.moves(R, s, GER)


def test_5_5_8_canal_1205_1206_is_a_river(R, make_state):
    free = make_state({SOV: "1205"}, phase="soviet_omp")
    assert step_cost(R, free, SOV, "1205", "1206") == 1.0  # not ending in enemy ZOC
    assert reach(R, free, SOV)["1206"] == 1.0
    s = make_state({SOV: "1205", GER: "1107"}, phase="soviet_omp")  # 1206 in German ZOC
    assert step_cost(R, s, SOV, "1205", "1206") == 2.0
    found = mv.moves(R, s, SOV)
    assert (found["1206"].cost, found["1206"].rule) == (2.0, "SNO 5.2.1")
    assert found["1306"].cost == 1.0  # across the Moskva, not into ZOC: no extra


def test_5_5_4_river_costs_one_more_only_ending_in_enemy_zoc(R, make_state):
    free = make_state({GER: "2006"})
    assert reach(R, free, GER)["2008"] == 2.0  # across the Don, 2007/2008
    s = make_state({GER: "2006", SOV: "2009"})  # 2008 is in the 2009 army's ZOC
    found = mv.moves(R, s, GER)
    assert (found["2008"].cost, found["2008"].path) == (3.0, ("2006", "2007", "2008"))
    # a whole path: the river counts when the path ends in ZOC, wherever it was crossed
    assert path_cost(R, s, GER, ["2006", "2007", "2008"]) == 3.0
    assert path_cost(R, free, GER, ["2006", "2007", "2008"]) == 2.0


def test_5_5_4_rivers_keep_a_unit_out_of_zoc_beyond_its_allowance(R, make_state):
    # 1605 costs 3 across the Oka; the ZOC hex 1505 beyond it would cost 5
    s = make_state({GER: "1904", SOV: "1404"})
    found = mv.moves(R, s, GER)
    assert found["1605"].cost == 3.0
    assert not {"1505", "1504", "1403", "1304", "1305", "1405"} & set(found)


# ------------------------------------------------------------------ 5.5.9 Finland
def test_5_5_9_soviet_units_enter_the_line_but_not_beyond(R, make_state):
    s = make_state({SOV: "0408"}, turn="1941-10", phase="soviet_omp")
    assert may_enter(R, s, SOV, "0308") and may_enter(R, s, SOV, "0407")
    assert not may_enter(R, s, SOV, "0306") and not may_enter(R, s, SOV, "0307")
    found = mv.moves(R, s, SOV)
    assert {"0308", "0407"} <= set(found)
    finnish = R.map.regions["SNO 5.5.9 Finnish-occupied area"].hexes
    assert not finnish & set(found)
    august = make_state({SOV: "0408"}, turn="1941-08", phase="soviet_omp")
    assert may_enter(R, august, SOV, "0307") and "0307" in mv.moves(R, august, SOV)
    july44 = make_state({SOV: "0408"}, turn="1944-07", phase="soviet_omp")
    assert may_enter(R, july44, SOV, "0307")
    assert may_enter(R, s, GER, "0307")  # Axis units move freely there


def test_5_5_9_soviet_units_in_finland_must_leave(R, make_state):
    s = make_state({SOV: "0307"}, turn="1941-10", phase="soviet_omp")
    found = mv.moves(R, s, SOV)
    finnish = R.map.regions["SNO 5.5.9 Finnish-occupied area"].hexes
    assert found and not finnish & set(found)  # every move ends outside the area
    assert found["0308"].cost == 1.0
    assert mv.must_leave_finland(R, s) == [SOV]
    verbs = [a.verb for a in mv.actions(R, s)]
    assert "end" not in verbs and verbs == ["select"]


def test_5_5_9_units_unable_to_leave_are_eliminated(R, make_state):
    s = make_state(
        {SOV: {"at": "0307", "dispersed": True}, SOV2: "0408"},
        turn="1941-10",
        phase="soviet_omp",
    )
    assert mv.must_leave_finland(R, s) == []  # dispersed: it cannot move
    assert "end" in [a.verb for a in mv.actions(R, s)]
    assert mv.finish(R, s) is False
    assert s["units"][SOV]["at"] == "dead" and s["units"][SOV2]["at"] == "0408"


# ------------------------------------------------------------------ 5.5.11, 5.5.12, 4.6
def test_5_5_11_inactive_hungary(R, make_state):
    s = make_state({HUN: "1428", GER: "1327"}, turn="1941-07")
    hungary = R.map.regions["Hungary"].hexes
    hun, ger = set(mv.moves(R, s, HUN)), set(mv.moves(R, s, GER))
    assert len(hun) == 30 and hun <= hungary  # the Hungarian unit may not leave
    assert len(ger) == 52 and not ger & hungary  # other Axis units may not enter
    assert not may_enter(R, s, GER, "1328") and not may_enter(R, s, HUN, "1424")
    active = make_state({HUN: "1428", GER: "1327"}, turn="1942-04")
    assert set(mv.moves(R, active, HUN)) - hungary
    assert set(mv.moves(R, active, GER)) & hungary


def test_5_5_11_a_soviet_move_into_hungary_activates_it(R, make_state):
    s = make_state({SOV: "1622"}, turn="1941-07", phase="soviet_omp")  # Soviet Union
    mv.perform(R, s, Action("select", (SOV,)))
    move = mv.moves(R, s, SOV)["1623"]  # Hungary (a mountain hex: 2 MP)
    assert move.cost == 2.0 and s["hungary_active"] is False
    mv.perform(R, s, Action("to", ("1623",), payload=move))
    assert s["units"][SOV]["at"] == "1623" and s["hungary_active"] is True
    s2 = make_state({SOV: "1622"}, turn="1941-07", phase="soviet_omp")
    mv.perform(R, s2, Action("select", (SOV,)))
    mv.perform(R, s2, Action("to", ("1723",)))  # 1723 is not in Hungary
    assert s2["hungary_active"] is False


def test_5_5_12_romanians_and_hungarians_keep_out_of_each_others_lands(R, make_state):
    s = make_state({ROM: "2125", HUN: "1624"}, turn="1942-05")
    rom = set(mv.moves(R, s, ROM))
    assert rom and not rom & (R.map.regions["Hungary"].hexes | R.map.regions["Bulgaria"].hexes)
    hun = set(mv.moves(R, s, HUN))
    assert hun and not hun & R.map.regions["Romania"].hexes
    assert not may_enter(R, s, ROM, "2428")  # Bulgaria
    assert not may_enter(R, s, HUN, "2125")  # Romania


def test_4_6_hungarians_and_romanians_never_enter_each_others_hexes(R, make_state):
    s = make_state({ROM: "1904", HUN: "1905"}, turn="1942-05")
    assert not may_enter(R, s, ROM, "1905") and not may_enter(R, s, HUN, "1904")
    rom = mv.moves(R, s, ROM)
    assert "1905" not in rom
    assert all("1905" not in m.path for m in rom.values())  # nor pass through it
    assert may_enter(R, s, GER, "1905")  # a German unit may


# ------------------------------------------------------------------ 5.2 ZOC
def test_5_2_3a_and_5_2_2_from_enemy_zoc_in_mud(R, make_state):
    # 1904 in the ZOC of the army at 2004; 1803 only in the ZOC of the army at 1703
    s = make_state({GER: "1904", SOV: "2004", SOV2: "1703"}, weather="mud")
    found = mv.moves(R, s, GER)
    assert reach(R, s, GER) == {
        "1803": 1.0,  # 5.2.3a: another enemy unit's ZOC, one MP
        "1804": 1.0,
        "1903": 1.0,
        "1705": 2.0,
        "1805": 2.0,
        "1902": 2.0,
        "2002": 2.0,
    }  # no bonus (it began in enemy ZOC); no re-entry (half of 2 is 1: 5.2.2)
    assert found["1803"].rule == "SNO 5.2.3a"
    assert "2003" not in found and "1905" not in found  # the same enemy's ZOC (5.2.3c)


def test_5_2_2_re_entry_within_half_the_allowance(R, make_state):
    s = make_state({GER: "1904", SOV: "2004", SOV2: "1703"})  # allowance 4: half is 2
    found = mv.moves(R, s, GER)
    into = {h: (m.cost, m.rule) for h, m in found.items() if m.rule != "SNO 5.1"}
    assert into == {
        "1803": (1.0, "SNO 5.2.3a"),
        "1704": (2.0, "SNO 5.2.2"),
        "1802": (2.0, "SNO 5.2.2"),
        "1905": (2.0, "SNO 5.2.2"),
        "2003": (2.0, "SNO 5.2.2"),
    }
    assert "2104" not in found and "2005" not in found  # three MPs or more away
    assert found["2001"].cost == 3.0 and not found["2001"].bonus  # no bonus from ZOC


def test_5_2_3b_into_a_stationary_friendly_hex_and_it_stays(R, make_state):
    s = make_state({GER: "1904", GER2: "1905", SOV: "2004", SOV2: "1703"}, weather="mud")
    found = mv.moves(R, s, GER)
    assert (found["1905"].rule, found["1905"].path) == ("SNO 5.2.3b", ("1904", "1905"))
    mv.perform(R, s, Action("select", (GER,)))
    mv.perform(R, s, Action("to", ("1905",), payload=found["1905"]))
    assert s["units"][GER]["at"] == "1905"
    assert mv.held(R, s, GER2) is not None  # the friendly unit must remain stationary
    assert GER2 not in mv.movable(R, s) and GER not in mv.movable(R, s)


def test_5_2_3b_not_into_a_hex_whose_unit_has_moved(R, make_state):
    s = make_state({GER: "1904", GER2: "1804", SOV: "2004", SOV2: "1703"}, weather="mud")
    mv.perform(R, s, Action("select", (GER2,)))
    mv.perform(R, s, Action("to", ("1905",), payload=mv.moves(R, s, GER2)["1905"]))
    assert "1905" not in mv.moves(R, s, GER)  # its occupant did not stay put


def test_5_2_1_entering_enemy_zoc_stops_and_5_3_2_no_bonus_into_zoc(R, make_state):
    s = make_state({GER: "1904", SOV: "2009"})
    found = mv.moves(R, s, GER)
    assert (found["1908"].cost, found["1908"].bonus) == (4.0, False)
    assert (found["2108"].cost, found["2108"].bonus) == (5.0, True)  # outside ZOC: the bonus
    assert "1909" not in found  # in ZOC five MPs away: the bonus is lost by ending there
    assert all(h not in m.path[:-1] for m in found.values() for h in R.map.grid.neighbours("2009"))


# ------------------------------------------------------------------ 5.1
def test_5_1_4_one_hex_minimum_but_not_zoc_to_zoc(R, make_state):
    # a Romanian army in Mud has an allowance of 1; it begins in the ZOC of the army at 1614
    s = make_state({ROM: "1515", SOV: "1614"}, weather="mud")
    assert reach(R, s, ROM) == {"1414": 1.0, "1415": 1.0, "1516": 1.0}  # swamps cost 2
    found = mv.moves(R, s, ROM)
    assert found["1415"].rule == "SNO 5.1"
    assert "1514" not in found and "1615" not in found  # ZOC to ZOC: no minimum move


def test_5_1_7_5_1_9_10_7_3_who_never_moves(R, make_state):
    s = make_state(
        {
            GER: {"at": "1904", "dispersed": True},
            GER2: {"at": "1905", "fortified": True},
            "ger-berlin-gar": "0327",
            "ger-12-corps": "1804",
        }
    )
    assert mv.movable(R, s) == ["ger-12-corps"]
    assert mv.moves(R, s, GER) == {}
    assert "dispersed" in (mv.held(R, s, GER) or "")
    assert "SNO 10.7.3" in (mv.held(R, s, GER2) or "")
    assert "SNO 5.1.9" in (mv.held(R, s, "ger-berlin-gar") or "")


def test_5_1_6_never_into_an_enemy_hex(R, make_state):
    s = make_state({GER: "1904", SOV: "2004"})
    assert not may_enter(R, s, GER, "2004")
    assert step_cost(R, s, GER, "1904", "2004") is None
    assert "2004" not in mv.moves(R, s, GER)


# ------------------------------------------------------------------ the handler
def test_select_move_and_move_once(R, make_state):
    s = make_state({GER: "1904", SOV: "2009"})
    acts = mv.actions(R, s)
    assert [a.text for a in acts] == [f"select {GER}", "end"]
    assert acts[0].label == "Move German 5th Corps from 1904" and acts[0].rule == "SNO 5.1.2"
    mv.perform(R, s, acts[0])
    acts = mv.actions(R, s)
    to = {a.args[0]: a for a in acts if a.verb == "to"}
    bonus = "Move German 5th Corps 1904 -> Voronezh (2108) (5 MP with the strategic bonus)"
    assert to["2108"].label == bonus
    assert to["1908"].label == "Move German 5th Corps 1904 -> Yelets (1908) (4 MP)"
    assert acts[-1].verb == "deselect"
    mv.perform(R, s, to["1908"])
    assert s["units"][GER]["at"] == "1908"
    assert s["omp"]["moved"] == [GER] and s["omp"]["selected"] is None
    assert [a.verb for a in mv.actions(R, s)] == ["end"]  # it moved: once a phase


def test_a_move_without_its_payload_is_searched_again(R, make_state):
    s = make_state({GER: "1904"})
    mv.perform(R, s, Action("select", (GER,)))
    mv.perform(R, s, Action("to", ("1601",)))
    assert s["units"][GER]["at"] == "1601"


# ------------------------------------------------------------------ 6.3.4 Thaw, 5.5.11 dates
def test_6_3_4_thaw_a_unit_leaves_a_lake_hex_its_sides_as_rivers(R, make_state):
    # April 1942, Mud: the lake hex 0306 is not frozen; a German corps stands on it
    free = make_state({GER: "0306"}, turn="1942-04", weather="mud")
    found = mv.moves(R, free, GER)
    assert found["0305"].cost == 1.0 and found["0307"].cost == 1.0
    assert not {"0205", "0206"} & set(found)  # no unit moves into an all-lake hex
    s = make_state({GER: "0306", SOV: "0404"}, turn="1942-04", weather="mud")
    found = mv.moves(R, s, GER)
    # into the army's ZOC the lake side counts as a river: one more
    assert (found["0305"].cost, found["0305"].rule) == (2.0, "SNO 5.2.1")
    assert step_cost(R, s, GER, "0305", "0306") is None


def test_6_3_4_units_left_on_a_lake_are_eliminated(R, make_state):
    s = make_state({GER: "0306", GER2: "0305"}, turn="1942-04", weather="mud")
    mv.thaw_losses(R, s, "axis")
    assert s["units"][GER]["at"] == "dead" and s["units"][GER2]["at"] == "0305"


def test_begin_activates_hungary_in_april_1942(R, make_state):
    s = make_state({HUN: "1428"}, turn="1942-03", phase="axis_omp")
    mv.begin(R, s)
    assert s["hungary_active"] is False and s["omp"]["moved"] == []
    s = make_state({HUN: "1428"}, turn="1942-04", phase="axis_omp")
    mv.begin(R, s)
    assert s["hungary_active"] is True


def test_5_2_3b_is_not_used_where_5_2_2_reaches_the_hex(R, make_state):
    # allowance 4: 1905 is two MPs away round by 1804, within half: the friendly unit in 1905
    # need not stay put
    s = make_state({GER: "1904", GER2: "1905", SOV: "2004", SOV2: "1703"})
    move = mv.moves(R, s, GER)["1905"]
    assert (move.rule, move.path) == ("SNO 5.2.2", ("1904", "1804", "1905"))
    mv.perform(R, s, Action("select", (GER,)))
    mv.perform(R, s, Action("to", ("1905",), payload=move))
    assert mv.held(R, s, GER2) is None


def test_5_1_6_unfrozen_lake_sides_are_impassable_frozen_ones_clear(R, make_state):
    july = make_state({SOV: "0411"}, turn="1941-07", phase="soviet_omp")
    assert step_cost(R, july, SOV, "0411", "0412") is None  # Lake Peipus, 0411/0412
    assert all(m.path[:2] != ("0411", "0412") for m in mv.moves(R, july, SOV).values())
    january = make_state({SOV: "0411"}, turn="1942-01", weather="snow", phase="soviet_omp")
    assert step_cost(R, january, SOV, "0411", "0412") == 1.0  # frozen: clear (6.2.3)
    assert mv.moves(R, january, SOV)["0412"].path == ("0411", "0412")
    assert step_cost(R, january, SOV, "0406", "0407") == 1.0  # a frozen swamp is clear
    assert step_cost(R, july, SOV, "0406", "0407") == 2.0


def test_5_5_6_the_stalin_line_has_no_effect_without_its_option(R, make_state):
    # 0914/0913 is a Stalin Line side and nothing else (map.toml); without option 14.3 it is
    # clear: entering 0913 (in the Soviet army's ZOC) costs 1, an attack across it no shift
    from ostfront.games.sno.combat import odds
    from ostfront.games.sno.movement_rules import step_cost

    assert R.map.side_kinds("0914", "0913") == {"fortified_line": "Stalin Line"}
    s = make_state({GER: "0914", SOV: "0912"})
    assert not s["options"]
    assert step_cost(R, s, GER, "0914", "0913") == 1.0
    s = make_state({GER: "0914", SOV: "0913"}, phase="axis_combat")
    o = odds.assess(R, s, [GER], [SOV])
    assert (o.raw, o.column, o.shifts) == ("1:2", "1:2", ())
