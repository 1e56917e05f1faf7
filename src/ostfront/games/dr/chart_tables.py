"""The tables of Defiant Russia's charts card, as typed models: what ``data/charts.toml``
may hold, row by row, laid out like the printed card (terrain, weather, air, exploitation,
replacements, rail and supply, victory, the turn record), with the vocabulary they use.

Every row names its rule (``source``); rows or cells the rulebook does not print are marked
``reconstructed`` with a ``why`` (:class:`Sourced`). Loading, the checks across tables and
the lookups the rules use are in :mod:`charts`. Provenance: docs/data/dr-charts.md.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Literal, Self, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

CHARTS_FILE = Path(__file__).parent / "data" / "charts.toml"

Weather = Literal["clear", "light_mud", "mud", "snow"]
WEATHERS: tuple[Weather, ...] = get_args(Weather)
Side = Literal["axis", "soviet"]
Nationality = Literal[
    "german", "finnish", "romanian", "hungarian", "italian", "turkish", "lithuanian", "soviet"
]
NATIONALITIES: tuple[Nationality, ...] = get_args(Nationality)
Month = Literal["May", "June", "July", "August", "September", "October", "November", "December"]
#: The four movement columns of the Terrain Effects Chart (DR 9.1).
MoveClass = Literal["infantry", "cavalry", "armor", "mountain"]
MOVE_CLASSES: tuple[MoveClass, ...] = get_args(MoveClass)
#: Ground unit types; each moves in one TEC column (``[unit_types]``).
GroundType = Literal[
    "infantry", "cavalry", "armor", "mountain", "shock", "nkvd", "airborne", "militia"
]
GROUND_TYPES: tuple[GroundType, ...] = get_args(GroundType)
#: Every piece type: ground units plus fleets and leaders (not ground units, DR 6.0).
UnitType = Literal[
    "infantry",
    "cavalry",
    "armor",
    "mountain",
    "shock",
    "nkvd",
    "airborne",
    "militia",
    "fleet",
    "leader",
]
HexTerrain = Literal[
    "clear", "forest", "swamp", "mountain", "city", "major_city", "fortress", "lake", "sea"
]
HEX_TERRAINS: tuple[HexTerrain, ...] = get_args(HexTerrain)
HexsideKind = Literal["river", "strait", "no_attack"]
HEXSIDE_KINDS: tuple[HexsideKind, ...] = get_args(HexsideKind)
MoveCost = int | Literal["impassable", "no effect"]

_STRICT = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)
_DICE = re.compile(r"^([1-6])(?:\s*[-–]\s*([1-6]))?$")


def parse_dice(text: str) -> frozenset[int]:
    """Die faces written as printed: ``"1-2"`` (or ``"1–2"``), ``"6"``, or ``""`` for none."""
    text = text.strip()
    if not text:
        return frozenset()
    m = _DICE.match(text)
    if m is None or int(m[2] or m[1]) < int(m[1]):
        raise ValueError(f"{text!r} is not a die face or range such as '3' or '1-2'")
    return frozenset(range(int(m[1]), int(m[2] or m[1]) + 1))


# ------------------------------------------------------------------ provenance
class Sourced(BaseModel):
    """An entry that names its rule and says whether (or which cells of) it is reconstructed."""

    model_config = _STRICT
    #: The rule, e.g. "DR 9.1.2"; empty means the enclosing table's source.
    source: str = ""
    #: True for the whole entry, or the names of the reconstructed cells ("move.infantry").
    reconstructed: bool | list[str] = False
    #: What a reconstructed value was taken from, and why.
    why: str = ""

    @model_validator(mode="after")
    def _check_provenance(self) -> Self:
        if self.reconstructed and not self.why:
            raise ValueError("reconstructed: a reconstructed entry needs `why`")
        if self.why and not self.reconstructed:
            raise ValueError("why: only reconstructed entries carry `why`")
        if isinstance(self.reconstructed, list):
            for name in self.reconstructed:
                if not _has_path(self, name):
                    raise ValueError(f"reconstructed: {name!r} is not a field of this entry")
        return self


def _has_path(model: BaseModel, dotted: str) -> bool:
    head, _, rest = dotted.partition(".")
    if head not in type(model).model_fields:
        return False
    if not rest:
        return True
    value = getattr(model, head)
    if isinstance(value, dict):
        return rest in value
    if isinstance(value, BaseModel):
        return _has_path(value, rest)
    return False


def is_reconstructed(entry: Sourced, cell: str | None = None) -> bool:
    """Whether ``entry`` (or one of its cells, e.g. ``"move.infantry"``) is reconstructed."""
    if isinstance(entry.reconstructed, bool):
        return entry.reconstructed
    if cell is None:
        return bool(entry.reconstructed)
    return any(n == cell or n.startswith(cell + ".") for n in entry.reconstructed)


class Table(Sourced):
    """A chart: its ``source`` is required and stands for rows that name none."""

    source: str = Field(min_length=1)


class TurnRow(Sourced):
    turn: int = Field(ge=0, le=7)
    month: Month


_R = TypeVar("_R", bound=TurnRow)


# ------------------------------------------------------------------ the card's tables
class CardHeader(BaseModel):
    model_config = _STRICT
    game: Literal["dr"]
    title: str = Field(min_length=1)
    provenance: str = Field(min_length=1)


class TurnRecordRow(TurnRow):
    year: int
    #: The option a turn belongs to (``early-start`` for May, DR 12.3), empty for the game.
    option: str = ""


class TurnRecord(Table):
    rows: list[TurnRecordRow] = Field(min_length=1)


class CombatEffects(BaseModel):
    """What a terrain or hexside does to combat (DR 9.1–9.3); zero/false means no effect."""

    model_config = _STRICT
    defense_bonus_per_unit: int = Field(0, ge=0)
    defense_bonus_total: int = Field(0, ge=0)
    #: The per-unit bonus holds only if no attack comes from another hex (DR 9.3.2B).
    defense_bonus_needs_sole_attack: bool = False
    attacker_per_unit_minus: int = Field(0, ge=0)
    armor_attacker_minus: int = Field(0, ge=0)
    armor_attack_halved: bool = False
    #: Defenders hit on this face or higher; None = only on a 6.
    defender_hits_on: int | None = Field(None, ge=2, le=6)
    defender_never_forced_to_attack: bool = False
    lost_once_axis_occupied: bool = False
    not_cumulative_with: list[HexTerrain] = []
    attack_prohibited: bool = False


class HexTerrainRow(Sourced):
    terrain: HexTerrain
    move: MoveCost | dict[MoveClass, MoveCost]
    combat: CombatEffects = CombatEffects()
    #: In Snow the hex counts as this terrain (DR 8.3.4) ...
    snow_as: HexTerrain | None = None
    #: ... but only in hex rows numbered up to this one ("in or north of 15xx").
    snow_as_max_row: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _check_move(self) -> Self:
        costs = self.move.values() if isinstance(self.move, dict) else [self.move]
        if isinstance(self.move, dict) and set(self.move) != set(MOVE_CLASSES):
            missing = ", ".join(c for c in MOVE_CLASSES if c not in self.move)
            raise ValueError(f"move: {self.terrain} needs a cost for {missing}")
        if any(isinstance(c, int) and c < 1 for c in costs):
            raise ValueError(f"move: {self.terrain} costs must be at least 1 MP")
        if self.snow_as_max_row is not None and self.snow_as is None:
            raise ValueError("snow_as_max_row: only with snow_as")
        return self


class HexsideRow(Sourced):
    hexside: HexsideKind
    #: Extra MPs to cross, on top of the hex entered (DR 6.1).
    move: dict[MoveClass, int]
    combat: CombatEffects = CombatEffects()
    #: Whether zones of control extend across (false for straits, DR 9.3.1A).
    zoc_across: bool = True

    @model_validator(mode="after")
    def _check_move(self) -> Self:
        if set(self.move) != set(MOVE_CLASSES):
            missing = ", ".join(c for c in MOVE_CLASSES if c not in self.move)
            raise ValueError(f"move: {self.hexside} needs a cost for {missing}")
        if any(c < 0 for c in self.move.values()):
            raise ValueError(f"move: {self.hexside} extra costs cannot be negative")
        return self


class TerrainEffects(Table):
    hexes: list[HexTerrainRow]
    hexsides: list[HexsideRow]


class UnitTypeRow(Sourced):
    moves_as: MoveClass


class HistoricalWeatherRow(TurnRow):
    weather: Weather


class HistoricalWeather(Table):
    rows: list[HistoricalWeatherRow]


class RandomWeatherRow(TurnRow):
    clear: str = ""
    light_mud: str = ""
    mud: str = ""
    snow: str = ""

    @field_validator("clear", "light_mud", "mud", "snow")
    @classmethod
    def _dice(cls, text: str) -> str:
        parse_dice(text)
        return text

    @model_validator(mode="after")
    def _covers_one_to_six(self) -> Self:
        seen = Counter(d for faces in self.dice().values() for d in faces)
        twice = sorted(d for d, n in seen.items() if n > 1)
        missing = sorted(set(range(1, 7)) - set(seen))
        if twice or missing:
            raise ValueError(
                f"{self.month}: the die faces must cover 1-6 exactly once"
                + (f"; listed twice: {twice}" if twice else "")
                + (f"; missing: {missing}" if missing else "")
            )
        return self

    def dice(self) -> dict[Weather, frozenset[int]]:
        """Weather → the die faces that give it."""
        return {w: parse_dice(getattr(self, w)) for w in WEATHERS}


class RandomWeather(Table):
    #: The Soviet player rolls from this turn on (DR 4.1).
    first_rolled_turn: int = Field(ge=0, le=7)
    rows: list[RandomWeatherRow]


class AirRow(TurnRow):
    axis: int = Field(ge=0)
    soviet: int = Field(ge=0)


class AirPoints(Table):
    max_per_attack: int = Field(ge=1)
    max_per_fleet_attack: int = Field(ge=1)
    in_exploitation_combat: bool
    accumulate: bool
    axis_needs_german_unit: bool
    rows: list[AirRow]


class AxisExploitRow(BaseModel):
    model_config = _STRICT
    unit_type: UnitType
    #: As printed: legend codes joined by "/", e.g. "G/R/T".
    nationality: str = Field(min_length=1)
    mp: int = Field(ge=1)


class SovietExploitRow(BaseModel):
    model_config = _STRICT
    unit_type: UnitType
    mp: int = Field(ge=1)


class Exclusion(Sourced):
    """Units that may never exploit; a missing field matches every value."""

    nationality: Nationality | None = None
    unit_type: UnitType | None = None


class Exploitation(Table):
    legend: dict[str, Nationality]
    axis: list[AxisExploitRow]
    axis_excluded: list[Exclusion]
    axis_snow_mp: int = Field(ge=0)
    guderian_light_mud_mp: int = Field(ge=0)
    soviet_weather: list[Weather]
    soviet: list[SovietExploitRow]
    soviet_excluded: list[Exclusion]
    no_exploitation_weather: list[Weather]

    def nationalities(self, row: AxisExploitRow) -> set[str]:
        """The nationalities a printed code such as ``"G/R/T"`` stands for."""
        return {self.legend.get(code.strip(), "?" + code) for code in row.nationality.split("/")}


class ArmorLimit(Sourced):
    from_turn: int = Field(ge=0, le=7)
    to_turn: int = Field(ge=0, le=7)
    armor: int = Field(ge=0)


class AxisReplacements(Table):
    points: int = Field(ge=0)
    from_turn: int = Field(ge=0, le=7)
    rebuilt_at: list[str] = Field(min_length=1)
    rebuilt_at_by_nationality: dict[Nationality, list[str]] = {}
    not_for: list[Nationality] = []
    turkish_points: int = Field(ge=0)
    armor_limit: list[ArmorLimit]


class SovietReplacements(Table):
    points: int = Field(ge=0)
    from_turn: int = Field(ge=0, le=7)
    universal_conscription_points: int = Field(ge=0)
    minus_one_cities: list[str]
    rebuilt_at: list[str] = Field(min_length=1)
    armor_limit: list[ArmorLimit]


class Replacements(Table):
    restore_cost: int = Field(ge=1)
    rebuild_cost: int = Field(ge=1)
    accumulate: bool
    axis: AxisReplacements
    soviet: SovietReplacements


class RailRow(Sourced):
    side: Side
    units: int = Field(ge=0)
    snow: int = Field(ge=0)


class RailCapacity(Table):
    rows: list[RailRow]


class SupplyRow(Sourced):
    side: Side
    #: A nationality with its own path length; None for the side's other units.
    nationality: Nationality | None = None
    hexes: int = Field(ge=0)
    snow: int = Field(ge=0)


class SupplyPath(Table):
    rows: list[SupplyRow]


class VictoryCity(Sourced):
    name: str = Field(min_length=1)
    #: The hex the rulebook states (13.0C); None where it states none (Moscow).
    hex: str | None = Field(None, pattern=r"^\d{4}$")
    points: int = Field(ge=1)


class CasualtyWeight(Sourced):
    nationality: Nationality
    #: None: every unit of the nationality not matched by an earlier row.
    unit_type: UnitType | None = None
    #: A named leader (Guderian, Zhukov).
    leader: str = ""
    weight: int = Field(ge=0)


class AutomaticVictory(Sourced):
    side: Side
    hold_all: list[str] = Field(min_length=1)


class Victory(Table):
    cities: list[VictoryCity]
    stalin_point: int = Field(ge=0)
    casualty_point: int = Field(ge=0)
    casualty_tie: Side
    casualty_weights: list[CasualtyWeight]
    automatic: list[AutomaticVictory]


class Charts(BaseModel):
    """The whole charts card, as written in ``charts.toml``."""

    model_config = _STRICT
    card: CardHeader
    turn_record: TurnRecord
    terrain_effects: TerrainEffects
    unit_types: dict[GroundType, UnitTypeRow]
    historical_weather: HistoricalWeather
    random_weather: RandomWeather
    air_points: AirPoints
    exploitation: Exploitation
    replacements: Replacements
    rail_capacity: RailCapacity
    supply_path: SupplyPath
    victory: Victory
