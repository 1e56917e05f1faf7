"""Rule notes for players (issue 35.7): every numbered rule of both games has a short summary
in Ostfront's own words (or is listed as missing, never silently left out), served by the
players' rules page and the API, each linking to its row on the developers' page."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ostfront import games
from ostfront.core.coverage import coverage_rows
from ostfront.core.errors import DataError
from ostfront.core.rule_notes import RuleNotesFile, check_complete, note_keys, notes_for
from ostfront.server import rulespage

games.load_plugins()

#: The rules not summarised yet, by game: none (a rule added to a coverage table without a
#: note fails here, as does one listed as missing).
STILL_MISSING: dict[str, list[str]] = {"dr": [], "sno": []}


@pytest.mark.parametrize("name", ["dr", "sno"])
def test_every_numbered_rule_has_a_note(name: str) -> None:
    game = games.get(name)
    spec = notes_for(game)  # raises when a rule has neither a note nor a place in missing
    assert spec is not None
    numbers = note_keys(game, coverage_rows(game))
    assert spec.missing == STILL_MISSING[name]
    assert sorted(spec.rules) == sorted(n for n in numbers if n not in spec.missing)


@pytest.mark.parametrize("name", ["dr", "sno"])
def test_notes_are_ours_not_the_rulebooks(name: str) -> None:
    """No summary repeats a run of eight words of the rulebook (where it is on this machine)."""
    game = games.get(name)
    text = ""
    for d in rulespage.rulebook_dirs():
        if (d / game.rulebook).is_file():
            text = (d / game.rulebook).read_text(encoding="utf-8", errors="replace")
            break
    if not text:
        pytest.skip("the rulebook is not on this machine")
    words = re.findall(r"[a-z0-9]+", text.lower())
    runs = {" ".join(words[i : i + 8]) for i in range(len(words) - 7)}
    spec = notes_for(game)
    assert spec is not None
    copied = []
    for number, note in spec.rules.items():
        w = re.findall(r"[a-z0-9]+", note.summary.lower())
        if any(" ".join(w[i : i + 8]) in runs for i in range(len(w) - 7)):
            copied.append(number)
    assert copied == []


def test_a_rule_with_no_note_is_named() -> None:
    spec = RuleNotesFile.model_validate(
        {"missing": ["2.0"], "rules": {"1.0": {"summary": "What the game is about."}}}
    )
    assert check_complete(spec, ["1.0", "2.0"], "t") == ["2.0"]
    with pytest.raises(DataError, match=r"rule 3\.0: no note and not listed as missing"):
        check_complete(spec, ["1.0", "2.0", "3.0"], "t")
    with pytest.raises(DataError, match=r"rule 1\.0: a note for no numbered rule"):
        check_complete(spec, ["2.0"], "t")


def test_players_page_shows_the_summary_and_links_the_developers_row(
    client: TestClient,
) -> None:
    page = client.get("/rules/dr").text
    i = page.index("<section id='r-5.0'>")
    section = page[i : page.index("</section>", i)]
    assert "<h2>DR 5.0 Supply</h2>" in section
    note = notes_for(games.get("dr"))
    assert note is not None
    summary = note.rules["5.0"].summary
    assert f"<p class='summary'>{escape(summary)}</p>" in section
    assert "href='/rules/dr/dev#r-5.0'" in section
    assert "Status:" not in page  # the coverage table is the developers' page
    dev = client.get("/rules/dr/dev").text
    assert "<section id='r-5.0'>" in dev and "Status: implemented" in dev
    sno = client.get("/rules/sno").text
    assert "<section id='r-7.1'>" in sno and "/rules/sno/dev#r-7.1" in sno


def test_rule_notes_api(client: TestClient) -> None:
    body = client.get("/api/rules/sno").json()
    assert body["game"] == "sno"
    rows = {r["number"]: r for r in body["rules"]}
    assert len(body["rules"]) == len(coverage_rows(games.get("sno")))
    assert all(r["summary"] for r in body["rules"])
    assert rows["7.1"]["developers"] == "/rules/sno/dev#r-7.1"
    # a heading of our own where the rulebook's is the rule's first sentence
    assert rows["7.3.2"]["title"] == "Exchanges in reverse"
    assert rows["7.1"]["title"] == "How Combat Occurs"
    assert client.get("/api/rules/chess").status_code == 404


def test_notes_file_is_checked(tmp_path: Path) -> None:
    bad = tmp_path / "rule_notes.toml"
    bad.write_text('[rules."1.0"]\nsummary = "short"\n', encoding="utf-8")
    from ostfront.core.rule_notes import load_rule_notes

    with pytest.raises(DataError):
        load_rule_notes(bad)
