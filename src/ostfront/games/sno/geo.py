"""Real places on the Sturm Nach Osten grid: a least-squares fit of the named hexes.

The printed map is not public. The rulebook names 26 cities with their hexes (Appendix I and II,
3.3, 5.3.4, 12.x, 14.54); their real positions (latitude and longitude, rounded to 0.1 degree)
are in ``shared/research/sturm-nach-osten-facts.md`` §5.2. An affine map from a plain
equirectangular projection to hex centres, fitted to those 26 pairs, places any historical
position on the grid to within about one or two hexes (the fit's residuals are 0.1-2.1 hexes).

The set-up files use it to put reconstructed units on the right side of a front: their notes
give the town each formation stood at, and ``tests/games/sno/test_setup.py`` checks that each
placed hex lies near the fitted position of that town. The map helper's own warp (tools/sno_map)
is finer; this fit is only a cross-check for scenario data.
"""

from __future__ import annotations

import math
from functools import cache

from ...core.hexgrid import HexGrid

#: Hexes named by the rulebook, with their real position (lat, lon) (research §5.2).
NAMED: dict[str, tuple[str, float, float]] = {
    "0308": ("Leningrad", 59.9, 30.3),
    "0309": ("Kronstadt", 60.0, 29.8),
    "0327": ("Berlin", 52.5, 13.4),
    "1306": ("Moscow", 55.8, 37.6),
    "1501": ("Gorki", 56.3, 44.0),
    "1607": ("Tula", 54.2, 37.6),
    "1816": ("Kiev", 50.5, 30.5),
    "3907": ("Grozny", 43.3, 45.7),
    "2804": ("Stalingrad", 48.7, 44.5),
    "2911": ("Rostov", 47.2, 39.7),
    "3018": ("Sevastopol", 44.6, 33.5),
    "2425": ("Bucharest", 44.4, 26.1),
    "1428": ("Budapest", 47.5, 19.0),
    "1130": ("Vienna", 48.2, 16.4),
    "0729": ("Prague", 50.1, 14.4),
    "0922": ("Warsaw", 52.2, 21.0),
    "0520": ("Konigsberg", 54.7, 20.5),
    "0418": ("Memel", 55.7, 21.1),
    "2108": ("Voronezh", 51.7, 39.2),
    "2211": ("Kharkov", 50.0, 36.2),
    "2414": ("Dnepropetrovsk", 48.5, 35.0),
    "2611": ("Stalino", 48.0, 37.8),
    "2325": ("Ploesti", 44.9, 26.0),
    "3412": ("Maikop", 44.6, 40.1),
    "0924": ("Lodz", 51.8, 19.5),
    "1910": ("Kursk", 51.7, 36.2),
}

_LAT0 = math.radians(50.0)
GRID = HexGrid("sno-fit", id_order="colrow", offset="even-q", columns=(1, 39), rows=(1, 30))


def _project(lat: float, lon: float) -> tuple[float, float]:
    return lon * math.cos(_LAT0), lat


def _solve3(m: list[list[float]], v: list[float]) -> list[float]:
    """Solve a 3x3 linear system by Cramer's rule."""

    def det(a: list[list[float]]) -> float:
        return (
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        )

    d = det(m)
    out = []
    for i in range(3):
        mi = [row[:] for row in m]
        for r in range(3):
            mi[r][i] = v[r]
        out.append(det(mi) / d)
    return out


@cache
def _fit() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Affine coefficients (a, b, c) with x = a*px + b*py + c, and the same for y."""
    rows = [(*_project(lat, lon), *GRID.center(h)) for h, (_, lat, lon) in NAMED.items()]
    m = [[0.0] * 3 for _ in range(3)]
    vx = [0.0] * 3
    vy = [0.0] * 3
    for px, py, x, y in rows:
        basis = (px, py, 1.0)
        for i in range(3):
            for j in range(3):
                m[i][j] += basis[i] * basis[j]
            vx[i] += basis[i] * x
            vy[i] += basis[i] * y
    return tuple(_solve3(m, vx)), tuple(_solve3(m, vy))


def grid_point(lat: float, lon: float) -> tuple[float, float]:
    """The fitted grid position (hex-centre units) of a real position."""
    (ax, bx, cx), (ay, by, cy) = _fit()
    px, py = _project(lat, lon)
    return ax * px + bx * py + cx, ay * px + by * py + cy


def hex_at(lat: float, lon: float) -> str | None:
    """The grid hex nearest a real position, or None if it falls off the grid."""
    x, y = grid_point(lat, lon)
    best = min(GRID.hexes(), key=lambda h: math.dist(GRID.center(h), (x, y)))
    return best if math.dist(GRID.center(best), (x, y)) <= math.sqrt(3) else None


def distance_to(hex_id: str, lat: float, lon: float) -> float:
    """Distance, in hexes, from a hex's centre to the fitted position of a real place."""
    x, y = grid_point(lat, lon)
    return math.dist(GRID.center(hex_id), (x, y)) / math.sqrt(3)


def residuals() -> dict[str, float]:
    """How far (in hexes) each named hex lies from its fitted real position."""
    return {h: distance_to(h, lat, lon) for h, (_, lat, lon) in NAMED.items()}
