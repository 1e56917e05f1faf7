"""Maps as data: terrain per hex, hexside features, places, regions, named lines, edges, rails.

A map lives in a TOML (or JSON) file that reads like the printed map's key. Hex lists accept the
rulebook's range notation (``"0104-10"``). Example, a small synthetic map::

    [map]
    id = "toy"
    title = "Eight by eight, one river"

    [grid]
    id_order = "colrow"
    offset = "even-q"
    columns = [1, 8]
    rows = [1, 8]

    [terrain]
    default = "clear"
    swamp = ["0304-05"]

    [[hexsides]]
    kind = "river"
    name = "Little River"
    sides = ["0401/0501", "0401/0502", "0402/0502"]

    [[places]]
    hex = "0606"
    name = "Pskov"
    kinds = ["city", "victory_city"]

Loading checks structure (pydantic) and then meaning (every hex on the grid, every hexside
between adjacent hexes, rails as chains of adjacent hexes, edges on the map edge) and reports
*all* problems at once as a :class:`~ostfront.core.errors.DataError` naming file, entry and field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from .datafile import STRICT, parse_text, read_data_file, validate
from .errors import DataError
from .hexgrid import HexGrid, HexIdError, hexside_id, split_hexside

TerrainKind = Literal["clear", "forest", "swamp", "mountain", "lake", "sea"]
TERRAIN_KINDS: tuple[str, ...] = ("clear", "forest", "swamp", "mountain", "lake", "sea")

HexsideKind = Literal[
    "river",  # a river, crossed at a cost or a combat penalty
    "canal",  # a canal (SNO 5.5.8 treats it as a river)
    "sea",  # wholly sea: impassable
    "lake",  # wholly lake: impassable unless frozen
    "strait",  # a narrow strait (SNO 5.5.5 Kerch-type, DR 9.3)
    "border",  # a national border drawn on the map
    "fortified_line",  # e.g. SNO's Stalin Line (option 14.3)
    "no_attack",  # no attack across this side (DR 9.3.4 Sivash)
]
HEXSIDE_KINDS: tuple[str, ...] = (
    "river",
    "canal",
    "sea",
    "lake",
    "strait",
    "border",
    "fortified_line",
    "no_attack",
)

PlaceKind = Literal[
    "town",
    "city",
    "minor_city",
    "major_city",
    "victory_city",
    "fortress",
    "port",
    "capital",
]
PLACE_KINDS: tuple[str, ...] = (
    "town",
    "city",
    "minor_city",
    "major_city",
    "victory_city",
    "fortress",
    "port",
    "capital",
)

RegionKind = Literal["country", "area", "sea_area"]


# ------------------------------------------------------------------ file schema
class MapHeader(BaseModel):
    model_config = STRICT
    id: str = Field(min_length=1)
    title: str = ""
    scale: str = ""
    provenance: str = ""


class GridSpec(BaseModel):
    model_config = STRICT
    id_order: Literal["colrow", "rowcol"]
    offset: Literal["even-q", "odd-q", "even-r", "odd-r"]
    columns: tuple[int, int]
    rows: tuple[int, int]
    rotation: float = 0.0
    #: Hexes of the rectangle the printed board does not have (ranges allowed).
    absent: list[str] = []


class TerrainSpec(BaseModel):
    model_config = STRICT
    default: TerrainKind | None = None
    clear: list[str] = []
    forest: list[str] = []
    swamp: list[str] = []
    mountain: list[str] = []
    lake: list[str] = []
    sea: list[str] = []


class HexsideSpec(BaseModel):
    model_config = STRICT
    kind: HexsideKind
    name: str = ""
    #: Sides as "AAAA/BBBB"; for rivers, in order from source to mouth.
    sides: list[str] = Field(min_length=1)
    note: str = ""


class PlaceSpec(BaseModel):
    model_config = STRICT
    hex: str
    name: str = Field(min_length=1)
    kinds: list[PlaceKind] = Field(min_length=1)
    attrs: dict[str, int | float | str | bool] = {}


class RegionSpec(BaseModel):
    model_config = STRICT
    name: str = Field(min_length=1)
    kind: RegionKind = "area"
    hexes: list[str] = Field(min_length=1)
    note: str = ""


class LineSpec(BaseModel):
    model_config = STRICT
    name: str = Field(min_length=1)
    hexes: list[str] = []
    sides: list[str] = []
    #: If true, the hexes must form a chain of adjacent hexes.
    chain: bool = False
    note: str = ""


class EdgeSpec(BaseModel):
    model_config = STRICT
    name: str = Field(min_length=1)
    hexes: list[str] = Field(min_length=1)
    note: str = ""


class RailSpec(BaseModel):
    model_config = STRICT
    name: str = ""
    hexes: list[str] = Field(min_length=2)


class MapFile(BaseModel):
    """The whole map file as written."""

    model_config = STRICT
    map: MapHeader
    grid: GridSpec
    terrain: TerrainSpec = TerrainSpec()
    tags: dict[str, list[str]] = {}
    hexsides: list[HexsideSpec] = []
    places: list[PlaceSpec] = []
    regions: list[RegionSpec] = []
    lines: list[LineSpec] = []
    edges: list[EdgeSpec] = []
    rails: list[RailSpec] = []


# ------------------------------------------------------------------ loaded map
@dataclass(frozen=True)
class Place:
    hex: str
    name: str
    kinds: frozenset[str]
    attrs: Mapping[str, int | float | str | bool] = field(default_factory=dict)

    def is_(self, kind: str) -> bool:
        return kind in self.kinds


@dataclass(frozen=True)
class Region:
    name: str
    kind: str
    hexes: frozenset[str]
    note: str = ""


@dataclass(frozen=True)
class Line:
    name: str
    hexes: tuple[str, ...]
    sides: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class HexsideFeature:
    kind: str
    name: str
    sides: tuple[str, ...]
    note: str = ""


_NO_FEATURES: dict[str, str] = {}


@dataclass
class GameMap:
    """A validated map. Query it; do not mutate it."""

    id: str
    title: str
    grid: HexGrid
    source: str
    scale: str = ""
    provenance: str = ""
    terrain: dict[str, str | None] = field(default_factory=dict)
    tags: dict[str, frozenset[str]] = field(default_factory=dict)
    features: list[HexsideFeature] = field(default_factory=list)
    sides: dict[str, dict[str, str]] = field(default_factory=dict)
    places: dict[str, Place] = field(default_factory=dict)
    regions: dict[str, Region] = field(default_factory=dict)
    lines: dict[str, Line] = field(default_factory=dict)
    edges: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rails: list[tuple[str, ...]] = field(default_factory=list)
    rail_hexes: frozenset[str] = frozenset()
    rail_links: frozenset[str] = frozenset()
    #: lookup tables built on first use (region of each kind per hex)
    _by_kind: dict[str, dict[str, str]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _rail_next: dict[str, tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _by_name: dict[str, Place] = field(default_factory=dict, init=False, repr=False, compare=False)

    # queries --------------------------------------------------------------
    def terrain_of(self, hex_id: str) -> str | None:
        """Terrain kind of a hex (None where the map does not say)."""
        if hex_id in self.terrain:
            return self.terrain[hex_id]
        return self.terrain[self.grid.check(hex_id)]

    def side_kinds(self, a: str, b: str) -> dict[str, str]:
        """Features on the side between ``a`` and ``b``: kind → feature name."""
        return self.sides.get(f"{a}/{b}" if a < b else f"{b}/{a}", _NO_FEATURES)

    def region_of_kind(self, hex_id: str, kind: str) -> str | None:
        """The name of the region of this kind holding the hex (e.g. its country), or None.

        >>> from ostfront.core.mapmodel import load_map_text
        >>> m = load_map_text('''
        ... [map]
        ... id = "t"
        ... title = "T"
        ... [grid]
        ... id_order = "colrow"
        ... offset = "even-q"
        ... columns = [1, 3]
        ... rows = [1, 3]
        ... [[regions]]
        ... name = "Ruritania"
        ... kind = "country"
        ... hexes = ["0101", "0102"]
        ... ''', "t.toml")
        >>> m.region_of_kind("0102", "country"), m.region_of_kind("0303", "country")
        ('Ruritania', None)
        """
        table = self._by_kind.get(kind)
        if table is None:
            table = {}
            for name, region in self.regions.items():
                if region.kind == kind:
                    for h in region.hexes:
                        table.setdefault(h, name)
            self._by_kind[kind] = table
        return table.get(hex_id)

    def has_side(self, a: str, b: str, kind: str) -> bool:
        return kind in self.sides.get(hexside_id(a, b), {})

    def place(self, hex_id: str) -> Place | None:
        return self.places.get(hex_id)

    def hex_title(self, hex_id: str) -> str:
        """A hex as players read it: the place's name first, where the map names one
        ("Kiev (1816)"), else the id."""
        place = self.places.get(hex_id)
        return hex_id if place is None else f"{place.name} ({hex_id})"

    def place_named(self, name: str) -> Place:
        """The place with this name (any case; the first, if two share it)."""
        if not self._by_name:
            for p in self.places.values():
                self._by_name.setdefault(p.name.lower(), p)
        found = self._by_name.get(name.lower())
        if found is None:
            raise KeyError(f"no place named {name!r} on map {self.id}")
        return found

    def regions_at(self, hex_id: str) -> list[str]:
        return [r.name for r in self.regions.values() if hex_id in r.hexes]

    def in_region(self, hex_id: str, region: str) -> bool:
        return hex_id in self.regions[region].hexes

    def rail_connected(self, a: str, b: str) -> bool:
        """True if a rail line runs directly between adjacent hexes ``a`` and ``b``."""
        return hexside_id(a, b) in self.rail_links

    def rail_neighbours(self, hex_id: str) -> tuple[str, ...]:
        """The hexes a rail line runs to directly from ``hex_id`` (none off the rail net)."""
        table = self._rail_next
        if not table:
            links: dict[str, list[str]] = {}
            for side in sorted(self.rail_links):
                a, b = split_hexside(side)
                links.setdefault(a, []).append(b)
                links.setdefault(b, []).append(a)
            table.update({h: tuple(ns) for h, ns in links.items()})
            table.setdefault("", ())  # built, even for a map without railways
        return table.get(hex_id, ())

    def hex_tags(self, hex_id: str) -> frozenset[str]:
        return self.tags.get(hex_id, frozenset())

    def describe_hex(self, hex_id: str) -> dict[str, Any]:
        """Everything the map says about one hex, as plain data (used by ``ostfront hex``)."""
        hid = self.grid.check(hex_id)
        col, row = self.grid.parse(hid)
        place = self.places.get(hid)
        neighbours = []
        for n in self.grid.neighbours(hid):
            neighbours.append(
                {
                    "hex": n,
                    "direction": self.grid.direction(hid, n),
                    "terrain": self.terrain.get(n),
                    "hexside": hexside_id(hid, n),
                    "features": dict(sorted(self.side_kinds(hid, n).items())),
                    "rail": self.rail_connected(hid, n),
                }
            )
        return {
            "map": self.id,
            "hex": hid,
            "column": col,
            "row": row,
            "terrain": self.terrain.get(hid),
            "tags": sorted(self.hex_tags(hid)),
            "place": None
            if place is None
            else {"name": place.name, "kinds": sorted(place.kinds), "attrs": dict(place.attrs)},
            "regions": self.regions_at(hid),
            "rail": hid in self.rail_hexes,
            "edges": [name for name, hexes in self.edges.items() if hid in hexes],
            "lines": [name for name, ln in self.lines.items() if hid in ln.hexes],
            "neighbours": neighbours,
        }


# ------------------------------------------------------------------ loading
def map_notes(gmap: GameMap) -> list[str]:
    """Plain statements of how complete a map is (not errors: honesty about gaps)."""
    total = len(gmap.grid)
    unset = sum(1 for t in gmap.terrain.values() if t is None)
    notes = [
        f"{total} hexes, {len(gmap.places)} places, {len(gmap.sides)} hexsides with features, "
        f"{len(gmap.regions)} regions, {len(gmap.lines)} lines, {len(gmap.edges)} edges, "
        f"{len(gmap.rails)} rail lines"
    ]
    if unset:
        notes.append(f"terrain not yet reconstructed for {unset} of {total} hexes")
    return notes


def load_map(path: str | Path) -> GameMap:
    """Load and validate a map file (``.toml`` or ``.json``)."""
    return map_from_dict(read_data_file(path), str(path))


def load_map_text(text: str, source: str = "<map>", fmt: str = "toml") -> GameMap:
    """Load a map from TOML (or JSON) text; ``source`` names it in error messages."""
    return map_from_dict(parse_text(text, source, fmt), source)


def map_from_dict(raw: Any, source: str = "<map>") -> GameMap:
    """Validate a map given as plain data (as parsed from TOML/JSON)."""
    return _build(validate(raw, MapFile, source, "map"), source)


def _build(spec: MapFile, source: str) -> GameMap:
    problems: list[str] = []
    try:
        params: dict[str, Any] = {
            "id_order": spec.grid.id_order,
            "offset": spec.grid.offset,
            "columns": spec.grid.columns,
            "rows": spec.grid.rows,
            "rotation": spec.grid.rotation,
        }
        whole = HexGrid(spec.map.id, **params)
        absent = [h for s in spec.grid.absent for h in whole.expand(s)]
        grid = HexGrid(spec.map.id, **params, absent=absent)
    except (ValueError, HexIdError) as exc:
        raise DataError(source, [f"grid: {exc}"]) from None

    def hexes(specs: Iterable[str], where: str) -> list[str]:
        out: list[str] = []
        for s in specs:
            try:
                out.extend(grid.expand(s))
            except HexIdError as exc:
                problems.append(f"{where}: {exc}")
        return out

    def side(s: str, where: str) -> str | None:
        try:
            a, b = split_hexside(s)
            grid.check(a)
            grid.check(b)
            return grid.hexside(a, b)
        except HexIdError as exc:
            problems.append(f"{where}: hexside {s}: {exc}")
            return None

    # terrain
    terrain: dict[str, str | None] = {h: spec.terrain.default for h in grid.hexes()}
    seen: dict[str, str] = {}
    for kind in TERRAIN_KINDS:
        for h in hexes(getattr(spec.terrain, kind), f"terrain.{kind}"):
            if h in seen and seen[h] != kind:
                problems.append(f"terrain: hex {h} is listed as both {seen[h]} and {kind}")
            seen[h] = kind
            terrain[h] = kind

    # tags
    tags: dict[str, set[str]] = {}
    for tag, lst in spec.tags.items():
        if not tag.isidentifier():
            problems.append(f"tags: {tag!r} is not a simple name")
        for h in hexes(lst, f"tags.{tag}"):
            tags.setdefault(h, set()).add(tag)

    # hexside features
    features: list[HexsideFeature] = []
    sides: dict[str, dict[str, str]] = {}
    for i, hs in enumerate(spec.hexsides):
        where = f"hexsides[{i + 1}: {hs.name or hs.kind}]"
        ok = []
        for s in hs.sides:
            sid = side(s, where)
            if sid is not None:
                ok.append(sid)
                sides.setdefault(sid, {})[hs.kind] = hs.name or hs.kind
        features.append(HexsideFeature(hs.kind, hs.name, tuple(ok), hs.note))

    # places
    places: dict[str, Place] = {}
    for i, pl in enumerate(spec.places):
        where = f"places[{i + 1}: {pl.name}]"
        try:
            h = grid.check(pl.hex)
        except HexIdError as exc:
            problems.append(f"{where}: hex: {exc}")
            continue
        if h in places:
            problems.append(f"{where}: hex {h} already holds {places[h].name}")
            continue
        places[h] = Place(h, pl.name, frozenset(pl.kinds), dict(pl.attrs))

    # regions
    regions: dict[str, Region] = {}
    for i, rg in enumerate(spec.regions):
        where = f"regions[{i + 1}: {rg.name}]"
        if rg.name in regions:
            problems.append(f"{where}: name: region {rg.name!r} defined twice")
        regions[rg.name] = Region(rg.name, rg.kind, frozenset(hexes(rg.hexes, where)), rg.note)

    # lines
    lines: dict[str, Line] = {}
    for i, ln in enumerate(spec.lines):
        where = f"lines[{i + 1}: {ln.name}]"
        lh = hexes(ln.hexes, where)
        ls = [s for s in (side(s, where) for s in ln.sides) if s is not None]
        if not lh and not ls:
            problems.append(f"{where}: a line needs hexes or sides")
        if ln.chain:
            for a, b in pairwise(lh):
                if not grid.adjacent(a, b):
                    problems.append(f"{where}: hexes {a} and {b} are not adjacent")
        if ln.name in lines:
            problems.append(f"{where}: name: line {ln.name!r} defined twice")
        lines[ln.name] = Line(ln.name, tuple(lh), tuple(ls), ln.note)

    # edges
    edges: dict[str, tuple[str, ...]] = {}
    for i, eg in enumerate(spec.edges):
        where = f"edges[{i + 1}: {eg.name}]"
        eh = hexes(eg.hexes, where)
        for h in eh:
            if len(grid.neighbours(h)) == 6:
                problems.append(f"{where}: hex {h} is not on the edge of the map")
        edges[eg.name] = tuple(eh)

    # rails
    rails: list[tuple[str, ...]] = []
    links: set[str] = set()
    for i, rl in enumerate(spec.rails):
        where = f"rails[{i + 1}: {rl.name}]" if rl.name else f"rails[{i + 1}]"
        rh = hexes(rl.hexes, where)
        for a, b in pairwise(rh):
            if grid.adjacent(a, b):
                links.add(hexside_id(a, b))
            else:
                problems.append(f"{where}: hexes {a} and {b} are not adjacent")
        rails.append(tuple(rh))

    if problems:
        raise DataError(source, problems)
    return GameMap(
        id=spec.map.id,
        title=spec.map.title,
        grid=grid,
        source=source,
        scale=spec.map.scale,
        provenance=spec.map.provenance,
        terrain=terrain,
        tags={h: frozenset(t) for h, t in tags.items()},
        features=features,
        sides=sides,
        places=places,
        regions=regions,
        lines=lines,
        edges=edges,
        rails=rails,
        rail_hexes=frozenset(h for r in rails for h in r),
        rail_links=frozenset(links),
    )
