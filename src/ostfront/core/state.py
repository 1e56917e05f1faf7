"""The state keys the protocol owns, declared for mypy: every game's state has them, and a
game's own state layout (its ``State`` TypedDict) extends :class:`CoreState`.

TypedDicts cost nothing at run time: a state stays a plain dict that survives a JSON round
trip exactly. A game may read these keys, never write them directly (the door does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from .rng import RngState


class Roll(TypedDict):
    """Dice rolled while an action was applied: why, the dice, and what they came to on a
    results table ("DR", "EX"; see ``protocol.roll_result``)."""

    why: str
    dice: list[int]
    result: NotRequired[str]


class LogEntry(TypedDict):
    """One write-once entry of the action log."""

    step: int
    side: str | None  # who decided
    action: str  # the action's text form
    text: str  # its label for people
    rolls: NotRequired[list[Roll]]


class CoreState(TypedDict):
    """The keys ``Game.setup`` writes and the door keeps."""

    # how the game began
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    rng: RngState  # the generator (ostfront.core.rng)
    step: int  # number of actions applied so far
    #: What undo needs (empty at any die roll or hand-over): the state the undoable steps
    #: start from, packed into one opaque string (``protocol.pack_state``; a dict where
    #: marshal cannot pack it), then the text of each step since; undo plays all but the
    #: last again.
    undo: list[Any]
    log: list[LogEntry]  # write-once entries
    map: dict[str, Any] | None  # None for the game's own board, or an inline custom map
    _rolls: NotRequired[list[Roll]]  # the dice of the action being applied (not kept)


class Winner(TypedDict):
    """The end of a game as a sequenced game writes it (``protocol.Result``)."""

    winner: str | None  # None for a draw
    score: NotRequired[Mapping[str, float]]  # points per side
    reason: str


class Decision(TypedDict):
    """What core reads of a decision in progress (``state["pending"]``): which module owns
    it and who decides. A game's own decisions extend it."""

    kind: str
    side: str


class SequencedState(CoreState):
    """The keys a sequenced game's state adds that core reads (``core.phases``,
    ``protocol.SequencedGame``); each game declares them again with its own types (a
    game's state is compatible with this one, not derived from it)."""

    turn: Any  # the game's turn (a number, a month)
    phase: str  # a name from the game's table of phases
    weather: Any
    pending: Any  # None, or the game's decision in progress (a :class:`Decision`)
    winner: Winner | None  # None until the game ends


class HasUnits(TypedDict):
    """A state's units table as core reads it (``core.units``, ``core.memo``): unit id ->
    its record, ``{"at": hex or box, ...}``; each game declares its own unit records."""

    units: dict[str, Any]
