"""Sturm Nach Osten's strategic options (14.x) played: random 1941 campaigns with each option,
checked (the invariants after every action, the record replayed) - the full run behind the
fixed-seed sample in tests/games/sno/test_options.py.

    uv run python benchmarks/sno_options.py [--games 200] [--seed 1] [--jobs 2] [--option ID ...]

For each option (all of them by default: 13.0, 14.2-14.8, 14.8 in the 1942a scenario, and a
Soviet and an Axis start option together) it plays ``--games`` games with
``ostfront.ai.simulate.play_one``, seed by seed with every option in turn (a run stopped
early has played them all alike), prints one line a game as it finishes (option, seed, last
month, actions, winner, CPU seconds, "ok" or the problem) and a summary an option; it exits
1 if any game had a problem.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ostfront.ai.simulate import play_one
from ostfront.games import get

RUNS: dict[str, dict[str, bool]] = {
    "leningrad": {"leningrad": True},
    "free-soviet-setup": {"free-soviet-setup": True},
    "stalin-line": {"stalin-line": True},
    "modernization": {"modernization": True},
    "modernization+may-conservative": {"modernization": True, "may-conservative": True},
    "may-conservative": {"may-conservative": True},
    "may-daring": {"may-daring": True},
    "siberian-reserves": {"siberian-reserves": True},
    "partisans": {"partisans": True},
    "stalin-line+may-daring+both-playing": {
        "stalin-line": True,
        "may-daring": True,
        "siberian-reserves": True,
        "partisans": True,
    },
    "partisans-1942a": {"partisans": True},
}
#: the scenario a run plays (the Campaign Scenario unless named here; SNO 14.11)
SCENARIO = {"partisans-1942a": "1942a"}


def one(job: tuple[str, int]) -> tuple[str, int, str, int, str, float, str]:
    """Play the option run ``name``'s game ``seed``: its line's fields, CPU seconds timed."""
    name, seed = job
    t = time.process_time()
    r = play_one(get("sno"), seed, SCENARIO.get(name, "1941"), RUNS[name], check=True)
    took = time.process_time() - t  # CPU seconds: the machine may be shared
    problem = (r.problem or "ok").splitlines()[0]
    return name, seed, r.turns, r.steps, str(r.winner or "draw"), took, problem


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--option", action="append", choices=sorted(RUNS))
    args = ap.parse_args()
    names = args.option or list(RUNS)
    jobs = [(n, seed) for seed in range(args.seed, args.seed + args.games) for n in names]
    tally: dict[str, collections.Counter[str]] = {n: collections.Counter() for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    # one job: played here, so that stopping the run (Ctrl-C) leaves no worker playing on
    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for name, seed, turns, steps, winner, took, problem in (
            pool.map(one, jobs) if pool else map(one, jobs)
        ):
            cpu[name].append(took)
            tally[name]["games"] += 1
            tally[name]["problems" if problem != "ok" else winner] += 1
            print(name, seed, turns, steps, winner, f"{took:.1f}s", problem, flush=True)
    except KeyboardInterrupt:
        print("stopped: the games finished so far", flush=True)
    finally:
        if pool:
            pool.shutdown(wait=False, cancel_futures=True)
    for name in [n for n in names if cpu[n]]:
        print(
            f"{name}: {dict(sorted(tally[name].items()))}, median "
            f"{statistics.median(cpu[name]):.1f} s CPU",
            flush=True,
        )
    return 1 if any(c["problems"] for c in tally.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
