"""Undo in a Defiant Russia movement phase: every step back restores exactly the position
before the step, however long the chain of undoable steps (the protocol keeps the chain's
starting state and plays the steps since again)."""

from __future__ import annotations

from typing import Any

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get

GAME = get("dr")


def position_of(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("undo", "step")}


def historical_position(phase: str) -> dict[str, Any]:
    """Turn 1 of the historical set-up, as a custom position starting in ``phase`` (a set-up
    played step by step hands the same side on to the turn, so its undo chain would go on)."""
    state = GAME.setup("1941", {}, 5)
    for text in ("historical", "done", "historical", "done"):
        state = GAME.apply(state, text)
    units = [
        {"id": u, "hex": r["at"], "status": ["reduced"] if r["reduced"] else []}
        for u, r in sorted(state["units"].items())
        if r["at"] not in ("out", "removed")
    ]
    return {"game": "dr", "turn": 1, "phase": phase, "units": units}


def test_undo_walks_back_a_whole_movement_chain() -> None:
    state = GAME.setup("1941", {}, 5, position=historical_position("axis_move"))
    player = RandomPlayer(new_rng(5))
    assert state["undo"] == []  # a new game: nothing to undo
    history = [state]
    for _ in range(30):  # moves, selections, rail: none rolls a die
        acts = [a for a in GAME.legal_actions(state) if a.verb not in ("undo", "done")]
        state = GAME.apply(state, player.choose_from(acts))
        history.append(state)
    assert len(state["undo"]) == 31  # the starting state, then 30 steps
    assert sum(1 for a in GAME.legal_actions(state) if a.verb == "undo") == 1
    moved = [u for u, d in state["units"].items() if d["at"] != history[0]["units"][u]["at"]]
    assert moved  # the chain really changed the position
    for before in reversed(history[:-1]):
        state = GAME.apply(state, "undo")
        assert position_of(state) == position_of(before)
        assert state["step"] == history[-1]["step"] + (len(history) - 1 - history.index(before))
    assert state["undo"] == []
    assert "undo" not in [a.verb for a in GAME.legal_actions(state)]
    # and play goes on from there as from the original position (the log numbers the steps)
    again, first = GAME.apply(state, "done"), GAME.apply(history[0], "done")
    assert {**position_of(again), "log": None} == {**position_of(first), "log": None}
    assert again["log"][:-1] == first["log"][:-1]
