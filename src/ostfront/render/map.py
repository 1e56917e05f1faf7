"""The whole map as one standalone SVG document (:func:`render_map`): the board's layers
(:mod:`.terrain`), its places, the hex ids, highlights and the counters' stacks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape

from ostfront.core.hexgrid import HexGrid
from ostfront.core.mapmodel import GameMap, Place
from ostfront.core.protocol import CounterView

from .counters import counter_layer
from .draw import DECOR, FONT, SVG_NS, attr, css_class, num, pts, star_points, svg_text
from .terrain import (
    defs,
    hex_layer,
    hexside_layer,
    rail_layer,
    region_layer,
)

_CSS = (
    ".hex:hover{stroke:#000;stroke-width:2}"
    ".counter text,.hex-id,.place-label,.highlight-label{pointer-events:none}"
)


def _place_marker(place: Place, cx: float, cy: float, size: float) -> list[str]:
    s = size
    kinds = place.kinds
    out: list[str] = []
    if "fortress" in kinds:
        out.append(
            f'<polygon class="place-fortress"'
            f' points="{pts(star_points(cx, cy, 0.22 * s, 0.14 * s))}"'
            f' fill="#555555" stroke="#111111" stroke-width="{num(0.03 * s)}"/>'
        )
    if "major_city" in kinds:
        w = 0.3 * s
    elif "city" in kinds or "minor_city" in kinds:
        w = 0.2 * s
    else:
        w = 0.0
    if w:
        out.append(
            f'<rect class="place-city" x="{num(cx - w / 2)}" y="{num(cy - w / 2)}" width="{num(w)}"'
            f' height="{num(w)}" fill="#111111" stroke="#ffffff" stroke-width="{num(0.03 * s)}"/>'
        )
    elif "fortress" not in kinds:
        out.append(
            f'<circle class="place-town" cx="{num(cx)}" cy="{num(cy)}" r="{num(0.085 * s)}"'
            f' fill="#111111" stroke="#ffffff" stroke-width="{num(0.025 * s)}"/>'
        )
    if "victory_city" in kinds:
        r = max(w * 0.75, 0.17 * s) + 0.05 * s
        out.append(
            f'<circle class="place-victory" cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="none"'
            f' stroke="#d01c1c" stroke-width="{num(0.05 * s)}"/>'
        )
    if "capital" in kinds:
        out.append(
            f'<polygon class="place-capital"'
            f' points="{pts(star_points(cx, cy, 0.13 * s, 0.055 * s))}" fill="#ffd700"'
            f' stroke="#7a5c00" stroke-width="{num(0.015 * s)}"/>'
        )
    if "port" in kinds:
        ax, ay = cx - 0.36 * s, cy - 0.02 * s
        out.append(
            f'<path class="place-port" d="M{num(ax)} {num(ay - 0.08 * s)}V{num(ay + 0.1 * s)}'
            f"M{num(ax - 0.09 * s)} {num(ay + 0.03 * s)}Q{num(ax - 0.08 * s)} {num(ay + 0.12 * s)}"
            f" {num(ax)} {num(ay + 0.12 * s)}Q{num(ax + 0.08 * s)} {num(ay + 0.12 * s)}"
            f" {num(ax + 0.09 * s)} {num(ay + 0.03 * s)}"
            f'M{num(ax - 0.05 * s)} {num(ay - 0.03 * s)}H{num(ax + 0.05 * s)}"'
            f' fill="none" stroke="#0d3b66" stroke-width="{num(0.03 * s)}"'
            f' stroke-linecap="round"/>'
            f'<circle class="place-port" cx="{num(ax)}" cy="{num(ay - 0.1 * s)}"'
            f' r="{num(0.025 * s)}" fill="none" stroke="#0d3b66" stroke-width="{num(0.02 * s)}"/>'
        )
    return out


def _place_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    grid = game_map.grid
    out = ['<g class="places">']
    for hid in drawn:
        place = game_map.places.get(hid)
        if place is None:
            continue
        kinds = sorted(place.kinds)
        cx, cy = grid.center(hid, size)
        place_title = f"{place.name} ({', '.join(kinds)}) {hid}"
        out.append(
            f'<g class="place {" ".join(css_class(k) for k in kinds)}" data-hex="{hid}"'
            f' data-kinds="{attr(" ".join(kinds))}">'
            f"<title>{escape(place_title)}</title>"
        )
        out.extend(_place_marker(place, cx, cy, size))
        out.append(
            svg_text(
                cx,
                cy + 0.66 * size,
                place.name,
                0.24 * size,
                cls="place-label",
                weight="bold" if {"major_city", "capital"} & place.kinds else None,
                halo=0.08 * size,
            )
        )
        out.append("</g>")
    out.append("</g>")
    return out


def _id_layer(grid: HexGrid, drawn: Sequence[str], size: float) -> list[str]:
    out = [
        f'<g class="hex-ids" fill="#5a5546" font-size="{num(size * 0.2)}" text-anchor="middle"'
        f"{DECOR}>"
    ]
    for hid in drawn:
        cx, cy = grid.center(hid, size)
        out.append(
            f'<text class="hex-id" data-hex="{hid}" x="{num(cx)}" y="{num(cy - 0.6 * size)}">'
            f"{hid}</text>"
        )
    out.append("</g>")
    return out


def _highlight_layers(
    grid: HexGrid, highlight: Mapping[str, str], drawn_set: set[str], size: float
) -> tuple[list[str], list[str]]:
    fills = ['<g class="highlights">']
    labels = ['<g class="highlight-labels">']
    for hid in sorted(highlight):
        grid.check(hid)
        if hid not in drawn_set:
            continue
        label = str(highlight[hid])
        cx, cy = grid.center(hid, size)
        inset = [(cx + 0.94 * (x - cx), cy + 0.94 * (y - cy)) for x, y in grid.corners(hid, size)]
        hl_title = f"{hid} {label}".strip()
        fills.append(
            f'<polygon class="highlight" data-hex="{hid}" points="{pts(inset)}"'
            f' fill="#ffeb3b" fill-opacity="0.45" stroke="#f57f17"'
            f' stroke-width="{num(size * 0.06)}"'
            f"><title>{escape(hl_title)}</title></polygon>"
        )
        if label:
            labels.append(
                svg_text(
                    cx,
                    cy + 0.72 * size,
                    label,
                    0.26 * size,
                    cls="highlight-label",
                    fill="#b33c00",
                    weight="bold",
                    halo=0.09 * size,
                    extra=f' data-hex="{hid}"',
                )
            )
    fills.append("</g>")
    labels.append("</g>")
    return fills, labels


def render_map(
    game_map: GameMap,
    counters: Sequence[CounterView] = (),
    *,
    size: float = 24.0,
    show_ids: bool = True,
    highlight: Mapping[str, str] | None = None,
    title: str | None = None,
    hexes: Iterable[str] | None = None,
) -> str:
    """A complete standalone SVG document of ``game_map`` with ``counters`` on it.

    ``size`` is the hex size (centre to corner) in SVG units. ``highlight`` maps hex ids to
    short labels (e.g. movement costs) drawn over a translucent highlight; ``hexes`` restricts
    the drawing to a subset of hexes and fits the view box to it. Counters in the same hex
    form a stack, in the order given, each next one shifted up and right. Counters and
    highlights outside the drawn hexes are left out; ids not on the grid raise
    :class:`~ostfront.core.hexgrid.HexIdError`.

    >>> from ostfront.core.mapmodel import load_map_text
    >>> from ostfront.core.protocol import CounterView
    >>> m = load_map_text('''
    ... [map]
    ... id = "toy"
    ... [grid]
    ... id_order = "rowcol"
    ... offset = "odd-r"
    ... columns = [1, 4]
    ... rows = [1, 4]
    ... [[places]]
    ... hex = "0202"
    ... name = "Tula"
    ... kinds = ["city"]
    ... ''')
    >>> inf = CounterView("s1", "0202", "blue", "blue", "infantry", "3-4", "10A")
    >>> svg = render_map(m, [inf], highlight={"0203": "2"}, title="Toy")
    >>> 'data-counter="s1"' in svg and 'id="hex-0404"' in svg
    True
    """
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    grid = game_map.grid
    if hexes is None:
        drawn: list[str] = list(grid.hexes())
        min_x, min_y, max_x, max_y = grid.bounds(size)
    else:
        wanted = {grid.check(h) for h in hexes}
        if not wanted:
            raise ValueError("hexes must name at least one hex")
        drawn = [h for h in grid.hexes() if h in wanted]
        corners = [p for h in drawn for p in grid.corners(h, size)]
        min_x, min_y = min(p[0] for p in corners), min(p[1] for p in corners)
        max_x, max_y = max(p[0] for p in corners), max(p[1] for p in corners)
    drawn_set = set(drawn)

    margin = size * 0.5
    top = margin + (size * 1.2 if title else 0.0)
    vx, vy = min_x - margin, min_y - top
    vw, vh = max_x - min_x + 2 * margin, max_y - min_y + margin + top

    out = [
        f'<svg xmlns="{SVG_NS}" class="ostfront-map" data-map="{attr(game_map.id)}"'
        f' viewBox="{num(vx)} {num(vy)} {num(vw)} {num(vh)}" width="{num(vw)}" height="{num(vh)}"'
        f' font-family="{FONT}">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f"<style>{_CSS}</style>")
    out.append(defs(size))
    out.append(
        f'<rect class="background" x="{num(vx)}" y="{num(vy)}" width="{num(vw)}" height="{num(vh)}"'
        ' fill="#ffffff"/>'
    )
    if title:
        out.append(
            svg_text(
                vx + margin, vy + size * 0.95, title, size * 0.7, cls="map-title", anchor="start"
            )
        )
    out.extend(hex_layer(game_map, drawn, size))
    out.extend(region_layer(game_map, drawn, size))
    out.extend(hexside_layer(game_map, drawn, size))
    out.extend(rail_layer(game_map, drawn, size))
    out.extend(_place_layer(game_map, drawn, size))
    if show_ids:
        out.extend(_id_layer(grid, drawn, size))
    fills, labels = _highlight_layers(grid, highlight or {}, drawn_set, size)
    out.extend(fills)
    out.extend(counter_layer(grid, counters, drawn_set, size))
    out.extend(labels)
    out.append("</svg>")
    return "\n".join(out) + "\n"
