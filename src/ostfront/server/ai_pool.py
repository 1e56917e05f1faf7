"""The worker processes computer players think in (:mod:`.ai_worker`), so a slow AI never
holds the server: a pool that dies is replaced and asked again once, one that takes longer
than the timeout over a decision is killed (and replaced when next asked).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

from ..core.protocol import State
from . import ai_worker


class AiPool:
    """The computer players' worker processes (two, started when first asked), or an
    executor given by the caller (tests), which is never killed."""

    def __init__(self, executor: Executor | None = None) -> None:
        self._executor = executor
        self._own_executor = executor is None
        self._lock = threading.Lock()
        self.closed = False

    def executor(self) -> Executor:
        with self._lock, sigint_blocked():
            if self._executor is None:
                ctx = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    max_workers=2, mp_context=ctx, initializer=ai_worker.quiet
                )
            return self._executor

    def drop(self, broken: Executor) -> bool:
        """Kill and forget our worker pool (dead or stuck); False if it is not ours."""
        if not self._own_executor:
            return False
        with self._lock:
            if self._executor is broken:
                self._executor = None
        kill_pool(broken)
        return True

    def close(self) -> None:
        """Stop the workers now (none is left behind)."""
        self.closed = True
        if self._executor is not None and self._own_executor:
            kill_pool(self._executor)
            self._executor = None

    def choose(
        self,
        game_name: str,
        key: str,
        level: str,
        seed: int,
        budget: float | None,
        state: State,
        timeout: float,
    ) -> str | None:
        """A computer player's choice, from a worker process: a dead worker pool is
        replaced and asked again once; one that thinks too long is killed (TimeoutError).
        None once the pool is closed."""
        for attempt in (1, 2):
            ex = self.executor()
            try:
                with sigint_blocked():  # the worker it may start (see sigint_blocked)
                    fut = ex.submit(ai_worker.choose, game_name, key, level, seed, budget, state)
                return self._wait(fut, ex, timeout)
            except BrokenProcessPool:
                if self.closed or not self.drop(ex) or attempt == 2:
                    raise
            except RuntimeError:  # submit after shutdown: the pool was replaced meanwhile
                if self.closed or attempt == 2:
                    raise
        return None  # pragma: no cover

    def _wait(self, fut: Future[str], ex: Executor, timeout: float) -> str | None:
        end = time.monotonic() + timeout
        while True:
            if self.closed:
                fut.cancel()
                return None
            try:
                return fut.result(timeout=min(0.25, max(0.0, end - time.monotonic())))
            except FutureTimeout:
                if time.monotonic() >= end:
                    fut.cancel()
                    self.drop(ex)
                    raise TimeoutError(
                        f"it took longer than {timeout:g} s over one decision"
                    ) from None


@contextlib.contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread while it starts processes (the pool's workers and
    multiprocessing's resource tracker, which inherit the block through exec): a Ctrl-C in
    the terminal reaches the whole process group, and one landing while a worker or the
    tracker is still importing killed it with a KeyboardInterrupt traceback - a tracker or
    worker gone mid-start is how semaphores are left behind ("leaked semaphore" at exit).
    The server's own thread still takes the Ctrl-C; the workers drop it (ai_worker.quiet);
    the tracker ignores it once started."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def kill_pool(ex: Executor) -> None:
    """Stop a process pool now: its workers are terminated, not waited for."""
    procs = list((getattr(ex, "_processes", None) or {}).values())
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    with contextlib.suppress(Exception):
        ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
                p.join(timeout=5)
