"""SNO 10.6 Zhukov.

SCAFFOLD (being written): :func:`update` runs after every action (10.6.2).
"""

from __future__ import annotations

from .rules import Rules, State


def update(R: Rules, state: State) -> None:
    return None
