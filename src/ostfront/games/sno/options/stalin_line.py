"""SNO 14.3 The Stalin Line: its hexsides (map data: the hexside features of kind
``fortified_line``, docs/data/sno-map.md section 6) and what they do when the option is used.

- SNO 14.31, 5.5.6: without the option the line has no effect (every query here is empty).
- SNO 14.32: the 21st, 22nd, 24th, 26th and 27th Armies and the Ms and Od armored units leave
  the 1941 forces for the replacement pool (:func:`remove_units`); the rest set up freely within
  the 1941 borders (the deployment's, 14.21).
- SNO 14.33: a Stalin Line side acts as a river, for the Soviet player only and only against
  Axis units approaching or attacking from its western side: one more movement point for an
  Axis move across it from the west that ends in enemy ZOC (5.5.4), one column left for an
  Axis attack across it from the west (5.6.4, with its exception), and no obligation for an
  Axis unit to attack across it (7.1.4b); a) it never freezes; b) no Axis unit may move directly
  from one hex in Soviet ZOC to another eastwards across it (:func:`crossing`).
- SNO 14.34: along a river its effects add to the river's (two points, two columns).
- SNO 14.35: Soviet movement and combat never notice it.

The western side of a side is the hex in the part of the board Berlin lies in when the line is
closed (the line runs from Lake Ladoga to the Black Sea); on the Karelian isthmus, facing
Finland, the hex farther from Moscow.
"""

from __future__ import annotations

import math

from ....core.hexgrid import hexside_id, split_hexside
from ....core.memo import per_components
from ..rules import Rules, State, set_unit
from .common import chosen, spec

OPTION = "stalin-line"
KIND = "fortified_line"  # the map's hexside feature
WEST_SEED = "Berlin"  # the place whose part of the board is the western side
EAST_REF = "Moscow"  # the Karelian sides: the hex farther from Moscow faces west


def in_use(state: State) -> bool:  # SNO 14.3; # SNO 5.5.6; # SNO 14.31
    """SNO 14.31: the line has an effect only when the option is used."""
    return chosen(state, OPTION)


@per_components()
def sides(R: Rules) -> frozenset[str]:
    """The Stalin Line hexsides of the map."""
    return frozenset(s for f in R.map.features if f.kind == KIND for s in f.sides)


@per_components()
def west_to_east(R: Rules) -> frozenset[tuple[str, str]]:
    """Each Stalin Line side as the step (western hex, eastern hex)."""
    line = sides(R)
    grid = R.map.grid
    if not line:
        return frozenset()
    berlin = R.map.place_named(WEST_SEED)
    moscow = R.map.place_named(EAST_REF)
    seen = {berlin.hex}
    todo = [berlin.hex]
    while todo:
        h = todo.pop()
        for nb in grid.neighbours(h):
            if nb in seen or R.map.terrain_of(nb) == "sea" or hexside_id(h, nb) in line:
                continue
            if "sea" in R.map.side_kinds(h, nb):
                continue
            seen.add(nb)
            todo.append(nb)
    far = grid.center(moscow.hex)
    out = set()
    for s in line:
        a, b = split_hexside(s)
        if (a in seen) != (b in seen):
            west = a if a in seen else b
        else:  # the Karelian isthmus: the side facing Finland
            west = a if math.dist(grid.center(a), far) > math.dist(grid.center(b), far) else b
        out.add((west, b if west == a else a))
    return frozenset(out)


def crossing(R: Rules, state: State, side: str, frm: str, to: str) -> bool:
    """SNO 14.33, 14.35: a step of a ``side`` unit from ``frm`` to ``to`` (or an attack from
    ``frm`` on ``to``) across a Stalin Line side from the west, counting as a river: only for
    Axis units, only with the option; never frozen (14.33a)."""
    if side != "axis" or not in_use(state):
        return False
    return (frm, to) in west_to_east(R)


def steps(R: Rules, state: State, side: str) -> frozenset[tuple[str, str]]:
    """SNO 14.33, 14.35: the (from, to) steps across the line that count as a river for a
    ``side`` unit now - the west-to-east ones for the Axis with the option, none otherwise."""
    if side != "axis" or not in_use(state):  # SNO 14.35; # SNO 14.33
        return frozenset()
    return west_to_east(R)


def remove_units(R: Rules, state: State) -> None:
    """SNO 14.32: the units the option removes from the 1941 Soviet forces wait in the pool,
    to be taken as replacements later (11.7)."""
    if not in_use(state):
        return
    for uid in spec(OPTION).removed:  # SNO 14.32
        if uid in state["units"]:
            set_unit(state, uid, at="pool", dispersed=False, fortified=False)


__all__ = ["crossing", "in_use", "remove_units", "sides", "west_to_east"]
