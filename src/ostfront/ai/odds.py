"""Exact odds: the whole outcome distribution of an attack, and summaries of it.

The game computes the distribution (``Game.roll_distribution``: for Defiant Russia the joint
distribution of hits scored by each side, with every modifier; for Sturm Nach Osten, later,
the CRT row). This module only reads distributions, so the AI and the browser's preview
share one source of truth.

>>> from fractions import Fraction
>>> dist = {(0, 1): Fraction(1, 2), (1, 2): Fraction(1, 2)}
>>> summary(dist)["expected"]
[0.5, 1.5]
>>> at_least(dist, 1, 2)
0.5
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from ..core.protocol import Action, Game, State

Outcome = Hashable
Dist = Mapping[Outcome, Any]


def attack_odds(game: Game, state: State, action: Action | str) -> Dist | None:
    """The exact distribution of what ``action`` would roll, or None if it rolls nothing."""
    act = game.find_action(state, action)
    dist: Dist | None = game.roll_distribution(state, act)
    return dist


def expectation(dist: Dist, value: Callable[[Outcome], float]) -> float:
    """The mean of ``value(outcome)`` over the distribution."""
    return float(sum(float(p) * value(o) for o, p in dist.items()))


def at_least(dist: Dist, index: int, k: int) -> float:
    """Probability that component ``index`` of a tuple outcome is at least ``k``."""
    return float(sum(p for o, p in dist.items() if _part(o, index) >= k))


def summary(dist: Dist) -> dict[str, Any]:
    """Expected value of each component of tuple outcomes (or of the outcome itself), and
    the most likely outcome - what an odds preview shows."""
    first = next(iter(dist))
    width = len(first) if isinstance(first, tuple) else 1
    expected = [
        round(expectation(dist, functools.partial(_part, index=i)), 4) for i in range(width)
    ]
    likely = max(dist.items(), key=lambda kv: (kv[1], str(kv[0])))[0]
    return {
        "expected": expected,
        "most_likely": list(likely) if isinstance(likely, tuple) else likely,
        "outcomes": len(dist),
    }


def _part(outcome: Outcome, index: int) -> float:
    if isinstance(outcome, tuple):
        return float(outcome[index])
    return float(outcome)  # type: ignore[arg-type]
