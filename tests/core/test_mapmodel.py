"""Maps as data: a small synthetic map loads, and broken files name file, entry and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.core.mapmodel import load_map, load_map_text, map_from_dict

SMALL = """
[map]
id = "small"
title = "Eight by eight, one river"

[grid]
id_order = "colrow"
offset = "even-q"
columns = [1, 8]
rows = [1, 8]

[terrain]
default = "clear"
swamp = ["0304-05"]
mountain = ["0707"]

[tags]
partial = ["0101"]

[[hexsides]]
kind = "river"
name = "Little River"
sides = ["0401/0501", "0401/0502", "0402/0502"]

[[hexsides]]
kind = "strait"
name = "Narrows"
sides = ["0808/0708"]

[[places]]
hex = "0606"
name = "Pskov"
kinds = ["city", "victory_city"]
attrs = { victory_points = 1 }

[[regions]]
name = "Westland"
kind = "country"
hexes = ["0101-08", "0201-08"]

[[regions]]
name = "Eastland"
kind = "country"
hexes = ["0801-08"]

[[lines]]
name = "Front"
hexes = ["0301", "0302", "0303"]
chain = true

[[edges]]
name = "west"
hexes = ["0101-08"]

[[rails]]
name = "Main line"
hexes = ["0101", "0201", "0301", "0401"]
"""


def test_small_map_loads() -> None:
    m = load_map_text(SMALL, "small.toml")
    assert m.id == "small" and len(m.grid) == 64
    assert m.terrain_of("0304") == "swamp" and m.terrain_of("0305") == "swamp"
    assert m.terrain_of("0306") == "clear" and m.terrain_of("0707") == "mountain"
    assert m.has_side("0501", "0401", "river")
    assert m.side_kinds("0402", "0502") == {"river": "Little River"}
    assert not m.has_side("0403", "0503", "river")
    assert m.has_side("0708", "0808", "strait")
    assert m.place("0606") is not None and m.place("0606").is_("victory_city")
    assert m.place("0606").attrs["victory_points"] == 1
    assert m.place_named("pskov").hex == "0606"
    assert m.regions_at("0105") == ["Westland"]
    assert m.in_region("0805", "Eastland")
    assert m.lines["Front"].hexes == ("0301", "0302", "0303")
    assert m.edges["west"] == tuple(f"01{r:02d}" for r in range(1, 9))
    assert m.rail_connected("0101", "0201") and m.rail_connected("0301", "0201")
    assert not m.rail_connected("0101", "0102")
    assert m.rail_hexes == {"0101", "0201", "0301", "0401"}
    assert m.hex_tags("0101") == {"partial"}


def test_lookup_tables_agree_with_the_plain_queries() -> None:
    """region_of_kind and rail_neighbours (tables built on first use, for speed) say what
    regions_at and rail_connected say."""
    m = load_map_text(SMALL, "small.toml")
    for h in m.grid.hexes():
        countries = [r for r in m.regions_at(h) if m.regions[r].kind == "country"]
        assert m.region_of_kind(h, "country") == (countries[0] if countries else None)
        assert set(m.rail_neighbours(h)) == {
            n for n in m.grid.neighbours(h) if m.rail_connected(h, n)
        }
    assert m.rail_neighbours("0201") == ("0101", "0301")
    assert m.region_of_kind("0505", "country") is None
    assert m.side_kinds("0101", "0102") == {}


def test_describe_hex() -> None:
    m = load_map_text(SMALL)
    d = m.describe_hex("0401")
    assert d["terrain"] == "clear" and d["rail"] is True
    by_hex = {n["hex"]: n for n in d["neighbours"]}
    assert set(by_hex) == {"0402", "0301", "0302", "0501", "0502"}
    assert by_hex["0501"]["features"] == {"river": "Little River"}
    assert by_hex["0301"]["rail"] is True
    json.dumps(d)  # plain data


def test_unset_terrain_is_none() -> None:
    m = load_map_text(SMALL.replace('default = "clear"\n', ""))
    assert m.terrain_of("0306") is None and m.terrain_of("0304") == "swamp"


def test_json_map_file(tmp_path: Path) -> None:
    import tomllib

    p = tmp_path / "small.json"
    p.write_text(json.dumps(tomllib.loads(SMALL)))
    assert load_map(p).place("0606").name == "Pskov"


# ------------------------------------------------------------------ broken files
def broken(text: str) -> DataError:
    with pytest.raises(DataError) as info:
        load_map_text(text, "broken.toml")
    return info.value


def test_place_off_the_map_names_file_place_and_hex() -> None:
    err = broken(SMALL.replace('hex = "0606"', 'hex = "0909"'))
    assert str(err).startswith("broken.toml: ")
    assert (
        "places[1: Pskov]" in str(err) and "0909" in str(err) and "not on the small map" in str(err)
    )


def test_unknown_terrain_kind_names_field() -> None:
    err = broken(SMALL.replace("mountain = [", "mountians = ["))
    assert "terrain.mountians" in str(err)


def test_bad_place_kind_names_entry_and_field() -> None:
    err = broken(SMALL.replace('kinds = ["city", "victory_city"]', 'kinds = ["metropolis"]'))
    assert "places[1: Pskov 0606].kinds[1]" in str(err)


def test_hexside_between_non_adjacent_hexes() -> None:
    err = broken(SMALL.replace('"0402/0502"]', '"0402/0504"]'))
    assert "hexsides[1: Little River]" in str(err) and "0402/0504" in str(err)
    assert "not adjacent" in str(err)


def test_rail_must_be_a_chain() -> None:
    err = broken(SMALL.replace('"0301", "0401"]', '"0301", "0601"]'))
    assert "rails[1: Main line]" in str(err) and "0301 and 0601 are not adjacent" in str(err)


def test_edge_must_be_on_the_map_edge() -> None:
    err = broken(SMALL.replace('hexes = ["0101-08"]\n\n[[rails]]', 'hexes = ["0404"]\n\n[[rails]]'))
    assert "edges[1: west]" in str(err) and "0404 is not on the edge" in str(err)


def test_terrain_listed_twice() -> None:
    err = broken(SMALL.replace('mountain = ["0707"]', 'mountain = ["0707", "0304"]'))
    assert "hex 0304 is listed as both swamp and mountain" in str(err)


def test_all_problems_reported_at_once() -> None:
    text = SMALL.replace('hex = "0606"', 'hex = "0909"').replace(
        '"0301", "0401"]', '"0301", "0601"]'
    )
    err = broken(text)
    assert len(err.problems) == 2


def test_not_toml_and_missing_sections() -> None:
    assert "not valid TOML" in str(broken("[map\nid="))
    err = broken('[map]\nid = "x"\n')
    assert "grid: Field required" in str(err)


def test_bad_grid() -> None:
    err = broken(SMALL.replace("columns = [1, 8]", "columns = [8, 1]"))
    assert "grid:" in str(err) and "columns" in str(err)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read file"):
        load_map(tmp_path / "missing.toml")


def test_not_a_table() -> None:
    with pytest.raises(DataError, match="table of sections"):
        map_from_dict(["not", "a", "map"], "x.json")


def test_absent_hexes_make_a_new_edge() -> None:
    text = SMALL.replace("rows = [1, 8]", 'rows = [1, 8]\nabsent = ["0407-08", "0508"]')
    m = load_map_text(text)
    assert len(m.grid) == 61 and "0508" not in m.terrain
    assert "0408" not in m.grid.neighbours("0308")
    err = broken(text.replace('sides = ["0808/0708"]', 'sides = ["0508/0608"]'))
    assert "0508 is cut away" in str(err)
    bad = broken(SMALL.replace("rows = [1, 8]", 'rows = [1, 8]\nabsent = ["0909"]'))
    assert "grid:" in str(bad) and "0909" in str(bad)
