"""SVG drawings of a hex map and its counters, the twin of python-chess's ``chess.svg``.

:func:`render_map` returns a complete standalone SVG document; :func:`render_counter` returns
the ``<g>`` fragment of one counter centred at ``(0, 0)``. The output is plain text built with
the standard library only, every piece of text is escaped, numbers are written with one
decimal, and the same input always gives the same string.

The map is drawn in layers, each a ``<g class="...">`` so that CSS or JavaScript can style or
hide it later:

``hexes``
    one ``<polygon id="hex-NNNN" data-hex="NNNN" data-terrain="...">`` per hex, filled by
    terrain, with a ``<title>`` so that hovering shows the id and terrain;
``region-borders``
    dashed lines where two adjacent hexes lie in different sets of ``country`` regions;
``hexsides``
    rivers, canals, sea and lake sides, straits, borders, fortified lines, no-attack sides;
``rails``
    lines through hex centres with cross-ties;
``places``
    towns, cities, fortresses, ports... with their names;
``hex-ids``
    the printed id near the top of each hex (``show_ids``);
``highlights``
    translucent fills of the ``highlight`` hexes (their labels are in ``highlight-labels``,
    drawn above the counters);
``counters``
    one ``<g class="stack" data-hex=...>`` per hex, each counter a ``<g data-counter=...>``.

The decorative lines (``region-borders``, ``hexsides``, ``rails``, ``hex-ids``) carry
``pointer-events="none"``: a click anywhere inside a hex lands on the hex (or on its place or
counters, which name the hex too), never on a line drawn over it.

The colour tables (:data:`TERRAIN_COLOURS`, :data:`NATION_COLOURS`, :data:`HEXSIDE_STYLES`,
:data:`SYMBOL_PARTS`) are plain data, easy to edit.

>>> from ostfront.core.mapmodel import load_map_text
>>> toml = '''
... [map]
... id = "toy"
... [grid]
... id_order = "colrow"
... offset = "even-q"
... columns = [1, 3]
... rows = [1, 3]
... [terrain]
... default = "clear"
... '''
>>> svg = render_map(load_map_text(toml))
>>> svg.startswith("<svg") and svg.count('class="hex ') == 9
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from xml.sax.saxutils import escape

from ostfront.core.hexgrid import HexGrid, Point, split_hexside
from ostfront.core.mapmodel import GameMap, Place
from ostfront.core.protocol import CounterView

__all__ = [
    "HEXSIDE_STYLES",
    "NATION_COLOURS",
    "SYMBOL_PARTS",
    "TERRAIN_COLOURS",
    "render_counter",
    "render_map",
]

SVG_NS = "http://www.w3.org/2000/svg"

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

#: Counter colour by nation (matched case-insensitively); a nation not listed falls back to
#: its side's entry, then to ``"default"``.
NATION_COLOURS: dict[str, str] = {
    "germany": "#9ba59a",
    "german": "#9ba59a",
    "ss": "#4a4a4a",
    "finland": "#eeeeee",
    "finnish": "#eeeeee",
    "romania": "#d8c26a",
    "romanian": "#d8c26a",
    "hungary": "#9cbf8c",
    "hungarian": "#9cbf8c",
    "italy": "#6fae72",
    "italian": "#6fae72",
    "slovakia": "#b8c6dc",
    "slovak": "#b8c6dc",
    "axis": "#9ba59a",
    "ussr": "#c0392b",
    "soviet": "#c0392b",
    "russia": "#c0392b",
    "russian": "#c0392b",
    "guards": "#8e1b12",
    "nkvd": "#3b6f8f",
    "default": "#cccccc",
}

#: How each hexside feature kind is stroked: colour, width (fraction of the hex size),
#: dash pattern (fractions of the hex size, empty for a solid line) and line cap.
HEXSIDE_STYLES: dict[str, dict[str, object]] = {
    "sea": {"stroke": "#1f4e79", "width": 0.14, "dash": (), "cap": "round"},
    "lake": {"stroke": "#2a5d8f", "width": 0.14, "dash": (), "cap": "round"},
    "border": {"stroke": "#111111", "width": 0.14, "dash": (), "cap": "round"},
    "fortified_line": {"stroke": "#c62828", "width": 0.07, "dash": (), "cap": "round"},
    "river": {"stroke": "#2f7fd0", "width": 0.16, "dash": (), "cap": "round"},
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

#: The parts of a NATO-like unit symbol, by ``CounterView.symbol``. ``box`` is the frame;
#: a symbol not listed is drawn as a plain box.
SYMBOL_PARTS: dict[str, tuple[str, ...]] = {
    "infantry": ("box", "cross"),
    "armor": ("box", "oval"),
    "armour": ("box", "oval"),
    "panzer": ("box", "oval"),
    "tank": ("box", "oval"),
    "mech": ("box", "cross", "oval"),
    "mechanized": ("box", "cross", "oval"),
    "cavalry": ("box", "slash"),
    "mountain": ("box", "cross", "peak"),
    "airborne": ("box", "cross", "wing"),
    "artillery": ("box", "dot"),
    "shock": ("box", "cross", "bar"),
    "front": ("box", "cross", "bar"),
    "garrison": ("box", "garrison"),
    "fleet": ("hull",),
    "leader": ("star",),
    "factory": ("factory",),
}

_HEX_STROKE = "#8c8672"
#: The lines drawn over the hexes (region borders, hexsides, rails, hex ids) let the pointer
#: through to the hex beneath, so a click anywhere inside a hex reaches the hex (a click on
#: a rail line used to be lost). Hovering the hex shows what its sides carry instead.
_DECOR = ' pointer-events="none"'
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_CSS = (
    ".hex:hover{stroke:#000;stroke-width:2}"
    ".counter text,.hex-id,.place-label,.highlight-label{pointer-events:none}"
)


# --------------------------------------------------------------------------- helpers
def _n(x: float) -> str:
    """A number with one decimal, trailing ``.0`` dropped, never ``-0``."""
    s = f"{x:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _attr(value: str) -> str:
    return escape(value, {'"': "&quot;"})


def _cls(value: str) -> str:
    """A string made safe for use inside a CSS class name."""
    return re.sub(r"[^a-z0-9_-]+", "-", value.lower()).strip("-") or "x"


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    cls: str,
    fill: str = "#111",
    anchor: str = "middle",
    weight: str | None = None,
    halo: float | None = None,
    extra: str = "",
) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    h = (
        f' stroke="#ffffff" stroke-width="{_n(halo)}" stroke-linejoin="round" paint-order="stroke"'
        if halo
        else ""
    )
    return (
        f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"'
        f' text-anchor="{anchor}" fill="{fill}"{w}{h}{extra}>{escape(text)}</text>'
    )


def _star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90 + 180 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _luminance(colour: str) -> float:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return 1.0
    return 0.299 * r + 0.587 * g + 0.114 * b


def _nation_colour(counter: CounterView) -> str:
    for key in (counter.nation, counter.side):
        colour = NATION_COLOURS.get(str(key).lower())
        if colour is not None:
            return colour
    return NATION_COLOURS.get("default", "#cccccc")


def _dash(style: Mapping[str, object], size: float) -> str:
    dash = style.get("dash") or ()
    if not dash:
        return ""
    assert isinstance(dash, tuple | list)
    return f' stroke-dasharray="{" ".join(_n(max(d * size, 0.1)) for d in dash)}"'


def _stroke(style: Mapping[str, object], size: float) -> str:
    width = style.get("width", 0.1)
    assert isinstance(width, int | float)
    return (
        f' stroke="{style.get("stroke", "#000")}" stroke-width="{_n(width * size)}"'
        f' stroke-linecap="{style.get("cap", "round")}"{_dash(style, size)}'
    )


# --------------------------------------------------------------------------- counters
def _symbol(parts: Sequence[str], size: float, ink: str) -> list[str]:
    s = size
    x0, y0, x1, y1 = -0.25 * s, -0.2 * s, 0.25 * s, 0.1 * s
    ym = (y0 + y1) / 2
    sw = _n(0.028 * s)
    line = f' stroke="{ink}" stroke-width="{sw}" fill="none"'
    out: list[str] = []
    for part in parts:
        if part == "box":
            out.append(
                f'<rect class="symbol-box" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}"'
                f' height="{_n(y1 - y0)}"{line}/>'
            )
        elif part == "cross":
            out.append(
                f'<path class="symbol-cross" d="M{_n(x0)} {_n(y0)}L{_n(x1)} {_n(y1)}'
                f'M{_n(x0)} {_n(y1)}L{_n(x1)} {_n(y0)}"{line}/>'
            )
        elif part == "oval":
            out.append(
                f'<ellipse class="symbol-oval" cx="0" cy="{_n(ym)}" rx="{_n(0.16 * s)}"'
                f' ry="{_n(0.085 * s)}"{line}/>'
            )
        elif part == "slash":
            out.append(
                f'<path class="symbol-slash" d="M{_n(x0)} {_n(y1)}L{_n(x1)} {_n(y0)}"{line}/>'
            )
        elif part == "peak":
            tri = [(-0.07 * s, y1), (0.07 * s, y1), (0, y1 - 0.09 * s)]
            out.append(f'<polygon class="symbol-peak" points="{_pts(tri)}" fill="{ink}"/>')
        elif part == "wing":
            a, b = y1 - 0.03 * s, y1 - 0.1 * s
            out.append(
                f'<path class="symbol-wing" d="M{_n(-0.11 * s)} {_n(a)}'
                f"Q{_n(-0.055 * s)} {_n(b)} 0 {_n(a)}"
                f'Q{_n(0.055 * s)} {_n(b)} {_n(0.11 * s)} {_n(a)}"{line}/>'
            )
        elif part == "dot":
            out.append(
                f'<circle class="symbol-dot" cx="0" cy="{_n(ym)}" r="{_n(0.055 * s)}"'
                f' fill="{ink}"/>'
            )
        elif part == "bar":
            out.append(
                f'<rect class="symbol-bar" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}"'
                f' height="{_n(0.06 * s)}" fill="{ink}"/>'
            )
        elif part == "garrison":
            out.append(
                _text(
                    0, ym + 0.075 * s, "G", 0.2 * s, cls="symbol-garrison", fill=ink, weight="bold"
                )
            )
        elif part == "hull":
            hull = [
                (-0.3 * s, -0.04 * s),
                (0.3 * s, -0.04 * s),
                (0.2 * s, 0.08 * s),
                (-0.2 * s, 0.08 * s),
            ]
            out.append(f'<polygon class="symbol-hull" points="{_pts(hull)}" fill="{ink}"/>')
            out.append(
                f'<rect class="symbol-hull" x="{_n(-0.1 * s)}" y="{_n(-0.13 * s)}"'
                f' width="{_n(0.2 * s)}" height="{_n(0.09 * s)}" fill="{ink}"/>'
            )
        elif part == "factory":  # a sawtooth roof and a chimney (SNO 10.4 factories)
            base, roof = y1, y0 + 0.08 * s
            teeth = [(x0, base), (x0, roof)]
            for i in range(3):
                left = x0 + i * (x1 - x0) / 3
                teeth += [(left + (x1 - x0) / 3, roof - 0.08 * s), (left + (x1 - x0) / 3, roof)]
            teeth += [(x1, base)]
            out.append(f'<polygon class="symbol-factory" points="{_pts(teeth)}"{line}/>')
            out.append(
                f'<rect class="symbol-chimney" x="{_n(x1 - 0.08 * s)}" y="{_n(y0 - 0.06 * s)}"'
                f' width="{_n(0.05 * s)}" height="{_n(0.14 * s)}" fill="{ink}"/>'
            )
        elif part == "star":
            out.append(
                f'<polygon class="symbol-star" points="{_pts(_star(0, ym, 0.16 * s, 0.065 * s))}"'
                f' fill="{ink}"/>'
            )
    return out


def _counter_title(counter: CounterView) -> str:
    bits = [b for b in (counter.label, counter.nation, counter.symbol, counter.factors) if b]
    text = " ".join(bits)
    if counter.reduced:
        text += " (reduced)"
    if counter.face:
        text += f" ({counter.face})"
    if counter.markers:
        text += " [" + ", ".join(counter.markers) + "]"
    return f"{text} — {counter.side}, {counter.hex}"


def _counter(counter: CounterView, size: float, at: Point | None = None) -> str:
    s = size
    h = 0.45 * s
    fill = _nation_colour(counter)
    ink = "#111111" if _luminance(fill) > 0.5 else "#ffffff"
    classes = ["counter", f"side-{_cls(str(counter.side))}", f"nation-{_cls(counter.nation)}"]
    classes.append(f"symbol-{_cls(counter.symbol)}")
    back = counter.reduced or bool(counter.face)
    if counter.reduced:
        classes.append("reduced")
    if counter.face:
        classes.append("flipped")
    transform = f' transform="translate({_n(at[0])},{_n(at[1])})"' if at is not None else ""
    reduced = ' data-reduced="true"' if counter.reduced else ""
    if counter.face:
        reduced += f' data-face="{_attr(counter.face)}"'
    out = [
        f'<g class="{" ".join(classes)}" data-counter="{_attr(counter.id)}"'
        f' data-hex="{_attr(counter.hex)}" data-side="{_attr(str(counter.side))}"'
        f' data-nation="{_attr(counter.nation)}" data-symbol="{_attr(counter.symbol)}"'
        f"{reduced}{transform}>",
        f"<title>{escape(_counter_title(counter))}</title>",
        f'<rect class="counter-body" x="{_n(-h)}" y="{_n(-h)}" width="{_n(2 * h)}"'
        f' height="{_n(2 * h)}" rx="{_n(0.07 * s)}" fill="{fill}" stroke="#222222"'
        f' stroke-width="{_n(0.03 * s)}"/>',
    ]
    if back:  # the back face up: DR's reduced side, SNO's weaker/unrefitted/entrained side
        band = [(h - 0.32 * s, -h), (h - 0.17 * s, -h), (h, -h + 0.17 * s), (h, -h + 0.32 * s)]
        out.append(
            f'<rect class="reduced-fill" x="{_n(-h)}" y="{_n(-h)}" width="{_n(2 * h)}"'
            f' height="{_n(2 * h)}" rx="{_n(0.07 * s)}" fill="#ffffff" fill-opacity="0.4"/>'
        )
        out.append(f'<polygon class="reduced-stripe" points="{_pts(band)}" fill="#ffffff"/>')
    if counter.label:
        out.append(_text(0, -h + 0.15 * s, counter.label, 0.14 * s, cls="counter-label", fill=ink))
    out.extend(_symbol(SYMBOL_PARTS.get(counter.symbol.lower(), ("box",)), s, ink))
    if counter.factors:
        out.append(
            _text(
                0,
                h - 0.07 * s,
                counter.factors,
                0.2 * s,
                cls="counter-factors",
                fill=ink,
                weight="bold",
            )
        )
    for i, marker in enumerate(counter.markers):
        w = max(0.3, 0.085 * len(marker) + 0.08) * s
        # tags stick out to the left, where the counters stacked above leave them visible
        x, y = -h + 0.05 * s - w, -h + 0.03 * s + i * 0.2 * s
        out.append(
            f'<g class="marker" data-marker="{_attr(marker)}"><rect x="{_n(x)}" y="{_n(y)}"'
            f' width="{_n(w)}" height="{_n(0.17 * s)}" rx="{_n(0.03 * s)}" fill="#ffe14d"'
            f' stroke="#333333" stroke-width="{_n(0.015 * s)}"/>'
            + _text(x + w / 2, y + 0.13 * s, marker, 0.13 * s, cls="marker-label")
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


def render_counter(counter: CounterView, size: float) -> str:
    """The SVG ``<g>`` fragment of one counter centred at ``(0, 0)``.

    ``size`` is the hex size (centre to corner); the counter is a rounded square of side
    ``0.9 * size`` in its nation's colour with a NATO-like symbol, its ``factors`` at the bottom,
    its ``label`` at the top, a white stripe and lighter fill when ``reduced`` and a small
    yellow tag per marker. The group carries ``data-counter`` and a ``<title>``.

    >>> from ostfront.core.protocol import CounterView
    >>> g = render_counter(CounterView("g1", "0404", "axis", "germany", "armor", "6-8", "XXIV"), 24)
    >>> g.startswith('<g class="counter') and 'data-counter="g1"' in g
    True
    """
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    return _counter(counter, size)


# --------------------------------------------------------------------------- map layers
def _defs(size: float) -> str:
    t = max(size * 0.25, 2.0)
    return (
        "<defs>"
        f'<pattern id="terrain-unknown" patternUnits="userSpaceOnUse" width="{_n(t)}"'
        f' height="{_n(t)}" patternTransform="rotate(45)">'
        f'<rect width="{_n(t)}" height="{_n(t)}" fill="{TERRAIN_COLOURS["unknown"]}"/>'
        f'<line x1="0" y1="0" x2="0" y2="{_n(t)}" stroke="#bdbdbd" stroke-width="{_n(t * 0.4)}"/>'
        "</pattern>"
        "</defs>"
    )


def _terrain_fill(terrain: str | None) -> str:
    if terrain is None or terrain not in TERRAIN_COLOURS:
        return "url(#terrain-unknown)"
    return TERRAIN_COLOURS[terrain]


def _hex_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    grid = game_map.grid
    out = ['<g class="hexes">']
    sw = _n(max(size * 0.04, 0.1))
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
            f'<polygon id="hex-{hid}" class="hex terrain-{_cls(tname)}" data-hex="{hid}"'
            f' data-terrain="{_attr(tname)}" points="{_pts(grid.corners(hid, size))}"'
            f' fill="{_terrain_fill(terrain)}" stroke="{_HEX_STROKE}" stroke-width="{sw}"'
            f' stroke-linejoin="round"><title>{escape(title)}</title></polygon>'
        )
    out.append("</g>")
    return out


def _line(cls: str, p: Point, q: Point, extra: str) -> str:
    return (
        f'<line class="{cls}" x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(q[0])}" y2="{_n(q[1])}"'
        f"{extra}/>"
    )


_WATER = frozenset({"sea", "lake"})


def _region_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
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
    out = [f'<g class="region-borders" fill="none"{_DECOR}>']
    if not countries:
        out.append("</g>")
        return out
    drawn_set = set(drawn)
    style = (
        f' stroke="#333333" stroke-width="{_n(size * 0.12)}" stroke-linecap="butt"'
        f' stroke-dasharray="{_n(size * 0.3)} {_n(size * 0.15)}"'
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
                f'<line class="region-border" data-side="{key}" x1="{_n(p[0])}" y1="{_n(p[1])}"'
                f' x2="{_n(q[0])}" y2="{_n(q[1])}"{style}><title>{escape(title)}</title></line>'
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
    pts = [p]
    for i in range(1, steps):
        t = i / steps
        sign = 1 if i % 2 else -1
        pts.append((p[0] + dx * t + nx * amp * sign, p[1] + dy * t + ny * amp * sign))
    pts.append(q)
    return pts


def _arrowhead(tip: Point, back: Point, size: float) -> list[Point]:
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    length_h, half = 0.16 * size, 0.09 * size
    bx, by = tip[0] - ux * length_h, tip[1] - uy * length_h
    return [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]


def _hexside_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
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
    out = [f'<g class="hexsides" fill="none"{_DECOR}>']
    for _rank, side, kind, name in items:
        a, b = split_hexside(side)
        p, q = grid.edge(a, b, size)
        style = HEXSIDE_STYLES.get(kind, _UNKNOWN_SIDE_STYLE)
        head = f'class="hexside {_cls(kind)}" data-side="{side}" data-kind="{_attr(kind)}"'
        label = f"{name} ({kind}) {side}" if name != kind else f"{kind} {side}"
        title = f"<title>{escape(label)}</title>"
        if kind == "fortified_line":
            out.append(
                f'<polyline {head} points="{_pts(_zigzag(p, q, 0.07 * size))}"'
                f'{_stroke(style, size)} stroke-linejoin="round">{title}</polyline>'
            )
            continue
        out.append(
            f'<line {head} x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(q[0])}" y2="{_n(q[1])}"'
            f"{_stroke(style, size)}>{title}</line>"
        )
        if kind == "strait":
            # a short double-headed arrow across the side: the crossing
            (ax, ay), (bx, by) = grid.center(a, size), grid.center(b, size)
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            dx, dy = (bx - ax) * 0.3, (by - ay) * 0.3
            s1, s2 = (mx - dx, my - dy), (mx + dx, my + dy)
            ink = "#5c4a00"
            out.append(
                f'<g class="strait-marker" data-side="{side}">'
                + _line("strait-arrow", s1, s2, f' stroke="{ink}" stroke-width="{_n(0.04 * size)}"')
                + f'<polygon points="{_pts(_arrowhead(s1, s2, size))}" fill="{ink}"/>'
                + f'<polygon points="{_pts(_arrowhead(s2, s1, size))}" fill="{ink}"/>'
                + "</g>"
            )
    out.append("</g>")
    return out


def _rail_layer(game_map: GameMap, drawn: Sequence[str], size: float) -> list[str]:
    grid = game_map.grid
    drawn_set = set(drawn)
    out = [f'<g class="rails" fill="none" stroke-linejoin="round"{_DECOR}>']
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
            pts = _pts(run)
            out.append(
                f'<g class="rail" data-rail="{index}">'
                f'<polyline class="rail-ties" points="{pts}" stroke="#333333"'
                f' stroke-width="{_n(size * 0.16)}"'
                f' stroke-dasharray="{_n(size * 0.04)} {_n(size * 0.14)}"/>'
                f'<polyline class="rail-line" points="{pts}" stroke="#333333"'
                f' stroke-width="{_n(size * 0.05)}"/></g>'
            )
    out.append("</g>")
    return out


def _place_marker(place: Place, cx: float, cy: float, size: float) -> list[str]:
    s = size
    kinds = place.kinds
    out: list[str] = []
    if "fortress" in kinds:
        out.append(
            f'<polygon class="place-fortress" points="{_pts(_star(cx, cy, 0.22 * s, 0.14 * s))}"'
            f' fill="#555555" stroke="#111111" stroke-width="{_n(0.03 * s)}"/>'
        )
    if "major_city" in kinds:
        w = 0.3 * s
    elif "city" in kinds or "minor_city" in kinds:
        w = 0.2 * s
    else:
        w = 0.0
    if w:
        out.append(
            f'<rect class="place-city" x="{_n(cx - w / 2)}" y="{_n(cy - w / 2)}" width="{_n(w)}"'
            f' height="{_n(w)}" fill="#111111" stroke="#ffffff" stroke-width="{_n(0.03 * s)}"/>'
        )
    elif "fortress" not in kinds:
        out.append(
            f'<circle class="place-town" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.085 * s)}"'
            f' fill="#111111" stroke="#ffffff" stroke-width="{_n(0.025 * s)}"/>'
        )
    if "victory_city" in kinds:
        r = max(w * 0.75, 0.17 * s) + 0.05 * s
        out.append(
            f'<circle class="place-victory" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="none"'
            f' stroke="#d01c1c" stroke-width="{_n(0.05 * s)}"/>'
        )
    if "capital" in kinds:
        out.append(
            f'<polygon class="place-capital"'
            f' points="{_pts(_star(cx, cy, 0.13 * s, 0.055 * s))}" fill="#ffd700"'
            f' stroke="#7a5c00" stroke-width="{_n(0.015 * s)}"/>'
        )
    if "port" in kinds:
        ax, ay = cx - 0.36 * s, cy - 0.02 * s
        out.append(
            f'<path class="place-port" d="M{_n(ax)} {_n(ay - 0.08 * s)}V{_n(ay + 0.1 * s)}'
            f"M{_n(ax - 0.09 * s)} {_n(ay + 0.03 * s)}Q{_n(ax - 0.08 * s)} {_n(ay + 0.12 * s)}"
            f" {_n(ax)} {_n(ay + 0.12 * s)}Q{_n(ax + 0.08 * s)} {_n(ay + 0.12 * s)}"
            f" {_n(ax + 0.09 * s)} {_n(ay + 0.03 * s)}"
            f'M{_n(ax - 0.05 * s)} {_n(ay - 0.03 * s)}H{_n(ax + 0.05 * s)}"'
            f' fill="none" stroke="#0d3b66" stroke-width="{_n(0.03 * s)}"'
            f' stroke-linecap="round"/>'
            f'<circle class="place-port" cx="{_n(ax)}" cy="{_n(ay - 0.1 * s)}"'
            f' r="{_n(0.025 * s)}" fill="none" stroke="#0d3b66" stroke-width="{_n(0.02 * s)}"/>'
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
            f'<g class="place {" ".join(_cls(k) for k in kinds)}" data-hex="{hid}"'
            f' data-kinds="{_attr(" ".join(kinds))}">'
            f"<title>{escape(place_title)}</title>"
        )
        out.extend(_place_marker(place, cx, cy, size))
        out.append(
            _text(
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
        f'<g class="hex-ids" fill="#5a5546" font-size="{_n(size * 0.2)}" text-anchor="middle"'
        f"{_DECOR}>"
    ]
    for hid in drawn:
        cx, cy = grid.center(hid, size)
        out.append(
            f'<text class="hex-id" data-hex="{hid}" x="{_n(cx)}" y="{_n(cy - 0.6 * size)}">'
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
            f'<polygon class="highlight" data-hex="{hid}" points="{_pts(inset)}"'
            f' fill="#ffeb3b" fill-opacity="0.45" stroke="#f57f17" stroke-width="{_n(size * 0.06)}"'
            f"><title>{escape(hl_title)}</title></polygon>"
        )
        if label:
            labels.append(
                _text(
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


def _counter_layer(
    grid: HexGrid, counters: Sequence[CounterView], drawn_set: set[str], size: float
) -> list[str]:
    stacks: dict[str, list[CounterView]] = {}
    for c in counters:
        grid.check(c.hex)
        stacks.setdefault(c.hex, []).append(c)
    out = ['<g class="counters">']
    for hid, stack in stacks.items():
        if hid not in drawn_set:
            continue
        cx, cy = grid.center(hid, size)
        step = size * (min(0.08, 0.24 / (len(stack) - 1)) if len(stack) > 1 else 0.0)
        out.append(f'<g class="stack" data-hex="{hid}" data-count="{len(stack)}">')
        for i, c in enumerate(stack):
            out.append(_counter(c, size, (cx + i * step, cy - i * step)))
        out.append("</g>")
    out.append("</g>")
    return out


# --------------------------------------------------------------------------- the map
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
    >>> inf = CounterView("s1", "0202", "soviet", "ussr", "infantry", "3-4", "10A")
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
        pts = [p for h in drawn for p in grid.corners(h, size)]
        min_x, min_y = min(p[0] for p in pts), min(p[1] for p in pts)
        max_x, max_y = max(p[0] for p in pts), max(p[1] for p in pts)
    drawn_set = set(drawn)

    margin = size * 0.5
    top = margin + (size * 1.2 if title else 0.0)
    vx, vy = min_x - margin, min_y - top
    vw, vh = max_x - min_x + 2 * margin, max_y - min_y + margin + top

    out = [
        f'<svg xmlns="{SVG_NS}" class="ostfront-map" data-map="{_attr(game_map.id)}"'
        f' viewBox="{_n(vx)} {_n(vy)} {_n(vw)} {_n(vh)}" width="{_n(vw)}" height="{_n(vh)}"'
        f' font-family="{_FONT}">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f"<style>{_CSS}</style>")
    out.append(_defs(size))
    out.append(
        f'<rect class="background" x="{_n(vx)}" y="{_n(vy)}" width="{_n(vw)}" height="{_n(vh)}"'
        ' fill="#ffffff"/>'
    )
    if title:
        out.append(
            _text(vx + margin, vy + size * 0.95, title, size * 0.7, cls="map-title", anchor="start")
        )
    out.extend(_hex_layer(game_map, drawn, size))
    out.extend(_region_layer(game_map, drawn, size))
    out.extend(_hexside_layer(game_map, drawn, size))
    out.extend(_rail_layer(game_map, drawn, size))
    out.extend(_place_layer(game_map, drawn, size))
    if show_ids:
        out.extend(_id_layer(grid, drawn, size))
    fills, labels = _highlight_layers(grid, highlight or {}, drawn_set, size)
    out.extend(fills)
    out.extend(_counter_layer(grid, counters, drawn_set, size))
    out.extend(labels)
    out.append("</svg>")
    return "\n".join(out) + "\n"
