"""Sturm Nach Osten's markers as data: ``data/markers.toml``.

The inventory says, for every marker the rules use (dispersed, fortified, HAB, overrun, Blitz,
Exchange Conversion, No Retreat, and the records the rulebook implies: game-turn, weather,
replacement factors), what it marks, the rules that place, read and remove it, whether the
counter mix limits it and how many there are where that is known (SNO 1.2.3: the backs of the
Basic Game counters serve as markers; that sheet is not public, so most counts are unknown).
Provenance: docs/data/sno-markers.md.

Loading checks the inventory against the rules and the counter mix: every unit that may fortify
either has a printed fortified side or a fortification marker that fits it, with 10.7.5's bonus
(SNO 10.7.1); the HAB markers cover exactly the juggernauts and shock armies with 10.2.3's
bonuses; the counter mix is no limit on Exchange Conversion or No Retreat (7.5.1, 7.5.3); a
marker with a known count names its basis. Problems come as one
:class:`~ostfront.core.errors.DataError` naming file, marker and field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError
from .counters import CounterMix, Unit, fortify_bonus, load_counters
from .tables import Header, Tables, load_tables

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "markers.toml"

#: a rule number as the rulebook prints it: 7.5.1, 7.7.2a, 12.10, 1.0
_RULE = r"^[0-9]{1,2}\.[0-9]{1,2}(\.[0-9]{1,2}[a-z]?)?$"
#: what ``applies_to`` may name besides a counter type
JUGGERNAUT = "juggernaut"
#: SNO 7.5.1, 7.5.3: the markers whose number the counter mix does not limit
NOT_LIMITED = {"exchange-conversion": "7.5.1", "no-retreat": "7.5.3"}


class Marker(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=1)
    marks: Literal["unit", "hex", "attack", "track"]
    meaning: str = Field(min_length=1)
    rules: list[str] = Field(min_length=1)
    placed: str = Field(min_length=1)
    removed: str = Field(min_length=1)
    stated: bool
    printed: str = Field(min_length=1)
    applies_to: list[str] = []
    values: dict[str, int] = {}
    counter: str | None = None
    count: int | None = Field(default=None, ge=1)
    count_basis: Literal["rulebook", "reconstructed", "unknown"]
    limit: Literal["none", "mix", "unknown"]
    limit_rule: str = ""
    engine: Literal["unlimited", "count"]
    state: str = Field(min_length=1)


class MarkersFile(BaseModel):
    model_config = STRICT
    markers: Header
    marker: list[Marker] = Field(min_length=1)


@dataclass(frozen=True)
class Markers:
    spec: MarkersFile

    def marker(self, marker_id: str) -> Marker:
        for m in self.spec.marker:
            if m.id == marker_id:
                return m
        raise KeyError(f"no SNO marker {marker_id!r}")

    @property
    def ids(self) -> list[str]:
        return [m.id for m in self.spec.marker]

    def limited(self, marker_id: str) -> int | None:
        """How many of a marker play allows, or None where the engine never runs out (the
        counter mix is no limit, 7.5.1/7.5.3, or the count is unknown)."""
        m = self.marker(marker_id)
        return m.count if m.engine == "count" else None

    def for_unit(self, kind: str, unit: Unit) -> Marker | None:
        """The marker of ``kind`` ("fortified", "hab") that goes on ``unit``, if any."""
        for m in self.spec.marker:
            if m.id.startswith(kind) and fits(m, unit):
                return m
        return None


def fits(marker: Marker, unit: Unit) -> bool:
    """Whether ``marker`` can go on ``unit`` (``applies_to`` names its type, or juggernaut)."""
    return unit.type in marker.applies_to or (JUGGERNAUT in marker.applies_to and unit.juggernaut)


# ------------------------------------------------------------------ checks
def _marker_problems(where: str, m: Marker, mix: CounterMix) -> list[str]:
    out: list[str] = []
    for r in m.rules:
        if not re.match(_RULE, r):
            out.append(f"{where}.rules: {r!r} is not a rule number such as 7.5.1")
    types = {u.type for u in mix.units.values()}
    for t in m.applies_to:
        if t != JUGGERNAUT and t not in types:
            out.append(f"{where}.applies_to: no counter type {t!r}")
    if m.count_basis == "unknown" and m.count is not None:
        out.append(f"{where}.count: a count whose basis is unknown")
    if m.count_basis != "unknown" and m.count is None:
        out.append(f"{where}.count: count_basis {m.count_basis} needs a count")
    if m.limit == "none" and not m.limit_rule:
        out.append(f"{where}.limit_rule: name the rule that says the counter mix is no limit")
    if m.limit == "mix" and (m.count is None or m.engine != "count"):
        out.append(f"{where}.limit: limited by the counter mix needs a count and engine = count")
    if m.limit != "mix" and m.engine == "count":
        out.append(f"{where}.engine: only a marker the counter mix limits is counted")
    if m.id in NOT_LIMITED and m.limit != "none":
        out.append(f"{where}.limit: the counter mix is not a limit ({NOT_LIMITED[m.id]})")
    if m.counter is not None:
        if m.counter not in mix.units:
            out.append(f"{where}.counter: no unit {m.counter!r} in counters.toml")
        elif m.count != sum(1 for u in mix.units.values() if u.id == m.counter):
            out.append(f"{where}.count: the counter mix holds one {m.counter}")
    return out


def _fortify_problems(spec: MarkersFile, mix: CounterMix) -> list[str]:
    """SNO 10.7.1, 10.7.5: a unit that may fortify shows it by its printed fortified side or
    by a fortification marker; the marker's value is the unit's bonus."""
    out: list[str] = []
    # SNO 1.2.3: the Basic Game backs serve as markers where a counter's own back cannot
    markers = [m for m in spec.marker if m.id.startswith("fortified")]
    for u in mix.units.values():
        if u.type in ("factory", "garrison", "zhukov"):
            continue  # 10.7.2 (and Zhukov is no combat unit)
        fitting = [m for m in markers if fits(m, u)]
        if u.back_is == "fortified":
            if fitting:
                out.append(f"{u.id}: has a printed fortified side and a fortification marker")
            continue
        if len(fitting) != 1:
            out.append(
                f"{u.id}: no printed fortified side, so exactly one marker must fit (10.7.1)"
            )
            continue
        value = fitting[0].values.get(u.type)
        if value != fortify_bonus(u):
            out.append(
                f"marker {fitting[0].id}.values: {u.type} {value}, but {u.id} gains "
                f"{fortify_bonus(u)} fortified (10.7.5)"
            )
    return out


def _hab_problems(spec: MarkersFile, mix: CounterMix, tables: Tables) -> list[str]:
    """SNO 10.2.1, 10.2.3: HAB markers for juggernauts and shock armies only, each with the
    bonus of the charts (tables.toml ``combat.hab``)."""
    out: list[str] = []
    habs = [m for m in spec.marker if m.id.startswith("hab")]
    for u in mix.units.values():
        fitting = [m for m in habs if fits(m, u)]
        eligible = u.juggernaut or u.type == "shock"
        if eligible and len(fitting) != 1:
            out.append(f"{u.id}: exactly one HAB marker must fit a juggernaut or shock army")
        if not eligible and fitting:
            out.append(f"{u.id}: no HAB for a unit that is neither juggernaut nor shock (10.2.1)")
        if eligible and len(fitting) == 1:
            want = tables.spec.combat.hab["juggernaut" if u.juggernaut else "shock"]
            if fitting[0].values.get("bonus") != want:
                out.append(f"marker {fitting[0].id}.values.bonus: {u.id} gets {want} (10.2.3)")
    return out


def _problems(spec: MarkersFile, mix: CounterMix, tables: Tables) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for i, m in enumerate(spec.marker, start=1):
        where = f"marker[{i}: {m.id}]"
        if m.id in seen:
            out.append(f"{where}.id: listed twice")
        seen.add(m.id)
        out += _marker_problems(where, m, mix)
    for need in ("dispersed", *NOT_LIMITED):
        if need not in seen:
            out.append(f"marker: no {need!r} marker")
    return out + _fortify_problems(spec, mix) + _hab_problems(spec, mix, tables)


def _build(spec: MarkersFile, source: str, mix: CounterMix, tables: Tables) -> Markers:
    problems = _problems(spec, mix, tables)
    if problems:
        raise DataError(source, problems)
    return Markers(spec)


def load_markers_text(
    text: str,
    source: str = "<markers>",
    mix: CounterMix | None = None,
    tables: Tables | None = None,
) -> Markers:
    raw: Any = parse_text(text, source)
    spec = validate(raw, MarkersFile, source, "markers file")
    return _build(spec, source, mix or load_counters(), tables or load_tables())


@cache
def load_markers(path: str | Path = DEFAULT_PATH) -> Markers:
    """The SNO marker inventory (cached), checked against the counter mix and the charts."""
    raw = read_data_file(path)
    spec = validate(raw, MarkersFile, str(path), "markers file")
    return _build(spec, str(path), load_counters(), load_tables())


def marker_notes(markers: Markers | None = None) -> list[str]:
    """``ostfront data check`` notes: how many markers, which limits are known."""
    markers = markers or load_markers()
    ms = markers.spec.marker
    free = [m.id for m in ms if m.limit == "none"]
    known = [f"{m.id} {m.count} ({m.count_basis})" for m in ms if m.count is not None]
    return [
        f"{len(ms)} markers: {sum(m.stated for m in ms)} named by the rulebook, "
        f"{sum(not m.stated for m in ms)} records it implies",
        "counter mix no limit (7.5.1, 7.5.3): " + ", ".join(free),
        "counts known: "
        + (", ".join(known) or "none")
        + "; every other count unknown (1.2.3: the Basic Game counter sheet is not public)",
    ]
