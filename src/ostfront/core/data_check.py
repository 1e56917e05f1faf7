"""``ostfront data check``: load every data file of a game and report what is wrong or missing."""

from __future__ import annotations

from typing import Any

from .errors import DataError
from .mapmodel import GameMap
from .protocol import Game


def map_notes(gmap: GameMap) -> list[str]:
    """Plain statements of how complete a map is (not errors: honesty about gaps)."""
    total = len(gmap.grid)
    unset = sum(1 for t in gmap.terrain.values() if t is None)
    notes = [
        f"{total} hexes, {len(gmap.places)} places, {len(gmap.sides)} hexsides with features, "
        f"{len(gmap.regions)} regions, {len(gmap.lines)} lines, {len(gmap.edges)} edges, "
        f"{len(gmap.rails)} rail lines"
    ]
    if unset:
        notes.append(f"terrain not yet reconstructed for {unset} of {total} hexes")
    return notes


def check_game(game: Game) -> dict[str, Any]:
    """Validate the game's data files; each file reports ok, problems and notes."""
    files: list[dict[str, Any]] = []
    for name, check in game.data_checks():
        try:
            notes = check()
            files.append({"file": name, "ok": True, "problems": [], "notes": notes})
        except DataError as exc:
            files.append({"file": name, "ok": False, "problems": exc.problems, "notes": []})
    return {"game": game.name, "files": files}
