"""The look-ups the computer players lean on, worked out once and kept (issue 34 item 4:
Defiant Russia's hard player within 5 s a player-turn): each still gives what working it
out afresh gives."""

from __future__ import annotations

from fractions import Fraction

from ostfront.core.paths import distances
from ostfront.games import get
from ostfront.games.dr import dice, leaders
from ostfront.games.dr.ai import evaluation
from ostfront.games.dr.rules import standard_rules

R = standard_rules()


def test_hits_distribution_is_the_exact_sum_of_its_groups() -> None:
    groups = [dice.DiceGroup(2, 1, "two on a 6"), dice.DiceGroup(0, 2, "none"),
              dice.DiceGroup(1, 2, "one on 5-6")]  # fmt: skip
    dist = dice.hits_distribution(groups)
    assert dist == {
        0: Fraction(25, 36) * Fraction(4, 6),
        1: Fraction(10, 36) * Fraction(4, 6) + Fraction(25, 36) * Fraction(2, 6),
        2: Fraction(1, 36) * Fraction(4, 6) + Fraction(10, 36) * Fraction(2, 6),
        3: Fraction(1, 36) * Fraction(2, 6),
    }
    dist[0] = Fraction(0)  # a caller's copy: what is kept is not changed
    assert dice.hits_distribution(groups)[0] == Fraction(25, 36) * Fraction(4, 6)


def test_a_leader_off_the_map_is_not_found() -> None:
    state = get("dr").setup("1941", {}, 1)
    units = state["units"]
    assert units["ger-guderian"]["at"] == "unplaced"
    assert leaders.leader_on_map(R, state, "Guderian") is None
    state["units"] = {**units, "ger-guderian": {**units["ger-guderian"], "at": "1306"}}
    assert leaders.leader_on_map(R, state, "Guderian") == "ger-guderian"
    state["units"] = {**units, "ger-guderian": {**units["ger-guderian"], "at": "dead"}}
    assert leaders.leader_on_map(R, state, "Guderian") is None
    assert leaders.leader_on_map(R, state, "Nobody") is None


def test_objective_distances_follow_the_weather() -> None:
    """A frozen lake may be crossed (8.3.4), so the kept distances differ by the weather,
    each as a fresh breadth-first search gives them."""
    state = get("dr").setup("1941", {}, 1)
    lake = next(h for h, t in sorted(R.map.terrain.items()) if t == "lake")
    for weather in ("clear", "snow", "clear"):
        s = {**state, "weather": weather}
        kept = evaluation.distances_from(R, s, "1306")
        fresh = distances(["1306"], R.map.grid.neighbours, evaluation._land(R, s))
        assert kept == fresh
        assert (lake in kept) == (weather == "snow")
