"""Random play from custom positions starting in every phase of both games (issue 32): a
shipped position moved to each phase of its month, a few hundred random steps, the game's
invariants after every step, and the record replays to the same state."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core import record as rec
from ostfront.core.rng import new_rng
from ostfront.games import get

STEPS = 300


def phases(name: str) -> list[str]:
    from ostfront.games.dr.rules import PHASES as DR
    from ostfront.games.sno.rules import PHASES as SNO

    table = {"dr": DR, "sno": SNO}[name]
    return [p for p in table if not p.endswith("setup") and p != "weather"]


CASES = [(name, phase) for name in ("dr", "sno") for phase in phases(name)]


def dr_start() -> dict[str, Any]:
    """Defiant Russia ships no position: the historical set-up of turn 1, as a position."""
    game = get("dr")
    state = game.setup(None, {}, 1)
    for text in ("historical", "done", "historical", "done"):
        state = game.apply(state, text)
    units = [
        {"id": u, "hex": r["at"], "status": ["reduced"] if r.get("reduced") else []}
        for u, r in sorted(state["units"].items())
        if r["at"] not in ("out", "removed")
    ]
    return {"game": "dr", "turn": state["turn"], "units": units}


def start(name: str, phase: str) -> dict[str, Any]:
    if name == "dr":
        position = dr_start()
    else:
        game = get(name)
        position = dict(game.shipped_position(game.shipped_positions()[0]["id"]))
    position["phase"] = phase
    return position


@pytest.mark.parametrize(("name", "phase"), CASES)
def test_random_play_from_a_position_in_each_phase(name: str, phase: str) -> None:
    game = get(name)
    position = start(name, phase)
    state = game.setup(None, {}, 7, position=position)
    record = rec.new_record(game, state, position=position)
    player = RandomPlayer(new_rng(7))
    for step in range(STEPS):
        if game.active_side(state) is None:
            break
        legal = game.legal_actions(state)
        assert legal, f"dead end at step {step}: {game.prompt(state).text}"
        state = rec.append(record, game, state, player.choose_from(legal))
        broken = game.invariants(state)
        assert not broken, f"step {step + 1} ({record.steps[-1]['action']}): {broken[0]}"
    replay = rec.replay(game, record, verify=True)
    assert replay.ok, replay.divergence.describe() if replay.divergence else "replay failed"
