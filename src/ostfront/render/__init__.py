"""Drawings of maps and counters: standalone SVG documents (see :mod:`ostfront.render.svg`)."""

from .svg import (
    DEFAULT_COLOUR,
    HEXSIDE_STYLES,
    SYMBOL_PARTS,
    TERRAIN_COLOURS,
    render_counter,
    render_map,
)

__all__ = [
    "DEFAULT_COLOUR",
    "HEXSIDE_STYLES",
    "SYMBOL_PARTS",
    "TERRAIN_COLOURS",
    "render_counter",
    "render_map",
]
