"""How much heavy work the server takes on at once.

An import replays its whole record, step after step, in a worker thread, taking the engine
lock for each step. Forty at once (a burst of uploads) held every worker thread of the
server and queued forty replays at the engine lock, so a view of another game, or even
``/api/meta``, waited a minute. A :class:`Gate` lets at most a few such pieces of work run
at once and refuses the next at once — ``503`` with ``Retry-After`` (:class:`~.errors.Busy`)
— instead of queueing it: a refused request holds no thread, and the work under way leaves
the other games their turns at the engine lock (:mod:`.fairlock`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import Busy

#: Imports replayed at once (more are refused until one ends).
MAX_IMPORTS = 2
#: Seconds a refused client is told to wait before it tries again.
RETRY_AFTER = 5


class Gate:
    """At most ``limit`` pieces of one kind of work at a time; one more is refused
    (:class:`~.errors.Busy`, naming ``what`` the server is busy doing), never queued."""

    def __init__(self, limit: int, what: str, retry_after: int = RETRY_AFTER) -> None:
        if limit < 1:
            raise ValueError(f"a gate must let at least one through, not {limit}")
        self.limit = limit
        self.what = what
        self.retry_after = retry_after
        self._lock = threading.Lock()
        self._running = 0

    @property
    def running(self) -> int:
        """How many pieces of work hold a place now."""
        return self._running

    def _refuse(self) -> Busy:
        return Busy(
            f"the server is busy {self.what} ({self._running} under way, at most "
            f"{self.limit} at once); try again in {self.retry_after} s",
            self.retry_after,
        )

    def check(self) -> None:
        """Refuse now if no place is free (a cheap test before any work is done)."""
        if self._running >= self.limit:
            raise self._refuse()

    @contextmanager
    def place(self) -> Iterator[None]:
        """Hold one place while the work runs, or refuse (:class:`~.errors.Busy`)."""
        with self._lock:
            if self._running >= self.limit:
                raise self._refuse()
            self._running += 1
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
