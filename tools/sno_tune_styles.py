"""Self-play tuning of a Sturm Nach Osten side's movement weights (issue 34, docs/ai.md round 19):
normal against normal, 1941 to December 1941 (15.7), once as the normal player plays and once
with one side's first style (``games/sno/ai/styles.py``) changed - each seed both ways, the
side's victory count (15.4-15.5) compared game by game.

    uv run python tools/sno_tune_styles.py --side axis --weights step=2 --games 40 --seed 1
    uv run python tools/sno_tune_styles.py --side soviet --weights hold=16 --games 30 --jobs 2
    uv run python tools/sno_tune_styles.py --side axis --weights step=2 --save tuned.jsonl \\
        --baseline normal.jsonl   # the plain games saved by an earlier run (--save-baseline)

``--weights``: fields of :class:`~ostfront.games.sno.ai.styles.Style`, ``name=value`` joined
by commas (``pincer=1`` for the pincer). Games are played as ``ostfront simulate`` plays
them (each side's player from the seed, ``seed * 7 + 1`` and ``+ 2``), without the
invariant checks. It prints the paired margin of the side's count with its 95% interval,
the seeds better and worse, and each seed's difference.

The weights that win here against normal are the ones a harder level may play (``HARD`` in
``styles.py``); a margin is only believed on seeds other than those it was picked on - the
best of several weights tried on the same seeds is lucky by construction.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ostfront.ai.players import make_player
from ostfront.ai.simulate import play_one
from ostfront.games import get
from ostfront.games.sno.ai import styles


def parse_weights(text: str) -> dict[str, Any]:
    """``"step=2,pincer=1"`` -> ``{"step": 2.0, "pincer": True}``; a name that is no field of
    a style is an error naming it."""
    known = {f.name: f.type for f in fields(styles.Style)}
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep or name not in known or name == "name":
            raise SystemExit(f"--weights: {part!r} is not name=value of a style's weight")
        if name == "pincer":
            out[name] = value.strip() not in ("0", "false", "False")
        else:
            out[name] = float(value)
    return out


def play(side: str, weights: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game, normal against normal, ``side``'s first style changed by ``weights``."""
    if weights:
        first = styles.STYLES[side][0]
        styles.STYLES[side] = (replace(first, **weights), *styles.STYLES[side][1:])
    game = get("sno")
    players = {s: make_player("normal", seed * 7 + i + 1) for i, s in enumerate(game.sides)}
    report = play_one(game, seed, None, {"end": "1941-12"}, False, players, hashes=False)
    return {"seed": seed, "score": report.score, "winner": report.winner, "problem": report.problem}


def play_all(side: str, weights: dict[str, Any], seeds: list[int], jobs: int) -> dict[int, Any]:
    out: dict[int, Any] = {}
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(play, side, weights, s) for s in seeds]
        for f in as_completed(futures):
            game = f.result()
            out[game["seed"]] = game
    return out


def load(path: Path) -> dict[int, Any]:
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {g["seed"]: g for g in games}


def save(path: Path, games: dict[int, Any]) -> None:
    path.write_text("".join(json.dumps(games[s]) + "\n" for s in sorted(games)))


def margin(side: str, plain: dict[int, Any], tuned: dict[int, Any]) -> str:
    """The paired margin of ``side``'s count, tuned less plain, seed by seed."""
    seeds = sorted(set(plain) & set(tuned))
    diffs = [tuned[s]["score"][side] - plain[s]["score"][side] for s in seeds]
    if len(diffs) < 2:
        return "too few games for an interval"
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    each = " ".join(f"{s}:{d:+g}" for s, d in zip(seeds, diffs, strict=True))
    better, worse = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    return (
        f"{side} count, {len(diffs)} seeds: {mean:+.2f} +- {half:.2f} (95%), "
        f"better {better}, worse {worse}\n{each}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--side", choices=("axis", "soviet"), required=True)
    ap.add_argument("--weights", required=True)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--baseline", type=Path, help="plain games saved by --save-baseline")
    ap.add_argument("--save-baseline", type=Path)
    ap.add_argument("--save", type=Path, help="the tuned games, a JSON line each")
    args = ap.parse_args()
    weights = parse_weights(args.weights)
    seeds = list(range(args.seed, args.seed + args.games))
    plain = load(args.baseline) if args.baseline else {}
    missing = [s for s in seeds if s not in plain]
    if missing:
        plain |= play_all(args.side, {}, missing, args.jobs)
    if args.save_baseline:
        save(args.save_baseline, plain)
    tuned = play_all(args.side, weights, seeds, args.jobs)
    if args.save:
        save(args.save, tuned)
    print(margin(args.side, plain, tuned))


if __name__ == "__main__":
    main()
