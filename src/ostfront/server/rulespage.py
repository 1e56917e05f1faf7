"""The rules page the game page's prompts link to: ``/rules/<game>#r-7.1``.

Each numbered rule of the game's coverage table (docs/rules/, Ostfront's own words) gets an
anchor with its number, title, Ostfront's note on it, its status and where its code is. The
rulebooks' prose is the publishers' and is not shipped; where a rulebook is on this machine
(``$OSTFRONT_RULEBOOKS``, or ``shared/rules`` beside the repository, as laid out for
development), each rule's text is shown under it too.
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


def _files(cell: str) -> str:
    """A coverage cell's `code` spans as a short list ("games/dr/combat.py, ...")."""
    names = re.findall(r"`([^`]+)`", cell)
    return ", ".join(n.split("::")[-1] for n in names) if names else cell


def render(game: Game) -> str:
    """Each numbered rule by its number and title, with Ostfront's own summary of how it is
    enforced (the coverage table's notes, status, code and tests). The rulebook's prose is
    the publisher's and is not shipped; it is shown only where it is on this machine."""
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
        notes = (
            f"<p class='notes'><b>Ostfront:</b> {escape(row['notes'])}</p>" if row["notes"] else ""
        )
        where = []
        if row["code"]:
            where.append(f"code: {escape(_files(row['code']))}")
        if row["tests"]:
            count = len(re.findall(r"`[^`]+`", row["tests"])) or 1
            where.append(f"{count} test{'s' if count > 1 else ''}")
        status = escape(row["status"]) + (f" · {'; '.join(where)}" if where else "")
        body = texts.get(number, "")
        text = f"<div class='text'>{escape(body)}</div>" if body else ""
        parts.append(
            f"<section id='r-{escape(number)}'><h2>{escape(row['rule'])} "
            f"{escape(row['title'])}</h2>{notes}<p class='status'>Status: {status}</p>"
            f"{text}</section>"
        )
    about = (
        "<p class='about'>The rulebook's own text is on this machine and shown under each rule.</p>"
        if texts
        else "<p class='about'>Each numbered rule of the rulebook by its number and title, with "
        "Ostfront's own note on how it is enforced and where (the rules coverage table). The "
        "rulebook's wording belongs to its publisher and is not copied here: read the full rule "
        "in your rulebook. The terrain effects and combat modifiers are on the game page's "
        "chart (the <b>Chart</b> button, key <kbd>T</kbd>).</p>"
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(game.title)} rules</title>"
        "<link rel='stylesheet' href='/static/style.css'></head><body class='rules-page'>"
        f"<header class='top'><a href='/'>Ostfront</a> <span>{escape(game.title)} — rules"
        f"</span></header><main>{about}<div id='followed'></div>{''.join(parts)}</main>"
        "<script src='/static/rules.js'></script></body></html>"
    )
