"""DR 11.6 leaders (and 12.7 Timoshenko) in combat, 11.7 Air Points, 11.5.3-11.5.6 the Fleets
in combat and under air attack, 11.8 the Workers' Militia."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ostfront.core.rng import new_rng, roll
from ostfront.games import get
from ostfront.games.dr import air, combat, leaders, losses, militia
from ostfront.games.dr.rules import set_unit, standard_rules

GAME = get("dr")
R = standard_rules()
ALL = {u: True for u in R.counters.units}
Units = list[tuple[str, str] | tuple[str, str, list[str]]]


def lx_start(
    units: Units,
    seed: int = 1,
    *,
    turn: int = 3,
    phase: str = "axis_combat",
    weather: str = "clear",
    pools: dict[str, Any] | None = None,
    options: tuple[str, ...] = (),
) -> dict[str, Any]:
    position = {
        "game": "dr", "turn": turn, "phase": phase, "weather": weather,
        "units": [{"id": u[0], "hex": u[1], "status": list(u[2]) if len(u) > 2 else []}
                  for u in units], "pools": pools or {},
    }  # fmt: skip
    return GAME.setup(seed=seed, options=list(options), position=position)


def lx_texts(s: dict[str, Any]) -> list[str]:
    return sorted(a.text for a in GAME.legal_actions(s) if a.verb != "undo")


def lx_play(s: dict[str, Any], *actions: str) -> dict[str, Any]:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def lx_seed(*dice: int) -> int:
    """A seed whose first dice are ``dice``."""
    for seed in range(1, 2000):
        rng = new_rng(seed)
        if all(roll(rng) == d for d in dice):
            return seed
    raise AssertionError(dice)


def lx_groups(bd: Any, role: str) -> dict[str, tuple[int, int]]:
    return {g.why: (g.dice, g.faces) for g in getattr(bd, role)}


# ------------------------------------------------------------------ 11.6 bonuses
GUD = [("ger-xxiv-pz", "2015"), ("ger-guderian", "2015"), ("sov-5-army", "2016")]


@pytest.mark.parametrize(("turn", "weather", "bonus"), [(3, "clear", 2), (4, "light_mud", 1),
                                                         (7, "snow", 1)])  # fmt: skip
def test_leaders_guderian_attacking(turn: int, weather: str, bonus: int) -> None:
    """DR 11.6.1C-D: +2 attacking in Clear, +1 on other turns."""
    s = lx_start(GUD, turn=turn, weather=weather)
    bd = combat.attack_dice(R, s, ["ger-xxiv-pz"], "2016", supply=ALL)
    armor = 3 if weather == "snow" else 5
    assert bd.dice("attacker") == armor + bonus
    assert lx_groups(bd, "attacker")[f"Guderian (DR 11.6.1{'C' if bonus == 2 else 'D'})"] == (
        bonus,
        1,
    )


def test_leaders_guderian_dice_hit_like_panzers_on_turn_one() -> None:
    s = lx_start(GUD, turn=1)
    bd = combat.attack_dice(R, s, ["ger-xxiv-pz"], "2016", supply=ALL)
    assert bd.by_faces("attacker") == {2: 7}


def test_leaders_guderian_defending_and_only_with_his_stack() -> None:
    """DR 11.6.1D: +1 defending; no bonus if no unit of his hex takes part."""
    s = lx_start(
        [("ger-xxiv-pz", "2016"), ("ger-guderian", "2016"), ("sov-5-army", "2015")],
        phase="soviet_combat",
    )
    bd = combat.attack_dice(R, s, ["sov-5-army"], "2016", supply=ALL)
    assert bd.dice("defender") == 5 + 1
    s = lx_start([*GUD, ("ger-i-inf", "1915")])
    assert combat.attack_dice(R, s, ["ger-i-inf"], "2016", supply=ALL).dice("attacker") == 3


def test_leaders_mannerheim_defends_finns() -> None:
    """DR 11.6.2C-D: +1 defending, +2 in Snow (here in a forest hex, +1 more)."""
    units = [("fin-i-inf", "0113"), ("fin-mannerheim", "0113"), ("sov-7-army", "0114")]
    for weather, want in (("clear", 3 + 1 + 1), ("snow", 3 + 1 + 2)):
        s = lx_start(
            units, turn=7 if weather == "snow" else 3, weather=weather, phase="soviet_combat"
        )
        assert combat.attack_dice(R, s, ["sov-7-army"], "0113", supply=ALL).dice("defender") == want


def test_leaders_stalin_and_the_nkvd() -> None:
    """DR 11.6.3B: +2 for the units with Stalin, +3 if they include an NKVD army; attacking
    or defending."""
    moscow = R.map.place_named("Moscow").hex
    base = [("sov-stalin", moscow), ("sov-5-army", moscow), ("ger-i-inf", "1118")]
    s = lx_start(base)
    assert (
        combat.attack_dice(R, s, ["ger-i-inf"], moscow, supply=ALL).dice("defender") == 3 + 1 + 2
    )  # major city +1
    s = lx_start([*base[:1], ("sov-29-army", moscow), base[2]])
    assert combat.attack_dice(R, s, ["ger-i-inf"], moscow, supply=ALL).dice("defender") == 3 + 1 + 3
    s = lx_start(base, phase="soviet_combat")
    assert combat.attack_dice(R, s, ["sov-5-army"], "1118", supply=ALL).dice("attacker") == 5


def test_leaders_zhukov_attack_bonus_and_his_two_hexes() -> None:
    """DR 11.6.4E-F: +2 for his own stack, +1 for the units of (at most) two hexes adjacent
    to him when attacking; +1 defending."""
    units = [("sov-zhukov", "2015"), ("sov-5-army", "2015"), ("sov-6-army", "1915"),
             ("sov-9-army", "2115"), ("ger-i-inf", "2016"), ("sov-10-army", "1914"),
             ("ger-ii-inf", "1913")]  # fmt: skip
    s = lx_start(units, phase="soviet_combat")
    bd = combat.attack_dice(R, s, ["sov-5-army", "sov-6-army", "sov-9-army"], "2016", supply=ALL)
    assert lx_groups(bd, "attacker")["Zhukov (DR 11.6.4E)"] == (2 + 1 + 1, 1)
    s = lx_play(s, "attack 2016")
    assert sorted(s["pending"]["attackers"]) == ["sov-5-army", "sov-6-army", "sov-9-army"]
    s = lx_play(s, "roll")
    while s["pending"]:
        s = GAME.apply(s, next(a for a in lx_texts(s) if a.startswith(("reduce", "stop"))))
    bd = combat.attack_dice(R, s, ["sov-10-army"], "1913", supply=ALL)
    assert "Zhukov (DR 11.6.4E)" not in lx_groups(bd, "attacker")  # his two hexes are used
    fresh = lx_start(units, phase="soviet_combat")
    bd = combat.attack_dice(R, fresh, ["sov-10-army"], "1913", supply=ALL)
    assert lx_groups(bd, "attacker")["Zhukov (DR 11.6.4E)"] == (1, 1)
    dfn = lx_start([("sov-zhukov", "2016"), ("sov-5-army", "2016"), ("ger-i-inf", "2015")])
    assert combat.attack_dice(R, dfn, ["ger-i-inf"], "2016", supply=ALL).dice("defender") == 4


def test_leaders_soviet_marshals_never_combine() -> None:
    """DR 11.6.4H, 12.7F: Stalin, Zhukov and Timoshenko do not add up: the best one counts."""
    moscow = R.map.place_named("Moscow").hex
    units = [("sov-stalin", moscow), ("sov-zhukov", moscow), ("sov-timoshenko", moscow),
             ("sov-5-army", moscow), ("ger-i-inf", "1118")]  # fmt: skip
    s = lx_start(units, phase="soviet_combat")
    bd = combat.attack_dice(R, s, ["sov-5-army"], "1118", supply=ALL)
    assert bd.dice("attacker") == 3 + 2
    s = lx_start(units)
    assert combat.attack_dice(R, s, ["ger-i-inf"], moscow, supply=ALL).dice("defender") == 6
    timo = lx_start(
        [("sov-timoshenko", "2015"), ("sov-5-army", "2015"), ("ger-i-inf", "2016")],
        phase="soviet_combat",
    )
    assert (
        combat.attack_dice(R, timo, ["sov-5-army"], "2016", supply=ALL).dice("attacker") == 4
    )  # DR 12.7D


# ------------------------------------------------------------------ 11.6C-E death and after
def lx_settle(
    units: Units, eliminated: list[str], dice: tuple[int, ...], **kw: Any
) -> dict[str, Any]:
    s = lx_start(units, lx_seed(*dice), **kw)
    for u in eliminated:
        losses.eliminate(R, s, u)
    s["_choices"] = leaders.settle(R, s)
    return s


PANZERS = [("ger-guderian", "2015"), ("ger-xxiv-pz", "2015"), ("ger-xlvii-pz", "2015"),
           ("ger-lvi-pz", "1810")]  # fmt: skip


@pytest.mark.parametrize(("die", "dies"), [(1, True), (2, False)])
def test_leaders_death_roll_when_one_unit_falls(die: int, dies: bool) -> None:
    """DR 11.6C: a unit stacked with the leader eliminated: killed on a 1."""
    s = lx_settle(PANZERS, ["ger-xlvii-pz"], (die,))
    assert s["units"]["ger-guderian"]["at"] == ("lost" if dies else "2015")


@pytest.mark.parametrize(("die", "dies"), [(2, True), (3, False)])
def test_leaders_death_roll_when_all_units_fall(die: int, dies: bool) -> None:
    """DR 11.6D: every unit stacked with him eliminated: killed on 1-2; a surviving Guderian
    joins the nearest German Armor (11.6.1F)."""
    s = lx_settle(PANZERS, ["ger-xxiv-pz", "ger-xlvii-pz"], (die,))
    assert s["units"]["ger-guderian"]["at"] == ("lost" if dies else "1810")


def test_leaders_guderian_retires_without_panzers() -> None:
    s = lx_settle(PANZERS[:2], ["ger-xxiv-pz"], (6,))
    assert s["units"]["ger-guderian"]["at"] == "removed"  # DR 11.6.1F


def test_leaders_guderian_follows_armor_even_if_infantry_stays() -> None:
    """DR 11.6.1F: he moves when every Armor unit with him is gone."""
    s = lx_settle(
        [*PANZERS[:2], ("ger-i-inf", "2015"), ("ger-lvi-pz", "1810")], ["ger-xxiv-pz"], (6,)
    )
    assert s["units"]["ger-guderian"]["at"] == "1810"


def test_leaders_equal_distances_are_the_owners_choice() -> None:
    s = lx_settle(
        [*PANZERS[:2], ("ger-lvi-pz", "2017"), ("ger-xlvii-pz", "2013")], ["ger-xxiv-pz"], (6,)
    )
    assert s["_choices"] == [{"leader": "ger-guderian", "side": "axis",
                              "choices": ["2013", "2017"]}]  # fmt: skip


def test_leaders_mannerheim_exile() -> None:
    """DR 11.6.2E: to the nearest Finnish unit; with none left he goes into exile."""
    s = lx_settle(
        [("fin-mannerheim", "0113"), ("fin-i-inf", "0113"), ("fin-ii-inf", "0312")],
        ["fin-i-inf"],
        (6,),
    )
    assert s["units"]["fin-mannerheim"]["at"] == "0312"
    s = lx_settle([("fin-mannerheim", "0113"), ("fin-i-inf", "0113")], ["fin-i-inf"], (6,))
    assert s["units"]["fin-mannerheim"]["at"] == "removed"


def test_leaders_zhukov_and_timoshenko_keep_apart() -> None:
    """DR 11.6.4G, 12.7E-F: to the nearest Soviet unit, never into the other's hex."""
    units = [("sov-zhukov", "2016"), ("sov-5-army", "2016"), ("sov-timoshenko", "2017"),
             ("sov-6-army", "2017"), ("sov-9-army", "2019")]  # fmt: skip
    s = lx_settle(units, ["sov-5-army"], (6,))
    assert s["units"]["sov-zhukov"]["at"] == "2019"


def test_leaders_stalin_refuge_by_rail_or_a_second_die() -> None:
    """DR 11.6.3E: with his units gone Stalin goes to Stalingrad, Leningrad or Gorki if a
    rail line from Moscow reaches them; else a second die kills him on 1-3 (1-2 in Snow)."""
    moscow = R.map.place_named("Moscow").hex
    refuges = sorted(R.map.place_named(n).hex for n in ("Stalingrad", "Leningrad", "Gorki"))
    s = lx_settle([("sov-stalin", moscow), ("sov-5-army", moscow)], ["sov-5-army"], (6,))
    assert s["_choices"] == [{"leader": "sov-stalin", "side": "soviet", "choices": refuges}]
    cut = [("sov-stalin", moscow), ("sov-5-army", moscow), ("ger-i-inf", moscow)]
    s = lx_settle(cut, ["sov-5-army"], (6, 3))
    assert s["units"]["sov-stalin"]["at"] == "lost" and s["stalin"] == "dead"
    s = lx_settle(cut, ["sov-5-army"], (6, 3), turn=7, weather="snow")
    assert s["stalin"] == "alive" and s["_choices"][0]["choices"] == refuges
    s = lx_settle([("sov-stalin", moscow), ("sov-5-army", moscow)], ["sov-5-army"], (2,))
    assert s["stalin"] == "dead"  # DR 11.6D, 13.0D


def test_leaders_stalin_choice_through_the_door() -> None:
    """The Soviet player places Stalin ('place sov-stalin HEX') after his stack falls."""
    moscow = R.map.place_named("Moscow").hex
    units = [
        ("sov-stalin", moscow),
        ("sov-5-army", moscow, ["reduced"]),
        ("ger-xxiv-pz", "1118"),
        ("ger-xlvii-pz", "1118"),
        ("ger-i-inf", "1018"),
    ]
    for seed in range(1, 300):
        s = lx_play(lx_start(units, seed, turn=1), f"attack {moscow}", "roll")
        if s["pending"] and s["pending"]["kind"] == "leader":
            break
    else:
        raise AssertionError("no seed")
    assert s["units"]["sov-5-army"]["at"] == "dead" and GAME.active_side(s) == "soviet"
    acts = lx_texts(s)
    assert len(acts) == 3 and all(a.startswith("place sov-stalin ") for a in acts)
    s = lx_play(s, acts[0])
    assert s["units"]["sov-stalin"]["at"] == acts[0].split()[-1]
    assert s["pending"]["kind"] == "advance"


def test_leaders_go_with_their_retreating_stack() -> None:
    """DR 11.6.3C: Stalin leaves Moscow only in a retreat — with his stack."""
    moscow = R.map.place_named("Moscow").hex
    units = [("sov-stalin", moscow), ("sov-9-army", moscow), ("ger-i-inf", "1118")]
    for seed in range(1, 300):
        s = lx_play(lx_start(units, seed), f"attack {moscow}", "roll")
        p = s["pending"]
        if p and p["kind"] == "losses" and p["side"] == "soviet" and p["battle"]["left"] >= 2:
            break
    else:
        raise AssertionError("no seed")
    s = lx_play(s, "reduce sov-9-army")
    retreat = next(a for a in lx_texts(s) if a.startswith("retreat"))
    s = lx_play(s, retreat)
    assert s["units"]["sov-stalin"]["at"] == s["units"]["sov-9-army"]["at"] != moscow


# ------------------------------------------------------------------ 11.7 air points
def test_air_points_in_attacks() -> None:
    """DR 11.7C-E: up to three, one extra die each, a German unit needed for Axis points;
    spent from the pool."""
    units = [("ger-i-inf", "2015"), ("sov-5-army", "2016")]
    s = lx_play(lx_start(units, pools={"axis": {"air": 5}}), "attack 2016")
    assert [a for a in lx_texts(s) if a.startswith("air")] == ["air 1", "air 2", "air 3"]
    s = lx_play(s, "air 3")
    assert combat.attack_dice(R, s, ["ger-i-inf"], "2016", 3, supply=ALL).by_faces("attacker") == {
        1: 6
    }
    s = lx_play(s, "roll")
    assert s["pools"]["axis"]["air"] == 2
    low = lx_play(lx_start(units, pools={"axis": {"air": 2}}), "attack 2016")
    assert [a for a in lx_texts(low) if a.startswith("air")] == ["air 1", "air 2"]
    rom = lx_play(
        lx_start([("rom-iii-inf", "2613"), ("sov-5-army", "2513")], pools={"axis": {"air": 5}}),
        "attack 2513",
    )
    assert not [a for a in lx_texts(rom) if a.startswith("air")]  # DR 11.7E


def test_air_soviet_points_on_the_first_snow_turn_hit_on_five() -> None:
    s = lx_start(
        [("sov-5-army", "2015"), ("ger-i-inf", "2016")],
        turn=6,
        weather="snow",
        phase="soviet_combat",
        pools={"soviet": {"air": 2}},
    )
    assert air.max_air(R, s, ["sov-5-army"]) == 2
    bd = combat.attack_dice(R, s, ["sov-5-army"], "2016", 2, supply=ALL)
    assert bd.by_faces("attacker") == {2: 5}


# ------------------------------------------------------------------ 11.5 fleets
SEVASTOPOL = [("sov-5-army", "2716"), ("sov-black-sea-fleet", "2716"), ("ger-i-inf", "2617")]


def test_fleet_defends_with_land_units_hitting_on_six() -> None:
    """DR 11.5.3: a Fleet adds its strength to the defence, hitting only on a 6 even in a
    fortress (where the army hits on 5-6)."""
    s = lx_start(SEVASTOPOL)
    bd = combat.attack_dice(R, s, ["ger-i-inf"], "2716", supply=ALL)
    assert bd.by_faces("defender") == {1: 3, 2: 3}
    set_unit(s, "sov-black-sea-fleet", reduced=True)
    assert combat.attack_dice(R, s, ["ger-i-inf"], "2716", supply=ALL).by_faces("defender") == {
        1: 1,
        2: 3,
    }
    baltic = lx_start(
        [("sov-5-army", "0514"), ("sov-baltic-fleet", "0514", ["reduced"]), ("ger-i-inf", "0415")]
    )
    s = baltic
    set_unit(s, "sov-baltic-fleet", reduced=True)  # no reduced side printed (11.5.6A)
    assert air.fleet_strength(R, s, "sov-baltic-fleet") == 0


def test_fleet_may_be_reduced_to_satisfy_losses() -> None:
    """DR 11.5.6B: the USSR may reduce a defending Fleet to satisfy a hit."""
    units = [("sov-5-army", "2514"), ("sov-black-sea-fleet", "2514"), ("ger-i-inf", "2415"),
             ("ger-ii-inf", "2415")]  # fmt: skip
    for seed in range(1, 300):
        s = lx_play(lx_start(units, seed), "attack 2514", "roll")
        if s["pending"] and s["pending"]["kind"] == "losses" and s["pending"]["side"] == "soviet":
            break
    else:
        raise AssertionError("no seed")
    assert "reduce sov-black-sea-fleet" in lx_texts(s)
    s = lx_play(s, "reduce sov-black-sea-fleet")
    assert s["units"]["sov-black-sea-fleet"]["reduced"]


def test_fleet_joins_an_attack_only_with_land_units() -> None:
    """DR 11.5.3: a Fleet may attack an adjacent hex with Soviet land units; its dice hit on
    a 6 only, even on the first Snow turn."""
    units = [("sov-black-sea-fleet", "2615"), ("sov-5-army", "2415"), ("ger-i-inf", "2514")]
    s = lx_play(lx_start(units, turn=6, weather="snow", phase="soviet_combat"), "attack 2514")
    assert "with sov-black-sea-fleet" in lx_texts(s)
    s = lx_play(s, "with sov-black-sea-fleet")
    bd = combat.attack_dice(R, s, s["pending"]["attackers"], "2514", supply=ALL)
    assert bd.by_faces("attacker") == {1: 3, 2: 3}
    alone = lx_play(s, "without sov-5-army")
    assert alone["pending"]["attackers"] == [] and "roll" not in lx_texts(alone)


def test_fleet_displaced_when_the_axis_enters() -> None:
    """DR 11.5.2, 11.5.6C: an Axis advance into the Fleet's hex moves it to an adjacent sea or
    coastal Black Sea hex across water (the Soviet player's choice)."""
    units = [("sov-5-army", "2514", ["reduced"]), ("sov-black-sea-fleet", "2514", ["reduced"]),
             ("ger-xxiv-pz", "2415"), ("ger-xlvii-pz", "2415")]  # fmt: skip
    for seed in range(1, 300):
        s = lx_play(lx_start(units, seed, turn=1), "attack 2514", "roll")
        if s["pending"] and s["pending"]["kind"] == "advance":
            break
    else:
        raise AssertionError("no seed")
    assert s["units"]["sov-black-sea-fleet"]["at"] == "dead"  # maximum loss took it too
    units[1] = ("sov-black-sea-fleet", "2514")
    for seed in range(1, 300):
        s = lx_play(lx_start(units, seed, turn=1), "attack 2514", "roll")
        p = s["pending"]
        if p and p["kind"] == "losses" and p["side"] == "soviet" and p["battle"]["left"] == 1:
            break
    else:
        raise AssertionError("no seed")
    s = lx_play(s, "reduce sov-5-army", "advance ger-xxiv-pz")
    assert s["pending"]["kind"] == "displace" and GAME.active_side(s) == "soviet"
    assert lx_texts(s) == ["displace sov-black-sea-fleet 2515",
                           "displace sov-black-sea-fleet 2614",
                           "displace sov-black-sea-fleet 2615"]  # fmt: skip
    s = lx_play(s, "displace sov-black-sea-fleet 2615")
    assert s["units"]["sov-black-sea-fleet"]["at"] == "2615"


def test_air_attack_on_a_fleet() -> None:
    """DR 11.5.4: Axis Air Points against a Fleet in the Axis Combat Phase, an Axis unit within
    four hexes; three points a Fleet a turn; each 5-6 reduces it."""
    units = [("sov-black-sea-fleet", "2615"), ("ger-i-inf", "2412"), ("sov-5-army", "2012")]
    s = lx_start(units, pools={"axis": {"air": 8}})
    assert R.map.grid.distance("2412", "2615") <= 4
    strikes = [a for a in lx_texts(s) if a.startswith("airstrike")]
    assert strikes == [f"airstrike sov-black-sea-fleet {n}" for n in (1, 2, 3)]
    s = lx_start(units, lx_seed(5, 2), pools={"axis": {"air": 8}})
    s = lx_play(s, "airstrike sov-black-sea-fleet 2")
    assert s["units"]["sov-black-sea-fleet"]["reduced"] and s["pools"]["axis"]["air"] == 6
    assert [a for a in lx_texts(s) if a.startswith("airstrike")] == [
        "airstrike sov-black-sea-fleet 1"
    ]
    far = lx_start(
        [("sov-black-sea-fleet", "2615"), ("ger-i-inf", "1808")], pools={"axis": {"air": 8}}
    )
    assert not [a for a in lx_texts(far) if a.startswith("airstrike")]
    exploit = lx_start(units, phase="axis_exploit_combat", pools={"axis": {"air": 8}})
    assert not [a for a in lx_texts(exploit) if a.startswith("airstrike")]


# ------------------------------------------------------------------ 11.8 militia
MINSK = [("ger-i-inf", "1411"), ("sov-5-army", "1511"), ("sov-militia-1", "", ["reserve"]),
         ("sov-militia-2", "", ["reserve"])]  # fmt: skip


def test_militia_rises_in_a_city_held_by_one_unit() -> None:
    """DR 11.8A: Axis attack on a city with one defender: a 6 (minor city) raises a militia,
    which defends in that battle."""
    raised = None
    for seed in range(1, 300):
        s = lx_play(lx_start(MINSK, seed), "attack 1511", "roll")
        entry = s["log"][-1]
        die = next(r["dice"][0] for r in entry["rolls"] if "Militia" in r["why"])
        if die == 6:
            raised = s
            break
        assert s["units"]["sov-militia-1"]["at"] == "reserve"
    assert raised is not None
    last = combat.last_battle(raised)
    assert last is not None and "sov-militia-1" in last["defenders"]
    assert raised["units"]["sov-militia-1"]["at"] in ("1511", "dead")


def test_militia_chances() -> None:
    """DR 11.8A, C: 1/6 in a minor city, 1/2 in a major city or fortress; no roll with two
    defenders or with both militias in play."""
    s = lx_start(
        [("ger-i-inf", "1411"), ("sov-5-army", "1511"), ("sov-militia-1", "", ["reserve"])]
    )
    assert militia.militia_chances(R, s, "axis", ["1511"]) == [
        ((("sov-militia-1", "1511"),), Fraction(1, 6)),
        ((), Fraction(5, 6)),
    ]
    kiev = R.map.place_named("Kiev").hex
    s = lx_start([("ger-i-inf", "1913"), ("sov-5-army", kiev), ("sov-militia-2", "", ["dead"])])
    assert militia.militia_chances(R, s, "axis", [kiev])[0][1] == Fraction(1, 2)
    s = lx_start(
        [
            ("ger-i-inf", "1913"),
            ("sov-5-army", kiev),
            ("sov-militia-1", "2019"),
            ("sov-militia-2", "2119"),
        ]
    )
    assert militia.militia_chances(R, s, "axis", [kiev]) == [((), Fraction(1))]
    s = lx_start(
        [
            ("ger-i-inf", "1913"),
            ("sov-5-army", kiev),
            ("sov-2-tank", kiev),
            ("sov-militia-1", "", ["reserve"]),
        ]
    )
    assert militia.militia_chances(R, s, "axis", [kiev]) == [((), Fraction(1))]
    assert militia.militia_chances(R, s, "soviet", [kiev]) == [((), Fraction(1))]


def test_militia_in_the_odds() -> None:
    """The odds preview folds the militia in: with it the defender rolls one more die."""
    s = lx_start(
        [("ger-i-inf", "1411"), ("sov-5-army", "1511"), ("sov-militia-1", "", ["reserve"])]
    )
    dist = combat.outcome_distribution(R, s, ["ger-i-inf"], "1511", 0)
    assert sum(dist.values()) == 1
    no_hit = Fraction(5, 6)
    assert dist[(0, 0)] == no_hit**3 * (Fraction(5, 6) * no_hit**3 + Fraction(1, 6) * no_hit**4)
