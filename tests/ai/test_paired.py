"""Paired comparisons (ai.tournament): each seed played with the baseline level on every
side and with the level compared on each side in turn; the margin is the side's points less
the baseline's on the same seed, with a 95% interval."""

from __future__ import annotations

from ostfront.ai.simulate import GameReport
from ostfront.ai.tournament import mean_interval, paired_matches, paired_summary


def report(seed: int, axis: float, soviet: float, winner: str | None = None) -> GameReport:
    return GameReport(seed=seed, winner=winner, score={"axis": axis, "soviet": soviet})


def test_the_matches_of_a_paired_comparison() -> None:
    matches = paired_matches("sno", None, {"end": "1941-12"}, "hard", "normal")
    assert {k: dict(m.levels) for k, m in matches.items()} == {
        "": {"axis": "normal", "soviet": "normal"},
        "axis": {"axis": "hard", "soviet": "normal"},
        "soviet": {"axis": "normal", "soviet": "hard"},
    }
    assert all(m.options == {"end": "1941-12"} for m in matches.values())


def test_margins_are_paired_seed_by_seed() -> None:
    matches = paired_matches("dr", None, {}, "hard", "normal")
    reports = {
        "": [report(1, 6, 7, "soviet"), report(2, 7, 6, "axis"), report(3, 5, 8, "soviet")],
        "axis": [report(1, 7, 6, "axis"), report(2, 8, 5, "axis"), report(3, 5, 8, "soviet")],
        "soviet": [report(1, 5, 8, "soviet"), report(2, 7, 6, "axis"), report(3, 4, 9, "soviet")],
    }
    reports["soviet"][2].problem = "crash: a broken game is left out with its partner"
    table = paired_summary(matches, reports)
    axis, soviet = table["sides"]["axis"], table["sides"]["soviet"]
    # Axis: +1, +1, 0 over the baseline
    assert (axis["pairs"], axis["margin"], axis["ci95"]) == (3, 0.6667, 0.6533)
    assert (axis["better"], axis["same"], axis["worse"]) == (2, 1, 0)
    assert (axis["wins"], axis["baseline_wins"]) == (2, 1)
    # Soviets: +1 (seed 1), 0 (seed 2); seed 3 had a problem
    assert (soviet["pairs"], soviet["margin"], soviet["wins"]) == (2, 0.5, 1)
    assert soviet["level"] == "hard" and soviet["against"] == "normal"


def test_mean_interval() -> None:
    assert mean_interval([]) == (0.0, 0.0)
    assert mean_interval([2.0]) == (2.0, 0.0)
    assert mean_interval([1.0, 2.0, 3.0]) == (2.0, 1.1316)
