"""The computer players: every level chooses only legal actions, for both sides and every
kind of decision, deterministically for a seed; exact odds; tournaments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ostfront.ai import odds
from ostfront.ai.players import levels, make_player
from ostfront.ai.simulate import GameReport
from ostfront.ai.tournament import Match, play_match_game, summary, wilson
from ostfront.games import get

GAME = get("dr")


def test_levels_weakest_first() -> None:
    assert levels() == ["random", "greedy", "normal", "hard"]
    with pytest.raises(ValueError, match="no player level 'expert'"):
        make_player("expert")


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_a_level_plays_defiant_poland_to_the_end(level: str) -> None:
    """Both sides, every decision of a game (set-up, organization, movement, combat, losses,
    retreats, advances): always a legal action, and the game ends."""
    levels = {"axis": level, "soviet": level}
    match = Match("dr", "defiant-poland", {}, levels, check=True, budget=0.05)
    report = play_match_game(match, 5)
    assert report.problem is None, report.problem
    assert report.turns == 1 and report.winner in ("axis", "soviet")


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_a_level_is_deterministic_for_a_seed(level: str) -> None:
    def first_moves(seed: int) -> list[str]:
        s = GAME.setup("1941", {}, 3)
        players = {side: make_player(level, seed + i) for i, side in enumerate(GAME.sides)}
        out = []
        for _ in range(60):
            a = players[GAME.active_side(s)].choose(GAME, s)
            out.append(a.text)
            s = GAME.apply(s, a)
        return out

    assert first_moves(1) == first_moves(1)


def test_greedy_moves_units_forward_as_the_axis() -> None:
    """The Axis greedy player's first movement choice after set-up selects a unit with a
    move that gains (nearer a Soviet-held victory city, hexes taken: dr_moves.static_gain)."""
    s = GAME.setup("1941", {}, 1)
    while s["phase"] != "axis_move":
        s = GAME.apply(s, make_player("normal", 1).choose(GAME, s))
    a = make_player("greedy", 2).choose(GAME, s)
    assert a.verb == "select"
    s = GAME.apply(s, a)
    b = make_player("greedy", 2).choose(GAME, s)
    assert b.verb in ("to", "rail")


def test_exact_odds_of_an_attack_and_its_summary() -> None:
    """The odds function reads the game's exact distribution: it sums to one."""
    s = GAME.setup("1941", {}, 1)
    p = make_player("normal", 1)
    while not (s["phase"] == "axis_combat" and (s.get("pending") or {}).get("kind") == "attack"):
        s = GAME.apply(s, p.choose(GAME, s))
    dist = odds.attack_odds(GAME, s, "roll")
    assert dist is not None and sum(dist.values()) == 1
    info = odds.summary(dist)
    assert len(info["expected"]) == 2 and info["expected"][0] > 0
    assert odds.attack_odds(GAME, s, "cancel") is None


def test_odds_helpers() -> None:
    dist = {(0, 1): Fraction(1, 4), (2, 0): Fraction(3, 4)}
    assert odds.at_least(dist, 0, 1) == 0.75
    assert odds.expectation(dist, lambda o: o[0]) == 1.5
    assert odds.summary(dist)["most_likely"] == [2, 0]


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(40, 40)[0] > 0.9
    low, high = wilson(20, 40)
    assert low < 0.5 < high


def test_wilson_interval_at_no_wins_and_all_wins_stays_in_bounds() -> None:
    """The tournament table printed "-0%" for no wins (a float's negative zero)."""
    from math import copysign

    low, high = wilson(0, 40)
    assert copysign(1.0, low) == 1.0 and low == 0.0 and high == 0.0876
    assert wilson(40, 40) == (0.9124, 1.0)


def test_tournament_summary_counts_wins_points_and_turn_times() -> None:
    reports = [
        GameReport(seed=1, winner="axis", score={"axis": 7, "soviet": 6},
                   turn_seconds=[("axis", 1.0), ("soviet", 0.5)]),
        GameReport(seed=2, winner="soviet", score={"axis": 5, "soviet": 8},
                   turn_seconds=[("axis", 3.0), ("soviet", 0.5)]),
        GameReport(seed=3, problem="crash: boom"),
    ]  # fmt: skip
    table = summary(Match("dr", "1941", {}, {"axis": "normal", "soviet": "greedy"}), reports)
    assert table["games"] == 3 and table["sides"]["axis"]["wins"] == 1
    assert table["sides"]["axis"]["mean_points"] == 6.0
    assert table["sides"]["axis"]["turn_seconds_worst"] == 3.0
    assert table["sides"]["soviet"]["turn_seconds_median"] == 0.5
    assert table["problems"] == [{"seed": 3, "problem": "crash: boom"}]
