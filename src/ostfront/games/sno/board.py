"""The Sturm Nach Osten map, loaded once: the game (game.py) shows it and the rules read it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ...core.mapmodel import GameMap, load_map
from ...core.sectors import load_sector_places, sectors_by_places

DATA = Path(__file__).parent / "data"


@cache
def board() -> GameMap:
    """The Sturm Nach Osten map (see docs/data/sno.md for where every value comes from)."""
    return load_map(DATA / "map.toml")


@cache
def sectors() -> dict[str, str]:
    """Each hex -> its front sector, from the places ``sectors.toml`` names (core/sectors.py)."""
    return sectors_by_places(board(), load_sector_places(DATA / "sectors.toml"))
