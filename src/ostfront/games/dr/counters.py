"""The Defiant Russia counter mix as data: every unit of both sides, the set-up codes, the markers.

The counters live in ``data/counters.toml``. A unit reads like the printed piece: two numbers,
combat strength and movement allowance (DR 2.0), written ``full = "4-6"`` and, for units with a
second step, ``reduced = "2-6"``. A fleet prints a strength only (``"3"``); a leader prints
neither. Example::

    [[units]]
    id = "rom-mtn"
    name = "Mountain Corps"
    side = "axis"
    nationality = "romanian"
    type = "mountain"
    full = "4-4"
    reduced = "2-4"
    setup = "Antonescu"
    rules = ["7.1.1"]
    source = "rom-oob"

Where a unit comes into play (the convention the loader enforces, one of three):

* **at start**: ``setup`` names a set-up code (DR 3.0A: military district or army group);
* **reinforcement**: ``reinforcement_turn`` (1-7, DR 10.2A) and no ``setup``; it enters where
  DR 10.2C/D say;
* **on an event**: ``enters_when`` says what brings it in (Turkey entering the war, DR 12.5;
  a Workers' Militia placed under DR 11.8A). It may name the ``setup`` code it is placed in.

Optional rules are named by their number: ``optional = "12.3"`` brings a unit into the game,
``removed_by = "12.6"`` takes it out, ``setup_under = {"12.3" = "AGC"}`` starts a reinforcement
on the map instead. Loading checks structure (pydantic) and then meaning, and reports *all*
problems at once as a :class:`~ostfront.core.errors.DataError` naming file, unit and field.
Provenance of every value: ``docs/data/dr-counters.md``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError
from ...core.units import PRINTED, parse_printed, printed_text

#: The symbol a unit type's counter shows (render's names).
SYMBOLS = {
    "infantry": "infantry", "armor": "armor", "mountain": "mountain", "cavalry": "cavalry",
    "shock": "shock", "nkvd": "infantry", "airborne": "airborne", "militia": "infantry",
    "fleet": "fleet", "leader": "leader",
}  # fmt: skip
#: Counter colours by nationality, else by side (a nationality not listed, as the Turks or
#: Lithuanians, takes its side's colour).
COUNTER_COLOURS = {
    "german": "#9ba59a", "finnish": "#eeeeee", "romanian": "#d8c26a",
    "hungarian": "#9cbf8c", "italian": "#6fae72", "slovak": "#b8c6dc",
    "axis": "#9ba59a", "soviet": "#c0392b",
}  # fmt: skip


DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "counters.toml"

SideName = Literal["axis", "soviet"]
Nationality = Literal[
    "german", "finnish", "romanian", "hungarian", "italian", "turkish", "lithuanian", "soviet"
]
UnitType = Literal[
    "infantry",  # Axis infantry corps; Soviet infantry armies (DR 2.0)
    "armor",  # German panzer corps; Soviet tank (mechanized) corps (DR 2.0, 6.3.2)
    "mountain",  # mountain corps (Axis) or mountain armies (Soviet, DR 6.2.1)
    "cavalry",  # cavalry corps (DR 2.0, 6.6.1)
    "shock",  # Soviet shock armies (DR 11.1)
    "nkvd",  # Soviet NKVD armies (DR 11.9)
    "airborne",  # the German and the Soviet airborne unit (DR 11.3)
    "militia",  # Workers' Militia (DR 11.8)
    "fleet",  # Baltic and Black Sea Fleets (DR 11.5)
    "leader",  # Guderian, Mannerheim, Stalin, Zhukov, Timoshenko (DR 11.6, 12.7)
]
#: DR's optional rules (12.x) a counter can depend on.
OptionRule = Literal["12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.7", "12.8", "12.9"]

SOVIET_ONLY_TYPES = frozenset({"shock", "nkvd", "militia", "fleet"})
#: Soviet types that are armies for stacking (DR 6.2.1: "Infantry, Mountain, or Shock army";
#: DR 11.9 calls the NKVD units armies).
SOVIET_ARMY_TYPES = frozenset({"infantry", "mountain", "shock", "nkvd"})


# ------------------------------------------------------------------ file schema
class CountersHeader(BaseModel):
    model_config = STRICT
    game: str = Field(min_length=1)
    title: str = ""
    provenance: str = ""


class SetupCodeSpec(BaseModel):
    model_config = STRICT
    code: str = Field(min_length=1)
    side: SideName
    #: One line: where the area is (hexes are attached by the map, not here).
    area: str = Field(min_length=1)
    #: Rules that name or define the area.
    rules: list[str] = []
    #: Hexes the rulebook itself names for the area (never reconstructed).
    rule_hexes: list[str] = []
    note: str = ""


class UnitSpec(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    side: SideName
    nationality: Nationality
    type: UnitType
    #: Extra printed designation, e.g. "Mob" on the Hungarian "2-5 INF (Mob)" (DR 12.9).
    designation: str = ""
    full: str | None = Field(default=None, pattern=PRINTED)
    reduced: str | None = Field(default=None, pattern=PRINTED)
    setup: str | None = None
    reinforcement_turn: int | None = Field(default=None, ge=1, le=7)
    enters_when: str = ""
    starts_reduced: bool = False
    home_defense: bool = False
    optional: OptionRule | None = None
    removed_by: OptionRule | None = None
    setup_under: dict[OptionRule, str] = {}
    #: Rulebook sections that name or constrain this very counter.
    rules: list[str] = []
    #: Key into ``[sources]``: where the values not stated by the rulebook come from.
    source: str = Field(min_length=1)
    note: str = ""


class MarkerSpec(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    count: int = Field(ge=1)
    rules: list[str] = []
    note: str = ""


class CountersFile(BaseModel):
    """The whole counters file as written."""

    model_config = STRICT
    counters: CountersHeader
    sources: dict[str, str] = {}
    setup_codes: list[SetupCodeSpec] = Field(min_length=1)
    units: list[UnitSpec] = Field(min_length=1)
    markers: list[MarkerSpec] = []


# ------------------------------------------------------------------ loaded counters
@dataclass(frozen=True)
class Values:
    """One printed side of a counter: combat strength and (if printed) movement allowance."""

    strength: int
    movement: int | None

    @classmethod
    def parse(cls, text: str) -> Values:
        return cls(*parse_printed(text))

    def __str__(self) -> str:
        return printed_text(self.strength, self.movement)


@dataclass(frozen=True)
class SetupCode:
    code: str
    side: str
    area: str
    rules: tuple[str, ...] = ()
    rule_hexes: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Marker:
    id: str
    name: str
    count: int
    rules: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Unit:
    """One counter. Query it; do not mutate it."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    full: Values | None
    reduced: Values | None
    source: str
    designation: str = ""
    setup: str | None = None
    reinforcement_turn: int | None = None
    enters_when: str = ""
    starts_reduced: bool = False
    home_defense: bool = False
    optional: str | None = None
    removed_by: str | None = None
    setup_under: Mapping[str, str] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_leader(self) -> bool:
        return self.type == "leader"

    @property
    def title(self) -> str:
        """The name players read in labels and prompts: with the nationality, since names
        repeat across nationalities ("German I Corps", "Romanian I Corps"); leaders and
        fleets go by their own names."""
        if self.type in ("leader", "fleet"):
            return self.name
        return f"{self.nationality.capitalize()} {self.name}"

    @property
    def is_ground(self) -> bool:
        """Leaders and fleets are not ground units (DR 6.0)."""
        return self.type not in ("leader", "fleet")

    @property
    def steps(self) -> int:
        """0 for leaders, 1 for one-step units, 2 for units with a reduced side."""
        if self.full is None:
            return 0
        return 1 if self.reduced is None else 2

    @property
    def echelon(self) -> str | None:
        """Stacking size, "army" or "corps" (DR 6.2, 6.2.1, 11.8B); None for leaders, fleets."""
        if not self.is_ground:
            return None
        if self.side == "soviet" and self.type in SOVIET_ARMY_TYPES:
            return "army"
        return "corps"

    @property
    def at_start(self) -> bool:
        """Set up at the start of the standard game (if its optional rule is in use)."""
        return self.setup is not None and self.reinforcement_turn is None and not self.enters_when

    def in_play(self, options: Collection[str] = ()) -> bool:
        """Part of a game played with these optional rules (numbers such as "12.6")."""
        if self.optional is not None and self.optional not in options:
            return False
        return self.removed_by is None or self.removed_by not in options

    def start_code(self, options: Collection[str] = ()) -> str | None:
        """The set-up code the unit starts in under these options, or None if it does not."""
        if not self.in_play(options):
            return None
        for rule in sorted(self.setup_under):
            if rule in options:
                return self.setup_under[rule]
        return self.setup if self.at_start else None

    def arrival_turn(self, options: Collection[str] = ()) -> int | None:
        """The turn the unit enters as a reinforcement under these options, or None."""
        if not self.in_play(options) or self.start_code(options) is not None:
            return None
        return self.reinforcement_turn

    def describe(self) -> str:
        values = "leader" if self.full is None else str(self.full)
        if self.reduced is not None:
            values += f" / {self.reduced}"
        return f"{self.name} ({self.nationality} {self.type}, {values})"


@dataclass
class CounterMix:
    """The validated counter mix. Query it; do not mutate it."""

    game: str
    title: str
    source: str
    provenance: str
    sources: dict[str, str]
    setup_codes: dict[str, SetupCode]
    units: dict[str, Unit]
    markers: dict[str, Marker]

    def unit(self, unit_id: str) -> Unit:
        try:
            return self.units[unit_id]
        except KeyError:
            raise KeyError(f"no unit {unit_id!r} in {self.source}") from None

    def named(self, name: str, nationality: str | None = None) -> Unit:
        """The unit with this name (names are unique within a nationality)."""
        found = [
            u
            for u in self.units.values()
            if u.name.lower() == name.lower() and nationality in (None, u.nationality)
        ]
        if len(found) != 1:
            what = "no unit" if not found else f"{len(found)} units"
            raise KeyError(f"{what} named {name!r} in {self.source}; give the nationality")
        return found[0]

    def units_of(self, side: str, options: Collection[str] | None = None) -> list[Unit]:
        """Units of one side: every counter in the box, or (given options) those in play."""
        return [
            u
            for u in self.units.values()
            if u.side == side and (options is None or u.in_play(options))
        ]

    def at_start(self, options: Collection[str] = ()) -> list[Unit]:
        """Units set up before the first turn under these options (DR 3.0)."""
        return [u for u in self.units.values() if u.start_code(options) is not None]

    def reinforcements(self, turn: int, options: Collection[str] = ()) -> list[Unit]:
        """Units entering on ``turn`` under these options (DR 10.2)."""
        return [u for u in self.units.values() if u.arrival_turn(options) == turn]

    def by_setup_code(self, code: str, options: Collection[str] | None = None) -> list[Unit]:
        """Units whose counter carries this set-up code; given options, those starting there."""
        if code not in self.setup_codes:
            raise KeyError(f"no set-up code {code!r} in {self.source}")
        if options is None:
            return [u for u in self.units.values() if u.setup == code]
        return [u for u in self.units.values() if u.start_code(options) == code]

    @property
    def marker_count(self) -> int:
        return sum(m.count for m in self.markers.values())

    @property
    def piece_count(self) -> int:
        """Units plus markers: DR 2.0 speaks of 200 playing pieces."""
        return len(self.units) + self.marker_count


# ------------------------------------------------------------------ loading
def load_counters(path: str | Path | None = None) -> CounterMix:
    """Load and validate a counters file; without a path, the game's own (cached)."""
    if path is None:
        return _default()
    return _load(Path(path))


@cache
def _default() -> CounterMix:
    return _load(DEFAULT_PATH)


def _load(p: Path) -> CounterMix:
    return counters_from_dict(read_data_file(p), str(p))


def load_counters_text(text: str, source: str = "<counters>") -> CounterMix:
    """Load counters from TOML text; ``source`` names it in error messages."""
    return counters_from_dict(parse_text(text, source), source)


def counters_from_dict(raw: Any, source: str = "<counters>") -> CounterMix:
    """Validate a counter mix given as plain data (as parsed from TOML)."""
    return _build(validate(raw, CountersFile, source, "counters file"), source)


def _label(section: str, index: int, name: str, ident: str) -> str:
    # Same shape as mapmodel's pydantic messages: units[3: XXIV Panzer Corps ger-xxiv-pz]
    return f"{section}[{index + 1}: {name} {ident}]"


def _build(spec: CountersFile, source: str) -> CounterMix:
    problems: list[str] = []

    codes: dict[str, SetupCode] = {}
    for i, c in enumerate(spec.setup_codes):
        if c.code in codes:
            problems.append(f"{_label('setup_codes', i, c.code, c.side)}.code: duplicate code")
            continue
        codes[c.code] = SetupCode(
            c.code, c.side, c.area, tuple(c.rules), tuple(c.rule_hexes), c.note
        )

    units: dict[str, Unit] = {}
    names: dict[tuple[str, str], str] = {}
    for i, s in enumerate(spec.units):
        where = _label("units", i, s.name, s.id)
        before = len(problems)
        problems.extend(f"{where}.{msg}" for msg in _unit_problems(s, codes, spec.sources))
        if s.id in units:
            problems.append(f"{where}.id: duplicate id")
        key = (s.nationality, s.name.lower())
        if key in names:
            problems.append(f"{where}.name: same {s.nationality} name as {names[key]}")
        if len(problems) > before or s.id in units:
            continue
        names[key] = s.id
        units[s.id] = Unit(
            id=s.id,
            name=s.name,
            side=s.side,
            nationality=s.nationality,
            type=s.type,
            full=None if s.full is None else Values.parse(s.full),
            reduced=None if s.reduced is None else Values.parse(s.reduced),
            source=s.source,
            designation=s.designation,
            setup=s.setup,
            reinforcement_turn=s.reinforcement_turn,
            enters_when=s.enters_when,
            starts_reduced=s.starts_reduced,
            home_defense=s.home_defense,
            optional=s.optional,
            removed_by=s.removed_by,
            setup_under={str(k): c for k, c in s.setup_under.items()},
            rules=tuple(s.rules),
            note=s.note,
        )

    markers: dict[str, Marker] = {}
    for i, m in enumerate(spec.markers):
        if m.id in markers or m.id in units:
            problems.append(f"{_label('markers', i, m.name, m.id)}.id: duplicate id")
            continue
        markers[m.id] = Marker(m.id, m.name, m.count, tuple(m.rules), m.note)

    if problems:
        raise DataError(source, problems)
    return CounterMix(
        game=spec.counters.game,
        title=spec.counters.title,
        source=source,
        provenance=spec.counters.provenance,
        sources=dict(spec.sources),
        setup_codes=codes,
        units=units,
        markers=markers,
    )


def _unit_problems(
    s: UnitSpec, codes: Mapping[str, SetupCode], sources: Mapping[str, str]
) -> list[str]:
    out: list[str] = []
    # side and nationality (DR 3.0D: the Axis player controls every non-Soviet nationality)
    if (s.side == "soviet") != (s.nationality == "soviet"):
        out.append(f"nationality: {s.nationality} units are not on the {s.side} side")
    if s.type in SOVIET_ONLY_TYPES and s.side != "soviet":
        out.append(f"type: only the Soviets have {s.type} units")

    full = None if s.full is None else Values.parse(s.full)
    reduced = None if s.reduced is None else Values.parse(s.reduced)
    if s.type == "leader":
        # Leaders print no combat values and are never reduced (DR 11.6).
        if full is not None:
            out.append("full: a leader has no combat values")
        if reduced is not None:
            out.append("reduced: a leader has no reduced side")
    elif full is None:
        out.append("full: every unit other than a leader needs its printed values")
    else:
        if full.strength < 1:
            out.append("full: a unit's full-strength side has at least one combat factor")
        if s.type == "fleet":
            # Fleets move by DR 11.5.1, not by a printed allowance.
            if full.movement is not None or (reduced is not None and reduced.movement is not None):
                out.append('full: a fleet prints a strength only, e.g. "3"')
        elif full.movement is None or (reduced is not None and reduced.movement is None):
            out.append('full: a ground unit prints strength and movement, e.g. "3-3"')
        if reduced is not None:
            if reduced.strength > full.strength:
                out.append(f"reduced: strength {reduced.strength} above full {full.strength}")
            if (
                reduced.movement is not None
                and full.movement is not None
                and reduced.movement > full.movement
            ):
                out.append(f"reduced: movement {reduced.movement} above full {full.movement}")
    if s.type == "militia" and reduced is not None:
        out.append("reduced: the Workers' Militia has only one step (DR 11.8B)")
    if s.starts_reduced and reduced is None:
        out.append("starts_reduced: the unit has no reduced side to start on")

    # where it comes into play: exactly one of at start / reinforcement / event
    if s.reinforcement_turn is not None:
        if s.setup is not None:
            out.append("setup: a reinforcement has no set-up code (it enters per DR 10.2)")
        if s.enters_when:
            out.append("enters_when: a reinforcement enters on its turn, not on an event")
    elif not s.enters_when and s.setup is None:
        out.append("setup: an at-start unit needs a set-up code (or give reinforcement_turn)")
    if s.setup is not None:
        out.extend(_code_problems("setup", s.setup, s.side, codes))
    for rule, code in s.setup_under.items():
        out.extend(_code_problems(f"setup_under.{rule}", code, s.side, codes))
    if s.optional is not None and s.removed_by == s.optional:
        out.append("removed_by: the same rule cannot bring the unit in and take it out")
    if s.home_defense:
        # DR 11.4.4: the three units assigned to Romanian Home Defense.
        if s.nationality != "romanian":
            out.append("home_defense: only Romanian units are assigned to Home Defense")
        if s.setup != "Romanian Home Defense":
            out.append("setup: a Home Defense unit sets up as Romanian Home Defense")
    if s.source not in sources:
        out.append(f"source: {s.source!r} is not a key of [sources]")
    for r in s.rules:
        if not re.fullmatch(r"[0-9]+(\.[0-9]+)*[A-Z]?", r):
            out.append(f"rules: {r!r} is not a rule number like 11.4.4 or 3.0B")
    return out


def _code_problems(fld: str, code: str, side: str, codes: Mapping[str, SetupCode]) -> list[str]:
    if code not in codes:
        return [f"{fld}: set-up code {code!r} is not in [[setup_codes]]"]
    if codes[code].side != side:
        return [f"{fld}: set-up code {code!r} belongs to the {codes[code].side} side"]
    return []


# ------------------------------------------------------------------ checks and queries
def check_counters(path: str | Path | None = None) -> list[str]:
    """Validate the counters (raising DataError on problems) and describe the mix in notes."""
    mix = load_counters(path)
    notes = [
        f"{len(mix.units)} units and {mix.marker_count} markers: {mix.piece_count} pieces "
        "(DR 2.0 speaks of 200)"
    ]
    for side in ("axis", "soviet"):
        units = mix.units_of(side)
        by_nat = Counter(u.nationality for u in units)
        by_type = Counter(u.type for u in units)
        notes.append(f"{side}: {len(units)} units; " + _tally(by_nat))
        notes.append(f"{side} by type: " + _tally(by_type))
    base = mix.at_start()
    notes.append(
        "at start (no optional rules): "
        + _tally(Counter(u.side for u in base))
        + f"; {sum(1 for u in base if u.starts_reduced)} start reduced (DR 3.0B)"
    )
    per_turn = []
    for turn in range(1, 8):
        arriving = mix.reinforcements(turn)
        if arriving:
            per_turn.append(f"turn {turn}: " + _tally(Counter(u.side for u in arriving)))
    notes.append("reinforcements (no optional rules): " + "; ".join(per_turn))
    optional = Counter(u.optional for u in mix.units.values() if u.optional)
    removed = Counter(u.removed_by for u in mix.units.values() if u.removed_by)
    notes.append(
        "optional units: "
        + ", ".join(f"{rule} brings {n}" for rule, n in sorted(optional.items()))
        + "; "
        + ", ".join(f"{rule} removes {n}" for rule, n in sorted(removed.items()))
    )
    notes.append(
        "values the rulebook does not state are reconstructed from history "
        "(docs/data/dr-counters.md)"
    )
    return notes


def _tally(counts: Counter[str]) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def units_of(side: str, options: Collection[str] | None = None) -> list[Unit]:
    """Units of one side in the game's own counter mix (see :meth:`CounterMix.units_of`)."""
    return load_counters().units_of(side, options)


def reinforcements(turn: int, options: Collection[str] = ()) -> list[Unit]:
    """Units of either side entering on ``turn`` (see :meth:`CounterMix.reinforcements`)."""
    return load_counters().reinforcements(turn, options)


def by_setup_code(code: str, options: Collection[str] | None = None) -> list[Unit]:
    """Units carrying a set-up code (see :meth:`CounterMix.by_setup_code`)."""
    return load_counters().by_setup_code(code, options)


def ids(units: Iterable[Unit]) -> list[str]:
    """The ids of some units, in order (handy in tests and messages)."""
    return [u.id for u in units]
