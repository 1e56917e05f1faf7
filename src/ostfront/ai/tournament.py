"""Tournaments: many games between two computer players, in parallel processes, summed up.

``ostfront simulate dr --axis normal --soviet greedy --games 40 --jobs 2`` plays the games
(each from its own seed, so the same command gives the same games), then reports wins per side
with a 95% confidence interval (Wilson's), mean victory points, the mean and worst time a
player took over one player-turn, and any crash or broken invariant with the record that
reproduces it.

>>> wilson(9, 10)
(0.5958, 0.9821)
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ..games import get
from .players import make_player
from .simulate import GameReport, play_one


@dataclass(frozen=True)
class Match:
    """What to play: the game, scenario, options and the level of each side."""

    game: str
    scenario: str | None
    options: Mapping[str, Any]
    levels: Mapping[str, str]
    check: bool = True
    budget: float | None = None
    turn_budget: float | None = None
    #: A custom position to start every game from (``core.position``), or None.
    position: Mapping[str, Any] | None = None
    #: Whether each game's record keeps its step hashes (None: as ``check``).
    hashes: bool | None = None


def play_match_game(match: Match, seed: int) -> GameReport:
    """One game of the match, from ``seed`` (each side's player gets its own seed)."""
    game = get(match.game)
    players = {
        side: make_player(
            match.levels.get(side, "random"), seed * 7 + i + 1, match.budget, match.turn_budget
        )
        for i, side in enumerate(game.sides)
    }
    position = dict(match.position) if match.position is not None else None
    return play_one(
        game,
        seed,
        match.scenario,
        dict(match.options),
        match.check,
        players,
        position,
        hashes=match.hashes,
    )


def _play(args: tuple[Match, int]) -> GameReport:
    return play_match_game(*args)


def run(
    match: Match,
    seeds: list[int],
    jobs: int = 1,
    done: Callable[[GameReport], None] | None = None,
) -> list[GameReport]:
    """Play a game from each seed (``jobs`` processes at once); reports in seed order.
    ``done`` is called with each report as its game ends."""
    reports: list[GameReport] = []
    for report in _each(match, seeds, jobs):
        reports.append(report)
        if done is not None:
            done(report)
    return sorted(reports, key=lambda r: seeds.index(r.seed))


def _each(match: Match, seeds: list[int], jobs: int) -> Iterator[GameReport]:
    if jobs <= 1:
        for seed in seeds:
            yield play_match_game(match, seed)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        # as each game ends, not in seed order: a long game holds up no report behind it
        yield from (f.result() for f in as_completed(pool.submit(_play, (match, s)) for s in seeds))


def log_line(report: GameReport, levels: Mapping[str, str]) -> str:
    """One finished game as a line of JSON, for a log read while a long run goes on: the
    levels, seed, winner, points, steps, seconds and any problem.

    >>> line = json.loads(log_line(GameReport(seed=3, steps=9, winner="axis"), {"axis": "hard"}))
    >>> line["levels"], line["seed"], line["winner"], line["problem"]
    ({'axis': 'hard'}, 3, 'axis', None)
    """
    return json.dumps(
        {
            "levels": dict(levels),
            "seed": report.seed,
            "winner": report.winner,
            "score": report.score,
            "steps": report.steps,
            "seconds": round(report.seconds, 3),
            "problem": report.problem,
        }
    )


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a win rate (Wilson score interval)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    low = (centre - spread) / (1 + z * z / games)
    high = (centre + spread) / (1 + z * z / games)
    return (round(max(0.0, low), 4), round(min(1.0, high), 4))  # no "-0%" at no wins


def summary(match: Match, reports: list[GameReport]) -> dict[str, Any]:
    """The tournament table as data."""
    sides = list(get(match.game).sides)
    n = len(reports)
    played = [r for r in reports if not r.problem]
    table = {}
    for side in sides:
        wins = sum(1 for r in played if r.winner == side)
        turns = [t for r in reports for s, t in r.turn_seconds if s == side]
        points = [float(r.score.get(side, 0)) for r in played if r.score]
        table[side] = {
            "level": match.levels.get(side, "random"),
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": list(wilson(wins, n)),
            "mean_points": round(statistics.fmean(points), 3) if points else None,
            "turn_seconds_mean": round(statistics.fmean(turns), 4) if turns else None,
            "turn_seconds_median": round(statistics.median(turns), 4) if turns else None,
            "turn_seconds_worst": round(max(turns), 4) if turns else None,
        }
    return {
        "game": match.game,
        "scenario": match.scenario,
        "options": dict(match.options),
        "games": n,
        "sides": table,
        "draws": sum(1 for r in played if r.winner is None),
        "problems": [
            {"seed": r.seed, "problem": (r.problem or "").splitlines()[0]}
            for r in reports
            if r.problem
        ],
        "mean_steps": round(statistics.fmean(r.steps for r in reports), 1) if reports else 0,
    }


# ------------------------------------------------------------------ paired comparisons
def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (normal approximation,
    the sample's standard deviation; 0 for fewer than two values).

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 1.1316)
    """
    if not values:
        return (0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (round(mean, 4), 0.0)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (round(mean, 4), round(half, 4))


def paired_matches(
    game: str,
    scenario: str | None,
    options: Mapping[str, Any],
    level: str,
    base: str,
    check: bool = True,
    budget: float | None = None,
    turn_budget: float | None = None,
) -> dict[str, Match]:
    """The matches of a paired comparison of ``level`` with ``base``: ``base`` on every side
    (the baseline), and for each side ``level`` there with ``base`` on the others. Keyed by
    the side ``level`` plays, ``""`` for the baseline."""
    sides = list(get(game).sides)

    def match(levels: dict[str, str]) -> Match:
        return Match(game, scenario, options, levels, check, budget, turn_budget)

    out = {"": match({s: base for s in sides})}
    for side in sides:
        out[side] = match({s: (level if s == side else base) for s in sides})
    return out


def paired_summary(
    matches: Mapping[str, Match], reports: Mapping[str, list[GameReport]]
) -> dict[str, Any]:
    """A paired comparison as data: for each side, the points ``level`` scored there less
    what ``base`` scored on the same seed (the margin: mean and 95% half-width), its wins
    against the baseline's, and how often it did better, the same or worse. Games with a
    problem are left out with their partners."""
    baseline = {r.seed: r for r in reports[""] if not r.problem and r.score}
    out: dict[str, Any] = {"sides": {}, "seeds": sorted(baseline)}
    for side, match in matches.items():
        if not side:
            continue
        diffs: list[float] = []
        wins = base_wins = better = worse = 0
        for r in reports[side]:
            b = baseline.get(r.seed)
            if b is None or r.problem or not r.score:
                continue
            d = float(r.score.get(side, 0)) - float(b.score.get(side, 0))
            diffs.append(d)
            wins += r.winner == side
            base_wins += b.winner == side
            better += d > 0
            worse += d < 0
        mean, half = mean_interval(diffs)
        out["sides"][side] = {
            "level": match.levels[side],
            "against": next(lv for s, lv in match.levels.items() if s != side),
            "pairs": len(diffs),
            "margin": mean,
            "ci95": half,
            "wins": wins,
            "baseline_wins": base_wins,
            "better": better,
            "same": len(diffs) - better - worse,
            "worse": worse,
            "points": _mean_points(reports[side], side),
            "baseline_points": _mean_points(reports[""], side),
            "turn_seconds_median": _median_turn(reports[side], side),
        }
    return out


def _mean_points(reports: list[GameReport], side: str) -> float | None:
    points = [float(r.score.get(side, 0)) for r in reports if not r.problem and r.score]
    return round(statistics.fmean(points), 3) if points else None


def _median_turn(reports: list[GameReport], side: str) -> float | None:
    turns = [t for r in reports for s, t in r.turn_seconds if s == side]
    return round(statistics.median(turns), 4) if turns else None
