"""Sturm Nach Osten: the same games before and after a speed change.

    uv run python benchmarks/sno_same.py --write FILE   # record the fingerprints
    uv run python benchmarks/sno_same.py --check FILE   # compare with them

Plays random games (seeds 1-N on each shipped custom position, the random player of
``ostfront.ai.simulate.play_one``) and keeps, per game, a digest of every legal action list
offered (texts, in order), the actions taken and the state hash after each step (as a record
keeps them). A speed change must leave every one identical: no rule changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.position import load_position
from ostfront.core.record import state_hash
from ostfront.core.rng import new_rng
from ostfront.games import get

POSITIONS = Path(__file__).resolve().parent.parent / "src/ostfront/games/sno/data/positions"


def fingerprint(position: dict, seed: int) -> dict:
    game = get("sno")
    state = game.setup(None, {}, seed, position=position)
    player = RandomPlayer(new_rng(seed ^ 0x5EED))  # as simulate.play_one seeds it
    legal_digest = hashlib.sha256()
    steps_digest = hashlib.sha256()
    steps = 0
    while game.active_side(state) is not None and steps < 5000:
        legal = game.legal_actions(state)
        legal_digest.update("\n".join(a.text for a in legal).encode() + b"\0")
        action = player.choose_from(legal)
        state = game.apply(state, action)
        steps_digest.update(f"{action.text}\t{state_hash(state)}\n".encode())
        steps += 1
    return {
        "steps": steps,
        "legal": legal_digest.hexdigest(),
        "actions_and_hashes": steps_digest.hexdigest(),
        "final": state_hash(state),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path)
    group.add_argument("--check", type=Path)
    args = ap.parse_args()
    found = {}
    for path in sorted(POSITIONS.glob("*.toml")):
        position = load_position(path)
        for seed in range(1, args.seeds + 1):
            found[f"{path.stem}/{seed}"] = fingerprint(position, seed)
            print(path.stem, seed, found[f"{path.stem}/{seed}"]["steps"], flush=True)
    if args.write:
        args.write.write_text(json.dumps(found, indent=1))
        return
    expected = json.loads(args.check.read_text())
    differ = [k for k in expected if expected[k] != found.get(k)]
    print(f"{len(expected) - len(differ)} of {len(expected)} games identical")
    for k in differ:
        print("DIFFERS:", k, expected[k], found.get(k))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
