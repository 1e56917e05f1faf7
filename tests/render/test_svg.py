"""Tests for the SVG renderer (ostfront.render.svg)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from ostfront.core.drawing import colour_of
from ostfront.core.hexgrid import HexIdError, hexside_id
from ostfront.core.mapmodel import GameMap, load_map_text
from ostfront.core.protocol import CounterView
from ostfront.games.dr.counters import COUNTER_COLOURS
from ostfront.render import (
    DEFAULT_COLOUR,
    TERRAIN_COLOURS,
    render_counter,
    render_map,
)

NS = "{http://www.w3.org/2000/svg}"
SIZE = 24.0

SNO_TOML = """
[map]
id = "sno-toy"
title = "Eight by eight, one river"

[grid]
id_order = "colrow"
offset = "even-q"
columns = [1, 8]
rows = [1, 8]
rotation = 60

[terrain]
default = "clear"
forest = ["0304-05"]
swamp = ["0707"]
sea = ["0101-08"]

[[hexsides]]
kind = "river"
name = "Little River"
sides = ["0401/0501", "0401/0502", "0402/0502"]

[[hexsides]]
kind = "fortified_line"
name = "Stalin Line"
sides = ["0606/0607"]

[[hexsides]]
kind = "strait"
name = "Kerch"
sides = ["0707/0708"]

[[hexsides]]
kind = "no_attack"
name = "Sivash"
sides = ["0807/0808"]

[[places]]
hex = "0606"
name = "Pskov & <Sons>"
kinds = ["city", "victory_city"]

[[places]]
hex = "0303"
name = "Fort"
kinds = ["fortress", "port"]

[[regions]]
name = "West"
kind = "country"
hexes = ["0201-08", "0301-08", "0401-08"]

[[regions]]
name = "East"
kind = "country"
hexes = ["0501-08", "0601-08", "0701-08"]

[[regions]]
name = "Marshes"
kind = "area"
hexes = ["0707"]

[[rails]]
name = "Main line"
hexes = ["0203", "0303", "0403"]
"""

DR_TOML = """
[map]
id = "dr-toy"

[grid]
id_order = "rowcol"
offset = "odd-r"
columns = [1, 6]
rows = [1, 6]

[terrain]
clear = ["0101-06", "0201-06"]
mountain = ["0301"]

[[hexsides]]
kind = "river"
name = "Don"
sides = ["0303/0403"]

[[places]]
hex = "0404"
name = "Tula"
kinds = ["major_city", "capital"]
"""


# ------------------------------------------------------------------ helpers
@pytest.fixture(scope="module")
def sno() -> GameMap:
    return load_map_text(SNO_TOML, source="sno-toy")


@pytest.fixture(scope="module")
def dr() -> GameMap:
    return load_map_text(DR_TOML, source="dr-toy")


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def layer(root: ET.Element, cls: str) -> ET.Element:
    found = [g for g in root.iter(f"{NS}g") if g.get("class") == cls]
    assert len(found) == 1, f"expected one <g class={cls!r}>, found {len(found)}"
    return found[0]


def r1(x: float) -> float:
    """A number rounded the way the renderer writes it."""
    return float(f"{x:.1f}")


def points(attr: str) -> list[tuple[float, float]]:
    out = []
    for pair in attr.split():
        x, y = pair.split(",")
        out.append((float(x), float(y)))
    return out


def rounded(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(r1(x), r1(y)) for x, y in pts]


def translate(el: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(1)), float(m.group(2))


def counter_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-counter", ""): g for g in root.iter(f"{NS}g") if g.get("data-counter")}


def view_box(root: ET.Element) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    return x, y, w, h


def cv(cid: str, hex_id: str, **kw: object) -> CounterView:
    args: dict[str, object] = {
        "side": "axis",
        "nation": "germany",
        "symbol": "infantry",
        "factors": "4-4",
    }
    args.update(kw)
    # the colour is the game's to give (Defiant Russia's palette here)
    args.setdefault("colour", colour_of(COUNTER_COLOURS, str(args["nation"]), str(args["side"])))
    return CounterView(cid, hex_id, **args)  # type: ignore[arg-type]


# ------------------------------------------------------------------ document
def test_document_parses_and_view_box_covers_the_grid(sno: GameMap) -> None:
    svg = render_map(sno, size=SIZE)
    root = parse(svg)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    x, y, w, h = view_box(root)
    min_x, min_y, max_x, max_y = sno.grid.bounds(SIZE)
    assert x < min_x and y < min_y
    assert x + w > max_x and y + h > max_y
    # the margin is modest: no more than one hex size on any side
    assert min_x - x <= SIZE and x + w - max_x <= SIZE
    assert min_y - y <= SIZE and y + h - max_y <= SIZE


def test_layers_are_present_in_drawing_order(sno: GameMap) -> None:
    root = parse(render_map(sno, [cv("g1", "0404")], highlight={"0505": "1"}))
    order = [g.get("class") for g in root if g.tag == f"{NS}g"]
    assert order == [
        "hexes",
        "region-borders",
        "hexsides",
        "rails",
        "places",
        "hex-ids",
        "highlights",
        "counters",
        "highlight-labels",
    ]


def test_title_is_escaped(sno: GameMap) -> None:
    svg = render_map(sno, title="Turn 3 & <Axis>")
    root = parse(svg)
    t = root.find(f"{NS}title")
    assert t is not None and t.text == "Turn 3 & <Axis>"
    assert "Turn 3 &amp; &lt;Axis&gt;" in svg
    assert root.find(f"{NS}title") is root[0]


def test_no_title_element_without_title(sno: GameMap) -> None:
    root = parse(render_map(sno))
    assert root.find(f"{NS}title") is None


# ------------------------------------------------------------------ hexes
def test_one_polygon_per_hex_with_ids(sno: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    polys = layer(root, "hexes").findall(f"{NS}polygon")
    assert len(polys) == 64
    assert [p.get("data-hex") for p in polys] == list(sno.grid.hexes())
    assert [p.get("id") for p in polys] == [f"hex-{h}" for h in sno.grid.hexes()]
    # and nowhere else in the document is there a polygon claiming to be a hex
    all_hex_polys = [p for p in root.iter(f"{NS}polygon") if (p.get("id") or "").startswith("hex-")]
    assert len(all_hex_polys) == 64


def test_polygon_corners_are_the_grid_corners(sno: GameMap, dr: GameMap) -> None:
    for game_map in (sno, dr):
        root = parse(render_map(game_map, size=SIZE))
        for poly in layer(root, "hexes").findall(f"{NS}polygon"):
            hid = poly.get("data-hex", "")
            assert points(poly.get("points", "")) == rounded(game_map.grid.corners(hid, SIZE))


def test_terrain_fill_data_and_hover_title(sno: GameMap) -> None:
    root = parse(render_map(sno))
    polys = {p.get("data-hex"): p for p in layer(root, "hexes").findall(f"{NS}polygon")}
    assert polys["0304"].get("data-terrain") == "forest"
    assert polys["0304"].get("fill") == TERRAIN_COLOURS["forest"]
    assert polys["0101"].get("fill") == TERRAIN_COLOURS["sea"]
    assert polys["0707"].get("fill") == TERRAIN_COLOURS["swamp"]
    assert polys["0808"].get("fill") == TERRAIN_COLOURS["clear"]
    title = polys["0606"].find(f"{NS}title")
    assert title is not None and title.text == "0606 clear Pskov & <Sons>"
    t2 = polys["0304"].find(f"{NS}title")
    assert t2 is not None and t2.text == "0304 forest"


def test_unknown_terrain_is_distinct(dr: GameMap) -> None:
    root = parse(render_map(dr))
    polys = {p.get("data-hex"): p for p in layer(root, "hexes").findall(f"{NS}polygon")}
    assert len(polys) == 36
    assert polys["0301"].get("data-terrain") == "mountain"
    unknown = polys["0505"]
    assert unknown.get("data-terrain") == "unknown"
    fill = unknown.get("fill", "")
    assert fill not in {TERRAIN_COLOURS[k] for k in ("clear", "forest", "swamp", "mountain")}
    assert fill == "url(#terrain-unknown)"
    assert root.find(f".//{NS}pattern[@id='terrain-unknown']") is not None
    title = unknown.find(f"{NS}title")
    assert title is not None and title.text is not None and title.text.startswith("0505 unknown")


def test_hex_ids_shown_and_hidden(sno: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    texts = layer(root, "hex-ids").findall(f"{NS}text")
    assert [t.text for t in texts] == list(sno.grid.hexes())
    for t in texts:
        cx, cy = sno.grid.center(t.text or "", SIZE)
        assert float(t.get("x", "nan")) == r1(cx)
        assert float(t.get("y", "nan")) < cy  # near the top of the hex
    hidden = parse(render_map(sno, show_ids=False))
    assert not [g for g in hidden.iter(f"{NS}g") if g.get("class") == "hex-ids"]
    assert not [t for t in hidden.iter(f"{NS}text") if t.get("class") == "hex-id"]


# ------------------------------------------------------------------ hexsides and borders
def test_river_sides_are_lines_on_the_shared_edge(sno: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    rivers = [
        el for el in layer(root, "hexsides").iter(f"{NS}line") if el.get("data-kind") == "river"
    ]
    assert sorted(el.get("data-side") for el in rivers) == ["0401/0501", "0401/0502", "0402/0502"]
    for el in rivers:
        a, b = el.get("data-side", "").split("/")
        (x1, y1), (x2, y2) = sno.grid.edge(a, b, SIZE)
        got = [
            (float(el.get("x1", "nan")), float(el.get("y1", "nan"))),
            (float(el.get("x2", "nan")), float(el.get("y2", "nan"))),
        ]
        assert got == [(r1(x1), r1(y1)), (r1(x2), r1(y2))]
        assert "river" in (el.get("class") or "").split()
        title = el.find(f"{NS}title")
        assert title is not None and "Little River" in (title.text or "")


def test_every_hexside_kind_is_drawn(sno: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    sides = layer(root, "hexsides")
    kinds = {el.get("data-kind"): el for el in sides if el.get("data-kind")}
    assert set(kinds) == {"river", "fortified_line", "strait", "no_attack"}
    # the fortified line is a zig-zag whose ends are the edge's corners
    zig = kinds["fortified_line"]
    assert zig.tag == f"{NS}polyline"
    pts = points(zig.get("points", ""))
    assert len(pts) > 3
    assert {pts[0], pts[-1]} == set(rounded(list(sno.grid.edge("0606", "0607", SIZE))))
    assert kinds["no_attack"].get("stroke-dasharray")
    # the strait has an extra marker
    markers = [g for g in sides.iter(f"{NS}g") if g.get("class") == "strait-marker"]
    assert [g.get("data-side") for g in markers] == ["0707/0708"]
    # the colours differ by kind
    strokes = {k: el.get("stroke") for k, el in kinds.items()}
    assert len(set(strokes.values())) == len(strokes)


def test_country_borders_follow_the_regions(sno: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    lines = layer(root, "region-borders").findall(f"{NS}line")
    got = {el.get("data-side") for el in lines}
    west = sno.regions["West"].hexes
    east = sno.regions["East"].hexes
    no_country = set(sno.grid.expand("0801-08"))  # clear land in no country
    sea = set(sno.grid.expand("0101-08"))  # sea in no country: a coast, not a border
    west_east = {hexside_id(a, b) for a in west for b in sno.grid.neighbours(a) if b in east}
    east_none = {hexside_id(a, b) for a in east for b in sno.grid.neighbours(a) if b in no_country}
    coast = {hexside_id(a, b) for a in west for b in sno.grid.neighbours(a) if b in sea}
    expected = west_east | east_none
    assert west_east and east_none and coast
    assert not (got & coast)
    assert expected and got == expected
    for el in lines:
        a, b = el.get("data-side", "").split("/")
        (x1, y1), (x2, y2) = sno.grid.edge(a, b, SIZE)
        assert (float(el.get("x1", "nan")), float(el.get("y1", "nan"))) == (r1(x1), r1(y1))
        assert (float(el.get("x2", "nan")), float(el.get("y2", "nan"))) == (r1(x2), r1(y2))
        assert el.get("stroke-dasharray")


def test_rails_run_through_hex_centres(sno: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    rails = layer(root, "rails")
    lines = [el for el in rails.iter(f"{NS}polyline") if el.get("class") == "rail-line"]
    assert len(lines) == 1
    expected = rounded([sno.grid.center(h, SIZE) for h in ("0203", "0303", "0403")])
    assert points(lines[0].get("points", "")) == expected
    ties = [el for el in rails.iter(f"{NS}polyline") if el.get("class") == "rail-ties"]
    assert len(ties) == 1 and ties[0].get("stroke-dasharray")


def test_a_click_inside_a_hex_reaches_the_hex(sno: GameMap) -> None:
    """Every shape drawn over the hexes either lets the pointer through (pointer-events
    none, on it or a group around it) or names the hex it stands in (data-hex), so a click on
    a rail line, river or border inside a lit hex still reaches that hex."""
    inf = CounterView("s1", "0303", "soviet", "ussr", "infantry", "3-4", "10A")
    root = parse(render_map(sno, [inf], highlight={"0303": "2"}, size=SIZE))
    for cls in ("region-borders", "hexsides", "rails", "hex-ids"):
        assert layer(root, cls).get("pointer-events") == "none", cls
    hexes = layer(root, "hexes")
    shapes = {"line", "polyline", "polygon", "path", "rect", "circle", "ellipse", "text"}
    checked = 0

    def walk(el: ET.Element, through: bool, named: bool) -> None:
        nonlocal checked
        through = through or el.get("pointer-events") == "none"
        named = named or el.get("data-hex") is not None
        if el.tag.removeprefix(NS) in shapes:
            # text of counters, ids, places and highlight labels is let through by the CSS
            by_css = el.tag == f"{NS}text"
            assert through or named or by_css, (el.tag, el.attrib)
            checked += 1
        for child in el:
            walk(child, through, named)

    after = list(root)[list(root).index(hexes) + 1 :]
    for el in after:
        walk(el, False, False)
    assert checked > 30
    rails = layer(root, "rails")
    assert [el.get("class") for el in rails.iter(f"{NS}polyline")] == ["rail-ties", "rail-line"]


# ------------------------------------------------------------------ places
def test_place_label_is_escaped(sno: GameMap) -> None:
    svg = render_map(sno, size=SIZE)
    assert "Pskov &amp; &lt;Sons&gt;" in svg
    assert "Pskov & <" not in svg
    root = parse(svg)
    labels = [t for t in layer(root, "places").iter(f"{NS}text") if t.get("class") == "place-label"]
    assert sorted(t.text or "" for t in labels) == ["Fort", "Pskov & <Sons>"]
    pskov = next(t for t in labels if t.text == "Pskov & <Sons>")
    cx, cy = sno.grid.center("0606", SIZE)
    assert float(pskov.get("x", "nan")) == r1(cx)
    assert cy < float(pskov.get("y", "nan")) < cy + SIZE


def test_place_markers_by_kind(sno: GameMap, dr: GameMap) -> None:
    root = parse(render_map(sno, size=SIZE))
    places = {g.get("data-hex"): g for g in layer(root, "places").findall(f"{NS}g")}
    assert set(places) == {"0606", "0303"}
    pskov = {el.get("class") for el in places["0606"]}
    assert {"place-city", "place-victory"} <= pskov
    fort = {el.get("class") for el in places["0303"]}
    assert {"place-fortress", "place-port"} <= fort
    assert "place-city" not in fort

    droot = parse(render_map(dr, size=SIZE))
    tula = layer(droot, "places").find(f"{NS}g")
    assert tula is not None and tula.get("data-hex") == "0404"
    big = tula.find(f"{NS}rect[@class='place-city']")
    small = places["0606"].find(f"{NS}rect[@class='place-city']")
    assert big is not None and small is not None
    assert float(big.get("width", "0")) > float(small.get("width", "0"))
    assert tula.find(f"{NS}polygon[@class='place-capital']") is not None


# ------------------------------------------------------------------ counters
def test_counter_group_at_hex_centre(sno: GameMap) -> None:
    counters = [cv("g1", "0404", label="XXIV", symbol="armor", factors="6-8")]
    root = parse(render_map(sno, counters, size=SIZE))
    groups = counter_groups(root)
    assert set(groups) == {"g1"}
    g = groups["g1"]
    assert g.get("data-hex") == "0404"
    cx, cy = sno.grid.center("0404", SIZE)
    assert translate(g) == (r1(cx), r1(cy))
    texts = {t.get("class"): t.text for t in g.iter(f"{NS}text")}
    assert texts["counter-factors"] == "6-8"
    assert texts["counter-label"] == "XXIV"
    title = g.find(f"{NS}title")
    assert title is not None and "6-8" in (title.text or "")
    body = g.find(f"{NS}rect[@class='counter-body']")
    assert body is not None and body.get("fill") == COUNTER_COLOURS["german"]
    assert float(body.get("width", "0")) == r1(0.9 * SIZE)


def test_stack_is_offset_up_right_with_top_last(dr: GameMap) -> None:
    counters = [cv("a", "0303"), cv("b", "0303", symbol="armor"), cv("c", "0404")]
    root = parse(render_map(dr, counters, size=SIZE))
    stacks = {g.get("data-hex"): g for g in layer(root, "counters").findall(f"{NS}g")}
    assert set(stacks) == {"0303", "0404"}
    assert stacks["0303"].get("data-count") == "2"
    order = [g.get("data-counter") for g in stacks["0303"].findall(f"{NS}g")]
    assert order == ["a", "b"]  # b is drawn later, i.e. on top
    (ax, ay), (bx, by) = (translate(g) for g in stacks["0303"].findall(f"{NS}g"))
    cx, cy = dr.grid.center("0303", SIZE)
    assert (ax, ay) == (r1(cx), r1(cy))
    assert bx > ax and by < ay
    assert bx - ax < SIZE * 0.2 and ay - by < SIZE * 0.2


def test_big_stack_stays_inside_the_hex(sno: GameMap) -> None:
    counters = [cv(f"u{i}", "0505") for i in range(8)]
    root = parse(render_map(sno, counters, size=SIZE))
    cx, _ = sno.grid.center("0505", SIZE)
    xs = [translate(g)[0] for g in counter_groups(root).values()]
    assert max(xs) - cx <= 0.3 * SIZE


def test_counters_are_escaped(sno: GameMap) -> None:
    counters = [cv("x&1", "0404", label="A&B <1>", markers=("OOS & <D>",))]
    svg = render_map(sno, counters)
    root = parse(svg)
    g = counter_groups(root)["x&1"]
    assert {t.text for t in g.iter(f"{NS}text")} >= {"A&B <1>", "OOS & <D>"}


def test_counter_outside_grid_raises(sno: GameMap) -> None:
    with pytest.raises(HexIdError):
        render_map(sno, [cv("g1", "0909")])


def test_bad_size_raises(sno: GameMap) -> None:
    with pytest.raises(ValueError):
        render_map(sno, size=0)
    with pytest.raises(ValueError):
        render_counter(cv("g1", "0101"), -1)


# ------------------------------------------------------------------ render_counter
def counter_root(counter: CounterView) -> ET.Element:
    frag = render_counter(counter, SIZE)
    assert frag.startswith("<g")
    wrapped = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{frag}</svg>')
    g = wrapped[0]
    assert g.get("data-counter") == counter.id
    assert g.get("transform") is None  # centred at (0, 0)
    return g


def classes(g: ET.Element) -> set[str]:
    return {c for el in g.iter() for c in (el.get("class") or "").split()}


@pytest.mark.parametrize(
    ("symbol", "present", "absent"),
    [
        ("infantry", {"symbol-box", "symbol-cross"}, {"symbol-oval", "symbol-slash"}),
        ("armor", {"symbol-box", "symbol-oval"}, {"symbol-cross"}),
        ("mech", {"symbol-box", "symbol-cross", "symbol-oval"}, set()),
        ("cavalry", {"symbol-box", "symbol-slash"}, {"symbol-cross", "symbol-oval"}),
        ("mountain", {"symbol-box", "symbol-peak"}, set()),
        ("airborne", {"symbol-box", "symbol-wing"}, set()),
        ("artillery", {"symbol-box", "symbol-dot"}, {"symbol-cross"}),
        ("shock", {"symbol-box", "symbol-cross", "symbol-bar"}, set()),
        ("garrison", {"symbol-box", "symbol-garrison"}, {"symbol-cross"}),
        ("fleet", {"symbol-hull"}, {"symbol-box"}),
        ("leader", {"symbol-star"}, {"symbol-box"}),
        ("no-such-thing", {"symbol-box"}, {"symbol-cross", "symbol-oval", "symbol-slash"}),
    ],
)
def test_counter_symbols(symbol: str, present: set[str], absent: set[str]) -> None:
    g = counter_root(cv("c1", "0101", symbol=symbol))
    found = classes(g)
    assert present <= found
    assert not (absent & found)


def test_reduced_counter_is_marked() -> None:
    full = counter_root(cv("c1", "0101"))
    reduced = counter_root(cv("c1", "0101", reduced=True))
    assert "reduced" not in classes(full) and "reduced-stripe" not in classes(full)
    assert {"reduced", "reduced-stripe"} <= classes(reduced)
    assert reduced.get("data-reduced") == "true"


def test_markers_are_tags() -> None:
    g = counter_root(cv("c1", "0101", markers=("OOS", "disrupted")))
    tags = [el for el in g.iter() if el.get("class") == "marker"]
    assert [el.get("data-marker") for el in tags] == ["OOS", "disrupted"]
    assert not [el for el in counter_root(cv("c1", "0101")).iter() if el.get("class") == "marker"]


def test_nation_colours_and_ink() -> None:
    soviet = counter_root(cv("s1", "0101", side="soviet", nation="ussr"))
    body = soviet.find(f"{NS}rect[@class='counter-body']")
    assert body is not None and body.get("fill") == COUNTER_COLOURS["soviet"]
    factors = next(t for t in soviet.iter(f"{NS}text") if t.get("class") == "counter-factors")
    assert factors.get("fill") == "#ffffff"  # light ink on a dark counter
    unknown = counter_root(cv("z1", "0101", side="nobody", nation="atlantis"))
    ubody = unknown.find(f"{NS}rect[@class='counter-body']")
    assert ubody is not None and ubody.get("fill") == DEFAULT_COLOUR


# ------------------------------------------------------------------ highlight and subsets
def test_highlight_marks_exactly_those_hexes(sno: GameMap) -> None:
    hl = {"0505": "2", "0506": "3", "0404": ""}
    root = parse(render_map(sno, [cv("g1", "0505")], highlight=hl, size=SIZE))
    fills = layer(root, "highlights")
    assert sorted(el.get("data-hex") for el in fills) == sorted(hl)
    labels = layer(root, "highlight-labels")
    assert {el.get("data-hex"): el.text for el in labels} == {"0505": "2", "0506": "3"}
    for el in fills:
        assert el.get("fill-opacity") is not None
    none = parse(render_map(sno))
    assert len(layer(none, "highlights")) == 0
    assert len(layer(none, "highlight-labels")) == 0


def test_highlight_off_grid_raises(sno: GameMap) -> None:
    with pytest.raises(HexIdError):
        render_map(sno, highlight={"0909": "1"})


def test_hexes_subset_restricts_and_crops(sno: GameMap) -> None:
    subset = ["0404", "0405", "0505", "0606"]
    counters = [cv("in", "0404"), cv("out", "0101")]
    root = parse(
        render_map(sno, counters, hexes=subset, size=SIZE, highlight={"0505": "1", "0707": "2"})
    )
    polys = layer(root, "hexes").findall(f"{NS}polygon")
    assert sorted(p.get("data-hex") for p in polys) == sorted(subset)
    assert set(counter_groups(root)) == {"in"}
    assert [el.get("data-hex") for el in layer(root, "highlights")] == ["0505"]
    assert sorted(t.text for t in layer(root, "hex-ids")) == sorted(subset)
    # the view box fits the subset, not the whole map
    x, y, w, h = view_box(root)
    pts = [p for hid in subset for p in sno.grid.corners(hid, SIZE)]
    assert x < min(p[0] for p in pts) and x + w > max(p[0] for p in pts)
    assert y < min(p[1] for p in pts) and y + h > max(p[1] for p in pts)
    _, _, full_w, full_h = view_box(parse(render_map(sno, size=SIZE)))
    assert w < full_w and h < full_h
    # places outside the subset are left out
    places = layer(root, "places").findall(f"{NS}g")
    assert [g.get("data-hex") for g in places] == ["0606"]


def test_hexes_subset_must_be_on_the_grid(sno: GameMap) -> None:
    with pytest.raises(HexIdError):
        render_map(sno, hexes=["0404", "0909"])
    with pytest.raises(ValueError):
        render_map(sno, hexes=[])


def test_rail_leaving_the_subset_stops_at_the_side(sno: GameMap) -> None:
    root = parse(render_map(sno, hexes=["0303"], size=SIZE))
    line = next(el for el in root.iter(f"{NS}polyline") if el.get("class") == "rail-line")
    c = {h: sno.grid.center(h, SIZE) for h in ("0203", "0303", "0403")}

    def mid(a: str, b: str) -> tuple[float, float]:
        return ((c[a][0] + c[b][0]) / 2, (c[a][1] + c[b][1]) / 2)

    expected = rounded([mid("0203", "0303"), c["0303"], mid("0303", "0403")])
    assert points(line.get("points", "")) == expected


# ------------------------------------------------------------------ determinism and sizes
def test_output_is_deterministic(sno: GameMap, dr: GameMap) -> None:
    counters = [cv("a", "0404"), cv("b", "0404", symbol="armor", markers=("OOS",))]
    hl = {"0505": "1", "0303": "2"}
    for game_map in (sno, dr):
        first = render_map(game_map, counters, highlight=hl, title="t")
        again = render_map(
            load_map_text(SNO_TOML if game_map is sno else DR_TOML),
            counters,
            highlight=dict(reversed(hl.items())),
            title="t",
        )
        assert first == render_map(game_map, counters, highlight=hl, title="t")
        assert first == again


def test_numbers_are_compact(sno: GameMap) -> None:
    svg = render_map(sno, [cv("a", "0404", reduced=True)], highlight={"0505": "1"})
    geometry = re.sub(r'[a-z-]*opacity="[^"]*"', "", svg)
    numbers = re.findall(r"-?\d+\.\d+", geometry)
    assert numbers and all(len(n.split(".")[1]) == 1 for n in numbers)
    assert not re.search(r"\d\.0\b", svg)
    assert "-0 " not in svg and "-0," not in svg


def test_size_scales_the_drawing(dr: GameMap) -> None:
    small = view_box(parse(render_map(dr, size=10)))
    big = view_box(parse(render_map(dr, size=40)))
    assert big[2] == pytest.approx(small[2] * 4, rel=0.02)
    assert big[3] == pytest.approx(small[3] * 4, rel=0.02)


def test_pointy_and_flat_layouts(sno: GameMap, dr: GameMap) -> None:
    # the DR grid is pointy-topped: a corner straight above the centre
    root = parse(render_map(dr, size=SIZE))
    poly = layer(root, "hexes").find(f"{NS}polygon")
    assert poly is not None
    cx, cy = dr.grid.center(poly.get("data-hex", ""), SIZE)
    pts = points(poly.get("points", ""))
    assert any(abs(x - cx) < 0.11 and abs(y - (cy - SIZE)) < 0.11 for x, y in pts)
    # the SNO grid (flat-topped, turned 60°) has a flat top edge: two corners at the same y
    root = parse(render_map(sno, size=SIZE))
    poly = layer(root, "hexes").find(f"{NS}polygon")
    assert poly is not None
    ys = sorted(y for _, y in points(poly.get("points", "")))
    assert ys[0] == pytest.approx(ys[1], abs=0.11)
