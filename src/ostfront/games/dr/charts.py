"""Defiant Russia's charts card as data: terrain, weather, air, exploitation, replacements,
rail and supply, victory and the turn record.

The values live in ``data/charts.toml``, laid out like the printed card; the tables' models
are in :mod:`chart_tables`. This module loads and checks them (structure with pydantic,
then meaning across tables) and offers small typed lookups for the rules engine. Every row
names its rule (``source``); rows or cells the rulebook does not print are marked
``reconstructed`` with a ``why``. Provenance: docs/data/dr-charts.md.

Example::

    charts = load_charts()
    terrain_move_cost(charts, "swamp", "armor")      # 3 (DR 9.1.4A)
    random_weather(charts, turn=4, die=4)            # "light_mud" (DR 8.2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ...core.datafile import read_data_file, validate
from ...core.errors import DataError
from .chart_tables import (
    _R,
    CHARTS_FILE,
    GROUND_TYPES,
    HEX_TERRAINS,
    HEXSIDE_KINDS,
    NATIONALITIES,
    CasualtyWeight,
    Charts,
    CombatEffects,
    Exclusion,
    HexsideRow,
    HexTerrainRow,
    MoveClass,
    Sourced,
    TurnRow,
    Weather,
)
from .chart_tables import is_reconstructed as is_reconstructed  # part of the card's lookups
from .chart_tables import parse_dice as parse_dice


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
