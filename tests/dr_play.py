"""Helpers for Defiant Russia tests on exact positions of the real map: build a position,
list the legal actions' texts, play a list of actions."""

from __future__ import annotations

from typing import Any

from ostfront.games import get

GAME = get("dr")

Units = list[tuple[str, str] | tuple[str, str, list[str]]]


def dr_position(
    units: Units,
    *,
    turn: int = 2,
    phase: str = "axis_move",
    weather: str = "clear",
    control: dict[str, str] | None = None,
    options: tuple[str, ...] = (),
    seed: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    """A game state with these units (id, hex[, status]) and every other key as given."""
    pos = {
        "game": "dr",
        "turn": turn,
        "phase": phase,
        "weather": weather,
        "units": [
            {"id": u[0], "hex": u[1], "status": list(u[2]) if len(u) > 2 else []} for u in units
        ],
        "extra": {"control": control or {}},
    }  # type: ignore[misc]
    s = GAME.setup(seed=seed, options=list(options), position=pos)
    s["turn"] = turn  # positions.py reads turn 0 (May, 12.3) as a missing turn
    s.update(extra)
    return s


def texts(s: dict[str, Any]) -> set[str]:
    """The texts of the legal actions, undo left out."""
    return {a.text for a in GAME.legal_actions(s) if a.verb != "undo"}


def play(s: dict[str, Any], *actions: str) -> dict[str, Any]:
    for a in actions:
        s = GAME.apply(s, a)
    return s
