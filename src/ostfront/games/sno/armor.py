"""SNO 10.3 Armor.

SCAFFOLD (being written): :func:`refit` runs in the Recovery Phase (10.3.5).
"""

from __future__ import annotations

from .rules import Rules, State


def refit(R: Rules, state: State, side: str) -> None:
    return None
