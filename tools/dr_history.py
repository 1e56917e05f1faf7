"""How computer players' Defiant Russia games compare with 1941: for each turn, how often the
Axis holds Minsk, Smolensk, Kiev, Leningrad, Moscow and Rostov at the turn's end, and the
final scores (issue 5's plausibility check; the numbers go into docs/ai.md).

    uv run python tools/dr_history.py --axis normal --soviet normal --games 10 --seed 100

History: Minsk fell in June, Smolensk in July, Kiev in September; Leningrad was besieged and
Moscow and Rostov held at the end; the designer's historical result (13.0 G) is 7-6 for the
Soviets.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr.charts import month_of

CITIES = ("Minsk", "Smolensk", "Kiev", "Leningrad", "Moscow", "Rostov")


def one(args: tuple[str, str, int]) -> tuple[dict[int, set[str]], dict[str, int]]:
    axis, soviet, seed = args
    game = get("dr")
    s = game.setup("1941", {}, seed)
    players = {"axis": make_player(axis, seed * 7 + 1), "soviet": make_player(soviet, seed * 7 + 2)}
    R = game.rules_for(s)
    hexes = {n: R.map.place_named(n).hex for n in CITIES}
    held: dict[int, set[str]] = {}
    while game.active_side(s) is not None:
        s = game.apply(s, players[game.active_side(s)].choose(game, s))
        held[s["turn"]] = {n for n, h in hexes.items() if s["control"].get(h) == "axis"}
    res = game.result(s)
    return held, dict(res.score) if res else {}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--axis", default="normal")
    ap.add_argument("--soviet", default="normal")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = [(args.axis, args.soviet, args.seed + i) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, jobs))
    charts = get("dr").rules_for(get("dr").setup("1941", {}, 1)).charts
    turns = sorted({t for held, _ in results for t in held})
    print("| turn | " + " | ".join(CITIES) + " |")
    print("|---|" + "---|" * len(CITIES))
    for t in turns:
        row = [sum(1 for held, _ in results if n in held.get(t, set())) for n in CITIES]
        cells = " | ".join(f"{100 * k // len(results)}%" for k in row)
        print(f"| {t} ({month_of(charts, t)}) | {cells} |")
    axis = [sc.get("axis", 0) for _, sc in results]
    soviet = [sc.get("soviet", 0) for _, sc in results]
    wins = sum(1 for a, b in zip(axis, soviet, strict=True) if a > b)
    print(
        f"\n{len(results)} games {args.axis} (Axis) vs {args.soviet} (Soviets): mean score "
        f"{statistics.fmean(axis):.1f}-{statistics.fmean(soviet):.1f}, Axis wins {wins}; "
        f"scores: {', '.join(f'{a}-{b}' for a, b in zip(axis, soviet, strict=True))}"
    )


if __name__ == "__main__":
    main()
