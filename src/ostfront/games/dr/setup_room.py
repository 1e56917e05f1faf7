"""DR 3.0A, 3.0C: "Units may not be set up in excess of stacking limits (6.2)" — and every
unit must set up in its area. A player placing units by hand could fill an area so that a
unit still to place has no hex left; the set-up could then never end. So a unit may set up
in a hex only if every other unit of its side still to place keeps a hex: the set-up can
always be completed (the historical set-up proves it can at the start).

Whether the others keep room is a flow problem: each unit still to place needs one place in
a hex of its area; a hex has room for two ground units less those already there, and a
Soviet hex for one army less those there (6.2, 6.2.1). Leaders and fleets take no room
(6.2, 11.6A); under Axis Preparation a hex no other nation's unit holds or may set up in
has room for three (12.1). The count is stricter than the rules where they allow more — a
third German where another nation might set up, two armies with Stalin (11.6.3D) — and a
Hungarian is never counted into a hex a Romanian still to place may need (6.2.2): room it
finds is real room.
Only the units whose areas meet that of the unit placed (and theirs, in turn) are counted.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Mapping
from itertools import pairwise

from .rules import Rules, State, occupancy
from .stacking import (
    AXIS_PREPARATION_LIMIT,
    STACK_LIMIT,
    counts_for_stacking,
    is_soviet_army,
)

Node = tuple[str, str]
SOURCE: Node = ("source", "")
SINK: Node = ("sink", "")
HATRED = {"hungarian": "romanian", "romanian": "hungarian"}  # DR 6.2.2
LAYER = {"source": 0, "units": 1, "army": 2, "hex": 3, "sink": 4}


class Flow:
    """A small max-flow network (Edmonds-Karp): nodes are (kind, name) pairs."""

    def __init__(self) -> None:
        self.cap: dict[Node, dict[Node, int]] = {}

    def edge(self, a: Node, b: Node, c: int) -> None:
        self.cap.setdefault(a, {})[b] = self.cap.get(a, {}).get(b, 0) + c
        self.cap.setdefault(b, {}).setdefault(a, 0)

    def path(self, start: Node, goal: Node) -> list[Node] | None:
        """A path of spare capacity from ``start`` to ``goal`` (breadth first), or None."""
        came: dict[Node, Node | None] = {start: None}
        todo = deque([start])
        while todo:
            a = todo.popleft()
            if a == goal:
                out = [a]
                while (prev := came[out[-1]]) is not None:
                    out.append(prev)
                return out[::-1]
            for b, c in self.cap.get(a, {}).items():
                if c > 0 and b not in came:
                    came[b] = a
                    todo.append(b)
        return None

    def straight(self) -> int:
        """Push along straight paths (units, army, hex, sink: never back along an edge),
        depth first: most of the flow, before searching for the rest."""
        n = 0
        for first in list(self.cap.get(SOURCE, {})):
            while (p := self.forward([SOURCE, first])) is not None:
                self.push(p)
                n += 1
        return n

    def forward(self, path: list[Node]) -> list[Node] | None:
        a, b = path[-2], path[-1]
        if self.cap[a][b] <= 0:
            return None
        if b == SINK:
            return path
        for c in self.cap.get(b, {}):
            if LAYER[c[0]] > LAYER[b[0]] and (found := self.forward([*path, c])) is not None:
                return found
        return None

    def filled(self, a: Node, b: Node) -> bool:
        """Whether the edge from a to b carries flow and has no room left."""
        return self.cap.get(a, {}).get(b, 0) == 0 and self.cap.get(b, {}).get(a, 0) > 0

    def push(self, path: list[Node]) -> None:
        for a, b in pairwise(path):
            self.cap[a][b] -= 1
            self.cap[b][a] += 1

    def fill(self) -> int:
        """Push as much as goes from the source to the sink; how much went."""
        n = self.straight()
        while (p := self.path(SOURCE, SINK)) is not None:
            self.push(p)
            n += 1
        return n


def room_for(
    R: Rules,
    state: State,
    uid: str,
    hexes: list[str],
    area_of: Callable[[str], Collection[str]],
    waiting: list[str],
) -> list[str]:
    """Those of ``hexes`` (where ``uid`` may stack now) in which setting it up leaves a hex
    for each of the ``waiting`` units of its side still to place (``area_of``: a unit's
    set-up area)."""
    if not counts_for_stacking(R.unit(uid)) or not hexes:
        return hexes
    others = [u for u in waiting if u != uid and counts_for_stacking(R.unit(u))]
    areas = {u: frozenset(area_of(u)) for u in others}
    reach, group = set(area_of(uid)) | set(hexes), set[str]()
    grew = True
    while grew:  # the units whose areas meet, in turn
        grew = False
        for u in others:
            if u not in group and areas[u] & reach:
                group.add(u)
                reach |= areas[u]
                grew = True
    if not group:
        return hexes
    occ = occupancy(state)
    net = network(R, state, group, areas, reach, occ)
    if net.fill() < len(group):
        return hexes  # no room for all even now (a position's set-up): nothing to keep
    unit = R.unit(uid)
    prepared = unit.side == "axis" and bool(state["options"].get("axis-preparation"))
    if unit.nationality in HATRED or (prepared and unit.nationality != "german"):
        # a Hungarian or Romanian keeps the other out (6.2.2), another nation's unit makes
        # a hex of Germans one of two (12.1): counted again with it in the hex
        return [
            h
            for h in hexes
            if network(R, state, group, areas, reach, {**occ, h: [*occ.get(h, ()), uid]}).fill()
            == len(group)
        ]
    army = is_soviet_army(R.unit(uid))
    out = []
    for h in hexes:
        # setting the unit up takes a place counted for others only where some is left (a
        # third German, or an army with Stalin, takes none); where others fill all that is
        # left, one of them must find a place elsewhere
        if army and net.filled(("army", h), ("hex", h)):  # DR 6.2.1: an army counted in h
            ok = net.path(("army", h), SINK) is not None
        elif net.filled(("hex", h), SINK):
            ok = net.path(("hex", h), SINK) is not None
        else:
            ok = True
        if ok:
            out.append(h)
    return out


def network(
    R: Rules,
    state: State,
    group: set[str],
    areas: dict[str, frozenset[str]],
    reach: set[str],
    occ: Mapping[str, list[str]],
) -> Flow:
    """The room in the ``reach`` hexes (their units: ``occ``) for the ``group`` of units
    still to place (their areas: ``areas``), to be filled."""
    side = R.unit(next(iter(group))).side
    romanian_room = set().union(*(areas[u] for u in group if R.unit(u).nationality == "romanian"))
    prepared = side == "axis" and bool(state["options"].get("axis-preparation"))
    foreign_room = set().union(*(areas[u] for u in group if R.unit(u).nationality != "german"))
    nations = {h: {R.unit(u).nationality for u in occ[h]} for h in reach if h in occ}
    # units alike for the count (the same area, army or not, nation) are counted together
    alike: dict[tuple[frozenset[str], bool, str], int] = {}
    for u in sorted(group):
        unit = R.unit(u)
        key = (areas[u], is_soviet_army(unit), unit.nationality)
        alike[key] = alike.get(key, 0) + 1
    net = Flow()
    for i, ((area, army, nation), n) in enumerate(
        sorted(alike.items(), key=lambda kv: (sorted(kv[0][0]), kv[0][1:]))
    ):
        node = ("units", str(i))
        net.edge(SOURCE, node, n)
        for h in sorted(area):
            if nation == "hungarian" and h in romanian_room:
                continue  # DR 6.2.2: never counted where a Romanian may need the room
            if nation in HATRED and HATRED[nation] in nations.get(h, ()):
                continue  # DR 6.2.2 (the other limits are the room counted below)
            net.edge(node, ("army", h) if army else ("hex", h), n)
    for h in sorted(reach):
        there = [u for u in occ.get(h, ()) if counts_for_stacking(R.unit(u))]
        limit = STACK_LIMIT  # DR 6.2
        german = all(R.unit(u).nationality == "german" for u in there)
        if prepared and german and h not in foreign_room:
            limit = AXIS_PREPARATION_LIMIT  # DR 12.1
        net.edge(("hex", h), SINK, max(0, limit - len(there)))
        if side == "soviet":
            armies = sum(1 for u in there if is_soviet_army(R.unit(u)))
            net.edge(("army", h), ("hex", h), max(0, 1 - armies))  # DR 6.2.1
    return net
