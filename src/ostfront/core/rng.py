"""Seeded randomness that lives in the game state, and exact dice distributions.

The generator is SplitMix64: a 64-bit counter-based generator, small enough to keep in the state
as plain data (``{"s": "<16 hex digits>", "n": <draws so far>}``), identical on every platform and
Python version. Nothing in Ostfront uses the :mod:`random` module for play.

>>> rng = new_rng(7)
>>> [roll(rng) for _ in range(5)]
[4, 1, 1, 4, 5]
>>> rng["n"]
5
>>> hits(2, hit_faces=1)[Fraction(0)] == Fraction(25, 36)  # two dice, hit on a 6
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any, TypedDict

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class RngState(TypedDict):
    """The generator as the state keeps it: its 64-bit state as 16 hex digits, and the draws
    made so far (which tells whether an action rolled dice)."""

    s: str
    n: int


#: An exact probability distribution: outcome → probability (the probabilities sum to 1).
Distribution = dict[Any, Fraction]


def fresh_seed() -> int:
    """A seed from the operating system, for games started without one (it is then recorded)."""
    return int.from_bytes(os.urandom(6), "big")


def new_rng(seed: int) -> RngState:
    """The generator state for ``seed`` (any integer, reduced to 64 bits)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
    return {"s": f"{seed & _MASK:016x}", "n": 0}


def next_u64(rng: RngState) -> int:
    """Advance ``rng`` in place and return 64 random bits."""
    s = (int(rng["s"], 16) + _GOLDEN) & _MASK
    rng["s"] = f"{s:016x}"
    rng["n"] = int(rng["n"]) + 1
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(rng: RngState, n: int) -> int:
    """A uniform integer in ``[0, n)``, without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = next_u64(rng)
        if x < limit:
            return x % n


def roll(rng: RngState, sides: int = 6) -> int:
    """One die: 1..sides."""
    return below(rng, sides) + 1


def roll_dice(rng: RngState, count: int, sides: int = 6) -> list[int]:
    """``count`` dice, in the order rolled."""
    return [roll(rng, sides) for _ in range(count)]


def choice_index(rng: RngState, count: int) -> int:
    """A uniform index into a sequence of ``count`` items."""
    return below(rng, count)


# ----------------------------------------------------------------- distributions
def die(sides: int = 6) -> Distribution:
    """One fair die."""
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def dice_sum(count: int, sides: int = 6) -> Distribution:
    """Sum of ``count`` fair dice (e.g. two dice for DR 12.5's Turkish entry roll)."""
    dist: Distribution = {0: Fraction(1)}
    for _ in range(count):
        nxt: Distribution = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / sides
        dist = nxt
    return dist


def hits(count: int, hit_faces: int = 1, sides: int = 6) -> Distribution:
    """Number of hits from ``count`` dice, each hitting on ``hit_faces`` of ``sides`` faces.

    Defiant Russia's roll-for-sixes is ``hits(n, 1)``; hits on 5–6 is ``hits(n, 2)``.
    """
    if count < 0 or not (0 <= hit_faces <= sides):
        raise ValueError("need count >= 0 and 0 <= hit_faces <= sides")
    p = Fraction(hit_faces, sides)
    q = 1 - p

    return {k: comb(count, k) * p**k * q ** (count - k) for k in range(count + 1)}


def map_outcomes(dist: Mapping[Any, Fraction], fn: Any) -> Distribution:
    """The distribution of ``fn(outcome)``, merging outcomes that map to the same value."""
    out: Distribution = {}
    for k, p in dist.items():
        v = fn(k)
        out[v] = out.get(v, Fraction(0)) + p
    return out


def expectation(dist: Mapping[Any, Fraction]) -> Fraction:
    """Mean of a distribution over numbers."""
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))
