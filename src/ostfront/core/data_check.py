"""``ostfront data check``: load every data file of a game and report what is wrong or missing."""

from __future__ import annotations

from typing import Any

from .errors import DataError
from .protocol import Game


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
