"""What ``simulate`` adds to the engine (issue 36, item 5): the same random games played by
``ai.simulate.play_one`` with checks off and by a bare loop (``legal_actions``, the random
player's pick, ``apply``), CPU time each.

    uv run python benchmarks/bench_simulate.py [--game dr] [--games 5] [--seed 1] [--repeat 2]

Both play the same game from a seed (the random player seeded as ``play_one`` seeds it,
the set-up included in both); the script checks the step counts agree. Target: ``play_one``
with checks off at most 1.5 x the bare loop (the ratio of the total CPU times; each game's
least of ``--repeat`` runs).
"""

from __future__ import annotations

import argparse
import statistics
import time

from ostfront.ai.random_player import RandomPlayer
from ostfront.ai.simulate import play_one
from ostfront.core.rng import new_rng
from ostfront.games import get, names, settle

TARGET = 1.5


def bare(game_name: str, seed: int, scenario: str | None) -> tuple[float, int]:
    t0 = time.process_time()
    game = get(game_name)
    state = game.setup(scenario, {}, seed)
    player = RandomPlayer(new_rng(seed ^ 0x5EED))  # as simulate.play_one seeds it
    steps = 0
    while game.active_side(state) is not None and steps < 20_000:
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
        steps += 1
    return time.process_time() - t0, steps


def simulated(game_name: str, seed: int, scenario: str | None) -> tuple[float, int]:
    t0 = time.process_time()
    report = play_one(get(game_name), seed, scenario, {}, check=False)
    return time.process_time() - t0, report.steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="dr", choices=names())
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    settle(names())
    bare(args.game, args.seed, args.scenario)  # warm: the components loaded and kept
    rows = []
    for seed in range(args.seed, args.seed + args.games):
        b = min(bare(args.game, seed, args.scenario) for _ in range(args.repeat))
        s = min(simulated(args.game, seed, args.scenario) for _ in range(args.repeat))
        if b[1] != s[1]:
            raise SystemExit(f"seed {seed}: the bare loop took {b[1]} steps, simulate {s[1]}")
        rows.append((seed, b[0], s[0], b[1]))
        print(f"seed {seed}: {b[1]} steps, bare {b[0]:.3f} s, simulate {s[0]:.3f} s")
    total_b = sum(r[1] for r in rows)
    total_s = sum(r[2] for r in rows)
    ratios = [r[2] / r[1] for r in rows]
    bare_median = statistics.median(r[1] for r in rows)
    print(
        f"{args.game}: {len(rows)} games, bare median {bare_median:.3f} s, "
        f"simulate median {statistics.median(r[2] for r in rows):.3f} s; "
        f"ratio {total_s / total_b:.2f} x (per game {min(ratios):.2f}-{max(ratios):.2f}), "
        f"{total_s / total_b / TARGET:.2f} of the {TARGET} x target"
    )


if __name__ == "__main__":
    main()
