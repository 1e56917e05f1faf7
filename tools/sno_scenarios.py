"""Random games of the later Sturm Nach Osten scenarios (SNO 12.B-E), from their set-up steps,
checked as ``ostfront simulate`` checks them (invariants after every action, the record
replayed bit for bit).

    uv run python tools/sno_scenarios.py [--games 200] [--seed 1] [--jobs 2] [1942a 1942b ...]

Each game starts with both players choosing their forces by the scenario's totals and setting
them up (the random player sometimes takes the historical set-up in one action), then plays
until a side wins or the game ends. Prints one line a game as it finishes (scenario, seed,
last month, actions, winner, CPU seconds, "ok" or the problem) and a summary a scenario; exits 1
if any game had a problem. ``tests/games/sno/test_scenarios.py`` plays a few of these seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from ostfront.ai import simulate
from ostfront.games import get

SCENARIOS = ("1942a", "1942b", "1943", "1944")


def one(job: tuple[str, int]) -> tuple[str, int, str, int, str, float, str]:
    scenario, seed = job
    t = time.process_time()
    r = simulate.play_one(get("sno"), seed, scenario)
    took = time.process_time() - t  # CPU seconds: the machine is shared
    return scenario, seed, r.turns, r.steps, str(r.winner), took, r.problem or "ok"


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    # seed by seed, every scenario in turn: a run stopped early has played them all alike
    seeds = range(args.seed, args.seed + args.games)
    jobs = [(s, seed) for seed in seeds for s in args.scenarios]
    tally: dict[str, Counter[str]] = {s: Counter() for s in args.scenarios}
    # one job: played here, so that stopping the run (Ctrl-C) leaves no worker playing on
    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for scenario, seed, turns, steps, winner, took, problem in (
            pool.map(one, jobs) if pool else map(one, jobs)
        ):
            tally[scenario]["games"] += 1
            tally[scenario][f"winner {winner}"] += 1
            tally[scenario]["problems"] += problem != "ok"
            print(scenario, seed, turns, steps, winner, f"{took:.1f}s", problem, flush=True)
    except KeyboardInterrupt:
        print("stopped: the games finished so far", flush=True)
    finally:
        if pool:
            pool.shutdown(wait=False, cancel_futures=True)
    for scenario, counts in tally.items():
        print(scenario, dict(sorted(counts.items())), flush=True)
    return 1 if any(c["problems"] for c in tally.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
