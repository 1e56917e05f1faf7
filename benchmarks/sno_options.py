"""Sturm Nach Osten's strategic options (14.x) played: random 1941 campaigns with each option,
checked (the invariants after every action, the record replayed) - the full run behind the
fixed-seed sample in tests/games/sno/test_options.py.

    uv run python benchmarks/sno_options.py [--games 200] [--seed 1] [--option ID ...]

For each option (all the playable ones by default: 14.2, 14.3, 14.5, 14.6, 14.7, 14.8, and a
Soviet and an Axis start option together) it plays ``--games`` games with
``ostfront.ai.simulate.play_one`` and prints the games that crashed, dead-ended or broke an
invariant, how they ended and the seconds taken; it exits 1 if any game had a problem.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time

from ostfront.ai.simulate import play_one
from ostfront.games import get

RUNS: dict[str, dict[str, bool]] = {
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
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", choices=sorted(RUNS))
    args = ap.parse_args()
    game = get("sno")
    bad = 0
    for name in args.option or list(RUNS):
        t0 = time.perf_counter()
        ends: collections.Counter[str] = collections.Counter()
        secs = []
        for seed in range(args.seed, args.seed + args.games):
            r = play_one(game, seed, "1941", RUNS[name], check=True)
            secs.append(r.seconds)
            if r.problem:
                bad += 1
                print(f"  {name} seed {seed}: {r.problem}", flush=True)
                ends["problem"] += 1
            else:
                ends[f"{r.winner or 'draw'}"] += 1
        print(
            f"{name}: {args.games} games, {dict(sorted(ends.items()))}, median "
            f"{statistics.median(secs):.1f} s, {time.perf_counter() - t0:.0f} s in all",
            flush=True,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
