"""DR 6.4 Controlling Territory: who controls each hex at the start and as units move.

At the start the USSR controls the Soviet Union with Lithuania, Latvia, Estonia, eastern Poland
and Bessarabia (6.4A: all of it is the map's "Soviet Union"); the Axis controls Germany with East
Prussia, Poland (the General Government), Slovakia, Finland, Yugoslavia, Bulgaria, Hungary and
Romania (6.4B). Afterwards a side controls every hex its units occupy or were the last to pass
through (6.4C).
"""

from __future__ import annotations

from .rules import Rules, State

SOVIET_AT_START = ("Soviet Union",)  # DR 6.4A
AXIS_AT_START = (
    "Germany",
    "General Government",
    "Slovakia",
    "Finland",
    "Yugoslavia",
    "Bulgaria",
    "Hungary",
    "Romania",
)  # DR 6.4B


def initial_control(R: Rules, lithuania_axis: bool = False) -> dict[str, str]:
    """Hex -> side at the start of the game (6.4A-B; 12.8A-E when ``lithuania_axis``)."""
    out: dict[str, str] = {}
    for name, region in R.map.regions.items():
        if region.kind != "country":
            continue
        side = "soviet" if name in SOVIET_AT_START else "axis" if name in AXIS_AT_START else None
        if side:
            for h in region.hexes:
                out[h] = side
    if lithuania_axis:  # DR 12.8A, 12.8E
        for h in R.map.regions.get("Lithuania", _NO_REGION).hexes:
            out[h] = "axis"
        for h in R.map.regions.get("DR 12.8E Soviet-controlled at start", _NO_REGION).hexes:
            out[h] = "soviet"
    return dict(sorted(out.items()))


class _Empty:
    hexes: frozenset[str] = frozenset()


_NO_REGION = _Empty()


def pass_through(state: State, side: str, hexes: list[str]) -> None:
    """DR 6.4C: a side's unit entering or passing these hexes takes control of them."""
    for h in hexes:
        state["control"][h] = side
