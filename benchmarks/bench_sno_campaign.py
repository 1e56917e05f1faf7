"""Sturm Nach Osten speed: random 1941 campaigns (scenario 12.A) from the set-up to the end.

    uv run python benchmarks/bench_sno_campaign.py [--games 5] [--seed 1] [--settle]
        [--cpu] [--full] [--repeat 3] [--profile N]

Target (issue 26): a random 1941 campaign <= 10 s, median. Each game is set up and played by
the random player seeded as ``ostfront.ai.simulate.play_one`` seeds it (one generator for
both sides), without the record and the invariants ``simulate`` adds. Reports, per game,
the seconds, the decisions made, the month it ended and why, then the median and the worst
and the ratio of the median to the target; asserts nothing.

``--full``: the December VDTs are passed over (the benchmark replaces victory.is_vdt; the
rules are not changed), so every game is played to May 1945 - random play otherwise ends
most campaigns in December 1941 (15.2: the Soviets hold their 9 cities), and the later
months, with more units on the map, are never timed.

``--repeat N`` plays each game N times (the same game: the player is seeded) and keeps the
least seconds of the game and of each decision point (other jobs only ever add time).

``--cpu`` times with the process's CPU clock instead of the wall clock: on a machine other
jobs share, time spent waiting for a core is then not counted (the wall clock is what a
player waits; the CPU clock is the engine's own work). ``--profile N`` plays the games under
cProfile and prints the N functions with the most time of their own and the N with the most
time in all (for finding what to make faster, not for the figures: profiling slows it).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Callable

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get, settle

TARGET = 10.0  # seconds a campaign, median
MAX_STEPS = 200_000


def campaign(
    seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, int, str, str, list[tuple[float, str]]]:
    """(seconds, decisions, the month it ended, the result's reason, (seconds, month and
    phase) of every legal_actions call) of one random game."""
    game = get("sno")
    t0 = clock()
    state = game.setup("1941", {}, seed)
    player = RandomPlayer(new_rng(seed ^ 0x5EED))  # as simulate.play_one seeds it
    steps = 0
    calls: list[tuple[float, str]] = []
    while game.active_side(state) is not None and steps < MAX_STEPS:
        t = clock()
        legal = game.legal_actions(state)
        calls.append((clock() - t, f"{state['turn']} {state['phase']}"))
        state = game.apply(state, player.choose_from(legal))
        steps += 1
    seconds = clock() - t0
    result = state.get("winner") or {}
    reason = result.get("reason", "") if isinstance(result, dict) else str(result)
    return seconds, steps, str(state.get("turn")), reason, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settle", action="store_true", help="freeze the heap as the server does")
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    ap.add_argument("--full", action="store_true", help="no December VDT: play to May 1945")
    ap.add_argument("--repeat", type=int, default=1, help="play each game n times, keep the least")
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="profile; print N rows")
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    if args.full:
        from ostfront.games.sno import victory

        victory.is_vdt = lambda R, state, turn: turn == victory.LAST_VDT  # type: ignore[assignment]
    get("sno").setup("1941", {}, 0)  # the components read once, before any timing
    if args.settle:
        settle(["sno"])
    profiler = cProfile.Profile() if args.profile else None
    seconds: list[float] = []
    calls: list[tuple[float, str]] = []
    for seed in range(args.seed, args.seed + args.games):
        if profiler:
            profiler.enable()
        runs = [campaign(seed, clock) for _ in range(args.repeat)]
        if profiler:
            profiler.disable()
        if len({r[1] for r in runs}) != 1:
            raise SystemExit(f"seed {seed}: the repeated games differ")
        s = min(r[0] for r in runs)
        _, steps, month, reason, _ = runs[0]
        seconds.append(s)
        # each decision point's least time of the runs (other jobs only ever add time)
        per_point = zip(*(r[4] for r in runs), strict=True)
        calls += [(min(c for c, _ in ts), ts[0][1]) for ts in per_point]
        print(f"seed {seed:3d}: {s:7.2f} s, {steps:6d} decisions, ended {month}: {reason}")
    med = statistics.median(seconds)
    print(
        f"{len(seconds)} campaigns{' to May 1945' if args.full else ''} "
        f"({'CPU' if args.cpu else 'wall'} clock): median {med:.2f} s, "
        f"worst {max(seconds):.2f} s (target {TARGET:.0f} s median: {med / TARGET:.2f} of it)"
    )
    ms = sorted(c for c, _ in calls)
    worst = max(calls)
    print(
        f"legal_actions ({len(ms)} decision points): median {statistics.median(ms) * 1e3:.2f} ms,"
        f" p90 {ms[int(0.9 * (len(ms) - 1))] * 1e3:.2f} ms, worst {worst[0] * 1e3:.2f} ms"
        f" ({worst[1]}); over 5 ms: {sum(c > 0.005 for c in ms)}"
    )
    over: dict[str, list[float]] = {}
    for c, where in calls:
        if c > 0.005:
            over.setdefault(where.split()[1], []).append(c)
    for phase, cs in sorted(over.items(), key=lambda kv: -max(kv[1])):
        print(f"  over 5 ms in {phase}: {len(cs)}, worst {max(cs) * 1e3:.2f} ms")
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(args.profile)
        stats.sort_stats("cumtime").print_stats(args.profile)


if __name__ == "__main__":
    main()
