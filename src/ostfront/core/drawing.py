"""How a game's counters look, as the game tells the renderer (which knows no game): the
colour a counter takes from the game's palette (:func:`colour_of`) and the :class:`Shape`\\ s
of a symbol the game draws its own way. Both travel on the
:class:`~ostfront.core.protocol.CounterView`.

>>> colour_of({"german": "#9ba59a", "soviet": "#c0392b"}, "Soviet", "soviet")
'#c0392b'
>>> colour_of({"axis": "#9ba59a"}, "turkish", "axis"), colour_of({}, "turkish", "axis")
('#9ba59a', '')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Shape:
    """One piece of a symbol a game draws its own way (a factory, say), in fractions of the
    hex size about the counter's centre: a ``polygon`` through ``points``, or a ``rect`` whose
    first point is its corner and second its width and height; outlined in the counter's
    ink, or ``filled`` with it. The renderer gives it the class ``symbol-<name>``."""

    name: str
    kind: str  # "polygon" or "rect"
    points: tuple[tuple[float, float], ...]
    filled: bool = False


def colour_of(palette: Mapping[str, str], nation: str, side: str) -> str:
    """A counter's colour in a game's ``palette``: its nation's, else its side's (the keys
    matched in lower case), else ""."""
    return palette.get(nation.lower()) or palette.get(side.lower(), "")
