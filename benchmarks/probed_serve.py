"""``ostfront serve`` with probes, for ``load_test.py --probe`` (issue 36, item 4).

    python benchmarks/probed_serve.py OUT.json serve [ostfront serve's options]

The same server, started the same way, with three probes whose figures are written to
``OUT.json`` when it stops, and answered on ``GET /probe`` (read by the load test between
its parts):

- the cyclic garbage collector (``gc.callbacks``): collections and their pauses by
  generation;
- each HTTP request's time in the server (from the ASGI call to the last byte of the
  answer), wall and the serving thread's CPU where it ran on one, by route;
- the engine lock (``FairLock``): how long an acquire waited and how long it was held.

The probes cost a few microseconds a request; they change nothing the server does.
"""

from __future__ import annotations

import gc
import json
import sys
import threading
import time
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any


class Probe:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.gc: dict[int, list[float]] = {0: [], 1: [], 2: []}
            self.gc_cpu: dict[int, list[float]] = {0: [], 1: [], 2: []}
            self.requests: dict[str, list[float]] = {}
            self.lock_wait: list[float] = []
            self.lock_held: list[float] = []
            self.lock_held_cpu: list[float] = []
        self._gc_start = self._gc_cpu = 0.0

    # -- the collector
    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start, self._gc_cpu = time.perf_counter(), time.thread_time()
        else:
            took = time.perf_counter() - self._gc_start
            cpu = time.thread_time() - self._gc_cpu
            self.gc[int(info["generation"])].append(took)
            self.gc_cpu[int(info["generation"])].append(cpu)

    def figures(self) -> dict[str, Any]:
        def stats(xs: list[float]) -> dict[str, float]:
            if not xs:
                return {"n": 0, "total_ms": 0.0, "mean_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
            s = sorted(xs)
            return {
                "n": len(s),
                "total_ms": sum(s) * 1000,
                "mean_ms": sum(s) / len(s) * 1000,
                "p50_ms": s[len(s) // 2] * 1000,
                "p99_ms": s[min(len(s) - 1, int(len(s) * 0.99))] * 1000,
                "max_ms": s[-1] * 1000,
            }

        with self.lock:
            return {
                "gc": {str(g): stats(v) for g, v in self.gc.items()},
                "gc_cpu": {str(g): stats(v) for g, v in self.gc_cpu.items()},
                "gc_counts": gc.get_count(),
                "gc_threshold": gc.get_threshold(),
                "gc_frozen": gc.get_freeze_count(),
                "gc_tracked": len(gc.get_objects()),
                "requests": {k: stats(v) for k, v in self.requests.items()},
                "lock_wait": stats(self.lock_wait),
                "lock_held": stats(self.lock_held),
                "lock_held_cpu": stats(self.lock_held_cpu),
            }


PROBE = Probe()


def census() -> dict[str, Any]:
    """The objects the collector tracks, by type (the most common 30), and the memory the
    live games hold by part (each object counted once, in the first part that reaches it:
    the current state first)."""
    counts: dict[str, int] = {}
    for o in gc.get_objects():
        name = type(o).__name__
        counts[name] = counts.get(name, 0) + 1
    out: dict[str, Any] = {"types": dict(sorted(counts.items(), key=lambda kv: -kv[1])[:30])}
    manager = MANAGER[0] if MANAGER else None
    if manager is not None:
        seen: set[int] = set()
        parts: dict[str, list[int]] = {}
        for session in list(manager._sessions.values()):
            for name in ("state", "record", "meta", "checkpoints", "parts", "undo_points"):
                size, n, tracked = deep_size(getattr(session, name), seen)
                got = parts.setdefault(name, [0, 0, 0])
                got[0] += size
                got[1] += n
                got[2] += tracked
        out["sessions"] = len(manager._sessions)
        out["parts_mb"] = {k: round(v[0] / 1e6, 2) for k, v in parts.items()}
        out["parts_objects"] = {k: v[1] for k, v in parts.items()}
        out["parts_tracked"] = {k: v[2] for k, v in parts.items()}
    return out


def deep_size(root: Any, seen: set[int]) -> tuple[int, int, int]:
    """Bytes, objects and objects the collector tracks reachable from ``root`` not in
    ``seen`` (which it extends); types, functions and modules not followed."""
    size = n = tracked = 0
    stack = [root]
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, (type, ModuleType, FunctionType)):
            continue
        seen.add(id(o))
        size += sys.getsizeof(o)
        n += 1
        tracked += gc.is_tracked(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif hasattr(o, "__dict__"):
            stack.append(vars(o))
        elif hasattr(o, "__slots__"):
            stack.extend(getattr(o, a) for a in o.__slots__ if hasattr(o, a))
    return size, n, tracked


MANAGER: list[Any] = []


def route_of(method: str, path: str) -> str:
    parts = path.split("/")
    if len(parts) > 3 and parts[1] == "api" and parts[2] == "games":
        parts[3] = "{id}"
    return f"{method} {'/'.join(parts)}"


def timed(app: Any) -> Any:
    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        if scope["path"] == "/probe":
            figures = PROBE.figures()
            if scope.get("query_string") == b"census=1":
                figures["census"] = census()
            body = json.dumps(figures).encode()
            if scope.get("query_string") == b"reset=1":
                PROBE.reset()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": body})
            return
        t0 = time.perf_counter()

        async def sending(message: dict[str, Any]) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                took = time.perf_counter() - t0
                with PROBE.lock:
                    PROBE.requests.setdefault(route_of(scope["method"], scope["path"]), []).append(
                        took
                    )

        await app(scope, receive, sending)

    return wrapped


def probe_lock() -> None:
    from ostfront.server import fairlock

    acquire, release = fairlock.FairLock.acquire, fairlock.FairLock.release
    held_since: dict[int, float] = {}
    held_cpu: dict[int, float] = {}

    def acq(self: Any, resume: bool = False) -> bool:
        me = threading.get_ident()
        outer = self._owner != me
        t0 = time.perf_counter()
        got = acquire(self, resume) if resume else acquire(self)
        if outer:
            t1 = time.perf_counter()
            held_since[id(self)] = t1
            held_cpu[id(self)] = time.thread_time()
            with PROBE.lock:
                PROBE.lock_wait.append(t1 - t0)
        return got

    def rel(self: Any) -> None:
        last = self._depth == 1
        t, c = held_since.get(id(self), 0.0), held_cpu.get(id(self), 0.0)
        if last and t:
            now, cpu = time.perf_counter(), time.thread_time()
            with PROBE.lock:
                PROBE.lock_held.append(now - t)
                PROBE.lock_held_cpu.append(cpu - c)
        release(self)

    fairlock.FairLock.acquire = acq
    fairlock.FairLock.release = rel


def main() -> None:
    out = Path(sys.argv[1])
    sys.argv = ["ostfront", *sys.argv[2:]]
    gc.callbacks.append(PROBE.on_gc)
    probe_lock()
    from ostfront.server import app as app_module

    create = app_module.create_app

    def create_app(*a: Any, **k: Any) -> Any:
        guard = create(*a, **k)
        inner = guard.app
        MANAGER.append(inner.state.manager)
        wrapped = timed(guard)
        wrapped.app = inner  # serve() reads .app.state.manager
        return wrapped

    app_module.create_app = create_app

    from ostfront.cli.main import main as cli

    try:
        cli()
    finally:
        out.write_text(json.dumps(PROBE.figures(), indent=1))


if __name__ == "__main__":
    main()
