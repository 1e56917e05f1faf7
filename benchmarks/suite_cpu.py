"""The CPU each test file costs, the processes it starts included (a pytest plugin).

    PYTHONPATH=benchmarks uv run pytest -n 0 -p suite_cpu tests/browser

``time`` counts pytest and the children it waited for; Chromium's renderers, the AI
workers and the servers a test starts end (or are reaped by others) out of its sight. This
plugin samples every process under pytest five times a second (``/proc/PID/stat``, user +
system) and keeps each one's last figure, so a process that has ended still counts (less at
most its last 0.2 s). At the end it prints, a file a line, the wall seconds, pytest's own CPU
(``time.process_time``: the test and any server in a thread) and the whole tree's CPU; then
the tree's CPU by kind of process (Chromium's renderers, its browser process, Playwright's
driver, the AI workers). ``$SUITE_CPU_JSON`` names a file for the per-file figures.
PostgreSQL's server processes are not under pytest and are not counted.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections import Counter, defaultdict
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")
_seen: dict[tuple[int, str], float] = {}  # (pid, start time): CPU seconds when last seen
_kind: dict[tuple[int, str], str] = {}
_lock = threading.Lock()


def kind(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline") as f:
            line = f.read().replace("\0", " ")
    except OSError:
        return "?"
    if "multiprocessing" in line:
        return "python worker (multiprocessing)"
    if "--type=renderer" in line:
        return "chromium renderer"
    if "--type=" in line:
        return "chromium " + line.split("--type=")[1].split()[0]
    if "chromium" in line or "--remote-debugging-pipe" in line:
        return "chromium browser"
    return os.path.basename(line.split(" ")[0]) or "?"


def sample() -> None:
    children: defaultdict[int, list[int]] = defaultdict(list)
    stat: dict[int, tuple[str, float]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                text = f.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        children[int(fields[1])].append(int(name))
        stat[int(name)] = (fields[19], (int(fields[11]) + int(fields[12])) / TICK)
    todo = [os.getpid()]
    with _lock:
        while todo:
            pid = todo.pop()
            if pid in stat:
                key = (pid, stat[pid][0])
                _seen[key] = stat[pid][1]
                if key not in _kind:
                    _kind[key] = kind(pid)
            todo.extend(children.get(pid, []))


def _sampling() -> None:
    while True:
        with contextlib.suppress(Exception):  # a process gone mid-read: the next has it
            sample()
        time.sleep(0.2)


threading.Thread(target=_sampling, daemon=True).start()


def snapshot() -> dict[tuple[int, str], float]:
    sample()
    with _lock:
        return dict(_seen)


_files: defaultdict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
_started: dict[str, Any] = {}


def pytest_runtest_protocol(item: Any, nextitem: Any) -> None:
    _started["at"] = (time.perf_counter(), time.process_time(), snapshot())


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    wall, own, before = _started.pop("at")
    after = snapshot()
    row = _files[nodeid.split("::")[0]]
    row[0] += time.perf_counter() - wall
    row[1] += time.process_time() - own
    row[2] += sum(cpu - before.get(key, 0.0) for key, cpu in after.items())


def pytest_sessionfinish(session: Any) -> None:
    if os.environ.get("SUITE_CPU_JSON"):
        with open(os.environ["SUITE_CPU_JSON"], "w") as f:
            json.dump(_files, f, indent=1)
    print(f"\n{'file':64s} {'wall':>7s} {'pytest':>7s} {'tree':>7s}")
    for name, (wall, own, tree) in sorted(_files.items(), key=lambda kv: -kv[1][2]):
        print(f"{name:64s} {wall:7.1f} {own:7.1f} {tree:7.1f}")
    print(f"{'all':64s} {'':7s} {'':7s} {sum(r[2] for r in _files.values()):7.1f}")
    by_kind: Counter[str] = Counter()
    count: Counter[str] = Counter()
    for key, cpu in snapshot().items():
        by_kind[_kind.get(key, "?")] += cpu
        count[_kind.get(key, "?")] += 1
    for name, cpu in by_kind.most_common(10):
        print(f"{cpu:8.1f} s CPU, {count[name]:4d} processes: {name}")
