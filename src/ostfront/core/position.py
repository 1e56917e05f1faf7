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
    map = "small-map.toml"     # optional: a custom map: the name of a file beside this
                               # one (read only for a file the user names on the command
                               # line, see load_position), or an inline [map] table in
                               # the map-file format (the only form a record carries)

    [pools.axis]
    replacements = 2
    air = 3

    [[units]]
    id = "ger-3-armor"
    hex = "1511"
    status = ["reduced"]

    [extra]                    # anything else the game's own position loader reads

The core checks the shape, the sizes (how deep the data nests, how large its numbers are,
see :func:`check_plain`) and reads the map; the game checks the meaning (unit ids, phases)
in its ``setup_position`` hook. :func:`load_position` returns plain data with the map inlined,
so a record can carry its starting position with it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .datafile import check_plain, parse_text, read_data_file, validate
from .errors import DataError
from .mapmodel import load_map_text, map_from_dict

#: A month as a position's turn: "YYYY-MM" (a game whose turns are months).
MONTH = r"^[0-9]{4}-(0[1-9]|1[0-2])$"
#: Sanity limits on any position (the game checks the rest): the turn, the point pools.
MAX_POSITION_TURN = 200
MIN_POSITION_MONTH, MAX_POSITION_MONTH = "1900-01", "1999-12"
MAX_POOL_POINTS = 30
#: The most entries a list or table of a position's ``extra`` may hold.
MAX_EXTRA_ENTRIES = 1000
#: A game's model of its ``extra`` table: strict types (no true for 1, no 1 for "1"),
#: keys it does not know left to the game to name.
EXTRA = ConfigDict(extra="ignore", strict=True)

#: The largest map file a position file may name beside it, in bytes.
MAX_MAP_FILE = 4_000_000


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
    """Validate position data; returns plain data with any map file read and inlined.

    A map named by a file name is read only with ``base``, the folder of a position file
    the user named himself (:func:`load_position`); position data from anywhere else (a
    record, an import) carries its map inline, and a name there is refused unread."""
    check_plain(raw, source)
    pos = validate(raw, PositionFile, source, "position")
    data = pos.model_dump()
    if isinstance(pos.map, str):
        data["map"] = _map_file(pos.map, source, base)
    elif isinstance(pos.map, dict):
        map_from_dict(pos.map, f"{source} [map]")
    problems = _limits(pos)
    seen: set[str] = set()
    for i, u in enumerate(pos.units, start=1):
        if u.id in seen:
            problems.append(f"units[{i}: {u.id}]: id: unit placed twice")
        seen.add(u.id)
    if problems:
        raise DataError(source, problems)
    return data


def _limits(pos: PositionFile) -> list[str]:
    """Sanity limits on the turn and the point pools, for every game (the game's set-up
    checks units, hexes and phases)."""
    problems = []
    turn = pos.turn
    if isinstance(turn, int) and not 1 <= turn <= MAX_POSITION_TURN:
        problems.append(f"turn: {turn} is not between 1 and {MAX_POSITION_TURN}")
    if isinstance(turn, str) and not MIN_POSITION_MONTH <= turn <= MAX_POSITION_MONTH:
        problems.append(
            f"turn: {turn} is not a month from {MIN_POSITION_MONTH} to {MAX_POSITION_MONTH}"
        )
    for side, pool in pos.pools.items():
        for k, v in pool.items():
            if not 0 <= v <= MAX_POOL_POINTS:
                problems.append(f"pools.{side}.{k}: {v} is not between 0 and {MAX_POOL_POINTS}")
    return problems


def _map_file(name: str, source: str, base: Path | None) -> dict[str, Any]:
    """The map a position file names: a plain file name (no folder, ``.toml`` or
    ``.json``) beside the position file, a regular file of at most :data:`MAX_MAP_FILE`
    bytes; never a path, a device or a pipe, and never from a record."""
    if base is None:
        raise DataError(
            source, ["map: give the map inline (a [map] table); a file name is not read here"]
        )
    if (
        Path(name).name != name
        or "\\" in name
        or name.startswith(".")
        or Path(name).suffix not in (".toml", ".json")
    ):
        raise DataError(
            source, [f"map: {name!r} is not the name of a .toml or .json file beside this one"]
        )
    map_path = base / name
    try:
        fd = os.open(map_path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DataError(source, [f"map: cannot read {map_path}: {exc.strerror or exc}"]) from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_MAP_FILE:
            raise DataError(
                source, [f"map: {map_path} is not a map file of at most {MAX_MAP_FILE} bytes"]
            )
        raw = f.read(MAX_MAP_FILE + 1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(source, [f"map: {map_path} is not a text file"]) from None
    if map_path.suffix == ".json":
        data: dict[str, Any] = parse_text(text, str(map_path), "json")
        check_plain(data, str(map_path))
        map_from_dict(data, str(map_path))
    else:
        load_map_text(text, str(map_path))
        data = parse_text(text, str(map_path), "toml")
    return data


def load_position(path: str | Path) -> dict[str, Any]:
    """Read and validate a position file (one the user names: a map file it names beside
    it is read too, see :func:`position_from_dict`)."""
    p = Path(path)
    return position_from_dict(read_data_file(p), str(p), p.parent)


#: What a wrong type in ``extra`` is said to be not, by pydantic's error type.
_NOT_A = {
    "bool_type": "true or false",
    "int_type": "a whole number",
    "string_type": "text",
    "dict_type": "a table",
    "list_type": "a list",
}


def typed_extra(
    extra: Mapping[str, Any], model: type[BaseModel], problems: list[str]
) -> dict[str, Any] | None:
    """A game's ``extra`` table checked against ``model``, its fields' types and bounds
    (:data:`EXTRA`), for every door a position comes in by (a position file, a record, an
    import): the keys it states, as given, or None with what is wrong with each field
    added to ``problems``; the game then checks what the values mean."""
    try:
        model.model_validate(dict(extra))
    except ValidationError as exc:
        worst: dict[Any, tuple[list[Any], Any]] = {}
        for err in exc.errors():  # one line a field: its most precise error (a union
            loc = [k for k in err["loc"] if not _is_type_tag(k)]  # reports each branch)
            if loc and len(loc) > len(worst.get(loc[0], ([], None))[0]):
                worst[loc[0]] = (loc, err)
        for loc, err in worst.values():
            where = "".join(f"[{k + 1}]" if isinstance(k, int) else f".{k}" for k in loc)
            shown = repr(err["input"])
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            kind = str(err["type"])
            said = f"is not {_NOT_A[kind]}" if kind in _NOT_A else f"({err['msg']})"
            problems.append(f"extra{where}: {shown} {said}")
        return None
    return dict(extra)


def _is_type_tag(key: Any) -> bool:
    """A union's branch named in an error's location (``list[str]``, ``int``...)."""
    return isinstance(key, str) and (
        "[" in key or key in ("str", "int", "bool", "function-after", "constrained-int")
    )


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
