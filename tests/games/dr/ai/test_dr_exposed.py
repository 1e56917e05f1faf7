"""A victory city left with none of its holder's ground units, next to an enemy one, is the
enemy's for the taking (6.4C): the evaluation counts ``EXPOSED`` of it for the enemy, so a
garrison that must take a hit after attacking out of its city (7.2.2) takes it as a step
rather than as a retreat that hands the city over (issue 34: in a normal game, Kharkov's
garrison retreated after attacking the panzer corps next to it, and the corps walked in)."""

from __future__ import annotations

import pytest

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr.ai import evaluation as dr_eval
from ostfront.games.dr.ai import moves as dr_moves
from ostfront.games.dr.charts import victory_cities
from ostfront.games.dr.rules import reading

GAME = get("dr")
KHARKOV = "2018"  # DR 13.0C
GARRISON = [("sov-18-army", KHARKOV, []), ("sov-25-tank", KHARKOV, [])]
GERMANS = [("ger-xl-pz", "2017", []), ("ger-xlix-mtn", "2017", [])]
STALIN = [("sov-stalin", "1615", [])]


def start(units: list[tuple[str, str, list[str]]], phase: str, seed: int = 1) -> dict:
    position = {
        "game": "dr", "turn": 4, "phase": phase, "weather": "clear",
        "units": [{"id": u, "hex": h, "status": st} for u, h, st in [*units, *STALIN]],
        "extra": {}, "pools": {},
    }  # fmt: skip
    return GAME.setup(seed=seed, position=position)


def test_an_empty_city_next_to_the_enemy_counts_half_for_it() -> None:
    """Kharkov held by the Soviets: garrisoned, it is theirs in full; with its garrison one
    hex back in 1918, next to the two German corps in 2017, ``EXPOSED`` of its worth goes
    over to the Axis (counted on both sides of the evaluation); with the Germans four hexes
    away, moving the garrison back changes nothing."""
    points = victory_cities(GAME.rules_for(start([], "soviet_move")).charts)["Kharkov"]
    moved_out = [("sov-18-army", "1918", []), ("sov-25-tank", "1918", [])]

    def worth(units: list[tuple[str, str, list[str]]]) -> float:
        s = start(units, "soviet_move")
        with reading(s):
            return dr_eval.evaluate(GAME, s, "soviet")

    lost = worth([*GARRISON, *GERMANS]) - worth([*moved_out, *GERMANS])
    assert lost == pytest.approx(2 * dr_eval.EXPOSED * dr_eval.CITY_POINT * points)
    far = [("ger-xl-pz", "2014", []), ("ger-xlix-mtn", "2014", [])]
    assert worth([*GARRISON, *far]) == pytest.approx(worth([*moved_out, *far]))


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_a_garrison_takes_its_hit_as_a_step_rather_than_leave_its_city(level: str) -> None:
    """The 18th Army and 25th Tank Corps attack the two German corps next to Kharkov (7.0B);
    the dice (seed 2) give them three hits. With the first taken as a step (7.2.2B), the
    second may be a hex of retreat - out of the city, next to the Germans. Every level
    takes it as a step (before, each retreated: to 2118, 2118 and 2019)."""
    s = start([*GARRISON, *GERMANS], "soviet_combat", seed=2)
    for action in ("attack 2017", "roll", "reduce sov-18-army"):
        s = GAME.apply(s, action)
    battle = s["pending"]["battle"]
    assert battle["hits"]["attacker"] == 3 and battle["left"] == 2
    offered = [a.text for a in GAME.legal_actions(s)]
    assert "retreat 2118" in offered and "reduce sov-25-tank" in offered
    assert make_player(level, 1).choose(GAME, s).text.startswith("reduce")


def test_greedy_sees_the_city_a_move_leaves_open() -> None:
    """Greedy values a move by what it changes in the evaluation (6.4C): the 25th Tank
    Corps leaving Kharkov alone to the 18th Army changes nothing; the 18th Army leaving
    after it leaves the city open to the Germans next door."""
    s = start([*GARRISON, *GERMANS], "soviet_move")
    R = GAME.rules_for(s)
    with reading(s):
        view = dr_eval.terrain_view(R, s, "soviet")
        first = dr_moves.static_gain(R, s, view, "sov-25-tank", "2019")
    after = start([("sov-18-army", KHARKOV, []), ("sov-25-tank", "2019", []), *GERMANS],
                  "soviet_move")  # fmt: skip
    R = GAME.rules_for(after)
    with reading(after):
        view = dr_eval.terrain_view(R, after, "soviet")
        second = dr_moves.static_gain(R, after, view, "sov-18-army", "1918")
    points = victory_cities(R.charts)["Kharkov"]
    assert first == pytest.approx(0.0)
    assert second == pytest.approx(-2 * dr_eval.EXPOSED * dr_eval.CITY_POINT * points)
