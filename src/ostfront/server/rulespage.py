"""The rules page the game page's prompts link to: ``/rules/<game>#r-7.1``.

Each numbered rule of the game's coverage table (docs/rules/) gets an anchor with its title,
status and notes. Where the rulebook's own text is on this machine (``$OSTFRONT_RULEBOOKS``,
or ``shared/rules`` beside the repository, as laid out for development), each rule's text is
shown under it too; the rulebooks are not shipped with Ostfront.
"""

from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path

from ..core.errors import UnknownGame
from ..core.protocol import Game

_HEADING = re.compile(r"^(\d+\.\d+(?:\.\d+)*[A-Z]?)\s+(\S.*)$")


def rulebook_dirs() -> list[Path]:
    here = Path(__file__).resolve()
    out = []
    env = os.environ.get("OSTFRONT_RULEBOOKS")
    if env:
        out.append(Path(env))
    repo = here.parents[3]
    out += [repo.parent / "shared" / "rules", repo / "shared" / "rules"]
    return out


def rulebook_sections(game: Game) -> dict[str, str]:
    """Rule number -> its text in the rulebook, if the rulebook is on this machine."""
    if not game.rulebook:
        return {}
    for d in rulebook_dirs():
        p = d / game.rulebook
        if p.is_file():
            text = p.read_text(encoding="utf-8", errors="replace")
            break
    else:
        return {}
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        m = _HEADING.match(line.strip())
        if m and not line.startswith("-"):
            current = m.group(1)
            sections.setdefault(current, [])
            continue
        if current is not None:
            sections[current].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


def render(game: Game) -> str:
    from ..cli.coverage import coverage_rows

    try:
        rows = coverage_rows(game.name)
    except UnknownGame:
        rows = []
    texts = rulebook_sections(game)
    prefix = game.name.upper() + " "
    parts = []
    for row in rows:
        number = row["rule"].removeprefix(prefix)
        notes = f"<p class='notes'>{escape(row['notes'])}</p>" if row["notes"] else ""
        body = texts.get(number, "")
        text = f"<div class='text'>{escape(body)}</div>" if body else ""
        parts.append(
            f"<section id='r-{escape(number)}'><h2>{escape(row['rule'])} "
            f"{escape(row['title'])}</h2><p class='status'>Ostfront: "
            f"{escape(row['status'])}</p>{notes}{text}</section>"
        )
    missing = (
        ""
        if texts
        else "<p class='missing'>The rulebook's text is not on this machine: each rule shows "
        "its title and how Ostfront covers it. Keep your printed rulebook at hand.</p>"
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(game.title)} rules</title>"
        "<link rel='stylesheet' href='/static/style.css'></head><body class='rules-page'>"
        f"<header class='top'><a href='/'>Ostfront</a> <span>{escape(game.title)} — rules"
        f"</span></header><main>{missing}{''.join(parts)}</main>"
        "<script src='/static/rules.js'></script></body></html>"
    )
