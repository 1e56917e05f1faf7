"""Front sectors: a map cut into a few named parts, for telling a turn's moves by where they
happened ("moves in the north"). A game names each sector by some of its places (data, e.g.
a ``sectors.toml`` beside its map); every hex of the map falls in the sector of the named
place nearest to it (ties go to the sector listed first)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from .datafile import read_data_file, validate
from .errors import DataError
from .mapmodel import GameMap


class SectorSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    places: list[str]


class SectorsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sectors: list[SectorSpec]


def load_sector_places(path: Path) -> dict[str, list[str]]:
    """Each sector's name -> the names of the places that mark it, from a data file."""
    spec = validate(read_data_file(path), SectorsFile, str(path))
    return {s.name: list(s.places) for s in spec.sectors}


def sectors_by_places(board: GameMap, places: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Each hex of ``board`` -> the name of its sector: the sector of the nearest of the
    places named (by hex distance; a tie goes to the sector named first).

    >>> from ostfront.core.mapmodel import load_map_text
    >>> m = load_map_text('''
    ... [map]
    ... id = "t"
    ... title = "T"
    ... [grid]
    ... id_order = "colrow"
    ... offset = "even-q"
    ... columns = [1, 5]
    ... rows = [1, 1]
    ... [[places]]
    ... hex = "0101"
    ... name = "West"
    ... kinds = ["city"]
    ... [[places]]
    ... hex = "0501"
    ... name = "East"
    ... kinds = ["city"]
    ... ''', "t.toml")
    >>> s = sectors_by_places(m, {"left": ["West"], "right": ["East"]})
    >>> [s[h] for h in ("0101", "0201", "0301", "0401", "0501")]
    ['left', 'left', 'left', 'right', 'right']
    """
    anchors: list[tuple[str, str]] = []
    problems = []
    for sector, names in places.items():
        for name in names:
            try:
                anchors.append((board.place_named(name).hex, sector))
            except KeyError:
                problems.append(f"sector {sector!r}: no place named {name!r} on the map")
    if problems or not anchors:
        raise DataError("sectors", problems or ["no sector names a place"])
    out = {}
    for h in board.grid.hexes():
        best = min(range(len(anchors)), key=lambda i: (board.grid.distance(h, anchors[i][0]), i))
        out[h] = anchors[best][1]
    return out
