"""The Defiant Russia engine's spine: sequence of play (4.x), weather (8.x), supply (5.x),
organization (10.x, 11.2, 11.7), stacking (6.2), control (6.4) and victory (13.0)."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.core.errors import DataError, IllegalAction
from ostfront.games import get
from ostfront.games.dr import organization, stacking, supply, victory
from ostfront.games.dr.control import initial_control
from ostfront.games.dr.rules import set_unit, standard_rules

GAME = get("dr")
R = standard_rules()
M = R.map


def hex_of(name: str) -> str:
    return M.place_named(name).hex


def position(units: list[tuple[str, str | None, list[str]]], **kw: Any) -> dict[str, Any]:
    return {
        "game": "dr", "turn": kw.get("turn", 1), "phase": kw.get("phase", "axis_move"),
        "weather": kw.get("weather"), "units": [
            {"id": u, "hex": h, "status": st} for u, h, st in units],
        "extra": {"control": kw.get("control", {})}, "pools": kw.get("pools", {}),
    }  # fmt: skip


def start(units: list[tuple[str, str | None, list[str]]], seed: int = 1, **kw: Any) -> dict:
    return GAME.setup(seed=seed, position=position(units, **kw))


# ------------------------------------------------------------------ 4.0 sequence of play
def test_turn_order_of_phases() -> None:
    from ostfront.games.dr.sequence import TURN

    assert [p.name for p in TURN] == [
        "weather", "axis_org", "axis_move", "axis_combat", "axis_exploit",
        "axis_exploit_combat", "soviet_org", "soviet_move", "soviet_combat",
        "soviet_exploit", "soviet_exploit_combat", "end"]  # fmt: skip


def test_soviets_set_up_first_then_axis() -> None:
    s = GAME.setup(seed=1)
    assert s["phase"] == "soviet_setup" and GAME.active_side(s) == "soviet"
    assert s["turn"] == 1
    assert GAME.setup(seed=1, options=["early-start"])["turn"] == 0  # DR 12.3


def test_phases_advance_to_the_soviet_turn() -> None:
    s = start([("ger-guderian", None, ["out"])], phase="axis_move")
    for want in ("axis_combat", "axis_exploit", "axis_exploit_combat"):
        s = GAME.apply(s, "done")
        assert s["phase"] == want and GAME.active_side(s) == "axis"
    s = GAME.apply(s, "done")
    assert s["phase"] == "soviet_org" and GAME.active_side(s) == "soviet"


def test_game_ends_after_december() -> None:
    s = start([], phase="soviet_exploit_combat", turn=7)
    s = GAME.apply(s, "done")
    res = GAME.result(s)
    assert res is not None and GAME.active_side(s) is None
    assert GAME.legal_actions(s) == []


def test_turn_advances_with_weather() -> None:
    s = start([], phase="soviet_exploit_combat", turn=3)
    s = GAME.apply(s, "done")
    assert s["turn"] == 4 and s["phase"] == "axis_org"
    assert s["weather"] == "light_mud"  # DR 8.1: September


# ------------------------------------------------------------------ 8.0 weather
@pytest.mark.parametrize(
    ("turn", "weather"),
    [
        (1, "clear"),
        (2, "clear"),
        (3, "clear"),
        (4, "light_mud"),
        (5, "mud"),
        (6, "clear"),
        (7, "snow"),
    ],
)
def test_historical_weather(turn: int, weather: str) -> None:
    from ostfront.games.dr.weather import weather_phase

    s = start([], turn=turn)
    weather_phase(R, s)
    assert s["weather"] == weather  # DR 8.1


def test_random_weather_rolls_from_turn_three() -> None:
    from ostfront.core.rng import new_rng, roll
    from ostfront.games.dr.charts import random_weather
    from ostfront.games.dr.weather import weather_phase

    for seed in range(6):
        s = GAME.setup(seed=seed, options=["random-weather"], position=position([], turn=4))
        s["rng"] = new_rng(seed)
        weather_phase(R, s)
        die = roll(new_rng(seed))
        assert s["weather"] == random_weather(R.charts, 4, die)  # DR 8.2
        s2 = GAME.setup(seed=seed, options=["random-weather"], position=position([], turn=2))
        n = s2["rng"]["n"]
        weather_phase(R, s2)
        assert s2["weather"] == "clear" and s2["rng"]["n"] == n  # no roll before Turn Three


def test_first_snow_turn() -> None:
    from ostfront.games.dr.weather import first_snow_turn, weather_phase

    s = start([], turn=7)
    s["snow_turns"] = 0
    weather_phase(R, s)
    assert first_snow_turn(s)  # DR 8.3.4


# ------------------------------------------------------------------ 5.0 supply
def test_supply_path_three_hexes_to_rail() -> None:
    s = start([("sov-3-army", "1830", []), ("sov-4-army", "2031", [])])
    assert supply.in_supply(R, s, "sov-3-army")  # 3 hexes from a rail line
    assert not supply.in_supply(R, s, "sov-4-army")  # 4 hexes


def test_axis_supply_path_shrinks_in_snow() -> None:
    uid = "ger-i-inf"
    clear = start([(uid, "1500", [])], weather="clear")
    snow = start([(uid, "1500", [])], weather="snow", turn=7)
    assert supply.in_supply(R, clear, uid)  # DR 5.0: three hexes
    assert not supply.in_supply(R, snow, uid)  # DR 5.2: two in Snow


def test_enemy_units_and_zoc_block_unless_friendly() -> None:
    s = start([("sov-3-army", "1511", []), ("ger-i-inf", "1411", []), ("ger-ii-inf", "1510", [])])
    blocked = supply.blocked_hexes(R, s, "axis")
    assert "1511" in blocked and "1512" in blocked  # the Soviet unit and its ZOC
    assert "1411" not in blocked and "1510" not in blocked  # friendly units negate ZOC


def test_leningrad_fortress_always_supplied() -> None:
    ring = [
        (f"ger-{c}-inf", h, [])
        for c, h in zip(["i", "ii", "x", "xxvi"], ["0414", "0515", "0614", "0615"], strict=True)
    ]
    s = start([("sov-23-army", "0514", []), *ring])
    assert supply.in_supply(R, s, "sov-23-army")  # DR 10.1.5A


def test_determine_supply_marks_units() -> None:
    s = start([("sov-3-army", "1830", []), ("sov-4-army", "2031", [])])
    out = supply.determine_supply(R, s, "soviet")
    assert out == ["sov-4-army"] and s["units"]["sov-4-army"]["oos"]  # DR 5.1A


# ------------------------------------------------------------------ 6.2 stacking
def test_stacking_limits() -> None:
    s = start([])
    assert stacking.stack_problems(R, s, ["sov-3-army", "sov-6-tank"]) == []  # 6.2.1
    assert stacking.stack_problems(R, s, ["sov-3-army", "sov-4-army"])
    assert stacking.stack_problems(R, s, ["sov-3-army", "sov-4-army", "sov-stalin"]) == []
    assert stacking.stack_problems(R, s, ["ger-i-inf", "ger-ii-inf", "ger-x-inf"])
    hun = next(u for u in R.counters.units.values() if u.nationality == "hungarian").id
    rom = next(u for u in R.counters.units.values() if u.nationality == "romanian").id
    assert "Hungarian and Romanian" in " ".join(stacking.stack_problems(R, s, [hun, rom]))
    prep = GAME.setup(seed=1, options=["axis-preparation"], position=position([]))
    trio = ["ger-i-inf", "ger-ii-inf", "ger-x-inf"]
    assert stacking.stack_problems(R, prep, trio, setup=True) == []  # DR 12.1
    assert stacking.stack_problems(R, prep, trio)


def test_overstack_is_settled_by_the_opponent_at_phase_end() -> None:
    s = start([("sov-3-army", "1511", []), ("sov-4-army", "1511", [])], phase="soviet_move")
    s = GAME.apply(s, "done")
    assert GAME.active_side(s) == "axis"  # DR 6.2: the opposing player's choice
    assert sorted(a.text for a in GAME.legal_actions(s)) == [
        "eliminate sov-3-army",
        "eliminate sov-4-army",
    ]
    s = GAME.apply(s, "eliminate sov-4-army")
    assert s["units"]["sov-4-army"]["at"] == "dead" and s["phase"] == "soviet_combat"


# ------------------------------------------------------------------ 6.4 control
def test_initial_control() -> None:
    c = initial_control(R)
    assert c[hex_of("Moscow")] == "soviet" and c[hex_of("Riga")] == "soviet"
    assert c[hex_of("Berlin")] == "axis" and c[hex_of("Helsinki")] == "axis"
    assert c[hex_of("Bucharest")] == "axis" and c[hex_of("Warsaw")] == "axis"
    assert hex_of("Stockholm") not in c and hex_of("Istanbul") not in c
    lit = initial_control(R, ["12.8"])  # DR 12.8A, 12.8E
    assert lit[hex_of("Kaunas")] == "axis" and lit["1808"] == "soviet"


# ------------------------------------------------------------------ 10.x / 11.x organization
def test_soviet_replacements_lose_a_point_per_lost_city() -> None:
    s = start([], turn=2, phase="axis_move")
    assert organization.replacement_budget(R, s, "soviet") == 6  # DR 10.1.4A
    s["control"][hex_of("Kiev")] = "axis"
    assert organization.replacement_budget(R, s, "soviet") == 5  # DR 10.1.4B
    assert organization.replacement_budget(R, start([], turn=2), "axis") == 0  # from Turn 3
    assert organization.replacement_budget(R, start([], turn=3), "axis") == 2


def test_restore_and_rebuild() -> None:
    s = start(
        [("sov-3-army", "1830", ["reduced"]), ("sov-4-army", None, ["dead"])],
        turn=2,
        phase="soviet_org",
    )
    texts = [a.text for a in GAME.legal_actions(s)]
    assert "restore sov-3-army" in texts  # DR 10.1.1A
    assert f"rebuild sov-4-army {hex_of('Moscow')}" in texts  # DR 10.1.4D
    s = GAME.apply(s, "restore sov-3-army")
    assert not s["units"]["sov-3-army"]["reduced"] and s["org"]["points"] == 5
    s = GAME.apply(s, f"rebuild sov-4-army {hex_of('Moscow')}")
    assert s["units"]["sov-4-army"] == {"at": hex_of("Moscow"), "reduced": True, "oos": False}


def test_no_replacements_for_finns() -> None:
    fin = next(
        u.id
        for u in R.counters.units.values()
        if u.nationality == "finnish" and u.type == "infantry"
    )
    s = start([(fin, hex_of("Helsinki"), ["reduced"])], turn=3, phase="axis_org")
    assert f"restore {fin}" not in [a.text for a in GAME.legal_actions(s)]  # DR 11.4.1A


def test_air_points_arrive_in_organization() -> None:
    s = start([], turn=2, phase="axis_org")
    assert s["pools"]["axis"]["air"] == 8  # DR 11.7G: July


def test_axis_reinforcements_enter_at_berlin_or_vienna() -> None:
    s = start([("ger-xl-pz", None, ["reserve"])], turn=2, phase="axis_org")
    s = GAME.apply(s, "next") if s["org"]["step"] == "replacements" else s
    assert sorted(a.text for a in GAME.legal_actions(s)) == sorted(
        [f"enter ger-xl-pz {hex_of('Berlin')}", f"enter ger-xl-pz {hex_of('Vienna')}"]
    )
    s = GAME.apply(s, f"enter ger-xl-pz {hex_of('Vienna')}")
    assert [a.text for a in GAME.legal_actions(s) if a.verb != "undo"] == ["done"]


# ------------------------------------------------------------------ 13.0 victory
def test_historical_result_is_seven_to_six() -> None:
    s = start([], turn=7)
    for name in ("Orel", "Kharkov", "Tallinn", "Kiev", "Minsk"):
        s["control"][hex_of(name)] = "axis"
    # casualties: more Soviet units eliminated
    set_unit(s, "sov-3-army", at="dead")
    pts, _ = victory.score(R, s)
    assert pts == {"axis": 6, "soviet": 7}  # DR 13.0G


def test_tied_casualties_go_to_the_soviets() -> None:
    s = start([], turn=7)
    set_unit(s, "sov-3-army", at="dead")  # soviet infantry: weight 1
    set_unit(s, "rom-mtn", at="dead")  # romanian: weight 1
    lost = victory.casualties(R, s)
    assert lost["axis"] == lost["soviet"]
    _, why = victory.score(R, s)
    assert "soviet +1" in why[-1]  # DR 13.0F


def test_automatic_victory() -> None:
    s = start([])
    for name in ("Leningrad", "Moscow", "Stalingrad"):
        s["control"][hex_of(name)] = "axis"
    assert victory.automatic_victory(R, s) == "axis"  # DR 13.0H
    s2 = start([])
    s2["control"][hex_of("Berlin")] = "soviet"
    assert victory.automatic_victory(R, s2) == "soviet"


# ------------------------------------------------------------------ positions
def test_bad_positions_are_refused() -> None:
    with pytest.raises(DataError, match="no such Defiant Russia unit"):
        start([("sov-999-army", "1511", [])])
    with pytest.raises(DataError, match="not on the map"):
        start([("sov-3-army", "9999", [])])
    with pytest.raises(IllegalAction):
        GAME.apply(start([]), "attack 1511")


def test_finns_are_supplied_anywhere_in_finland() -> None:
    fin = "fin-ii-inf"
    helsinki = hex_of("Helsinki")
    cut = [("sov-7-army", helsinki, [])]  # Helsinki itself in Soviet hands
    inside = start([(fin, "0409", []), *cut])
    assert supply.in_supply(R, inside, fin)  # DR 5.3
    outside = start([(fin, "0414", []), *cut])
    assert not supply.in_supply(R, outside, fin)  # outside Finland: a path to Helsinki


def test_partisans_reduce_an_axis_infantry_unit() -> None:
    units = [("ger-i-inf", "1511", []), ("fin-ii-inf", "0409", []), ("ger-xli-pz", "1412", [])]
    for seed in range(60):
        s = start(units, seed=seed, turn=4, phase="soviet_org")
        if s.get("pending"):
            break
    else:
        pytest.fail("no 6 in 60 seeds")
    assert s["log"] == [] and GAME.active_side(s) == "axis"  # DR 11.2: the Axis chooses
    assert [a.text for a in GAME.legal_actions(s)] == ["reduce ger-i-inf"]  # not Finns, armor
    s = GAME.apply(s, "reduce ger-i-inf")
    assert s["units"]["ger-i-inf"]["reduced"] and GAME.active_side(s) == "soviet"


def test_no_partisans_before_september() -> None:
    for seed in range(30):
        s = start([("ger-i-inf", "1511", [])], seed=seed, turn=3, phase="soviet_org")
        assert not s.get("pending")


def test_conquest_of_bucharest_removes_the_romanians() -> None:
    s = start(
        [
            ("sov-9-army", hex_of("Bucharest"), []),
            ("rom-mtn", "2512", []),
            ("rom-iii-inf", None, ["reserve"]),
        ],
        turn=3,
        phase="axis_org",
    )
    assert s["units"]["rom-mtn"]["at"] == "removed"  # DR 11.4.5B
    assert s["units"]["rom-iii-inf"]["at"] == "removed"


def test_one_soviet_reinforcement_per_major_city() -> None:
    a, b = "sov-24-army", "sov-28-army"
    s = start([(a, None, ["reserve"]), (b, None, ["reserve"])], turn=2, phase="soviet_org")
    s = GAME.apply(s, "next")  # no replacements to spend
    moscow = hex_of("Moscow")
    assert f"enter {b} {moscow}" in [x.text for x in GAME.legal_actions(s)]
    s = GAME.apply(s, f"enter {a} {moscow}")
    assert f"enter {b} {moscow}" not in [x.text for x in GAME.legal_actions(s)]  # DR 10.2D


# ------------------------------------------------------------------ 12.x optional rules
def test_hungarian_fast_corps_goes_home_on_a_low_roll() -> None:
    from ostfront.core.rng import new_rng, roll

    for turn in (4, 5, 6, 7):
        for seed in range(12):
            s = GAME.setup(
                seed=seed,
                options=["hungarian-fast-corps"],
                position=position([("hun-fast", "2406", [])], turn=turn, phase="axis_move"),
            )
            from ostfront.games.dr.optional import hungarian_fast_corps_roll

            s["rng"] = new_rng(seed)
            hungarian_fast_corps_roll(R, s)
            die = roll(new_rng(seed))
            gone = s["units"]["hun-fast"]["at"] == "removed"
            assert gone == (die <= turn - 3), (turn, die)  # DR 12.9
    assert victory.casualties(R, s)["axis"] == 0  # not a casualty


def test_turkey_modifier() -> None:
    from ostfront.games.dr.optional import turkey_modifier

    s = start([], turn=5, weather="mud")
    assert turkey_modifier(R, s) == -2  # DR 12.5: Mud
    for name in ("Kiev", "Kharkov"):
        s["control"][hex_of(name)] = "axis"
    assert turkey_modifier(R, s) == 0  # +1 per Soviet major city or fortress held


def test_turkey_enters_on_twelve() -> None:
    from ostfront.core.rng import new_rng, roll_dice
    from ostfront.games.dr.optional import turkey_entry_roll

    for seed in range(200):
        if sum(roll_dice(new_rng(seed), 2)) == 12:
            break
    s = GAME.setup(
        seed=seed,
        options=["defiant-turkey"],
        position=position([("tur-1-inf", None, ["reserve"])], turn=1),
    )
    s["rng"] = new_rng(seed)
    turkey_entry_roll(R, s)
    assert s.get("turkey_at_war")  # 12 with no modifier
    assert s["units"]["tur-1-inf"]["at"] in ("3212", "3213", "3313")  # DR 12.5 Second Army
    assert s["control"]["3111"] == "axis"


def test_automatic_victory_ends_the_game_at_once() -> None:
    berlin = hex_of("Berlin")
    s = start([("sov-9-army", berlin, [])], phase="soviet_move", control={berlin: "soviet"})
    assert GAME.result(s) is None
    s = GAME.apply(s, "done")  # any action: control of Berlin is checked after it
    assert GAME.result(s) is not None and GAME.result(s).winner == "soviet"
    assert GAME.legal_actions(s) == []


def test_turkish_replacement_point_is_for_turks_only() -> None:
    s = start(
        [("tur-1-inf", "3212", ["reduced"]), ("ger-i-inf", "1808", ["reduced"])],
        turn=2,
        phase="axis_org",
        control={},
    )
    assert s["org"]["step"] == "reinforcements"  # Turkey not at war: no point
    s = start(
        [("tur-1-inf", "3212", ["reduced"]), ("ger-i-inf", "1808", ["reduced"])],
        turn=2,
        phase="axis_move",
    )
    s["turkey_at_war"] = True
    s["phase"] = "axis_org"
    organization.enter(R, s)
    texts = [a.text for a in GAME.legal_actions(s)]
    assert "restore tur-1-inf" in texts  # DR 12.5B: one Turkish point a turn
    assert "restore ger-i-inf" not in texts  # no Axis points on Turn Two
    s = GAME.apply(s, "restore tur-1-inf")
    assert not s["units"]["tur-1-inf"]["reduced"] and s["org"]["turkish"] == 0
