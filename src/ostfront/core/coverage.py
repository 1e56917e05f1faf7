"""Reading a game's rules coverage table (docs/rules/, format in docs/rules/README.md): the
file the game names in its ``coverage_table``, read for ``ostfront rules`` and the server's
rules page alike."""

from __future__ import annotations

from pathlib import Path

from .errors import UnknownGame
from .protocol import Game

COLUMNS = ("rule", "title", "status", "code", "tests", "notes")


def table_path(game: Game) -> Path:
    """Where the game's coverage table is: in the checkout's docs/rules, or installed beside
    the package."""
    if not game.coverage_table:
        raise UnknownGame(f"no rules coverage table for game {game.name!r}")
    here = Path(__file__).resolve()
    for base in (here.parents[3] / "docs" / "rules", here.parents[1] / "docs" / "rules"):
        p = base / game.coverage_table
        if p.exists():
            return p
    raise UnknownGame(f"the rules coverage table {game.coverage_table} is not installed")


def coverage_rows(game: Game) -> list[dict[str, str]]:
    """One dict per rule row, with the table's six columns."""
    rows = []
    for line in table_path(game).read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith(("| Rule ", "|---")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == len(COLUMNS):
                rows.append(dict(zip(COLUMNS, cells, strict=True)))
    return rows
