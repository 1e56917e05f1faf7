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

The drawing knows no game: a counter's colour, and the drawing of a symbol of the game's
own, come with the counter (:class:`~ostfront.core.protocol.CounterView`). The work is
split by what it draws: :mod:`.map` (the document and its places, ids, highlights),
:mod:`.terrain` (hexes, borders, hexsides, rails), :mod:`.counters` and :mod:`.symbols`,
with the shared helpers in :mod:`.draw`. The style tables (:data:`TERRAIN_COLOURS`,
:data:`HEXSIDE_STYLES`, :data:`SYMBOL_PARTS`) are plain data, easy to edit.

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

from .counters import DEFAULT_COLOUR, render_counter
from .map import render_map
from .symbols import SYMBOL_PARTS
from .terrain import HEXSIDE_STYLES, TERRAIN_COLOURS

__all__ = [
    "DEFAULT_COLOUR",
    "HEXSIDE_STYLES",
    "SYMBOL_PARTS",
    "TERRAIN_COLOURS",
    "render_counter",
    "render_map",
]
