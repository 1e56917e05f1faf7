"""SNO 8.0-8.3 disbandment, break-out and evacuation (games/sno/disband.py)."""

from __future__ import annotations

import pytest

from ostfront.core.position import position_from_dict
from ostfront.core.protocol import Action
from ostfront.games.sno import control, disband, supply
from ostfront.games.sno.game import GAME

#: Six German corps on every other hex two away from 1905: the 5th, 6th and 8th Armies
#: there are isolated, one pocket (8.2.1b).
RING_1905 = {
    "ger-5-corps": "1706",
    "ger-6-corps": "1907",
    "ger-7-corps": "2106",
    "ger-8-corps": "2104",
    "ger-9-corps": "1903",
    "ger-10-corps": "1704",
}
POCKET = ("sov-5-army", "sov-6-army", "sov-8-army")


# ------------------------------------------------------------------ 8.1.1
def test_8_1_1_rfs_by_unit_type(R) -> None:
    assert disband.disband_rf(R, "sov-5-army") == 2  # a 3-3 army: less one
    assert disband.disband_rf(R, "ger-5-corps") == 1  # a 2-4 corps
    assert disband.disband_rf(R, "ger-49-mtn") == 1  # mountain infantry 2-4
    assert disband.disband_rf(R, "ita-8-army") == 3  # 4-3
    # a juggernaut (part 2 plays it; the formula is here): two less than the weaker side
    assert disband.disband_rf(R, "ger-4-army") == 4  # 9-2 / 6-4: 6 - 2


def test_8_1_1_fortification_ignored(R, make_state) -> None:
    s = make_state(
        {"sov-5-army": {"at": "1905", "fortified": True}}, phase="soviet_disband", control={}
    )
    assert supply.in_supply(R, s, "sov-5-army")
    assert disband.disband(R, s, "sov-5-army") == 2  # 3 (not the fortified 4) less one
    assert s["rf"]["soviet"] == 2
    assert s["units"]["sov-5-army"]["at"] == "dead"  # 8.1.2: may return as a replacement


def test_10_5_5_garrisons_never_disband(R, make_state) -> None:
    s = make_state({"sov-kiev-gar": "1816", "sov-5-army": "1905"}, phase="soviet_disband")
    texts = [a.text for a in disband.actions(R, s)]
    assert texts == ["disband sov-5-army", "end"]


# ------------------------------------------------------------------ 8.2.2
def test_8_2_2_break_out_path_movement_points_and_enemy_zoc(R, make_state) -> None:
    """The three armies at 1905 are one pocket. The cheapest path out to a hex a supply line
    reaches is 1905-2004-2003-2103-2202: four clear hexes, four movement points - one past
    three (a); 2004, 2003 and 2103 are in enemy ZOC (b). The pocket loses 4 RF of its 6,
    taken from its units in turn: 2 - 4 = 0, then 2 - 2 = 0, then 2."""
    s = make_state({**RING_1905, **dict.fromkeys(POCKET, "1905")}, phase="soviet_disband")
    assert supply.pockets(R, s, "soviet") == [POCKET]
    way = disband.breakout_way(R, s, "sov-5-army", POCKET)
    assert way == disband.Way(4, ("1905", "2004", "2003", "2103", "2202"))
    got = [disband.breakout(R, s, u) for u in POCKET]
    assert got == [0, 0, 2]
    assert s["rf"]["soviet"] == 2
    assert all(s["units"][u]["at"] == "dead" for u in POCKET)


def test_8_2_2c_snow_awl_hexes(R, make_state) -> None:
    """The same in March 1942, Snow: all four hexes of the path are on or north-east of the
    November/March AWL (6.3.3): 4 more RF lost, 8 in all - more than the pocket's 6."""
    s = make_state(
        {**RING_1905, **dict.fromkeys(POCKET, "1905")},
        turn="1942-03",
        weather="snow",
        phase="soviet_disband",
    )
    way = disband.breakout_way(R, s, "sov-5-army", POCKET)
    assert way == disband.Way(8, ("1905", "2004", "2003", "2103", "2202"))
    assert [disband.breakout(R, s, u) for u in POCKET] == [0, 0, 0]
    assert s["rf"]["soviet"] == 0


def test_8_2_2_swamp_counts_double_past_three(R, make_state) -> None:
    """The 5th Army in the Pripet (1416), German corps two hexes around it: out by
    1415 (swamp, 2 MP, enemy ZOC) and 1414 (enemy ZOC), then seven clear hexes to 1407:
    ten movement points, seven past three, and two enemy-ZOC hexes: 9 RF."""
    ring = {"ger-5-corps": "1318", "ger-6-corps": "1518", "ger-7-corps": "1616"}
    ring.update({"ger-8-corps": "1515", "ger-9-corps": "1315", "ger-10-corps": "1216"})
    s = make_state({**ring, "sov-5-army": "1416"}, phase="soviet_disband", control={})
    way = disband.breakout_way(R, s, "sov-5-army", ("sov-5-army",))
    assert way is not None and way.loss == 9
    assert way.path == (
        "1416",
        "1415",
        "1414",
        "1413",
        "1412",
        "1411",
        "1410",
        "1409",
        "1408",
        "1407",
    )


def test_8_0_2_disbandments_before_break_outs(R, make_state) -> None:
    """A supplied army far away may disband - until the first break-out."""
    units = {**RING_1905, **dict.fromkeys(POCKET, "1905"), "sov-9-army": "2510"}
    s = make_state(units, phase="soviet_disband", control={})
    texts = [a.text for a in disband.actions(R, s)]
    assert "disband sov-9-army" in texts and "breakout sov-5-army" in texts
    disband.perform(R, s, Action("breakout", ("sov-5-army",)))
    texts = [a.text for a in disband.actions(R, s)]
    assert "disband sov-9-army" not in texts
    assert "breakout sov-6-army" in texts


def test_7_1_12_marked_units_first(R, make_state) -> None:
    s = make_state(
        {"sov-5-army": "1905", "sov-6-army": "2510"},
        phase="soviet_disband",
        combat={"plan": [], "disbanding": ["sov-5-army"]},
    )
    texts = [a.text for a in disband.actions(R, s)]
    assert texts == ["disband sov-5-army", "disband sov-6-army"]  # no "end" yet
    disband.perform(R, s, Action("disband", ("sov-5-army",)))
    assert [a.text for a in disband.actions(R, s)] == ["disband sov-6-army", "end"]


def _game(units: dict[str, str], phase: str = "axis_combat") -> dict:
    position = {"game": "sno", "turn": "1941-08", "phase": phase}
    position["units"] = [{"id": u, "hex": h} for u, h in units.items()]
    return GAME.setup(seed=1, position=position_from_dict(position))


def _choices(s) -> list[str]:
    return [a.text for a in GAME.legal_actions(s) if a.verb != "undo"]


def test_7_1_12_a_marked_unit_disbands_before_any_break_out() -> None:
    """4th Corps (1021, in supply, next to the 5th Army in 1121) is marked to disband instead
    of attacking; 17th Corps (1516, between the 26th and 37th Armies) is isolated and may
    break out. A break-out first would end the disbandments (8.0.2) and let 4th Corps off
    both its attack and its disbandment: until it has disbanded, nothing else is offered."""
    s = _game(
        {
            "ger-4-corps": "1021",
            "sov-5-army": "1121",
            "ger-17-corps": "1516",
            "sov-26-army": "1416",
            "sov-37-army": "1615",
        }
    )
    s = GAME.apply(s, "disband ger-4-corps")
    s = GAME.apply(s, "end")  # no attack
    assert s["phase"] == "axis_disband"
    assert _choices(s) == ["disband ger-4-corps"]
    s = GAME.apply(s, "disband ger-4-corps")
    assert s["units"]["ger-4-corps"]["at"] == "dead"
    assert _choices(s) == ["breakout ger-17-corps", "end"]


def test_7_1_12_a_marked_unit_may_break_out_after_the_disbandments(R, make_state) -> None:
    """A marked isolated unit (8.2): other units may still disband first (8.0.2), the phase
    does not end until it has broken out."""
    units = {**RING_1905, **dict.fromkeys(POCKET, "1905"), "sov-9-army": "2510"}
    s = make_state(
        units,
        phase="soviet_disband",
        control={},
        combat={"plan": [], "disbanding": ["sov-5-army"]},
    )
    texts = [a.text for a in disband.actions(R, s)]
    assert texts == [
        "breakout sov-5-army",
        "breakout sov-6-army",
        "breakout sov-8-army",
        "disband sov-9-army",
    ]
    disband.perform(R, s, Action("breakout", ("sov-6-army",)))
    assert "end" not in [a.text for a in disband.actions(R, s)]
    disband.perform(R, s, Action("breakout", ("sov-5-army",)))
    assert [a.text for a in disband.actions(R, s)] == ["breakout sov-8-army", "end"]


def test_7_1_12_can_leave_asks_what_the_phase_would_offer(R, make_state) -> None:
    """4th Corps in 1515 ringed by six Soviet armies: isolated, no break-out path, no coast -
    it can neither disband nor break out (8.0), so 7.1.12 cannot excuse its attack."""
    ring = ["sov-5-army", "sov-26-army", "sov-37-army", "sov-38-army", "sov-40-army"]
    hexes = ["1615", "1614", "1514", "1414", "1415"]
    units = {"ger-4-corps": "1515", "sov-6-army": "1516", **dict(zip(ring, hexes, strict=True))}
    s = make_state(units, turn="1941-08", phase="axis_combat")
    assert disband.can_leave(R, s, "ger-4-corps") is False
    s2 = make_state({"ger-4-corps": "1021", "sov-5-army": "1121"}, turn="1941-08")
    assert disband.can_leave(R, s2, "ger-4-corps") is True
    assert disband.can_leave(R, s2, "sov-5-army") is True  # in supply: may disband


def test_8_2_1c_units_that_attacked_may_not_disband(R, make_state) -> None:
    s = make_state(
        {"sov-5-army": "1905", "sov-6-army": "2510"},
        phase="soviet_disband",
        combat={"plan": [{"attackers": ["sov-6-army"], "defenders": []}], "disbanding": []},
    )
    assert [a.text for a in disband.actions(R, s)] == ["disband sov-5-army", "end"]


# ------------------------------------------------------------------ 8.3 evacuation
def _baltic_coast(R, make_state, **extra):
    """Two armies on 0412 (a Baltic coast hex, no port), German corps around: isolated."""
    corps = [f"ger-{n}-corps" for n in (5, 6, 7, 8, 9, 10, 11, 12, 13, 17)]
    ring = ["0213", "0314", "0414", "0514", "0613", "0612", "0611", "0511", "0410", "0311"]
    units = dict(zip(corps, ring, strict=True))
    units.update({"sov-8-army": "0412", "sov-11-army": "0412"})
    return make_state(units, control={}, phase="soviet_disband", **extra)


def test_8_3_1a_disband_on_a_friendly_coast(R, make_state) -> None:
    s = _baltic_coast(R, make_state, seas={"Baltic Sea": "soviet"})
    assert supply.status(R, s, "soviet") == {"sov-11-army": False, "sov-8-army": False}
    assert "disband sov-8-army" in [a.text for a in disband.actions(R, s)]
    s2 = _baltic_coast(R, make_state, seas={"Baltic Sea": "axis"})
    assert "disband sov-8-army" not in [a.text for a in disband.actions(R, s2)]


def test_8_3_3_two_rfs_a_month_through_the_baltic(R, make_state) -> None:
    """Each army would give 2 RF; the first two go through the Baltic, the third and fourth
    RF are lost. Next month the sea is open again."""
    s = _baltic_coast(R, make_state, seas={"Baltic Sea": "soviet"})
    assert disband.disband(R, s, "sov-8-army") == 2
    assert disband.evacuation_room(R, s, "Baltic Sea") == 0
    assert disband.disband(R, s, "sov-11-army") == 0
    assert s["rf"]["soviet"] == 2
    assert s["evacuated"] == {"turn": "1941-07", "Baltic Sea": 2}
    s["turn"] = "1941-08"
    assert disband.evacuation_room(R, s, "Baltic Sea") == 2


# ------------------------------------------------------------------ DD
def test_7_3_1_dd_disbands_supplied_and_breaks_out_isolated(R, make_state) -> None:
    units = {**RING_1905, **dict.fromkeys(POCKET, "1905"), "sov-9-army": "2510"}
    units["sov-kiev-gar"] = "1816"
    s = make_state(units, phase="axis_combat", control={})
    out = disband.involuntary(R, s, ["sov-9-army", *POCKET, "sov-kiev-gar"])
    # 2 for the supplied army; the pocket 6 - 4; the garrison is eliminated (10.5.5)
    assert out == {"removed": ["sov-9-army", *POCKET, "sov-kiev-gar"], "rf": 4}
    assert s["rf"]["soviet"] == 4
    assert s["units"]["sov-kiev-gar"]["at"] == "lost"


def test_8_3_2_one_rf_more_from_a_coast_hex_in_enemy_zoc(R, make_state) -> None:
    """The same coast hex with a German corps next to it (0413): each army evacuated gives
    one RF less - 1, not 2."""
    s = _baltic_coast(R, make_state, seas={"Baltic Sea": "soviet"})
    s["units"] = {**s["units"], "ger-20-corps": {**s["units"]["ger-20-corps"], "at": "0413"}}
    assert disband.disband(R, s, "sov-8-army") == 1
    assert s["evacuated"] == {"turn": "1941-07", "Baltic Sea": 1}


def test_8_0_2_a_dd_decides_every_defenders_supply_at_one_instant(R, make_state) -> None:
    """A DD disbands the defenders in supply at the moment of combat (8.0.2): the 5th Army
    is in supply only through the 6th, a supply point (9.2c, the threat case of
    test_supply.py); the 6th disbanding first does not turn the 5th's disbandment into a
    break-out (nor an error)."""
    from .test_supply import THREAT_CASE

    s = make_state({**THREAT_CASE, "sov-5-army": "1905", "sov-6-army": "1806"})
    control.initial(R, s)
    assert supply.status(R, s, "soviet") == {"sov-5-army": True, "sov-6-army": True}
    out = disband.involuntary(R, s, ["sov-6-army", "sov-5-army"])
    assert out == {"removed": ["sov-6-army", "sov-5-army"], "rf": 4}  # 3 - 1 each (8.1.1)
    assert s["units"]["sov-5-army"]["at"] == s["units"]["sov-6-army"]["at"] == "dead"


# ------------------------------------------------------------------ 8.2.1a juggernauts
KIEV_RING = ("sov-3-army", "sov-4-army", "sov-5-army", "sov-6-army", "sov-8-army", "sov-9-army")


def test_8_2_1a_a_juggernaut_may_not_break_out(R, make_state) -> None:
    """The German 4th Army (a juggernaut) and 8th Corps isolated at 1514: only the corps is
    offered a break-out (8.2.1a), and asking one of the army is refused. In supply, the
    army may disband for two less than its weaker side's 6 (8.1.1): 4 RF."""
    ring = dict(zip(KIEV_RING, R.map.grid.neighbours("1816"), strict=True))
    s = make_state(
        {**ring, "ger-8-corps": "1514", "ger-4-army": "1514"}, phase="axis_disband", control={}
    )
    assert [a.text for a in disband.actions(R, s)] == ["breakout ger-8-corps", "end"]
    with pytest.raises(ValueError, match=r"8\.2\.1a"):
        disband.breakout(R, s, "ger-4-army")
    alone = make_state({"ger-4-army": "1514"}, phase="axis_disband", control={})
    assert [a.label for a in disband.actions(R, alone)] == [
        "Disband German 4th Army: up to 4 RF",
        "End disbandment and break-out",
    ]


def test_8_2_1a_10_1_2c_a_juggernaut_disbanded_by_dd_while_isolated_is_lost(R, make_state) -> None:
    """A DD on both (7.3.1, 8.0.2): the isolated corps breaks out (its 1 RF less the
    pocket's loss: nothing), the juggernaut may not and is lost for good (10.1.2c)."""
    ring = dict(zip(KIEV_RING, R.map.grid.neighbours("1816"), strict=True))
    s = make_state(
        {**ring, "ger-8-corps": "1514", "ger-4-army": "1514"}, phase="axis_disband", control={}
    )
    out = disband.involuntary(R, s, ["ger-4-army", "ger-8-corps"])
    assert out == {"removed": ["ger-4-army", "ger-8-corps"], "rf": 0}
    assert s["units"]["ger-4-army"]["at"] == "lost"
    assert s["units"]["ger-8-corps"]["at"] == "dead"


def test_8_1_2_a_disbanded_unrefitted_armor_unit_goes_dead_box_face_up(R, make_state) -> None:
    """A unit disbanded goes to the dead box as every eliminated unit does: no longer
    unrefitted (10.3), dispersed or fortified - the box holds counters, not their state."""
    s = make_state(
        {"ger-41-pz": {"at": "1905", "flipped": True, "dispersed": True}},
        phase="axis_disband",
        control={},
    )
    assert supply.in_supply(R, s, "ger-41-pz")
    disband.disband(R, s, "ger-41-pz")
    rec = s["units"]["ger-41-pz"]
    assert rec["at"] == "dead"
    assert not rec.get("flipped") and not rec.get("dispersed")
