"""Sturm Nach Osten's charts other than the CRTs, as data: the Terrain Effects Chart, weather
determination, replacement rates, reinforcements, victory requirements, breakout and
evacuation numbers.

The values live in ``data/tables.toml``; every row names its rule (``source``) and rows or
cells the rulebook does not print are marked ``reconstructed`` with a ``why``. This module
checks them (structure, then meaning: die ranges cover one die exactly, the weather follows
SNO 6.1, the reinforcements agree with the counters, the fortification table with SNO 10.7.5)
and offers small lookups. Provenance: ``docs/data/sno-tables.md``.

Example::

    t = load_tables()
    move_cost(t, "swamp", "armor")           # 3 (reconstructed; SNO 5.1.3)
    soviet_rf(t, 1942, factories=6, victory_cities=5)   # 3 + 6 + 5 = 14 (SNO 11.10)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError
from .counters import CounterMix, fortify_bonus, load_counters

TABLES_FILE = Path(__file__).parent / "data" / "tables.toml"

Weather = Literal["good", "mud", "snow"]
MoveClass = Literal["foot", "mountain", "armor", "cavalry"]
MOVE_CLASSES: tuple[str, ...] = ("foot", "mountain", "armor", "cavalry")
Month = Literal[
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
]  # fmt: skip
YEARS = ("1941", "1942", "1943", "1944", "1945")
MoveCost = int | Literal["impassable", "double"]

_LOOSE = ConfigDict(extra="allow", str_strip_whitespace=True)


def parse_dice(text: str) -> frozenset[int]:
    """``"3-6"`` -> {3, 4, 5, 6}; ``"2"`` -> {2}."""
    lo, _, hi = text.partition("-")
    a, b = int(lo), int(hi or lo)
    if not (1 <= a <= b <= 6):
        raise ValueError(f"{text!r} is not a die face or range")
    return frozenset(range(a, b + 1))


class Sourced(BaseModel):
    model_config = STRICT
    source: str = ""
    reconstructed: bool | list[str] = False
    why: str = ""


class HexRow(Sourced):
    terrain: str
    move: dict[MoveClass, MoveCost]
    combat: list[str] = []


class SideRow(Sourced):
    side: str
    move: str
    extra_mp: int | None = None
    combat: list[str] = []


class PlaceRow(Sourced):
    place: Literal["town", "minor_city", "major_city", "victory_city", "supply_edge"]
    combat: list[str] = []
    replacement_limit: int = Field(ge=1, le=6)


class Tec(BaseModel):
    model_config = STRICT
    source: str
    classes: list[MoveClass]
    unit_class: dict[str, MoveClass]
    hexes: list[HexRow]
    hexsides: list[SideRow]
    places: list[PlaceRow]


class Movement(BaseModel):
    model_config = STRICT
    source: str
    strategic_bonus: dict[Literal["axis", "soviet"], int]
    fuel_shortage_allowance: dict[Literal["axis", "soviet"], int]
    mud_maximum: int
    replacement_stacking_surcharge: int


class OctoberRow(BaseModel):
    model_config = STRICT
    die: str
    october: Weather
    then: dict[Month, Weather]
    april_roll: bool = False


class AprilRow(BaseModel):
    model_config = STRICT
    die: str
    april: Weather
    then: dict[Month, Weather]


class MayRow(BaseModel):
    model_config = STRICT
    die: str
    weather: Weather
    source: str = ""


class WeatherSpec(BaseModel):
    model_config = STRICT
    source: str
    fixed: dict[Month, Weather]
    october: list[OctoberRow]
    april: list[AprilRow]
    may_1941: list[MayRow]


class Replacements(BaseModel):
    model_config = STRICT
    source: str
    soviet_siberia: dict[str, int]
    soviet_per_factory: int
    soviet_per_victory_city: int
    axis_base: dict[str, int]
    axis_daring_base: dict[str, int]
    axis_per_soviet_victory_city_pair: int
    axis_cap: str
    axis_april_free_ally: bool
    partisans_per_soviet_victory_city_pair: int
    japan_penalty: dict[str, int]
    first_turn: dict[str, dict[Literal["axis", "soviet"], int]]


class Arrival(BaseModel):
    model_config = STRICT
    month: str = Field(pattern=r"^19(4[1-5])-(0[1-9]|1[0-2])$")
    units: list[str] = Field(min_length=1)
    source: str = ""


class Reinforcements(BaseModel):
    model_config = STRICT
    source: str
    soviet: list[Arrival]
    axis: list[Arrival]
    withdrawals: list[Arrival] = []


class VictoryRow(BaseModel):
    model_config = STRICT
    turn: str
    axis: int
    soviet: int


class VictoryCity(BaseModel):
    model_config = STRICT
    name: str
    hex: str = Field(pattern=r"^[0-9]{4}$")
    territory: Literal["axis", "soviet"]
    value: int = Field(ge=1, le=2)
    note: str = ""


class Victory(BaseModel):
    model_config = STRICT
    source: str
    rows: list[VictoryRow]
    double_cities: list[str]
    cities: list[VictoryCity]
    factory_value: float
    start_option_december_1941: int


class Breakout(BaseModel):
    model_config = STRICT
    source: str
    disband_juggernaut_less: int
    disband_other_less: int
    free_movement_points: int
    per_enemy_zoc_hex: int
    per_awl_hex_in_snow: int
    evacuation_path_max: int
    evacuation_enemy_zoc: int
    evacuation_per_sea_per_turn: dict[str, int]


class Combat(BaseModel):
    model_config = STRICT
    source: str
    hab: dict[Literal["shock", "juggernaut"], int]
    fortify: dict[str, int]
    soviet_city_defence: int
    mountain_infantry_type: int
    mountain_units_multiplier: int


class Header(BaseModel):
    model_config = STRICT
    game: Literal["sno"]
    title: str = ""


class TablesFile(BaseModel):
    model_config = STRICT
    tables: Header
    terrain_effects: Tec
    movement: Movement
    weather: WeatherSpec
    replacements: Replacements
    reinforcements: Reinforcements
    victory: Victory
    breakout: Breakout
    combat: Combat


@dataclass(frozen=True)
class Tables:
    spec: TablesFile

    @property
    def tec(self) -> Tec:
        return self.spec.terrain_effects

    def hex_row(self, terrain: str) -> HexRow:
        for row in self.tec.hexes:
            if row.terrain == terrain:
                return row
        raise KeyError(f"no Terrain Effects Chart row for {terrain!r}")

    def reconstructed_cells(self) -> list[str]:
        """Every reconstructed entry, as 'section.row[.cell]' (pinned by a test)."""
        out: list[str] = []
        for row in self.tec.hexes:
            if row.reconstructed is True:
                out.append(f"terrain_effects.{row.terrain}")
            elif row.reconstructed:
                out += [f"terrain_effects.{row.terrain}.{c}" for c in row.reconstructed]
        return out


# ------------------------------------------------------------------ checks
def _problems(spec: TablesFile, mix: CounterMix | None) -> list[str]:
    out: list[str] = []
    tec = spec.terrain_effects
    for i, row in enumerate(tec.hexes, start=1):
        where = f"terrain_effects.hexes[{i}: {row.terrain}]"
        missing = [c for c in tec.classes if c not in row.move]
        if missing:
            out.append(f"{where}.move: no cost for {', '.join(missing)}")
        if isinstance(row.reconstructed, list):
            for cell in row.reconstructed:
                if not cell.startswith("move.") or cell[5:] not in row.move:
                    out.append(f"{where}.reconstructed: {cell!r} is not a cell of this row")
        if row.reconstructed and not row.why:
            out.append(f"{where}.why: a reconstructed row says why")
    clear = next((r for r in tec.hexes if r.terrain == "clear"), None)
    if clear is None or any(v != 1 for v in clear.move.values()):
        out.append("terrain_effects.hexes: a clear hex costs one movement point (5.5.1)")
    for terrain in ("swamp", "mountain"):
        found = next((r for r in tec.hexes if r.terrain == terrain), None)
        if found is None:
            out.append(f"terrain_effects.hexes: no {terrain} row (5.1.3)")
            continue
        costs = [v for v in found.move.values() if isinstance(v, int)]
        if not any(c > 1 for c in costs):
            out.append(f"terrain_effects.hexes[{terrain}].move: 5.1.3 says some units pay more")
    for unit_type, cls in tec.unit_class.items():
        if cls not in tec.classes:
            out.append(f"terrain_effects.unit_class.{unit_type}: {cls!r} is not a class")
    limits = {p.place: p.replacement_limit for p in tec.places}
    want = {"town": 2, "minor_city": 3, "major_city": 4, "victory_city": 6, "supply_edge": 6}
    if limits != want:
        out.append(f"terrain_effects.places: replacement limits are {want} (11.8)")
    w = spec.weather
    want_fixed = {m: "good" for m in ("June", "July", "August", "September")}
    want_fixed |= {m: "snow" for m in ("December", "January", "February")}
    if dict(w.fixed) != want_fixed:
        out.append("weather.fixed: June-September Good, December-February Snow (6.1.2)")
    dice_rows: list[tuple[str, list[str]]] = [
        ("october", [r.die for r in w.october]),
        ("april", [r.die for r in w.april]),
        ("may_1941", [r.die for r in w.may_1941]),
    ]
    for name, dice in dice_rows:
        faces: list[int] = []
        for j, die in enumerate(dice, start=1):
            try:
                faces += sorted(parse_dice(die))
            except ValueError as exc:
                out.append(f"weather.{name}[{j}].die: {exc}")
        if sorted(faces) != [1, 2, 3, 4, 5, 6]:
            out.append(f"weather.{name}: the die ranges must cover 1-6 exactly once")
    rep = spec.replacements
    for name, table in (
        ("soviet_siberia", rep.soviet_siberia),
        ("axis_base", rep.axis_base),
        ("axis_daring_base", rep.axis_daring_base),
    ):
        if sorted(table) != list(YEARS):
            out.append(f"replacements.{name}: one rate for each year 1941-1945")
    turns = [r.turn for r in spec.victory.rows]
    cities = spec.victory.cities
    doubles = sorted(c.name for c in cities if c.value == 2)
    if len(cities) != 14 or doubles != sorted(spec.victory.double_cities):
        out.append("victory.cities: fourteen victory cities, Berlin and Moscow counting two (15.4)")
    if turns != ["1941-12", "1942-12", "1943-12", "1944-12", "1945-05"]:
        out.append("victory.rows: the five Victory Determination Turns of 15.1")
    if mix is not None:
        out += _cross_problems(spec, mix)
    return out


def _cross_problems(spec: TablesFile, mix: CounterMix) -> list[str]:
    """The tables against the counter mix: reinforcements and the fortification bonuses."""
    out: list[str] = []
    listed: dict[str, str] = {}
    for side in ("soviet", "axis"):
        for j, a in enumerate(getattr(spec.reinforcements, side), start=1):
            for uid in a.units:
                where = f"reinforcements.{side}[{j}: {a.month}]"
                if uid not in mix.units:
                    out.append(f"{where}.units: no unit {uid!r} in counters.toml")
                    continue
                listed[uid] = a.month
                if mix.units[uid].reinforcement != a.month:
                    out.append(
                        f"{where}.units: {uid} enters {mix.units[uid].reinforcement} "
                        "by counters.toml"
                    )
    for u in mix.units.values():
        if u.reinforcement and u.id not in listed:
            out.append(f"reinforcements: {u.id} is a reinforcement in counters.toml, not here")
    table = spec.combat.fortify
    for u in mix.units.values():
        if u.type in ("factory", "garrison", "zhukov"):
            continue
        if u.id in ("sov-42-army", "sov-62-army"):
            key = "42nd and 62nd Armies"
        elif u.juggernaut:
            key = "front" if u.type == "front" else "german_juggernaut"
        else:
            key = u.type
        if table.get(key) != fortify_bonus(u):
            out.append(
                f"combat.fortify.{key}: {table.get(key)} but 10.7.5 gives {fortify_bonus(u)}"
            )
            break
    return out


def _build(spec: TablesFile, source: str, mix: CounterMix | None) -> Tables:
    problems = _problems(spec, mix)
    if problems:
        raise DataError(source, problems)
    return Tables(spec)


def load_tables_text(text: str, source: str = "<tables>", mix: CounterMix | None = None) -> Tables:
    raw: Any = parse_text(text, source)
    return _build(validate(raw, TablesFile, source, "tables file"), source, mix)


@cache
def load_tables(path: str | Path = TABLES_FILE) -> Tables:
    """The SNO charts (cached), checked against the default counter mix."""
    raw = read_data_file(path)
    spec = validate(raw, TablesFile, str(path), "tables file")
    return _build(spec, str(path), load_counters())


# ------------------------------------------------------------------ lookups
def move_cost(tables: Tables, terrain: str, unit_type: str) -> MoveCost:
    """MPs for a unit of ``unit_type`` (a counters.py type) to enter a hex of ``terrain``."""
    cls = tables.tec.unit_class[unit_type]
    return tables.hex_row(terrain).move[cls]


def soviet_rf(tables: Tables, year: int, factories: int, victory_cities: int) -> int:
    """SNO 11.10: factories in production + Soviet victory cities (Moscow once) + Siberia."""
    r = tables.spec.replacements
    return (
        r.soviet_siberia[str(year)]
        + r.soviet_per_factory * factories
        + r.soviet_per_victory_city * victory_cities
    )


def axis_rf(
    tables: Tables,
    year: int,
    soviet_victory_cities_held: int,
    axis_victory_cities: int,
    daring: bool = False,
    per_pair_extra: int = 0,
) -> int:
    """SNO 11.12-11.14: base rate + one per pair of Soviet victory cities held (Moscow two),
    never more than the victory cities the Axis controls. ``daring``: option 14.6 (14.62);
    ``per_pair_extra``: option 14.8's three more a pair (14.83)."""
    r = tables.spec.replacements
    base = (r.axis_daring_base if daring else r.axis_base)[str(year)]
    per_pair = r.axis_per_soviet_victory_city_pair + per_pair_extra
    total = base + per_pair * (soviet_victory_cities_held // 2)
    return min(total, axis_victory_cities)


def victory_city_at(tables: Tables, hex_id: str) -> VictoryCity | None:
    """The Appendix I victory city in a hex, if any."""
    return next((c for c in tables.spec.victory.cities if c.hex == hex_id), None)


def victory_requirement(tables: Tables, turn: str, side: str) -> int:
    """SNO 15.6: victory cities a side needs on a Victory Determination Turn."""
    for row in tables.spec.victory.rows:
        if row.turn == turn:
            return int(getattr(row, side))
    raise KeyError(f"{turn} is not a Victory Determination Turn (15.1)")


def october_weather(tables: Tables, die: int) -> OctoberRow:
    """SNO 6.1.3: the October roll and what it fixes for the months after."""
    for row in tables.spec.weather.october:
        if die in parse_dice(row.die):
            return row
    raise ValueError(f"die {die} is not 1-6")


def april_weather(tables: Tables, die: int) -> AprilRow:
    """SNO 6.1.3b: the April roll after an October with Good weather."""
    for row in tables.spec.weather.april:
        if die in parse_dice(row.die):
            return row
    raise ValueError(f"die {die} is not 1-6")


def table_notes(tables: Tables | None = None) -> list[str]:
    tables = tables or load_tables()
    cells = tables.reconstructed_cells()
    return [
        f"Terrain Effects Chart: {len(tables.tec.hexes)} hex rows, {len(tables.tec.hexsides)} "
        f"hexside rows, {len(tables.tec.places)} place rows",
        f"reconstructed: {len(cells)} TEC cells (swamp and mountain costs per unit class, 5.1.3)",
        "weather, replacements, reinforcements, victory, breakout: as the rulebook states them",
    ]
