"""Paths the game page draws: each unit's supply line and the way a move will go. Read-only,
like :mod:`describe`: callers hold the manager's engine lock.

The game finds both with its own searches, through the protocol's hooks: a move's path from
:meth:`~ostfront.core.protocol.Game.move_paths` (the path the engine will take), a unit's
supply line from the supply overlay (:meth:`~ostfront.core.protocol.Game.overlay`'s
``lines``). Defiant Russia's are in ``games/dr/views.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.protocol import Action, Game, State


def supply_lines(game: Game, state: State, side: str) -> dict[str, dict[str, Any]]:
    """Every unit of ``side`` on the map -> its supply line (``ok``, ``path``, ``rail``,
    ``source``, ``note``, ``text``), for the games that draw them (else empty)."""
    if "supply" not in game.overlays():
        return {}
    lines: dict[str, dict[str, Any]] = game.overlay(state, "supply", side).get("lines", {})
    return lines


def move_paths(game: Game, state: State, actions: Iterable[Action]) -> dict[str, list[str]]:
    """Action text -> the hexes the selected unit will pass through (its own hex first) for
    each move among ``actions``: the same paths the engine takes."""
    return game.move_paths(state, list(actions))
