"""Hex geometry: every adjacency the rulebooks state, and the grid's invariants."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ostfront.core.hexgrid import HexGrid, HexIdError, cube_distance, hexside_id, split_hexside

SNO = HexGrid("sno", id_order="colrow", offset="even-q", columns=(1, 39), rows=(1, 30), rotation=60)
DR = HexGrid("dr", id_order="rowcol", offset="odd-r", columns=(0, 30), rows=(1, 34))


# ------------------------------------------------------------------ SNO (CCRR, even-q)
@pytest.mark.parametrize(
    ("a", "b", "rule"),
    [
        ("0224", "0125", "SNO 5.5.5"),
        ("0224", "0225", "SNO 5.5.5"),
        ("0224", "0325", "SNO 5.5.5"),
        ("0224", "0324", "SNO 5.5.5"),
        ("3115", "3015", "SNO 5.5.5"),
        ("3115", "3116", "SNO 5.5.5"),
        ("2816", "2917", "SNO 5.5.5"),
        ("2419", "2420", "SNO 5.5.3"),
        ("1205", "1206", "SNO 5.5.8"),
        ("1910", "1810", "SNO 12.D"),
        ("1910", "2010", "SNO 12.D"),
    ],
)
def test_sno_stated_adjacencies(a: str, b: str, rule: str) -> None:
    assert SNO.adjacent(a, b), rule
    assert SNO.adjacent(b, a), rule
    assert b in SNO.neighbours(a)


def test_sno_0224_neighbours_exactly() -> None:
    # 0224 is in an even column: its side neighbours are (CC±1, RR) and (CC±1, RR+1).
    assert sorted(SNO.neighbours("0224")) == ["0124", "0125", "0223", "0225", "0324", "0325"]


def test_sno_odd_column_neighbours() -> None:
    # 3115 is in an odd column: side neighbours (CC±1, RR-1) and (CC±1, RR).
    assert sorted(SNO.neighbours("3115")) == ["3014", "3015", "3114", "3116", "3214", "3215"]


def test_sno_finland_line_is_a_chain() -> None:
    line = ["0308", "0407", "0406", "0405", "0404", "0504", "0503", "0402", "0303", "0202", "0103"]
    for a, b in pairwise(line):
        assert SNO.adjacent(a, b), f"SNO 5.5.9: {a}-{b}"


def test_sno_not_adjacent_examples() -> None:
    assert not SNO.adjacent("0224", "0123")  # an odd-q reading would make these adjacent
    assert not SNO.adjacent("0224", "0226")
    assert not SNO.adjacent("3115", "3216")


# ------------------------------------------------------------------ DR (RRCC, odd-r)
@pytest.mark.parametrize(
    ("a", "b", "rule"),
    [
        ("3111", "3012", "DR 12.5 (Istanbul is one city in two hexes)"),
        ("2418", "2517", "DR 9.3.4"),
        ("2618", "2619", "DR 9.3.3"),
        ("3112", "3113", "DR 9.3.5"),
    ],
)
def test_dr_stated_adjacencies(a: str, b: str, rule: str) -> None:
    assert DR.adjacent(a, b), rule
    assert a in DR.neighbours(b)


def test_dr_neighbours_exactly() -> None:
    # even row 24: (r±1, c-1), (r±1, c), (r, c±1)
    assert sorted(DR.neighbours("2418")) == ["2317", "2318", "2417", "2419", "2517", "2518"]
    # odd row 31: (r±1, c), (r±1, c+1), (r, c±1)
    assert sorted(DR.neighbours("3111")) == ["3011", "3012", "3110", "3112", "3211", "3212"]


def test_dr_row_and_column_parse() -> None:
    assert DR.parse("0514") == (14, 5)  # Leningrad: column 14, row 05
    assert DR.format(14, 5) == "0514"
    assert SNO.parse("0308") == (3, 8)


# ------------------------------------------------------------------ ids and ranges
def test_bad_ids() -> None:
    with pytest.raises(HexIdError, match="not 4 digits"):
        SNO.parse("224")
    with pytest.raises(HexIdError, match="not on the sno map"):
        SNO.check("4001")
    with pytest.raises(HexIdError, match="not 4 digits"):
        SNO.check("02a4")
    assert "4001" not in SNO
    assert "0101" in SNO


def test_expand_ranges() -> None:
    assert SNO.expand("0104-10") == [f"01{r:02d}" for r in range(4, 11)]
    assert SNO.expand("0203-0205") == ["0203", "0204", "0205"]
    assert DR.expand("1211-13") == ["1211", "1212", "1213"]  # DR: a row, columns 11-13
    with pytest.raises(HexIdError, match="first two digits"):
        SNO.expand("0104-0210")
    with pytest.raises(HexIdError, match="backwards"):
        SNO.expand("0110-04")
    with pytest.raises(HexIdError, match="not on the sno map"):
        SNO.expand("0128-32")


def test_hexside_ids() -> None:
    assert SNO.hexside("0325", "0224") == "0224/0325"
    assert hexside_id("0224", "0325") == hexside_id("0325", "0224")
    assert split_hexside("0224/0325") == ("0224", "0325")
    with pytest.raises(HexIdError, match="not adjacent"):
        SNO.hexside("0224", "0226")
    with pytest.raises(HexIdError):
        split_hexside("0224-0325")


def test_grid_sizes_and_sides() -> None:
    assert len(SNO) == 39 * 30
    assert len(DR) == 31 * 34
    sides = list(SNO.iter_hexsides())
    assert len(sides) == len(set(sides))
    # every interior hex has six neighbours; corners fewer
    assert len(SNO.neighbours("2015")) == 6
    assert len(SNO.neighbours("0101")) == 2  # odd column 01, top row: 0102 and 0201
    assert sorted(SNO.neighbours("0101")) == ["0102", "0201"]


def test_rings_and_within() -> None:
    assert len(SNO.ring("2015", 1)) == 6
    assert len(SNO.ring("2015", 3)) == 18
    assert SNO.ring("2015", 0) == ["2015"]
    assert len(SNO.within("2015", 2)) == 19
    assert all(SNO.distance("2015", h) == 2 for h in SNO.ring("2015", 2))
    # rings are clipped at the map edge
    assert all(h in SNO for h in SNO.ring("0101", 2))
    assert len(SNO.ring("0101", 2)) < 12


def test_distances() -> None:
    assert SNO.distance("0308", "0308") == 0
    assert SNO.distance("0224", "0325") == 1
    assert SNO.distance("0308", "1306") == 10  # Leningrad to Moscow, 10 columns, near rows
    assert DR.distance("0514", "2716") == 22  # Leningrad to Sevastopol, rows 05 to 27


# ------------------------------------------------------------------ drawing layout
def test_north_is_roughly_up() -> None:
    # SNO: Leningrad 0308 is north of Kiev 1816; Berlin 0327 west of Moscow 1306.
    assert SNO.center("0308")[1] < SNO.center("1816")[1]
    assert SNO.center("0327")[0] < SNO.center("1306")[0]
    # SNO: Rostov 2911 is south of Moscow 1306 and Grozny 3907 east of Kiev 1816.
    assert SNO.center("2911")[1] > SNO.center("1306")[1]
    assert SNO.center("3907")[0] > SNO.center("1816")[0]
    # DR: Leningrad 0514 north of Sevastopol 2716, Minsk 1511 west of Orel 1618.
    assert DR.center("0514")[1] < DR.center("2716")[1]
    assert DR.center("1511")[0] < DR.center("1618")[0]


def test_adjacent_centres_are_one_hex_apart_and_share_an_edge() -> None:
    for grid in (SNO, DR):
        for a, b in [("0224", "0325"), ("1205", "1206"), ("2418", "2517")]:
            if a in grid and b in grid and grid.adjacent(a, b):
                (ax, ay), (bx, by) = grid.center(a, 10), grid.center(b, 10)
                assert abs(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - 10 * 3**0.5) < 1e-9
                p, q = grid.edge(a, b, 10)
                assert abs(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 - 10) < 1e-9


def test_sno_rotation_keeps_hexes_flat_topped() -> None:
    # a turn of 60 degrees maps the hexagon onto itself: a corner lies straight east of the
    # centre, and the column axis (0101 -> 0102) now points 30 degrees east of south
    cx, cy = SNO.center("2015", 10)
    east = max(SNO.corners("2015", 10), key=lambda p: p[0])
    assert abs(east[1] - cy) < 1e-9 and abs(east[0] - (cx + 10)) < 1e-9
    (x1, y1), (x2, y2) = SNO.center("2015", 10), SNO.center("2016", 10)
    assert x2 < x1 and y2 > y1  # rows run down and to the west (SNO facts 5.1: WSW)


# ------------------------------------------------------------------ properties
def ids(grid: HexGrid) -> st.SearchStrategy[str]:
    return st.sampled_from(grid.hexes())


@pytest.mark.parametrize("grid", [SNO, DR], ids=["sno", "dr"])
@given(data=st.data())
def test_neighbour_symmetry(grid: HexGrid, data: st.DataObject) -> None:
    h = data.draw(ids(grid))
    for n in grid.neighbours(h):
        assert h in grid.neighbours(n)
        assert grid.distance(h, n) == 1
        assert grid.direction(n, h) == (grid.direction(h, n) + 3) % 6


@pytest.mark.parametrize("grid", [SNO, DR], ids=["sno", "dr"])
@given(data=st.data())
def test_distance_is_a_metric(grid: HexGrid, data: st.DataObject) -> None:
    a, b, c = (data.draw(ids(grid)) for _ in range(3))
    assert grid.distance(a, a) == 0
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@pytest.mark.parametrize("grid", [SNO, DR], ids=["sno", "dr"])
@given(data=st.data())
def test_conversions_round_trip(grid: HexGrid, data: st.DataObject) -> None:
    h = data.draw(ids(grid))
    q, r = grid.to_axial(h)
    assert grid.from_axial(q, r) == h
    x, y, z = grid.to_cube(h)
    assert x + y + z == 0
    col, row = grid.parse(h)
    assert grid.format(col, row) == h


@given(q=st.integers(-50, 50), r=st.integers(-50, 50), dq=st.integers(-5, 5), dr=st.integers(-5, 5))
def test_cube_distance_matches_steps(q: int, r: int, dq: int, dr: int) -> None:
    d = cube_distance((q, r), (q + dq, r + dr))
    assert d == max(abs(dq), abs(dr), abs(dq + dr))


def test_absent_hexes_are_cut_away() -> None:
    cut = HexGrid(
        "cut",
        id_order="colrow",
        offset="even-q",
        columns=(1, 4),
        rows=(1, 4),
        absent=["0404", "0304"],
    )
    assert len(cut) == 14 and "0404" not in cut
    assert sorted(cut.neighbours("0303")) == ["0202", "0203", "0302", "0402", "0403"]
    with pytest.raises(HexIdError, match="cut away"):
        cut.check("0404")
    assert cut.from_axial(*cut.to_axial("0404")) is None
