"""The reconstructed Defiant Russia map: every fact the rulebook states, a test each, and the
geography a wargamer expects. Provenance: docs/data/dr-map.md."""

from __future__ import annotations

from pathlib import Path

import pytest

import ostfront
from ostfront.core.hexgrid import HexGrid
from ostfront.core.mapmodel import GameMap, load_map
from ostfront.games import get

MAP = Path(ostfront.__file__).resolve().parent / "games" / "dr" / "data" / "map.toml"


@pytest.fixture(scope="module")
def dr() -> GameMap:
    return load_map(MAP)


def country(m: GameMap, h: str) -> str | None:
    names = [r for r in m.regions_at(h) if m.regions[r].kind == "country"]
    assert len(names) <= 1, (h, names)
    return names[0] if names else None


def place(m: GameMap, name: str) -> str:
    return m.place_named(name).hex


# ------------------------------------------------------------------ the grid
def test_grid_is_a_rectangle_of_rows_and_columns(dr: GameMap) -> None:
    g = dr.grid
    assert (g.id_order, g.offset, g.rows, g.columns) == ("rowcol", "odd-r", (1, 34), (0, 32))
    assert len(g) == 34 * 33 and not g.absent
    assert "50 miles" in dr.scale


def test_offset_is_forced_by_the_rules() -> None:
    even = HexGrid("x", id_order="rowcol", offset="even-r", columns=(0, 32), rows=(1, 34))
    assert not even.adjacent("3012", "3111")  # DR 12.5 Istanbul would not touch
    assert not even.adjacent("2418", "2517")  # DR 9.3.4B Sivash would not touch


# ------------------------------------------------------------------ stated places (13.0C)
@pytest.mark.parametrize(
    ("hex_id", "name", "kinds"),
    [
        ("0514", "Leningrad", {"victory_city", "fortress"}),
        ("0810", "Tallinn", {"victory_city"}),
        ("1511", "Minsk", {"victory_city"}),
        ("1618", "Orel", {"victory_city"}),
        ("2014", "Kiev", {"victory_city"}),
        ("2018", "Kharkov", {"victory_city"}),
        ("2321", "Rostov", {"victory_city"}),
        ("2716", "Sevastopol", {"victory_city", "fortress", "port"}),
        ("3125", "Tbilisi", {"victory_city"}),
    ],
)
def test_victory_cities_on_their_stated_hexes(
    dr: GameMap, hex_id: str, name: str, kinds: set[str]
) -> None:
    p = dr.place(hex_id)
    assert p is not None and p.name == name
    assert kinds <= p.kinds
    assert p.attrs["victory_points"] == 1
    assert dr.terrain_of(hex_id) not in ("sea", "lake")


def test_moscow_is_a_victory_city_worth_two(dr: GameMap) -> None:
    moscow = dr.place_named("Moscow")
    assert {"victory_city", "major_city"} <= moscow.kinds
    assert moscow.attrs["victory_points"] == 2
    victory = {p.name for p in dr.places.values() if p.is_("victory_city")}
    assert victory == {
        "Moscow",
        "Leningrad",
        "Tallinn",
        "Minsk",
        "Orel",
        "Kiev",
        "Kharkov",
        "Rostov",
        "Sevastopol",
        "Tbilisi",
    }


def test_fortresses_are_brest_leningrad_sevastopol(dr: GameMap) -> None:
    assert {p.name for p in dr.places.values() if p.is_("fortress")} == {
        "Brest",
        "Leningrad",
        "Sevastopol",
    }


def test_black_sea_ports(dr: GameMap) -> None:
    ports = {p.name for p in dr.places.values() if p.is_("port")}
    assert {"Odessa", "Sevastopol", "Novorossiysk"} <= ports
    for name in ("Odessa", "Sevastopol", "Novorossiysk"):
        assert "coast" in dr.hex_tags(place(dr, name)), name


def test_soviet_reinforcement_cities_are_major_cities(dr: GameMap) -> None:
    # DR 10.1.4D / 10.2D / 11.6.3E name Leningrad, Moscow, Kiev, Stalingrad and Gorki
    for name in ("Leningrad", "Moscow", "Kiev", "Stalingrad", "Gorki", "Kharkov"):
        assert dr.place_named(name).is_("major_city"), name
        assert country(dr, place(dr, name)) == "Soviet Union", name


def test_istanbul_is_one_city_in_two_hexes(dr: GameMap) -> None:
    a, b = dr.place("3111"), dr.place("3012")
    assert a is not None and b is not None and a.name == b.name == "Istanbul"
    assert dr.grid.adjacent("3111", "3012")
    assert country(dr, "3111") == country(dr, "3012") == "Turkey"


def test_every_named_place_of_the_rules_is_on_the_map(dr: GameMap) -> None:
    for name in (
        "Berlin",
        "Vienna",
        "Warsaw",
        "Bucharest",
        "Budapest",
        "Helsinki",
        "Saratov",
        "Grozny",
        "Stalingrad",
        "Gorki",
        "Brest",
        "Odessa",
        "Novorossiysk",
    ):
        assert dr.place_named(name).hex in dr.grid, name


# ------------------------------------------------------------------ stated hexsides
def test_kerch_strait(dr: GameMap) -> None:
    assert dr.has_side("2618", "2619", "strait")  # DR 9.3.3A
    assert dr.describe_hex("2618")["neighbours"]
    assert dr.terrain_of("2618") != "sea" and dr.terrain_of("2619") != "sea"


def test_sivash(dr: GameMap) -> None:
    assert dr.has_side("2418", "2517", "no_attack")  # DR 9.3.4B
    assert dr.has_side("2418", "2517", "strait")  # the third narrow strait of 9.3
    assert "2517" in dr.rail_hexes and "sivash_rail" in dr.hex_tags("2517")  # 9.3.4A
    assert dr.rail_connected("2418", "2517")  # the railway crosses the Sivash


def test_bosporus_is_a_river(dr: GameMap) -> None:
    assert dr.has_side("3112", "3113", "river")  # DR 9.3.5
    assert country(dr, "3112") == country(dr, "3113") == "Turkey"


def test_three_narrow_straits(dr: GameMap) -> None:
    straits = {s for s, kinds in dr.sides.items() if "strait" in kinds}
    assert straits == {"2618/2619", "2418/2517", "3112/3113"}


# ------------------------------------------------------------------ stated set-up hexes
def test_turkish_setup_hexes_are_in_turkey(dr: GameMap) -> None:
    for h in ("3212", "3213", "3313", "3111", "3012"):  # DR 12.5
        assert country(dr, h) == "Turkey", h
        assert dr.terrain_of(h) not in ("sea", "lake"), h


def test_defiant_lithuania_hexes_are_in_the_right_countries(dr: GameMap) -> None:
    # 12.8D: Baltic MD may set up in these when Lithuania is Axis: Soviet, outside Lithuania
    for h in ("1211", "1212", "1310", "1311"):
        assert country(dr, h) == "Soviet Union", h
        assert not dr.in_region(h, "Lithuania") and not dr.in_region(h, "Estonia"), h
    # 12.8E: start Soviet only under the option, so Axis-held without it
    for h in ("1708", "1808", "1809", "1908"):
        assert country(dr, h) == "General Government", h
    # 12.8F/G: extra Axis set-up hexes
    for h in ("1705", "1805", "1806", "1906"):
        assert country(dr, h) in ("Germany", "General Government"), h
    assert dr.regions["DR 12.8D Baltic MD extra set-up"].hexes == {"1211", "1212", "1310", "1311"}


def test_finland_lies_north_of_row_06(dr: GameMap) -> None:
    # DR 11.4.2: Finns may not go south of row 05xx, so Finland is all in rows 01-05
    finland = dr.regions["Finland"].hexes
    assert finland and max(int(h[:2]) for h in finland) <= 5
    assert place(dr, "Helsinki") in finland


def test_swamps_north_and_south_of_row_15(dr: GameMap) -> None:
    swamps = [h for h, t in dr.terrain.items() if t == "swamp"]
    assert any(int(h[:2]) <= 15 for h in swamps)  # 8.3.4: some become woods in Snow
    assert any(int(h[:2]) > 15 for h in swamps)  # 9.2: the Pripet, south of row 15


# ------------------------------------------------------------------ countries (DR 6.4)
def test_countries_of_1941(dr: GameMap) -> None:
    expect = {
        "Berlin": "Germany", "Konigsberg": "Germany", "Warsaw": "General Government",
        "Krakow": "General Government", "Budapest": "Hungary", "Bucharest": "Romania",
        "Sofia": "Bulgaria", "Belgrade": "Yugoslavia", "Helsinki": "Finland",
        "Stockholm": "Sweden", "Istanbul": "Turkey", "Moscow": "Soviet Union",
        "Riga": "Soviet Union", "Kaunas": "Soviet Union", "Lvov": "Soviet Union",
        "Brest": "Soviet Union", "Kishinev": "Soviet Union", "Tbilisi": "Soviet Union",
    }  # fmt: skip
    for name, want in expect.items():
        assert country(dr, place(dr, name)) == want, name


def test_areas_of_6_4(dr: GameMap) -> None:
    assert dr.in_region(place(dr, "Konigsberg"), "East Prussia")
    assert dr.in_region(place(dr, "Tallinn"), "Estonia")
    assert dr.in_region(place(dr, "Riga"), "Latvia")
    assert dr.in_region(place(dr, "Kaunas"), "Lithuania")
    assert dr.in_region(place(dr, "Lvov"), "Eastern Poland")
    assert dr.in_region(place(dr, "Kishinev"), "Bessarabia")
    for area in ("Estonia", "Latvia", "Lithuania", "Eastern Poland", "Bessarabia"):
        assert all(country(dr, h) == "Soviet Union" for h in dr.regions[area].hexes), area


def test_every_land_hex_has_a_country(dr: GameMap) -> None:
    missing = [h for h, t in dr.terrain.items() if t not in ("sea",) and country(dr, h) is None]
    assert missing == []


# ------------------------------------------------------------------ geography
def test_terrain_is_complete_and_varied(dr: GameMap) -> None:
    kinds = {t for t in dr.terrain.values()}
    assert None not in kinds
    assert kinds == {"clear", "forest", "swamp", "mountain", "lake", "sea"}


def test_seas(dr: GameMap) -> None:
    for sea in ("Baltic Sea", "Black Sea", "Sea of Azov", "Caspian Sea"):
        hexes = dr.regions[sea].hexes
        assert len(hexes) >= 3, sea
        assert all(dr.terrain_of(h) == "sea" for h in hexes), sea
    assert not dr.regions["Black Sea"].hexes & dr.regions["Sea of Azov"].hexes


def test_major_rivers_are_long(dr: GameMap) -> None:
    rivers = {f.name: f.sides for f in dr.features if f.kind == "river"}
    for name in (
        "Dnieper",
        "Desna",
        "Don",
        "Donets",
        "Volga",
        "Bug",
        "Dniester",
        "Prut",
        "Vistula",
        "Neman",
        "Berezina",
        "Western Dvina",
        "Oka",
        "Volkhov",
    ):
        assert len(rivers.get(name, ())) >= 2, name
    # Kiev lies on the Dnieper: one of its sides is the river
    assert any(dr.has_side("2014", n, "river") for n in dr.grid.neighbours("2014"))


def test_rail_net_joins_the_capitals_and_reaches_the_east_edge(dr: GameMap) -> None:
    from ostfront.core.paths import connected

    def rail_from(start: str) -> set[str]:
        return connected([start], dr.grid.neighbours, dr.rail_connected)

    net = rail_from(place(dr, "Moscow"))
    for name in (
        "Leningrad",
        "Kiev",
        "Kharkov",
        "Rostov",
        "Stalingrad",
        "Gorki",
        "Saratov",
        "Grozny",
        "Minsk",
        "Smolensk",
        "Berlin",
        "Warsaw",
        "Bucharest",
        "Sevastopol",
    ):
        assert place(dr, name) in net, name
    assert net & set(dr.edges["east"]), "no railway reaches the east edge"
    assert all(int(h[2:]) == 32 for h in dr.edges["east"])


def test_no_rail_over_water(dr: GameMap) -> None:
    wet = [h for h in dr.rail_hexes if dr.terrain_of(h) in ("sea", "lake")]
    assert wet == []


def test_cli_shows_leningrad_and_the_kerch_strait() -> None:
    board = get("dr").board()
    d = board.describe_hex("0514")
    assert {"fortress", "victory_city"} <= set(d["place"]["kinds"])
    strait = [n for n in board.describe_hex("2618")["neighbours"] if n["hex"] == "2619"]
    assert strait and "strait" in strait[0]["features"]
