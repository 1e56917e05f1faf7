"""Both games: the same games before and after a change that must not change a rule.

    uv run python benchmarks/same_games.py --write FILE   # record the fingerprints
    uv run python benchmarks/same_games.py --check FILE   # compare with them

Plays fixed-seed games of both games and keeps, per game, a digest of every legal action
list offered (texts, in order), the action taken and the state hash after each step (as a
record keeps them), and separately a digest of the labels (for people). A refactoring must
leave the first three identical; a change of wording shows in the labels only.

Games: Defiant Russia from its scenario with random players (``--dr`` seeds) and with the
greedy and normal computer players (a few seeds); Sturm Nach Osten from each shipped custom
position and from the 1941 campaign's set-up, with random players.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from ostfront.ai.players import make_player
from ostfront.ai.random_player import RandomPlayer
from ostfront.core.position import load_position
from ostfront.core.record import state_hash
from ostfront.core.rng import new_rng
from ostfront.games import get

POSITIONS = Path(__file__).resolve().parent.parent / "src/ostfront/games/sno/data/positions"


def fingerprint(
    game_name: str,
    seed: int,
    position: dict[str, Any] | None = None,
    level: str = "random",
    max_steps: int = 20_000,
) -> dict[str, Any]:
    game = get(game_name)
    state = game.setup(None, {}, seed, position=position)
    rng = new_rng(seed ^ 0x5EED)  # as simulate.play_one seeds it
    players = {
        side: RandomPlayer(rng) if level == "random" else make_player(level, seed=seed)
        for side in game.sides
    }
    legal_digest = hashlib.sha256()
    steps_digest = hashlib.sha256()
    label_digest = hashlib.sha256()
    steps = 0
    while (side := game.active_side(state)) is not None and steps < max_steps:
        legal = game.legal_actions(state)
        legal_digest.update("\n".join(a.text for a in legal).encode() + b"\0")
        label_digest.update("\n".join(a.label for a in legal).encode() + b"\0")
        action = players[side].choose(game, state)
        state = game.apply(state, action)
        steps_digest.update(f"{action.text}\t{state_hash(state)}\n".encode())
        steps += 1
    return {
        "steps": steps,
        "legal": legal_digest.hexdigest(),
        "actions_and_hashes": steps_digest.hexdigest(),
        "final": state_hash(state),
        "labels": label_digest.hexdigest(),
    }


def games(dr_seeds: int, sno_seeds: int, campaigns: int, ai_seeds: int) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for seed in range(1, dr_seeds + 1):
        found[f"dr/random/{seed}"] = fingerprint("dr", seed)
    for level in ("greedy", "normal"):
        for seed in range(1, ai_seeds + 1):
            found[f"dr/{level}/{seed}"] = fingerprint("dr", seed, level=level)
    for path in sorted(POSITIONS.glob("*.toml")):
        position = load_position(path)
        for seed in range(1, sno_seeds + 1):
            found[f"sno/{path.stem}/{seed}"] = fingerprint("sno", seed, position=position)
    for seed in range(1, campaigns + 1):
        found[f"sno/1941/{seed}"] = fingerprint("sno", seed)
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--dr", type=int, default=150, help="DR random games")
    ap.add_argument("--sno", type=int, default=25, help="SNO random games per position")
    ap.add_argument("--campaigns", type=int, default=40, help="SNO 1941 random campaigns")
    ap.add_argument("--ai", type=int, default=3, help="DR games per computer level")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path)
    group.add_argument("--check", type=Path)
    args = ap.parse_args()
    t0 = time.perf_counter()
    found = games(args.dr, args.sno, args.campaigns, args.ai)
    print(f"{len(found)} games in {time.perf_counter() - t0:.0f} s")
    if args.write:
        args.write.write_text(json.dumps(found, indent=1, sort_keys=True))
        return
    # only the games played this time are compared: a smaller run checks a sample
    expected = {k: v for k, v in json.loads(args.check.read_text()).items() if k in found}
    rule_keys = ("steps", "legal", "actions_and_hashes", "final")
    differ = [
        k
        for k in expected
        if [expected[k][f] for f in rule_keys] != [(found.get(k) or {}).get(f) for f in rule_keys]
    ]
    relabelled = [
        k for k in expected if k not in differ and expected[k]["labels"] != found[k]["labels"]
    ]
    print(f"{len(expected) - len(differ)} of {len(expected)} games identical")
    print(f"{len(relabelled)} of them with labels reworded")
    for k in differ:
        print("DIFFERS:", k)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
