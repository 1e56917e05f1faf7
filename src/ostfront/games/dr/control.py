"""DR 6.4 Controlling Territory: who controls each hex at the start and as units move.

At the start the USSR controls the Soviet Union with Lithuania, Latvia, Estonia, eastern Poland
and Bessarabia (6.4A); the Axis controls Germany with East Prussia, Poland, Slovakia, Finland,
Yugoslavia, Bulgaria, Hungary and Romania (6.4B). Which hexes those are is data: the set-up
cards (data/setup.toml, with 12.8's changes). Afterwards a side controls every hex its units
occupy or were the last to pass through (6.4C).
"""

from __future__ import annotations

from collections.abc import Collection

from .board import board
from .rules import Rules, State
from .setup import load_setup


def initial_control(R: Rules, options: Collection[str] = ()) -> dict[str, str]:  # DR 12.8
    """Hex -> side at the start of the game. # DR 6.4A, 6.4B (12.8A, 12.8E with "12.8")"""
    if R.map is not board():
        return {}  # a custom map: its position file says who controls what
    return dict(sorted(load_setup().control_for(options).items()))


def pass_through(state: State, side: str, hexes: list[str]) -> None:
    """DR 6.4C: a side's unit entering or passing these hexes takes control of them."""
    for h in hexes:
        state["control"][h] = side
