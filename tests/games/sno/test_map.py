"""The reconstructed Sturm Nach Osten map: geography, the reconstruction's own rules, and the
tool that builds it.

The rulebook's own map facts are in tests/games/sno/test_map_facts.py; everything here is a
reconstruction (docs/data/sno-map.md) checked for sense, as a wargamer would look at the board.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import ostfront
from ostfront.core.hexgrid import split_hexside
from ostfront.core.mapmodel import GameMap, load_map

ROOT = Path(__file__).resolve().parents[3]
GAMES = Path(ostfront.__file__).resolve().parent / "games"


@pytest.fixture(scope="module")
def sno() -> GameMap:
    return load_map(GAMES / "sno" / "data" / "map.toml")


def centre(m: GameMap, name: str) -> tuple[float, float]:
    return m.grid.center(m.place_named(name).hex)


def test_the_board_is_the_theatre(sno: GameMap) -> None:
    # north is drawn up (smaller y), east to the right (larger x)
    kx, ky = centre(sno, "Kiev")
    mx, my = centre(sno, "Moscow")
    assert mx > kx and my < ky  # Moscow north-east of Kiev
    _, ly = centre(sno, "Leningrad")
    assert ly < my  # Leningrad north of Moscow
    bx, _ = centre(sno, "Berlin")
    assert bx < kx < centre(sno, "Stalingrad")[0]
    assert centre(sno, "Sevastopol")[1] > ky  # the Crimea south of Kiev


def test_cities_are_on_land_and_seas_are_sea(sno: GameMap) -> None:
    for h, p in sno.places.items():
        assert sno.terrain_of(h) not in ("sea", "lake"), p.name
    for h in ["3020", "3218", "3417"]:  # the Black Sea south of the Crimea
        assert sno.terrain_of(h) == "sea", h
    assert sno.terrain_of("2915") == "sea"  # Sea of Azov
    assert sno.terrain_of("3702") == "sea"  # Caspian
    assert sno.terrain_of("0212") == "sea"  # Gulf of Finland
    ladoga = [h for h in ["0107", "0205", "0206"] if sno.terrain_of(h) == "lake"]
    assert len(ladoga) >= 2


def test_sea_areas_are_connected_water_and_their_coasts(sno: GameMap) -> None:
    for name in ["Baltic Sea", "Black Sea", "Sea of Azov", "Caspian Sea"]:
        hexes = sno.regions[name].hexes
        water = {h for h in hexes if sno.terrain_of(h) == "sea"}
        assert len(water) >= 5, name
        for h in hexes - water:
            # 3.3.6a's Kerch hexes; Leningrad and Rostov, put on their seas by corrections.toml
            fixed = {"3015", "3115", "3116", "0308", "2911"}
            assert "coast" in sno.hex_tags(h) or h in fixed, (name, h)


def test_kerch_strait_between_crimea_and_the_kuban(sno: GameMap) -> None:
    assert sno.place_named("Kerch").hex == "3015"
    for h in ["3015", "3116"]:  # the Kerch peninsula, reached overland from Feodosia
        assert sno.grid.adjacent(h, sno.place_named("Feodosia").hex) or h == "3015"
    # Taman (3115) lies on the Kuban side: joined to Novorossiysk's coast by land
    assert sno.grid.adjacent("3115", "3215") or sno.grid.adjacent("3115", "3214")
    assert sno.terrain_of("3214") != "sea"
    assert sno.region_of_kind("3115", "country") == "Soviet Union"


def test_crimea_is_reached_over_perekop_or_the_chongar_strait(sno: GameMap) -> None:
    assert sno.has_side("2816", "2817", "sea")  # the Sivash
    assert sno.has_side("2816", "2917", "strait")  # Chongar (5.5.5)
    assert not sno.side_kinds("2717", "2817")  # the Perekop isthmus is plain land


def test_terrain(sno: GameMap) -> None:
    kinds = set(sno.terrain.values())
    assert {"clear", "swamp", "mountain", "lake", "sea"} <= kinds
    assert "forest" not in kinds  # SNO's chart knows clear, swamp and mountain (5.1.3)
    pinsk = sno.place_named("Pinsk").hex
    assert sno.terrain_of(pinsk) == "swamp"  # the Pripet marshes
    pripet = [h for h in sno.grid.within(pinsk, 2) if sno.terrain_of(h) == "swamp"]
    assert len(pripet) >= 8
    assert sno.terrain_of("3017") == "mountain"  # the Crimean mountains
    carpathians = [h for h in sno.grid.within("1524", 3) if sno.terrain_of(h) == "mountain"]
    assert len(carpathians) >= 3
    caucasus = [h for h in sno.grid.hexes() if sno.terrain_of(h) == "mountain" and h >= "3400"]
    assert len(caucasus) >= 8


def test_countries_of_june_1941(sno: GameMap) -> None:
    where = {
        "Berlin": "Germany",
        "Warsaw": "Germany",  # the General Government: "In Axis Territory" (App. I)
        "Konigsberg": "Germany",
        "Vienna": "Germany",
        "Prague": "Germany",
        "Budapest": "Hungary",
        "Bucharest": "Romania",
        "Ploesti": "Romania",
        "Sofia": "Bulgaria",
        "Helsinki": "Finland",
        "Moscow": "Soviet Union",
        "Kishinev": "Soviet Union",  # Bessarabia, annexed 1940
        "Riga": "Soviet Union",
        "Lvov": "Soviet Union",
    }
    for name, country in where.items():
        assert sno.region_of_kind(sno.place_named(name).hex, "country") == country, name
    # every land hex has a country; the 5.5.9 area is Soviet land
    for h in sno.grid.hexes():
        if sno.terrain_of(h) != "sea":
            assert sno.region_of_kind(h, "country"), h
    for h in sno.regions["SNO 5.5.9 Finnish-occupied area"].hexes:
        assert sno.region_of_kind(h, "country") == "Soviet Union", h
    # the 1941 borders are border hexsides (5.5.10)
    borders = [s for s, k in sno.sides.items() if "border" in k]
    assert len(borders) > 60
    for s in borders:
        a, b = split_hexside(s)
        assert sno.region_of_kind(a, "country") != sno.region_of_kind(b, "country")


def test_places_classes_and_ports(sno: GameMap) -> None:
    kinds = {k for p in sno.places.values() for k in p.kinds}
    assert {"town", "minor_city", "major_city", "victory_city", "port"} <= kinds
    ports: dict[str, list[str]] = {}
    for h, p in sno.places.items():
        if p.is_("port"):
            sea = str(p.attrs["port_on"])
            ports.setdefault(sea, []).append(p.name)
            assert h in sno.regions[sea].hexes, p.name
    assert set(ports) == {"Baltic Sea", "Black Sea", "Sea of Azov", "Caspian Sea"}


def test_rivers_flow_from_source_to_mouth(sno: GameMap) -> None:
    rivers = {f.name: f.sides for f in sno.features if f.kind == "river"}
    for name in ["Dnieper", "Don", "Dniester", "Upper Volga", "Oka", "Western Dvina", "Vistula"]:
        assert len(rivers[name]) >= 8, name
        for s in rivers[name]:
            assert sno.grid.adjacent(*split_hexside(s))
    # the Dnieper runs from near Smolensk past Kiev to the Black Sea near Kherson
    kiev = sno.place_named("Kiev").hex
    first, last = rivers["Dnieper"][0], rivers["Dnieper"][-1]
    assert sno.grid.distance(first[:4], "1211") < sno.grid.distance(last[:4], "1211")
    assert min(sno.grid.distance(kiev, h) for s in rivers["Dnieper"] for h in split_hexside(s)) <= 1
    # 6.2.2: the Gorki system flows west to east: +row is WSW on this grid, so rows fall
    for name in ["Upper Volga", "Oka"]:
        rows = [int(s[2:4]) for s in rivers[name]]
        assert rows[0] > rows[-1], name
    gorki = sno.hexes_tagged("gorki_river_system") if hasattr(sno, "hexes_tagged") else None
    tagged = {h for h, t in sno.tags.items() if "gorki_river_system" in t}
    assert "1501" in tagged or any(sno.grid.adjacent("1501", h) for h in tagged)
    assert gorki is None or gorki == tagged


def test_arctic_weather_lines(sno: GameMap) -> None:
    zones = {
        k: sno.regions[f"SNO 6.2.1 on or north-east of the {k} AWL"].hexes
        for k in ["January", "December and February", "November and March"]
    }
    # the January line reaches furthest south-west
    assert zones["November and March"] <= zones["December and February"] <= zones["January"]
    moscow = sno.place_named("Moscow").hex
    assert all(moscow in z for z in zones.values())
    assert "0922" not in zones["January"]  # Warsaw never freezes under 6.2.1
    for k, z in zones.items():
        line = sno.lines[f"SNO 6.2.1 {k} AWL"]
        assert set(line.hexes) <= z
        # a row of hexes from north-west to south-east: drawn top-left to bottom-right
        (x0, y0), (x1, y1) = sno.grid.center(line.hexes[0]), sno.grid.center(line.hexes[-1])
        assert x1 > x0 and y1 > y0
        freeze = sno.lines[f"SNO 6.2.2 freeze points, {k} AWL"]
        assert freeze.sides


def test_stalin_line_lies_in_the_soviet_union(sno: GameMap) -> None:
    sides = [s for s, k in sno.sides.items() if "fortified_line" in k]
    assert len(sides) >= 20
    soviet = sum(
        all(sno.region_of_kind(h, "country") == "Soviet Union" for h in split_hexside(s))
        for s in sides
    )
    assert soviet >= len(sides) * 0.9
    assert set(sno.lines["SNO 14.3 Stalin Line"].sides) == set(sides)


def test_scenario_front_lines(sno: GameMap) -> None:
    for name in ["1942a", "1942b", "1943", "1944"]:
        axis = sno.regions[f"SNO 12.3 {name} Axis side"].hexes
        line = sno.lines[f"SNO 12.3 {name} front line"]
        assert len(line.sides) > 20
        for s in line.sides:
            a, b = split_hexside(s)
            assert (a in axis) != (b in axis)
        assert sno.place_named("Berlin").hex in axis
        assert sno.place_named("Moscow").hex not in axis
    a42, b42 = (sno.regions[f"SNO 12.3 {n} Axis side"].hexes for n in ["1942a", "1942b"])
    assert sno.place_named("Stalingrad").hex in b42 and "2804" not in a42
    assert sno.place_named("Kharkov").hex in sno.regions["SNO 12.3 1943 Axis side"].hexes
    assert sno.place_named("Kiev").hex not in sno.regions["SNO 12.3 1944 Axis side"].hexes
    assert sno.place_named("Minsk").hex in sno.regions["SNO 12.3 1944 Axis side"].hexes


def test_cli_hex_3115_shows_the_kerch_strait_and_both_seas() -> None:
    import json

    from click.testing import CliRunner

    from ostfront.cli.main import cli

    result = CliRunner().invoke(cli, ["hex", "sno", "3115", "--json"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    data = json.loads(out)
    assert {"Sea of Azov", "Black Sea"} <= set(data["regions"])
    straits = {n["hex"] for n in data["neighbours"] if "strait" in n["features"]}
    assert straits == {"3015", "3116"}


def _has_mapdata() -> bool:
    """Is the mapdata dependency group installed? (find_spec of a submodule raises when its
    parent package is missing, as on a fresh machine.)"""
    try:
        return importlib.util.find_spec("mpl_toolkits.basemap") is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.skipif(not _has_mapdata(), reason="the mapdata dependency group is not installed")
def test_the_committed_map_is_what_the_tool_builds() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "sno_map" / "build.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
