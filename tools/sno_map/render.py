"""Draw the Sturm Nach Osten board: docs/maps/sno.svg and docs/maps/sno.png.

    uv run python tools/sno_map/render.py [--png]

The board itself is drawn by ``ostfront.render.svg.render_map`` (as ``ostfront map sno``
would). The map's named lines, which that renderer does not draw, are laid over it here: the
three Arctic Weather Lines (a band through their hexes), the freeze points (short red bars
across the river sides, 6.2.2's "small red lines"), the Finland line of 5.5.9 and the four
scenario front lines (dotted, in the colours of 12.3). ``--png`` also converts the SVG with
``rsvg-convert`` when it is installed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from ostfront.core.hexgrid import split_hexside  # noqa: E402
from ostfront.core.mapmodel import GameMap, load_map  # noqa: E402
from ostfront.render.svg import render_map  # noqa: E402

MAP = ROOT / "src" / "ostfront" / "games" / "sno" / "data" / "map.toml"
SVG = ROOT / "docs" / "maps" / "sno.svg"
PNG = ROOT / "docs" / "maps" / "sno.png"
SIZE = 24.0

AWL_COLOURS = {
    "January": "#1565c0",
    "December and February": "#00838f",
    "November and March": "#6a1b9a",
}
FRONT_COLOURS = {"1942a": "#2e7d32", "1942b": "#9ccc65", "1943": "#d32f2f", "1944": "#8e24aa"}


def _n(x: float) -> str:
    return f"{x:.1f}"


def overlay(game_map: GameMap, size: float = SIZE) -> str:
    """SVG groups for the map's lines, drawn above the board."""
    grid = game_map.grid
    out = ['<g class="sno-lines" fill="none">']
    for name, line in game_map.lines.items():
        if name.startswith("SNO 6.2.1 "):
            key = name.removeprefix("SNO 6.2.1 ").removesuffix(" AWL")
            pts = " ".join(
                f"{_n(x)},{_n(y)}" for x, y in (grid.center(h, size) for h in line.hexes)
            )
            out.append(
                f'<polyline class="awl" data-line="{name}" points="{pts}"'
                f' stroke="{AWL_COLOURS[key]}"'
                f' stroke-width="{_n(size * 0.55)}" stroke-opacity="0.28" stroke-linejoin="round"'
                f' stroke-linecap="round"><title>{name}</title></polyline>'
            )
        elif name.startswith("SNO 6.2.2 freeze points"):
            for side in line.sides:
                a, b = split_hexside(side)
                (ax, ay), (bx, by) = grid.center(a, size), grid.center(b, size)
                p, q = grid.edge(a, b, size)
                mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
                dx, dy = (bx - ax) * 0.18, (by - ay) * 0.18
                out.append(
                    f'<line class="freeze-point" x1="{_n(mx - dx)}" y1="{_n(my - dy)}"'
                    f' x2="{_n(mx + dx)}" y2="{_n(my + dy)}" stroke="#e53935"'
                    f' stroke-width="{_n(size * 0.08)}"><title>{name} {side}</title></line>'
                )
        elif name.endswith("front line"):
            key = name.split()[2]
            for side in line.sides:
                p, q = grid.edge(*split_hexside(side), size)
                out.append(
                    f'<line class="front" x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(q[0])}"'
                    f' y2="{_n(q[1])}" stroke="{FRONT_COLOURS[key]}"'
                    f' stroke-width="{_n(size * 0.13)}"'
                    f' stroke-dasharray="{_n(size * 0.12)} {_n(size * 0.1)}"'
                    f' stroke-linecap="butt"><title>{name}</title></line>'
                )
        elif name.endswith("Finland line"):
            pts = " ".join(
                f"{_n(x)},{_n(y)}" for x, y in (grid.center(h, size) for h in line.hexes)
            )
            out.append(
                f'<polyline class="finland-line" points="{pts}" stroke="#37474f"'
                f' stroke-width="{_n(size * 0.1)}"'
                f' stroke-dasharray="{_n(size * 0.3)} {_n(size * 0.12)}">'
                f"<title>{name}</title></polyline>"
            )
    out.append(legend(game_map, size))
    out.append("</g>")
    return "\n".join(out)


def legend(game_map: GameMap, size: float) -> str:
    min_x, _min_y, _max_x, max_y = game_map.grid.bounds(size)
    x, y = min_x + size, max_y - size * 9
    rows = [(c, f"{k} AWL", "band") for k, c in AWL_COLOURS.items()]
    rows += [(c, f"{k} front line", "dash") for k, c in FRONT_COLOURS.items()]
    rows += [
        ("#e53935", "freeze point (6.2.2)", "bar"),
        ("#37474f", "Finland line (5.5.9)", "dash"),
    ]
    out = [
        f'<rect x="{_n(x - size * 0.4)}" y="{_n(y - size * 0.8)}" width="{_n(size * 8.5)}"'
        f' height="{_n(size * (len(rows) * 0.7 + 0.8))}" fill="#ffffff" fill-opacity="0.85"'
        ' stroke="#999999"/>'
    ]
    for i, (colour, label, style) in enumerate(rows):
        yy = y + i * size * 0.7
        if style == "band":
            extra = f' stroke-width="{_n(size * 0.4)}" stroke-opacity="0.35"'
        elif style == "dash":
            extra = (
                f' stroke-width="{_n(size * 0.13)}"'
                f' stroke-dasharray="{_n(size * 0.12)} {_n(size * 0.1)}"'
            )
        else:
            extra = f' stroke-width="{_n(size * 0.1)}"'
        out.append(
            f'<line x1="{_n(x)}" y1="{_n(yy)}" x2="{_n(x + size * 1.4)}" y2="{_n(yy)}"'
            f' stroke="{colour}"{extra}/>'
            f'<text x="{_n(x + size * 1.7)}" y="{_n(yy + size * 0.15)}"'
            f' font-size="{_n(size * 0.42)}"'
            ' fill="#111111">'
            f"{label}</text>"
        )
    return "\n".join(out)


def draw(png: bool = False) -> None:
    game_map = load_map(MAP)
    svg = render_map(game_map, title="Sturm Nach Osten (reconstructed board)", size=SIZE)
    svg = svg.replace("</svg>\n", overlay(game_map) + "\n</svg>\n")
    SVG.write_text(svg, encoding="utf-8")
    print(f"wrote {SVG}")
    if png:
        tool = shutil.which("rsvg-convert")
        if tool is None:
            print("rsvg-convert is not installed: no PNG")
            return
        subprocess.run([tool, "-w", "2400", "-o", str(PNG), str(SVG)], check=True)
        print(f"wrote {PNG}")


def main() -> int:
    ap = argparse.ArgumentParser(description="Draw the Sturm Nach Osten board.")
    ap.add_argument("--png", action="store_true", help="also write the PNG (rsvg-convert)")
    draw(ap.parse_args().png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
