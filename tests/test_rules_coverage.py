"""The rules coverage tables (docs/rules/defiant-russia.md, sturm-nach-osten.md) are honest.

Format: docs/rules/README.md. Rows marked implemented or partial must name code that exists and
carries the rule's tag (e.g. ``# DR 6.3.2``) and tests that exist; rows that are not fully done
must say why. When the rulebooks are beside the checkout, every numbered rule must have a row.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "ostfront"
STATUSES = {"implemented", "partial", "not-implemented", "not-applicable", "pending"}
GAMES = {"dr": "DR", "sno": "SNO"}


def load_tool():
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()


def rows(game: str) -> list[list[str]]:
    return TOOL.table_rows(ROOT / "docs" / "rules" / f"{TOOL.TABLES[game]}.md")


def paths_in(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_table_is_well_formed(game: str) -> None:
    table = rows(game)
    assert table, f"docs/rules/{TOOL.TABLES[game]}.md has no rows"
    keys = set()
    for row in table:
        assert len(row) == 6, f"{game}: row {row[:2]} needs 6 cells, has {len(row)}"
        rule, title, status, code, tests, notes = row
        assert rule.startswith(GAMES[game] + " "), f"{game}: {rule!r} lacks the prefix"
        assert status in STATUSES, f"{rule}: status {status!r} not one of {sorted(STATUSES)}"
        assert (rule, title) not in keys, f"{rule} {title}: listed twice"
        keys.add((rule, title))
        if status in ("implemented", "partial"):
            assert paths_in(code), f"{rule}: {status} but names no code"
            assert paths_in(tests), f"{rule}: {status} but names no tests"
        if status in ("partial", "not-implemented", "not-applicable"):
            assert notes, f"{rule}: {status} needs a reason in Notes"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_named_code_carries_the_rule_tag_and_tests_exist(game: str) -> None:
    for rule, _title, status, code, tests, _notes in rows(game):
        if status not in ("implemented", "partial"):
            continue
        tag = f"# {rule}"
        texts = []
        for path in paths_in(code):
            file = SRC / path
            assert file.exists(), f"{rule}: code {path} does not exist"
            texts.append(file.read_text(encoding="utf-8"))
        assert any(tag in t for t in texts), f"{rule}: no '{tag}' in {paths_in(code)}"
        for ref in paths_in(tests):
            file, _, name = ref.partition("::")
            assert (ROOT / file).exists(), f"{rule}: test file {file} does not exist"
            if name:
                assert f"def {name}(" in (ROOT / file).read_text(encoding="utf-8"), (
                    f"{rule}: no test {name} in {file}"
                )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_numbered_rule_has_a_row(game: str) -> None:
    book = TOOL.rulebook_path(game)
    if not book.exists():
        pytest.skip(f"rulebook not beside the checkout ({book})")
    have = {(r[0], r[1]) for r in rows(game)}
    want = [(f"{GAMES[game]} {r}", t) for r, t in TOOL.rules_in(game, book.read_text("utf-8"))]
    missing = [w for w in want if w not in have]
    assert not missing, f"{game}: no rows for {missing[:5]} (run tools/rules_index.py {game})"


def test_rule_index_reads_headings_not_the_contents() -> None:
    text = (
        "Title\nTable of Contents\n- 1.0 Intro\n1.0 Intro\nSome text.\n"
        "6.3.2 ZOCs and Armor\nA. An Armor unit...\n2 dice are rolled\n"
    )
    assert TOOL.rules_in("dr", text) == [("1.0", "Intro"), ("6.3.2", "ZOCs and Armor")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_names_its_table_and_rule_prefix(game: str) -> None:
    """What ``ostfront rules`` and the rules page read comes from the game itself."""
    from ostfront.core.coverage import coverage_rows
    from ostfront.games import get

    g = get(game)
    assert g.rule_prefix == GAMES[game]
    assert g.coverage_table == f"{TOOL.TABLES[game]}.md"
    assert [list(r.values()) for r in coverage_rows(g)] == rows(game)
