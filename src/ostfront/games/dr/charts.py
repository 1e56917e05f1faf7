"""Defiant Russia's charts card as data: terrain, weather, air, exploitation, replacements,
rail and supply, victory and the turn record.

The values live in ``data/charts.toml``, laid out like the printed card; this module checks
them (structure with pydantic, then meaning across tables) and offers small typed lookups for
the rules engine. Every row names its rule (``source``); rows or cells the rulebook does not
print are marked ``reconstructed`` with a ``why``. Provenance: docs/data/dr-charts.md.

Example::

    charts = load_charts()
    terrain_move_cost(charts, "swamp", "armor")      # 3 (DR 9.1.4A)
    random_weather(charts, turn=4, die=4)            # "light_mud" (DR 8.2)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...core.datafile import read_data_file, validate
from ...core.errors import DataError

CHARTS_FILE = Path(__file__).parent / "data" / "charts.toml"

Weather = Literal["clear", "light_mud", "mud", "snow"]
WEATHERS: tuple[Weather, ...] = ("clear", "light_mud", "mud", "snow")
Side = Literal["axis", "soviet"]
Nationality = Literal[
    "german", "finnish", "romanian", "hungarian", "italian", "turkish", "lithuanian", "soviet"
]
NATIONALITIES: tuple[Nationality, ...] = (
    "german",
    "finnish",
    "romanian",
    "hungarian",
    "italian",
    "turkish",
    "lithuanian",
    "soviet",
)
Month = Literal["May", "June", "July", "August", "September", "October", "November", "December"]
#: The four movement columns of the Terrain Effects Chart (DR 9.1).
MoveClass = Literal["infantry", "cavalry", "armor", "mountain"]
MOVE_CLASSES: tuple[MoveClass, ...] = ("infantry", "cavalry", "armor", "mountain")
#: Ground unit types; each moves in one TEC column (``[unit_types]``).
GroundType = Literal[
    "infantry", "cavalry", "armor", "mountain", "shock", "nkvd", "airborne", "militia"
]
GROUND_TYPES: tuple[GroundType, ...] = (
    "infantry",
    "cavalry",
    "armor",
    "mountain",
    "shock",
    "nkvd",
    "airborne",
    "militia",
)
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
HEX_TERRAINS: tuple[HexTerrain, ...] = (
    "clear",
    "forest",
    "swamp",
    "mountain",
    "city",
    "major_city",
    "fortress",
    "lake",
    "sea",
)
HexsideKind = Literal["river", "strait", "no_attack"]
HEXSIDE_KINDS: tuple[HexsideKind, ...] = ("river", "strait", "no_attack")
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


# ------------------------------------------------------------------ loading and checking
def load_charts(path: str | Path | None = None) -> Charts:
    """Load and check a charts file; without ``path`` the game's own (cached) card."""
    if path is None:
        return _default_charts()
    return _load(Path(path))


@cache
def _default_charts() -> Charts:
    return _load(CHARTS_FILE)


def _load(path: Path) -> Charts:
    return charts_from_dict(read_data_file(path), str(path))


def charts_from_dict(raw: Any, source: str = "<charts>") -> Charts:
    """Validate a charts card given as plain data; ``source`` names it in error messages."""
    charts = validate(raw, Charts, source, "charts card")
    problems = _meaning_problems(charts)
    if problems:
        raise DataError(source, problems)
    return charts


def check_charts() -> list[str]:
    """``ostfront data check dr``: load the card (DataError if broken) and report its gaps."""
    charts = load_charts(CHARTS_FILE)
    turns = [r.turn for r in charts.turn_record.rows]
    notes = [
        f"{len(turns)} turns ({min(turns)}-{max(turns)}), "
        f"{len(charts.terrain_effects.hexes)} terrains, "
        f"{len(charts.terrain_effects.hexsides)} hexsides, "
        f"{len(charts.victory.cities)} victory cities"
    ]
    for where, entry in reconstructed_entries(charts):
        cells = entry.reconstructed
        detail = f" ({', '.join(cells)})" if isinstance(cells, list) else ""
        notes.append(f"reconstructed: {where}{detail}")
    return notes


def reconstructed_entries(charts: Charts) -> list[tuple[str, Sourced]]:
    """Every entry marked reconstructed, with its place in the file."""
    return [(w, e) for w, e in _walk(charts, "") if isinstance(e, Sourced) and e.reconstructed]


def _walk(node: object, path: str) -> Iterator[tuple[str, BaseModel]]:
    if isinstance(node, BaseModel):
        yield path, node
        for name in type(node).model_fields:
            yield from _walk(getattr(node, name), f"{path}.{name}" if path else name)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _walk(item, f"{path}[{_label(item, i)}]")
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, f"{path}.{key}")


def _label(item: object, index: int) -> str:
    for attr in ("terrain", "hexside", "month", "name"):
        value = getattr(item, attr, None)
        if isinstance(value, str):
            return value
    if isinstance(item, CasualtyWeight):
        return " ".join(x for x in (item.nationality, item.unit_type or "", item.leader) if x)
    return str(index + 1)


def _meaning_problems(c: Charts) -> list[str]:
    """Checks across rows and tables that the schema alone cannot make."""
    out: list[str] = []
    months = {r.turn: r.month for r in c.turn_record.rows}
    out += _unique("turn_record.rows", [r.turn for r in c.turn_record.rows], "turn")
    if set(months) != set(range(8)):
        out.append("turn_record.rows: turns must be 0 (May, option 12.3) to 7 (December)")
    per_turn: list[tuple[str, list[TurnRow]]] = [
        ("historical_weather.rows", list(c.historical_weather.rows)),
        ("random_weather.rows", list(c.random_weather.rows)),
        ("air_points.rows", list(c.air_points.rows)),
    ]
    for where, turn_rows in per_turn:
        out += _unique(where, [r.turn for r in turn_rows], "turn")
        for t in sorted(set(months) - {r.turn for r in turn_rows}):
            out.append(f"{where}: no row for turn {t} ({months[t]})")
        for r in turn_rows:
            if r.turn in months and r.month != months[r.turn]:
                out.append(
                    f"{where}[{r.month}].month: turn {r.turn} is {months[r.turn]} "
                    "in the turn record"
                )
    # 12.3C: May is rolled on the September/October row.
    rw = {r.turn: r for r in c.random_weather.rows}
    if 0 in rw and 4 in rw and rw[0].dice() != rw[4].dice():
        out.append("random_weather.rows[May]: must equal September's row (DR 12.3C)")

    te = c.terrain_effects
    out += _complete("terrain_effects.hexes", [r.terrain for r in te.hexes], HEX_TERRAINS)
    out += _complete("terrain_effects.hexsides", [r.hexside for r in te.hexsides], HEXSIDE_KINDS)
    for gt in GROUND_TYPES:
        if gt not in c.unit_types:
            out.append(f"unit_types.{gt}: missing (which TEC column does it use?)")

    ex = c.exploitation
    for i, row in enumerate(ex.axis):
        for code in row.nationality.split("/"):
            if code.strip() not in ex.legend:
                out.append(f"exploitation.axis[{i + 1}].nationality: {code!r} is not in the legend")
    for i, exc in enumerate(ex.axis_excluded):
        for row in ex.axis:
            if _excludes(exc, row.unit_type, ex.nationalities(row)):
                out.append(
                    f"exploitation.axis_excluded[{i + 1}]: contradicts the allowance for "
                    f"{row.nationality} {row.unit_type}"
                )
    for i, exc in enumerate(ex.soviet_excluded):
        if any(_excludes(exc, row.unit_type, {"soviet"}) for row in ex.soviet):
            out.append(f"exploitation.soviet_excluded[{i + 1}]: contradicts a Soviet allowance")

    for side_name, rep in (("axis", c.replacements.axis), ("soviet", c.replacements.soviet)):
        covered = [t for lim in rep.armor_limit for t in range(lim.from_turn, lim.to_turn + 1)]
        if sorted(covered) != list(range(rep.from_turn, 8)):
            out.append(
                f"replacements.{side_name}.armor_limit: must cover turns {rep.from_turn}-7 "
                "exactly once"
            )

    out += _complete(
        "rail_capacity.rows", [r.side for r in c.rail_capacity.rows], ("axis", "soviet")
    )
    out += _unique(
        "supply_path.rows", [(r.side, r.nationality) for r in c.supply_path.rows], "side"
    )
    for s in ("axis", "soviet"):
        if not any(r.side == s and r.nationality is None for r in c.supply_path.rows):
            out.append(f"supply_path.rows: no row for {s} units in general")

    v = c.victory
    out += _unique("victory.cities", [city.name for city in v.cities], "name")
    for n in NATIONALITIES:
        if not any(
            w.nationality == n and w.unit_type is None and not w.leader for w in v.casualty_weights
        ):
            out.append(f"victory.casualty_weights: no row for {n} units in general")
    for i, w in enumerate(v.casualty_weights):
        if w.leader and w.unit_type not in (None, "leader"):
            out.append(f"victory.casualty_weights[{i + 1}].unit_type: a leader row is a leader")
    return out


def _unique(where: str, keys: list[Any], field: str) -> list[str]:
    return [f"{where}: {field} {k} appears {n} times" for k, n in Counter(keys).items() if n > 1]


def _complete(where: str, keys: list[str], expected: tuple[str, ...]) -> list[str]:
    out = _unique(where, keys, "entry")
    out += [f"{where}: no row for {k}" for k in expected if k not in keys]
    return out


def _excludes(exc: Exclusion, unit_type: str, nationalities: set[str]) -> bool:
    return (exc.unit_type is None or exc.unit_type == unit_type) and (
        exc.nationality is None or exc.nationality in nationalities
    )


# ------------------------------------------------------------------ turns
def month_of(charts: Charts, turn: int) -> str:
    """The month of a turn (0 = May, Early Start only; 1 = June ... 7 = December)."""
    return _by_turn(charts.turn_record.rows, turn, "turn record").month


def turns(charts: Charts, *, early_start: bool = False) -> list[int]:
    """The turns of a game, in order: 1-7, or 0-7 with the Early Start option (DR 4.0, 12.3)."""
    return sorted(r.turn for r in charts.turn_record.rows if early_start or not r.option)


def _by_turn(rows: list[_R], turn: int, what: str) -> _R:
    for r in rows:
        if r.turn == turn:
            return r
    raise ValueError(f"no {what} row for turn {turn}")


# ------------------------------------------------------------------ terrain
def move_class(charts: Charts, unit_type: str) -> MoveClass:
    """The TEC column a unit type moves in (shock → infantry, ...); fleets and leaders have none."""
    for name, row in charts.unit_types.items():
        if name == unit_type:
            return row.moves_as
    raise ValueError(f"{unit_type!r} is not a ground unit type with a TEC column")


def terrain_row(charts: Charts, terrain: str) -> HexTerrainRow:
    """The TEC row of a hex terrain (clear ... sea, city, major_city, fortress)."""
    for r in charts.terrain_effects.hexes:
        if r.terrain == terrain:
            return r
    raise ValueError(f"no terrain {terrain!r} on the Terrain Effects Chart")


def hexside_row(charts: Charts, hexside: str) -> HexsideRow:
    """The TEC row of a hexside (river, strait, no_attack)."""
    for r in charts.terrain_effects.hexsides:
        if r.hexside == hexside:
            return r
    raise ValueError(f"no hexside {hexside!r} on the Terrain Effects Chart")


def terrain_move_cost(charts: Charts, terrain: str, unit_type: str) -> int | None:
    """MPs for a unit to enter a hex of ``terrain``; None if it may not enter.

    Cities, major cities and fortresses have "no effect" on movement (DR 9.1.5A, 9.1.6A,
    9.1.8B): ask for the hex's own terrain instead (a ValueError says so). Snow changes
    terrain first: see :func:`terrain_in_weather`.
    """
    row = terrain_row(charts, terrain)
    cost = row.move[move_class(charts, unit_type)] if isinstance(row.move, dict) else row.move
    if cost == "impassable":
        return None
    if cost == "no effect":
        raise ValueError(
            f"{terrain} has no effect on movement ({row.source}): use the hex's terrain"
        )
    return cost


def hexside_move_cost(charts: Charts, hexside: str, unit_type: str) -> int:
    """Extra MPs to cross a hexside, on top of the hex entered (DR 9.1.7A, 9.3.1B)."""
    return hexside_row(charts, hexside).move[move_class(charts, unit_type)]


def terrain_in_weather(charts: Charts, terrain: str, weather: str, hex_row: int) -> str:
    """The terrain a hex counts as in this weather: in Snow lakes are clear and swamps in or
    north of hex row 15xx are forest (DR 8.3.4). ``hex_row`` is the RR of an RRCC hex id."""
    row = terrain_row(charts, terrain)
    if weather != "snow" or row.snow_as is None:
        return terrain
    if row.snow_as_max_row is not None and hex_row > row.snow_as_max_row:
        return terrain
    return row.snow_as


def combat_effects(charts: Charts, terrain_or_hexside: str) -> CombatEffects:
    """The combat effects of a terrain or a hexside (DR 9.1-9.3)."""
    for r in charts.terrain_effects.hexes:
        if r.terrain == terrain_or_hexside:
            return r.combat
    return hexside_row(charts, terrain_or_hexside).combat


# ------------------------------------------------------------------ weather and air
def weather_for(charts: Charts, turn: int) -> Weather:
    """The historical weather of a turn (DR 8.1; May = Light Mud, 12.3C)."""
    return _by_turn(charts.historical_weather.rows, turn, "historical weather").weather


def random_weather(charts: Charts, turn: int, die: int) -> Weather:
    """The weather a die roll gives on a turn (DR 8.2; May uses September's row, 12.3C)."""
    if not 1 <= die <= 6:
        raise ValueError(f"a die roll is 1-6, not {die}")
    row = _by_turn(charts.random_weather.rows, turn, "random weather")
    return next(w for w, faces in row.dice().items() if die in faces)


def air_points(charts: Charts, turn: int, side: str) -> int:
    """Air Points a side receives on a turn (DR 11.7G; May 6/0, 12.3D)."""
    row = _by_turn(charts.air_points.rows, turn, "air points")
    if side not in ("axis", "soviet"):
        raise ValueError(f"side is 'axis' or 'soviet', not {side!r}")
    return row.axis if side == "axis" else row.soviet


# ------------------------------------------------------------------ exploitation
def exploitation_mp(
    charts: Charts,
    weather: str,
    nationality: str,
    unit_type: str,
    *,
    with_guderian: bool = False,
) -> int:
    """Exploitation MPs of a unit (DR 6.6); 0 if it may not exploit.

    Axis: the 6.6.1A table in Clear, 1 MP in Snow (6.6.1C), only German Armor stacked with
    Guderian in Light Mud (6.6.3B, 11.6.1E). Soviet: 6.6.2 in Clear and Snow. Nobody in Mud.
    """
    ex = charts.exploitation
    if weather in ex.no_exploitation_weather:
        return 0
    if nationality == "soviet":
        if weather not in ex.soviet_weather:
            return 0
        return next((r.mp for r in ex.soviet if r.unit_type == unit_type), 0)
    if weather == "light_mud":
        guderian = with_guderian and nationality == "german" and unit_type == "armor"
        return ex.guderian_light_mud_mp if guderian else 0
    mp = next(
        (r.mp for r in ex.axis if r.unit_type == unit_type and nationality in ex.nationalities(r)),
        0,
    )
    return ex.axis_snow_mp if weather == "snow" and mp else mp


# ------------------------------------------------------------------ replacements
def replacement_points(
    charts: Charts, side: str, turn: int, *, universal_conscription: bool = False
) -> int:
    """A side's base replacement points on a turn, before the Soviet city deductions of
    DR 10.1.4B-C (Axis 2 from Turn 3; Soviet 6, or 8 under 12.4, from Turn 2)."""
    if side == "axis":
        axis = charts.replacements.axis
        return axis.points if turn >= axis.from_turn else 0
    if side == "soviet":
        sov = charts.replacements.soviet
        if turn < sov.from_turn:
            return 0
        return sov.universal_conscription_points if universal_conscription else sov.points
    raise ValueError(f"side is 'axis' or 'soviet', not {side!r}")


def armor_replacement_limit(charts: Charts, side: str, turn: int) -> int:
    """How many Armor units may receive replacements on a turn (DR 10.1.3C, 10.1.4E-F)."""
    rep = charts.replacements.axis if side == "axis" else charts.replacements.soviet
    return next((a.armor for a in rep.armor_limit if a.from_turn <= turn <= a.to_turn), 0)


def rebuild_places(charts: Charts, side: str, nationality: str | None = None) -> list[str]:
    """Where rebuilt units of a side (and nationality) appear (DR 10.1.3B, 10.1.4D, 11.4.1B)."""
    if side == "soviet":
        return list(charts.replacements.soviet.rebuilt_at)
    axis = charts.replacements.axis
    for nat, places in axis.rebuilt_at_by_nationality.items():
        if nat == nationality:
            return list(places)
    return list(axis.rebuilt_at)


# ------------------------------------------------------------------ rail and supply
def rail_capacity(charts: Charts, side: str, weather: str) -> int:
    """Units a side may move by rail in a turn (DR 6.5A; Axis 2 in Snow, 8.3.4)."""
    row = next(r for r in charts.rail_capacity.rows if r.side == side)
    return row.snow if weather == "snow" else row.units


def supply_path_hexes(
    charts: Charts, side: str, weather: str, nationality: str | None = None
) -> int:
    """Longest path to a rail line for supply (DR 5.0: 3; non-Finnish Axis 2 in Snow, 5.2)."""
    rows = [r for r in charts.supply_path.rows if r.side == side]
    row = next((r for r in rows if r.nationality == nationality), None) or next(
        r for r in rows if r.nationality is None
    )
    return row.snow if weather == "snow" else row.hexes


# ------------------------------------------------------------------ victory
def victory_cities(charts: Charts) -> dict[str, int]:
    """Victory city name → points (DR 13.0B-C: Moscow 2, the others 1)."""
    return {c.name: c.points for c in charts.victory.cities}


def casualty_weight(charts: Charts, nationality: str, unit_type: str, leader: str = "") -> int:
    """How much an eliminated unit counts toward the casualty point (DR 13.0E)."""
    for w in charts.victory.casualty_weights:
        if w.nationality != nationality:
            continue
        if w.leader:
            if w.leader.lower() == leader.lower():
                return w.weight
        elif w.unit_type is None or w.unit_type == unit_type:
            return w.weight
    raise ValueError(f"no casualty weight for a {nationality} {unit_type}")
