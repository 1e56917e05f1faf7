"""The Defiant Poland scenario (DR 2.0 mentions its card) as data: its own units, area,
control, seats, special rules and victory.

``data/defiant-poland.toml`` is a reconstruction (the card is not public;
docs/data/dr-setup.md). Load it with :func:`load_scenario`; broken files raise
:class:`~ostfront.core.errors.DataError` naming file, entry and field. The areas and checks
it shares with the 1941 set-up cards are in :mod:`setup`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, read_data_file, validate
from ...core.errors import DataError, UnknownGame
from ...core.mapmodel import GameMap
from .counters import CounterMix, SideName, Unit, UnitType, Values, load_counters
from .rules import Rules, standard_rules
from .setup import (
    DATA,
    AreaSpec,
    PlaceSpec,
    _board,
    _rule_problems,
    resolve_area,
)
from .stacking import counts_for_stacking, stacking_problems

SCENARIOS: dict[str, Path] = {"defiant-poland": DATA / "defiant-poland.toml"}


# ================================================================== the Defiant Poland scenario
class ScenarioHeader(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    title: str = Field(min_length=1)
    game: Literal["dr"]
    date: str = Field(min_length=1)
    turns: int = Field(ge=1, le=7)
    weather: Literal["clear", "light_mud", "mud", "snow"]
    first: SideName
    reconstructed: bool
    provenance: str = Field(min_length=1)


class SeatsSpec(BaseModel):
    model_config = STRICT
    axis: str = Field(min_length=1)
    soviet: str = Field(min_length=1)


class ScenarioUnitSpec(BaseModel):
    """A scenario-only counter: the fields of counters.py's ``UnitSpec`` that apply, with the
    nationalities of 1939 (``UnitSpec`` knows no Polish or Slovak units)."""

    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    side: SideName
    nationality: Literal["german", "slovak", "polish"]
    type: UnitType
    designation: str = ""
    full: str | None = Field(default=None, pattern=r"^[0-9]+(-[0-9]+)?$")
    reduced: str | None = Field(default=None, pattern=r"^[0-9]+(-[0-9]+)?$")
    #: A scenario option that brings the unit in (a key of [optional]).
    optional: str | None = None
    rules: list[str] = []
    source: str = Field(min_length=1)
    note: str = ""


class SpecialRuleSpec(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    text: str = Field(min_length=1)
    rules: list[str] = []
    #: Key into [sources]: the rulebook, the research notes, or "reconstructed".
    basis: str = Field(min_length=1)


class ScenarioOptionSpec(BaseModel):
    model_config = STRICT
    title: str = Field(min_length=1)
    note: str = ""
    placement: dict[str, PlaceSpec] = {}


class VictorySpec(BaseModel):
    model_config = STRICT
    soviet: str = Field(min_length=1)
    axis: str = Field(min_length=1)
    basis: str = Field(min_length=1)


class ScenarioFile(BaseModel):
    """A scenario file as written."""

    model_config = STRICT
    scenario: ScenarioHeader
    seats: SeatsSpec
    sources: dict[str, str] = {}
    areas: dict[SideName, AreaSpec]
    control: dict[SideName, AreaSpec]
    off_limits: AreaSpec
    #: DR counters used as printed (ids of counters.toml).
    counters: list[str] = []
    units: list[ScenarioUnitSpec] = []
    placement: dict[str, PlaceSpec] = Field(min_length=1)
    optional: dict[str, ScenarioOptionSpec] = {}
    special_rules: list[SpecialRuleSpec] = Field(min_length=1)
    victory: VictorySpec


@dataclass(frozen=True)
class SpecialRule:
    id: str
    text: str
    rules: tuple[str, ...]
    basis: str


@dataclass(frozen=True, eq=False)
class Scenario:
    """A validated scenario (set-up, control, special rules). Query it; do not mutate it."""

    id: str
    title: str
    source: str
    date: str
    turns: int
    weather: str
    first: str
    reconstructed: bool
    provenance: str
    #: Side -> who plays it (the Polish player takes the "soviet" seat).
    seats: Mapping[str, str]
    sources: Mapping[str, str]
    #: Every unit of the scenario, DR counters and scenario-only ones, by id.
    units: dict[str, Unit]
    #: Unit id -> scenario option that brings it in (units absent are always in play).
    unit_options: dict[str, str]
    #: Unit id -> hex, without scenario options.
    placement: dict[str, str]
    notes: dict[str, str]
    options: dict[str, dict[str, str]]
    option_titles: dict[str, str]
    #: Side -> hexes where it sets up.
    areas: dict[str, frozenset[str]]
    #: Hex -> side at the start.
    control: dict[str, str]
    #: Hexes no unit may enter.
    neutral: frozenset[str]
    special_rules: tuple[SpecialRule, ...]
    victory: Mapping[str, str]

    def units_in_play(self, options: Collection[str] = ()) -> list[Unit]:
        return [
            u
            for uid, u in self.units.items()
            if uid not in self.unit_options or self.unit_options[uid] in options
        ]

    def placement_for(self, options: Collection[str] = ()) -> dict[str, str]:
        """Unit id -> hex with these scenario options (e.g. "slovakia") in use."""
        out = dict(self.placement)
        for opt in sorted(options):
            out.update(self.options.get(opt, {}))
        return out


def load_scenario(name: str) -> Scenario:
    """A scenario by name (``"defiant-poland"``), validated against the counters and the map."""
    if name not in SCENARIOS:
        raise UnknownGame(
            f"no Defiant Russia scenario {name!r} (scenarios: {', '.join(SCENARIOS)})"
        )
    return _load_scenario(str(SCENARIOS[name]))


@cache
def _load_scenario(path: str) -> Scenario:
    return scenario_from_dict(read_data_file(path), path)


def load_scenario_file(path: str | Path) -> Scenario:
    """A scenario from any file (uncached; for tests and variants)."""
    return scenario_from_dict(read_data_file(path), str(path))


def scenario_from_dict(
    raw: Any,
    source: str = "<scenario>",
    gmap: GameMap | None = None,
    mix: CounterMix | None = None,
) -> Scenario:
    """Validate a scenario given as plain data (as parsed from TOML)."""
    spec = validate(raw, ScenarioFile, source, "scenario file")
    gmap = gmap or _board()
    mix = mix or load_counters()
    problems: list[str] = []

    units: dict[str, Unit] = {}
    unit_options: dict[str, str] = {}
    for uid in spec.counters:
        if uid not in mix.units:
            problems.append(f"counters: {uid!r} is not a unit of the DR counters")
        elif uid in units:
            problems.append(f"counters: {uid!r} listed twice")
        else:
            units[uid] = mix.units[uid]
    for i, us in enumerate(spec.units):
        where = f"units[{i + 1}: {us.name} {us.id}]"
        before = len(problems)
        if us.id in units or us.id in mix.units:
            problems.append(f"{where}.id: already a unit (of the DR counters or this file)")
        if (us.side == "soviet") != (us.nationality == "polish"):
            problems.append(f"{where}.nationality: {us.nationality} units are not {us.side}")
        if us.source not in spec.sources:
            problems.append(f"{where}.source: {us.source!r} is not a key of [sources]")
        if us.optional is not None and us.optional not in spec.optional:
            problems.append(f"{where}.optional: {us.optional!r} is not a key of [optional]")
        if us.type != "leader" and us.full is None:
            problems.append(f"{where}.full: every unit other than a leader needs its values")
        problems += _rule_problems(us.rules, f"{where}.rules")
        if len(problems) > before:
            continue
        units[us.id] = Unit(
            id=us.id,
            name=us.name,
            side=us.side,
            nationality=us.nationality,
            type=us.type,
            full=None if us.full is None else Values.parse(us.full),
            reduced=None if us.reduced is None else Values.parse(us.reduced),
            source=us.source,
            designation=us.designation,
            rules=tuple(us.rules),
            note=us.note,
        )
        if us.optional:
            unit_options[us.id] = us.optional

    areas: dict[str, frozenset[str]] = {
        side: resolve_area(a, gmap, f"areas.{side}", problems) for side, a in spec.areas.items()
    }
    control: dict[str, str] = {}
    for side, a in spec.control.items():
        for h in resolve_area(a, gmap, f"control.{side}", problems) | _water_of(a, gmap):
            if control.get(h, side) != side:
                problems.append(f"control.{side}: hex {h} is already {control[h]}")
            control[h] = side
    neutral = resolve_area(spec.off_limits, gmap, "off_limits", problems) | _water_of(
        spec.off_limits, gmap
    )

    for where, placed in (
        ("placement", spec.placement),
        *[(f"optional.{k}.placement", o.placement) for k, o in spec.optional.items()],
    ):
        for uid in placed:
            if uid not in units and uid not in mix.units:
                problems.append(f"{where}.{uid}: no such unit in this scenario")
    for i, rule in enumerate(spec.special_rules):
        if rule.basis not in spec.sources:
            problems.append(
                f"special_rules[{i + 1}: {rule.id}].basis: {rule.basis!r} is not a key of [sources]"
            )
        problems += _rule_problems(rule.rules, f"special_rules[{i + 1}: {rule.id}].rules")
    if spec.victory.basis not in spec.sources:
        problems.append(f"victory.basis: {spec.victory.basis!r} is not a key of [sources]")

    if problems:
        raise DataError(source, problems)
    notes = {u: p.at for u, p in spec.placement.items()}
    for o in spec.optional.values():
        notes.update({u: p.at for u, p in o.placement.items()})
    head = spec.scenario
    scenario = Scenario(
        id=head.id,
        title=head.title,
        source=source,
        date=head.date,
        turns=head.turns,
        weather=head.weather,
        first=head.first,
        reconstructed=head.reconstructed,
        provenance=head.provenance,
        seats={"axis": spec.seats.axis, "soviet": spec.seats.soviet},
        sources=dict(spec.sources),
        units=units,
        unit_options=unit_options,
        placement={u: p.hex for u, p in spec.placement.items()},
        notes=notes,
        options={k: {u: p.hex for u, p in o.placement.items()} for k, o in spec.optional.items()},
        option_titles={k: o.title for k, o in spec.optional.items()},
        areas=areas,
        control=dict(sorted(control.items())),
        neutral=neutral - control.keys(),
        special_rules=tuple(
            SpecialRule(r.id, r.text, tuple(r.rules), r.basis) for r in spec.special_rules
        ),
        victory={"soviet": spec.victory.soviet, "axis": spec.victory.axis},
    )
    problems = scenario_problems(scenario)
    if problems:
        raise DataError(source, problems)
    return scenario


def _water_of(spec: AreaSpec, gmap: GameMap) -> set[str]:
    """Lake hexes of the regions an area names (control covers them; set-up does not)."""
    out: set[str] = set()
    for name in spec.regions:
        region = gmap.regions.get(name)
        if region is not None:
            out |= {h for h in region.hexes if gmap.terrain.get(h) == "lake"}
    for name in spec.exclude_regions:
        region = gmap.regions.get(name)
        if region is not None:
            out -= region.hexes
    return out


def scenario_problems(scenario: Scenario) -> list[str]:
    """What is wrong with a scenario (loading runs this): units unplaced or outside their
    side's area, areas outside their side's control, overstacked hexes, lone leaders."""
    problems: list[str] = []
    for side, hexes in scenario.areas.items():
        bad = sorted(h for h in hexes if scenario.control.get(h) != side)
        if bad:
            problems.append(f"areas.{side}: hexes {bad[:4]} are not {side}-controlled at start")
    for opts in [(), *[(k,) for k in sorted(scenario.options)]]:
        label = "no options" if not opts else "option " + "+".join(opts)
        placed = scenario.placement_for(opts)
        in_play = {u.id: u for u in scenario.units_in_play(opts)}
        stacks: dict[str, list[Unit]] = defaultdict(list)
        for uid in in_play:
            if uid not in placed:
                problems.append(f"placement.{uid}: the unit has no hex ({label})")
        for uid, h in placed.items():
            if uid not in in_play:
                problems.append(f"placement.{uid}: the unit is not in play ({label})")
                continue
            unit = in_play[uid]
            if h not in scenario.areas[unit.side]:
                problems.append(
                    f"placement.{uid}.hex: {h} is outside the {unit.side} set-up area ({label})"
                )
            stacks[h].append(unit)
        for h, units in sorted(stacks.items()):
            for p in stacking_problems(units):
                problems.append(f"hex {h}: {p} ({label})")
            if len({u.side for u in units if counts_for_stacking(u)}) > 1:
                problems.append(f"hex {h}: units of both sides ({label})")
            for leader in (u for u in units if u.is_leader):
                if not any(u.is_ground and u.nationality == leader.nationality for u in units):
                    problems.append(f"hex {h}: {leader.name} must stack with a unit of his own")
                if leader.name == "Guderian" and not any(u.type == "armor" for u in units):
                    problems.append(f"hex {h}: Guderian accompanies German armor (DR 11.6.1B)")
    return problems


def check_scenario(name: str = "defiant-poland") -> list[str]:
    """Validate a scenario (raising DataError on problems) and describe it in notes."""
    scenario = load_scenario(name)
    units = scenario.units_in_play()
    by_side = Counter(u.side for u in units if u.is_ground)
    reused = sum(1 for u in units if u.id in load_counters().units)
    return [
        f"{scenario.title}: {scenario.date}, {scenario.turns} turn(s), {scenario.weather} weather",
        f"{by_side['axis']} Axis and {by_side['soviet']} Polish units at start "
        f"({reused} DR counters reused); options: "
        + (", ".join(f"{k} ({t})" for k, t in sorted(scenario.option_titles.items())) or "none"),
        f"{len(scenario.special_rules)} special rules; the Polish player takes the soviet seat",
        "RECONSTRUCTED: the Defiant Poland card is not public (docs/data/dr-setup.md)"
        if scenario.reconstructed
        else "from the published card",
    ]


def check_defiant_poland() -> list[str]:
    """``check_scenario("defiant-poland")``, named for ``ostfront data check``."""
    return check_scenario("defiant-poland")


@cache
def scenario_rules(name: str) -> Rules:
    """The components of a scenario with its own units (Defiant Poland): its counters."""
    r = standard_rules()
    scenario = load_scenario(name)
    return Rules(r.map, r.charts, replace(r.counters, units=dict(scenario.units)))
