"""What a post costs the server (issue 36): a game played through the web API's own calls
(``Manager.act``, then the view it answers, ``payloads.game_view``), one post a step, with
the CPU time of each post and the bytes of its answer (raw JSON, the log from where the
page's ends), whole and as changes (``?have=``).

    uv run python benchmarks/bench_server.py [--game dr] [--steps 300] [--db sqlite|postgresql]
        [--position kiev-1941-08]

The player sets up historically when it may (DR), then picks a move when one is offered, else
a unit to move, else a random action (no undo); every tenth post that may be an undo is one.
PostgreSQL is the server at ``$OSTFRONT_TEST_PG`` (default
postgresql://postgres@127.0.0.1:5432/test), in a schema made for the run and dropped after it.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ostfront import games
from ostfront.core.rng import choice_index, new_rng
from ostfront.games import names, settle
from ostfront.server.payloads import game_view
from ostfront.server.sessions import Manager
from ostfront.server.storage import open_store

PG_URL = os.environ.get("OSTFRONT_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


@contextmanager
def database(kind: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "games.sqlite")
        return
    import psycopg

    schema = f"ostfront_bench_{secrets.token_hex(4)}"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield f"{PG_URL}?options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


def pick(actions: list[dict[str, Any]], rng: Any, n: int) -> str:
    if n % 10 == 9 and any(a["verb"] == "undo" for a in actions):
        return "undo"
    quick = [a for a in actions if a["text"] == "historical"]  # DR: the set-up at once
    if quick:
        return "historical"
    moves = [a for a in actions if a.get("kind") == "move"]
    units = [a for a in actions if a["role"] == "select"]
    pool = moves or units or [a for a in actions if a["verb"] != "undo"]
    return str(pool[choice_index(rng, len(pool))]["text"])


def play(
    game: str, steps: int, db: str, seed: int, position: str | None = None
) -> list[dict[str, Any]]:
    manager = Manager(open_store(db), move_delay=0)
    start = None if position is None else games.get(game).shipped_position(position)
    session, tokens = manager.create(game, None, {}, seed, {}, position=start)
    mine = set(tokens)
    token = next(iter(tokens.values()))  # hotseat: one token holds every side
    view = game_view(manager, session, session.state, mine=mine)
    held = [view["hash"]]
    rng = new_rng(seed)
    rows = []
    for n in range(steps):
        actions = view.get("actions") or []
        if not actions:
            break
        text = pick(actions, rng, n)
        kind = next((a.get("kind") for a in actions if a["text"] == text), None)
        have = ",".join(held[-1:] + held[-4:-1][::-1])
        log = view["log"]["entries"]  # the page asks for the log from where its own ends
        since = {"log_from": view["log"]["total"], "log_step": log[-1]["step"] if log else None}
        c0 = time.process_time()
        manager.act(session.id, text, session.seq, token=token)
        answer = game_view(manager, session, session.state, mine=mine, have=have, **since)
        cpu = time.process_time() - c0
        whole = game_view(manager, session, session.state, mine=mine, **since)
        rows.append(
            {
                "text": text,
                "move": kind == "move",
                "cpu": cpu,
                "delta_bytes": len(json.dumps(answer, separators=(",", ":"))),
                "whole_bytes": len(json.dumps(whole, separators=(",", ":"))),
            }
        )
        view = game_view(manager, session, session.state, mine=mine)  # the log whole
        held.append(view["hash"])
    manager.close()
    manager.store.close()
    return rows


def summary(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(len(values) * 0.9)]
    return f"median {statistics.median(values):.1f}, p90 {p90:.1f}, worst {values[-1]:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="dr", choices=names())
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--db", default="sqlite", choices=("sqlite", "postgresql"))
    ap.add_argument("--position", help="start from a position the game ships (its id)")
    args = ap.parse_args()
    settle(names())
    with database(args.db) as db:
        rows = play(args.game, args.steps, db, args.seed, args.position)
    moves = [r for r in rows if r["move"]]
    where = f" from {args.position}" if args.position else ""
    print(f"{args.game}{where} on {args.db}: {len(rows)} posts ({len(moves)} moves)")
    print(f"  CPU per post, ms: {summary([r['cpu'] * 1000 for r in rows])}")
    print(f"  answer as changes, KB: {summary([r['delta_bytes'] / 1000 for r in rows])}")
    print(f"  answer whole, KB: {summary([r['whole_bytes'] / 1000 for r in rows])}")
    if moves:
        print(
            f"  a move's answer as changes, KB: {summary([r['delta_bytes'] / 1000 for r in moves])}"
        )
    undos = [r for r in rows if r["text"] == "undo"]
    if undos:
        print(f"  CPU per undo, ms: {summary([r['cpu'] * 1000 for r in undos])}")


if __name__ == "__main__":
    main()
