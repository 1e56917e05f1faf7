"""Custom positions state every fact of a game's history the Defiant Russia rules read
(issue 25: a fortress already lost, Stalin's death, Snow turns, rail moves used, Turkey at war,
...), each checked with an error naming the field, and each read by the rule it feeds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ostfront.core.errors import DataError
from ostfront.core.position import load_position
from ostfront.games import get
from ostfront.games.dr import dice, organization, rail, retreat, victory
from ostfront.games.dr.rules import standard_rules
from ostfront.games.dr.weather import first_snow_turn

GAME = get("dr")
R = standard_rules()
BREST = "1810"  # a fortress (9.1.8)

EVERYTHING = """
game = "dr"
turn = 6
phase = "soviet_move"
weather = "snow"

[[units]]
id = "ger-i-inf"
hex = "1811"

[[units]]
id = "sov-4-army"
hex = "1910"

[[units]]
id = "sov-7-army"
hex = "2010"

[[units]]
id = "sov-airborne"
hex = "2014"

[[units]]
id = "sov-stalin"
status = ["lost"]

[extra]
control = {"1811" = "axis", "1810" = "axis"}
fortresses_lost = ["1810"]
stalin = "dead"
snow_turns = 2
turkey_at_war = true
turkey_invaded = true
moved = ["sov-4-army"]
rail_moved = ["sov-7-army"]
airborne_drops = [{unit = "sov-airborne", turn = 4, phase = "soviet_move"}]
airborne_moved = {"sov-airborne" = 5}
"""


def position(tmp_path: Path, text: str = EVERYTHING) -> dict[str, Any]:
    p = tmp_path / "pos.toml"
    p.write_text(text)
    return load_position(p)


def dr(extra: dict[str, Any], *, phase: str = "axis_move", turn: int = 2, **kw: Any) -> Any:
    units = kw.pop("units", [{"id": "ger-i-inf", "hex": "1811"}])
    pos = {"game": "dr", "turn": turn, "phase": phase, "units": units, "extra": extra, **kw}
    return GAME.setup(seed=1, options=kw.pop("options", ()), position=pos)


def problems(extra: dict[str, Any], **kw: Any) -> str:
    with pytest.raises(DataError) as err:
        dr(extra, **kw)
    return str(err.value)


def test_a_position_states_the_whole_history(tmp_path: Path) -> None:
    s = GAME.setup(seed=1, options=["defiant-turkey"], position=position(tmp_path))
    assert s["fortress_lost"] == [BREST]
    assert s["stalin"] == "dead" and s["units"]["sov-stalin"]["at"] == "lost"
    assert s["snow_turns"] == 2
    assert s["turkey_at_war"] is True and retreat.turkey_invaded(R, s)
    assert s["done"] == ["sov-4-army", "sov-7-army"]
    assert s["movement"]["rail"] == ["sov-7-army"] and s["movement"]["phase"] == "6:soviet_move"
    assert s["airborne_drops"] == [{"unit": "sov-airborne", "turn": 4, "phase": "soviet_move"}]
    assert s["airborne_moved"] == {"sov-airborne": 5}
    # and the rules read them: the units that moved may not move again; the airborne unit in
    # Kiev (2014) may move, but not drop: it dropped on Turn 4 (DR 11.3.1F, once a game)
    acts = {a.text for a in GAME.legal_actions(s)}
    assert acts == {"select sov-airborne", "done"}
    s = GAME.apply(s, "select sov-airborne")
    assert not any(a.verb == "drop" for a in GAME.legal_actions(s))
    # (a drop comes at the start of the phase, before any move, 11.3.1C: so alone)
    units = [{"id": "sov-airborne", "hex": "2014"}, {"id": "ger-i-inf", "hex": "1811"}]
    kw: dict[str, Any] = {"units": units, "phase": "soviet_move", "turn": 6, "weather": "snow"}
    drop = {"unit": "sov-airborne", "turn": 4, "phase": "soviet_move"}
    for drops, offered in (([], True), ([drop], False)):
        s = GAME.apply(dr({"airborne_drops": drops}, **kw), "select sov-airborne")
        assert any(a.verb == "drop" for a in GAME.legal_actions(s)) is offered


def test_a_fortress_stated_lost_gives_no_defence() -> None:  # DR 9.1.8E
    units = [{"id": "sov-4-army", "hex": BREST}, {"id": "ger-i-inf", "hex": "1811"}]
    intact = dr({}, units=units, phase="axis_combat")
    lost = dr({"fortresses_lost": [BREST]}, units=units, phase="axis_combat")
    assert "fortress" in [k for k, _ in dice.hex_effects(R, intact, BREST)]
    assert "fortress" not in [k for k, _ in dice.hex_effects(R, lost, BREST)]
    assert dice.fortress_intact(R, intact, BREST) and not dice.fortress_intact(R, lost, BREST)


def test_stalin_stated_dead_scores_no_stalin_point() -> None:  # DR 13.0D
    alive = dr({})
    dead = dr({"stalin": "dead"})
    assert victory.stalin_point(alive) == "soviet" and victory.stalin_point(dead) == "axis"
    (alive_pts, _), (dead_pts, why) = victory.score(R, alive), victory.score(R, dead)
    assert dead_pts["axis"] == alive_pts["axis"] + 1
    assert dead_pts["soviet"] == alive_pts["soviet"] - 1
    assert "Stalin is dead: axis +1" in why


def test_snow_turns_so_far_decide_the_first_snow_turn() -> None:  # DR 8.3.4
    first = dr({}, turn=6, weather="snow")
    second = dr({"snow_turns": 2}, turn=6, weather="snow")
    assert first["snow_turns"] == 1 and first_snow_turn(first)
    assert not first_snow_turn(second)
    assert dice.bonus_faces(first, "soviet") != dice.bonus_faces(second, "soviet")


def test_rail_moves_used_count_against_the_limit() -> None:  # DR 6.5A
    units = [{"id": "ger-i-inf", "hex": "1703"}, {"id": "ger-ii-inf", "hex": "1704"}]
    fresh = dr({}, units=units)
    used = dr({"rail_moved": ["ger-ii-inf"]}, units=units)
    assert rail.capacity_left(R, fresh, "axis") == 3 and rail.capacity_left(R, used, "axis") == 2
    assert "select ger-ii-inf" not in {a.text for a in GAME.legal_actions(used)}


def test_turkey_stated_at_war_gets_its_replacement() -> None:  # DR 12.5, 12.5B
    peace = dr({}, phase="axis_org", options=["defiant-turkey"])
    war = dr({"turkey_at_war": True}, phase="axis_org", options=["defiant-turkey"])
    assert peace["org"]["turkish"] == 0 and war["org"]["turkish"] > 0


@pytest.mark.parametrize(
    ("extra", "kw", "message"),
    [
        ({"fortresses_lost": ["1811"]}, {}, "extra.fortresses_lost: '1811' is not a fortress hex"),
        ({"stalin": "missing"}, {}, "extra.stalin: 'missing' is not 'alive' or 'dead'"),
        (
            {"stalin": "dead"},
            {"units": [{"id": "sov-stalin", "hex": "3111"}]},
            "extra.stalin: Stalin is dead, but units place him in 3111",
        ),
        ({"snow_turns": 3}, {}, "extra.snow_turns: 3 Snow turns cannot have begun by turn 2"),
        (
            {"snow_turns": 0},
            {"weather": "snow", "turn": 6},
            "extra.snow_turns: this turn is a Snow turn, so at least 1 has begun",
        ),
        (
            {"turkey_at_war": True},
            {},
            "extra.turkey_at_war: Turkey takes part only with the defiant-turkey option",
        ),
        ({"turkey_invaded": "yes"}, {}, "extra.turkey_invaded: 'yes' is not true or false"),
        ({"moved": ["sov-4-army"]}, {}, "extra.moved: sov-4-army is not a unit of the phasing"),
        ({"moved": ["ger-ii-inf"]}, {}, "extra.moved: ger-ii-inf is not on the map"),
        (
            {"rail_moved": ["ger-i-inf"]},
            {"phase": "axis_combat"},
            "extra.rail_moved: rail moves are made in a movement phase (6.5B), not axis_combat",
        ),
        (
            {"rail_moved": ["ger-i-inf", "ger-ii-inf", "ger-iii-pz", "ger-iv-inf"]},
            {
                "units": [
                    {"id": u, "hex": h}
                    for u, h in zip(
                        ("ger-i-inf", "ger-ii-inf", "ger-iii-pz", "ger-iv-inf"),
                        ("1703", "1704", "1705", "1806"),
                        strict=True,
                    )
                ]
            },
            "extra.rail_moved: 4 units, but the axis may move 3 by rail in clear (6.5A, 8.3.4)",
        ),
        ({"attacked_hexes": ["1810"]}, {}, "extra.attacked_hexes: hexes are attacked in a combat"),
        ({"fleet_air": {"ger-i-inf": 1}}, {"phase": "axis_combat"}, "'ger-i-inf' is not a fleet"),
        (
            {"airborne_drops": [{"unit": "sov-airborne", "turn": 5, "phase": "soviet_move"}]},
            {},
            "extra.airborne_drops[1]: turn 5 is not a turn up to this one (2)",
        ),
        ({"weakened": ["sov-4-army"]}, {}, "extra.weakened: units are flipped only with the"),
        ({"fortress_lost": ["1810"]}, {}, "extra.fortress_lost: not a Defiant Russia position"),
        ({}, {"pools": {"axis": {"rail": 1}}}, "pools.axis.rail: state the units moved by rail"),
        ({}, {"pools": {"axis": {"air": -1}}}, "pools.axis.air: -1 is below zero"),
        ({}, {"weather": "fog"}, "weather: 'fog' is not one of clear, light_mud, mud, snow"),
    ],
)
def test_a_wrong_fact_is_named(extra: dict[str, Any], kw: dict[str, Any], message: str) -> None:
    assert message in problems(extra, **kw)


def test_a_position_stating_nothing_of_history_is_a_fresh_game() -> None:
    s = dr({})
    assert s["fortress_lost"] == [] and s["stalin"] == "alive" and s["snow_turns"] == 0
    assert "turkey_at_war" not in s and s["done"] == [] and "movement" not in s


def test_replacement_points_left_in_an_organization_phase() -> None:  # DR 10.1
    s = dr({}, phase="axis_org", pools={"axis": {"replacements": 2, "air": 1}})
    assert s["org"]["points"] == 2 and s["org"]["step"] == "replacements"
    assert "pools.axis.replacements: replacement points are spent in the axis Organization" in (
        problems({}, pools={"axis": {"replacements": 2}})
    )


def test_what_an_organization_phase_has_done_so_far() -> None:  # DR 10.1.3C, 10.1.1C, 10.2D
    moscow = R.map.place_named("Moscow").hex
    units = [
        {"id": "sov-1-tank", "hex": moscow, "status": ["reduced"]},
        {"id": "ger-i-inf", "hex": "1709"},
        {"id": "sov-24-army", "status": ["reserve"]},
    ]
    kw: dict[str, Any] = {"units": units, "phase": "soviet_org", "turn": 3}
    fresh = dr({}, **kw)
    done = dr({"armor_replaced": 2, "entered_at": [moscow]}, **kw)
    assert "restore sov-1-tank" in {a.text for a in GAME.legal_actions(fresh)}
    assert "restore sov-1-tank" not in {a.text for a in GAME.legal_actions(done)}  # two a turn
    assert moscow in organization.entry_hexes(R, fresh, "sov-24-army")
    assert moscow not in organization.entry_hexes(R, done, "sov-24-army")  # one per city
    restored = dr({"rebuilt": ["sov-1-tank"]}, **kw)
    assert "restore sov-1-tank" not in {a.text for a in GAME.legal_actions(restored)}
    assert "extra.armor_replaced: 3 is not a number from 0 to the soviet limit of 2" in problems(
        {"armor_replaced": 3}, **kw
    )
    assert "extra.rebuilt: only in an Organization Phase, not axis_move" in problems(
        {"rebuilt": ["ger-i-inf"]}
    )


def test_a_defiant_poland_position_plays_by_its_card() -> None:  # DR 2.0 (the scenario card)
    units = [{"id": "ger-i-inf", "hex": "1709"}, {"id": "pol-cav-south", "hex": "2107"}]
    pos = {"game": "dr", "scenario": "defiant-poland", "turn": 1, "phase": "soviet_move"}
    s = GAME.setup(seed=1, position={**pos, "units": units})
    campaign = dr({}, units=units[:1], phase="soviet_move")
    assert s["card"]["name"] == "defiant-poland" and "card" not in campaign
    assert rail.capacity_left(R, s, "soviet") == 0  # the card's rail limit, not the 1941 six
    assert rail.capacity_left(R, campaign, "soviet") == 6
    card = GAME.apply(GAME.setup("defiant-poland", seed=1), "historical")
    assert s["control"] == card["control"]  # the card's control, not the 1941 map's


# ------------------------------------------------------------------ issue 32: no contradictions
def test_an_axis_unit_in_a_fortress_has_taken_it() -> None:  # DR 9.1.8E
    held = dr({}, units=[{"id": "ger-i-inf", "hex": BREST}, {"id": "sov-4-army", "hex": "1910"}])
    assert held["fortress_lost"] == [BREST]  # inferred: its benefits are lost for good
    assert not dice.fortress_intact(R, held, BREST)
    leningrad = R.map.place_named("Leningrad").hex
    both = dr({"fortresses_lost": [leningrad]}, units=[{"id": "ger-i-inf", "hex": BREST}])
    assert both["fortress_lost"] == sorted([BREST, leningrad])
    assert dr({})["fortress_lost"] == []  # a German outside every fortress takes none


def test_stalin_in_the_lost_box_is_dead() -> None:  # DR 13.0D, 11.6C
    lost = [{"id": "ger-i-inf", "hex": "1811"}, {"id": "sov-stalin", "status": ["lost"]}]
    s = dr({}, units=lost)
    assert s["stalin"] == "dead" and victory.stalin_point(s) == "axis"
    assert (
        "extra.stalin: Stalin is alive, but units place him in the lost box (13.0D: a leader "
        "eliminated is dead, 11.6C)"
    ) in problems({"stalin": "alive"}, units=lost)
    moscow = R.map.place_named("Moscow").hex
    alive = dr({}, units=[{"id": "sov-stalin", "hex": moscow}])
    assert alive["stalin"] == "alive" and victory.stalin_point(alive) == "soviet"


def test_reduced_only_with_a_reduced_side_or_a_fleet() -> None:  # DR 7.2, 11.5.6A
    leningrad = R.map.place_named("Leningrad").hex
    fleet = dr({}, units=[{"id": "sov-baltic-fleet", "hex": leningrad, "status": ["reduced"]}])
    assert fleet["units"]["sov-baltic-fleet"]["reduced"]  # 11.5.6A: reduced, no combat factor
    assert (
        "units[1: sov-militia-1]: status: reduced, but 1st Workers' Militia has no reduced side "
        "(one step, DR 7.2)"
    ) in problems({}, units=[{"id": "sov-militia-1", "hex": leningrad, "status": ["reduced"]}])
    assert "units[1: sov-stalin]: status: reduced, but Stalin has no reduced side (a leader" in (
        problems({}, units=[{"id": "sov-stalin", "hex": leningrad, "status": ["reduced"]}])
    )


def test_a_stack_of_three_unmoved_since_the_set_up() -> None:  # DR 12.1
    trio = ["ger-i-inf", "ger-lvi-pz", "ger-xli-pz"]
    units = [{"id": u, "hex": "1407"} for u in trio]
    kw: dict[str, Any] = {"units": units, "phase": "axis_move", "turn": 1}
    s = dr({"start_stacks": {"1407": trio}}, options=["axis-preparation"], **kw)
    assert s["start_stacks"] == {"1407": trio}
    assert GAME.apply(s, "done")["pending"] is None  # still three: the set-up limit holds
    moved = dr({}, options=["axis-preparation"], **kw)  # not said: the usual limits
    assert GAME.apply(moved, "done")["pending"]["kind"] == "overstack"
    assert "extra.start_stacks: stacks of three set up only with the axis-preparation" in (
        problems({"start_stacks": {"1407": trio}}, **kw)
    )
    assert "extra.start_stacks.1407: give the 3 ground units that stand in 1407" in problems(
        {"start_stacks": {"1407": trio[:2]}}, options=["axis-preparation"], **kw
    )
    assert "extra.start_stacks.1408: ger-i-inf, ger-lvi-pz, ger-xli-pz do not stand in 1408" in (
        problems({"start_stacks": {"1408": trio}}, options=["axis-preparation"], **kw)
    )
