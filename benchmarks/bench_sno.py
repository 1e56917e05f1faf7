"""Sturm Nach Osten speed: random-legal games from the shipped custom positions, with
legal_actions timed at every decision point.

    uv run python benchmarks/bench_sno.py [--games 8] [--seed 1] [--settle] [--repeat 3] [--cpu]

Target (issue 23): legal_actions <= 5 ms at any decision point (the worst, not the median).
The supply target (every unit of a side <= 5 ms) is measured by ``bench_sno_supply.py``.
Reports medians, 90th percentiles and the worst case, and the ratio to the target.
``--repeat N`` plays each game N times (the same actions: the random player is seeded) and
keeps, for each decision point, the least of its N times: other jobs on a shared machine
only ever add time, so the least is the engine's own (the way ``timeit`` reports).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.position import load_position
from ostfront.core.rng import new_rng
from ostfront.games import get, settle

ACTIONS_TARGET = 0.005
#: the clock timings read: the wall clock, or with --cpu the process's CPU clock (time
#: spent waiting for a core while other jobs run is then not counted)
CLOCK: list[Callable[[], float]] = [time.perf_counter]
POSITIONS = Path(__file__).resolve().parent.parent / "src/ostfront/games/sno/data/positions"


def play(position: dict, seed: int) -> tuple[float, list[float], int]:
    game = get("sno")
    state = game.setup(None, {}, seed, position=position)
    player = RandomPlayer(new_rng(seed))
    timings: list[float] = []
    steps = 0
    t0 = CLOCK[0]()
    while game.active_side(state) is not None:
        t = CLOCK[0]()
        legal = game.legal_actions(state)
        timings.append(CLOCK[0]() - t)
        state = game.apply(state, player.choose_from(legal))
        steps += 1
    return CLOCK[0]() - t0, timings, steps


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8, help="games per position")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settle", action="store_true", help="freeze the heap as the server does")
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    ap.add_argument("--repeat", type=int, default=1, help="play each game n times, keep the least")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    positions = {p.stem: load_position(p) for p in sorted(POSITIONS.glob("*.toml"))}
    play(next(iter(positions.values())), args.seed - 1)  # warm-up
    if args.settle:
        settle(["sno"])
    for name, position in positions.items():
        games, calls, steps = [], [], []
        for i in range(args.games):
            runs = [play(position, args.seed + i) for _ in range(args.repeat)]
            if len({n for _, _, n in runs}) != 1:
                raise SystemExit(f"{name} seed {args.seed + i}: the repeated games differ")
            games.append(min(seconds for seconds, _, _ in runs))
            calls += [min(ts) for ts in zip(*(timings for _, timings, _ in runs), strict=True)]
            steps.append(runs[0][2])
        med_call = statistics.median(calls)
        print(f"{name}: {args.games} random games, {statistics.median(steps):.0f} actions each")
        print(f"  game:          median {statistics.median(games):.3f} s, worst {max(games):.3f} s")
        print(
            f"  legal_actions: median {med_call * 1000:.2f} ms, p90 {pct(calls, 0.9) * 1000:.2f}"
            f" ms, worst {max(calls) * 1000:.2f} ms -> worst {max(calls) / ACTIONS_TARGET:.2f} x"
            " target 5 ms"
        )
        over = sum(1 for c in calls if c > ACTIONS_TARGET)
        print(f"  decision points over 5 ms: {over} of {len(calls)}")


if __name__ == "__main__":
    main()
