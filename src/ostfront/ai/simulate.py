"""Play whole games between players and check the rules' invariants after every action.

A crash, a dead end (a side to move with no legal action) or a broken invariant stops the game
and is reported with the record that reproduces it.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import record as rec
from ..core.protocol import Game, State
from ..core.rng import new_rng
from .random_player import RandomPlayer

MAX_STEPS = 200_000


@dataclass
class GameReport:
    seed: int
    steps: int = 0
    winner: str | None = None
    score: dict[str, Any] = field(default_factory=dict)
    turns: int | None = None
    problem: str | None = None
    seconds: float = 0.0
    record: rec.Record | None = None
    #: (side, seconds) for each player-turn: the time a side's player spent choosing in one
    #: game turn
    turn_seconds: list[tuple[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "steps": self.steps,
            "winner": self.winner,
            "score": self.score,
            "turns": self.turns,
            "problem": self.problem,
            "seconds": round(self.seconds, 3),
            "turn_seconds": [[side, round(t, 4)] for side, t in self.turn_seconds],
        }


def play_one(
    game: Game,
    seed: int,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    check: bool = True,
    players: dict[str, Any] | None = None,
    position: dict[str, Any] | None = None,
    hashes: bool | None = None,
) -> GameReport:
    """One game of random (or given) players; ``check`` runs the game's invariants.
    ``position``: start from this custom position (``core.position``) instead of the
    scenario's set-up. ``hashes``: whether the record keeps each step's state hash (default:
    as ``check``, whose replay compares them; hashing the whole state each step costs about
    as much as the engine's ``apply``, so a game with checks off leaves it out unless its
    record is to be kept - a record without step hashes replays, checked for legality)."""
    t0 = time.perf_counter()
    report = GameReport(seed=seed)
    try:
        state = game.setup(scenario, options or {}, seed, position=position)
    except Exception as exc:
        report.problem = f"setup crashed: {exc!r}"
        return report
    record = rec.new_record(game, state, position=position)
    report.record = record
    rng = new_rng(seed ^ 0x5EED)
    chooser = players or {side: RandomPlayer(rng) for side in game.sides}
    invariants: Callable[[State], list[str]] = getattr(game, "invariants", lambda s: [])
    thinking: dict[tuple[Any, str], float] = {}
    hashed = check if hashes is None else hashes
    while report.steps < MAX_STEPS:
        side = game.active_side(state)
        if side is None:
            break
        try:
            legal = game.legal_actions(state)
            if not legal:
                report.problem = f"dead end: {side} has no legal action ({game.prompt(state).text})"
                break
            t = time.perf_counter()
            player = chooser[side]
            # the random player from the list just made (working it out again was a third
            # of a random game's legal-action time); any other player asks the game itself
            action = (
                player.choose_from(legal)
                if isinstance(player, RandomPlayer)
                else player.choose(game, state)
            )
            key = (game.turn(state), side)
            thinking[key] = thinking.get(key, 0.0) + time.perf_counter() - t
            if hashed:
                state = rec.append(record, game, state, action)
            else:
                state = game.apply(state, action)
                record.steps.append({"action": action.text})
        except Exception:
            report.problem = "crash: " + traceback.format_exc(limit=6).strip().splitlines()[-1]
            report.problem += "\n" + traceback.format_exc(limit=8)
            break
        report.steps += 1
        if check:
            broken = invariants(state)
            if broken:
                report.problem = f"invariant broken after step {report.steps}: {broken[0]}"
                break
    else:
        report.problem = f"no end after {MAX_STEPS} steps"
    res = game.result(state)
    if res is not None:
        report.winner = res.winner
        report.score = dict(res.score)
    report.turns = game.turn(state)
    report.turn_seconds = [(side, t) for (_, side), t in thinking.items()]
    if check and report.problem is None:
        replay = rec.replay(game, record, verify=True)
        if not replay.ok and replay.divergence is not None:
            report.problem = f"replay: {replay.divergence.describe()}"
    report.seconds = time.perf_counter() - t0
    return report
