"""Random 1941 Sturm Nach Osten campaigns played to May 1945, checked as ``ostfront simulate``
checks them (invariants after every action, the record replayed bit for bit).

    uv run python tools/sno_full_campaigns.py [--games 15] [--seed 200]

Random players almost never win or lose before the December 1941 Victory Determination Turn
ends the game (15.2), so the months after it - winters, factories in the east, Zhukov,
reinforcements to 1945 - are never reached by ``simulate``. This passes over the December
VDTs as ``benchmarks/bench_sno_campaign.py --full`` does (victory.is_vdt replaced in this
process only; no rule is changed) so that every game runs to May 1945. Prints one line a game:
seed, last month, actions, winner, seconds, "ok" or the problem; exits 1 if any game had one.
"""

from __future__ import annotations

import argparse
import sys
import time

from ostfront.ai import simulate
from ostfront.games import get
from ostfront.games.sno import victory


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--seed", type=int, default=200)
    args = ap.parse_args()
    victory.is_vdt = lambda R, state, turn: turn == victory.LAST_VDT  # type: ignore[assignment]
    game = get("sno")
    bad = 0
    for seed in range(args.seed, args.seed + args.games):
        t = time.perf_counter()
        r = simulate.play_one(game, seed, "1941")
        bad += r.problem is not None
        took = time.perf_counter() - t
        print(seed, r.turns, r.steps, r.winner, f"{took:.1f}s", r.problem or "ok", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
