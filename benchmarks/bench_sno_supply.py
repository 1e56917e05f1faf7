"""Sturm Nach Osten supply speed: the supply status of every unit of a side (SNO 9.1-9.4,
repeated until stable), worked out from nothing, in positions met in random games from the
shipped custom positions.

    uv run python benchmarks/bench_sno_supply.py [--games 4] [--every 10] [--seed 1] [--settle]
        [--repeat 3] [--cpu]

Target (issue 23): the supply status of every unit of a side <= 5 ms. Reports the median, the
90th percentile and the worst over the positions measured, and the ratio to the target;
asserts nothing.
Each measurement starts cold: the facts kept per arrangement of units (core.memo) are cleared
first, so the zones of control and rail lines it needs are worked out inside the timing too.
``--repeat N`` measures each position N times and keeps the least (other jobs on a shared
machine only ever add time; the map's step tables, worked out once a month, are then ready).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from ostfront.ai.random_player import RandomPlayer
from ostfront.core import memo
from ostfront.core.position import load_position
from ostfront.core.rng import new_rng
from ostfront.games import get, settle
from ostfront.games.sno import supply
from ostfront.games.sno.rules import rules_with_map, standard_rules

TARGET = 0.005
#: the clock timings read: the wall clock, or with --cpu the process's CPU clock (time
#: spent waiting for a core while other jobs run is then not counted)
CLOCK: list[Callable[[], float]] = [time.perf_counter]
POSITIONS = Path(__file__).resolve().parent.parent / "src/ostfront/games/sno/data/positions"


def cold_status(R, state, side: str) -> tuple[float, float]:
    """(supply alone, everything from nothing): the first with the zones of control and the
    map's tables already worked out, as the engine finds them after any move; the second
    clearing every fact kept for the arrangement of units."""
    memo._BY_POSITIONS.clear()
    memo._BY_TABLE.clear()
    t = CLOCK[0]()
    supply.status(R, state, side)
    everything = CLOCK[0]() - t
    facts = memo.by_positions(state)
    for key in [k for k in facts if isinstance(k, tuple) and k[:1] == ("supply",)]:
        del facts[key]
    t = CLOCK[0]()
    supply.status(R, state, side)
    return CLOCK[0]() - t, everything


def measure(position: dict, seed: int, every: int, repeat: int = 1) -> list[tuple[float, float]]:
    game = get("sno")
    state = game.setup(None, {}, seed, position=position)
    R = standard_rules()
    if state.get("map") is not None:
        from ostfront.core.mapmodel import map_from_dict

        R = rules_with_map(map_from_dict(state["map"]))
    player = RandomPlayer(new_rng(seed))
    out: list[tuple[float, float]] = []
    step = 0
    while game.active_side(state) is not None:
        if step % every == 0:
            for side in ("axis", "soviet"):
                runs = [cold_status(R, state, side) for _ in range(repeat)]
                out.append((min(r[0] for r in runs), min(r[1] for r in runs)))
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
        step += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="games per position")
    ap.add_argument("--every", type=int, default=10, help="measure every n-th step")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settle", action="store_true", help="freeze the heap as the server does")
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    ap.add_argument("--repeat", type=int, default=1, help="measure each position n times")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    if args.settle:
        settle(["sno"])
    alone: list[float] = []
    cold: list[float] = []
    for path in sorted(POSITIONS.glob("*.toml")):
        position = load_position(path)
        times: list[tuple[float, float]] = []
        for g in range(args.games):
            times += measure(position, args.seed + g, args.every, args.repeat)
        a = [t[0] * 1e3 for t in times]
        c = [t[1] * 1e3 for t in times]
        alone += a
        cold += c
        print(
            f"{path.stem:22s} {len(times):4d} measured: supply alone median "
            f"{statistics.median(a):5.2f} worst {max(a):5.2f} ms; from nothing median "
            f"{statistics.median(c):5.2f} worst {max(c):5.2f} ms"
        )
    for name, ms in (("supply alone", alone), ("from nothing", cold)):
        med, worst = statistics.median(ms), max(ms)
        p90 = sorted(ms)[min(len(ms) - 1, int(0.9 * len(ms)))]
        print(
            f"{name}: median {med:.2f} ms, p90 {p90:.2f} ms, worst {worst:.2f} ms "
            f"(target {TARGET * 1e3:.0f} ms: the worst is {worst / (TARGET * 1e3):.2f} of it)"
        )


if __name__ == "__main__":
    main()
