"""One game in play: its record replayed into a live state, the per-step notes the log shows
(phase, rule), checkpoints for replay viewing, who plays each side and who holds the seats.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ..core.protocol import Game, State
from ..core.record import Record, state_hash
from . import seats
from .deltas import PartsCache
from .describe import phase_info
from .undo_chain import UndoChain

#: Who plays a side no computer plays.
HUMAN = "human"


@dataclass
class Session:
    id: str
    game: Game
    header: dict[str, Any]
    players: dict[str, str]
    record: Record
    state: State
    meta: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: dict[int, State] = field(default_factory=dict)
    thinking: bool = False
    #: While the computer plays: the step its run began at and when (``time.time()``).
    thinking_from: int = 0
    thinking_since: float = 0.0
    ai_error: str | None = None
    runner: threading.Thread | None = None
    seats: dict[str, str] | None = None
    last_used: float = field(default_factory=time.monotonic)
    #: The counters and boxes of the last positions viewed (views sent as changes).
    parts: PartsCache = field(default_factory=PartsCache)
    #: The states of the undo chain the current state ends (as the changes back from each
    #: step, :mod:`.undo_chain`), so undo needs no replay; None when not known (after a load).
    undo_points: UndoChain | None = None

    @property
    def seq(self) -> int:
        return len(self.record.steps)

    def head_hash(self) -> str:
        """The hash of the current position, as the record has it."""
        digest = self.record.steps[-1].get("hash") if self.record.steps else None
        if not self.record.steps:
            digest = self.header.get("initial_hash")
        return str(digest) if digest else state_hash(self.state)

    @property
    def finished(self) -> bool:
        return self.game.active_side(self.state) is None

    def progress(self) -> dict[str, Any] | None:
        """While the computer plays: the steps it has taken since it began and for how long
        it has been at it (seconds); None otherwise."""
        if not self.thinking:
            return None
        return {
            "steps": max(0, self.seq - self.thinking_from),
            "seconds": round(max(0.0, time.time() - self.thinking_since), 1),
        }

    def summary(self) -> dict[str, Any]:
        return summarize(self.game, self.state)

    def status(self) -> str:
        return game_status(self.game, self.state)

    def computer_to_move(self) -> str | None:
        """The AI level that must decide now, if a computer plays the side to move."""
        side = self.game.active_side(self.state)
        if side is None:
            return None
        level = self.players.get(side, HUMAN)
        return None if level == HUMAN else level

    def held(self, token: str | None) -> set[str]:
        """The sides ``token`` holds in this game."""
        return seats.held(self.seats, token)


def summarize(game: Game, state: State) -> dict[str, Any]:
    """What the home page shows of a game: where it stands and, once over, the result."""
    info = phase_info(game, state)
    res = game.result(state)
    return {
        "title": info["title"],
        "turn": info["turn"],
        "active": game.active_side(state),
        "result": None if res is None else res.to_json(),
    }


def game_status(game: Game, state: State) -> str:
    return "finished" if game.active_side(state) is None else "playing"
