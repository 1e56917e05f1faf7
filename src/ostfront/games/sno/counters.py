"""The Sturm Nach Osten counter mix as data: every unit of the advanced game, both sides.

The counters live in ``data/counters.toml`` and read like the printed pieces: ``front = "9-2"``
(combat factor, movement factor) and ``back = "6-4"`` with ``back_is = "weaker"``. Example::

    [[units]]
    id = "ger-4-army"
    name = "4th Army"
    side = "axis"
    nationality = "german"
    type = "infantry"
    juggernaut = true
    front = "9-2"
    back = "6-4"
    back_is = "weaker"
    stacking = 3
    underlined = true
    available = "1941-06"
    source = "ger-oob"

Loading checks structure (pydantic) and then meaning against the rules that fix what a counter
can be — juggernaut sides (SNO 10.1), armor sides and the white movement factor (SNO 10.3),
the fortified sides (SNO 10.7.5), stacking points (SNO 4.2, 4.5), markings (SNO 5.3.3, 1.2.2),
earliest dates (SNO 11.7) — and reports *all* problems at once as a
:class:`~ostfront.core.errors.DataError` naming file, unit and field. Provenance of every
value: ``docs/data/sno-counters.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError
from ...core.units import PRINTED, parse_printed, printed_text

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "counters.toml"

SideName = Literal["axis", "soviet"]
Nationality = Literal["german", "romanian", "hungarian", "italian", "soviet", "polish"]
UnitType = Literal[
    "infantry",  # German corps and armies, Soviet armies, Romanian/Hungarian/Italian armies
    "mountain",  # mountain infantry (SNO 5.6.3)
    "shock",  # Soviet shock armies (SNO 10.2.3, 6.5.1)
    "front",  # Soviet fronts: juggernauts (SNO 10.1.1)
    "armor",  # "pure" armor (SNO 4.2)
    "armored_infantry",  # armor-type and infantry-type (SNO 3.4.3-3.4.4)
    "armored_cavalry",  # armor-type (SNO 3.4.3)
    "garrison",  # SNO 10.5
    "factory",  # SNO 10.4
    "zhukov",  # SNO 10.6: not a combat unit
]
BackSide = Literal["weaker", "unrefitted", "fortified", "entrained", "attack-defense"]
Marking = Literal["G", "M", "SS", "Gd", "Sh"]

# SNO 3.4.3
ARMOR_TYPES = frozenset({"armor", "armored_infantry", "armored_cavalry"})
# SNO 3.4.4
INFANTRY_TYPES = frozenset({"infantry", "mountain", "shock", "front", "armored_infantry"})
FIRST_MONTH = "1941-05"  # options 14.5 and 14.6 begin in May 1941
LAST_MONTH = "1945-05"  # the last Victory Determination Turn (SNO 15.1)

_MONTH = r"^19(4[1-5])-(0[1-9]|1[0-2])$"


# ------------------------------------------------------------------ file schema
class CountersHeader(BaseModel):
    model_config = STRICT
    game: Literal["sno"]
    title: str = ""
    provenance: str = ""


class UnitSpec(BaseModel):
    model_config = STRICT
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    code: str = ""
    side: SideName
    nationality: Nationality
    type: UnitType
    juggernaut: bool = False
    tank_army: bool = False
    front: str | None = Field(default=None, pattern=PRINTED)
    white_move: int | None = Field(default=None, ge=1)
    back: str | None = Field(default=None, pattern=PRINTED)
    back_is: BackSide | None = None
    stacking: int = Field(ge=0, le=6)
    markings: list[Marking] = []
    underlined: bool = False
    available: str = Field(pattern=_MONTH)
    reinforcement: str | None = Field(default=None, pattern=_MONTH)
    activation: str | None = Field(default=None, pattern=_MONTH)
    rules: list[str] = []
    source: str = Field(min_length=1)
    note: str = ""


class CountersFile(BaseModel):
    model_config = STRICT
    counters: CountersHeader
    sources: dict[str, str] = {}
    units: list[UnitSpec] = Field(min_length=1)


# ------------------------------------------------------------------ loaded counters
@dataclass(frozen=True)
class Face:
    """One printed side: combat factor and (if printed) movement factor."""

    cf: int
    mf: int | None

    @classmethod
    def parse(cls, text: str) -> Face:
        return cls(*parse_printed(text))

    def __str__(self) -> str:
        return printed_text(self.cf, self.mf)


@dataclass(frozen=True)
class Unit:
    """One counter. Query it; do not mutate it."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    front: Face | None
    back: Face | None
    back_is: str | None
    stacking: int
    available: str
    source: str
    code: str = ""
    juggernaut: bool = False
    tank_army: bool = False
    white_move: int | None = None
    markings: tuple[str, ...] = ()
    underlined: bool = False
    reinforcement: str | None = None
    activation: str | None = None
    rules: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_combat(self) -> bool:
        """Any unit with a combat factor, i.e. not a factory or Zhukov."""
        return self.type not in ("factory", "zhukov")  # SNO 3.4.2

    @property
    def is_armor_type(self) -> bool:
        return self.type in ARMOR_TYPES  # SNO 3.4.3

    @property
    def is_infantry_type(self) -> bool:
        return self.type in INFANTRY_TYPES  # SNO 3.4.4

    @property
    def force_cf(self) -> int:
        """The combat factor counted toward a scenario's forces (SNO 12.5): a juggernaut's
        weaker factor, an armor unit's refitted factor, every other unit's unfortified one.
        Factories and garrisons are extra (0 here); so is Zhukov."""
        if self.type in ("garrison", "factory", "zhukov") or self.front is None:
            return 0
        if self.juggernaut and self.back is not None:
            return self.back.cf
        return self.front.cf

    @property
    def replacement_cost(self) -> int | None:
        """RF cost (SNO 11.4-11.5): refitted CF for armor, unfortified CF otherwise; None for
        units that can never be replacements (juggernauts, factories, garrisons, 10.1.2, 11.5)."""
        if self.juggernaut or self.type in ("factory", "garrison", "zhukov"):
            return None
        if self.id == "pol-1-army":  # SNO 10.1.2: 'This also applies to the Polish 1st Army'
            return None
        return self.front.cf if self.front else None

    @property
    def title(self) -> str:
        """The name with its nationality, as labels and prompts give it: "German 4th Corps",
        "Soviet 5th Army", "Romanian 3rd Army" (two sides print a 6th Army)."""
        return f"{self.nationality.title()} {self.name}"

    @property
    def label(self) -> str:
        nat = "" if self.nationality in ("soviet", "german") else f"{self.nationality.title()} "
        return f"{nat}{self.name}"


@dataclass(frozen=True)
class CounterMix:
    units: dict[str, Unit]
    sources: dict[str, str] = field(default_factory=dict)
    title: str = ""

    def unit(self, unit_id: str) -> Unit:
        try:
            return self.units[unit_id]
        except KeyError:
            raise KeyError(f"no SNO unit with id {unit_id!r}") from None

    def of_side(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def underlined(self, side: str | None = None) -> list[Unit]:
        """Units whose identity is underlined: the June 1941 forces (SNO 12.A(2))."""
        return [u for u in self.units.values() if u.underlined and side in (None, u.side)]

    def reinforcements(self, side: str | None = None) -> dict[str, list[Unit]]:
        """Month -> units entering as reinforcements that month (SNO 11.17)."""
        out: dict[str, list[Unit]] = {}
        for u in self.units.values():
            if u.reinforcement and side in (None, u.side):
                out.setdefault(u.reinforcement, []).append(u)
        return dict(sorted(out.items()))

    def available_by(self, month: str, side: str | None = None) -> list[Unit]:
        """Units whose earliest date (SNO 11.7, 12.11(2)) is no later than ``month``."""
        return [u for u in self.units.values() if u.available <= month and side in (None, u.side)]

    def named(self, name: str, nationality: str | None = None) -> Unit:
        hits = [
            u
            for u in self.units.values()
            if u.name == name and nationality in (None, u.nationality)
        ]
        if len(hits) != 1:
            raise KeyError(f"{len(hits)} SNO units named {name!r}")
        return hits[0]


# ------------------------------------------------------------------ rules the data must obey
def fortify_bonus(unit: Unit) -> int:
    """SNO 10.7.5: what fortifying adds to a unit's defence."""
    if unit.type in ("factory", "garrison", "zhukov"):
        return 0  # 10.7.2: they may never fortify
    if unit.id in ("sov-42-army", "sov-62-army"):
        return 2  # 10.7.5e
    if unit.type == "front":
        return 3  # 10.7.5d
    if unit.juggernaut:
        return 2  # 10.7.5c: German juggernaut infantry armies
    if unit.type in ("armor", "armored_cavalry", "shock"):
        return 0  # 10.7.5a
    return 1  # 10.7.5b: standard, mountain and armored infantry


def _problems_of(u: Unit) -> list[str]:
    """Everything wrong with one counter, by the rules it must obey."""
    out: list[str] = []
    combat = u.is_combat
    if combat and u.front is None:
        out.append("front: a combat unit prints a combat factor (3.4.2)")
    if not combat and u.front is not None:
        out.append("front: factories and Zhukov print no combat factor (10.4.2, 10.6.1)")
    expected_back = {
        "garrison": None,
        "factory": "entrained",
        "zhukov": "attack-defense",
    }.get(u.type)
    if u.juggernaut:
        expected_back = "weaker"
    elif u.type in ARMOR_TYPES:
        expected_back = "unrefitted"
    elif u.type in ("infantry", "mountain", "shock"):
        expected_back = "fortified"
    if u.back_is != expected_back:
        out.append(f"back_is: a {u.type} unit's reverse is {expected_back or 'blank'} (1.2.3)")
    # juggernauts: German infantry armies and Soviet fronts, nothing else (10.1.1)
    should_jugg = u.type == "front" or (
        u.juggernaut and u.nationality == "german" and u.type == "infantry"
    )
    if u.juggernaut != should_jugg or (u.type == "front") != (u.juggernaut and u.side == "soviet"):
        out.append(
            "juggernaut: only German infantry armies and Soviet fronts are juggernauts (10.1.1)"
        )
    if u.juggernaut and u.front and u.back:
        if u.back.cf >= u.front.cf:
            out.append("back: a juggernaut's weaker side has the lower combat factor (10.1.1)")
        if u.front.mf is None or u.back.mf is None or u.back.mf <= u.front.mf:
            out.append("back: a juggernaut's weaker side has the higher movement factor (10.1.4)")
    if u.type in ARMOR_TYPES:
        if u.front is None or u.back is None or u.front.mf is None or u.back.mf is None:
            out.append("front/back: an armor-type unit prints CF-MF on both sides (10.3)")
        else:
            if u.back.cf >= u.front.cf:
                out.append("back: the unrefitted combat factor is below the refitted one (10.3.2)")
            if u.white_move is None or u.white_move <= u.front.mf:
                out.append("white_move: the white movement factor is the larger one (10.3.3a)")
            elif u.white_move == u.back.mf:
                out.append("white_move: differs from the unrefitted side's movement (10.3.4)")
    elif u.white_move is not None:
        out.append("white_move: only armor-type units print a white movement factor (10.3.3a)")
    if u.back_is == "fortified" and u.front and u.back:
        want = u.front.cf + fortify_bonus(u)
        if u.back.cf != want or u.back.mf is not None:
            out.append(
                f"back: the fortified side prints combat factor {want} and no movement "
                f"(10.7.5, 10.7.3), not {u.back}"
            )
    if u.type in ("factory", "zhukov") and u.stacking != 0:
        out.append("stacking: factories and Zhukov count zero stacking points (4.5)")
    if combat and u.stacking == 0:
        out.append("stacking: a combat unit has stacking points (4.2)")
    if u.type == "factory" and u.activation is None:
        out.append("activation: every factory prints its activation date (10.4.7)")
    if u.type != "factory" and u.activation is not None:
        out.append("activation: only factories have an activation date (10.4.7)")
    if u.type == "garrison" and (u.back is not None or (u.front and u.front.mf is not None)):
        out.append("front/back: a garrison is single-sided and prints no movement (1.2.3, 5.1.9)")
    if not (FIRST_MONTH <= u.available <= LAST_MONTH):
        out.append(f"available: {u.available} is outside the game ({FIRST_MONTH} to {LAST_MONTH})")
    if u.reinforcement and u.reinforcement < u.available:
        out.append("reinforcement: earlier than the unit's available date")
    if u.underlined and u.available > "1941-06":
        out.append("underlined: an underlined unit begins in June 1941, so is available then")
    if u.underlined and not combat:
        out.append("underlined: only combat units are underlined (12.A(2))")
    # 11.7b-d
    if u.tank_army and u.available < "1942-01":
        out.append("available: no Soviet tank army before 1942 (11.7b)")
    if "Gd" in u.markings and not u.tank_army and u.available < "1943-01":
        out.append("available: no Soviet Guards unit before 1943 (11.7c)")
    if "SS" in u.markings and u.available < "1943-01":
        out.append("available: no German SS unit before 1943 (11.7d)")
    if u.tank_army and (u.side != "soviet" or u.type != "armor"):
        out.append("tank_army: only Soviet armor units are tank armies (11.7b)")
    if set(u.markings) & {"G", "M"} and (u.nationality != "german" or u.type != "armor"):
        out.append("markings: 'G' and 'M' mark German panzer units (5.3.3)")
    if "SS" in u.markings and u.nationality != "german":
        out.append("markings: 'SS' marks German units (1.2.2)")
    if (u.side == "soviet") != (u.nationality in ("soviet", "polish")):
        out.append("nationality: Soviet and Polish units are Soviet, the others Axis")
    return out


def _mix_problems(mix: CounterMix) -> list[str]:
    """Problems across the whole mix (the unique counters the rulebook names)."""
    out: list[str] = []
    units = list(mix.units.values())
    marks = Counter(m for u in units for m in u.markings)
    if marks["G"] != 3:
        out.append(f"units: the rulebook has three 'G' units (5.3.3), not {marks['G']}")
    if marks["M"] != 1:
        out.append(
            f"units: the rulebook has one 'M' unit, the 56th Panzer Corps (5.3.3), not {marks['M']}"
        )
    if marks["SS"] != 2:
        out.append(f"units: the rulebook has two SS corps (1.2.2), not {marks['SS']}")
    garrisons = Counter(u.side for u in units if u.type == "garrison")
    if garrisons != Counter({"soviet": 7, "axis": 1}):
        out.append(
            f"units: eight garrisons, seven Soviet and one Axis (10.5.1), not {dict(garrisons)}"
        )
    factories = sum(1 for u in units if u.type == "factory")
    if factories != 7:
        out.append(f"units: seven factory units (App. II), not {factories}")
    if sum(1 for u in units if u.type == "zhukov") != 1:
        out.append("units: one Zhukov marker (10.6)")
    if sum(1 for u in units if u.type == "shock") != 5:
        out.append("units: five Shock armies (14.71)")
    hungarians = [u for u in units if u.nationality == "hungarian"]
    if len(hungarians) != 1:
        out.append(
            f"units: one Hungarian unit (5.5.11 'the Hungarian unit'), not {len(hungarians)}"
        )
    return out


def _build(spec: CountersFile, source: str) -> CounterMix:
    problems: list[str] = []
    units: dict[str, Unit] = {}
    seen_names: Counter[tuple[str, str]] = Counter()
    for i, s in enumerate(spec.units, start=1):
        where = f"units[{i}: {s.id}]"
        if s.id in units:
            problems.append(f"{where}.id: duplicate id")
            continue
        if s.source not in spec.sources:
            problems.append(f"{where}.source: {s.source!r} is not a key of [sources]")
        seen_names[(s.nationality, s.name)] += 1
        unit = Unit(
            id=s.id,
            name=s.name,
            side=s.side,
            nationality=s.nationality,
            type=s.type,
            front=Face.parse(s.front) if s.front else None,
            back=Face.parse(s.back) if s.back else None,
            back_is=s.back_is,
            stacking=s.stacking,
            available=s.available,
            source=s.source,
            code=s.code,
            juggernaut=s.juggernaut,
            tank_army=s.tank_army,
            white_move=s.white_move,
            markings=tuple(s.markings),
            underlined=s.underlined,
            reinforcement=s.reinforcement,
            activation=s.activation,
            rules=tuple(s.rules),
            note=s.note,
        )
        for p in _problems_of(unit):
            fld, _, msg = p.partition(": ")
            problems.append(f"{where}.{fld}: {msg}")
        units[s.id] = unit
    for (nat, name), n in seen_names.items():
        if n > 1:
            problems.append(f"units: {n} {nat} units are named {name!r}")
    mix = CounterMix(units=units, sources=dict(spec.sources), title=spec.counters.title)
    problems += _mix_problems(mix)
    if problems:
        raise DataError(source, problems)
    return mix


def load_counters_text(text: str, source: str = "<counters>") -> CounterMix:
    """A counter mix from TOML text (tests use this to check broken files)."""
    raw: Any = parse_text(text, source)
    return _build(validate(raw, CountersFile, source, "counters file"), source)


@cache
def load_counters(path: str | Path = DEFAULT_PATH) -> CounterMix:
    """The SNO counter mix (cached)."""
    raw = read_data_file(path)
    return _build(validate(raw, CountersFile, str(path), "counters file"), str(path))


def counter_notes(mix: CounterMix | None = None) -> list[str]:
    """``ostfront data check`` notes: totals and what is reconstructed."""
    mix = mix or load_counters()
    units = list(mix.units.values())
    notes = [
        f"{len(units)} units: {sum(u.side == 'axis' for u in units)} Axis, "
        f"{sum(u.side == 'soviet' for u in units)} Soviet"
    ]
    for side in ("axis", "soviet"):
        und = mix.underlined(side)
        notes.append(
            f"{side}: {len(und)} underlined units (June 1941), "
            f"{sum(u.force_cf for u in und)} combat factors by 12.5"
        )
    reinf = mix.reinforcements()
    notes.append(
        "reinforcements: "
        + "; ".join(f"{m} " + ", ".join(u.label for u in us) for m, us in reinf.items())
    )
    recon = sum(1 for u in units if u.source != "rulebook")
    notes.append(
        f"{recon} of {len(units)} units carry reconstructed values (factors, stacking points, "
        "dates not in the rulebook): see docs/data/sno-counters.md"
    )
    return notes
