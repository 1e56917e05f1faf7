"""Set-up cards and scenarios of Defiant Russia as data: areas, placement, control, stacking.

Two files, both reconstructions (the printed cards are not public; docs/data/dr-setup.md):

* ``data/setup.toml``: the 1941 set-up cards (DR 3.0): for every set-up code of the counters
  (military district, army group) its area of hexes; the at-start control of DR 6.4; the
  countries no unit may enter (9.4 and judgement); the historical placement of 22 June 1941;
  and what each optional rule (12.x) changes. Load it with :func:`load_setup`.
* ``data/defiant-poland.toml``: the introductory one-turn 1939 scenario (DR 2.0 mentions its
  card): :mod:`scenario`.

Stacking at set-up (and everywhere else) is :func:`stacking.stacking_problems`, a pure
function of the units in one hex (DR 6.2, 6.2.1, 6.2.2, 11.6A, 11.6.3D, 12.1). Broken files
raise :class:`~ostfront.core.errors.DataError` naming file, entry and field.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, read_data_file, validate
from ...core.errors import DataError
from ...core.hexgrid import HexIdError
from ...core.mapmodel import GameMap
from .board import board
from .counters import (
    CounterMix,
    OptionRule,
    Unit,
    load_counters,
)
from .stacking import (  # noqa: F401 - re-exported for callers of the set-up cards
    AXIS_PREPARATION_LIMIT,
    STACK_LIMIT,
    Piece,
    Stackable,
    counts_for_stacking,
    stacking_problems,
)

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "setup.toml"
#: Scenarios other than the 1941 campaign, by name.

SIDES: tuple[str, str] = ("axis", "soviet")
WATER = frozenset({"sea", "lake"})

_RULE = r"^[0-9]+(\.[0-9]+)*[A-Z]?$"


# ================================================================== file schema
class AreaSpec(BaseModel):
    """A set of hexes as written: map regions, explicit hexes, places, minus exclusions."""

    model_config = STRICT
    regions: list[str] = []
    hexes: list[str] = []
    places: list[str] = []
    exclude: list[str] = []
    exclude_regions: list[str] = []
    #: Regions the area must lie in; empty = inside its side's at-start control (DR 6.4).
    inside: list[str] = []
    #: The optional rule the area is used with (checks then look at control under that rule).
    option: OptionRule | None = None
    rules: list[str] = []
    source: str = ""
    note: str = ""


class AreaChangeSpec(BaseModel):
    """What an optional rule does to a set-up area: add hexes, or replace the area."""

    model_config = STRICT
    mode: Literal["add", "replace"]
    regions: list[str] = []
    hexes: list[str] = []
    places: list[str] = []
    exclude: list[str] = []
    exclude_regions: list[str] = []
    rules: list[str] = Field(min_length=1)
    note: str = ""


class PlaceSpec(BaseModel):
    model_config = STRICT
    hex: str = Field(pattern=r"^[0-9]{4}$")
    #: Where the formation stood and why this hex.
    at: str = Field(min_length=1)


class ControlSpec(BaseModel):
    model_config = STRICT
    soviet: list[str] = []
    axis: list[str] = []
    rules: list[str] = []
    note: str = ""


class OffLimitsSpec(BaseModel):
    model_config = STRICT
    basis: Literal["rulebook", "judgement"]
    reason: str = Field(min_length=1)
    rules: list[str] = []
    #: True if the map may lack the country (then it is simply not there).
    absent_ok: bool = False


class OptionSpec(BaseModel):
    model_config = STRICT
    title: str = Field(min_length=1)
    rules: list[str] = []
    note: str = ""
    control: ControlSpec = ControlSpec()
    areas: dict[str, AreaChangeSpec] = {}
    placement: dict[str, PlaceSpec] = {}
    #: DR 12.1: German units a hex may hold at set-up.
    german_per_hex: int | None = Field(default=None, ge=2, le=3)


class SetupHeader(BaseModel):
    model_config = STRICT
    game: Literal["dr"]
    title: str = ""
    provenance: str = ""


class SetupFile(BaseModel):
    """The whole set-up file as written."""

    model_config = STRICT
    setup: SetupHeader
    sources: dict[str, str] = {}
    control: ControlSpec
    off_limits: dict[str, OffLimitsSpec] = {}
    areas: dict[str, AreaSpec] = Field(min_length=1)
    placement: dict[str, PlaceSpec] = Field(min_length=1)
    optional: dict[OptionRule, OptionSpec] = {}


# ================================================================== loaded set-up
@dataclass(frozen=True)
class OffLimits:
    country: str
    basis: str
    reason: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class SetupOption:
    """What one optional rule changes at set-up (hexes resolved against the map)."""

    rule: str
    title: str
    rules: tuple[str, ...] = ()
    note: str = ""
    control: Mapping[str, str] = field(default_factory=dict)
    area_add: Mapping[str, frozenset[str]] = field(default_factory=dict)
    area_replace: Mapping[str, frozenset[str]] = field(default_factory=dict)
    placement: Mapping[str, str] = field(default_factory=dict)
    german_per_hex: int | None = None


@dataclass(frozen=True, eq=False)
class Setup:
    """The validated 1941 set-up cards. Query it; do not mutate it."""

    source: str
    title: str
    provenance: str
    sources: Mapping[str, str]
    #: Set-up code -> hexes (no optional rules).
    areas: dict[str, frozenset[str]]
    #: Unit id -> hex: the historical set-up of the units at start without optional rules.
    placement: dict[str, str]
    #: Hex -> "axis" | "soviet": at-start control (DR 6.4A-B); neutral hexes are absent.
    control: dict[str, str]
    #: Hexes of countries no unit may enter (DR 9.4: Sweden, Turkey; judgement: the rest).
    neutral: frozenset[str]
    off_limits: dict[str, OffLimits]
    #: Unit id -> where it stood and why (for placements, base and optional).
    notes: dict[str, str]
    #: Optional rule number ("12.8") -> what it changes.
    options: dict[str, SetupOption]
    #: Set-up code -> side (from the counters).
    code_sides: dict[str, str]
    #: Set-up codes whose area must be friendly-controlled (not those with an ``inside`` list).
    controlled_codes: frozenset[str]
    #: Set-up code -> the optional rule it belongs to (if any).
    code_options: dict[str, str]

    def control_for(self, options: Collection[str] = ()) -> dict[str, str]:
        """At-start control with these optional rules in use (12.8A/E change it)."""
        out = dict(self.control)
        for rule in sorted(options):
            opt = self.options.get(rule)
            if opt is not None:
                out.update(opt.control)
        return out

    def area_for(self, code: str, options: Collection[str] = ()) -> frozenset[str]:
        """Hexes where units of this set-up code may set up under these optional rules.

        Optional rules add hexes (12.8A, E, F, G) or replace the area (12.8D); a military
        district or army group only ever sets up in hexes its side controls at start (DR 6.4).
        """
        if code not in self.areas:
            raise KeyError(f"no set-up area for code {code!r} in {self.source}")
        area = set(self.areas[code])
        for rule in sorted(options):
            opt = self.options.get(rule)
            if opt is None:
                continue
            if code in opt.area_replace:
                area = set(opt.area_replace[code])
            area |= opt.area_add.get(code, frozenset())
        if code in self.controlled_codes:
            ctrl = self.control_for(options)
            side = self.code_sides[code]
            area = {h for h in area if ctrl.get(h) == side}
        return frozenset(area)

    def areas_for(self, options: Collection[str] = ()) -> dict[str, frozenset[str]]:
        """Every set-up code's area under these optional rules."""
        return {code: self.area_for(code, options) for code in self.areas}

    def placement_for(
        self, options: Collection[str] = (), mix: CounterMix | None = None
    ) -> dict[str, str]:
        """Unit id -> hex for every unit that starts on the map under these optional rules."""
        mix = mix or load_counters()
        merged = self._merged(options)
        return {
            uid: merged[uid]
            for uid, unit in mix.units.items()
            if uid in merged and unit.start_code(options) is not None
        }

    def entry_placement(
        self, options: Collection[str] = (), mix: CounterMix | None = None
    ) -> dict[str, str]:
        """Unit id -> hex for units placed on an event (the Turks when Turkey joins, 12.5)."""
        mix = mix or load_counters()
        merged = self._merged(options)
        return {
            uid: merged[uid]
            for uid, unit in mix.units.items()
            if uid in merged and unit.in_play(options) and unit.enters_when and unit.setup
        }

    def hex_for(self, unit_id: str, options: Collection[str] = ()) -> str:
        """The hex of one unit on the historical set-up card under these optional rules."""
        merged = self._merged(options)
        if unit_id not in merged:
            raise KeyError(f"unit {unit_id!r} has no set-up hex in {self.source}")
        return merged[unit_id]

    def german_per_hex(self, options: Collection[str] = ()) -> int:
        """German units a hex may hold at set-up (DR 6.2; 12.1 makes it three)."""
        limit = STACK_LIMIT
        for rule in options:
            opt = self.options.get(rule)
            if opt is not None and opt.german_per_hex:
                limit = max(limit, opt.german_per_hex)
        return limit

    def _merged(self, options: Collection[str]) -> dict[str, str]:
        merged = dict(self.placement)
        for rule in sorted(options):
            opt = self.options.get(rule)
            if opt is not None:
                merged.update(opt.placement)
        return merged


# ================================================================== loading helpers
def _board() -> GameMap:
    """The game's board (loaded once, by game.py)."""
    return board()


def _land(gmap: GameMap, h: str) -> bool:
    return gmap.terrain.get(h) not in WATER


def _region_hexes(gmap: GameMap, name: str, where: str, problems: list[str]) -> frozenset[str]:
    region = gmap.regions.get(name)
    if region is None:
        problems.append(f"{where}: no region {name!r} on the map")
        return frozenset()
    return region.hexes


def _expand(gmap: GameMap, specs: Iterable[str], where: str, problems: list[str]) -> list[str]:
    out: list[str] = []
    for s in specs:
        try:
            out.extend(gmap.grid.expand(s))
        except HexIdError as exc:
            problems.append(f"{where}: {exc}")
    return out


def resolve_area(
    spec: AreaSpec | AreaChangeSpec, gmap: GameMap, where: str, problems: list[str]
) -> frozenset[str]:
    """The land hexes an area spec names. Region hexes on water are dropped (regions are
    political and include lakes); explicit hexes on water are a problem."""
    excluded = set(_expand(gmap, spec.exclude, f"{where}.exclude", problems))
    for name in spec.exclude_regions:
        excluded |= _region_hexes(gmap, name, f"{where}.exclude_regions", problems)
    out: set[str] = set()
    for name in spec.regions:
        out |= {
            h for h in _region_hexes(gmap, name, f"{where}.regions", problems) if _land(gmap, h)
        }
    for h in _expand(gmap, spec.hexes, f"{where}.hexes", problems):
        if _land(gmap, h):
            out.add(h)
        elif h not in excluded:
            problems.append(f"{where}.hexes: {h} is {gmap.terrain.get(h)}, not land")
    for name in spec.places:
        # every hex of the place: a city may span two hexes (Istanbul, 12.5)
        found = [p.hex for p in gmap.places.values() if p.name.lower() == name.lower()]
        if not found:
            problems.append(f"{where}.places: no place named {name!r} on the map")
        out.update(found)
    return frozenset(out - excluded)


def _control(spec: ControlSpec, gmap: GameMap, where: str, problems: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for side in SIDES:
        for name in getattr(spec, side):
            for h in _region_hexes(gmap, name, f"{where}.{side}", problems):
                if out.get(h, side) != side:
                    problems.append(f"{where}.{side}: hex {h} ({name}) is already {out[h]}")
                out[h] = side
    return out


def _rule_problems(rules: Iterable[str], where: str) -> list[str]:
    return [
        f"{where}: {r!r} is not a rule number like 12.8D" for r in rules if not re.match(_RULE, r)
    ]


# ================================================================== loading the set-up
def load_setup(path: str | Path | None = None) -> Setup:
    """Load and validate the 1941 set-up cards; without a path, the game's own (cached)."""
    if path is None:
        return _default_setup()
    return _load_setup(Path(path))


@cache
def _default_setup() -> Setup:
    return _load_setup(DEFAULT_PATH)


def _load_setup(p: Path) -> Setup:
    return setup_from_dict(read_data_file(p), str(p))


def setup_from_dict(
    raw: Any,
    source: str = "<setup>",
    gmap: GameMap | None = None,
    mix: CounterMix | None = None,
) -> Setup:
    """Validate set-up cards given as plain data (as parsed from TOML)."""
    spec = validate(raw, SetupFile, source, "set-up file")
    gmap = gmap or _board()
    mix = mix or load_counters()
    problems: list[str] = []

    # control (DR 6.4) and the closed countries (9.4)
    control = _control(spec.control, gmap, "control", problems)
    problems += _rule_problems(spec.control.rules, "control.rules")
    off_limits: dict[str, OffLimits] = {}
    neutral: set[str] = set()
    for country, ol in spec.off_limits.items():
        where = f"off_limits.{country}"
        region = gmap.regions.get(country)
        if region is None:
            if not ol.absent_ok:
                problems.append(f"{where}: no region {country!r} on the map")
        elif region.kind != "country":
            problems.append(f"{where}: {country!r} is a map {region.kind}, not a country")
        else:
            neutral |= region.hexes
            clash = sorted(region.hexes & control.keys())
            if clash:
                problems.append(f"{where}: {country} hexes {clash[:3]} are also controlled")
        problems += _rule_problems(ol.rules, f"{where}.rules")
        off_limits[country] = OffLimits(country, ol.basis, ol.reason, tuple(ol.rules))
    for name, region in sorted(gmap.regions.items()):
        if (
            region.kind == "country"
            and name not in off_limits
            and not region.hexes <= control.keys()
        ):
            problems.append(
                f"control: country {name!r} is neither controlled (6.4) nor in [off_limits]"
            )

    # areas, one per set-up code of the counters
    areas: dict[str, frozenset[str]] = {}
    controlled: set[str] = set()
    code_options: dict[str, str] = {}
    for code, aspec in spec.areas.items():
        where = f"areas.{code}"
        if code not in mix.setup_codes:
            problems.append(f"{where}: {code!r} is not a set-up code of the counters")
            continue
        if aspec.source and aspec.source not in spec.sources:
            problems.append(f"{where}.source: {aspec.source!r} is not a key of [sources]")
        problems += _rule_problems(aspec.rules, f"{where}.rules")
        areas[code] = resolve_area(aspec, gmap, where, problems)
        if not areas[code]:
            problems.append(f"{where}: the area has no land hex")
        for name in aspec.inside:
            _region_hexes(gmap, name, f"{where}.inside", problems)
        if not aspec.inside:
            controlled.add(code)
        if aspec.option:
            code_options[code] = aspec.option
    for code in mix.setup_codes:
        if code not in spec.areas:
            problems.append(f"areas: set-up code {code!r} of the counters has no area")

    # optional rules
    options: dict[str, SetupOption] = {}
    for rule, ospec in spec.optional.items():
        where = f"optional.{rule}"
        problems += _rule_problems(ospec.rules, f"{where}.rules")
        add: dict[str, frozenset[str]] = {}
        replace: dict[str, frozenset[str]] = {}
        for code, change in ospec.areas.items():
            cwhere = f"{where}.areas.{code}"
            if code not in mix.setup_codes:
                problems.append(f"{cwhere}: {code!r} is not a set-up code of the counters")
                continue
            hexes = resolve_area(change, gmap, cwhere, problems)
            (add if change.mode == "add" else replace)[code] = hexes
        options[rule] = SetupOption(
            rule=rule,
            title=ospec.title,
            rules=tuple(ospec.rules),
            note=ospec.note,
            control=_control(ospec.control, gmap, f"{where}.control", problems),
            area_add=add,
            area_replace=replace,
            placement={u: p.hex for u, p in ospec.placement.items()},
            german_per_hex=ospec.german_per_hex,
        )

    notes = {u: p.at for u, p in spec.placement.items()}
    for ospec in spec.optional.values():
        notes.update({u: p.at for u, p in ospec.placement.items()})

    if problems:
        raise DataError(source, problems)
    setup = Setup(
        source=source,
        title=spec.setup.title,
        provenance=spec.setup.provenance,
        sources=dict(spec.sources),
        areas=areas,
        placement={u: p.hex for u, p in spec.placement.items()},
        control=dict(sorted(control.items())),
        neutral=frozenset(neutral),
        off_limits=off_limits,
        notes=notes,
        options=options,
        code_sides={c: s.side for c, s in mix.setup_codes.items()},
        controlled_codes=frozenset(controlled),
        code_options=code_options,
    )
    problems = setup_problems(setup, mix, gmap)
    if problems:
        raise DataError(source, problems)
    return setup


# ================================================================== checking the set-up
def option_sets(rules: Iterable[str]) -> list[tuple[str, ...]]:
    """The option sets a placement is checked under: none, each rule alone, all together."""
    ordered = sorted(rules)
    return [(), *[(r,) for r in ordered], tuple(ordered)]


def setup_problems(
    setup: Setup, mix: CounterMix | None = None, gmap: GameMap | None = None
) -> list[str]:
    """What is wrong with set-up cards against the counters and the map (loading runs this):
    areas outside their side's territory, units unplaced, outside their area, overstacked,
    leaders and fleets away from where the rules put them."""
    mix = mix or load_counters()
    gmap = gmap or _board()
    problems: list[str] = []

    # every area inside its side's territory (or its `inside` regions) under its option
    for code, hexes in setup.areas.items():
        code_opts: tuple[str, ...] = (
            (setup.code_options[code],) if code in setup.code_options else ()
        )
        if code in setup.controlled_codes:
            ctrl = setup.control_for(code_opts)
            side = setup.code_sides[code]
            bad = sorted(h for h in hexes if ctrl.get(h) != side)
            if bad:
                problems.append(
                    f"areas.{code}: hexes {bad[:4]} are not {side}-controlled at start (DR 6.4)"
                )
        bad_n = sorted(hexes & setup.neutral) if code in setup.controlled_codes else []
        if bad_n:
            problems.append(f"areas.{code}: hexes {bad_n[:4]} are in closed countries")
        rule_hexes = set(mix.setup_codes[code].rule_hexes)
        if rule_hexes and rule_hexes != set(hexes):
            problems.append(
                f"areas.{code}: the rulebook's hexes are {sorted(rule_hexes)}, "
                f"the area is {sorted(hexes)}"
            )

    # placements under no option, each option alone and all together
    for rule in setup.options:
        for uid in setup.options[rule].placement:
            if uid not in mix.units:
                problems.append(f"optional.{rule}.placement.{uid}: no such unit in the counters")
    for uid in setup.placement:
        if uid not in mix.units:
            problems.append(f"placement.{uid}: no such unit in the counters")
        elif mix.units[uid].start_code(()) is None:
            problems.append(f"placement.{uid}: the unit does not start on the map (counters)")
    for opts in option_sets(setup.options):
        problems += _placement_problems(setup, mix, gmap, opts)
    return problems


def _placement_problems(
    setup: Setup, mix: CounterMix, gmap: GameMap, opts: tuple[str, ...]
) -> list[str]:
    label = "no optional rules" if not opts else "optional " + "+".join(opts)
    problems: list[str] = []
    placed = setup.placement_for(opts, mix)
    for unit in mix.at_start(opts):
        if unit.id not in placed:
            problems.append(f"placement.{unit.id}: starts on the map but has no hex ({label})")
    stacks: dict[str, list[Unit]] = defaultdict(list)
    for uid, h in placed.items():
        unit = mix.units[uid]
        code = unit.start_code(opts)
        assert code is not None
        if h not in setup.area_for(code, opts):
            problems.append(f"placement.{uid}.hex: {h} is outside the area of {code} ({label})")
        stacks[h].append(unit)
    events = setup.entry_placement(opts, mix)
    for uid, h in events.items():
        unit = mix.units[uid]
        assert unit.setup is not None
        if h not in setup.area_for(unit.setup, opts):
            problems.append(f"placement.{uid}.hex: {h} is outside the area of {unit.setup}")
    for unit in mix.units.values():
        if unit.in_play(opts) and unit.enters_when and unit.setup and unit.id not in events:
            problems.append(f"placement.{unit.id}: placed on an event but has no hex ({label})")
    for h, units in sorted({**stacks, **_stacks(events, mix)}.items()):
        for p in stacking_problems(units):
            problems.append(f"hex {h}: {p} ({label})")
        if len({u.side for u in units if counts_for_stacking(u)}) > 1:
            problems.append(f"hex {h}: units of both sides ({label}, DR 6.0)")
    problems += _leader_problems(stacks, gmap, opts)
    return problems


def _stacks(placed: Mapping[str, str], mix: CounterMix) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = defaultdict(list)
    for uid, h in placed.items():
        out[h].append(mix.units[uid])
    return out


def _leader_problems(
    stacks: Mapping[str, list[Unit]], gmap: GameMap, opts: tuple[str, ...]
) -> list[str]:
    """Where the rules put leaders and fleets at start (DR 11.5.1, 11.6.1A-3A, 12.7A)."""
    problems: list[str] = []
    for h, units in stacks.items():
        ground = [u for u in units if u.is_ground]
        for leader in (u for u in units if u.is_leader):
            if leader.name == "Guderian" and not any(  # DR 11.6.1A
                u.nationality == "german" and u.type == "armor" and u.start_code(opts) == "AGC"
                for u in ground
            ):
                problems.append(f"hex {h}: Guderian starts with an AGC armor unit (DR 11.6.1A)")
            if leader.name == "Mannerheim" and not (  # DR 11.6.2A
                any(u.nationality == "finnish" for u in ground)
                and h in gmap.regions["Finland"].hexes
            ):
                problems.append(f"hex {h}: Mannerheim starts with a Finnish unit (DR 11.6.2A)")
            if leader.name in ("Stalin", "Timoshenko") and not _is_place(gmap, h, "Moscow"):
                problems.append(f"hex {h}: {leader.name} begins in Moscow (DR 11.6.3A, 12.7A)")
        for unit in units:
            if unit.name == "Baltic Fleet" and not _is_place(gmap, h, "Leningrad"):
                problems.append(f"hex {h}: the Baltic Fleet never leaves Leningrad (DR 11.5.1A)")
            if unit.name == "Black Sea Fleet" and "coast" not in gmap.hex_tags(h):
                problems.append(f"hex {h}: the Black Sea Fleet keeps to sea and coast (11.5.1C)")
    return problems


def _is_place(gmap: GameMap, h: str, name: str) -> bool:
    place = gmap.place(h)
    return place is not None and place.name == name


def check_setup(path: str | Path | None = None) -> list[str]:
    """Validate the set-up cards (raising DataError on problems) and describe them in notes."""
    setup = load_setup(path)
    mix = load_counters()
    placed = setup.placement_for((), mix)
    by_side = Counter(mix.units[u].side for u in placed)
    gmap = _board()
    judged = sorted(
        c if c in gmap.regions else f"{c} (not on the map)"
        for c, o in setup.off_limits.items()
        if o.basis == "judgement"
    )
    return [
        f"{len(setup.areas)} set-up areas, one per set-up code; "
        + ", ".join(f"{c} {len(h)}" for c, h in sorted(setup.areas.items()) if len(h) > 1),
        f"at-start control (DR 6.4): axis {sum(1 for s in setup.control.values() if s == 'axis')}"
        f" hexes, soviet {sum(1 for s in setup.control.values() if s == 'soviet')}; "
        f"{len(setup.neutral)} closed hexes (9.4 Sweden, Turkey; judgement: {', '.join(judged)})",
        f"historical placement: {len(placed)} units at start "
        f"(axis {by_side['axis']}, soviet {by_side['soviet']}), stacking legal (DR 6.2)",
        "optional rules with set-up changes: "
        + ", ".join(f"{r} {o.title}" for r, o in sorted(setup.options.items())),
        "areas and placements are reconstructed (the set-up cards are not public): "
        "docs/data/dr-setup.md",
    ]
