"""Chains of hexes on a grid: straight lines, land routes, flood fills."""

from __future__ import annotations

import heapq
from collections.abc import Callable

from shapely.geometry import LineString, Point

from ostfront.core.hexgrid import HexGrid


def hex_line(grid: HexGrid, a: str, b: str) -> list[str]:
    """Hexes from a to b along a straight line (cube interpolation)."""
    qa, ra = grid.to_axial(a)
    qb, rb = grid.to_axial(b)
    n = grid.distance(a, b)
    out = [a]
    for i in range(1, n + 1):
        t = i / n
        q = qa + (qb - qa) * t + 1e-6
        r = ra + (rb - ra) * t + 1e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        hid = grid.from_axial(rq, rr)
        if hid is not None and hid != out[-1]:
            out.append(hid)
    return out


def land_route(grid: HexGrid, a: str, b: str, terrain: dict[str, str]) -> list[str]:
    """The shortest chain of land hexes from a to b, keeping close to the straight line."""
    line = LineString([grid.center(a), grid.center(b)])
    straight = hex_line(grid, a, b)
    if all(terrain[h] not in ("sea", "lake") for h in straight):
        return straight
    best = {a: 0.0}
    prev: dict[str, str] = {}
    heap = [(0.0, a)]
    while heap:
        cost, h = heapq.heappop(heap)
        if h == b:
            break
        if cost > best[h]:
            continue
        for n in grid.neighbours(h):
            if terrain[n] in ("sea", "lake"):
                continue
            c = cost + 1 + 0.05 * line.distance(Point(grid.center(n)))
            if c < best.get(n, 9e9):
                best[n] = c
                prev[n] = h
                heapq.heappush(heap, (c, n))
    if b not in prev:
        return straight
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]


def flood(grid: HexGrid, seed: str, ok: Callable[[str], bool]) -> list[str]:
    """Every hex reachable from ``seed`` through hexes for which ``ok`` holds (sorted)."""
    seen = {seed}
    todo = [seed]
    while todo:
        h = todo.pop()
        for n in grid.neighbours(h):
            if n not in seen and ok(n):
                seen.add(n)
                todo.append(n)
    return sorted(seen)
