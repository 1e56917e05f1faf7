"""Computer players' speed on Sturm Nach Osten: CPU seconds a player takes over one
player-turn of the June 1941 campaign, ended in December 1941 (15.7).

    uv run python benchmarks/bench_sno_ai.py [--games 1] [--seed 1] [--levels greedy normal]
        [--opponent normal]

Targets (issue 34, item 4): normal <= 10 s and hard <= 30 s of CPU per SNO player-turn on a
2-core machine. Each level plays both sides of whole games (or, with ``--opponent``, each
side in turn against that level, only its own player-turns timed); the time is the
process's CPU time spent choosing (not the engine's applying), summed per (month, side).
Reports the median, 90th percentile and worst player-turn and the worst against the target.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ostfront.ai.players import make_player
from ostfront.games import get

TARGETS = {"random": 0.05, "greedy": 10.0, "normal": 10.0, "hard": 30.0}


def turn_times(level: str, seed: int, opponent: str | None = None) -> list[float]:
    """CPU seconds of each of ``level``'s player-turns in the game from ``seed``: both sides
    ``level``, or (``opponent``) ``level`` on each side in turn, one game each."""
    if opponent is None:
        return _times(seed, {"axis": level, "soviet": level}, ("axis", "soviet"))
    return [
        t
        for side in ("axis", "soviet")
        for t in _times(
            seed, {s: level if s == side else opponent for s in ("axis", "soviet")}, (side,)
        )
    ]


def _times(seed: int, levels: dict[str, str], timed: tuple[str, ...]) -> list[float]:
    game = get("sno")
    state = game.setup("1941", {"end": "1941-12"}, seed)
    players = {
        "axis": make_player(levels["axis"], seed),
        "soviet": make_player(levels["soviet"], seed + 1),
    }
    spent: dict[tuple[str, str], float] = {}
    while (side := game.active_side(state)) is not None:
        t = time.process_time()
        action = players[side].choose(game, state)
        key = (game.turn(state), side)
        spent[key] = spent.get(key, 0.0) + time.process_time() - t
        state = game.apply(state, action)
    return [t for (_, side), t in spent.items() if side in timed]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", nargs="+", default=["greedy", "normal"])
    ap.add_argument("--opponent", default=None, help="each level against this one")
    args = ap.parse_args()
    for level in args.levels:
        turns: list[float] = []
        for i in range(args.games):
            turns += turn_times(level, args.seed + i, args.opponent)
        turns.sort()
        med = statistics.median(turns)
        p90 = turns[min(len(turns) - 1, int(0.9 * len(turns)))]
        target = TARGETS[level]
        print(
            f"{level:7s} {len(turns)} player-turns: median {med:.2f} s, p90 {p90:.2f} s, "
            f"worst {max(turns):.2f} s CPU -> worst {max(turns) / target:.2f} x target "
            f"{target} s"
        )


if __name__ == "__main__":
    main()
