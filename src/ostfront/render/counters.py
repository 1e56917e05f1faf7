"""Counters: one counter as an SVG ``<g>`` (:func:`render_counter`), and the stacks of
counters on the map. A counter's colour and any symbol of the game's own are the game's to
say (:class:`~ostfront.core.protocol.CounterView`); a counter without a colour is grey."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from ostfront.core.hexgrid import HexGrid, Point
from ostfront.core.protocol import CounterView

from .draw import attr, css_class, luminance, num, pts, svg_text
from .symbols import SYMBOL_PARTS, game_shapes, symbol_parts

#: The fill of a counter whose game gives it no colour.
DEFAULT_COLOUR = "#cccccc"
#: The type size of a counter's name and of its markers' codes, in hex sizes: as large as
#: its factors (at the zoom the browser opens on, 10 CSS px or more).
LABEL_FONT = 0.2
#: About how wide a glyph of the counters' type is, in type sizes.
GLYPH = 0.6


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


def draw_counter(counter: CounterView, size: float, at: Point | None = None) -> str:
    """One counter's ``<g>``, centred at ``at`` (else at the origin)."""
    s = size
    h = 0.45 * s
    fill = counter.colour or DEFAULT_COLOUR
    ink = "#111111" if luminance(fill) > 0.5 else "#ffffff"
    classes = [
        "counter",
        f"side-{css_class(str(counter.side))}",
        f"nation-{css_class(counter.nation)}",
        f"symbol-{css_class(counter.symbol)}",
    ]
    back = counter.reduced or bool(counter.face)
    if counter.reduced:
        classes.append("reduced")
    if counter.face:
        classes.append("flipped")
    transform = f' transform="translate({num(at[0])},{num(at[1])})"' if at is not None else ""
    reduced = ' data-reduced="true"' if counter.reduced else ""
    if counter.face:
        reduced += f' data-face="{attr(counter.face)}"'
    out = [
        f'<g class="{" ".join(classes)}" data-counter="{attr(counter.id)}"'
        f' data-hex="{attr(counter.hex)}" data-side="{attr(str(counter.side))}"'
        f' data-nation="{attr(counter.nation)}" data-symbol="{attr(counter.symbol)}"'
        f"{reduced}{transform}>",
        f"<title>{escape(_counter_title(counter))}</title>",
        f'<rect class="counter-body" x="{num(-h)}" y="{num(-h)}" width="{num(2 * h)}"'
        f' height="{num(2 * h)}" rx="{num(0.07 * s)}" fill="{fill}" stroke="#222222"'
        f' stroke-width="{num(0.03 * s)}"/>',
    ]
    if back:  # the back face up: a reduced side, a weaker or unrefitted side...
        band = [(h - 0.32 * s, -h), (h - 0.17 * s, -h), (h, -h + 0.17 * s), (h, -h + 0.32 * s)]
        out.append(
            f'<rect class="reduced-fill" x="{num(-h)}" y="{num(-h)}" width="{num(2 * h)}"'
            f' height="{num(2 * h)}" rx="{num(0.07 * s)}" fill="#ffffff" fill-opacity="0.4"/>'
        )
        out.append(f'<polygon class="reduced-stripe" points="{pts(band)}" fill="#ffffff"/>')
    if counter.label:
        # as large as the factors (10 CSS px at the browser's opening zoom), a long name
        # pressed to the counter's width as a printed counter's condensed type
        font = LABEL_FONT * s
        fit = 2 * h - 0.06 * s
        squeeze = (
            f' textLength="{num(fit)}" lengthAdjust="spacingAndGlyphs"'
            if len(counter.label) * GLYPH * font > fit
            else ""
        )
        out.append(
            svg_text(
                0, -h + 0.2 * s, counter.label, font, cls="counter-label", fill=ink, extra=squeeze
            )
        )
    if counter.shapes:
        out.extend(game_shapes(counter.shapes, s, ink))
    else:
        out.extend(symbol_parts(SYMBOL_PARTS.get(counter.symbol.lower(), ("box",)), s, ink))
    if counter.factors:
        out.append(
            svg_text(
                0,
                h - 0.07 * s,
                counter.factors,
                0.2 * s,
                cls="counter-factors",
                fill=ink,
                weight="bold",
            )
        )
    codes = counter.marker_codes if len(counter.marker_codes) == len(counter.markers) else ()
    for i, marker in enumerate(counter.markers):
        # a marker counter on the stack: its code as large as the counter's name, the whole
        # name in its title; it sticks out to the left, where the counters stacked above
        # leave it visible
        code = codes[i] if codes else marker
        font = LABEL_FONT * s
        w = max(0.34 * s, len(code) * GLYPH * font + 0.1 * s)
        x, y = -h + 0.1 * s - w, -h + i * 0.31 * s
        out.append(
            f'<g class="marker" data-marker="{attr(marker)}"><title>{escape(marker)}</title>'
            f'<rect x="{num(x)}" y="{num(y)}"'
            f' width="{num(w)}" height="{num(0.29 * s)}" rx="{num(0.04 * s)}" fill="#ffe14d"'
            f' stroke="#333333" stroke-width="{num(0.02 * s)}"/>'
            + svg_text(x + w / 2, y + 0.225 * s, code, font, cls="marker-label", weight="bold")
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
    >>> g = render_counter(CounterView("g1", "0404", "red", "red", "armor", "6-8", "XXIV"), 24)
    >>> g.startswith('<g class="counter') and 'data-counter="g1"' in g
    True
    """
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    return draw_counter(counter, size)


def counter_layer(
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
            out.append(draw_counter(c, size, (cx + i * step, cy - i * step)))
        out.append("</g>")
    out.append("</g>")
    return out
