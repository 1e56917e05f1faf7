"""Custom positions: start a game from units placed by hand — for teaching, bug reports and
rule tests.

A position file is TOML (or JSON)::

    game = "dr"
    scenario = "1941"          # optional: the scenario whose rules and calendar apply
    turn = 3                   # a turn number, or a month "1941-07" for a game of monthly
                               # turns (Sturm Nach Osten)
    phase = "axis-movement"    # a phase name the game knows
    weather = "clear"
    active = "axis"            # optional
    note = "Kiev pocket, for 7.2.3"
    map = "small-map.toml"     # optional: a custom map (path relative to this file),
                               # or an inline [map] table in the map-file format

    [pools.axis]
    replacements = 2
    air = 3

    [[units]]
    id = "ger-3-armor"
    hex = "1511"
    status = ["reduced"]

    [extra]                    # anything else the game's own position loader reads

The core checks the shape and reads the map; the game checks the meaning (unit ids, phases)
in its ``setup_position`` hook. :func:`load_position` returns plain data with the map inlined,
so a record can carry its starting position with it.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from .datafile import read_data_file, validate
from .errors import DataError
from .mapmodel import load_map_text, map_from_dict

#: A month as a position's turn: "YYYY-MM" (a game whose turns are months).
MONTH = r"^[0-9]{4}-(0[1-9]|1[0-2])$"


class UnitPlacement(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    hex: str | None = None  # None: off the map (eliminated, or a box named in status)
    status: list[str] = []


class PositionFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1)
    scenario: str | None = None
    turn: Annotated[int, Field(ge=0)] | Annotated[str, Field(pattern=MONTH)] | None = None
    phase: str | None = None
    weather: str | None = None
    active: str | None = None
    note: str = ""
    map: str | dict[str, Any] | None = None
    pools: dict[str, dict[str, int]] = {}
    units: list[UnitPlacement] = []
    extra: dict[str, Any] = {}


def position_from_dict(
    raw: Any, source: str = "<position>", base: Path | None = None
) -> dict[str, Any]:
    """Validate position data; returns plain data with any map file read and inlined."""
    pos = validate(raw, PositionFile, source, "position")
    data = pos.model_dump()
    if isinstance(pos.map, str):
        map_path = (base or Path(".")) / pos.map
        try:
            text = map_path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(
                source, [f"map: cannot read {map_path}: {exc.strerror or exc}"]
            ) from None
        if map_path.suffix == ".json":
            data["map"] = json.loads(text)
            map_from_dict(data["map"], str(map_path))
        else:
            load_map_text(text, str(map_path))
            data["map"] = tomllib.loads(text)
    elif isinstance(pos.map, dict):
        map_from_dict(pos.map, f"{source} [map]")
    seen: set[str] = set()
    problems = []
    for i, u in enumerate(pos.units, start=1):
        if u.id in seen:
            problems.append(f"units[{i}: {u.id}]: id: unit placed twice")
        seen.add(u.id)
    if problems:
        raise DataError(source, problems)
    return data


def load_position(path: str | Path) -> dict[str, Any]:
    """Read and validate a position file."""
    p = Path(path)
    return position_from_dict(read_data_file(p), str(p), p.parent)


def placements(
    position: Mapping[str, Any],
    known: Collection[str],
    boxes: tuple[str, ...],
    on_map: Callable[[str], bool],
    game_title: str,
    problems: list[str],
) -> Iterator[tuple[str, str, str, list[str]]]:
    """The units a position places, as a game's ``setup_position`` reads them: (where, for
    messages; the unit's id; its hex, or the box its status names; its status) for each
    unit the game ``known``s placed in one of its ``boxes`` or on its map. What is wrong with
    the others goes to ``problems`` (an unknown id, no hex nor box, a hex off the map); the
    meaning of the status is the game's."""
    for i, placed in enumerate(position.get("units", []), start=1):
        uid = placed["id"]
        where = f"units[{i}: {uid}]"
        if uid not in known:
            problems.append(f"{where}: id: no such {game_title} unit")
            continue
        status = list(placed.get("status", []))
        named = [s for s in status if s in boxes]
        at = named[0] if named else placed.get("hex")
        if at is None:
            problems.append(f"{where}: hex: give a hex or a box ({', '.join(boxes)})")
            continue
        if at not in boxes and not on_map(at):
            problems.append(f"{where}: hex: {at} is not on the map")
            continue
        yield where, uid, at, status
