"""Real coordinates <-> hex-grid pixels: projection, affine fit, thin-plate spline."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from pyproj import Proj
from scipy.interpolate import RBFInterpolator

from ostfront.core.hexgrid import HexGrid


class Warp:
    """Real coordinates <-> hex-space pixels (hex size 1) of ``grid``.

    Real positions go through ``proj`` (km), then an affine least-squares fit to the hex
    centres of the control points, then a thin-plate spline on the residuals, so that every
    control point lands exactly in its hex.
    """

    def __init__(self, control: list[dict[str, Any]], grid: HexGrid, proj: Proj) -> None:
        self.grid = grid
        self.proj = proj
        lat = np.array([c["at"][0] for c in control])
        lon = np.array([c["at"][1] for c in control])
        src = self._km(lat, lon)
        dst = np.array([grid.center(c["hex"]) for c in control])
        a = np.c_[src, np.ones(len(src))]
        self.affine, *_ = np.linalg.lstsq(a, dst, rcond=None)
        residual = dst - a @ self.affine
        self.residuals = np.linalg.norm(residual, axis=1) / math.sqrt(3)
        self.residual_max = float(np.max(self.residuals))
        self.tps = RBFInterpolator(src, residual, kernel="thin_plate_spline", smoothing=0.0)

    def _km(self, lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
        x, y = self.proj(lon, lat)
        return np.c_[np.asarray(x) / 1000.0, np.asarray(y) / 1000.0]

    def _fwd_km(self, km: np.ndarray) -> np.ndarray:
        return np.c_[km, np.ones(len(km))] @ self.affine + self.tps(km)

    def km_per_hex(self) -> float:
        """Kilometres between adjacent hex centres, from the affine part of the fit."""
        lin = self.affine[:2]
        return float(math.sqrt(3) / math.sqrt(abs(np.linalg.det(lin))))

    def forward(self, lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
        """Pixel positions of real points."""
        return self._fwd_km(self._km(np.atleast_1d(lat), np.atleast_1d(lon)))

    def inverse(self, pix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(lat, lon) of pixel positions, by Newton's method on the forward warp."""
        lin = self.affine[:2]
        km = (pix - self.affine[2]) @ np.linalg.inv(lin)
        h = 1.0
        for _ in range(8):
            f = self._fwd_km(km) - pix
            jx = (self._fwd_km(km + np.array([h, 0.0])) - self._fwd_km(km)) / h
            jy = (self._fwd_km(km + np.array([0.0, h])) - self._fwd_km(km)) / h
            det = jx[:, 0] * jy[:, 1] - jy[:, 0] * jx[:, 1]
            dx = (f[:, 0] * jy[:, 1] - jy[:, 0] * f[:, 1]) / det
            dy = (jx[:, 0] * f[:, 1] - f[:, 0] * jx[:, 1]) / det
            km = km - np.c_[dx, dy]
        lon, lat = self.proj(km[:, 0] * 1000.0, km[:, 1] * 1000.0, inverse=True)
        return np.asarray(lat), np.asarray(lon)

    def hex_at(self, lat: float, lon: float) -> str | None:
        x, y = self.forward(np.array([lat]), np.array([lon]))[0]
        return nearest_hex(self.grid, x, y)


def nearest_hex(grid: HexGrid, x: float, y: float) -> str | None:
    """The on-grid hex whose centre is nearest to pixel (x, y) (hex size 1), if within 1."""
    ux, uy = x, y
    if grid.rotation:  # back to the grid's native layout to estimate the axial coordinates
        t = math.radians(-grid.rotation)
        ux, uy = x * math.cos(t) - y * math.sin(t), x * math.sin(t) + y * math.cos(t)
    if grid.flat_topped:
        q = ux / 1.5
        r = uy / math.sqrt(3) - q / 2
    else:
        r = uy / 1.5
        q = ux / math.sqrt(3) - r / 2
    best, best_d = None, 9e9
    for dq in (-1, 0, 1):
        for dr in (-1, 0, 1):
            hid = grid.from_axial(round(q) + dq, round(r) + dr)
            if hid is None:
                continue
            cx, cy = grid.center(hid)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = hid, d
    return best if best_d < 1.0 else None


def sample_offsets(grid: HexGrid | None = None, rings: int = 3) -> np.ndarray:
    """Points spread over one hex of size 1 of ``grid`` (a small hex lattice).

    Without a grid (or for an unrotated grid of pointy-topped hexes) the lattice is laid out
    for pointy-topped hexes; otherwise it is turned to the grid's hexes.
    """
    pts = []
    step = 0.8 / rings
    for q in range(-rings, rings + 1):
        for r in range(max(-rings, -q - rings), min(rings, -q + rings) + 1):
            pts.append((step * math.sqrt(3) * (q + r / 2), step * 1.5 * r))
    out = np.array(pts)
    turn = 0.0 if grid is None else (30.0 if grid.flat_topped else 0.0) + grid.rotation
    if turn:
        t = math.radians(turn)
        rot = np.array([[math.cos(t), math.sin(t)], [-math.sin(t), math.cos(t)]])
        out = out @ rot
    return out


def edge_towards(warp: Warp, last: str, at: list[float]) -> str:
    """The last on-grid hex on the straight way from hex ``last`` to an off-map point."""
    x, y = warp.forward(np.array([at[0]]), np.array([at[1]]))[0]
    x0, y0 = warp.grid.center(last)
    best = last
    for t in np.linspace(0, 1, 400):
        h = nearest_hex(warp.grid, x0 + (x - x0) * t, y0 + (y - y0) * t)
        if h is None:
            break
        best = h
    return best
