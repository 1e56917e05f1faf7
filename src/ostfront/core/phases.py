"""A sequence of play that hands each phase to a handler module, with decisions in progress
that may fall to either side: who decides now, and which module answers.

A game's state names its ``phase``; a decision in progress is ``state["pending"] =
{"kind": ..., "side": ..., ...}``, answered by the module that handles that kind (a defender's
losses, a retreat, an overstack); the game is over once ``state["winner"]`` is set. Both
built-in games' ``sequence`` modules are built on these three functions.

>>> import types
>>> move = types.SimpleNamespace(actions=lambda R, s: ["move"])
>>> losses = types.SimpleNamespace(actions=lambda R, s: ["lose"])
>>> s = {"phase": "axis_move", "pending": {"kind": "losses", "side": "soviet"}}
>>> deciding_side(s, lambda p: p.split("_")[0])
'soviet'
>>> offered(None, s, handler_of(s, {"move": move, "losses": losses}, lambda p: p[5:]))
['lose']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .memo import reading

State = dict[str, Any]


def deciding_side(state: State, phase_side: Callable[[str], str | None]) -> str | None:
    """The side that decides now: a decision in progress belongs to its side, else the phase
    to its phasing side; nobody once the game is over."""
    if state.get("winner") is not None:
        return None
    pending = state.get("pending")
    if pending:
        side: str = pending["side"]
        return side
    return phase_side(state["phase"])


def handler_of(state: State, handlers: Mapping[str, Any], phase_kind: Callable[[str], str]) -> Any:
    """The module answering now: the one owning the decision in progress, else the phase's."""
    pending = state.get("pending")
    return handlers[pending["kind"] if pending else phase_kind(state["phase"])]


def offered(R: Any, state: State, handler: Any) -> list[Any]:
    """The handler's actions; nothing changes the state while they are worked out, so the
    facts they read are remembered for this one computation (``core.memo.reading``)."""
    with reading(state):
        acts: list[Any] = handler.actions(R, state)
    return acts
