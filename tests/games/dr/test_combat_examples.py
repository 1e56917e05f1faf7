"""The Defiant Russia rulebook's own combat examples, with their exact numbers: 7.1.1, 7.2.1,
7.2.4, 9.1.2, 9.1.3, 9.1.4 and 9.2. Each goes through the game's door (legal actions and
``apply``) from a custom position."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.games import get
from ostfront.games.dr import combat, supply
from ostfront.games.dr.rules import standard_rules

GAME = get("dr")
R = standard_rules()


def ex_start(
    units: list[tuple[str, str]],
    seed: int = 1,
    *,
    turn: int = 3,
    phase: str = "axis_combat",
    weather: str = "clear",
) -> dict[str, Any]:
    position = {
        "game": "dr", "turn": turn, "phase": phase, "weather": weather,
        "units": [{"id": u, "hex": h} for u, h in units],
    }  # fmt: skip
    return GAME.setup(seed=seed, position=position)


def ex_texts(s: dict[str, Any]) -> list[str]:
    return sorted(a.text for a in GAME.legal_actions(s) if a.verb != "undo")


def ex_play(s: dict[str, Any], *actions: str) -> dict[str, Any]:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def ex_rolled(s: dict[str, Any], role: str) -> int:
    """Dice the last roll action threw for ``role``."""
    entry = next(e for e in reversed(s["log"]) if e["action"] == "roll")
    return sum(len(r["dice"]) for r in entry["rolls"] if r["why"].startswith(role + ":"))


def ex_all_supplied(s: dict[str, Any]) -> None:
    for uid, d in s["units"].items():
        if d["at"] not in ("out",) and R.unit(uid).is_ground:
            assert supply.in_supply(R, s, uid), uid


# ------------------------------------------------------------------ 7.1.1
def test_example_7_1_1_romanian_mountain_corps_attacks_18th_tank_corps() -> None:
    """DR 7.1.1: the Romanian 4-4 mountain corps attacks the Soviet 18th Tank Corps (2-4) in
    clear terrain: the Axis player rolls four dice, the Soviet player two."""
    s = ex_start([("rom-mtn", "2613"), ("sov-18-tank", "2513")])
    assert R.map.terrain_of("2513") == "clear" and not R.map.side_kinds("2613", "2513")
    ex_all_supplied(s)
    s = ex_play(s, "attack 2513")
    assert s["pending"]["attackers"] == ["rom-mtn"]
    bd = combat.attack_dice(R, s, ["rom-mtn"], "2513", 0)
    assert bd.by_faces("attacker") == {1: 4} and bd.by_faces("defender") == {1: 2}
    s = ex_play(s, "roll")
    assert ex_rolled(s, "attacker") == 4 and ex_rolled(s, "defender") == 2


# ------------------------------------------------------------------ 7.2.1 and 7.2.4
EX_721 = [("ger-xxiv-pz", "2015"), ("ger-xlvii-pz", "2015"), ("sov-9-army", "2016"),
          ("sov-2-tank", "2016")]  # fmt: skip


def ex_seed_for(units: list[tuple[str, str]], target: str, want: tuple[int, int], **kw: Any) -> int:
    """A seed whose attack gives ``want`` = (hits on the defender, hits on the attacker)."""
    for seed in range(1, 400):
        s = ex_play(ex_start(units, seed, **kw), f"attack {target}", "roll")
        last = combat.last_battle(s)
        assert last is not None
        if (last["hits"]["defender"], last["hits"]["attacker"]) == want:
            return seed
    raise AssertionError(f"no seed gives {want}")


def ex_four_hits() -> dict[str, Any]:
    seed = ex_seed_for(EX_721, "2016", (4, 0), turn=1)
    s = ex_play(ex_start(EX_721, seed, turn=1), "attack 2016", "roll")
    assert s["pending"]["kind"] == "losses" and s["pending"]["side"] == "soviet"
    assert s["pending"]["battle"]["left"] == 4
    return s


def ex_retreat(s: dict[str, Any], hexes: int) -> dict[str, Any]:
    """Retreat the stack ``hexes`` hexes, taking the first offered hex each time."""
    for _ in range(hexes):
        step = sorted(a for a in ex_texts(s) if a.startswith("retreat"))
        assert step, ex_texts(s)
        s = GAME.apply(s, step[0])
    return s


def test_example_7_2_1_reduce_one_and_retreat_three() -> None:
    """ "The Soviet player flips one unit to its reduced side and can retreat the stack three
    hexes to satisfy the rest of the losses." """
    s = ex_four_hits()
    assert not [a for a in ex_texts(s) if a.startswith("retreat")]  # DR 7.2.1B: reduce first
    s = ex_play(s, "reduce sov-9-army")
    s = ex_retreat(s, 3)
    assert s["pending"]["kind"] == "advance"  # all four hits satisfied
    army, tank = s["units"]["sov-9-army"], s["units"]["sov-2-tank"]
    assert army["reduced"] and not tank["reduced"] and army["at"] == tank["at"]
    assert R.map.grid.distance(army["at"], "2016") == 3


def test_example_7_2_1_reduce_both_and_retreat_two() -> None:
    s = ex_play(ex_four_hits(), "reduce sov-9-army", "reduce sov-2-tank")
    s = ex_retreat(s, 2)
    assert s["pending"]["kind"] == "advance"
    assert s["units"]["sov-9-army"]["reduced"] and s["units"]["sov-2-tank"]["reduced"]
    assert R.map.grid.distance(s["units"]["sov-2-tank"]["at"], "2016") == 2


def test_example_7_2_1_eliminate_one_and_retreat_the_other_two() -> None:
    s = ex_play(ex_four_hits(), "reduce sov-2-tank", "reduce sov-2-tank")
    assert s["units"]["sov-2-tank"]["at"] == "dead"
    s = ex_retreat(s, 2)
    assert s["pending"]["kind"] == "advance"
    assert not s["units"]["sov-9-army"]["reduced"]
    assert R.map.grid.distance(s["units"]["sov-9-army"]["at"], "2016") == 2


def test_example_7_2_1_eliminate_one_reduce_the_other_retreat_one() -> None:
    s = ex_play(ex_four_hits(), "reduce sov-9-army", "reduce sov-9-army", "reduce sov-2-tank")
    s = ex_retreat(s, 1)
    assert s["pending"]["kind"] == "advance"
    assert s["units"]["sov-9-army"]["at"] == "dead" and s["units"]["sov-2-tank"]["reduced"]
    assert R.map.grid.distance(s["units"]["sov-2-tank"]["at"], "2016") == 1


def test_example_7_2_1_no_more_retreat_than_hits() -> None:
    """Every hex retreated satisfies one hit: with one hit left, one more hex and no more."""
    s = ex_play(ex_four_hits(), "reduce sov-9-army", "reduce sov-2-tank", "reduce sov-9-army")
    s = ex_retreat(s, 1)
    assert s["pending"]["kind"] == "advance"


def test_example_7_2_4_five_hits_on_two_full_units() -> None:
    """DR 7.2.4: two full-strength Soviet units suffer five hits: both are eliminated and the
    Soviet player does not get to retreat (no decision is even asked)."""
    seed = ex_seed_for(EX_721, "2016", (5, 0), turn=1)
    s = ex_play(ex_start(EX_721, seed, turn=1), "attack 2016", "roll")
    assert s["units"]["sov-9-army"]["at"] == "dead" and s["units"]["sov-2-tank"]["at"] == "dead"
    assert s["pending"]["kind"] == "advance" and s["pending"]["side"] == "axis"
    assert not [e for e in s["log"] if e["side"] == "soviet"]


# ------------------------------------------------------------------ 9.1.2-9.1.4, 9.2
@pytest.mark.parametrize(
    ("terrain_hex", "attacker_hex", "one", "two"),
    [
        ("2210", "2211", 4, 8),  # DR 9.1.2B mountain: +1 for each defending unit
        ("1510", "1509", 4, 7),  # DR 9.1.3B forest: +1 to the total
        ("1711", "1710", 4, 7),  # DR 9.1.4B swamp: +1 to the total
    ],
)
def test_example_9_1_defending_3_3_infantry(
    terrain_hex: str, attacker_hex: str, one: int, two: int
) -> None:
    """DR 9.1.2B-9.1.4B: a 3-3 Infantry unit rolls four dice defending a mountain, forest or
    swamp hex; two of them roll eight in the mountains, seven in forest or swamp."""
    assert R.map.terrain_of(terrain_hex) in ("mountain", "forest", "swamp")
    alone = [("ger-i-inf", terrain_hex), ("sov-5-army", attacker_hex)]
    pair = [*alone, ("ger-ii-inf", terrain_hex)]
    for units, want in ((alone, one), (pair, two)):
        s = ex_start(units, phase="soviet_combat")
        ex_all_supplied(s)
        s = ex_play(s, f"attack {terrain_hex}", "roll")
        assert ex_rolled(s, "defender") == want
        assert ex_rolled(s, "attacker") == 3


def test_example_9_2_german_armor_in_snow_into_a_southern_swamp() -> None:
    """DR 9.2: a 4-6 German Armor unit is halved attacking in Snow (4 becomes 2) and, attacking
    into a swamp south of row 15xx, halved again, to 1."""
    units = [("ger-lvi-pz", "1612"), ("sov-5-army", "1711")]
    s = ex_start(units, turn=7, weather="snow")
    ex_all_supplied(s)
    assert R.unit("ger-lvi-pz").full is not None and str(R.unit("ger-lvi-pz").full) == "4-6"
    s = ex_play(s, "attack 1711", "roll")
    assert ex_rolled(s, "attacker") == 1
    assert ex_rolled(s, "defender") == 4  # 3 + 1 for the swamp (not forest so far south)


def test_example_9_2_swamp_north_of_row_15_is_woods_in_snow() -> None:
    """DR 8.3.4: in or north of row 15xx a swamp counts as woods in Snow: the armor is halved
    once (Snow), not twice; the defender still adds one (forest)."""
    s = ex_start([("ger-lvi-pz", "0914"), ("sov-5-army", "1014")], turn=7, weather="snow")
    ex_all_supplied(s)
    assert R.map.terrain_of("1014") == "swamp"
    s = ex_play(s, "attack 1014", "roll")
    assert ex_rolled(s, "attacker") == 2 and ex_rolled(s, "defender") == 4
