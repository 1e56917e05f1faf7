"""The symbols drawn on counters: NATO-like unit symbols built of parts (:data:`SYMBOL_PARTS`,
plain data), and the shapes a game gives for a symbol of its own
(:class:`~ostfront.core.drawing.Shape`)."""

from __future__ import annotations

from collections.abc import Sequence

from ostfront.core.drawing import Shape

from .draw import num, pts, star_points, svg_text

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
}


def symbol_parts(parts: Sequence[str], size: float, ink: str) -> list[str]:
    s = size
    x0, y0, x1, y1 = -0.25 * s, -0.2 * s, 0.25 * s, 0.1 * s
    ym = (y0 + y1) / 2
    sw = num(0.028 * s)
    line = f' stroke="{ink}" stroke-width="{sw}" fill="none"'
    out: list[str] = []
    for part in parts:
        if part == "box":
            out.append(
                f'<rect class="symbol-box" x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}"'
                f' height="{num(y1 - y0)}"{line}/>'
            )
        elif part == "cross":
            out.append(
                f'<path class="symbol-cross" d="M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}'
                f'M{num(x0)} {num(y1)}L{num(x1)} {num(y0)}"{line}/>'
            )
        elif part == "oval":
            out.append(
                f'<ellipse class="symbol-oval" cx="0" cy="{num(ym)}" rx="{num(0.16 * s)}"'
                f' ry="{num(0.085 * s)}"{line}/>'
            )
        elif part == "slash":
            out.append(
                f'<path class="symbol-slash" d="M{num(x0)} {num(y1)}L{num(x1)} {num(y0)}"{line}/>'
            )
        elif part == "peak":
            tri = [(-0.07 * s, y1), (0.07 * s, y1), (0, y1 - 0.09 * s)]
            out.append(f'<polygon class="symbol-peak" points="{pts(tri)}" fill="{ink}"/>')
        elif part == "wing":
            a, b = y1 - 0.03 * s, y1 - 0.1 * s
            out.append(
                f'<path class="symbol-wing" d="M{num(-0.11 * s)} {num(a)}'
                f"Q{num(-0.055 * s)} {num(b)} 0 {num(a)}"
                f'Q{num(0.055 * s)} {num(b)} {num(0.11 * s)} {num(a)}"{line}/>'
            )
        elif part == "dot":
            out.append(
                f'<circle class="symbol-dot" cx="0" cy="{num(ym)}" r="{num(0.055 * s)}"'
                f' fill="{ink}"/>'
            )
        elif part == "bar":
            out.append(
                f'<rect class="symbol-bar" x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}"'
                f' height="{num(0.06 * s)}" fill="{ink}"/>'
            )
        elif part == "garrison":
            out.append(
                svg_text(
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
            out.append(f'<polygon class="symbol-hull" points="{pts(hull)}" fill="{ink}"/>')
            out.append(
                f'<rect class="symbol-hull" x="{num(-0.1 * s)}" y="{num(-0.13 * s)}"'
                f' width="{num(0.2 * s)}" height="{num(0.09 * s)}" fill="{ink}"/>'
            )
        elif part == "star":
            star = star_points(0, ym, 0.16 * s, 0.065 * s)
            out.append(f'<polygon class="symbol-star" points="{pts(star)}" fill="{ink}"/>')
    return out


def game_shapes(shapes: Sequence[Shape], size: float, ink: str) -> list[str]:
    """A symbol the game draws its own way: each shape scaled by the hex size, outlined in
    the counter's ink or filled with it."""
    paint = f' stroke="{ink}" stroke-width="{num(0.028 * size)}" fill="none"'
    out: list[str] = []
    for shape in shapes:
        look = f' fill="{ink}"' if shape.filled else paint
        cls = f"symbol-{shape.name}"
        if shape.kind == "rect":
            (x, y), (w, h) = shape.points
            out.append(
                f'<rect class="{cls}" x="{num(x * size)}" y="{num(y * size)}"'
                f' width="{num(w * size)}" height="{num(h * size)}"{look}/>'
            )
        else:
            corners = [(x * size, y * size) for x, y in shape.points]
            out.append(f'<polygon class="{cls}" points="{pts(corners)}"{look}/>')
    return out
