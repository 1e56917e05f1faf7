"""Sturm Nach Osten's Combat Results Tables as data: the two Assault CRTs, Overrun/Blitz CRTs
A and B, and the Combat Options conversions.

The grids live in ``data/crt.toml`` (reconstructed: the printed tables are not public). This
module checks that they fit the frame the rulebook fixes — one die (SNO 7.2.1), odds 1:6
(SNO 7.4.7) to 7:1 Axis / 10:1 Soviet (SNO 7.4.8), the result codes of SNO 7.3.1 and 7.3.7,
overrun at 5:1 (A) or 6:1 (B) always eliminating the defender (SNO 5.4.4-5.4.5), Blitz minimum
2:1 / 3:1 (SNO 5.4.1c), the three Combat Options columns (SNO 7.5, 7.6.3) — and offers the
lookups the rules engine needs, including SNO 7.6.1's die roll of 1. Provenance and the design
rationale: ``docs/data/sno-tables.md``.

Example::

    crts = load_crt()
    column = odds_column(29, 10, crts.table("axis-assault").columns)   # "2:1" (SNO 7.2.1)
    crts.result("axis-assault", column, die=3)                          # "DR"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError

CRT_FILE = Path(__file__).parent / "data" / "crt.toml"

# SNO 7.3.1 and 7.3.7: every result code the CRTs may print.
RESULTS: tuple[str, ...] = (
    "DE", "DD", "DR", "(DR)", "-", "HX", "DX", "EX", "2X", "3X", "4X", "TX", "AL", "AE",
    "DR/AL", "(DR)/AL",
)  # fmt: skip
#: Results that eliminate the whole defending group (SNO 7.3.1). DD removes it too, but by
#: disbanding; SNO 5.4.5 says an overrun *eliminates*, so DD does not count there.
ELIMINATES_DEFENDER = frozenset({"DE", "HX", "DX", "EX", "2X", "3X", "4X", "TX"})
#: Results that make the defender retreat (and disperse): SNO 7.3.1, 7.3.7.
RETREATS = frozenset({"DR", "(DR)", "DR/AL", "(DR)/AL"})
LOWEST_ODDS = "1:6"  # SNO 7.4.7
HIGHEST_ODDS = {"axis": "7:1", "soviet": "10:1"}  # SNO 7.4.8
BLITZ_MINIMUM = {"axis": "2:1", "soviet": "3:1"}  # SNO 5.4.1c
OVERRUN_FROM = {"overrun-blitz-a": "5:1", "overrun-blitz-b": "6:1"}  # SNO 5.4.4
NO_RETREAT_DIE_ONE_FROM = "1:4"  # SNO 7.6.1

Result = Literal[
    "DE", "DD", "DR", "(DR)", "-", "HX", "DX", "EX", "2X", "3X", "4X", "TX", "AL", "AE",
    "DR/AL", "(DR)/AL",
]  # fmt: skip
Option = Literal["exchange", "no_retreat", "both"]
_ODDS = r"^[0-9]+:[0-9]+$"


def odds_value(odds: str) -> Fraction:
    """``"3:2"`` -> 3/2 (SNO 7.4.6: treat the ratio as a fraction)."""
    a, _, d = odds.partition(":")
    return Fraction(int(a), int(d))


def odds_column(
    attack: int | Fraction, defence: int | Fraction, columns: Sequence[str]
) -> str | None:
    """SNO 7.2.1 step four: the column the ratio simplifies to, always rounding in the
    defender's favour (29:10 -> 2:1, 7:4 -> 3:2, 5:12 -> 1:3). Odds above the last column are
    reduced to it (SNO 7.4.8); None below the first (SNO 7.4.7: an automatic AE)."""
    if defence <= 0:
        return columns[-1]
    ratio = Fraction(attack) / Fraction(defence)
    best: str | None = None
    for col in columns:
        if odds_value(col) <= ratio:
            best = col
    return best


def shift_column(column: str | None, shift: int, columns: Sequence[str]) -> str | None:
    """Move ``shift`` columns right (+) or left (-) (SNO 7.2.1 step five); None falls off the
    left edge (below the table's lowest odds), the right edge stops at the last column."""
    if column is None:
        return None
    i = list(columns).index(column) + shift
    if i < 0:
        return None
    return columns[min(i, len(columns) - 1)]


# ------------------------------------------------------------------ file schema
class CrtHeader(BaseModel):
    model_config = STRICT
    game: Literal["sno"]
    title: str = ""
    provenance: str = ""
    die: Literal[6]
    assignment_rule: str = ""


class Assignment(BaseModel):
    model_config = STRICT
    assault: str
    overrun_blitz: str


class TableSpec(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    side: Literal["axis", "soviet"]
    kind: Literal["assault", "overrun_blitz"]
    columns: list[str] = Field(min_length=1)
    below_lowest: Result
    overrun_from: str | None = Field(default=None, pattern=_ODDS)
    rules: list[str] = []
    rows: dict[Literal["1", "2", "3", "4", "5", "6"], list[Result]]


class Conversion(BaseModel):
    model_config = STRICT
    result: Result
    exchange: Result
    no_retreat: Result
    both: Result


class OptionsSpec(BaseModel):
    model_config = STRICT
    crt: str
    rules: list[str] = []
    conversions: list[Conversion]


class ResultSpec(BaseModel):
    """What one result code does, in our words, and the rule (SNO 7.3)."""

    model_config = STRICT
    code: Result
    name: str = Field(min_length=1)
    meaning: str = Field(min_length=1)
    rule: str = Field(min_length=1)


class ChoiceSpec(BaseModel):
    """One way a battle may be resolved (SNO 5.4, 7.5): what it means, when the rules take it."""

    model_config = STRICT
    choice: str = Field(min_length=1)
    meaning: str = Field(min_length=1)
    preferred: str = Field(min_length=1)
    rule: str = Field(min_length=1)


class CrtFile(BaseModel):
    model_config = STRICT
    crt: CrtHeader
    assignment: dict[Literal["axis", "soviet"], Assignment]
    tables: list[TableSpec]
    combat_options: list[OptionsSpec]
    results: list[ResultSpec]
    choices: list[ChoiceSpec] = []


# ------------------------------------------------------------------ loaded tables
@dataclass(frozen=True)
class Table:
    id: str
    name: str
    side: str
    kind: str
    columns: tuple[str, ...]
    below_lowest: str
    rows: dict[int, tuple[str, ...]]
    overrun_from: str | None = None
    rules: tuple[str, ...] = ()

    def cell(self, column: str, die: int) -> str:
        return self.rows[die][self.columns.index(column)]

    def column_results(self, column: str) -> list[str]:
        """The six results of one column, die 1 first."""
        return [self.cell(column, d) for d in range(1, 7)]


@dataclass(frozen=True)
class Crts:
    tables: dict[str, Table]
    assignment: dict[str, dict[str, str]]
    options: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    #: What each result code does: code -> (name, meaning, rule) (SNO 7.3).
    meanings: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    #: The ways a battle may be resolved: (choice, meaning, preferred, rule) (SNO 5.4, 7.5).
    choices: tuple[tuple[str, str, str, str], ...] = ()

    def table(self, table_id: str) -> Table:
        return self.tables[table_id]

    def for_side(self, side: str, kind: str) -> Table:
        """The table a side uses for ``assault`` or ``overrun_blitz`` attacks."""
        return self.tables[self.assignment[side][kind]]

    def convert(self, table_id: str, result: str, option: str | None) -> str:
        """A result read from an Assault CRT, converted by the Combat Option in force
        (SNO 7.5.1, 7.5.3, 7.6.3). Overrun/Blitz results are never altered (SNO 7.5)."""
        if option is None or table_id not in self.options:
            return result
        return self.options[table_id][result][option]

    def result(
        self,
        table_id: str,
        column: str | None,
        die: int,
        *,
        exchange_conversion: bool = False,
        no_retreat: bool = False,
    ) -> str:
        """The combat result: the cell, its Combat Options conversion, and SNO 7.6.1."""
        table = self.tables[table_id]
        if column is None:
            return table.below_lowest  # SNO 7.4.7, 5.4.1c
        raw = table.cell(column, die)
        if table.kind != "assault":
            return raw  # SNO 7.5, 5.4.1d: never altered
        option: str | None = None
        if exchange_conversion and no_retreat:
            option = "both"
        elif exchange_conversion:
            option = "exchange"
        elif no_retreat:
            option = "no_retreat"
        out = self.convert(table_id, raw, option)
        # SNO 7.6.1: a die roll of 1 at 1:4 or more against No Retreat defenders is at least DX.
        if (
            no_retreat
            and die == 1
            and odds_value(column) >= odds_value(NO_RETREAT_DIE_ONE_FROM)
            and out not in ELIMINATES_DEFENDER
            and out not in ("DE", "DD")
        ):
            out = "DX"
        return out


# ------------------------------------------------------------------ checks
def _frame_problems(spec: CrtFile) -> list[str]:
    """Everything that does not fit the frame the rulebook fixes."""
    out: list[str] = []
    ids = [t.id for t in spec.tables]
    for i, t in enumerate(spec.tables, start=1):
        where = f"tables[{i}: {t.id}]"
        values = [odds_value(c) for c in t.columns]
        if values != sorted(values) or len(set(values)) != len(values):
            out.append(f"{where}.columns: odds must rise from left to right without repeats")
        for d in "123456":
            row = t.rows.get(d)  # type: ignore[call-overload]
            if row is None:
                out.append(f"{where}.rows.{d}: missing (one row per die face, 7.2.1 step six)")
            elif len(row) != len(t.columns):
                out.append(f"{where}.rows.{d}: {len(row)} results for {len(t.columns)} columns")
        if t.kind == "assault":
            if t.columns[0] != LOWEST_ODDS:
                out.append(f"{where}.columns: the Assault CRT starts at 1:6 (7.4.7)")
            if t.columns[-1] != HIGHEST_ODDS[t.side]:
                out.append(
                    f"{where}.columns: the {t.side} CRT ends at {HIGHEST_ODDS[t.side]} (7.4.8)"
                )
            if t.below_lowest != "AE":
                out.append(f"{where}.below_lowest: odds below 1:6 are an AE (7.4.7)")
        else:
            if t.columns[0] != BLITZ_MINIMUM[t.side]:
                out.append(
                    f"{where}.columns: {t.side} Blitz attacks start at "
                    f"{BLITZ_MINIMUM[t.side]} (5.4.1c)"
                )
            if t.columns[-1] != HIGHEST_ODDS[t.side]:
                out.append(f"{where}.columns: ends at {HIGHEST_ODDS[t.side]} (7.4.8)")
            if t.below_lowest != "AE":
                out.append(f"{where}.below_lowest: Blitz below the minimum is an AE (5.4.1c)")
            want = OVERRUN_FROM.get(t.id)
            if t.overrun_from is None or (want and t.overrun_from != want):
                out.append(f"{where}.overrun_from: overrun begins at {want or '?'} (5.4.4)")
            elif t.overrun_from in t.columns and len(t.rows) == 6:
                start = t.columns.index(t.overrun_from)
                for d, row in t.rows.items():
                    for col, res in list(zip(t.columns, row, strict=False))[start:]:
                        if res not in ELIMINATES_DEFENDER:
                            out.append(
                                f"{where}.rows.{d}: {res} at {col} does not eliminate the "
                                "defender; an overrun always does (5.4.5)"
                            )
            else:
                out.append(f"{where}.overrun_from: not one of the columns")
    for side, a in spec.assignment.items():
        for kind, tid in (("assault", a.assault), ("overrun_blitz", a.overrun_blitz)):
            if tid not in ids:
                out.append(f"assignment.{side}.{kind}: no table {tid!r}")
                continue
            t = spec.tables[ids.index(tid)]
            if t.side != side or t.kind != kind:
                out.append(f"assignment.{side}.{kind}: {tid!r} is a {t.side} {t.kind} table")
    for i, o in enumerate(spec.combat_options, start=1):
        where = f"combat_options[{i}: {o.crt}]"
        if o.crt not in ids or spec.tables[ids.index(o.crt)].kind != "assault":
            out.append(f"{where}.crt: Combat Options belong to an Assault CRT (7.5)")
        have = [c.result for c in o.conversions]
        missing = [r for r in RESULTS if r not in have]
        dup = sorted({r for r in have if have.count(r) > 1})
        if missing:
            out.append(f"{where}.conversions: no row for {', '.join(missing)}")
        if dup:
            out.append(f"{where}.conversions: more than one row for {', '.join(dup)}")
    codes = [r.code for r in spec.results]
    missing = [r for r in RESULTS if r not in codes]
    if missing:
        out.append(f"results: no meaning for {', '.join(missing)} (7.3.1, 7.3.7)")
    dup = sorted({r for r in codes if codes.count(r) > 1})
    if dup:
        out.append(f"results: more than one entry for {', '.join(dup)}")
    assault = [t.id for t in spec.tables if t.kind == "assault"]
    for tid in assault:
        if tid not in [o.crt for o in spec.combat_options]:
            out.append(f"combat_options: no Combat Options section for {tid} (7.5)")
    return out


def _build(spec: CrtFile, source: str) -> Crts:
    problems = _frame_problems(spec)
    if problems:
        raise DataError(source, problems)
    tables = {
        t.id: Table(
            id=t.id,
            name=t.name,
            side=t.side,
            kind=t.kind,
            columns=tuple(t.columns),
            below_lowest=t.below_lowest,
            rows={int(d): tuple(r) for d, r in t.rows.items()},
            overrun_from=t.overrun_from,
            rules=tuple(t.rules),
        )
        for t in spec.tables
    }
    options: dict[str, dict[str, dict[str, str]]] = {
        o.crt: {
            c.result: {"exchange": c.exchange, "no_retreat": c.no_retreat, "both": c.both}
            for c in o.conversions
        }
        for o in spec.combat_options
    }
    assignment: dict[str, dict[str, str]] = {
        side: {"assault": a.assault, "overrun_blitz": a.overrun_blitz}
        for side, a in spec.assignment.items()
    }
    return Crts(
        tables=tables,
        assignment=assignment,
        options=options,
        meanings={r.code: (r.name, r.meaning, r.rule) for r in spec.results},
        choices=tuple((c.choice, c.meaning, c.preferred, c.rule) for c in spec.choices),
    )


def load_crt_text(text: str, source: str = "<crt>") -> Crts:
    raw: Any = parse_text(text, source)
    return _build(validate(raw, CrtFile, source, "CRT file"), source)


@cache
def load_crt(path: str | Path = CRT_FILE) -> Crts:
    """The SNO CRTs (cached)."""
    raw = read_data_file(path)
    return _build(validate(raw, CrtFile, str(path), "CRT file"), str(path))


# ------------------------------------------------------------------ expected losses
@dataclass(frozen=True)
class Expectation:
    """Expected outcome of one column, per unit of defending strength (one die, equal odds)."""

    column: str
    defender_loss: float  # share of the defending strength eliminated or disbanded
    attacker_loss: float  # attacking strength lost, in multiples of the defending strength
    retreat: float  # chance the defender must retreat (DR, (DR), and the doubles)
    attacker_eliminated: float  # chance of AE, TX or an exchange the attacker cannot pay


def _losses(result: str, r: float) -> tuple[float, float]:
    """(defender share lost, attacker loss / defender strength) for attack/defence ratio r,
    by SNO 7.3.1-7.3.2 (HX and DX taken at their maximum, EX-4X at their minimum)."""
    if result in ("DE", "DD"):
        return 1.0, 0.0
    if result == "HX":
        return 1.0, min(0.5, r)
    if result == "DX":
        return 1.0, min(1.0, r)
    if result in ("EX", "2X", "3X", "4X"):
        k = 1.0 if result == "EX" else float(result[0])
        if r < 1.0:  # SNO 7.3.2: a DX in reverse
            return r, r
        return 1.0, min(k, r)
    if result == "TX":
        return 1.0, r
    if result in ("AL", "DR/AL", "(DR)/AL"):
        return 0.0, min(1.0, r)
    if result == "AE":
        return 0.0, r
    return 0.0, 0.0


def expected(
    table: Table, column: str, converter: Crts | None = None, option: str | None = None
) -> Expectation:
    """Expected losses of one column, the attack exactly at the column's odds."""
    r = float(odds_value(column))
    d_loss = a_loss = ret = ae = 0.0
    for die in range(1, 7):
        res = table.cell(column, die)
        if converter is not None and option is not None:
            res = converter.convert(table.id, res, option)
        dl, al = _losses(res, r)
        d_loss += dl / 6
        a_loss += al / 6
        ret += (res in RETREATS) / 6
        ae += (al >= r - 1e-9 and al > 0) / 6
    return Expectation(column, round(d_loss, 3), round(a_loss, 3), round(ret, 3), round(ae, 3))


def loss_curve(crts: Crts | None = None) -> dict[str, list[Expectation]]:
    """Every table's expected-loss curve by odds (shown in docs/data/sno-tables.md)."""
    crts = crts or load_crt()
    return {tid: [expected(t, c) for c in t.columns] for tid, t in crts.tables.items()}


def loss_curve_markdown(crts: Crts | None = None) -> str:
    """The curves as Markdown tables, one per CRT (the doc embeds this output verbatim)."""
    crts = crts or load_crt()
    parts: list[str] = []
    for tid, curve in loss_curve(crts).items():
        t = crts.table(tid)
        parts.append(f"**{t.name}**\n")
        parts.append(
            "| odds | defender lost | attacker lost (x def.) | retreat | attacker wiped out |"
        )
        parts.append("|---|---|---|---|---|")
        for e in curve:
            parts.append(
                f"| {e.column} | {e.defender_loss:.2f} | {e.attacker_loss:.2f} | "
                f"{e.retreat:.2f} | {e.attacker_eliminated:.2f} |"
            )
        parts.append("")
    return "\n".join(parts)


def crt_notes(crts: Crts | None = None) -> list[str]:
    crts = crts or load_crt()
    notes = [
        f"{t.name}: {t.columns[0]} to {t.columns[-1]}, {len(t.columns)} columns"
        + (f", overrun from {t.overrun_from}" if t.overrun_from else "")
        for t in crts.tables.values()
    ]
    notes.append("CRT A = Axis, CRT B = Soviet: reading of the missing rule 7.2.1 step 3")
    notes.append(
        "every cell reconstructed (the printed CRTs are not public): docs/data/sno-tables.md"
    )
    return notes


def at_least_sets(factors: dict[str, int], need: Fraction | int) -> list[list[str]]:
    """SNO 7.3.1 EX-4X and AL: the sets reaching ``need`` with no unit to spare; every unit if
    even all of them fall short."""
    uids = sorted(factors)
    if sum(factors.values()) < need:
        return [uids]
    if need <= 0:
        return [[]]
    found: list[list[str]] = []
    for k in range(1, len(uids) + 1):
        for combo in combinations(uids, k):
            total = sum(factors[u] for u in combo)
            if total < need:
                continue
            if all(total - factors[u] < need for u in combo):
                found.append(list(combo))
    return found
