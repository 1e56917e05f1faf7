"""Drawings of maps and counters: standalone SVG documents (see :mod:`ostfront.render.svg`)."""

from .svg import (
    HEXSIDE_STYLES,
    NATION_COLOURS,
    SYMBOL_PARTS,
    TERRAIN_COLOURS,
    render_counter,
    render_map,
)

__all__ = [
    "HEXSIDE_STYLES",
    "NATION_COLOURS",
    "SYMBOL_PARTS",
    "TERRAIN_COLOURS",
    "render_counter",
    "render_map",
]
