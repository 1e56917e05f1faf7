"""A bounded load test of ``ostfront serve`` over HTTP on loopback (issue 36, item 4).

    uv run python benchmarks/load_test.py [--quick] [--skip-pg]

It starts the servers itself (``python -m ostfront serve`` on free loopback ports), drives
them with HTTP clients that play as the game page does (one post an action, the answer as
changes from the views held, ``have=``, merged as the page merges it, and only the log's
new entries, ``log_from=``/``log_step=``, as the page asks: web/game/connection.js), stops
them, and
prints four figures against issue 36's targets:

1. **Server CPU per action**, Defiant Russia and Sturm Nach Osten (targets 2 ms and 4 ms):
   the server process's CPU time (``/proc/PID/stat``, user + system, every thread) over a
   stretch of posts, divided by the posts. One client, one post at a time, SQLite. The
   HTTP layer, JSON and the response model are in it (``bench_server.py`` leaves them out).
2. **Two processes against one** on PostgreSQL (target >= 1.7 x the actions a second):
   the same clients, closed loop, first all on one process, then split over two, each game
   kept on the process that made it. Besides actions a second it prints each run's server
   CPU a second (1.0 = one core busy): on a machine shared with other work the throughput
   says what the machine had to spare, the CPU how far the servers could use it.
3. **Live games**: ``--games`` games (100) driven by ``--clients`` clients (16), each client
   posting to its games in turn with ``--think`` seconds between posts; the p50/p99 of a
   post's round trip as the client sees it (target p99 <= 100 ms).
4. **Memory per live game**: the server's resident memory (``VmRSS``) before those games
   were made and after they were played, over their number (target <= 1 MB).

Clients come from distinct addresses (``X-Forwarded-For``, trusted from loopback as behind
a proxy) so the per-address limit on new games does not throttle them. Bounded: every run
has a fixed number of posts or seconds; ``--quick`` (about half a minute) runs each part
small and is what ``tests/server/test_load_test.py`` runs. PostgreSQL is the server at
``$OSTFRONT_TEST_PG`` (postgresql://postgres@127.0.0.1:5432/test by default), in a schema
made for the run and dropped after it; ``--skip-pg`` leaves part 2 out.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import database, pick

from ostfront.core.rng import new_rng
from ostfront.server.deltas import INNER, KEYED, action_key, merged

HERE = Path(__file__).resolve().parent
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
#: Issue 36's targets.
TARGETS = {"cpu_dr_ms": 2.0, "cpu_sno_ms": 4.0, "scale": 1.7, "p99_ms": 100.0, "mb_per_game": 1.0}
#: Where Sturm Nach Osten's games start: a shipped position with units on the map.
SNO_POSITION = "kiev-1941-08"


# ------------------------------------------------------------------ the server processes
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``ostfront serve`` process on a free loopback port."""

    def __init__(self, db: str, probe: bool = False) -> None:
        self.port = free_port()
        self.probed = probe
        start = [str(HERE / "probed_serve.py"), os.devnull] if probe else ["-m", "ostfront"]
        self.proc = subprocess.Popen(
            [sys.executable, *start, "serve", "--port", str(self.port), "--db", db],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        end = time.monotonic() + 90
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > end:
                    self.stop()
                    said = self.proc.stderr.read() if self.proc.stderr else ""
                    raise RuntimeError(f"the server did not start: {said[-2000:]}") from None
                time.sleep(0.1)
        Client(self.port, "127.0.0.1").call("GET", "/api/meta")

    def cpu(self) -> float:
        """CPU seconds the process has used, user and system, all its threads."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def probe(self, reset: bool = False) -> dict[str, Any]:
        """The probes' figures (``probed_serve.py``) since the last reset; {} unprobed."""
        if not self.probed:
            return {}
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request("GET", "/probe?reset=1" if reset else "/probe")
            return dict(json.loads(conn.getresponse().read()))
        finally:
            conn.close()

    def rss_mb(self) -> float:
        pages = int(Path(f"/proc/{self.proc.pid}/statm").read_text().split()[1])
        return pages * PAGE / 1e6

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@contextmanager
def servers(db: str, count: int, probe: bool = False) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for _ in range(count):
            started.append(Server(db, probe))
        yield started
    finally:
        for s in started:
            s.stop()


# ------------------------------------------------------------------ the clients
class Client:
    """One client: a kept-alive HTTP connection from its own (forwarded) address."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> tuple[int, dict[str, Any]]:
        headers = {
            "Content-Type": "application/json",
            "X-Forwarded-For": self.address,
            "Accept-Encoding": "gzip",  # as a browser asks: the server's gzip is in the CPU
        }
        if token:
            headers["X-Ostfront-Seat"] = token
        data = None if body is None else json.dumps(body)
        for attempt in (1, 2):  # the server closes idle connections after 5 s
            try:
                self.conn.request(method, path, data, headers)
                r = self.conn.getresponse()
                body = r.read()
                if r.getheader("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                return r.status, json.loads(body)
            except (http.client.RemoteDisconnected, ConnectionError, http.client.CannotSendRequest):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


class Page:
    """One game as its page keeps it: the view shown and the actions of the last views."""

    def __init__(self, client: Client, game: str, seed: int) -> None:
        self.client, self.seed, self.posts = client, seed, 0
        self.took: list[float] = []  # each post's round trip
        self.rng = new_rng(seed)
        body: dict[str, Any] = {"game": game, "seed": seed}
        if game == "sno":
            body["position"] = SNO_POSITION
        status, made = client.call("POST", "/api/games", body)
        if status != 201:
            raise RuntimeError(f"new game: {status} {made}")
        self.gid = made["id"]
        self.token = next(iter(made["seats"].values()))  # hotseat: one token holds every side
        self.kept: dict[str, list[dict[str, Any]]] = {}
        self.log: list[dict[str, Any]] = []  # the log entries read so far
        self.refresh()

    def refresh(self) -> None:
        path = f"/api/games/{self.gid}{self.log_query('?')}"
        status, v = self.client.call("GET", path, token=self.token)
        if status != 200:
            raise RuntimeError(f"view: {status} {v}")
        self.read_log(v)
        self.view = v
        self.kept = {v["hash"]: v.get("actions") or []}

    def log_query(self, lead: str) -> str:
        """The log from where ours ends, as the page asks for it (none while ours is empty)."""
        if not self.log:
            return ""
        return f"{lead}log_from={len(self.log)}&log_step={self.log[-1]['step']}"

    def read_log(self, v: dict[str, Any]) -> None:
        """The log's new entries kept, as the page keeps them (web/game/view.js)."""
        self.log = self.log[: v["log"]["start"]] + v["log"]["entries"]

    def have(self) -> str:
        older = [h for h in reversed(self.kept) if h != self.view["hash"]][:3]
        return ",".join([self.view["hash"], *older])

    def done(self) -> bool:
        return not self.view.get("actions")

    def step(self) -> float:
        """One post (the page's pick); its round trip in seconds."""
        text = pick(self.view["actions"], self.rng, self.posts)
        self.posts += 1
        path = f"/api/games/{self.gid}/actions?have={self.have()}{self.log_query('&')}"
        t0 = time.perf_counter()
        status, v = self.client.call(
            "POST", path, {"action": text, "seq": self.view["seq"]}, self.token
        )
        took = time.perf_counter() - t0
        self.took.append(took)
        if status != 200:
            raise RuntimeError(f"{text!r}: {status} {v}")
        self.take(v)
        return took

    def take(self, v: dict[str, Any]) -> None:
        self.read_log(v)
        d = v.pop("delta", None)
        if d is not None:
            if d["base"] != self.view["hash"]:
                self.refresh()
                return
            for name, key in KEYED.items():
                if name in d:
                    v[name] = merged(self.view[name], d[name], key, INNER.get(name))
            if "actions" in d:
                v["actions"] = merged(self.kept[d["actions"]["base"]], d["actions"], action_key)
        self.view = v
        self.kept[v["hash"]] = v.get("actions") or []
        while len(self.kept) > 4:
            self.kept.pop(next(iter(self.kept)))


def address(n: int) -> str:
    return f"10.36.{n // 250}.{n % 250 + 1}"


# ------------------------------------------------------------------ 1. CPU per action
def cpu_per_action(server: Server, game: str, posts: int, per_game: int) -> dict[str, float]:
    """Server CPU a post over ``posts`` posts, ``per_game`` a game, one client."""
    client = Client(server.port, address(900 if game == "dr" else 901))
    pages = [Page(client, game, 100 + i) for i in range((posts + per_game - 1) // per_game)]
    for page in pages:  # every game's first few posts (a set-up, a session made warm)
        page.step()
    done, took = 0, []
    c0, w0 = server.cpu(), time.perf_counter()
    for page in pages:
        for _ in range(per_game):
            if page.done() or done >= posts:
                break
            took.append(page.step())
            done += 1
    cpu = server.cpu() - c0
    wall = time.perf_counter() - w0
    return {
        "posts": done,
        "cpu_ms": cpu / done * 1000,
        "wall_ms": statistics.median(took) * 1000,
        "busy": cpu / wall,
    }


# ------------------------------------------------------------------ 2. and 3. clients at once
def drive(
    pages_by_client: list[list[Page]], seconds: float, think: float
) -> tuple[int, list[float], list[str]]:
    """Each client posts to its games in turn for ``seconds``: posts made, round trips,
    errors."""
    took: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def run(pages: list[Page]) -> None:
        mine: list[float] = []
        i = 0
        try:
            while time.monotonic() < end:
                live = [p for p in pages if not p.done()]
                if not live:
                    break
                mine.append(live[i % len(live)].step())
                i += 1
                if think:
                    time.sleep(think)
        except Exception as exc:  # reported, not raised: the other clients go on
            with lock:
                errors.append(f"{type(exc).__name__}: {exc}")
        with lock:
            took.extend(mine)

    threads = [threading.Thread(target=run, args=(pages,)) for pages in pages_by_client]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(took), took, errors


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def scaling(db: str, clients: int, games_each: int, seconds: float) -> dict[str, Any]:
    """Actions a second on one process, then on two (PostgreSQL), the same clients."""
    out: dict[str, Any] = {}
    with servers(db, 2) as (a, b):
        for name, procs in (("one", [a]), ("two", [a, b])):
            seed = 1000 if name == "one" else 2000
            pages_by_client = []
            for c in range(clients):
                server = procs[c % len(procs)]
                client = Client(server.port, address(seed // 10 + c))
                pages = [Page(client, "dr", seed + c * games_each + g) for g in range(games_each)]
                for page in pages:
                    page.step()
                pages_by_client.append(pages)
            c0 = [s.cpu() for s in procs]
            w0 = time.perf_counter()
            posts, took, errors = drive(pages_by_client, seconds, 0.0)
            wall = time.perf_counter() - w0
            cpu = sum(s.cpu() for s in procs) - sum(c0)
            out[name] = {
                "posts": posts,
                "per_second": posts / wall,
                "cpu_ms": cpu / max(posts, 1) * 1000,
                "busy": cpu / wall,
                "p50_ms": percentile(took, 0.5) * 1000 if took else 0.0,
                "errors": errors,
            }
    out["ratio"] = out["two"]["per_second"] / max(out["one"]["per_second"], 1e-9)
    return out


def live_games(
    server: Server, games: int, clients: int, seconds: float, think: float
) -> dict[str, Any]:
    """``games`` games made and driven by ``clients`` clients; latency and memory."""
    rss0 = server.rss_mb()
    pages_by_client: list[list[Page]] = [[] for _ in range(clients)]
    for g in range(games):
        c = g % clients
        client = pages_by_client[c][0].client if pages_by_client[c] else None
        client = client or Client(server.port, address(c))
        pages_by_client[c].append(Page(client, "dr", 5000 + g))
    server.probe(reset=True)
    c0, w0 = server.cpu(), time.perf_counter()
    posts, took, errors = drive(pages_by_client, seconds, think)
    wall = time.perf_counter() - w0
    cpu = server.cpu() - c0
    rss1 = server.rss_mb()
    # each game's first post is its set-up (DR: the historical set-up of a side, the whole
    # board drawn anew): the same figures without them
    later = [t for pages in pages_by_client for p in pages for t in p.took[1:]]
    setups = [p.took[0] for pages in pages_by_client for p in pages if p.took]
    return {
        "probe": server.probe(),
        "setups": len(setups),
        "setup_p50_ms": percentile(setups, 0.5) * 1000 if setups else 0.0,
        "later_p50_ms": percentile(later, 0.5) * 1000 if later else 0.0,
        "later_p99_ms": percentile(later, 0.99) * 1000 if later else 0.0,
        "later_worst_ms": max(later) * 1000 if later else 0.0,
        "games": games,
        "clients": clients,
        "posts": posts,
        "per_second": posts / wall,
        "busy": cpu / wall,
        "cpu_ms": cpu / max(posts, 1) * 1000,
        "p50_ms": percentile(took, 0.5) * 1000 if took else 0.0,
        "p99_ms": percentile(took, 0.99) * 1000 if took else 0.0,
        "worst_ms": max(took) * 1000 if took else 0.0,
        "rss_before_mb": rss0,
        "rss_after_mb": rss1,
        "mb_per_game": (rss1 - rss0) / games,
        "errors": errors,
    }


def probe_lines(probe: dict[str, Any]) -> list[str]:
    """What the server's probes saw (``--probe``), one line a probe."""
    if not probe:
        return []
    g, gcpu = probe["gc"], probe["gc_cpu"]
    posts = probe["requests"].get("POST /api/games/{id}/actions", {})
    w, h, hc = probe["lock_wait"], probe["lock_held"], probe["lock_held_cpu"]
    return [
        "   probe, collector: "
        + ", ".join(
            f"gen {k} {g[k]['n']} x (total {g[k]['total_ms']:.0f} ms, CPU "
            f"{gcpu[k]['total_ms']:.0f} ms; longest {g[k]['max_ms']:.1f} ms, CPU "
            f"{gcpu[k]['max_ms']:.1f} ms)"
            for k in ("0", "1", "2")
        )
        + f"; {probe['gc_tracked']} objects tracked, {probe['gc_frozen']} frozen",
        f"   probe, a post in the server: p50 {posts.get('p50_ms', 0):.1f} ms, p99 "
        f"{posts.get('p99_ms', 0):.1f} ms, longest {posts.get('max_ms', 0):.1f} ms "
        f"({posts.get('n', 0)} posts)",
        f"   probe, engine lock: waited p50 {w.get('p50_ms', 0):.2f} ms, p99 "
        f"{w['p99_ms']:.1f} ms, longest {w['max_ms']:.1f} ms; held p50 "
        f"{h.get('p50_ms', 0):.2f} ms, p99 {h['p99_ms']:.1f} ms, longest {h['max_ms']:.1f} ms "
        f"(CPU held: total {hc['total_ms']:.0f} ms, p99 {hc['p99_ms']:.1f} ms)",
    ]


# ------------------------------------------------------------------ the run
def verdict(value: float, target: float, higher: bool = False) -> str:
    met = value >= target if higher else value <= target
    return f"{'met' if met else 'NOT met'} ({value / target:.2f} of the target)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="each part small (about 30 s)")
    ap.add_argument("--skip-pg", action="store_true", help="leave out the PostgreSQL part")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--think", type=float, default=0.25, help="seconds between a client's posts")
    ap.add_argument("--seconds", type=float, default=60.0, help="the live games' run")
    ap.add_argument("--posts", type=int, default=300, help="posts timed for CPU a game")
    ap.add_argument("--scale-seconds", type=float, default=20.0)
    ap.add_argument("--scale-clients", type=int, default=8)
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument(
        "--probe",
        action="store_true",
        help="serve through probed_serve.py: the collector's pauses, each request's time "
        "in the server, the engine lock's waits (part 3)",
    )
    args = ap.parse_args()
    if args.quick:
        args.games, args.clients, args.seconds = 16, 8, 2.0
        # part 2 posts as fast as its clients can for its seconds (PostgreSQL's CPU, the
        # servers' and the clients'): half a second each run is enough to report it
        args.posts, args.scale_seconds, args.scale_clients = 30, 0.5, 4
    out: dict[str, Any] = {"loadavg": Path("/proc/loadavg").read_text().split()[:3]}
    print(f"load average before: {' '.join(out['loadavg'])} on {os.cpu_count()} cores")
    with ExitStack() as stack:
        db = stack.enter_context(database("sqlite"))
        (server,) = stack.enter_context(servers(db, 1, args.probe))
        for game, target in (("dr", "cpu_dr_ms"), ("sno", "cpu_sno_ms")):
            r = cpu_per_action(server, game, args.posts, 30 if game == "dr" else 20)
            out[target] = r
            print(
                f"1. {game}: server CPU per action {r['cpu_ms']:.2f} ms over {r['posts']} posts "
                f"(round trip median {r['wall_ms']:.1f} ms): "
                f"{verdict(r['cpu_ms'], TARGETS[target])}"
            )
        r = live_games(server, args.games, args.clients, args.seconds, args.think)
        out["live"] = r
        print(
            f"3. {r['games']} live games, {r['clients']} clients, think {args.think} s: "
            f"{r['posts']} posts in {args.seconds:.0f} s ({r['per_second']:.1f}/s, server "
            f"CPU {r['busy']:.2f} of a core, {r['cpu_ms']:.2f} ms a post); round trip "
            f"p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, worst {r['worst_ms']:.1f} ms: "
            f"{verdict(r['p99_ms'], TARGETS['p99_ms'])}"
            + (f"; {len(r['errors'])} client errors: {r['errors'][0]}" if r["errors"] else "")
        )
        print(
            f"3. without each game's first post (its set-up; {r['setups']} of them, p50 "
            f"{r['setup_p50_ms']:.1f} ms): round trip p50 {r['later_p50_ms']:.1f} ms, p99 "
            f"{r['later_p99_ms']:.1f} ms, worst {r['later_worst_ms']:.1f} ms"
        )
        print(
            f"4. memory: {r['rss_before_mb']:.1f} MB before, {r['rss_after_mb']:.1f} MB after: "
            f"{r['mb_per_game']:.2f} MB a live game: {verdict(r['mb_per_game'], 1.0)}"
        )
        for line in probe_lines(r["probe"]):
            print(line)
    if not args.skip_pg:
        with database("postgresql") as pg:
            r = scaling(pg, args.scale_clients, 2, args.scale_seconds)
        out["scale"] = r
        for name in ("one", "two"):
            s = r[name]
            print(
                f"2. {name} process{'es' if name == 'two' else ''} on PostgreSQL, "
                f"{args.scale_clients} clients: {s['per_second']:.1f} actions/s, server CPU "
                f"{s['busy']:.2f} of a core, {s['cpu_ms']:.2f} ms an action, round trip p50 "
                f"{s['p50_ms']:.1f} ms" + (f"; errors: {s['errors'][:1]}" if s["errors"] else "")
            )
        print(f"2. two processes / one: {r['ratio']:.2f} x: {verdict(r['ratio'], 1.7, True)}")
    out["loadavg_after"] = Path("/proc/loadavg").read_text().split()[:3]
    print(f"load average after: {' '.join(out['loadavg_after'])}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
