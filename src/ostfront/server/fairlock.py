"""The engine lock: one engine call at a time in this process, handed out in turn.

The engines memoise derived facts in module-level memos while they work, so two threads must
not query one at once; but a replay takes the lock one step at a time, and a fair lock lets a
move of another game in between its steps instead of letting the replay starve it.
"""

from __future__ import annotations

import threading


class FairLock:
    """A re-entrant lock handed to waiting threads in the order they asked for it, so a
    thread that takes it step after step (a replay) cannot starve the others."""

    def __init__(self) -> None:
        self._cv = threading.Condition(threading.Lock())
        self._next = 0
        self._serving = 0
        self._owner: int | None = None
        self._depth = 0

    def acquire(self) -> bool:
        me = threading.get_ident()
        with self._cv:
            if self._owner == me:
                self._depth += 1
                return True
            ticket = self._next
            self._next += 1
            while self._owner is not None or self._serving != ticket:
                self._cv.wait()
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
                self._serving += 1
                self._cv.notify_all()

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
