"""Every map fact the Sturm Nach Osten rulebook states, checked against the shipped map file.

SNO = shared/rules/sturm-nach-osten.txt; rule numbers in the comments. Provenance of each
value: docs/data/sno.md (rulebook facts) and docs/data/sno-map.md (the reconstruction around
them, tested in tests/games/sno/test_map.py). (Defiant Russia's map: tests/games/dr/test_map.py.)
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import ostfront
from ostfront.core.hexgrid import HexGrid
from ostfront.core.mapmodel import GameMap, load_map

GAMES = Path(ostfront.__file__).resolve().parent / "games"


@pytest.fixture(scope="module")
def sno() -> GameMap:
    return load_map(GAMES / "sno" / "data" / "map.toml")


# =================================================================== SNO
def test_sno_header_and_grid(sno: GameMap) -> None:
    assert sno.id == "sno"
    assert sno.title == "Sturm Nach Osten"
    assert sno.scale == "about 70 km (43 miles) a hex, fitted from the named cities"
    assert sno.provenance
    g = sno.grid
    assert (g.id_order, g.offset, g.columns, g.rows, g.rotation) == (
        "colrow",
        "even-q",
        (1, 39),
        (1, 30),
        60.0,
    )
    # 9.1a: the corner beyond column 26 and row 24 is cut away (docs/data/sno-map.md)
    cut = {f"{c:02d}{r:02d}" for c in range(27, 40) for r in range(25, 31)}
    assert g.absent == cut
    assert len(g) == 39 * 30 - len(cut)


def test_sno_every_named_hex_is_land(sno: GameMap) -> None:
    # Places, set-up hexes and both hexes of every strait side are playable land.
    named = set(sno.places) | {h for hexes in SNO_SETUP_HEXES.values() for h in hexes}
    for side in ["3015/3115", "3115/3116", "2816/2917", "0125/0224", "0224/0225", "0224/0325"]:
        named |= set(side.split("/"))
    named |= {"0224", "0324", "0521", "2419", "2420", "1205", "1206"}
    for h in sorted(named):
        assert sno.terrain_of(h) not in ("sea", "lake"), h


def test_sno_adjacencies_the_rules_imply(sno: GameMap) -> None:
    g = sno.grid
    # 5.5.5: 0224 touches 0125, 0225, 0325, 0324; 3115 touches 3015 and 3116; 2816 touches 2917.
    for a, b in [
        ("0224", "0125"),
        ("0224", "0225"),
        ("0224", "0325"),
        ("0224", "0324"),
        ("3115", "3015"),
        ("3115", "3116"),
        ("2816", "2917"),
        ("1205", "1206"),  # 5.5.8 canal
        ("2419", "2420"),  # 5.5.3 estuary
        ("1910", "1810"),  # 12.D: Kursk between the 1943 set-up hexes 1810 and 2010
        ("1910", "2010"),
    ]:
        assert g.adjacent(a, b), (a, b)


def test_sno_offset_is_forced_by_the_rules() -> None:
    # Under the other column offset (odd-q) the 5.5.5 and 5.5.9 adjacencies break.
    odd = HexGrid("x", id_order="colrow", offset="odd-q", columns=(1, 39), rows=(1, 30))
    assert not odd.adjacent("0224", "0125")
    assert not odd.adjacent("2816", "2917")
    assert not odd.adjacent("0308", "0407")


def test_sno_north_is_drawn_up(sno: GameMap) -> None:
    # rotation 60: screen y grows downwards, so north = smaller y, east = larger x.
    c = sno.grid.center
    assert c("0308")[1] < c("1816")[1]  # Leningrad north of Kiev
    assert c("1306")[1] < c("3018")[1]  # Moscow north of Sevastopol
    assert c("0327")[0] < c("0922")[0] < c("1306")[0]  # Berlin, Warsaw, Moscow west to east
    assert c("3018")[0] < c("3907")[0]  # Sevastopol west of Grozny


SNO_PLACES: dict[str, tuple[str, set[str], dict[str, object]]] = {
    # Appendix I victory cities, "In Axis Territory"
    "0327": (
        "Berlin",
        {"city", "victory_city"},
        {
            "victory_points": 2,
            "territory": "Axis",
            "garrison": True,
            "garrison_side": "axis",
            "rules": "App. I; 15.4; 10.5.1; 12.4",
        },
    ),
    "1130": (
        "Vienna",
        {"city", "victory_city"},
        {"victory_points": 1, "territory": "Axis", "rules": "App. I"},
    ),
    "0729": (
        "Prague",
        {"city", "victory_city"},
        {"victory_points": 1, "territory": "Axis", "rules": "App. I"},
    ),
    "1428": (
        "Budapest",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Axis",
            "supply_source": "hungarian",
            "rules": "App. I; 9.1c",
        },
    ),
    "2425": (
        "Bucharest",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Axis",
            "supply_source": "romanian",
            "rules": "App. I; 9.1b",
        },
    ),
    "0922": (
        "Warsaw",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Axis",
            "victory_special": (
                "Soviet-controlled for victory only while occupied by the Polish 1st Army (15.8)"
            ),
            "rules": "App. I; 15.8",
        },
    ),
    # Appendix I victory cities, "In the Soviet Union"
    "1306": (
        "Moscow",
        {"city", "victory_city"},
        {
            "victory_points": 2,
            "territory": "Soviet Union",
            "factory": True,
            "garrison": True,
            "garrison_side": "soviet",
            "rules": "App. I; App. II; 15.4; 10.6.1; 10.6.7",
            "zhukov_home": True,  # SNO 10.6.1, 10.6.7: Zhukov appears and returns here
        },
    ),
    "0308": (
        "Leningrad",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Soviet Union",
            "factory": True,
            "garrison": True,
            "garrison_side": "soviet",
            "rules": "App. I; App. II; 5.5.9; 13.0",
            "siege_capacity_with_factory": 9,  # SNO 13.0: nine with an active factory
        },
    ),
    "1816": (
        "Kiev",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Soviet Union",
            "garrison": True,
            "garrison_side": "soviet",
            "rules": "App. I; App. II",
        },
    ),
    "3018": (
        "Sevastopol",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Soviet Union",
            "garrison": True,
            "garrison_side": "soviet",
            "sea_control": "Black Sea (3.3.3); Sea of Azov jointly with Rostov (3.3.4)",
            "rules": "App. I; App. II; 3.3.3; 3.3.4",
        },
    ),
    "2911": (
        "Rostov",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Soviet Union",
            "garrison": True,
            "garrison_side": "soviet",
            "sea_control": "Sea of Azov jointly with Sevastopol (3.3.4)",
            "rules": "App. I; App. II; 3.3.4",
        },
    ),
    "2804": (
        "Stalingrad",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Soviet Union",
            "garrison": True,
            "garrison_side": "soviet",
            "rules": "App. I; App. II",
        },
    ),
    "2108": (
        "Voronezh",
        {"city", "victory_city"},
        {"victory_points": 1, "territory": "Soviet Union", "rules": "App. I; 12.D(3)"},
    ),
    "3907": (
        "Grozny",
        {"city", "victory_city"},
        {
            "victory_points": 1,
            "territory": "Soviet Union",
            "garrison": True,
            "garrison_side": "soviet",
            "fuel_source": "soviet",
            "rules": "App. I; App. II; 5.3.4",
        },
    ),
    # Appendix II factory cities (10.4.1 "their own cities")
    "2414": (
        "Dnepropetrovsk",
        {"city"},
        {"factory": True, "rules": "App. II; 10.4.1", "kind_stated": False},
    ),
    "1501": (
        "Gorki",
        {"city"},
        {
            "factory": True,
            "river_system": (
                "6.2.2: the river system stemming from Gorki flows west to east and is wholly "
                "frozen in every Snow month"
            ),
            "rules": "App. II; 10.4.1; 6.2.2",
            "kind_stated": False,
        },
    ),
    "2211": (
        "Kharkov",
        {"city"},
        {"factory": True, "rules": "App. II; 10.4.1", "kind_stated": False},
    ),
    "2611": (
        "Stalino",
        {"city"},
        {"factory": True, "rules": "App. II; 10.4.1", "kind_stated": False},
    ),
    "1607": (
        "Tula",
        {"city"},
        {"factory": True, "rules": "App. II; 10.4.1", "kind_stated": False},
    ),
    # 3.3.2 + 3.2: controllable, hence a Major city
    "0520": (
        "Konigsberg",
        {"city", "major_city"},
        {
            "sea_control": "Baltic Sea (3.3.2)",
            "kind_basis": (
                "deduced: controllable (3.3.2) and control exists only for Major and Victory "
                "cities (3.2); not in App. I"
            ),
            "rules": "3.3.2",
        },
    ),
    # named, class not stated: placeholder kind "town", kind_stated = False
    "2325": ("Ploesti", {"town"}, {"fuel_source": "axis", "kind_stated": False, "rules": "5.3.4"}),
    "3412": ("Maikop", {"town"}, {"fuel_source": "soviet", "kind_stated": False, "rules": "5.3.4"}),
    "0418": ("Memel", {"town"}, {"in_germany": True, "kind_stated": False, "rules": "12.A(3)"}),
    "0924": ("Lodz", {"town"}, {"kind_stated": False, "rules": "14.54"}),
    "0309": ("Kronstadt", {"town"}, {"kind_stated": False, "rules": "12.B(3); 12.C(3)"}),
    "1910": ("Kursk", {"town"}, {"kind_stated": False, "rules": "12.D(6)b"}),
}


def test_sno_places_exact(sno: GameMap) -> None:
    # Every place the rulebook names is where it says, with every attribute it states. The
    # reconstruction may add kinds (port; a class for the six whose class is not stated, see
    # RECONSTRUCTED_KINDS) and the attrs kind_basis / port_on, nothing else.
    assert set(SNO_PLACES) <= set(sno.places)
    for hex_id, (name, kinds, attrs) in SNO_PLACES.items():
        p = sno.places[hex_id]
        assert (p.hex, p.name) == (hex_id, name)
        added = {"port_on", "river_through"} | (
            {"kind_basis"} if attrs.get("kind_stated") is False else set()
        )
        stated = {k: v for k, v in p.attrs.items() if k not in added}
        assert stated == attrs, name
        if attrs.get("kind_stated") is False:
            assert set(p.kinds) == RECONSTRUCTED_KINDS[name], name
            assert str(p.attrs["kind_basis"]).startswith("reconstructed"), name
        else:
            assert set(p.kinds) - {"port"} == kinds, name
    # no other place carries a rulebook attribute
    for h, p in sno.places.items():
        if h not in SNO_PLACES:
            assert set(p.attrs) <= {"kind_basis", "port_on", "river_through"}, p.name
            assert not p.is_("victory_city"), p.name


RECONSTRUCTED_KINDS = {
    "Ploesti": {"town"},
    "Maikop": {"town"},
    "Memel": {"town", "port"},
    "Lodz": {"city", "major_city"},
    "Kronstadt": {"town", "port"},
    "Kursk": {"city", "minor_city"},
    # App. II's factory cities, by 1939 population (docs/data/sno-map.md §4): 11.8, 9.2b, 3.2
    "Gorki": {"city", "major_city"},
    "Tula": {"city", "minor_city"},
    "Kharkov": {"city", "major_city"},
    "Dnepropetrovsk": {"city", "major_city"},
    "Stalino": {"city", "major_city"},
}


def test_sno_victory_cities_are_appendix_one(sno: GameMap) -> None:
    # 15.1: fourteen Victory cities; 15.4: Berlin and Moscow count two each.
    vc = {h: p.name for h, p in sno.places.items() if p.is_("victory_city")}
    assert vc == {
        "0327": "Berlin",
        "1130": "Vienna",
        "0729": "Prague",
        "1428": "Budapest",
        "2425": "Bucharest",
        "0922": "Warsaw",
        "1306": "Moscow",
        "0308": "Leningrad",
        "1816": "Kiev",
        "3018": "Sevastopol",
        "2911": "Rostov",
        "2804": "Stalingrad",
        "2108": "Voronezh",
        "3907": "Grozny",
    }
    assert sum(int(sno.places[h].attrs["victory_points"]) for h in vc) == 16


def test_sno_factories_and_garrisons(sno: GameMap) -> None:
    # Appendix II: seven factories, seven Soviet garrisons; 10.5.1/12.4: one Axis garrison, Berlin.
    factories = {p.name for p in sno.places.values() if p.attrs.get("factory")}
    assert factories == {
        "Dnepropetrovsk",
        "Gorki",
        "Kharkov",
        "Moscow",
        "Stalino",
        "Leningrad",
        "Tula",
    }
    soviet = {p.name for p in sno.places.values() if p.attrs.get("garrison_side") == "soviet"}
    assert soviet == {
        "Grozny",
        "Kiev",
        "Leningrad",
        "Moscow",
        "Rostov",
        "Sevastopol",
        "Stalingrad",
    }
    axis = {p.name for p in sno.places.values() if p.attrs.get("garrison_side") == "axis"}
    assert axis == {"Berlin"}
    with_side = [p for p in sno.places.values() if "garrison_side" in p.attrs]
    assert all(p.attrs.get("garrison") is True for p in with_side)


def test_sno_fuel_and_ally_supply_sources(sno: GameMap) -> None:
    # 5.3.4 fuel sources; 9.1b/c Romanian and Hungarian supply sources.
    fuel = {h: p.attrs["fuel_source"] for h, p in sno.places.items() if "fuel_source" in p.attrs}
    assert fuel == {"2325": "axis", "3907": "soviet", "3412": "soviet"}
    supply = {h: p.attrs.get("supply_source") for h, p in sno.places.items()}
    supply = {h: s for h, s in supply.items() if s is not None}
    assert supply == {"2425": "romanian", "1428": "hungarian"}


def test_sno_hexsides_exact(sno: GameMap) -> None:
    stated = {
        "3015/3115": {"strait": "Kerch Straits"},
        "3115/3116": {"strait": "Kerch Straits"},
        "2816/2917": {"strait": "Treated as Kerch Straits"},
        "0125/0224": {"strait": "Treated as Kerch Straits"},
        "0224/0225": {"strait": "Treated as Kerch Straits"},
        "0224/0325": {"strait": "Treated as Kerch Straits"},
        "0224/0324": {"strait": "Treated as Kerch Straits"},
        "1205/1206": {"canal": "Canal"},
        "2419/2420": {"sea": "Estuary"},
    }
    assert {s: sno.sides[s] for s in stated} == stated
    # 5.5.8: the only canal; 5.5.5: no other strait
    assert {s for s, k in sno.sides.items() if "canal" in k} == {"1205/1206"}
    assert {s for s, k in sno.sides.items() if "strait" in k} == {
        s for s, k in stated.items() if "strait" in k
    }
    # queries work from either side, in the rulebook's own order of writing
    assert sno.has_side("3115", "3015", "strait")
    assert sno.has_side("3116", "3115", "strait")
    assert sno.has_side("0325", "0224", "strait")
    assert sno.has_side("1206", "1205", "canal")
    assert sno.has_side("2420", "2419", "sea")
    named = [(f.kind, f.name) for f in sno.features if f.kind != "river"]
    assert named[:4] == [
        ("strait", "Kerch Straits"),
        ("strait", "Treated as Kerch Straits"),
        ("canal", "Canal"),
        ("sea", "Estuary"),
    ]


def test_sno_finland_line_and_area(sno: GameMap) -> None:
    line = sno.lines["SNO 5.5.9 Finland line"]
    expected = ["0308", "0407", "0406", "0405", "0404", "0504", "0503", "0402", "0303", "0202"]
    expected.append("0103")
    assert list(line.hexes) == expected
    assert line.sides == ()
    assert all(sno.grid.adjacent(a, b) for a, b in itertools.pairwise(expected))

    area = sno.regions["SNO 5.5.9 Finnish-occupied area"]
    assert area.kind == "area"
    finnish = {f"01{r:02d}" for r in range(4, 11)}
    finnish |= {f"02{r:02d}" for r in range(3, 9)}
    finnish |= {f"03{r:02d}" for r in range(4, 8)}
    finnish |= {"0403"}
    assert set(area.hexes) == finnish
    assert len(area.hexes) == 18


def test_sno_sea_areas(sno: GameMap) -> None:
    # 3.3.2-3.3.5: four sea areas. 3.3.6a: 3015 in the Sea of Azov, 3116 in the Black Sea,
    # 3115 in both.
    seas = {n for n, r in sno.regions.items() if r.kind == "sea_area"}
    assert seas == {"Baltic Sea", "Black Sea", "Sea of Azov", "Caspian Sea"}
    azov = sno.regions["Sea of Azov"].hexes
    black = sno.regions["Black Sea"].hexes
    assert "3015" in azov and "3015" not in black
    assert "3116" in black and "3116" not in azov
    assert "3115" in azov and "3115" in black
    sea_regions = [r for r in sno.regions_at("3115") if sno.regions[r].kind == "sea_area"]
    assert sorted(sea_regions) == ["Black Sea", "Sea of Azov"]
    # only 3115 and the neck of the Kerch peninsula (3016, Feodosia and the Arabat bay) touch both
    assert azov & black <= {"3115", "3016"}


def test_sno_supply_edges_exact(sno: GameMap) -> None:
    # 9.1a and 9.1d
    assert set(sno.edges) == {
        "axis-supply-west",
        "axis-supply-south",
        "soviet-supply-north",
        "soviet-supply-east",
    }
    assert sno.edges["axis-supply-west"] == tuple(f"{c:02d}30" for c in range(1, 15))
    assert sno.edges["soviet-supply-north"] == tuple(f"{c:02d}01" for c in range(11, 34))
    assert sno.edges["soviet-supply-east"] == tuple(f"39{r:02d}" for r in range(5, 13))
    south = sno.edges["axis-supply-south"]
    assert (south[0], south[-1]) == ("2630", "2724")
    assert all(sno.grid.adjacent(a, b) for a, b in itertools.pairwise(south))


def test_sno_supply_edges_are_board_edges(sno: GameMap) -> None:
    # 9.1: "map board-edge hexes"; with the cut-away corner 2630 to 2724 is a run of them.
    g = sno.grid
    for name, hexes in sno.edges.items():
        for h in hexes:
            assert len(g.neighbours(h)) < 6, (name, h)
    assert g.distance("2630", "2724") == 7
    assert "2725" not in g and "2630" in g and "2724" in g


def test_sno_tags(sno: GameMap) -> None:
    assert "sand_spit_decoration" in sno.hex_tags("0521")  # 5.5.8
    assert {h for h, t in sno.tags.items() if "sand_spit_decoration" in t} == {"0521"}
    # 3.4.6: a rail line is any path of hexes, not a printed railway: the map has none
    assert sno.rails == []


# Every set-up hex the SNO rulebook names (scenario data, not map data): all on the grid.
SNO_SETUP_HEXES = {
    "App. II June 1941 Soviet units": [
        "0919", "1120", "1321", "1422", "0518", "2321", "0920", "0718", "1017", "1816",
        "2020", "2214", "1211", "1514", "0911", "1107", "1523", "0515", "1520",
    ],
    "App. II factories": ["2414", "1501", "2211", "1306", "2611", "0308", "1607"],
    "App. II garrisons": ["3907", "1816", "0308", "1306", "2911", "3018", "2804"],
    "Zhukov (App. II, 10.6.1, 12.4)": ["1306"],
    "Berlin garrison (12.4)": ["0327"],
    "12.A June 1941 Axis exception (Memel)": ["0418"],
    "12.B 1942a Soviet": ["3018", "0308", "0309"],
    "12.C 1942b Axis": ["2706", "2508", "3005", "2208", "2804"],
    "12.C 1942b Soviet": ["0309", "0308", "2904"],
    "12.D 1943 Soviet": ["2108", "1306", "1810", "2010", "1910"],
    "12.E 1944 Axis": ["1218", "1213", "1315", "0812"],
    "14.54 May 1941 option (Lodz)": ["0924"],
}  # fmt: skip


@pytest.mark.parametrize("group", sorted(SNO_SETUP_HEXES))
def test_sno_setup_hexes_on_grid(sno: GameMap, group: str) -> None:
    for h in SNO_SETUP_HEXES[group]:
        assert sno.grid.contains(h), (group, h)


def test_sno_june_1941_soviet_setup_inside_the_soviet_union(sno: GameMap) -> None:
    # App. II (and 14.2: "within the 1941 Russian borders")
    for h in SNO_SETUP_HEXES["App. II June 1941 Soviet units"]:
        assert sno.region_of_kind(h, "country") == "Soviet Union", h
    assert sno.region_of_kind("0418", "country") == "Germany"  # 12.A: Memel is in Germany


def test_sno_scenario_setups_on_their_side_of_the_front(sno: GameMap) -> None:
    # 12.B-12.E: units set up on their own side of the scenario boundary.
    def axis(scenario: str, h: str) -> bool:
        return h in sno.regions[f"SNO 12.3 {scenario} Axis side"].hexes

    assert not any(axis("1942a", h) for h in ["3018", "0308", "0309"])
    assert all(axis("1942b", h) for h in ["2706", "2508", "3005", "2208", "2804"])
    assert not any(axis("1942b", h) for h in ["0309", "0308", "2904"])
    assert not any(axis("1943", h) for h in ["2108", "1306", "1810", "2010", "1910"])
    assert all(axis("1944", h) for h in ["1218", "1213", "1315", "0812"])
    # 12.C: "the whole of the Kerch peninsula is now under Axis control"
    assert all(axis("1942b", h) for h in ["3015", "3116"])


# 5.6.6 "Rivers running through major cities have no effect": the river each Major or Victory
# city stands on (docs/data/sno-map.md §4b), and the rivers that only pass near one.
RIVERS_THROUGH = {
    "0308": "Neva",  # Leningrad
    "0528": "Elbe",  # Dresden
    "0826": "Oder",  # Breslau
    "0922": "Vistula",  # Warsaw
    "1130": "Danube",  # Vienna
    "1306": "Moskva",  # Moscow
    "1428": "Danube",  # Budapest
    "1501": "Oka",  # Gorki
    "1816": "Dnieper",  # Kiev
    "1930": "Danube",  # Belgrade
    "2401": "Lower Volga",  # Saratov
    "2414": "Dnieper",  # Dnepropetrovsk
    "2804": "Lower Volga",  # Stalingrad
    "2911": "Don",  # Rostov
}
RIVERS_NEAR = {
    "2108": {"Don"},  # Voronezh stands on the Voronezh, 12 km above the Don
    "2211": {"Donets"},  # Kharkov
    "3907": {"Terek"},  # Grozny stands on the Sunzha
    "0922": {"Bug"},  # Warsaw: the Bug joins below the city
    "2911": {"Mius"},  # Rostov: the Mius is some 60 km west
}


def _rivers_at(sno: GameMap, hex_id: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for nb in sno.grid.neighbours(hex_id):
        river = sno.side_kinds(hex_id, nb).get("river")
        if river:
            out.setdefault(river, []).append(nb)
    return out


def test_sno_rivers_through_major_cities(sno: GameMap) -> None:
    through = {
        h: p.attrs["river_through"] for h, p in sno.places.items() if "river_through" in p.attrs
    }
    assert through == RIVERS_THROUGH
    for hex_id, river in through.items():
        place = sno.places[hex_id]
        assert place.is_("major_city") or place.is_("victory_city"), place.name
        assert river in _rivers_at(sno, hex_id), place.name


def test_sno_rivers_through_exact_sides(sno: GameMap) -> None:
    # the hexsides that lose their river effect for attacks into the city (5.6.4 vs 5.6.6)
    assert sorted(_rivers_at(sno, "1816")["Dnieper"]) == ["1815", "1916"]  # Kiev
    assert sorted(_rivers_at(sno, "2804")["Lower Volga"]) == ["2704", "2705", "2805", "2905"]
    assert sorted(_rivers_at(sno, "2911")["Don"]) == ["2912", "3010", "3011"]  # Rostov
    assert sorted(_rivers_at(sno, "1501")["Oka"]) == ["1502"]  # Gorki


def test_sno_every_river_at_a_major_city_is_classified(sno: GameMap) -> None:
    # each river with a hexside at a Major or Victory city either runs through it or is
    # listed as only passing near it: no city was left unexamined
    for hex_id, p in sno.places.items():
        if not (p.is_("major_city") or p.is_("victory_city")):
            continue
        rivers = set(_rivers_at(sno, hex_id))
        expected = RIVERS_NEAR.get(hex_id, set()) | (
            {RIVERS_THROUGH[hex_id]} if hex_id in RIVERS_THROUGH else set()
        )
        assert rivers == expected, p.name


def test_sno_factory_city_classes_give_the_11_8_limits(sno: GameMap) -> None:
    # 11.8: town 2, minor city 3, major city 4, victory city 6 stacking points of replacements
    limits = {"town": 2, "minor_city": 3, "major_city": 4, "victory_city": 6}

    def limit(hex_id: str) -> int:
        return max(n for k, n in limits.items() if sno.places[hex_id].is_(k))

    assert {h: limit(h) for h in ("1501", "1607", "2211", "2414", "2611")} == {
        "1501": 4,
        "1607": 3,
        "2211": 4,
        "2414": 4,
        "2611": 4,
    }
    # 3.2 / 9.2b: the four major factory cities are controllable supply points, Tula is not
    majors = {p.name for p in sno.places.values() if p.is_("major_city") and p.attrs.get("factory")}
    assert majors == {"Gorki", "Kharkov", "Dnepropetrovsk", "Stalino"}
