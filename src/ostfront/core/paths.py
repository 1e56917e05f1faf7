"""Path finding on hex maps with pluggable costs: movement reach, paths, and range searches.

The rules supply the costs; this module only searches. ``enter(from_hex, to_hex, spent)``
returns the movement points it costs to step into ``to_hex`` (or None if the step is
forbidden); ``stops(hex)`` says a unit that entered a hex may go no further (a zone of
control, say).

>>> from ostfront.core.hexgrid import HexGrid
>>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 5))
>>> r = reach("0303", 2, g.neighbours, lambda a, b, spent: 1)
>>> sorted(h for h, s in r.items() if s.cost == 2)[:3]
['0102', '0103', '0104']
>>> path_to(r, "0103")
['0303', '0202', '0103']
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

from .hexgrid import HexGrid
from .memo import per_components

Neighbours = Callable[[str], Iterable[str]]
EnterCost = Callable[[str, str, float], float | None]


class Step(NamedTuple):
    """How a hex was reached: total cost and the hex it was entered from."""

    cost: float
    prev: str | None


def reach(
    start: str,
    budget: float,
    neighbours: Neighbours,
    enter: EnterCost,
    stops: Callable[[str], bool] | None = None,
    one_hex_minimum: bool = False,
    may_always_enter: Callable[[str, str], bool] | None = None,
    goal: str | None = None,
) -> dict[str, Step]:
    """Every hex reachable from ``start`` within ``budget`` movement points (cheapest first).

    ``one_hex_minimum``: a unit may always move one hex whatever its cost (DR 6.1.4,
    SNO 5.1.4), provided ``may_always_enter(start, hex)`` allows it (e.g. not ZOC to ZOC).
    A hex reached this way costs the whole budget.

    ``goal``: stop once the cheapest way to this hex is known (the path to it is the same
    as a full search finds; other hexes may be missing from the result).
    """
    best: dict[str, Step] = {start: Step(0.0, None)}
    heap: list[tuple[float, int, str]] = [(0.0, 0, start)]
    counter = 1
    pop, push, get = heapq.heappop, heapq.heappush, best.get  # the search's inner loop
    while heap:
        spent, _, here = pop(heap)
        if spent > best[here][0]:
            continue
        if here == goal:
            break
        if here != start and stops is not None and stops(here):
            continue
        for nxt in neighbours(here):
            cost = enter(here, nxt, spent)
            if cost is None:
                continue
            total = spent + cost
            if total > budget:
                if (
                    one_hex_minimum
                    and here == start
                    and nxt not in best
                    and (may_always_enter is None or may_always_enter(start, nxt))
                ):
                    best[nxt] = Step(budget, start)
                continue
            old = get(nxt)
            if old is None or total < old[0]:
                best[nxt] = _step(Step, (total, here))
                push(heap, (total, counter, nxt))
                counter += 1
    return best


_step = tuple.__new__  # Step(cost, prev) without the call through its __new__


def flood(
    start: str, neighbours: Neighbours, may_step: Callable[[str, str], bool]
) -> dict[str, Step]:
    """Every hex reachable from ``start`` by steps ``may_step(from_hex, to_hex)`` allows,
    each step costing 1, with paths: what :func:`reach` finds with an unlimited budget and
    a cost of 1 a step (the same paths), by a plain breadth-first search.

    >>> from ostfront.core.hexgrid import HexGrid
    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 5))
    >>> f = flood("0303", g.neighbours, lambda a, b: b[2:] == "03")
    >>> sorted(f), path_to(f, "0103")
    (['0103', '0203', '0303', '0403', '0503'], ['0303', '0203', '0103'])
    """
    best: dict[str, Step] = {start: Step(0, None)}
    queue: deque[str] = deque([start])
    while queue:
        here = queue.popleft()
        depth = best[here].cost + 1
        for nxt in neighbours(here):
            if nxt not in best and may_step(here, nxt):
                best[nxt] = Step(depth, here)
                queue.append(nxt)
    return best


def path_to(found: Mapping[str, Step], goal: str) -> list[str]:
    """The hexes from the start to ``goal`` through a :func:`reach` (or
    :func:`reach_numbered`) result."""
    if isinstance(found, Reach):
        return found.path(goal)
    if goal not in found:
        raise KeyError(f"hex {goal} was not reached")
    out = [goal]
    while (prev := found[out[-1]].prev) is not None:
        out.append(prev)
    out.reverse()
    return out


def paths_to(found: Mapping[str, Step], goals: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """:func:`path_to` each of ``goals`` (as a tuple), the ways shared: each hex's way is
    worked out once, as the way to the hex it was entered from and the hex (the moves
    offered to a unit: one for each hex it reaches, most along the same roads).

    >>> from ostfront.core.hexgrid import HexGrid
    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 1))
    >>> paths_to(flood("0101", g.neighbours, lambda a, b: True), ["0301", "0201"])
    {'0301': ('0101', '0201', '0301'), '0201': ('0101', '0201')}
    """
    if isinstance(found, Reach):  # the ways read back along its lists, shared as here
        return found.ways(goals)
    ways: dict[str, tuple[str, ...]] = {}

    def way(goal: str) -> tuple[str, ...]:
        if goal not in found:
            raise KeyError(f"hex {goal} was not reached")
        back = [goal]  # the hexes whose way is not known yet, the goal first
        known = ways.get(goal)
        while known is None:
            prev = found[back[-1]].prev
            if prev is None:
                known = ()
                break
            known = ways.get(prev)
            if known is None:
                back.append(prev)
        if back[0] in ways:
            return known
        for h in reversed(back):
            known = ways[h] = (*known, h)
        return known

    return {g: way(g) for g in goals}


def search(
    starts: Iterable[str],
    neighbours: Neighbours,
    may_step: Callable[[str, str], bool],
    limit: int | None = None,
    goals: frozenset[str] | set[str] | None = None,
) -> dict[str, str | None]:
    """Breadth-first from ``starts`` (taken in sorted order), keeping the way: each hex
    found -> the hex it was entered from (None for a start), in the order found.
    ``may_step(a, b)``: may a path step from ``a`` into ``b``; ``limit``: at most so many
    steps; ``goals``: stop once one of these is reached (the first goal among the hexes
    found is then the nearest, ties going to the first found). :func:`walk_back` reads a
    path out of the answer.

    >>> from ostfront.core.hexgrid import HexGrid
    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 1))
    >>> found = search(["0101"], g.neighbours, lambda a, b: True, limit=2)
    >>> found, walk_back(found, "0301")
    ({'0101': None, '0201': '0101', '0301': '0201'}, ['0301', '0201', '0101'])
    """
    prev: dict[str, str | None] = {}
    depth: dict[str, int] = {}
    queue: deque[str] = deque()
    for s in sorted(starts):
        if s not in prev:
            prev[s], depth[s] = None, 0
            queue.append(s)
    while queue:
        here = queue.popleft()
        if goals is not None and here in goals:
            break
        if limit is not None and depth[here] >= limit:
            continue
        for nxt in neighbours(here):
            if nxt not in prev and may_step(here, nxt):
                prev[nxt], depth[nxt] = here, depth[here] + 1
                queue.append(nxt)
    return prev


def any_within(
    start: str,
    limit: int,
    neighbours: Neighbours,
    may_step: Callable[[str, str], bool],
    stops: Callable[[str], bool],
    wanted: Callable[[str], bool],
) -> bool:
    """Does a hex ``wanted`` accepts lie within ``limit`` steps of ``start`` (itself not
    asked)? The hexes :func:`reach` finds with a cost of 1 for each step ``may_step``
    allows and ``stops``, searched breadth-first and stopped at the first wanted.

    >>> from ostfront.core.hexgrid import HexGrid
    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 1))
    >>> go, no = (lambda a, b: True), (lambda h: False)
    >>> any_within("0101", 2, g.neighbours, go, no, lambda h: h == "0301")
    True
    >>> any_within("0101", 2, g.neighbours, go, lambda h: h == "0201", lambda h: h == "0301")
    False
    """
    seen = {start}
    front = [start]
    for _ in range(limit):
        reached = []
        for here in front:
            if here != start and stops(here):
                continue  # entered, not left
            for nxt in neighbours(here):
                if nxt not in seen and may_step(here, nxt):
                    if wanted(nxt):
                        return True
                    seen.add(nxt)
                    reached.append(nxt)
        front = reached
    return False


def walk_back(prev: Mapping[str, str | None], end: str) -> list[str]:
    """``end`` and the hexes back to where a :func:`search` began."""
    out = [end]
    while (p := prev[out[-1]]) is not None:
        out.append(p)
    return out


def distances(
    sources: Iterable[str],
    neighbours: Neighbours,
    passable: Callable[[str, str], bool] | None,
    limit: int | None = None,
    may_leave: Callable[[str], bool] | None = None,
    known: dict[str, int] | None = None,
    changed: list[str] | None = None,
) -> dict[str, int]:
    """Breadth-first step counts from the nearest of ``sources`` (multi-source BFS).

    ``passable(a, b)`` says whether a path may step from ``a`` into ``b`` (None: every step
    ``neighbours`` gives); ``limit`` caps the number of steps (e.g. DR 5.0's supply path of
    three hexes).

    ``may_leave(hex)``: "may enter but not pass" - a path may end in a hex this refuses
    but not go on out of it (SNO 9.2.1: a route may not pass through an enemy unit, yet
    the hex traced to may hold one). The sources themselves may always be left.

    ``known``: step counts already found from other sources (not changed): the answer is
    these counts lowered where the new ``sources`` are nearer, found without searching
    again where they are not (SNO 9.2c: new supply points added one round at a time).
    ``changed``: a list the hexes whose count was set (or lowered) are appended to.

    >>> from ostfront.core.hexgrid import HexGrid
    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 1))
    >>> row = lambda a, b: True
    >>> distances(["0101"], g.neighbours, row, may_leave=lambda h: h != "0301")
    {'0101': 0, '0201': 1, '0301': 2}
    >>> distances(["0501"], g.neighbours, row, known={"0101": 0, "0201": 1, "0301": 2})
    {'0101': 0, '0201': 1, '0301': 2, '0501': 0, '0401': 1}
    """
    dist: dict[str, int] = dict(known) if known else {}
    order: list[str] = []  # first in, first out: read in order while it grows
    for s in sources:
        if dist.get(s) != 0:
            dist[s] = 0
            order.append(s)
    if changed is not None:
        changed.extend(order)
    improving = bool(known)
    first = len(order)
    push = order.append
    for popped, here in enumerate(order, 1):
        d = dist[here]
        if limit is not None and d >= limit:
            continue
        if may_leave is not None and popped > first and not may_leave(here):
            continue
        step = d + 1
        for nxt in neighbours(here):
            if nxt in dist and not (improving and dist[nxt] > step):
                continue  # reached already, as near (the common case: tested first)
            if passable is None or passable(here, nxt):
                dist[nxt] = step
                push(nxt)
                if changed is not None:
                    changed.append(nxt)
    return dist


def grow(
    area: set[str], seeds: Iterable[str], neighbours: Neighbours, ok: Callable[[str], bool]
) -> None:
    """Grow ``area`` in place: each of ``seeds`` not in it yet that ``ok`` accepts joins it,
    with every hex ``ok`` accepts joined to such a seed through accepted hexes. Seeds already
    in the area are not searched from again: the caller names as seeds the hexes that may
    have become acceptable (SNO 9.1.2: a supply line's reach, grown as 9.2c adds points).

    >>> from ostfront.core.hexgrid import HexGrid
    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 1))
    >>> area = {"0101"}
    >>> grow(area, ["0201"], g.neighbours, lambda h: h != "0401")
    >>> sorted(area)
    ['0101', '0201', '0301']
    """
    queue = [h for h in seeds if h not in area and ok(h)]
    area.update(queue)
    seen = set(queue)
    while queue:
        here = queue.pop()
        for n in neighbours(here):
            if n not in area and n not in seen and ok(n):
                area.add(n)
                queue.append(n)
            seen.add(n)


def connected(
    sources: Iterable[str], neighbours: Neighbours, passable: Callable[[str, str], bool]
) -> set[str]:
    """Every hex joined to one of ``sources`` by passable steps (e.g. along a rail line):
    what :func:`distances` reaches, found without counting steps (a plain flood, last in
    first out: the rail lines of SNO 3.4.6 ask it after almost every move)."""
    seen = set(sources)
    stack = list(seen)
    pop, push, add = stack.pop, stack.append, seen.add
    while stack:
        here = pop()
        for nxt in neighbours(here):
            if nxt not in seen and passable(here, nxt):
                add(nxt)
                push(nxt)
    return seen


# ------------------------------------------------------------------ searches over hex numbers
#: farther than any distance on a map: the distance of a hex a search did not reach
FAR = 1 << 30
#: :data:`FAR` as a float, the cost of a hex not reached (floats compare fastest with floats)
FAR_COST = float(FAR)


class HexIndex:
    """A map's hexes numbered 0 .. n-1, for searches that read lists and byte strings
    indexed by hex number instead of dictionaries keyed by hex id (the same searches, a few
    times faster in Python: no hashing of ids, no dictionary built per search).

    >>> ix = HexIndex(["0101", "0201", "0301"])
    >>> ix.num["0201"], ix.ids[2], ix.steps({"0101": ["0201"], "0201": ["0101", "0301"]})
    (1, '0301', ((1,), (0, 2), ()))
    >>> list(ix.mask(["0301"])), sorted(ix.hexes(bytearray(b"\\x01\\x00\\x01")))
    ([0, 0, 1], ['0101', '0301'])
    """

    def __init__(self, hexes: Iterable[str]) -> None:
        self.ids: tuple[str, ...] = tuple(hexes)
        self.num: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        self.or_none: tuple[str | None, ...] = (*self.ids, None)  # [-1]: no hex
        self.every = [1] * len(self.ids)  # every hex "may enter" (:func:`reach_numbered`)
        self.none = bytes(len(self.ids))  # no hex flagged
        n = len(self.ids)
        #: lists :func:`reach_numbered` reuses, each left as it found it: cost (FAR), the place
        #: in the order found of the hex entered from and the hex's own place (both read only
        #: once set) and "may enter" (0)
        self.scratch: list[tuple[list[float], list[int], list[int], list[int]]] = [
            ([FAR_COST] * n, [-1] * n, [0] * n, [0] * n)
        ]

        self._masks: list[tuple[frozenset[str], frozenset[str] | None, bytes]] = []

    def __len__(self) -> int:
        return len(self.ids)

    def steps(self, table: Mapping[str, Iterable[str]]) -> tuple[tuple[int, ...], ...]:
        """A table hex -> neighbours as hex number -> neighbour numbers (none for a hex the
        table leaves out)."""
        num, empty = self.num, ()
        return tuple(tuple(num[n] for n in table.get(h, empty)) for h in self.ids)

    def mask(self, hexes: Iterable[str]) -> bytearray:
        """1 at the number of each of ``hexes`` (ids the index does not know are skipped)."""
        out = bytearray(len(self.ids))
        get = self.num.get
        for h in hexes:
            i = get(h)
            if i is not None:
                out[i] = 1
        return out

    def mask_of(self, hexes: frozenset[str], without: frozenset[str] | None = None) -> bytes:
        """:meth:`mask` of ``hexes`` less those of ``without``, kept for the last few sets
        asked about (found by identity, each kept alive with its mask: a set the rules keep
        for a position - the hexes in a side's ZOC, say - costs its mask once).

        >>> ix = HexIndex(["0101", "0201", "0301"])
        >>> zoc, held = frozenset({"0101", "0201"}), frozenset({"0201"})
        >>> bytes(ix.mask_of(zoc, held)), ix.mask_of(zoc) is ix.mask_of(zoc)
        (b'\\x01\\x00\\x00', True)
        """
        kept = self._masks
        for ask, but, found in kept:
            if ask is hexes and but is without:
                return found
        if without is None:
            found = bytes(self.mask(hexes))
        else:  # the mask of ``hexes`` (kept), the few hexes in both cleared
            flags, num = bytearray(self.mask_of(hexes)), self.num
            for h in hexes & without:
                if h in num:
                    flags[num[h]] = 0
            found = bytes(flags)
        if len(kept) >= 16:
            del kept[0]
        kept.append((hexes, without, found))
        return found

    def hexes(self, flags: bytearray | bytes) -> frozenset[str]:
        """The ids of the hexes flagged (non-zero) in ``flags``."""
        ids = self.ids
        return frozenset(ids[i] for i, f in enumerate(flags) if f)

    def by_id(self, values: list[int]) -> dict[str, int]:
        """Hex id -> value for the hexes a search reached (value below :data:`FAR`)."""
        ids = self.ids
        return {ids[i]: v for i, v in enumerate(values) if v < FAR}


@per_components()
def grid_index(grid: HexGrid) -> HexIndex:
    """The grid's hexes numbered (:class:`HexIndex`), kept with the grid: each game's
    searches over hex numbers share it.

    >>> g = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 2), rows=(1, 1))
    >>> grid_index(g).ids, grid_index(g) is grid_index(g)
    (('0101', '0201'), True)
    """
    return HexIndex(grid.hexes())


def step_distances(
    sources: Iterable[int],
    steps: tuple[tuple[int, ...], ...],
    may_leave: bytearray | bytes | None = None,
    known: list[int] | None = None,
    changed: list[int] | None = None,
) -> list[int]:
    """:func:`distances` over hex numbers: breadth-first step counts from the nearest of
    ``sources`` through ``steps`` (hex number -> neighbour numbers), :data:`FAR` where none
    reaches. ``may_leave[h]`` 0: a path may end in ``h`` but not go on (the sources
    themselves may always be left); ``known``: counts from other sources, lowered where the
    new ones are nearer; ``changed`` gets the hexes whose count was set or lowered.

    >>> line = ((1,), (0, 2), (1, 3), (2,))
    >>> step_distances([0], line, may_leave=b"\\x01\\x01\\x00\\x01")
    [0, 1, 2, 1073741824]
    >>> fell = []
    >>> step_distances([3], line, known=[0, 1, 2, 3], changed=fell), fell
    ([0, 1, 1, 0], [3, 2])
    """
    dist = list(known) if known is not None else [FAR] * len(steps)
    front: list[int] = []  # the hexes reached at the last count, in the order reached
    for s in sources:
        if dist[s] != 0:
            dist[s] = 0
            front.append(s)
    if changed is not None:
        changed.extend(front)
    step = 1
    while front:  # one count at a time: the order a first-in, first-out queue reads them
        reached: list[int] = []
        push = reached.append
        for here in front:
            for nxt in steps[here]:
                if dist[nxt] > step:  # not reached yet, or farther (a known count lowered)
                    dist[nxt] = step
                    push(nxt)
        if changed is not None:
            changed.extend(reached)
        front = reached if may_leave is None else [h for h in reached if may_leave[h]]
        step += 1
    return dist


def connected_numbered(
    sources: Iterable[int], steps: tuple[tuple[int, ...], ...], shut: bytearray | bytes
) -> list[int]:
    """:func:`connected` over hex numbers: the hexes joined to one of ``sources`` by steps
    (hex number -> neighbour numbers) into hexes not ``shut`` (non-zero), the sources first
    (each once, shut or not), the rest in the order found.

    >>> connected_numbered([0, 0], ((1,), (0, 2), (1, 3), (2,)), b"\\x00\\x00\\x01\\x00")
    [0, 1]
    """
    seen = bytearray(shut)
    found: list[int] = []
    for s in sources:
        if s not in found:
            found.append(s)
            seen[s] = 1
    stack = list(found)
    pop, push, add = stack.pop, stack.append, found.append
    while stack:
        for nxt in steps[pop()]:
            if not seen[nxt]:
                seen[nxt] = 1
                add(nxt)
                push(nxt)
    return found


def within_numbered(
    sources: Iterable[int], steps: tuple[tuple[int, ...], ...], shut: bytearray | bytes, limit: int
) -> list[int]:
    """The hexes :func:`distances` reaches over hex numbers with a ``limit`` and a
    ``passable`` refusing the hexes ``shut`` (non-zero): those within ``limit`` steps of one
    of ``sources`` (each once, shut or not, first) through hexes not shut, nearer first.

    >>> within_numbered([0], ((1,), (0, 2), (1, 3), (2,)), b"\\x00\\x00\\x00\\x00", 2)
    [0, 1, 2]
    >>> within_numbered([0, 3], ((1,), (0, 2), (1, 3), (2,)), b"\\x00\\x00\\x01\\x01", 5)
    [0, 3, 1]
    """
    front = list(dict.fromkeys(sources))
    seen = bytearray(shut)
    for s in front:
        seen[s] = 1
    found = list(front)
    for _ in range(limit):
        reached: list[int] = []
        push = reached.append
        for here in front:
            for nxt in steps[here]:
                if not seen[nxt]:
                    seen[nxt] = 1
                    push(nxt)
        if not reached:
            break
        found += reached
        front = reached
    return found


def grow_nearer(
    area: bytearray,
    seeds: Iterable[int],
    steps: tuple[tuple[int, ...], ...],
    held: bytearray | bytes,
    near: list[int],
    far: list[int],
) -> None:
    """:func:`grow` over hex numbers, accepting a hex ``h`` if ``held[h]`` or
    ``near[h] < far[h]`` (SNO 9.1.2: a hex carries a supply line if a friendly unit holds
    it or it is nearer a supply point than a threat): ``area`` (1 = in it) grows in place
    from the accepted seeds not in it yet, through accepted hexes.

    >>> area = bytearray(4)
    >>> grow_nearer(area, [0], ((1,), (0, 2), (1, 3), (2,)), b"\\x00\\x00\\x01\\x00",
    ...             [0, 1, 5, 3], [9, 9, 1, 1])
    >>> list(area)
    [1, 1, 1, 0]
    """
    queue = [h for h in seeds if not area[h] and (held[h] or near[h] < far[h])]
    for h in queue:
        area[h] = 1
    pop, push = queue.pop, queue.append
    while queue:
        for n in steps[pop()]:
            if not area[n] and (held[n] or near[n] < far[n]):
                area[n] = 1
                push(n)


# ------------------------------------------------------------------ movement reach over hex numbers
#: the cost a table gives a step whose cost only the search's ``odd`` can say (below every
#: real cost, so that no search passes such a step over as too dear)
ODD = -1.0
#: a step out of a hex: (the hex stepped into, its cost; :data:`ODD`: ask the search's ``odd``)
CostStep = tuple[int, float]
Row = Callable[[str], Mapping[str, float | None]]


class CostSteps(dict[int, tuple[CostStep, ...]]):
    """A table hex -> {neighbour: cost} as hex number -> ((neighbour number, cost), ...), in
    the table's order, each cost a float and a cost of None written :data:`ODD`:
    :func:`reach_numbered`'s precomputed terrain. Each hex's row is worked out when first
    read and kept (a process that plays a few moves - one call of the command line - works
    out only the rows its searches read), and with it ``least[h]``, the cheapest step out of
    the hex (ODD if one is odd or the row is not read yet, :data:`FAR` if there are none): a
    search need not read the row of a hex from which no step fits in what is left of the
    budget.

    >>> ix = HexIndex(["0101", "0201"])
    >>> steps = cost_steps(ix, {"0101": {"0201": 2}, "0201": {"0101": None}})
    >>> steps[0], steps[1], len(steps), steps.least
    (((1, 2.0),), ((0, -1.0),), 2, [2.0, -1.0])
    """

    def __init__(self, index: HexIndex, row: Row) -> None:
        super().__init__()
        self.index, self.row = index, row
        self.least: list[float] = [ODD] * len(index)

    def __missing__(self, h: int) -> tuple[CostStep, ...]:
        num = self.index.num
        out = self[h] = tuple(
            (num[b], ODD if c is None else float(c)) for b, c in self.row(self.index.ids[h]).items()
        )
        self.least[h] = min((c for _, c in out), default=FAR_COST)
        return out


def cost_steps(index: HexIndex, table: Mapping[str, Mapping[str, float | None]] | Row) -> CostSteps:
    """:class:`CostSteps` of a table (or of a function hex -> row)."""
    return CostSteps(index, table if callable(table) else table.__getitem__)


def flood_numbered(
    index: HexIndex,
    start: str,
    steps: tuple[tuple[int, ...], ...],
    may_enter: Callable[[int], bool],
    may_cross: Callable[[int, int], bool] | None = None,
) -> Reach:
    """:func:`flood` over hex numbers: the same hexes, steps and order found (a plain
    breadth-first search, each step costing 1) through ``steps`` (hex number -> neighbour
    numbers, in the order :func:`flood`'s ``neighbours`` gives them), where a step from
    ``a`` into ``b`` is allowed if ``may_enter(b)`` and ``may_cross(a, b)`` (None: always).
    ``may_enter`` is asked at most once a hex (the rule asked must be pure), ``may_cross``
    only for a hex ``may_enter`` lets in.

    >>> ix = HexIndex(["a", "b", "c", "d"])
    >>> line = ((1,), (0, 2), (1, 3), (2,))
    >>> r = flood_numbered(ix, "b", line, lambda h: h != 3)
    >>> {h: tuple(s) for h, s in r.items()}
    {'b': (0, None), 'a': (1, 'b'), 'c': (1, 'b')}
    """
    s = index.num[start]
    # 0: not asked yet, 1: reached, 2: may not be entered, 3: may be entered, not reached
    flag = bytearray(len(index.ids))
    flag[s] = 1
    order, depth, back = [s], [0], [-1]
    found, cost, came = order.append, depth.append, back.append
    i = 0
    while i < len(order):  # the list is the queue: read in the order found
        here, d = order[i], depth[i] + 1
        for nxt in steps[here]:
            f = flag[nxt]
            if f == 1 or f == 2:
                continue
            if f == 0:
                if not may_enter(nxt):
                    flag[nxt] = 2
                    continue
                flag[nxt] = 3
            if may_cross is not None and not may_cross(here, nxt):
                continue
            flag[nxt] = 1
            found(nxt)
            cost(d)
            came(i)
        i += 1
    return Reach(index, order, depth, back)


class Reach(Mapping[str, Step]):
    """What :func:`reach_numbered` found, by hex number: ``order``, the hexes in the order
    found (the start first); ``cost[i]``, what reaching ``order[i]`` costs; ``back[i]``, the
    place in ``order`` of the hex it was entered from (-1 for the start). Read as a mapping
    hex id -> :class:`Step` it is what :func:`reach` answers (the same items in the same
    order), each Step made as it is read; a caller that reads the lists makes none.

    >>> ix = HexIndex(["a", "b", "c"])
    >>> r = Reach(ix, [0, 2, 1], [0.0, 1.0, 3.0], [-1, 0, 1])
    >>> dict(r) == r.steps(), r.hexes(), r.path("b"), "b" in r, "x" in r
    (True, ['a', 'c', 'b'], ['a', 'c', 'b'], True, False)
    >>> r.steps()["b"]
    Step(cost=3.0, prev='c')
    """

    __slots__ = ("_at", "back", "cost", "index", "order")

    def __init__(
        self, index: HexIndex, order: list[int], cost: Sequence[float], back: list[int]
    ) -> None:
        self.index, self.order, self.cost, self.back = index, order, cost, back
        self._at: dict[int, int] | None = None  # hex number -> place in order, when asked

    def at(self, h: str) -> int:
        """The place of hex ``h`` in ``order`` (-1: not reached)."""
        at = self._at
        if at is None:
            at = self._at = dict(zip(self.order, range(len(self.order)), strict=True))
        n = self.index.num.get(h)
        return -1 if n is None else at.get(n, -1)

    def __getitem__(self, h: str) -> Step:
        i = self.at(h)
        if i < 0:
            raise KeyError(h)
        b = self.back[i]
        return Step(self.cost[i], None if b < 0 else self.index.ids[self.order[b]])

    def __contains__(self, h: object) -> bool:
        return isinstance(h, str) and self.at(h) >= 0

    def __iter__(self) -> Iterator[str]:
        return map(self.index.ids.__getitem__, self.order)

    def __len__(self) -> int:
        return len(self.order)

    def hexes(self) -> list[str]:
        """The ids of the hexes reached, in the order found (``cost``'s order)."""
        return list(map(self.index.ids.__getitem__, self.order))

    def steps(self) -> dict[str, Step]:
        """The whole answer as :func:`reach` gives it: hex id -> :class:`Step`, in order."""
        names = self.hexes()
        new = _step
        return {
            h: new(Step, (c, names[b] if b >= 0 else None))
            for h, c, b in zip(names, self.cost, self.back, strict=True)
        }

    def path_at(self, i: int) -> list[str]:
        """The hexes from the start to ``order[i]``."""
        order, back, ids = self.order, self.back, self.index.ids
        out = []
        while i >= 0:
            out.append(ids[order[i]])
            i = back[i]
        out.reverse()
        return out

    def path(self, h: str) -> list[str]:
        """:func:`path_to` ``h``."""
        i = self.at(h)
        if i < 0:
            raise KeyError(f"hex {h} was not reached")
        return self.path_at(i)

    def ways(self, goals: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """:func:`paths_to` ``goals``: each hex's way made once, as the way to the hex it
        was entered from and the hex.

        >>> r = Reach(HexIndex(["a", "b", "c"]), [0, 2, 1], [0.0, 1.0, 3.0], [-1, 0, 1])
        >>> r.ways(["b", "c"])
        {'b': ('a', 'c', 'b'), 'c': ('a', 'c')}
        """
        order, back, ids = self.order, self.back, self.index.ids
        known: dict[int, tuple[str, ...]] = {-1: ()}
        out = {}
        for goal in goals:
            i = self.at(goal)
            if i < 0:
                raise KeyError(f"hex {goal} was not reached")
            back_to = []  # the places whose way is not known yet, the goal's first
            while i not in known:
                back_to.append(i)
                i = back[i]
            way = known[i]
            for j in reversed(back_to):
                way = known[j] = (*way, ids[order[j]])
            out[goal] = way
        return out


def reach_numbered(
    index: HexIndex,
    start: str,
    budget: float,
    steps: CostSteps,
    may_enter: Callable[[int], bool] | None,
    odd: Callable[[int, int, float], float | None] | None = None,
    pair: bytearray | bytes | None = None,
    on_pair: Callable[[int, int, float], float | None] | None = None,
    stops: bytearray | bytes | None = None,
    one_hex_minimum: bool = False,
    may_always_enter: Callable[[int, int], bool] | None = None,
    goal: str | None = None,
    ask: Iterable[int] | None = None,
) -> Reach:
    """:func:`reach` over hex numbers, with the costs worked out before the search: the
    same answer (the same hexes, costs, paths and order found) as :func:`reach` given an
    ``enter`` that refuses a hex ``may_enter`` refuses, then takes the step's cost from
    ``steps`` - where it is :data:`ODD`, ``odd(a, b, spent)`` says the whole cost (or None)
    - and otherwise, if ``pair`` flags both ends, lets ``on_pair(a, b, cost)`` change or
    refuse it; ``may_enter`` None: every hex may be entered; ``stops``: hexes flagged there
    may be entered but not left; ``ask``: the numbers of hexes every step into which is
    ``odd``'s, whatever ``steps`` says. ``odd`` never answers less than 0, nor, for a step
    into a hex of ``ask``, less than ``steps`` says; ``on_pair`` raises a cost or refuses
    it, never lowers it. ``may_enter`` is asked at most once a hex, and only for a step
    that could make the hex nearer (the rules asked must be pure: each answer depends only
    on its hexes).

    The search takes the hexes in order of cost, those of one cost in the order they were
    reached (the order a heap of (cost, count of pushes) pops them), from a list a cost:
    costs are few (small numbers within the budget). A hex from which every step costs
    more than is left (``steps.least``) is not read.

    >>> ix = HexIndex(["a", "b", "c", "d"])
    >>> line = cost_steps(ix, {"a": {"b": 1}, "b": {"a": 1, "c": 2}, "c": {"b": 1, "d": 1},
    ...                        "d": {"c": 1}})
    >>> r = reach_numbered(ix, "a", 3, line, lambda h: True)
    >>> {h: (s.cost, s.prev) for h, s in r.items()}
    {'a': (0.0, None), 'b': (1.0, 'a'), 'c': (3.0, 'b')}
    """
    n = len(index.ids)
    s = index.num[start]
    g = -1 if goal is None else index.num.get(goal, -1)
    scratch = index.scratch
    if scratch:  # the lists kept for the searches: no list of the map's size made a call
        cost, prev, entry, place = scratch.pop()
    else:  # a search asked from inside another's callbacks
        cost, prev, entry, place = [FAR_COST] * n, [-1] * n, [0] * n, [0] * n
    # entry: 0 not asked yet, 1 may enter, 2 may not; 4 added: every step into it is odd's
    asked: list[int] = []
    remember_asked = asked.append
    if ask is not None:
        asked.extend(ask)
        for h in asked:
            entry[h] = 4
    every = entry if may_enter is not None or asked else index.every
    pairs = pair if pair is not None else index.none
    least = steps.least
    cost[s], prev[s], place[s] = 0.0, -1, 0
    limit = float(budget)
    order = [s]
    found = order.append
    count = 1  # len(order)
    buckets: dict[float, list[int]] = {}  # cost -> the hexes reached at it, in order
    costs: list[float] = []  # the costs of the buckets, a heap
    get, pop, push = buckets.get, heapq.heappop, heapq.heappush
    bucket, spent = [s], 0.0
    last, into = -1.0, bucket.append  # the bucket added to last, and its cost
    while True:
        for here in bucket:  # (a list read while it grows: steps of cost 0 add to it)
            if spent > cost[here]:
                continue  # reached more cheaply since
            if here == g:
                break
            at_start = here == s
            if not at_start:
                if spent + least[here] > limit:
                    continue  # no step out of it fits in the budget
                if stops is not None and stops[here]:
                    continue
            row = steps[here]
            here_at = place[here]
            pair_here = pairs[here]
            for nxt, c in row:
                total = spent + c
                if total >= cost[nxt]:
                    continue  # as near already (the common case: no answer lowers a cost)
                if total > limit:
                    if not (at_start and one_hex_minimum):
                        continue
                elif every[nxt] == 1 and c >= 0.0 and not (pair_here and pairs[nxt]):
                    if cost[nxt] == FAR_COST:  # the plain step: a known cost, may enter
                        place[nxt] = count
                        count += 1
                        found(nxt)
                    cost[nxt], prev[nxt] = total, here_at
                    if total == last:
                        into(nxt)
                        continue
                    b = get(total)
                    if b is None:
                        b = buckets[total] = [nxt]
                        push(costs, total)
                    else:
                        b.append(nxt)
                    last, into = total, b.append
                    continue
                old = cost[nxt]
                e = every[nxt]
                if not e & 3:  # not asked yet whether it may be entered
                    if may_enter is None:
                        e |= 1
                    else:
                        e |= 1 if may_enter(nxt) else 2
                        entry[nxt] = e
                        remember_asked(nxt)
                if e & 2:
                    continue
                if c < 0.0 or e & 4:
                    assert odd is not None, "a step of unknown cost and no odd() to ask"
                    step_cost = odd(here, nxt, spent)  # the whole cost: no on_pair after it
                elif pair_here and pairs[nxt]:
                    assert on_pair is not None
                    step_cost = on_pair(here, nxt, c)
                else:
                    step_cost = c
                if step_cost is None:
                    continue
                total = spent + step_cost
                if total > budget:
                    if (
                        one_hex_minimum
                        and at_start
                        and old == FAR_COST
                        and (may_always_enter is None or may_always_enter(s, nxt))
                    ):
                        cost[nxt], prev[nxt], place[nxt] = budget, 0, count
                        count += 1
                        found(nxt)
                    continue
                if total < old:
                    if old == FAR_COST:
                        place[nxt] = count
                        count += 1
                        found(nxt)
                    cost[nxt], prev[nxt] = total, here_at
                    if total == last:
                        into(nxt)
                        continue
                    b = get(total)
                    if b is None:
                        b = buckets[total] = [nxt]
                        push(costs, total)
                    else:
                        b.append(nxt)
                    last, into = total, b.append
        else:
            if costs:
                spent = pop(costs)
                bucket = buckets.pop(spent)
                last = -1.0  # no bucket at hand (the one read is no longer kept)
                continue
        break  # every hex within the budget taken, or the goal reached
    out = Reach(
        index, order, list(map(cost.__getitem__, order)), list(map(prev.__getitem__, order))
    )
    for h in order:  # the lists as they were, for the next search
        cost[h] = FAR_COST
    for h in asked:
        entry[h] = 0
    scratch.append((cost, prev, entry, place))
    return out
