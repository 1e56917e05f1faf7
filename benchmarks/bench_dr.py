"""Defiant Russia speed: a random-legal full campaign game, and legal_actions at decision points.

    uv run python benchmarks/bench_dr.py [--games 20] [--seed 1] [--settle] [--cpu]

``--settle``: after the warm-up, freeze the loaded components out of the garbage
collector's way as ``ostfront serve`` does (``core.heap.settle``).

Targets (issue 4): median game <= 0.5 s; legal_actions <= 5 ms at any decision point.
Reports medians, 90th percentiles and the worst case, and the ratio to each target.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get, settle

GAME_TARGET = 0.5
ACTIONS_TARGET = 0.005


CLOCK = time.perf_counter


def play(seed: int) -> tuple[float, list[float], int]:
    game = get("dr")
    state = game.setup("1941", {}, seed)
    player = RandomPlayer(new_rng(seed))
    timings: list[float] = []
    steps = 0
    clock = CLOCK
    t0 = clock()
    while game.active_side(state) is not None:
        t = clock()
        legal = game.legal_actions(state)
        timings.append(clock() - t)
        state = game.apply(state, player.choose_from(legal))
        steps += 1
    return clock() - t0, timings, steps


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settle", action="store_true", help="freeze the heap as the server does")
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    args = ap.parse_args()
    if args.cpu:  # other jobs on the machine then add less (they still share its caches)
        global CLOCK
        CLOCK = time.process_time
    play(args.seed - 1)  # warm-up: tables built once per process are not counted
    if args.settle:
        settle(["dr"])
    games, calls, steps = [], [], []
    for i in range(args.games):
        seconds, timings, n = play(args.seed + i)
        games.append(seconds)
        calls += timings
        steps.append(n)
    med_game = statistics.median(games)
    med_call = statistics.median(calls)
    print(f"{args.games} random games, {statistics.median(steps):.0f} actions each (median)")
    print(
        f"game:          median {med_game:.3f} s, p90 {pct(games, 0.9):.3f} s, worst "
        f"{max(games):.3f} s  -> {med_game / GAME_TARGET:.2f} x target {GAME_TARGET} s"
    )
    print(
        f"legal_actions: median {med_call * 1000:.2f} ms, p90 {pct(calls, 0.9) * 1000:.2f} ms,"
        f" worst {max(calls) * 1000:.2f} ms -> {med_call / ACTIONS_TARGET:.2f} x target 5 ms"
    )
    over = sum(1 for c in calls if c > ACTIONS_TARGET)
    print(f"decision points over 5 ms: {over} of {len(calls)}")


if __name__ == "__main__":
    main()
