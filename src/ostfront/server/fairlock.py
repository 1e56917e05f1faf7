"""The engine lock: one engine call at a time in this process, handed out in turn.

The engines memoise derived facts in module-level memos while they work, so two threads must
not query one at once; but a replay takes the lock one step at a time, and a fair lock lets a
move of another game in between its steps instead of letting the replay starve it.

A post takes the lock more than once: to work out its step, then (after the database has
stored it, without the lock) to keep the step and show it. Its later turns *resume*
(:meth:`FairLock.resuming`): they go ahead of the threads queued for a first turn, after
the thread holding the lock, so a post waits in the queue once, not once a turn.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class FairLock:
    """A re-entrant lock handed to waiting threads in the order they asked for it, so a
    thread that takes it step after step (a replay) cannot starve the others."""

    def __init__(self) -> None:
        self._cv = threading.Condition(threading.Lock())
        self._next = 0
        self._serving = 0
        self._owner: int | None = None
        self._depth = 0
        #: threads waiting to resume (they go first); whether the holder took a ticket
        self._resuming = 0
        self._ticketed = False

    def acquire(self, resume: bool = False) -> bool:
        """Take the lock: in turn, or (``resume``) before the threads waiting in turn."""
        me = threading.get_ident()
        with self._cv:
            if self._owner == me:
                self._depth += 1
                return True
            if resume:
                self._resuming += 1
                while self._owner is not None:
                    self._cv.wait()
                self._resuming -= 1
                self._ticketed = False
            else:
                ticket = self._next
                self._next += 1
                while self._owner is not None or self._serving != ticket or self._resuming:
                    self._cv.wait()
                self._ticketed = True
            self._owner = me
            self._depth = 1
        return True

    def release(self) -> None:
        with self._cv:
            if self._owner != threading.get_ident():
                raise RuntimeError("release of a FairLock this thread does not hold")
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                if self._ticketed:
                    self._serving += 1
                self._cv.notify_all()

    def held(self) -> bool:
        """Whether the calling thread holds the lock."""
        return self._owner == threading.get_ident()

    @contextmanager
    def resuming(self) -> Iterator[FairLock]:
        """The lock taken again by a thread that had its turn moments ago (a post's later
        turns): ahead of the threads waiting for their first."""
        self.acquire(resume=True)
        try:
            yield self
        finally:
            self.release()

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
