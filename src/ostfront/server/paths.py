"""Paths the game page draws: each unit's supply line. Read-only, like :mod:`describe`:
callers hold the manager's engine lock.

The game finds them with its own searches, through the supply overlay
(:meth:`~ostfront.core.protocol.Game.overlay`'s ``lines``); Defiant Russia's are in
``games/dr/views.py``. The way a move will go is the move action's own ``path``.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import Game, State


def supply_lines(game: Game, state: State, side: str) -> dict[str, dict[str, Any]]:
    """Every unit of ``side`` on the map -> its supply line (``ok``, ``path``, ``rail``,
    ``source``, ``note``, ``text``), for the games that draw them (else empty)."""
    if "supply" not in game.overlays():
        return {}
    lines: dict[str, dict[str, Any]] = game.overlay(state, "supply", side).get("lines", {})
    return lines
