"""A sequence of play as a table of phases, each handed to a handler module, with decisions in
progress that may fall to either side: who decides now, which module answers, and moving on.

A game's state names its ``phase``; a decision in progress is ``state["pending"] =
{"kind": ..., "side": ..., ...}``, answered by the module that lists that kind in its
``PENDING_KINDS`` (a defender's losses, a retreat, an overstack); the game is over once
``state["winner"]`` is set. Each phase is a row of a :class:`Phase` table: its name, its rule,
its title, the handler offering and performing its actions (``actions``, ``perform``,
``prompt``), and what ends it - the end-of-phase checks, in order, each returning True if it
opened a decision.

A handler's ``perform`` never moves the sequence on itself: it returns :data:`DONE` when the
phase (or the end-of-phase decision it answered) is over, and None while it goes on - the same
phase, or a decision now open in ``state["pending"]``. The game's sequence module reads what
it returned and runs :func:`end_phase`: the phase's checks, then its own ``advance``. Both
built-in games' ``sequence`` modules are built on these functions.

>>> import types
>>> move = types.SimpleNamespace(actions=lambda R, s: ["move"])
>>> losses = types.SimpleNamespace(actions=lambda R, s: ["lose"], PENDING_KINDS=("losses",))
>>> table = by_name([Phase("axis_move", "R 1", "Axis Movement", move)])
>>> s = {"phase": "axis_move", "pending": {"kind": "losses", "side": "soviet"}}
>>> deciding_side(s, lambda p: p.split("_")[0])
'soviet'
>>> offered(None, s, handler_of(s, table, pending_handlers([losses])))
['lose']
>>> end_phase(None, s, (lambda R, s: False,), lambda R, s: s.update(phase="next"))
>>> s["phase"]
'next'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from .memo import reading
from .state import SequencedState

State = SequencedState
#: A game's own state (compatible with :class:`SequencedState`).
G = TypeVar("G", bound=SequencedState)

#: What a handler's ``perform`` returns when its phase, or the decision it answered, is over.
DONE: Final = "done"
#: ``DONE``, or None while the phase goes on (perhaps with a decision open in "pending").
Outcome = Literal["done"] | None
#: An end-of-phase check: True if it opened a decision the phase must wait for.
Check = Callable[[Any, Any], bool]  # (the components, the game's own state)


@dataclass(frozen=True)
class Phase:
    """One row of a sequence of play: the phase's name (as in ``state["phase"]``), the rule
    defining it, its title for people, the module offering and performing its actions (None
    for a phase carried out by itself), the checks that end it, in order, and whether it is
    a set-up phase (placing the counters before play, no move of the game's own)."""

    name: str
    rule: str
    title: str
    handler: Any = None
    ends: tuple[Check, ...] = ()
    setup: bool = False


def by_name(table: Iterable[Phase]) -> dict[str, Phase]:
    """The table's rows by phase name."""
    return {phase.name: phase for phase in table}


def pending_handlers(modules: Iterable[Any]) -> dict[str, Any]:
    """Decision kind -> the module answering it (the one listing it in ``PENDING_KINDS``)."""
    return {kind: m for m in modules for kind in getattr(m, "PENDING_KINDS", ())}


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


def handler_of(state: State, table: Mapping[str, Phase], pending: Mapping[str, Any]) -> Any:
    """The module answering now: the one owning the decision in progress, else the phase's."""
    decision = state.get("pending")
    return pending[decision["kind"]] if decision else table[state["phase"]].handler


def offered(R: Any, state: State, handler: Any) -> list[Any]:
    """The handler's actions; nothing changes the state while they are worked out, so the
    facts they read are remembered for this one computation (``core.memo.reading``)."""
    with reading(state):
        acts: list[Any] = handler.actions(R, state)
    return acts


def end_phase(
    R: Any, state: G, checks: Iterable[Callable[[Any, G], bool]], advance: Callable[[Any, G], None]
) -> None:
    """The phase is over (or a decision its checks opened is answered): run its end-of-phase
    checks in order - one that opens a decision stops here, to be run again once it is
    answered, as does the game's end - then ``advance`` into the next phase."""
    for check in checks:
        if check(R, state) or state.get("winner") is not None:
            return
    advance(R, state)


def describe(state: State, phase: Phase, turn_title: str) -> dict[str, Any]:
    """The turn and phase for people: "<turn title>, <phase title>" (and each part), the
    phase's rule and whether it is a set-up phase."""
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "title": f"{turn_title}, {phase.title}",
        "turn_title": turn_title,
        "phase_title": phase.title,
        "rule": phase.rule,
        "weather": state.get("weather"),
        "setup": phase.setup,
    }
