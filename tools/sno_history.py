"""How computer players' Sturm Nach Osten campaigns compare with the war (issue 34, item 3):
normal against normal from June 1941, as far as ``--until`` (default May 1945, the game's
end, 15.3).

    uv run python tools/sno_history.py --games 20 --seed 1 [--until 1942-06] [--jobs 1]
    uv run python tools/sno_history.py --games 5 --seed 6 --save runs.jsonl
    uv run python tools/sno_history.py --report runs.jsonl    # the games saved, together

For the games it prints:

- how often the December 1941 Victory Determination Turn (15.1, 15.6) passed with no winner,
  as it did in 1941, and who won the games that ended (and when);
- the front at the start of May 1942, June 1943 and June 1944 - the months the 1942a, 1943
  and 1944 scenarios begin - against the map's front line of that scenario (12.3, ``SNO 12.3
  <scenario> front line`` in map.toml): the mean distance in hexes from each hex of the
  map's line (its Axis-side hexes) to the game's front, the mean distance the other way, and
  the share of the map's line that lies on the game's Axis side (the Axis ahead of history
  there);
- who holds each Soviet victory city at the end of each December (3.2; games of those that
  got that far).

**The game's front.** Each land hex belongs to the side of the nearest combat unit on the map
(hex distance; a tie to neither); the game's front is the Axis's hexes next to a land hex
that is not the Axis's. So the front is where the armies are, pockets included; a hex far
from every unit goes to the side whose unit is nearer, wherever that is. Measured so, a
scenario's own historical set-up lies about a hex from its own line (1942a 1.2, 1943 1.1,
from the line to the front), so a game's figure is read against that floor (docs/ai.md).

Games are played as ``ostfront simulate`` plays them (each side's player from the seed,
``seed * 7 + 1`` and ``+ 2``), without the invariant checks. Each game's CPU seconds go to
standard error as it ends.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.sno.rules import Rules, State, on_map
from ostfront.games.sno.state import own

#: month -> the scenario whose front line (12.3) the game's front is measured against then
FRONTS = {"1942-05": "1942a", "1943-06": "1943", "1944-06": "1944"}
MONTHS = "January February March April May June July August September October November December"


def month_title(turn: str) -> str:
    return f"{MONTHS.split()[int(turn[5:]) - 1]} {turn[:4]}"


def line_hexes(R: Rules, scenario: str) -> list[str]:
    """The Axis-side hexes of the scenario's front line (12.3): of each hexside the line
    runs along, the hex on the Axis side."""
    line = R.map.lines[f"SNO 12.3 {scenario} front line"]
    axis = R.map.regions[f"SNO 12.3 {scenario} Axis side"].hexes
    out = set()
    for side in line.sides:
        a, b = side.split("/")
        out.update(h for h in (a, b) if h in axis)
    return sorted(out)


def sides_of_hexes(R: Rules, state: State) -> dict[str, str]:
    """Each land hex -> the side of the nearest combat unit on the map (none on a tie)."""
    grid = R.map.grid
    units: dict[str, set[str]] = {}
    for uid in state["units"]:
        if not on_map(state, uid):
            continue
        unit = R.unit(uid)
        if unit.is_combat:
            units.setdefault(unit.side, set()).add(str(state["units"][uid]["at"]))
    out: dict[str, str] = {}
    for h in grid.hexes():
        if R.map.terrain_of(h) in (None, "sea", "lake"):
            continue
        near = {s: min((grid.distance(h, u) for u in us), default=999) for s, us in units.items()}
        a, s = near.get("axis", 999), near.get("soviet", 999)
        if a != s:
            out[h] = "axis" if a < s else "soviet"
    return out


def front(R: Rules, state: State) -> tuple[list[str], dict[str, str]]:
    """The game's front (the Axis hexes next to a land hex that is not the Axis's: a Soviet
    one, or one as near to both sides' units) and each hex's side."""
    side = sides_of_hexes(R, state)
    grid = R.map.grid
    land = {h for h in grid.hexes() if R.map.terrain_of(h) not in (None, "sea", "lake")}
    hexes = [
        h
        for h, s in side.items()
        if s == "axis" and any(n in land and side.get(n) != "axis" for n in grid.neighbours(h))
    ]
    return sorted(hexes), side


def measure(R: Rules, state: State, scenario: str) -> tuple[float, float, float]:
    """(mean distance from the map's line to the game's front, the same the other way, the
    share of the map's line on the game's Axis side)."""
    grid = R.map.grid
    ref = line_hexes(R, scenario)
    game_front, side = front(R, state)
    if not game_front:
        return (float("nan"), float("nan"), float("nan"))
    to_game = [min(grid.distance(h, g) for g in game_front) for h in ref]
    to_ref = [min(grid.distance(g, h) for h in ref) for g in game_front]
    ahead = sum(1 for h in ref if side.get(h) == "axis") / len(ref)
    return statistics.fmean(to_game), statistics.fmean(to_ref), ahead


def one(args: tuple[int, str, str, str]) -> dict[str, Any]:
    seed, axis, soviet, until = args
    t0 = time.process_time()
    game = get("sno")
    s = game.setup("1941", {}, seed)
    players = {"axis": make_player(axis, seed * 7 + 1), "soviet": make_player(soviet, seed * 7 + 2)}
    R: Rules = game.rules_for(s)  # type: ignore[attr-defined]
    soviet_cities = [c for c in R.tables.spec.victory.cities if c.territory == "soviet"]
    turn = own(s)["turn"]
    fronts: dict[str, tuple[float, float, float]] = {}
    december: dict[str, dict[str, str]] = {}
    steps = 0
    while (side := game.active_side(s)) is not None:
        s = game.apply(s, players[side].choose(game, s))
        steps += 1
        now = own(s)["turn"]
        if now != turn:
            if turn.endswith("-12"):
                control = own(s)["control"]
                december[turn] = {c.name: control.get(c.hex, "") for c in soviet_cities}
            if now in FRONTS:
                fronts[now] = measure(R, own(s), FRONTS[now])
            turn = now
            if turn > until:
                break
    state = own(s)
    if turn.endswith("-12") and turn not in december:  # the game ended in a December
        december[turn] = {c.name: state["control"].get(c.hex, "") for c in soviet_cities}
    res = game.result(s)
    out = {
        "seed": seed,
        "winner": res.winner if res else None,
        "ended": bool(res),
        "last_turn": turn,
        "score": dict(res.score) if res else {},
        "fronts": fronts,
        "december": december,
        "steps": steps,
        "cpu": time.process_time() - t0,
    }
    print(
        f"seed {seed}: {out['winner'] or ('draw' if res else 'stopped')} in {turn}, "
        f"{steps} steps, {out['cpu']:.0f} s CPU",
        file=sys.stderr,
        flush=True,
    )
    return out


def report(games: list[dict[str, Any]], until: str) -> None:
    n = len(games)
    print(f"{n} games, normal against normal from June 1941 (played to {month_title(until)})\n")
    reached = [g for g in games if g["ended"] or g["last_turn"] > "1941-12"]
    passed = sum(1 for g in reached if g["last_turn"] > "1941-12")
    print(f"December 1941 VDT passed with no winner: {passed} of the {len(reached)} games there")
    ends: dict[str, int] = {}
    for g in games:
        if g["ended"]:
            key = f"{g['winner'] or 'draw'} in {g['last_turn']}"
            ends[key] = ends.get(key, 0) + 1
    stopped = n - sum(ends.values())
    print(
        "Ends: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(ends.items()))
        + (f"; not ended by {month_title(until)}: {stopped}" if stopped else "")
    )
    scores = [g["score"] for g in games if g["score"]]
    if scores:
        axis = statistics.fmean(float(sc.get("axis", 0)) for sc in scores)
        soviet = statistics.fmean(float(sc.get("soviet", 0)) for sc in scores)
        counts = ", ".join(f"{sc.get('axis')}-{sc.get('soviet')}" for sc in scores)
        print(f"Victory counts at the end (Axis-Soviets, 15.4-15.5): mean {axis:.2f}-{soviet:.2f}")
        print(f"  game by game: {counts}")
    print("\n| front at the start of | games | line -> game front | game front -> line "
          "| line on the Axis side |")  # fmt: skip
    print("|---|---|---|---|---|")
    for month, scen in FRONTS.items():
        got = [g["fronts"][month] for g in games if month in g["fronts"]]
        if not got:
            print(f"| {month_title(month)} ({scen}) | 0 | - | - | - |")
            continue
        a, b, c = (statistics.fmean(x[i] for x in got) for i in range(3))
        print(f"| {month_title(month)} ({scen}) | {len(got)} | {a:.2f} | {b:.2f} | {c:.0%} |")
    decembers = sorted({t for g in games for t in g["december"]})
    if not decembers:
        return
    names = list(next(iter(games[0]["december"].values())).keys()) if games[0]["december"] else []
    names = names or sorted({c for g in games for d in g["december"].values() for c in d})
    print("\nGames in which the Axis holds each Soviet victory city at the end of December:\n")
    print("| December | games | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for t in decembers:
        got = [g["december"][t] for g in games if t in g["december"]]
        cells = " | ".join(str(sum(1 for d in got if d.get(c) == "axis")) for c in names)
        print(f"| {t[:4]} | {len(got)} | {cells} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--axis", default="normal")
    ap.add_argument("--soviet", default="normal")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--until", default="1945-05", help="the last month played (YYYY-MM)")
    ap.add_argument("--save", help="append each game's figures to this file (JSON lines)")
    ap.add_argument(
        "--report", nargs="+", metavar="FILE", help="play nothing: report the games saved here"
    )
    args = ap.parse_args()
    if args.report:
        games = [
            json.loads(line)
            for f in args.report
            for line in Path(f).read_text().split("\n")
            if line
        ]
    else:
        jobs = [(args.seed + i, args.axis, args.soviet, args.until) for i in range(args.games)]
        if args.jobs <= 1:
            games = [one(j) for j in jobs]
        else:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                games = list(pool.map(one, jobs))
        if args.save:
            with open(args.save, "a", encoding="utf-8") as out:
                for g in games:
                    out.write(json.dumps(g) + "\n")
    report(games, max(g["last_turn"] for g in games) if args.report else args.until)
    cpu = [g["cpu"] for g in games]
    print(f"\nCPU a game: mean {statistics.fmean(cpu):.0f} s, worst {max(cpu):.0f} s")


if __name__ == "__main__":
    main()
