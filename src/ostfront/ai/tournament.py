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

import math
import statistics
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
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
    """Play a game from each seed (``jobs`` processes at once); reports in seed order."""
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
        yield from pool.map(_play, [(match, s) for s in seeds])


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
