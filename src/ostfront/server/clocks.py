"""Clocks: a time control chosen when a game is made, one clock a side, running for the
side whose decision is pending, paused while the computer decides and once the game is over;
a side whose time runs out loses the game on time.

The time controls are data (:data:`CONTROLS`), after the asynchronous sites players know
(Rally the Troops): *live* starts each side with 24 hours, adds 4 hours each time the side
hands the decision over, and never holds more than 72. A side's clock is the time left to
it; only the running one goes down. A clock is stored per game (``clocks`` table,
:mod:`.store`): the seconds each side had left at ``since``, the side whose clock runs and
the moment it falls (``deadline``). Every change is conditional on the version read, so of
two processes changing one clock exactly one does, and the expiry is fired once
(:meth:`~.store.BaseStore.flag`) whichever process notices it first.

The functions here are pure: they take the time as an argument. Where the time comes from
is :func:`time_source` (the system's, or a file the tests write, ``OSTFRONT_TEST_TIME``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.protocol import Game
from .errors import NotYourTurn
from .session import Session

HOUR = 3600.0

#: The time source: seconds since the epoch.
Now = Callable[[], float]

#: No clock: the game waits as long as its players do.
NO_CLOCK = "none"


@dataclass(frozen=True)
class Control:
    """A time control: each side starts with ``initial`` seconds and gets ``increment`` more
    each time it hands the decision over, never holding more than ``cap``."""

    name: str
    title: str
    initial: float
    increment: float
    cap: float

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.name,
            "title": self.title,
            "initial": self.initial,
            "increment": self.increment,
            "cap": self.cap,
        }


#: The time controls a game may be made with (besides :data:`NO_CLOCK`).
CONTROLS: dict[str, Control] = {
    c.name: c
    for c in (
        Control("live", "Live: 24 h, 4 h more a move, up to 72 h", 24 * HOUR, 4 * HOUR, 72 * HOUR),
        Control(
            "fast", "Fast: 72 h, 12 h more a move, up to 120 h", 72 * HOUR, 12 * HOUR, 120 * HOUR
        ),
        Control(
            "slow", "Slow: 72 h, 36 h more a move, up to 240 h", 72 * HOUR, 36 * HOUR, 240 * HOUR
        ),
    )
}

#: The environment variable naming a file whose content is the time (tests only).
TEST_TIME_ENV = "OSTFRONT_TEST_TIME"


class GameOver(NotYourTurn):
    """The game ended outside its rules (on time, or resigned): no more steps."""


class TimeUp(GameOver):
    """The side to move has no time left: the game is lost on time."""


def time_source() -> Now:
    """The server's clock: the system's, unless ``$OSTFRONT_TEST_TIME`` names a file, whose
    number is then the time (so tests can move time on in a server they started)."""
    path = os.environ.get(TEST_TIME_ENV)
    if not path:
        return time.time
    file = Path(path)

    def now() -> float:
        try:
            return float(file.read_text().strip())
        except (OSError, ValueError):
            return time.time()

    return now


def control(name: str | None) -> Control | None:
    """The time control called ``name`` (None for no clock); ValueError for no such one."""
    if name is None or name == NO_CLOCK:
        return None
    try:
        return CONTROLS[name]
    except KeyError:
        known = ", ".join([NO_CLOCK, *CONTROLS])
        raise ValueError(f"no time control {name!r} ({known})") from None


def pending_side(session: Session) -> str | None:
    """The side whose clock should run: the side to decide, unless a computer plays it or
    the game is over."""
    side = session.game.active_side(session.state)
    if side is None or session.computer_to_move() is not None:
        return None
    return side


def new_clock(ctl: Control, game: Game, running: str | None, now: float) -> dict[str, Any]:
    left = dict.fromkeys(game.sides, ctl.initial)
    return {
        "control": ctl.name,
        "left": left,
        "running": running,
        "since": now,
        "deadline": None if running is None else now + ctl.initial,
    }


def left_now(clock: dict[str, Any], now: float) -> dict[str, float]:
    """Each side's seconds left at ``now`` (the running one's gone down since ``since``;
    never below zero)."""
    left = {s: float(v) for s, v in clock["left"].items()}
    run = clock.get("running")
    if run is not None and run in left:
        left[run] = max(0.0, left[run] - max(0.0, now - float(clock["since"])))
    return left


def advanced(clock: dict[str, Any], running: str | None, now: float) -> dict[str, Any]:
    """The clock after the decision passed to ``running`` (None: no human to decide) at
    ``now``: the time used taken off the side that was running and, if it handed the
    decision over, its increment added (up to the cap)."""
    ctl = CONTROLS[clock["control"]]
    left = left_now(clock, now)
    was = clock.get("running")
    if was is not None and was != running:
        left[was] = min(ctl.cap, left[was] + ctl.increment)
    return {
        "control": ctl.name,
        "left": left,
        "running": running,
        "since": now,
        "deadline": None if running is None else now + left[running],
    }


def fallen(clock: dict[str, Any], now: float) -> str | None:
    """The side whose time has run out by ``now`` (None while every side has time)."""
    run = clock.get("running")
    if clock.get("flagged") or run is None or clock.get("deadline") is None:
        return None
    return str(run) if float(clock["deadline"]) <= now else None


def loss_on_time(game: Game, side: str, summary: dict[str, Any]) -> dict[str, Any]:
    """The game's summary once ``side`` lost on time: over, the other side winning (with
    more than two sides, no one: a game-neutral result)."""
    return _lost(game, side, summary, f"{side} lost on time")


def resignation(game: Game, side: str, summary: dict[str, Any]) -> dict[str, Any]:
    """The game's summary once ``side`` resigned (as :func:`loss_on_time`)."""
    return _lost(game, side, summary, f"{side} resigned")


def _lost(game: Game, side: str, summary: dict[str, Any], reason: str) -> dict[str, Any]:
    others = [s for s in game.sides if s != side]
    result: dict[str, Any] = {
        "winner": others[0] if len(others) == 1 else None,
        "score": {},
        "reason": reason,
    }
    return {**summary, "active": None, "result": result}


def over_prompt(result: dict[str, Any]) -> dict[str, Any]:
    """The prompt of a game that ended outside its rules (``result``, as
    :func:`loss_on_time` makes it): over, why, and who won; no side to decide."""
    winner = result.get("winner")
    won = f"{str(winner)[:1].upper()}{str(winner)[1:]} wins." if winner else "No one wins."
    return {"side": None, "text": f"The game is over: {result['reason']}. {won}", "rule": None}


def clock_json(clock: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    """What the players see of a clock: each side's seconds left now, whose runs, the
    time control, and who lost on time."""
    if clock is None:
        return None
    ctl = CONTROLS.get(clock["control"])
    return {
        "control": clock["control"],
        "title": ctl.title if ctl else clock["control"],
        "left": left_now(clock, now),
        "running": clock.get("running"),
        "flagged": clock.get("flagged"),
        "now": now,
    }
