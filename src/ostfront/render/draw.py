"""The drawing helpers the map and the counters share: numbers written with one decimal,
escaped attributes and text, class names, stars, strokes, and the ink a fill needs."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from xml.sax.saxutils import escape

from ostfront.core.hexgrid import Point

SVG_NS = "http://www.w3.org/2000/svg"
#: The lines drawn over the hexes (region borders, hexsides, rails, hex ids) let the pointer
#: through to the hex beneath, so a click anywhere inside a hex reaches the hex (a click on
#: a rail line used to be lost). Hovering the hex shows what its sides carry instead.
DECOR = ' pointer-events="none"'
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def num(x: float) -> str:
    """A number with one decimal, trailing ``.0`` dropped, never ``-0``."""
    s = f"{x:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def pts(points: Iterable[Point]) -> str:
    """Points as an SVG ``points`` list: ``x,y x,y ...``."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def attr(value: str) -> str:
    """Text made safe inside a double-quoted attribute."""
    return escape(value, {'"': "&quot;"})


def css_class(value: str) -> str:
    """A string made safe for use inside a CSS class name."""
    return re.sub(r"[^a-z0-9_-]+", "-", value.lower()).strip("-") or "x"


def svg_text(
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
        f' stroke="#ffffff" stroke-width="{num(halo)}" stroke-linejoin="round" paint-order="stroke"'
        if halo
        else ""
    )
    return (
        f'<text class="{cls}" x="{num(x)}" y="{num(y)}" font-size="{num(size)}"'
        f' text-anchor="{anchor}" fill="{fill}"{w}{h}{extra}>{escape(text)}</text>'
    )


def star_points(cx: float, cy: float, r_out: float, r_in: float, points: int = 5) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90 + 180 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def luminance(colour: str) -> float:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return 1.0
    return 0.299 * r + 0.587 * g + 0.114 * b


def dash_attr(style: Mapping[str, object], size: float) -> str:
    dash = style.get("dash") or ()
    if not dash:
        return ""
    assert isinstance(dash, tuple | list)
    return f' stroke-dasharray="{" ".join(num(max(d * size, 0.1)) for d in dash)}"'


def stroke_attrs(style: Mapping[str, object], size: float) -> str:
    width = style.get("width", 0.1)
    assert isinstance(width, int | float)
    return (
        f' stroke="{style.get("stroke", "#000")}" stroke-width="{num(width * size)}"'
        f' stroke-linecap="{style.get("cap", "round")}"{dash_attr(style, size)}'
    )
