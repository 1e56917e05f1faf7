"""Rule notes for players: for each numbered rule of a game, a short summary in Ostfront's
own words (never the rulebook's prose), the tables it uses and where in the game it applies.
Each game keeps them in a data file (``data/rule_notes.toml``), one section per rule number::

    [rules."7.1"]
    title = "Who must attack"             # optional: a heading of our own
    summary = "What the rule does, said plainly in a sentence or three."
    tables = ["Combat Results Table"]     # optional
    where = "Combat Phase: each attack"   # optional

A rule not yet written up is listed in the file's ``missing`` (never left out silently):
:func:`check_complete` names every numbered rule of the coverage table that has neither.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .coverage import coverage_rows
from .datafile import read_data_file, validate
from .errors import DataError, UnknownGame
from .protocol import Game


class RuleNote(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: a short heading of our own where the rulebook's "heading" is its rule's first sentence
    title: str = Field(default="", max_length=60)
    summary: str = Field(min_length=10, max_length=900)
    tables: list[str] = []
    where: str = ""


class RuleNotesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    missing: list[str] = Field(
        default=[], description="numbered rules not yet written up, listed rather than left out"
    )
    rules: dict[str, RuleNote]


@cache
def load_rule_notes(path: Path) -> RuleNotesFile:
    """A game's rule notes, checked (each entry's fields; no rule both noted and missing)."""
    spec = validate(read_data_file(path), RuleNotesFile, str(path))
    both = sorted(set(spec.missing) & set(spec.rules))
    if both:
        raise DataError(str(path), [f"rule {n} is both noted and listed as missing" for n in both])
    return spec


def check_complete(spec: RuleNotesFile, numbers: Iterable[str], source: str) -> list[str]:
    """The rule numbers of ``numbers`` (the coverage table's, without the game's prefix) with
    neither a note nor a place in ``missing``, and the notes for no such rule: raised as a
    :class:`DataError`. Returns the numbers listed as missing (for a data check's summary)."""
    wanted = list(numbers)
    known = set(wanted)
    problems = [f"rule {n}: no note and not listed as missing" for n in wanted
                if n not in spec.rules and n not in spec.missing]  # fmt: skip
    problems += [f"rule {n}: a note for no numbered rule" for n in spec.rules if n not in known]
    problems += [f"rule {n}: listed as missing but no such rule" for n in spec.missing
                 if n not in known]  # fmt: skip
    if problems:
        raise DataError(source, problems)
    return [n for n in wanted if n in spec.missing]


def notes_for(game: Game) -> RuleNotesFile | None:
    """The rule notes of ``game`` (None if it keeps none), checked against its coverage table
    where that is installed: every numbered rule noted or listed as missing."""
    path = game.rule_notes_file
    if path is None:
        return None
    spec = load_rule_notes(path)
    try:
        rows = coverage_rows(game)
    except UnknownGame:
        return spec
    check_complete(spec, note_keys(game, rows), str(path))
    return spec


def note_keys(game: Game, rows: list[dict[str, str]]) -> list[str]:
    """The key of each coverage row's note: its rule number without the game's prefix, or,
    for a number the rulebook prints twice (SNO has two 1.0s), the number and the title."""
    prefix = game.rule_prefix + " "
    seen: set[str] = set()
    out = []
    for r in rows:
        number = r["rule"].removeprefix(prefix)
        out.append(number if number not in seen else f"{number} {r['title']}")
        seen.add(number)
    return out


def notes_summary(game: Game) -> list[str]:
    """A data check's lines: how many rules are noted, and those still missing."""
    spec = notes_for(game)
    if spec is None:
        return ["no rule notes"]
    out = [f"{len(spec.rules)} rules noted for players"]
    if spec.missing:
        out.append(f"{len(spec.missing)} not yet: {', '.join(spec.missing)}")
    return out
