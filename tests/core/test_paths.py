"""Path finding with pluggable costs."""

from __future__ import annotations

import math
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from ostfront.core.hexgrid import HexGrid
from ostfront.core.paths import (
    FAR,
    HexIndex,
    Reach,
    any_within,
    connected,
    connected_numbered,
    cost_steps,
    distances,
    flood,
    flood_numbered,
    grow,
    grow_nearer,
    path_to,
    paths_to,
    reach,
    reach_numbered,
    search,
    step_distances,
    walk_back,
    within_numbered,
)

G = HexGrid("t", id_order="colrow", offset="even-q", columns=(1, 8), rows=(1, 8))


def one(a: str, b: str, spent: float) -> float:
    return 1


SMALL = HexGrid("s", id_order="colrow", offset="even-q", columns=(1, 5), rows=(1, 3))
WALL = {"0202", "0302"}


def test_search_keeps_the_way_from_several_starts_within_a_limit() -> None:
    """Both starts searched together (in sorted order), two steps at most, around a wall;
    each hex keeps the hex it was first entered from."""
    found = search(["0501", "0101"], SMALL.neighbours, lambda a, b: b not in WALL, limit=2)
    assert found == {
        "0101": None,
        "0501": None,
        "0201": "0101",
        "0102": "0101",
        "0401": "0501",
        "0502": "0501",
        "0301": "0201",
        "0103": "0102",
        "0402": "0401",
        "0503": "0502",
    }
    assert walk_back(found, "0103") == ["0103", "0102", "0101"]
    assert walk_back(found, "0402") == ["0402", "0401", "0501"]


def test_search_stops_at_the_nearest_goal() -> None:
    """Two goals four steps away: the first found wins, and the search stops there."""
    goals = {"0401", "0503"}
    found = search(["0103"], SMALL.neighbours, lambda a, b: b not in WALL, goals=goals)
    nearest = next(h for h in found if h in goals)
    assert nearest == "0503"
    assert walk_back(found, nearest) == ["0503", "0403", "0303", "0203", "0103"]
    whole = search(["0103"], SMALL.neighbours, lambda a, b: b not in WALL)
    assert walk_back(whole, "0503") == walk_back(found, "0503")
    assert len(whole) == 13 and len(found) < len(whole)


def test_reach_counts_hexes_by_budget() -> None:
    r = reach("0404", 2, G.neighbours, one)
    assert len(r) == 19
    assert r["0404"].cost == 0
    assert all(r[h].cost == G.distance("0404", h) for h in r)


def test_costs_and_forbidden_steps() -> None:
    swamp = {"0504", "0505"}

    def cost(a: str, b: str, spent: float) -> float | None:
        if b == "0304":
            return None
        return 3 if b in swamp else 1

    r = reach("0404", 2, G.neighbours, cost)
    assert "0304" not in r
    assert "0504" not in r  # swamp costs 3 > 2
    r3 = reach("0404", 3, G.neighbours, cost)
    assert r3["0504"].cost == 3
    assert path_to(r3, "0504") == ["0404", "0504"]


def test_one_hex_minimum() -> None:
    def cost(a: str, b: str, spent: float) -> float:
        return 5

    assert set(reach("0404", 2, G.neighbours, cost)) == {"0404"}
    r = reach("0404", 2, G.neighbours, cost, one_hex_minimum=True)
    assert set(r) == {"0404", *G.neighbours("0404")}
    assert all(r[n].cost == 2 for n in G.neighbours("0404"))
    r = reach(
        "0404",
        2,
        G.neighbours,
        cost,
        one_hex_minimum=True,
        may_always_enter=lambda a, b: b != "0403",
    )
    assert "0403" not in r


def test_stops_end_movement() -> None:
    zoc = {"0403", "0405", "0304", "0305", "0504", "0505"}  # the ring round 0404
    r = reach("0404", 4, G.neighbours, one, stops=lambda h: h in zoc)
    assert set(r) == {"0404", *zoc}


def test_paths_are_connected_steps() -> None:
    r = reach("0101", 20, G.neighbours, one)
    p = path_to(r, "0808")
    assert p[0] == "0101" and p[-1] == "0808"
    assert len(p) - 1 == G.distance("0101", "0808")
    assert all(G.adjacent(a, b) for a, b in pairwise(p))


def test_multi_source_distances_with_limit() -> None:
    d = distances(["0101", "0808"], G.neighbours, lambda a, b: True, limit=2)
    assert d["0101"] == 0 and d["0808"] == 0
    assert max(d.values()) == 2
    assert "0404" not in d
    blocked = distances(["0101"], G.neighbours, lambda a, b: b[:2] != "03")
    assert not any(h.startswith("03") or h[:2] > "03" for h in blocked)


def test_distances_may_enter_but_not_pass() -> None:
    """SNO 9.2.1: a route may end in a hex it may not pass through (an enemy unit, say)."""
    wall = {"0301", "0302", "0303", "0304", "0305", "0306", "0307"}  # column 03 but 0308
    d = distances(["0101"], G.neighbours, lambda a, b: True, may_leave=lambda h: h not in wall)
    assert d["0301"] == 2  # entered
    assert d["0401"] == G.distance("0101", "0308") + G.distance("0308", "0401")  # round the end
    plain = distances(["0101"], G.neighbours, lambda a, b: True)
    assert plain["0401"] == 3
    # a source may always be left, even one the rule would stop in
    assert distances(["0301"], G.neighbours, lambda a, b: True, may_leave=lambda h: False) == {
        "0301": 0,
        **dict.fromkeys(G.neighbours("0301"), 1),
    }


def test_distances_known_lowered_by_new_sources() -> None:
    """SNO 9.2c: new sources lower the distances already found, and only where nearer."""
    first = distances(["0101"], G.neighbours, lambda a, b: True)
    both = distances(["0808"], G.neighbours, lambda a, b: True, known=first)
    fresh = distances(["0101", "0808"], G.neighbours, lambda a, b: True)
    assert both == fresh
    assert first["0808"] == G.distance("0101", "0808")  # the known table is not changed


def test_connected() -> None:
    rail = {"0101", "0201", "0301", "0302"}
    c = connected(["0101"], G.neighbours, lambda a, b: b in rail)
    assert c == rail


@given(
    st.sampled_from(sorted(G.hexes())),
    st.frozensets(st.sampled_from(sorted(G.hexes())), max_size=30),
    st.frozensets(st.tuples(st.sampled_from(sorted(G.hexes())), st.integers(0, 5)), max_size=20),
)
def test_flood_finds_what_reach_finds_with_unit_steps(
    start: str, walls: frozenset[str], cut: frozenset[tuple[str, int]]
) -> None:
    """The breadth-first flood is reach with a cost of 1 a step and no budget: the same
    hexes, the same costs and the same paths (rail movement relies on it, DR 6.5C)."""
    cut_sides = {(h, G.neighbours(h)[i]) for h, i in cut if i < len(G.neighbours(h))}

    def may_step(a: str, b: str) -> bool:
        return b not in walls and (a, b) not in cut_sides

    flooded = flood(start, G.neighbours, may_step)
    reached = reach(start, math.inf, G.neighbours, lambda a, b, s: 1 if may_step(a, b) else None)
    assert flooded == reached


HEXES = sorted(G.hexes())
IX = HexIndex(HEXES)
STEPS = {h: tuple(G.neighbours(h)) for h in HEXES}
STEPS_N = IX.steps(STEPS)


@given(
    st.frozensets(st.sampled_from(HEXES), min_size=1, max_size=3),
    st.frozensets(st.sampled_from(HEXES), min_size=1, max_size=3),
    st.frozensets(st.sampled_from(HEXES), max_size=25),
    st.frozensets(st.sampled_from(HEXES), max_size=25),
)
def test_searches_by_hex_number_find_what_the_searches_by_id_find(
    first: frozenset[str], later: frozenset[str], walls: frozenset[str], held: frozenset[str]
) -> None:
    """SNO 9.1.2, 9.2.1, 9.2c (the supply searches): step_distances and grow_nearer over
    hex numbers give what distances and grow give over hex ids - the same counts, the same
    lowering by new sources (and the same hexes said to have changed), the same area."""
    leave = lambda h: h not in walls  # noqa: E731
    leave_n = bytes(0 if h in walls else 1 for h in IX.ids)
    d = distances(sorted(first), STEPS.__getitem__, None, may_leave=leave)
    d_n = step_distances([IX.num[h] for h in first], STEPS_N, leave_n)
    assert IX.by_id(d_n) == d
    assert all(v == FAR for h, v in zip(IX.ids, d_n, strict=True) if h not in d)
    fell: list[str] = []
    fell_n: list[int] = []
    d2 = distances(sorted(later), STEPS.__getitem__, None, None, leave, known=d, changed=fell)
    d2_n = step_distances(sorted(IX.num[h] for h in later), STEPS_N, leave_n, d_n, fell_n)
    assert IX.by_id(d2_n) == d2 and [IX.ids[i] for i in fell_n] == fell
    threat = distances(sorted(walls) or ["0808"], STEPS.__getitem__, None)
    threat_n = step_distances([IX.num[h] for h in sorted(walls) or ["0808"]], STEPS_N)
    area: set[str] = set()
    grow(area, first, STEPS.__getitem__, lambda h: h in held or d2.get(h, FAR) < threat[h])
    area_n = bytearray(len(IX))
    grow_nearer(area_n, [IX.num[h] for h in first], STEPS_N, IX.mask(held), d2_n, threat_n)
    assert IX.hexes(area_n) == area


@given(
    st.lists(st.sampled_from(HEXES), min_size=1, max_size=4),
    st.frozensets(st.sampled_from(HEXES), max_size=30),
)
def test_connected_by_hex_number_finds_what_connected_finds(
    sources: list[str], shut: frozenset[str]
) -> None:
    """SNO 3.4.6 (the rail lines): connected_numbered floods the same hexes as connected
    from the same sources (shut ones left out, as the rail line leaves them), each once."""
    open_sources = [h for h in sources if h not in shut]
    by_id = connected(open_sources, STEPS.__getitem__, lambda a, b: b not in shut)
    found = connected_numbered([IX.num[h] for h in open_sources], STEPS_N, IX.mask(shut))
    assert {IX.ids[i] for i in found} == by_id and len(found) == len(by_id)
    assert [IX.ids[i] for i in found[: len(set(open_sources))]] == list(dict.fromkeys(open_sources))


COST = {h: {b: float(1 + (int(b) * 7 + int(h)) % 3) for b in G.neighbours(h)} for h in HEXES}
COST_N = cost_steps(
    IX, {h: {b: (None if c == 3 else c) for b, c in r.items()} for h, r in COST.items()}
)


@given(
    st.sampled_from(HEXES),
    st.integers(0, 9),
    st.frozensets(st.sampled_from(HEXES), max_size=20),
    st.frozensets(st.sampled_from(HEXES), max_size=20),
    st.frozensets(st.sampled_from(HEXES), max_size=10),
    st.booleans(),
    st.sampled_from([None, *HEXES[::5]]),
    st.frozensets(st.sampled_from(HEXES), max_size=10),
)
def test_reach_by_hex_number_finds_what_reach_finds(
    start: str,
    budget: int,
    walls: frozenset[str],
    zoc: frozenset[str],
    stop: frozenset[str],
    one_hex: bool,
    goal: str | None,
    asked: frozenset[str],
) -> None:
    """Movement reach over precomputed costs by hex number (DR 6.1, 6.3; SNO 5.1, 5.2) is
    reach with an enter callback: the same hexes, costs, paths and order found - with hexes
    that may not be entered, steps of unknown cost asked as the search goes (odd), ZOC to ZOC
    steps costing one more or refused (on_pair), hexes that stop the unit, one hex always, a
    goal, and hexes every step into which is asked of odd (never cheaper than the table)."""
    ids = IX.ids

    def enter(a: str, b: str, spent: float) -> float | None:
        if b in walls:
            return None
        c = COST[a][b]
        if c == 3:  # the "odd" steps: their cost is asked as the search goes
            return budget if a == start and spent == 0 else None if b in zoc else 2.5
        if a in zoc and b in zoc:
            return None if int(b) % 2 else c + 1
        return c

    def on_pair(a: int, b: int, c: float) -> float | None:
        return None if int(ids[b]) % 2 else c + 1

    def odd(a: int, b: int, spent: float) -> float | None:
        return enter(ids[a], ids[b], spent)

    def always(a: str, b: str) -> bool:
        return not (a in zoc and b in zoc)

    by_id = reach(start, budget, G.neighbours, enter, lambda h: h in stop, one_hex, always, goal)
    by_number = reach_numbered(
        IX,
        start,
        budget,
        COST_N,
        lambda b: ids[b] not in walls,
        odd=odd,
        pair=IX.mask(zoc),
        on_pair=on_pair,
        stops=IX.mask(stop),
        one_hex_minimum=one_hex,
        may_always_enter=lambda a, b: always(ids[a], ids[b]),
        goal=goal,
        ask=sorted(IX.num[h] for h in asked) or None,
    )
    assert list(by_number.items()) == list(by_id.items())
    assert by_number.hexes() == list(by_id)
    assert list(by_number.steps().items()) == list(by_id.items())
    assert [by_number.path_at(i) for i in range(len(by_number))] == [
        path_to(by_id, h) for h in by_id
    ]
    last_first = list(by_id)[::-1]  # the ways shared: a hex's way known before its start's
    assert paths_to(by_number, last_first) == {h: tuple(path_to(by_id, h)) for h in last_first}
    again = reach_numbered(IX, start, budget, COST_N, lambda b: ids[b] not in walls, odd=odd)
    assert again == reach_numbered(
        IX, start, budget, COST_N, lambda b: ids[b] not in walls, odd=odd
    )


def test_reach_by_hex_number_answers_lists_by_number() -> None:
    """The movement search over hex numbers on a five-hex map: the hexes in the order found,
    their costs, the place of the hex each was entered from, and the paths - a step of
    unknown cost asked of odd (c to e), a hex every step into which is asked (d: its cost
    raised by one), a hex left unread (e: no step out of it fits in the budget)."""
    ix = HexIndex(["a", "b", "c", "d", "e"])
    table: dict[str, dict[str, float | None]] = {
        "a": {"b": 1, "c": 2},
        "b": {"a": 1, "d": 1, "c": 1},
        "c": {"a": 2, "b": 1, "e": None},
        "d": {"b": 1, "e": 2},
        "e": {"c": 1, "d": 1},
    }
    steps = cost_steps(ix, table)
    odd_asked: list[tuple[str, str, float]] = []

    def odd(a: int, b: int, spent: float) -> float | None:
        odd_asked.append((ix.ids[a], ix.ids[b], spent))
        c = table[ix.ids[a]][ix.ids[b]]
        return 1 if c is None else c + 1

    found = reach_numbered(ix, "a", 3, steps, None, odd=odd)
    assert isinstance(found, Reach)
    assert (found.order, found.cost, found.back) == (
        [0, 1, 2, 3, 4],
        [0, 1, 2, 2, 3],
        [-1, 0, 0, 1, 2],
    )
    assert found.path("e") == path_to(found, "e") == ["a", "c", "e"]
    assert found["d"] == (2.0, "b") and "e" in found and "x" not in found
    assert odd_asked == [("c", "e", 2.0)]
    assert steps.least == [1.0, 1.0, -1.0, 1.0, 1.0]

    odd_asked.clear()
    raised = reach_numbered(ix, "a", 3, steps, lambda h: h != 4, odd=odd, ask=[3])
    assert (raised.hexes(), raised.cost, raised.back) == (
        ["a", "b", "c", "d"],
        [0, 1, 2, 3],
        [-1, 0, 0, 1],
    )
    assert odd_asked == [("b", "d", 1.0)]  # c to e: e may not be entered, odd is not asked
    assert dict(reach_numbered(ix, "a", 3, steps, None, odd=odd)) == dict(found)  # lists reset


def test_masks_of_sets_are_kept_by_identity() -> None:
    """A set's mask is worked out once while the set is asked about again (a ZOC kept for a
    position), and another set of the same hexes is not mistaken for it."""
    ix = HexIndex(["0101", "0201", "0301"])
    zoc, held = frozenset({"0101", "0201"}), frozenset({"0201"})
    assert ix.mask_of(zoc) == b"\x01\x01\x00" and ix.mask_of(zoc, held) == b"\x01\x00\x00"
    assert ix.mask_of(zoc) is ix.mask_of(zoc)
    again = frozenset(["0301"])
    assert ix.mask_of(again) == b"\x00\x00\x01"


@given(
    st.sampled_from(HEXES),
    st.frozensets(st.sampled_from(HEXES), max_size=25),
    st.frozensets(st.tuples(st.sampled_from(HEXES), st.integers(0, 5)), max_size=12),
)
def test_flood_by_hex_number_finds_what_flood_finds(
    start: str, walls: frozenset[str], cut: frozenset[tuple[str, int]]
) -> None:
    """DR 6.5C (rail movement): flood_numbered finds the same hexes in the same order,
    with the same costs and paths, as flood; Reach.ways gives the paths paths_to gives."""
    cut_sides = {(h, G.neighbours(h)[i]) for h, i in cut if i < len(G.neighbours(h))}
    flooded = flood(start, G.neighbours, lambda a, b: b not in walls and (a, b) not in cut_sides)
    asked: list[int] = []

    def may_enter(b: int) -> bool:
        asked.append(b)
        return IX.ids[b] not in walls

    found = flood_numbered(
        IX, start, STEPS_N, may_enter, lambda a, b: (IX.ids[a], IX.ids[b]) not in cut_sides
    )
    assert list(found.items()) == list(flooded.items())
    assert len(asked) == len(set(asked))  # each hex asked once
    assert found.ways(sorted(flooded)) == paths_to(flooded, sorted(flooded))


@given(
    st.lists(st.sampled_from(HEXES), min_size=1, max_size=4),
    st.frozensets(st.sampled_from(HEXES), max_size=30),
    st.integers(0, 5),
)
def test_within_by_hex_number_finds_what_distances_finds(
    sources: list[str], shut: frozenset[str], limit: int
) -> None:
    """DR 5.0 (supply paths): within_numbered reaches the hexes distances reaches with a
    limit through hexes not shut, the sources whatever they are."""
    by_id = distances(sources, STEPS.__getitem__, lambda a, b: b not in shut, limit=limit)
    found = within_numbered([IX.num[h] for h in sources], STEPS_N, IX.mask(shut), limit)
    assert sorted(IX.ids[i] for i in found) == sorted(by_id)


@given(
    st.sampled_from(HEXES),
    st.integers(0, 4),
    st.frozensets(st.sampled_from(HEXES), max_size=25),
    st.frozensets(st.sampled_from(HEXES), max_size=15),
    st.frozensets(st.sampled_from(HEXES), max_size=6),
)
def test_any_within_answers_as_reach(
    start: str, limit: int, walls: frozenset[str], stop: frozenset[str], wanted: frozenset[str]
) -> None:
    """DR 11.6.4D, 12.7C (may a marshal move on his own): any_within says whether the reach
    with a cost of 1 a step holds a wanted hex other than the start."""
    found = reach(
        start, limit, G.neighbours, lambda a, b, s: None if b in walls else 1, stop.__contains__
    )
    expected = any(h in wanted for h in found if h != start)
    answer = any_within(
        start, limit, G.neighbours, lambda a, b: b not in walls, stop.__contains__,
        wanted.__contains__,
    )  # fmt: skip
    assert answer == expected
