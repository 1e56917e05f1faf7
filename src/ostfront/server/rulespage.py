"""The rules pages. The players' page, which the game page's prompts link to
(``/rules/<game>#r-7.1``): each numbered rule with a short summary in Ostfront's own words,
the tables it uses and where in the game it applies (the game's rule notes,
:mod:`ostfront.core.rule_notes`), and a link to its row on the developers' page.

The developers' page (``/rules/<game>/dev``): each numbered rule of the game's coverage table
(docs/rules/, Ostfront's own words) with its number, title, Ostfront's note on it, its status
and where its code is. The rulebooks' prose is the publishers' and is not shipped; where a
rulebook is on this machine (``$OSTFRONT_RULEBOOKS``, or ``shared/rules`` beside the
repository, as laid out for development), each rule's text is shown under it there too.
"""

from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path
from typing import Any

from ..core.coverage import coverage_rows
from ..core.errors import UnknownGame
from ..core.protocol import Game
from ..core.rule_notes import note_keys, notes_for

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


def render_dev(game: Game) -> str:
    """Each numbered rule by its number and title, with Ostfront's own summary of how it is
    enforced (the coverage table's notes, status, code and tests). The rulebook's prose is
    the publisher's and is not shipped; it is shown only where it is on this machine."""
    try:
        rows = coverage_rows(game)
    except UnknownGame:
        rows = []
    texts = rulebook_sections(game)
    prefix = game.rule_prefix + " "
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
    players = (
        f"<p class='about'>For players: <a href='/rules/{escape(game.name)}'>each rule in "
        "short</a>.</p>"
    )
    return _page(game, "rules coverage (developers)", players + about, parts)


def _page(game: Game, what: str, about: str, parts: list[str]) -> str:
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(game.title)} {escape(what)}</title>"
        "<link rel='stylesheet' href='/static/style.css'>"
        "<link rel='stylesheet' href='/static/story.css'></head><body class='rules-page'>"
        f"<header class='top'><a href='/'>Ostfront</a> <span>{escape(game.title)} — "
        f"{escape(what)}</span></header><main>{about}<div id='followed'></div>"
        f"{''.join(parts)}</main><script src='/static/rules.js'></script></body></html>"
    )


def rule_notes(game: Game) -> list[dict[str, Any]]:
    """Each numbered rule of the game's coverage table with its note for players (None where
    the note is still missing) and the address of its row on the developers' page."""
    try:
        rows = coverage_rows(game)
    except UnknownGame:
        rows = []
    spec = notes_for(game)
    notes = spec.rules if spec is not None else {}
    prefix = game.rule_prefix + " "
    out = []
    for row, key in zip(rows, note_keys(game, rows), strict=True):
        number = row["rule"].removeprefix(prefix)
        note = notes.get(key)
        out.append(
            {
                "rule": row["rule"],
                "number": number,
                "title": (note.title if note else "") or row["title"],
                "summary": note.summary if note else None,
                "tables": list(note.tables) if note else [],
                "where": note.where if note else "",
                "developers": f"/rules/{game.name}/dev#r-{number}",
            }
        )
    return out


def render(game: Game) -> str:
    """The players' page: each numbered rule by its number and title, with a short summary
    in Ostfront's own words, the tables it uses, where in the game it applies and a link to
    its row on the developers' page."""
    parts = []
    for r in rule_notes(game):
        if r["summary"]:
            body = f"<p class='summary'>{escape(r['summary'])}</p>"
        else:
            body = "<p class='summary missing'>Not summarised yet: read it in your rulebook.</p>"
        facts = []
        if r["tables"]:
            facts.append(f"<li><b>Tables:</b> {escape(', '.join(r['tables']))}</li>")
        if r["where"]:
            facts.append(f"<li><b>When:</b> {escape(r['where'])}</li>")
        facts_html = f"<ul class='facts'>{''.join(facts)}</ul>" if facts else ""
        dev = (
            f"<p class='status'><a class='dev' href='{escape(r['developers'])}'>"
            "How Ostfront enforces it (developers)</a></p>"
        )
        parts.append(
            f"<section id='r-{escape(r['number'])}'><h2>{escape(r['rule'])} "
            f"{escape(r['title'])}</h2>{body}{facts_html}{dev}</section>"
        )
    about = (
        "<p class='about'>Each numbered rule in a few plain words of our own: what it does, "
        "the tables it uses and when it comes up in play. They are no substitute for the "
        "rulebook, whose wording belongs to its publisher and is not copied here. The "
        "terrain effects, combat results and other tables are on the game page's chart "
        "(the <b>Chart</b> button, key <kbd>T</kbd>). Developers: "
        f"<a href='/rules/{escape(game.name)}/dev'>the rules coverage table</a>.</p>"
    )
    return _page(game, "rules", about, parts)
