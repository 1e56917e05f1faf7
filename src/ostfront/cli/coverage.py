"""Reading a game's rules coverage table (docs/rules/<game title>.md, format in
docs/rules/README.md) for ``ostfront rules``."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import UnknownGame

TABLES = {"dr": "defiant-russia", "sno": "sturm-nach-osten"}
COLUMNS = ("rule", "title", "status", "code", "tests", "notes")


def table_path(game: str) -> Path:
    if game not in TABLES:
        raise UnknownGame(f"no rules coverage table for game {game!r}")
    here = Path(__file__).resolve()
    for base in (here.parents[3] / "docs" / "rules", here.parents[1] / "docs" / "rules"):
        p = base / f"{TABLES[game]}.md"
        if p.exists():
            return p
    raise UnknownGame(f"the rules coverage table {TABLES[game]}.md is not installed")


def coverage_rows(game: str) -> list[dict[str, str]]:
    """One dict per rule row, with the table's six columns."""
    rows = []
    for line in table_path(game).read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith(("| Rule ", "|---")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == len(COLUMNS):
                rows.append(dict(zip(COLUMNS, cells, strict=True)))
    return rows
