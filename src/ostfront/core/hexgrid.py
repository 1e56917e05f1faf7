"""Hex geometry: printed 4-digit hex ids, cube coordinates, neighbours, hexsides, drawing layout.

Both games print a four-digit id in every hex, with different conventions:

* Sturm Nach Osten: ``CCRR`` (column then row), columns of flat-topped hexes,
  **even** columns shifted half a hex towards higher row numbers ("even-q").
* Defiant Russia: ``RRCC`` (row then column), rows of pointy-topped hexes,
  **odd** rows shifted half a hex east ("odd-r").

Parity always refers to the *printed* number, so the conventions are written exactly as the
rulebooks imply them. A :class:`HexGrid` turns ids into axial coordinates (``q``, ``r``; the
third cube coordinate is ``-q-r``) and back, and answers every geometric question in those
coordinates.

>>> sno = HexGrid("sno", id_order="colrow", offset="even-q", columns=(1, 39), rows=(1, 30))
>>> sorted(sno.neighbours("0224"))
['0124', '0125', '0223', '0225', '0324', '0325']
>>> sno.distance("0308", "0103")
6
>>> sno.hexside("0325", "0224")
'0224/0325'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Literal

IdOrder = Literal["colrow", "rowcol"]
Offset = Literal["even-q", "odd-q", "even-r", "odd-r"]

#: The six axial directions, clockwise starting from +q.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)

Point = tuple[float, float]


class HexIdError(ValueError):
    """A hex id that is malformed or not on the grid."""


def cube_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Distance in hexes between two axial coordinates."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hexside_id(a: str, b: str) -> str:
    """Canonical id of the side between two hexes: the two ids in order, joined by ``/``.

    >>> hexside_id("0325", "0224")
    '0224/0325'
    """
    return f"{a}/{b}" if a < b else f"{b}/{a}"


def split_hexside(side: str) -> tuple[str, str]:
    """The two hex ids of a hexside id such as ``"0224/0325"``."""
    parts = side.split("/")
    if len(parts) != 2 or not all(len(p) == 4 and p.isdigit() for p in parts):
        raise HexIdError(f"hexside {side!r} is not two 4-digit hex ids joined by '/'")
    return parts[0], parts[1]


class HexGrid:
    """A bounded grid of hexes with printed 4-digit ids.

    ``columns`` and ``rows`` are inclusive ranges of printed numbers (0–99); ``absent`` lists
    hexes of that rectangle that the printed board does not have (a cut-away corner).
    ``rotation`` (degrees, clockwise on screen) turns the native layout so that geographic
    north is roughly up when drawn.
    """

    def __init__(
        self,
        name: str,
        *,
        id_order: IdOrder,
        offset: Offset,
        columns: tuple[int, int],
        rows: tuple[int, int],
        rotation: float = 0.0,
        absent: Iterable[str] = (),
    ) -> None:
        if id_order not in ("colrow", "rowcol"):
            raise ValueError(f"id_order must be 'colrow' or 'rowcol', not {id_order!r}")
        if offset not in ("even-q", "odd-q", "even-r", "odd-r"):
            raise ValueError(f"offset must be even-q, odd-q, even-r or odd-r, not {offset!r}")
        for label, (lo, hi) in (("columns", columns), ("rows", rows)):
            if not (0 <= lo <= hi <= 99):
                raise ValueError(f"{label} must be a range within 0..99, not {lo}..{hi}")
        self.name = name
        self.id_order: IdOrder = id_order
        self.offset: Offset = offset
        self.columns = (int(columns[0]), int(columns[1]))
        self.rows = (int(rows[0]), int(rows[1]))
        self.rotation = float(rotation)
        self.absent = frozenset(absent)
        self._ids: tuple[str, ...] = tuple(
            hid
            for c in range(self.columns[0], self.columns[1] + 1)
            for r in range(self.rows[0], self.rows[1] + 1)
            if (hid := self.format(c, r)) not in self.absent
        )
        self._idset = frozenset(self._ids)
        self._neighbours: dict[str, tuple[str, ...]] = {}
        self._axial: dict[str, tuple[int, int]] = {}  # of the grid's hexes, as asked

    def __repr__(self) -> str:
        return (
            f"HexGrid({self.name!r}, id_order={self.id_order!r}, offset={self.offset!r}, "
            f"columns={self.columns}, rows={self.rows})"
        )

    # ----------------------------------------------------------------- ids
    def format(self, col: int, row: int) -> str:
        """The printed id of column ``col``, row ``row``."""
        if not (0 <= col <= 99 and 0 <= row <= 99):
            raise HexIdError(f"column {col}, row {row} has no 4-digit id")
        return f"{col:02d}{row:02d}" if self.id_order == "colrow" else f"{row:02d}{col:02d}"

    def parse(self, hex_id: str) -> tuple[int, int]:
        """``(column, row)`` of a printed id; any 4-digit id parses, on the grid or not."""
        if not isinstance(hex_id, str) or len(hex_id) != 4 or not hex_id.isdigit():
            raise HexIdError(f"hex id {hex_id!r} is not 4 digits")
        a, b = int(hex_id[:2]), int(hex_id[2:])
        return (a, b) if self.id_order == "colrow" else (b, a)

    def contains(self, hex_id: str) -> bool:
        """True if ``hex_id`` is a well-formed id of a hex on this grid."""
        return hex_id in self._idset

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self._idset

    def check(self, hex_id: str) -> str:
        """Return ``hex_id`` if it is on the grid, else raise :class:`HexIdError`."""
        if hex_id in self._idset:
            return hex_id
        col, row = self.parse(hex_id)
        if hex_id in self.absent:
            raise HexIdError(f"hex {hex_id} is cut away from the {self.name} map")
        raise HexIdError(
            f"hex {hex_id} is not on the {self.name} map "
            f"(columns {self.columns[0]:02d}–{self.columns[1]:02d}, "
            f"rows {self.rows[0]:02d}–{self.rows[1]:02d}; got column {col:02d}, row {row:02d})"
        )

    def hexes(self) -> tuple[str, ...]:
        """Every hex id on the grid, column by column."""
        return self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def expand(self, spec: str) -> list[str]:
        """Expand a hex or a printed range into ids.

        ``"0104-0110"`` or the rulebook's short form ``"0104-10"`` keep the first two digits
        and run the last two. Every id must be on the grid.

        >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 9), rows=(1, 9))
        >>> g.expand("0104-06")
        ['0104', '0105', '0106']
        """
        spec = spec.strip()
        if "-" not in spec:
            return [self.check(spec)]
        first, _, last = spec.partition("-")
        if len(last) == 2 and last.isdigit():
            last = first[:2] + last
        if len(first) != 4 or not first.isdigit() or len(last) != 4 or not last.isdigit():
            raise HexIdError(f"hex range {spec!r} is not like 0104-0110 or 0104-10")
        if first[:2] != last[:2]:
            raise HexIdError(f"hex range {spec!r} must keep its first two digits")
        lo, hi = int(first[2:]), int(last[2:])
        if lo > hi:
            raise HexIdError(f"hex range {spec!r} runs backwards")
        return [self.check(f"{first[:2]}{n:02d}") for n in range(lo, hi + 1)]

    # ------------------------------------------------------------ coordinates
    def to_axial(self, hex_id: str) -> tuple[int, int]:
        """Axial ``(q, r)`` of a printed id (need not be on the grid)."""
        found = self._axial.get(hex_id)
        if found is None:
            found = self._offset_to_axial(*self.parse(hex_id))
            if hex_id in self._idset:
                self._axial[hex_id] = found
        return found

    def _offset_to_axial(self, col: int, row: int) -> tuple[int, int]:
        if self.offset == "even-q":  # even printed columns sit half a hex lower
            return col, row - (col + (col & 1)) // 2
        if self.offset == "odd-q":  # odd printed columns sit half a hex lower
            return col, row - (col - (col & 1)) // 2
        if self.offset == "odd-r":  # odd printed rows sit half a hex east
            return col - (row - (row & 1)) // 2, row
        return col - (row + (row & 1)) // 2, row  # even-r

    def _axial_to_offset(self, q: int, r: int) -> tuple[int, int]:
        if self.offset == "even-q":
            return q, r + (q + (q & 1)) // 2
        if self.offset == "odd-q":
            return q, r + (q - (q & 1)) // 2
        if self.offset == "odd-r":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r

    def from_axial(self, q: int, r: int) -> str | None:
        """The id at axial ``(q, r)``, or None if that hex is not on the grid."""
        col, row = self._axial_to_offset(q, r)
        if not (self.columns[0] <= col <= self.columns[1] and self.rows[0] <= row <= self.rows[1]):
            return None
        hid = self.format(col, row)
        return None if hid in self.absent else hid

    def to_cube(self, hex_id: str) -> tuple[int, int, int]:
        """Cube ``(x, y, z)`` with ``x + y + z == 0``."""
        q, r = self.to_axial(hex_id)
        return q, r, -q - r

    # --------------------------------------------------------------- adjacency
    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """The neighbours of a hex that are on the grid, clockwise from direction 0."""
        cached = self._neighbours.get(hex_id)
        if cached is not None:
            return cached
        q, r = self.to_axial(hex_id)
        found = []
        for dq, dr in AXIAL_DIRECTIONS:
            other = self.from_axial(q + dq, r + dr)
            if other is not None:
                found.append(other)
        result = tuple(found)
        if hex_id in self._idset:
            self._neighbours[hex_id] = result
        return result

    def adjacent(self, a: str, b: str) -> bool:
        """True if the two hexes share a side."""
        return cube_distance(self.to_axial(a), self.to_axial(b)) == 1

    def direction(self, a: str, b: str) -> int:
        """Index into :data:`AXIAL_DIRECTIONS` of the step from ``a`` to adjacent ``b``."""
        qa, ra = self.to_axial(a)
        qb, rb = self.to_axial(b)
        try:
            return AXIAL_DIRECTIONS.index((qb - qa, rb - ra))
        except ValueError:
            raise HexIdError(f"hexes {a} and {b} are not adjacent") from None

    def hexside(self, a: str, b: str) -> str:
        """Canonical id of the side shared by two adjacent hexes."""
        if not self.adjacent(a, b):
            raise HexIdError(f"hexes {a} and {b} are not adjacent, so share no hexside")
        return hexside_id(a, b)

    def distance(self, a: str, b: str) -> int:
        """Distance in hexes."""
        return cube_distance(self.to_axial(a), self.to_axial(b))

    def ring(self, center: str, radius: int) -> list[str]:
        """The on-grid hexes exactly ``radius`` hexes from ``center``, walking clockwise."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        q, r = self.to_axial(center)
        if radius == 0:
            return [center] if center in self._idset else []
        out: list[str] = []
        dq, dr = AXIAL_DIRECTIONS[4]
        cq, cr = q + dq * radius, r + dr * radius
        for side in range(6):
            sq, sr = AXIAL_DIRECTIONS[side]
            for _ in range(radius):
                hid = self.from_axial(cq, cr)
                if hid is not None:
                    out.append(hid)
                cq, cr = cq + sq, cr + sr
        return out

    def within(self, center: str, radius: int) -> list[str]:
        """The on-grid hexes at most ``radius`` hexes from ``center`` (centre first)."""
        out: list[str] = []
        for k in range(radius + 1):
            out.extend(self.ring(center, k))
        return out

    # ------------------------------------------------------------------ drawing
    @property
    def flat_topped(self) -> bool:
        """True for column grids (``-q`` offsets), whose hexes are natively flat-topped."""
        return self.offset.endswith("q")

    def center(self, hex_id: str, size: float = 1.0) -> Point:
        """Pixel centre of a hex (y grows downwards), after rotation."""
        q, r = self.to_axial(hex_id)
        if self.flat_topped:
            x = size * 1.5 * q
            y = size * math.sqrt(3) * (r + q / 2)
        else:
            x = size * math.sqrt(3) * (q + r / 2)
            y = size * 1.5 * r
        return self._rotate(x, y)

    def corners(self, hex_id: str, size: float = 1.0) -> list[Point]:
        """The six corners of a hex in drawing order."""
        cx, cy = self.center(hex_id, size)
        start = 0.0 if self.flat_topped else -30.0
        pts = []
        for i in range(6):
            ang = math.radians(start + 60 * i + self.rotation)
            pts.append((cx + size * math.cos(ang), cy + size * math.sin(ang)))
        return pts

    def edge(self, a: str, b: str, size: float = 1.0) -> tuple[Point, Point]:
        """The two end points of the side between adjacent hexes ``a`` and ``b``."""
        self.hexside(a, b)
        ca = self.corners(a, size)
        cb = self.corners(b, size)
        shared = [p for p in ca if any(math.dist(p, o) < size * 1e-6 for o in cb)]
        if len(shared) != 2:  # pragma: no cover - geometry guarantees two shared corners
            raise AssertionError(f"hexes {a} and {b} do not share two corners")
        return shared[0], shared[1]

    def _rotate(self, x: float, y: float) -> Point:
        if not self.rotation:
            return x, y
        t = math.radians(self.rotation)
        c, s = math.cos(t), math.sin(t)
        return x * c - y * s, x * s + y * c

    def bounds(self, size: float = 1.0) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` of all hex corners."""
        xs: list[float] = []
        ys: list[float] = []
        for hid in self._ids:
            for x, y in self.corners(hid, size):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def iter_hexsides(self) -> Iterator[str]:
        """Every hexside between two on-grid hexes, once."""
        for a in self._ids:
            for b in self.neighbours(a):
                if a < b:
                    yield hexside_id(a, b)

    def describe(self) -> dict[str, object]:
        """The grid's parameters as plain data."""
        return {
            "name": self.name,
            "id_order": self.id_order,
            "offset": self.offset,
            "columns": list(self.columns),
            "rows": list(self.rows),
            "rotation": self.rotation,
            "absent": sorted(self.absent),
        }
