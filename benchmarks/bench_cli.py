"""A Defiant Russia game played through the command line, one `ostfront actions` and one
`ostfront act` a step (as tests/games/dr/test_cli_game.py plays it): the time of each call by
how far the game has gone. A call whose cost grows with the game's length makes the whole game
quadratic; the medians per stretch of steps show whether it does.

    uv run python benchmarks/bench_cli.py [--seed 3] [--choices 5] [--max-steps 3000]

The calls run in this process (click's CliRunner), so the times leave out Python's start-up,
which is the same for every call.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from ostfront.cli.main import cli
from ostfront.core.rng import choice_index, new_rng

STRETCH = 500


def play(seed: int, choices: int, max_steps: int, record: Path) -> list[tuple[float, float]]:
    """(actions seconds, act seconds) for each step of the game."""
    runner = CliRunner()
    runner.invoke(cli, ["new", "dr", "--seed", str(seed), "--out", str(record)])
    rng = new_rng(choices)
    times = []
    for _ in range(max_steps):
        t0 = time.perf_counter()
        listed = json.loads(runner.invoke(cli, ["actions", str(record), "--json"]).output)
        t1 = time.perf_counter()
        if listed["result"] is not None:
            break
        texts = [a["text"] for a in listed["actions"] if a["verb"] != "undo"]
        done = runner.invoke(cli, ["act", str(record), texts[choice_index(rng, len(texts))]])
        t2 = time.perf_counter()
        assert done.exit_code == 0, done.output
        times.append((t1 - t0, t2 - t1))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=3, help="the game's seed")
    ap.add_argument("--choices", type=int, default=5, help="seed of the random choices")
    ap.add_argument("--max-steps", type=int, default=20_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "game.json"
        start = time.perf_counter()
        times = play(args.seed, args.choices, args.max_steps, record)
        total = time.perf_counter() - start
        size = record.stat().st_size
    print(f"{len(times)} steps in {total:.1f} s; record {size / 1024:.0f} KiB")
    print("steps        actions median  act median  act p90  act worst  (ms)")
    for lo in range(0, len(times), STRETCH):
        part = times[lo : lo + STRETCH]
        acts = sorted(t[1] for t in part)
        print(
            f"{lo:>5}-{lo + len(part) - 1:<5}  "
            f"{statistics.median(t[0] for t in part) * 1000:>14.1f}  "
            f"{statistics.median(acts) * 1000:>10.1f}  "
            f"{acts[int(len(acts) * 0.9)] * 1000:>7.1f}  {acts[-1] * 1000:>9.1f}"
        )


if __name__ == "__main__":
    main()
