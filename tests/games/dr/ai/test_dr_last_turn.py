"""The hard player's last player-turn (``dr.ai.styles.LAST``): after the Soviets' December
turn nothing comes (4.12), and 13.0A-B count only what is held then. The hard Soviets attack
the Axis-held victory cities whatever it costs them and walk into the empty ones; the
normal player, holding its line for turns that will not come, does neither."""

from __future__ import annotations

import dataclasses

import pytest

from ostfront.ai.hard import HardPlayer
from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr import victory
from ostfront.games.dr.ai import evaluation as dr_eval
from ostfront.games.dr.ai.moves import DefiantRussiaEvaluator
from ostfront.games.dr.ai.styles import APPROACH, LAST
from ostfront.games.dr.rules import BOXES, printed, reading

GAME = get("dr")
OREL, KHARKOV, MOSCOW = "1618", "2018", "1119"  # DR 13.0C
STALIN = [("sov-stalin", MOSCOW, [])]
Units = list[tuple[str, str, list[str]]]


def start(units: Units, control: dict[str, str], seed: int = 1, turn: int = 7) -> dict:
    position = {
        "game": "dr", "turn": turn, "phase": "soviet_move",
        "weather": "snow" if turn == 7 else "clear",
        "units": [{"id": u, "hex": h, "status": st} for u, h, st in [*units, *STALIN]],
        "extra": {"control": control}, "pools": {},
    }  # fmt: skip
    return GAME.setup(seed=seed, position=position)


def play_to_the_end(state: dict, soviet: str, seed: int) -> tuple[dict, list[str]]:
    """The Soviets at ``soviet``'s level against the normal Axis, to the game's end."""
    players = {"soviet": make_player(soviet, seed), "axis": make_player("normal", seed + 50)}
    done: list[str] = []
    while (side := GAME.active_side(state)) is not None:
        action = players[side].choose(GAME, state)
        done.append(action.text)
        state = GAME.apply(state, action)
    return state, done


#: A reduced German corps holds Orel; three Soviet armies stand two hexes east of it.
OREL_HELD = [
    ("ger-i-inf", OREL, ["reduced"]),
    ("sov-3-army", "1620", []),
    ("sov-4-army", "1520", []),
    ("sov-10-army", "1720", []),
]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_hard_soviets_retake_a_city_in_the_last_turn(seed: int) -> None:
    """The hard Soviets march the three armies next to Orel (1518, 1718, 1619), attack it
    (6 dice hitting on 5-6 in the first Snow turn, 8.3.4, against a single step) and advance
    into it; the normal Soviets keep their line two hexes off (1818, 1418) and leave Orel to
    the Axis."""
    normal, _ = play_to_the_end(start(OREL_HELD, {OREL: "axis"}, seed), "normal", seed)
    assert normal["control"][OREL] == "axis"
    hard, done = play_to_the_end(start(OREL_HELD, {OREL: "axis"}, seed), "hard", seed)
    assert hard["control"][OREL] == "soviet"
    assert {"to 1518", "to 1718", "to 1619", "attack 1618"} <= set(done)
    assert GAME.result(hard).score == {"axis": 0, "soviet": 13}


def test_the_hard_soviets_walk_into_an_empty_city_in_the_last_turn() -> None:
    """Kharkov is the Axis's, empty; the 10th Army two hexes east may end in it or beside it.
    The normal player weighs only where a move ends (seed 1: 2218, beside the city); the hard
    player's last turn counts the city the move takes (6.4C)."""
    units: Units = [("ger-i-inf", "2216", []), ("ger-x-inf", "2116", []),
                    ("sov-10-army", "2020", [])]  # fmt: skip
    control = {KHARKOV: "axis", "2017": "axis"}
    normal, done = play_to_the_end(start(units, control, 1), "normal", 1)
    assert "to 2218" in done and normal["control"][KHARKOV] == "axis"
    for seed in (1, 2, 3):
        hard, done = play_to_the_end(start(units, control, seed), "hard", seed)
        assert "to 2018" in done and hard["control"][KHARKOV] == "soviet"


def test_the_last_turn_is_judged_by_the_points_of_13_0_alone() -> None:
    """``final_score``: each of 13.0's points (cities, Stalin, the casualty point) is worth
    ``CITY_POINT``; a strength point on the map only ``LAST_STRENGTH``."""
    s = start(OREL_HELD, {OREL: "axis"})
    R = GAME.rules_for(s)
    pts, _ = victory.score(R, s)
    strength = {"axis": 0, "soviet": 0}
    for uid, d in s["units"].items():
        unit = R.unit(uid)
        if unit.is_ground and d["at"] not in BOXES:  # on the map
            strength[unit.side] += printed(R, s, uid)[0]
    with reading(s):
        value = dr_eval.final_score(GAME, s, "soviet")
    expected = dr_eval.CITY_POINT * (pts["soviet"] - pts["axis"])
    expected += dr_eval.LAST_STRENGTH * (strength["soviet"] - strength["axis"])
    assert value == pytest.approx(expected)


def test_each_style_is_offered_in_its_own_turns_only() -> None:
    """DR 4.12: the style is the game's last turn's; October's and November's the Soviets'
    approach; September has none."""
    ev = DefiantRussiaEvaluator(teamwork=True)
    for side in ("axis", "soviet"):
        assert ev.styles(side, GAME, start(OREL_HELD, {OREL: "axis"})) == ("last",)
        approach = ("approach",) if side == "soviet" else ()
        for turn in (5, 6):
            assert ev.styles(side, GAME, start(OREL_HELD, {OREL: "axis"}, turn=turn)) == approach
        assert ev.styles(side, GAME, start(OREL_HELD, {OREL: "axis"}, turn=4)) == ()
    styled = ev.styled("soviet", "last")
    assert styled.style is LAST and styled.teamwork
    assert ev.styled("soviet", "approach").style is APPROACH


@pytest.mark.parametrize("seed", [1, 2])
def test_the_hard_soviets_march_on_the_enemy_held_cities_in_november(seed: int) -> None:
    """November, the Axis far off at Minsk, Kharkov the Axis's: the normal Soviets' 10th
    Army has nothing to go for and stays seven hexes from Kharkov; the hard Soviets'
    approach marches it three hexes from the city, within reach of it in December."""
    units: Units = [("ger-i-inf", "1511", []), ("sov-10-army", "2024", []),
                    ("sov-5-army", "2224", [])]  # fmt: skip
    for level, hexes in (("normal", 7), ("hard", 3)):
        s = start(units, {KHARKOV: "axis"}, seed, turn=6)
        player = make_player(level, seed)
        while s["phase"] == "soviet_move":
            s = GAME.apply(s, player.choose(GAME, s))
        army = s["units"]["sov-10-army"]["at"]
        assert GAME.rules_for(s).map.grid.distance(army, KHARKOV) == hexes, level


def test_the_hard_player_keeps_its_style_for_its_own_player_turn() -> None:
    """In the Axis's December player-turn the hard Soviets (deciding a loss, say) judge as
    the normal player does; in their own, by the last turn's points."""
    soviet_turn = start(OREL_HELD, {OREL: "axis"})
    player = HardPlayer(1)
    player.judge = player.evaluator_of(GAME)
    ev = player.evaluator_for_turn(GAME, soviet_turn, "soviet")
    assert isinstance(ev, DefiantRussiaEvaluator) and ev.style is LAST
    axis_turn = {**soviet_turn, "phase": "axis_combat"}
    other = HardPlayer(1)
    other.judge = other.evaluator_of(GAME)
    assert other.evaluator_for_turn(GAME, axis_turn, "soviet") is other.judge


def test_the_last_turn_drops_the_airborne_into_an_empty_city_before_any_plan() -> None:
    """DR 11.3.1B-C: in December the airborne corps at Voronezh may drop anywhere within four
    hexes, empty Axis-held Kharkov among them, but only as the phase's first move. The
    last turn's plan would march it beside Orel to attack; with drops counted (``drop``),
    it leaves the corps out of the plan, and the corps, worth a city five times in six
    (11.3.1D), is the first unit moved - and it drops into Kharkov."""
    units: Units = [("ger-i-inf", OREL, ["reduced"]), ("sov-airborne", "1720", []),
                    ("sov-10-army", "1620", [])]  # fmt: skip
    control = {KHARKOV: "axis", OREL: "axis"}
    s = start(units, control, 1)
    acts = GAME.legal_actions(s)
    no_drops = DefiantRussiaEvaluator(True, dataclasses.replace(LAST, drop=False))
    values = no_drops.quick_values(GAME, s, "soviet", acts)
    assert no_drops.plan == {"sov-10-army": "1518", "sov-airborne": "1518"}
    assert values["select sov-airborne"] < values["select sov-10-army"]
    last = DefiantRussiaEvaluator(True, LAST)
    values = last.quick_values(GAME, s, "soviet", acts)
    assert last.plan == {"sov-10-army": "1518"}
    lands = 5 / 6 * 2 * (dr_eval.CITY_POINT + dr_eval.HEX_CONTROLLED)
    assert max(values, key=values.__getitem__) == "select sov-airborne"
    assert values["select sov-airborne"] == pytest.approx(lands, abs=1.0)
    hard, done = play_to_the_end(start(units, control, 1), "hard", 1)
    assert done.index("drop 2018") < done.index("to 1518")
    assert hard["control"][KHARKOV] == "soviet"
