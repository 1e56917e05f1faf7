"""DR 7.0-7.5 combat: the obligation to attack, declaring attacks, the dice with every
modifier (7.1.2, 7.1.3, 7.5, 8.3.4, 9.1-9.3), results (7.2), retreats (7.2.3) and the advance
after combat (7.3). Positions are built by hand (custom positions); dice come from seeds
searched for the wanted hits."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ostfront.core.errors import IllegalAction
from ostfront.core.rng import hits
from ostfront.games import get
from ostfront.games.dr import attack, combat, dice, retreat, supply
from ostfront.games.dr.rules import standard_rules

GAME = get("dr")
R = standard_rules()
Units = list[tuple[str, str] | tuple[str, str, list[str]]]


def cb_start(
    units: Units,
    seed: int = 1,
    *,
    turn: int = 3,
    phase: str = "axis_combat",
    weather: str = "clear",
    options: tuple[str, ...] = (),
    control: dict[str, str] | None = None,
    pools: dict[str, Any] | None = None,
) -> dict[str, Any]:
    position = {
        "game": "dr", "turn": turn, "phase": phase, "weather": weather,
        "units": [{"id": u[0], "hex": u[1], "status": list(u[2]) if len(u) > 2 else []}
                  for u in units],
        "extra": {"control": control or {}}, "pools": pools or {},
    }  # fmt: skip
    s = GAME.setup(seed=seed, options=list(options), position=position)
    s["turn"] = turn  # positions.py reads a turn of 0 (May, 12.3) as "not given"
    return s


def cb_texts(s: dict[str, Any]) -> list[str]:
    return sorted(a.text for a in GAME.legal_actions(s) if a.verb != "undo")


def cb_play(s: dict[str, Any], *actions: str) -> dict[str, Any]:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def cb_hits(s: dict[str, Any]) -> tuple[int, int]:
    """(hits scored by the attacker, hits scored by the defender) in the last battle."""
    last = combat.last_battle(s)
    assert last is not None
    return last["hits"]["defender"], last["hits"]["attacker"]


def cb_seed(units: Units, acts: tuple[str, ...], want: tuple[int, int], **kw: Any) -> int:
    for seed in range(1, 600):
        s = cb_play(cb_start(units, seed, **kw), *acts)
        if cb_hits(s) == want:
            return seed
    raise AssertionError(f"no seed gives {want}")


def cb_settle(s: dict[str, Any]) -> dict[str, Any]:
    """Finish a battle: take hits as reductions, advance no further."""
    while s["pending"] and s["pending"]["kind"] != "attack":
        acts = cb_texts(s)
        pick = next((a for a in acts if a == "stop"), None) or next(
            (a for a in acts if a.startswith("reduce")), acts[0]
        )
        s = GAME.apply(s, pick)
    return s


ALL = {u: True for u in R.counters.units}  # supply override: everybody in supply


def cb_dice(
    s: dict[str, Any],
    attackers: list[str],
    target: str | list[str],
    air: int = 0,
    sup: dict[str, bool] | None = None,
) -> dice.BattleDice:
    return combat.attack_dice(R, s, attackers, target, air, supply=ALL if sup is None else sup)


def cb_unit_dice(bd: dice.BattleDice, role: str) -> dict[str, tuple[int, int]]:
    return {g.why: (g.dice, g.faces) for g in getattr(bd, role)}


# ------------------------------------------------------------------ 7.0 the obligation
LINE = [("ger-i-inf", "2015"), ("sov-5-army", "2016")]


def test_combat_done_only_after_every_adjacent_enemy_is_attacked() -> None:
    """DR 7.0A-B: every active unit adjacent to an enemy must attack, every adjacent enemy
    must be attacked; 'done' waits until then."""
    s = cb_start(LINE)
    assert cb_texts(s) == ["attack 2016"]
    assert "DR 7.0B" in GAME.prompt(s).text
    with pytest.raises(IllegalAction):
        GAME.apply(s, "done")
    s = cb_settle(cb_play(s, "attack 2016", "roll"))
    assert "done" in cb_texts(s) and "attack 2016" not in cb_texts(s)  # DR 7.1C: once a phase


def test_combat_cancelled_declaration_leaves_the_obligation() -> None:
    s = cb_play(cb_start(LINE), "attack 2016", "cancel")
    assert cb_texts(s) == ["attack 2016"] and s["pending"] is None


def test_combat_fortress_garrison_need_not_attack_but_must_be_attacked() -> None:
    """DR 7.0C, 9.1.8D: units in an intact fortress are not required to attack, but must be
    attacked."""
    units = [("ger-i-inf", "1710"), ("sov-5-army", "1810")]
    soviet = cb_start(units, phase="soviet_combat")
    assert cb_texts(soviet) == ["attack 1710", "done"]
    axis = cb_start(units)
    assert cb_texts(axis) == ["attack 1810"]
    lost = cb_start(units, phase="soviet_combat")
    lost["fortress_lost"] = ["1810"]  # DR 9.1.8E: no benefit left
    assert cb_texts(lost) == ["attack 1710"]


def test_combat_nkvd_and_units_stacked_with_them_need_not_attack() -> None:
    """DR 11.9: an NKVD army and any unit stacked with it are never required to attack."""
    units = [("ger-i-inf", "2015"), ("sov-29-army", "2016"), ("sov-2-tank", "2016")]
    assert R.unit("sov-29-army").type == "nkvd"
    s = cb_start(units, phase="soviet_combat")
    assert cb_texts(s) == ["attack 2015", "done"]
    s = cb_start([*units, ("sov-5-army", "2115")], phase="soviet_combat")
    assert cb_texts(s) == ["attack 2015"]  # the 5th Army next door must attack


def test_combat_mud_forces_no_attack() -> None:
    """DR 8.3.3D, read as: in Mud no unit is forced to attack."""
    assert cb_texts(cb_start(LINE, turn=5, weather="mud")) == ["attack 2016", "done"]


def test_combat_no_attack_across_the_sivash() -> None:
    """DR 9.3.4B: neither side may attack from 2418 to 2517 or back."""
    s = cb_start([("ger-i-inf", "2418"), ("sov-5-army", "2517")])
    assert cb_texts(s) == ["done"]
    s = cb_start([("ger-i-inf", "2418"), ("sov-5-army", "2517")], phase="soviet_combat")
    assert cb_texts(s) == ["done"]


def test_combat_romanian_home_defense_never_attacks_across_the_border() -> None:
    """DR 11.4.4: a Home Defense unit may not attack out of Romania (so it is not obliged)."""
    assert R.unit("rom-i-home").home_defense
    assert cb_texts(cb_start([("rom-i-home", "2613"), ("sov-5-army", "2513")])) == ["done"]
    assert cb_texts(cb_start([("rom-iii-inf", "2613"), ("sov-5-army", "2513")])) == ["attack 2513"]


def test_combat_may_turn_romanians_stay_home() -> None:
    """DR 12.3E: in May (Early Start) Romanians and Finns do not attack across their borders
    and are not required to attack; from June they are."""
    units = [("rom-iii-inf", "2613"), ("sov-5-army", "2513")]
    assert cb_texts(cb_start(units, turn=0, options=("early-start",))) == ["done"]
    assert cb_texts(cb_start(units, turn=1, options=("early-start",))) == ["attack 2513"]


STRAND = [("ger-i-inf", "2017"), ("ger-ii-inf", "2015"), ("sov-5-army", "2016"),
          ("sov-6-army", "1914")]  # fmt: skip


def test_combat_an_attack_may_not_strand_an_obligation() -> None:
    """DR 7.0A-B: the II Corps is the only unit that can attack 1914, and the I Corps can
    attack nothing but 2016, so an attack on 2016 must include the I Corps and leave out the
    II Corps, unless the II Corps attacks both hexes at once (7.1B)."""
    s = cb_start(STRAND)
    assert cb_texts(s) == ["attack 1914", "attack 2016"]
    s = cb_play(s, "attack 2016")
    assert s["pending"]["attackers"] == ["ger-i-inf"]  # the default keeps 1914 attackable
    assert "roll" in cb_texts(s)
    bad = cb_play(s, "with ger-ii-inf")
    assert "roll" not in cb_texts(bad) and "1914" in GAME.prompt(bad).text
    bad = cb_play(s, "without ger-i-inf")
    assert "roll" not in cb_texts(bad)
    both = cb_play(s, "without ger-i-inf", "with ger-ii-inf")
    assert "also 1914" in cb_texts(both)
    assert "roll" not in cb_texts(cb_play(both, "also 1914"))  # the I Corps would be stranded


def test_combat_several_hexes_from_one_hex_use_the_defenders_best_terrain() -> None:
    """DR 7.1B: the units of one hex may attack all their adjacent enemy hexes together,
    with the terrain most favourable to the defender (here the forest of 1616)."""
    units = [("ger-i-inf", "1515"), ("ger-ii-inf", "1515"), ("sov-5-army", "1615"),
             ("sov-6-army", "1616")]  # fmt: skip
    s = cb_play(cb_start(units), "attack 1615")
    assert "also 1616" in cb_texts(s)
    s = cb_play(s, "also 1616")
    assert s["pending"]["targets"] == ["1615", "1616"] and "drop 1616" in cb_texts(s)
    assert s["pending"]["attackers"] == ["ger-i-inf", "ger-ii-inf"]
    bd = cb_dice(s, ["ger-i-inf", "ger-ii-inf"], ["1615", "1616"])
    assert bd.terrain_hex == "1616" and bd.dice("defender") == 3 + 3 + 1
    assert bd.dice("attacker") == 6
    s = cb_settle(cb_play(s, "roll"))
    assert sorted(s["hexes_attacked"]) == ["1615", "1616"]


def test_combat_multi_hex_needs_a_single_attacking_hex() -> None:
    units = [("ger-i-inf", "1515"), ("ger-ii-inf", "1715"), ("sov-5-army", "1615"),
             ("sov-6-army", "1616")]  # fmt: skip
    s = cb_play(cb_start(units), "attack 1615", "with ger-ii-inf")
    assert sorted(s["pending"]["attackers"]) == ["ger-i-inf", "ger-ii-inf"]
    assert not [a for a in cb_texts(s) if a.startswith("also")]


# ------------------------------------------------------------------ 7.0D / 7.4 exploitation
def test_combat_exploitation_attacks_are_optional_and_for_exploiters_only() -> None:
    """DR 7.0D, 7.4, 4.6: optional; only units able to exploit (German infantry has 1 MP in
    Clear, Romanian infantry none, 6.6.1); no Air Points (11.7F)."""
    s = cb_start(LINE, phase="axis_exploit_combat", pools={"axis": {"air": 5}})
    assert cb_texts(s) == ["attack 2016", "done"]
    s = cb_play(s, "attack 2016")
    assert not [a for a in cb_texts(s) if a.startswith("air")]
    rom = cb_start([("rom-iii-inf", "2015"), ("sov-5-army", "2016")], phase="axis_exploit_combat")
    assert cb_texts(rom) == ["done"]


def test_combat_exploitation_in_light_mud_only_with_guderian() -> None:
    """DR 6.6.3B, 11.6.1E: in Light Mud only German Armor stacked with Guderian."""
    armor = [("ger-xxiv-pz", "2015"), ("sov-5-army", "2016")]
    s = cb_start(armor, turn=4, weather="light_mud", phase="axis_exploit_combat")
    assert cb_texts(s) == ["done"]
    s = cb_start(
        [*armor, ("ger-guderian", "2015")], turn=4, weather="light_mud", phase="axis_exploit_combat"
    )
    assert cb_texts(s) == ["attack 2016", "done"]
    s = cb_start(
        [*armor, ("ger-guderian", "2015")], turn=5, weather="mud", phase="axis_exploit_combat"
    )
    assert cb_texts(s) == ["done"]  # DR 6.6.3A: nobody exploits in Mud


def test_combat_soviet_exploitation_by_type() -> None:
    """DR 6.6.2, 11.1: Soviet armor, cavalry and shock armies exploit; infantry does not."""
    for uid, can in (("sov-2-tank", True), ("sov-5-army", False), ("sov-1-shock", True),
                     ("sov-2-cav", True)):  # fmt: skip
        s = cb_start([("ger-i-inf", "2015"), (uid, "2016")], phase="soviet_exploit_combat")
        assert ("attack 2015" in cb_texts(s)) is can, uid


def test_combat_airborne_exploits_only_the_turn_it_drops() -> None:
    """DR 11.3.1E: the airborne unit attacks in an exploitation combat phase only if it
    dropped in that turn's exploitation movement."""
    units = [("ger-i-inf", "2015"), ("sov-airborne", "2016")]
    s = cb_start(units, turn=7, weather="snow", phase="soviet_exploit_combat")
    assert cb_texts(s) == ["done"]
    s["airborne_drops"] = [{"unit": "sov-airborne", "turn": 7, "phase": "soviet_exploit"}]
    assert cb_texts(s) == ["attack 2015", "done"]


# ------------------------------------------------------------------ 7.1.2 modifiers
def test_combat_river_costs_each_unit_crossing_it() -> None:
    """DR 9.1.7C: minus one for each unit attacking across a river, even alongside units
    that do not cross one."""
    assert "river" in R.map.side_kinds("1509", "1508") and not R.map.side_kinds("1507", "1508")
    s = cb_start([("ger-i-inf", "1509"), ("ger-ii-inf", "1507"), ("sov-5-army", "1508")])
    bd = cb_dice(s, ["ger-i-inf", "ger-ii-inf"], "1508")
    assert cb_unit_dice(bd, "attacker") == {"ger-i-inf": (2, 1), "ger-ii-inf": (3, 1)}


def test_combat_cities_cost_armor_one_and_major_cities_add_one_defending() -> None:
    """DR 9.1.5B, 9.1.6B-C: Armor attacking a city or major city loses one; a major city adds
    one to the defence."""
    minsk = cb_start([("ger-xxiv-pz", "1411"), ("ger-i-inf", "1411"), ("sov-5-army", "1511")])
    bd = cb_dice(minsk, ["ger-xxiv-pz", "ger-i-inf"], "1511")
    assert bd.dice("attacker") == 4 + 3 and bd.dice("defender") == 3
    kiev = cb_start([("ger-xxiv-pz", "1913"), ("ger-i-inf", "1913"), ("sov-5-army", "2014")])
    bd = cb_dice(kiev, ["ger-xxiv-pz", "ger-i-inf"], "2014")
    assert bd.dice("attacker") == 4 + 3 and bd.dice("defender") == 3 + 1


def test_combat_fortress_effects() -> None:
    """DR 9.1.8C-F: each attacker loses one, defenders hit on 5-6; Brest is a city too (armor
    loses another); Leningrad's major city bonus does not add (not cumulative); once an Axis
    unit has occupied the fortress its benefits are gone."""
    brest = cb_start([("ger-xxiv-pz", "1710"), ("ger-i-inf", "1710"), ("sov-5-army", "1810")])
    bd = cb_dice(brest, ["ger-xxiv-pz", "ger-i-inf"], "1810")
    assert cb_unit_dice(bd, "attacker") == {"ger-xxiv-pz": (3, 1), "ger-i-inf": (2, 1)}
    assert bd.by_faces("defender") == {2: 3}
    units = [("ger-xxiv-pz", "0415"), ("ger-i-inf", "0415"), ("sov-5-army", "0514")]
    len_ = cb_start(units)
    bd = cb_dice(len_, ["ger-xxiv-pz", "ger-i-inf"], "0514")
    assert cb_unit_dice(bd, "attacker") == {"ger-xxiv-pz": (4, 1), "ger-i-inf": (2, 1)}
    assert bd.by_faces("defender") == {2: 3}
    len_["fortress_lost"] = ["0514"]
    bd = cb_dice(len_, ["ger-xxiv-pz", "ger-i-inf"], "0514")
    assert cb_unit_dice(bd, "attacker") == {"ger-xxiv-pz": (4, 1), "ger-i-inf": (3, 1)}
    assert bd.by_faces("defender") == {1: 4}


def test_combat_strait() -> None:
    """DR 9.3.2: minus one for each unit attacking across the Kerch strait; plus one for each
    defender unless it is attacked from another hex as well."""
    assert R.map.has_side("2618", "2619", "strait")
    s = cb_start([("ger-i-inf", "2618"), ("ger-ii-inf", "2620"), ("sov-5-army", "2619")])
    bd = cb_dice(s, ["ger-i-inf"], "2619")
    assert bd.dice("attacker") == 2 and bd.dice("defender") == 4
    bd = cb_dice(s, ["ger-i-inf", "ger-ii-inf"], "2619")
    assert cb_unit_dice(bd, "attacker") == {"ger-i-inf": (2, 1), "ger-ii-inf": (3, 1)}
    assert bd.dice("defender") == 3


def test_combat_bosporus_is_a_river_not_a_strait() -> None:
    """DR 9.3.5: the Bosporus is treated as a river."""
    assert [k for k, _ in dice.hexside_effects(R, "3112", "3113")] == ["river"]
    assert [k for k, _ in dice.hexside_effects(R, "2618", "2619")] == ["strait"]


def test_combat_snow_halves_axis_attackers_but_finns_and_mountain_troops() -> None:
    """DR 8.3.4: in Snow Axis attackers are halved (rounded up), except Finns and German and
    Romanian mountain units; Soviets are not."""
    axis = ["ger-i-inf", "fin-i-inf", "ger-xlix-mtn", "rom-mtn", "rom-iii-inf", "ger-xxiv-pz"]
    s = cb_start([(u, "2015") for u in axis] + [("sov-5-army", "2016")], turn=7, weather="snow")
    got = {u: n for u, (n, _) in cb_unit_dice(cb_dice(s, axis, "2016"), "attacker").items()}
    assert got == {"ger-i-inf": 2, "fin-i-inf": 3, "ger-xlix-mtn": 4, "rom-mtn": 4,
                   "rom-iii-inf": 1, "ger-xxiv-pz": 3}  # fmt: skip
    s = cb_start(
        [("sov-5-army", "2015"), ("ger-i-inf", "2016")],
        turn=7,
        weather="snow",
        phase="soviet_combat",
    )
    assert cb_dice(s, ["sov-5-army"], "2016").dice("attacker") == 3


def test_combat_first_snow_turn_soviets_hit_on_five() -> None:
    """DR 8.3.4: all Soviet attacks hit on 5-6 during the first Snow turn (not later ones),
    fleets excepted (11.5.3)."""
    s = cb_start(
        [("sov-5-army", "2015"), ("ger-i-inf", "2016")],
        turn=6,
        weather="snow",
        phase="soviet_combat",
    )
    assert s["snow_turns"] == 1
    assert cb_dice(s, ["sov-5-army"], "2016").by_faces("attacker") == {2: 3}
    assert cb_dice(s, ["sov-5-army"], "2016").by_faces("defender") == {1: 3}
    s["snow_turns"] = 2
    assert cb_dice(s, ["sov-5-army"], "2016").by_faces("attacker") == {1: 3}


def test_combat_panzer_shock() -> None:
    """DR 7.5: on Turn One German Armor hits on 5-6 (other units on a 6); under Early Start
    in May instead (12.3A)."""
    units = [("ger-xxiv-pz", "2015"), ("ger-i-inf", "2015"), ("sov-5-army", "2016")]
    june = cb_dice(cb_start(units, turn=1), ["ger-xxiv-pz", "ger-i-inf"], "2016")
    assert june.by_faces("attacker") == {1: 3, 2: 5}
    july = cb_dice(cb_start(units, turn=2), ["ger-xxiv-pz", "ger-i-inf"], "2016")
    assert july.by_faces("attacker") == {1: 8}
    may = cb_start(units, turn=0, options=("early-start",), weather="light_mud")
    assert cb_dice(may, ["ger-xxiv-pz"], "2016").by_faces("attacker") == {2: 5}
    june_es = cb_start(units, turn=1, options=("early-start",))
    assert cb_dice(june_es, ["ger-xxiv-pz"], "2016").by_faces("attacker") == {1: 5}


def test_combat_supply_is_traced_at_the_instant_of_attack() -> None:
    """DR 7.1.3, 5.1B-C: an attacker out of supply counts one; a defender out of supply is
    halved, rounding up; supply is traced when the attack is rolled, whatever the marker
    says."""
    s = cb_start([("ger-i-inf", "1207"), ("sov-5-army", "1307")])
    assert not supply.in_supply(R, s, "ger-i-inf") and supply.in_supply(R, s, "sov-5-army")
    s = cb_play(s, "attack 1307", "roll")
    assert s["units"]["ger-i-inf"]["oos"]
    last = combat.last_battle(s)
    assert last is not None and [g["dice"] for g in last["dice"]["attacker"]] == [1]
    s = cb_start([("sov-5-army", "1207"), ("ger-i-inf", "1307", ["oos"])])
    assert supply.in_supply(R, s, "ger-i-inf")
    s = cb_play(s, "attack 1207", "roll")
    last = combat.last_battle(s)
    assert last is not None
    assert [g["dice"] for g in last["dice"]["attacker"]] == [3]  # the marker was wrong
    assert [g["dice"] for g in last["dice"]["defender"]] == [2]  # 3 halved, rounded up
    assert not s["units"]["ger-i-inf"]["oos"] and s["units"]["sov-5-army"]["oos"]


def test_combat_outcome_distribution_is_exact() -> None:
    """The joint distribution of the hits is the product of the two sides' binomials."""
    s = cb_start([("rom-mtn", "2613"), ("sov-18-tank", "2513")])
    dist = combat.outcome_distribution(R, s, ["rom-mtn"], "2513", 0)
    assert sum(dist.values()) == 1
    assert dist[(0, 0)] == hits(4)[0] * hits(2)[0] == Fraction(5, 6) ** 6
    assert dist[(4, 2)] == Fraction(1, 6) ** 6
    june = cb_start([("ger-xxiv-pz", "2015"), ("sov-5-army", "2016")], turn=1)
    dist = combat.outcome_distribution(R, june, ["ger-xxiv-pz"], "2016", 0)
    assert dist[(5, 0)] == Fraction(1, 3) ** 5 * Fraction(5, 6) ** 3


# ------------------------------------------------------------------ 7.2 results
STACK = [("ger-xxiv-pz", "2015"), ("ger-xlvii-pz", "2015"), ("sov-9-army", "2016"),
         ("sov-2-tank", "2016")]  # fmt: skip
ROLL = ("attack 2016", "roll")


@pytest.mark.parametrize(
    ("want", "first"),
    [((3, 1), "soviet"), ((1, 3), "axis"), ((2, 2), "axis")],
)
def test_combat_the_side_with_more_hits_settles_first(want: tuple[int, int], first: str) -> None:
    """DR 7.2.5: more hits settles first; on a tie the attacker does."""
    seed = cb_seed(STACK, ROLL, want, turn=1)
    s = cb_play(cb_start(STACK, seed, turn=1), *ROLL)
    assert s["pending"]["kind"] == "losses" and s["pending"]["side"] == first
    assert s["pending"]["battle"]["left"] == (want[0] if first == "soviet" else want[1])


def test_combat_losses_need_one_reduction_before_a_retreat() -> None:
    seed = cb_seed(STACK, ROLL, (2, 0), turn=1)
    s = cb_play(cb_start(STACK, seed, turn=1), *ROLL)
    assert cb_texts(s) == ["reduce sov-2-tank", "reduce sov-9-army"]  # DR 7.2.1B
    s = cb_play(s, "reduce sov-2-tank")
    assert cb_texts(s) == ["reduce sov-2-tank", "reduce sov-9-army", "retreat 1916",
                           "retreat 2017", "retreat 2116"]  # fmt: skip


def test_combat_retreat_direction_and_zones_of_control() -> None:
    """DR 7.2.3A, C: away from the hex and toward the east edge for the Soviets; an enemy
    ZOC blocks unless a friendly unit stands there. Here the Axis unit in 1917 covers 1916 and
    2017; a Soviet unit in 2017 opens it again."""
    base = [*STACK, ("ger-i-inf", "1917")]
    seed = cb_seed(base, ROLL, (2, 0), turn=1)
    s = cb_play(cb_start(base, seed, turn=1), *ROLL, "reduce sov-2-tank")
    assert [a for a in cb_texts(s) if a.startswith("retreat")] == ["retreat 2116"]
    single = [("ger-xxiv-pz", "2015"), ("ger-i-inf", "1917"), ("sov-9-army", "2016")]
    for friend, want in (
        ([], ["retreat 2116"]),
        ([("sov-6-cav", "2017")], ["retreat 2017", "retreat 2116"]),
    ):
        units = single + friend
        seed = cb_seed(units, ROLL, (2, 0), turn=1)
        s = cb_play(cb_start(units, seed, turn=1), *ROLL, "reduce sov-9-army")
        assert [a for a in cb_texts(s) if a.startswith("retreat")] == want


def test_combat_retreat_must_end_within_the_stacking_limit() -> None:
    """DR 7.2.3B: a stack may pass through a full hex but may not end its retreat there."""
    units = [*STACK, ("sov-6-cav", "2017")]
    seed = cb_seed(units, ROLL, (3, 0), turn=1)
    s = cb_play(cb_start(units, seed, turn=1), *ROLL, "reduce sov-2-tank")
    assert "retreat 2017" in cb_texts(s)  # two hits left: it can go on
    s = cb_play(s, "retreat 2017")
    assert all(a.startswith("retreat") for a in cb_texts(s))  # it must go on
    s = cb_play(s, cb_texts(s)[0])
    assert s["pending"]["kind"] == "advance"
    seed = cb_seed(units, ROLL, (2, 0), turn=1)
    s = cb_play(cb_start(units, seed, turn=1), *ROLL, "reduce sov-2-tank")
    assert "retreat 2017" not in cb_texts(s)  # one hit left: 2017 would be the end


def test_combat_a_stack_that_cannot_end_within_the_limit_retreats_one_unit() -> None:
    """DR 7.2.3B: every retreat hex holds a friendly unit and one hit is left after the first
    reduction, so the pair cannot retreat together; one unit may retreat alone to where it
    fits (not the army into the army's hex, 6.2.1), and the other stays."""
    units = [*STACK, ("sov-6-cav", "2017"), ("sov-5-army", "1916"), ("sov-2-cav", "2116")]
    seed = cb_seed(units, ROLL, (2, 0), turn=1)
    s = cb_play(cb_start(units, seed, turn=1), *ROLL, "reduce sov-2-tank")
    assert [a for a in cb_texts(s) if not a.startswith("reduce")] == [
        "split 2016 sov-2-tank 1916",
        "split 2016 sov-2-tank 2017",
        "split 2016 sov-2-tank 2116",
        "split 2016 sov-9-army 2017",
        "split 2016 sov-9-army 2116",
    ]
    s = cb_play(s, "split 2016 sov-9-army 2017")
    assert s["units"]["sov-9-army"]["at"] == "2017"
    assert s["units"]["sov-2-tank"] == {"at": "2016", "reduced": True, "oos": False}
    assert not s["pending"] or s["pending"]["kind"] != "losses"  # the one hit is satisfied


def test_combat_after_a_split_retreat_the_hits_left_are_losses() -> None:
    """DR 7.2.3B: "taking the remaining hits as losses" - no further retreat."""
    units = [*STACK, ("sov-6-cav", "2017"), ("sov-5-army", "1916"), ("sov-2-cav", "2116")]
    seed = cb_seed(units, ROLL, (2, 0), turn=1)
    s = cb_play(cb_start(units, seed, turn=1), *ROLL, "reduce sov-9-army")
    battle = s["pending"]["battle"]
    s = GAME.apply(s, "split 2016 sov-2-tank 2017")
    assert s["units"]["sov-2-tank"]["at"] == "2017"
    # as if a hit were still to be satisfied: it is a loss, never another retreat
    s["pending"] = {"kind": "losses", "side": "soviet", "battle": battle}
    battle.update(left=1, role="defender")
    battle["stacks"]["2016"]["split"] = True
    assert cb_texts(s) == ["reduce sov-2-tank", "reduce sov-9-army"]
    battle["stacks"]["2016"]["split"] = False
    assert "split 2016 sov-9-army 2116" in cb_texts(s)


def test_combat_defender_may_stop_retreating_and_take_the_rest_as_losses() -> None:
    seed = cb_seed(STACK, ROLL, (3, 0), turn=1)
    s = cb_play(
        cb_start(STACK, seed, turn=1),
        *ROLL,
        "reduce sov-2-tank",
        "retreat 2017",
        "reduce sov-9-army",
    )
    assert s["pending"]["kind"] == "advance"
    assert s["units"]["sov-9-army"] == {"at": "2017", "reduced": True, "oos": False}
    assert s["control"]["2017"] == "soviet"


def test_combat_attackers_retreat_together() -> None:
    """DR 7.2.2: after one reduction the attacker may satisfy one hit by retreating one hex;
    every attacking unit retreats, even from other hexes; then no advance (7.3C)."""
    units = [("ger-i-inf", "2015"), ("ger-ii-inf", "1915"), ("sov-9-army", "2016"),
             ("sov-2-tank", "2016")]  # fmt: skip
    seed = cb_seed(units, ROLL, (0, 2))
    s = cb_play(cb_start(units, seed), *ROLL)
    assert s["pending"]["side"] == "axis"
    assert cb_texts(s) == ["reduce ger-i-inf", "reduce ger-ii-inf"]
    s = cb_play(s, "reduce ger-i-inf")
    retreats = [a for a in cb_texts(s) if a.startswith("retreat")]
    assert retreats and all(a.startswith("retreat 1915 ") for a in retreats)
    s = cb_play(s, retreats[0])
    assert s["pending"]["kind"] == "losses" and s["pending"]["side"] == "axis"
    follow = cb_texts(s)
    assert follow and all(a.startswith("retreat 2015 ") for a in follow)  # DR 7.2.2D
    s = cb_play(s, follow[0])
    assert s["pending"] is None  # no advance after an attacker retreat
    assert s["units"]["ger-i-inf"]["at"] != "2015" and s["units"]["ger-ii-inf"]["at"] != "1915"
    for u in ("ger-i-inf", "ger-ii-inf"):
        assert R.map.grid.distance(s["units"][u]["at"], "2016") == 2


def test_combat_attacker_maximum_loss() -> None:
    """DR 7.2.4 applies to the attacker too: a 3-3 corps taking three hits is eliminated."""
    units = [("ger-i-inf", "2015"), ("sov-9-army", "2016"), ("sov-2-tank", "2016")]
    seed = cb_seed(units, ROLL, (0, 3))
    s = cb_play(cb_start(units, seed), *ROLL)
    assert s["units"]["ger-i-inf"]["at"] == "dead" and s["pending"] is None


def test_combat_eliminated_out_of_supply_is_lost_for_good() -> None:
    """DR 5.1E: a unit eliminated while out of supply is permanently removed."""
    units = [("ger-i-inf", "1207"), ("sov-9-army", "1307"), ("sov-2-tank", "1307")]
    seed = cb_seed(units, ("attack 1307", "roll"), (0, 3))
    s = cb_play(cb_start(units, seed), "attack 1307", "roll")
    assert s["units"]["ger-i-inf"]["at"] == "lost"


def test_combat_advance_after_combat() -> None:
    """DR 7.3: into the emptied hex, up to the stacking limit, ZOC and MPs no object; control
    passes (6.4C) and a fortress is lost once an Axis unit occupies it (9.1.8E)."""
    units = [("ger-xxiv-pz", "1710"), ("ger-xlvii-pz", "1710"), ("ger-i-inf", "1709"),
             ("sov-18-tank", "1810", ["reduced"])]  # fmt: skip
    seed = cb_seed(units, ("attack 1810", "roll"), (1, 0))
    s = cb_play(cb_start(units, seed), "attack 1810", "roll")
    assert cb_texts(s) == ["reduce sov-18-tank"]
    s = cb_play(s, "reduce sov-18-tank")
    assert s["units"]["sov-18-tank"]["at"] == "dead"
    assert cb_texts(s) == ["advance ger-i-inf", "advance ger-xlvii-pz", "advance ger-xxiv-pz",
                           "stop"]  # fmt: skip
    s = cb_play(s, "advance ger-xxiv-pz", "advance ger-i-inf")
    assert s["pending"] is None  # the hex is full
    assert s["control"]["1810"] == "axis" and s["fortress_lost"] == ["1810"]
    assert s["units"]["ger-xlvii-pz"]["at"] == "1710"


def test_combat_control_follows_retreats() -> None:
    """DR 6.4C: hexes a retreating unit passes become its side's."""
    seed = cb_seed(STACK, ROLL, (3, 0), turn=1)
    s = cb_play(
        cb_start(STACK, seed, turn=1, control={"2017": "axis", "2018": "axis"}),
        *ROLL,
        "reduce sov-2-tank",
        "retreat 2017",
        "retreat 2018",
    )
    assert s["control"]["2017"] == "soviet" and s["control"]["2018"] == "soviet"


def test_combat_retreat_toward_the_friendly_edge_else_a_friendly_city() -> None:
    """DR 7.2.3A: east for the Soviets, west for the Axis; if no hex keeps the way to the edge,
    toward a friendly-controlled city (reading: not farther from the nearest one)."""
    s = cb_start(STACK)
    east = retreat.preferred(R, s, "soviet", "2016", ["2017", "1916", "2116", "1915"])
    assert east[0] == ["2017", "1916", "2116"]
    west = retreat.preferred(R, s, "axis", "2016", ["2017", "1916", "2116", "1915"])
    assert west[0] == ["1916", "2116", "1915"]  # sideways keeps the distance
    assert retreat.edge_distance(R, "soviet", "2017") < retreat.edge_distance(R, "soviet", "2016")


def test_combat_obligation_helper_reports_pairs() -> None:
    s = cb_start(STRAND)
    assert attack.obligations(R, s) == {"ger-i-inf": ["2016"], "ger-ii-inf": ["2016", "1914"]}


def test_combat_attacks_across_a_strait_are_still_required() -> None:
    """Reading of 9.3: nothing exempts an attack across a strait (only the Sivash, 9.3.4B,
    forbids one), so the obligation of 7.0 holds across the Kerch strait."""
    assert attack.STRAIT_ATTACKS_MANDATORY
    s = cb_start([("ger-i-inf", "2618"), ("sov-5-army", "2619")])
    assert cb_texts(s) == ["attack 2619"]


def test_combat_where_retreats_and_advances_may_not_go() -> None:
    """DR 6.7B: no retreat into Hungary on Turn One; 11.4.4 Home Defense stays in Romania;
    11.4.3A Romanians stay out of Hungary; 12.5A the Turkish First and Second Armies never
    leave Turkey and stay put until a Soviet unit enters it; 9.3.4A the Sivash hex."""
    s = cb_start([("ger-i-inf", "2412")], turn=1)
    assert retreat.country(R, "2411") == "Hungary"
    assert not retreat.enterable(R, s, ["ger-i-inf"], "2412", "2411")
    s["turn"] = 2
    assert retreat.enterable(R, s, ["ger-i-inf"], "2412", "2411")
    assert not retreat.enterable(R, s, ["rom-iii-inf"], "2412", "2411")
    assert not retreat.unit_may_enter(R, s, "rom-i-home", "2513")
    assert retreat.unit_may_enter(R, s, "rom-iii-inf", "2513")
    assert R.unit("tur-3-inf").setup == "Turkish First Army"
    turkish = "3213"
    assert retreat.country(R, turkish) == "Turkey"
    assert not retreat.unit_may_enter(R, s, "tur-3-inf", turkish)  # Turkey not invaded
    s["turkey_invaded"] = True
    assert retreat.unit_may_enter(R, s, "tur-3-inf", turkish)
    assert not retreat.unit_may_enter(R, s, "tur-3-inf", "2619")
    assert retreat.unit_may_enter(R, s, "tur-6-inf", "2619")  # Third Army may leave
    assert not retreat.enterable(R, s, ["ger-i-inf"], "2418", "2517")


def test_combat_retreat_falls_back_on_friendly_cities() -> None:
    """DR 7.2.3A: when no hex keeps the way to the friendly edge, the retreat must not take
    the units farther from the nearest friendly-controlled city."""
    s = cb_start(STACK)
    tiers = retreat.preferred(R, s, "soviet", "2016", ["1915", "2015"])
    assert tiers[0] == []
    here = retreat.city_distance(R, s, "soviet", "2016")
    assert here is not None
    assert tiers[1] == [h for h in ("1915", "2015")
                        if (d := retreat.city_distance(R, s, "soviet", h)) is not None
                        and d <= here]  # fmt: skip


def test_combat_states_survive_a_json_round_trip_mid_battle() -> None:
    import json

    seed = cb_seed(STACK, ROLL, (3, 1), turn=1)
    s = cb_play(cb_start(STACK, seed, turn=1), *ROLL)
    assert json.loads(json.dumps(s)) == s
    s = cb_play(s, "reduce sov-2-tank")
    assert json.loads(json.dumps(s)) == s


def test_combat_roll_distribution_hook() -> None:
    """``combat.roll_distribution`` gives the exact odds of a declared attack's roll and of an
    air attack on a Fleet, for ``Game.roll_distribution``."""
    from ostfront.core.protocol import Action

    s = cb_play(cb_start([("rom-mtn", "2613"), ("sov-18-tank", "2513")]), "attack 2513")
    dist = combat.roll_distribution(R, s, Action("roll"))
    assert dist == combat.outcome_distribution(R, s, ["rom-mtn"], "2513", 0)
    assert combat.roll_distribution(R, s, Action("cancel")) is None
    fleet = cb_start(
        [("sov-black-sea-fleet", "2615"), ("ger-i-inf", "2412")], pools={"axis": {"air": 8}}
    )
    odds = combat.roll_distribution(R, fleet, Action("airstrike", ("sov-black-sea-fleet", 2)))
    assert odds == {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
