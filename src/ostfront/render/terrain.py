"""The board under the counters: hexes filled by terrain, region borders, hexsides (rivers,
coasts, borders, fortified lines...) and rails. The style tables (:data:`TERRAIN_COLOURS`,
:data:`HEXSIDE_STYLES`) are plain data, easy to edit."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from xml.sax.saxutils import escape

from ostfront.core.hexgrid import Point, split_hexside
from ostfront.core.mapmodel import GameMap

from .draw import DECOR, attr, css_class, num, pts, stroke_attrs

#: Fill of a hex by terrain kind; ``"unknown"`` is for hexes whose terrain is ``None``
#: (not yet reconstructed), drawn with a hatch pattern over this colour.
TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#f2ebcf",
    "forest": "#93c47d",
    "swamp": "#a8cfc0",
    "mountain": "#c9a27e",
    "lake": "#8ec5ea",
    "sea": "#6fa8dc",
    "unknown": "#dedede",
}


#: How each hexside feature kind is stroked: colour, width (fraction of the hex size),
#: dash pattern (fractions of the hex size, empty for a solid line) and line cap.
HEXSIDE_STYLES: dict[str, dict[str, object]] = {
    "sea": {"stroke": "#1f4e79", "width": 0.14, "dash": (), "cap": "round"},
    "lake": {"stroke": "#2a5d8f", "width": 0.14, "dash": (), "cap": "round"},
    "border": {"stroke": "#111111", "width": 0.14, "dash": (), "cap": "round"},
    "fortified_line": {"stroke": "#c62828", "width": 0.07, "dash": (), "cap": "round"},
    # thin and pale: a river is read where it is, and leaves the strong blue to the hexes a
    # unit may move to (the browser's movement highlight)
    "river": {"stroke": "#8cc4e8", "width": 0.065, "dash": (), "cap": "round"},
    "canal": {"stroke": "#2b6cb0", "width": 0.07, "dash": (), "cap": "butt"},
    "no_attack": {"stroke": "#d32f2f", "width": 0.1, "dash": (0.001, 0.17), "cap": "round"},
    "strait": {"stroke": "#f2c200", "width": 0.2, "dash": (), "cap": "round"},
}
_UNKNOWN_SIDE_STYLE: dict[str, object] = {
    "stroke": "#ff00ff",
    "width": 0.1,
    "dash": (0.1, 0.1),
    "cap": "butt",
}

_HEX_STROKE = "#8c8672"


def defs(size: float) -> str:
    t = max(size * 0.25, 2.0)
    return (
        "<defs>"
        f'<pattern id="terrain-unknown" patternUnits="userSpaceOnUse" width="{num(t)}"'
        f' height="{num(t)}" patternTransform="rotate(45)">'
        f'<rect width="{num(t)}" height="{num(t)}" fill="{TERRAIN_COLOURS["unknown"]}"/>'
        f'<line x1="0" y1="0" x2="0" y2="{num(t)}" stroke="#bdbdbd" stroke-width="{num(t * 0.4)}"/>'
        "</pattern>"
        "</defs>"
    )


def _terrain_fill(terrain: str | None) -> str:
    if terrain is None or terrain not in TERRAIN_COLOURS:
        return "url(#terrain-unknown)"
    return TERRAIN_COLOURS[terrain]


def hex_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    grid = game_map.grid
    out = ['<g class="hexes">']
    sw = num(max(size * 0.04, 0.1))
    for hid in drawn:
        terrain = game_map.terrain.get(hid)
        tname = terrain if terrain is not None else "unknown"
        title = f"{hid} {tname}"
        if terrain is None:
            title += " (not yet reconstructed)"
        place = game_map.places.get(hid)
        if place is not None:
            title += f" {place.name}"
        out.append(
            f'<polygon id="hex-{hid}" class="hex terrain-{css_class(tname)}" data-hex="{hid}"'
            f' data-terrain="{attr(tname)}" points="{pts(grid.corners(hid, size))}"'
            f' fill="{_terrain_fill(terrain)}" stroke="{_HEX_STROKE}" stroke-width="{sw}"'
            f' stroke-linejoin="round"><title>{escape(title)}</title></polygon>'
        )
    out.append("</g>")
    return out


def _line(cls: str, p: Point, q: Point, extra: str) -> str:
    return (
        f'<line class="{cls}" x1="{num(p[0])}" y1="{num(p[1])}" x2="{num(q[0])}" y2="{num(q[1])}"'
        f"{extra}/>"
    )


_WATER = frozenset({"sea", "lake"})


def region_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    """Edges between hexes in different sets of ``country`` regions.

    A side between a country hex and a sea or lake hex that belongs to no country is a
    coastline, not a border, and is left out.
    """
    grid = game_map.grid
    countries: dict[str, frozenset[str]] = {}
    for region in sorted(game_map.regions.values(), key=lambda r: r.name):
        if region.kind != "country":
            continue
        for h in region.hexes:
            countries[h] = countries.get(h, frozenset()) | {region.name}
    out = [f'<g class="region-borders" fill="none"{DECOR}>']
    if not countries:
        out.append("</g>")
        return out
    drawn_set = set(drawn)
    style = (
        f' stroke="#333333" stroke-width="{num(size * 0.12)}" stroke-linecap="butt"'
        f' stroke-dasharray="{num(size * 0.3)} {num(size * 0.15)}"'
    )
    seen: set[str] = set()
    for a in drawn:
        for b in grid.neighbours(a):
            key = f"{a}/{b}" if a < b else f"{b}/{a}"
            if key in seen:
                continue
            seen.add(key)
            ca, cb = countries.get(a, frozenset()), countries.get(b, frozenset())
            if ca == cb:
                continue
            if (not ca and game_map.terrain.get(a) in _WATER) or (
                not cb and game_map.terrain.get(b) in _WATER
            ):
                continue
            if b not in drawn_set and a not in drawn_set:
                continue
            p, q = grid.edge(a, b, size)
            title = f"{' + '.join(sorted(ca)) or '—'} | {' + '.join(sorted(cb)) or '—'}"
            out.append(
                f'<line class="region-border" data-side="{key}" x1="{num(p[0])}" y1="{num(p[1])}"'
                f' x2="{num(q[0])}" y2="{num(q[1])}"{style}><title>{escape(title)}</title></line>'
            )
    out.append("</g>")
    return out


_SIDE_ORDER = ("sea", "lake", "border", "fortified_line", "river", "canal", "no_attack", "strait")


def _side_rank(kind: str) -> tuple[int, str]:
    return (_SIDE_ORDER.index(kind) if kind in _SIDE_ORDER else len(_SIDE_ORDER), kind)


def _zigzag(p: Point, q: Point, amp: float, steps: int = 6) -> list[Point]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    bends = [p]
    for i in range(1, steps):
        t = i / steps
        sign = 1 if i % 2 else -1
        bends.append((p[0] + dx * t + nx * amp * sign, p[1] + dy * t + ny * amp * sign))
    bends.append(q)
    return bends


def _arrowhead(tip: Point, back: Point, size: float) -> list[Point]:
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    length_h, half = 0.16 * size, 0.09 * size
    bx, by = tip[0] - ux * length_h, tip[1] - uy * length_h
    return [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]


def hexside_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    grid = game_map.grid
    drawn_set = set(drawn)
    items: list[tuple[tuple[int, str], str, str, str]] = []
    for side, kinds in game_map.sides.items():
        a, b = split_hexside(side)
        if a not in drawn_set and b not in drawn_set:
            continue
        for kind, name in kinds.items():
            items.append((_side_rank(kind), side, kind, name))
    items.sort()
    out = [f'<g class="hexsides" fill="none"{DECOR}>']
    for _rank, side, kind, name in items:
        a, b = split_hexside(side)
        p, q = grid.edge(a, b, size)
        style = HEXSIDE_STYLES.get(kind, _UNKNOWN_SIDE_STYLE)
        head = f'class="hexside {css_class(kind)}" data-side="{side}" data-kind="{attr(kind)}"'
        label = f"{name} ({kind}) {side}" if name != kind else f"{kind} {side}"
        title = f"<title>{escape(label)}</title>"
        if kind == "fortified_line":
            out.append(
                f'<polyline {head} points="{pts(_zigzag(p, q, 0.07 * size))}"'
                f'{stroke_attrs(style, size)} stroke-linejoin="round">{title}</polyline>'
            )
            continue
        out.append(
            f'<line {head} x1="{num(p[0])}" y1="{num(p[1])}" x2="{num(q[0])}" y2="{num(q[1])}"'
            f"{stroke_attrs(style, size)}>{title}</line>"
        )
        if kind == "strait":
            # a short double-headed arrow across the side: the crossing
            (ax, ay), (bx, by) = grid.center(a, size), grid.center(b, size)
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            dx, dy = (bx - ax) * 0.3, (by - ay) * 0.3
            s1, s2 = (mx - dx, my - dy), (mx + dx, my + dy)
            ink = "#5c4a00"
            arrow = f' stroke="{ink}" stroke-width="{num(0.04 * size)}"'
            out.append(
                f'<g class="strait-marker" data-side="{side}">'
                + _line("strait-arrow", s1, s2, arrow)
                + f'<polygon points="{pts(_arrowhead(s1, s2, size))}" fill="{ink}"/>'
                + f'<polygon points="{pts(_arrowhead(s2, s1, size))}" fill="{ink}"/>'
                + "</g>"
            )
    out.append("</g>")
    return out


def rail_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    grid = game_map.grid
    drawn_set = set(drawn)
    out = [f'<g class="rails" fill="none" stroke-linejoin="round"{DECOR}>']
    for index, rail in enumerate(game_map.rails):
        # runs of consecutive drawn hexes; a link to a hex that is not drawn ends at the side
        runs: list[list[Point]] = []
        last: str | None = None
        for a, b in pairwise(rail):
            if a not in drawn_set and b not in drawn_set:
                last = None
                continue
            pa, pb = grid.center(a, size), grid.center(b, size)
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            start = pa if a in drawn_set else mid
            end = pb if b in drawn_set else mid
            if runs and last == a and a in drawn_set:
                runs[-1].append(end)
            else:
                runs.append([start, end])
            last = b
        for run in runs:
            points = pts(run)
            out.append(
                f'<g class="rail" data-rail="{index}">'
                f'<polyline class="rail-ties" points="{points}" stroke="#333333"'
                f' stroke-width="{num(size * 0.16)}"'
                f' stroke-dasharray="{num(size * 0.04)} {num(size * 0.14)}"/>'
                f'<polyline class="rail-line" points="{points}" stroke="#333333"'
                f' stroke-width="{num(size * 0.05)}"/></g>'
            )
    out.append("</g>")
    return out
