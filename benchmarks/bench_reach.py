"""Movement reach: the engine's searches against networkx's Dijkstra on the same graph and costs.

    uv run python benchmarks/bench_reach.py [--game dr|sno] [--budget 6] [--repeat 5] [--cpu]

The graph is a map's hexes with a ground unit's step costs in clear weather (DR: infantry's
``movement_rules.move_steps``; SNO: infantry's ``movement_rules.step_table`` costs), every
step the map allows, steps of unknown cost (DR's straits) left out. From every hex in turn,
each search finds the hexes reachable within ``--budget`` and their costs:

- ``networkx``: ``single_source_dijkstra_path_length(G, start, cutoff=budget)`` on a
  ``DiGraph`` whose edges carry the costs (built once, not timed);
- ``core reach``: ``core.paths.reach`` over the hex-id table with an ``enter`` callback (the
  way both games searched before issue 36);
- ``core reach_numbered``: ``core.paths.reach_numbered`` over the precomputed
  ``cost_steps`` (hex numbers, costs worked out once; ``may_enter`` asked once a hex), as
  the games search now - it also keeps the way to each hex, which networkx's lengths do not;
  its answer is a ``Reach``: lists by hex number (order found, costs, the way back), read
  by the games as lists;
- ``... read as Steps``: the same, its answer then made whole into a dict hex id -> ``Step``
  (``Reach.steps``: what it answered before);
- ``plain heapq``: a bare integer-indexed Dijkstra, the floor for a Python search.

Target (issue 36 item 5): ``reach_numbered`` at least 2.5 x faster than networkx. Every
search's costs are checked equal to networkx's. Reports the median time a search (least of
``--repeat`` passes over all the starts) and each ratio to networkx.
"""

from __future__ import annotations

import argparse
import heapq
import statistics
import time
from collections.abc import Callable, Mapping

import networkx as nx

from ostfront.core.paths import FAR, CostSteps, HexIndex, cost_steps, reach, reach_numbered
from ostfront.games import get

TARGET = 2.5


def dr_table() -> dict[str, dict[str, float]]:
    from ostfront.games.dr.movement_rules import move_steps

    game = get("dr")
    R = game.rules_for(game.setup("1941", {}, 1))  # type: ignore[attr-defined]
    steps = move_steps(R, "clear", "infantry", "axis")
    return {
        h: {b: float(c) for b, c in steps[h].items() if c is not None} for h in R.map.grid.hexes()
    }


def sno_table() -> dict[str, dict[str, float]]:
    from ostfront.games.sno.movement_rules import step_table

    game = get("sno")
    state = game.setup("1941", {}, 1)
    R = game.rules_for(state)  # type: ignore[attr-defined]
    uid = next(u for u in state["units"] if R.unit(u).type == "infantry")
    steps = step_table(R, state, uid)
    return {h: {b: float(s[0]) for b, s in steps.get(h, {}).items()} for h in R.map.grid.hexes()}


def plain(start: int, budget: float, steps: CostSteps) -> list[float]:
    cost: list[float] = [FAR] * len(steps)
    cost[start] = 0.0
    heap = [(0.0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        spent, here = pop(heap)
        if spent > cost[here]:
            continue
        for nxt, c in steps[here]:
            total = spent + c
            if total <= budget and total < cost[nxt]:
                cost[nxt] = total
                push(heap, (total, nxt))
    return cost


def timed(run: Callable[[str], object], starts: list[str], repeat: int, cpu: bool) -> float:
    clock = time.process_time if cpu else time.perf_counter
    best = []
    for _ in range(repeat):
        times = []
        for s in starts:
            t = clock()
            run(s)
            times.append(clock() - t)
        best.append(statistics.median(times))
    return min(best)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("dr", "sno"), default="dr")
    ap.add_argument("--budget", type=float, default=6)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    args = ap.parse_args()
    table: Mapping[str, Mapping[str, float]] = dr_table() if args.game == "dr" else sno_table()
    index = HexIndex(table)
    steps = cost_steps(index, table)
    for i in range(len(index)):  # every row worked out before the timing
        steps[i]
    G = nx.DiGraph()
    G.add_nodes_from(table)
    G.add_weighted_edges_from((a, b, c) for a, row in table.items() for b, c in row.items())
    starts = [h for h in index.ids if table[h]]
    budget, num = args.budget, index.num

    def by_networkx(s: str) -> object:
        return nx.single_source_dijkstra_path_length(G, s, cutoff=budget)

    def by_reach(s: str) -> object:
        return reach(s, budget, table.__getitem__, lambda a, b, spent: table[a][b])

    def by_numbered(s: str) -> object:
        return reach_numbered(index, s, budget, steps, None)

    def by_numbered_steps(s: str) -> object:
        return reach_numbered(index, s, budget, steps, None).steps()

    def by_plain(s: str) -> object:
        return plain(num[s], budget, steps)

    for s in starts:  # the same answers
        want = by_networkx(s)
        assert {
            h: st.cost
            for h, st in reach(
                s, budget, table.__getitem__, lambda a, b, spent: table[a][b]
            ).items()
        } == want
        assert {
            h: st.cost for h, st in reach_numbered(index, s, budget, steps, None).items()
        } == want
        got = plain(num[s], budget, steps)
        assert {index.ids[i]: c for i, c in enumerate(got) if c < FAR} == want
    runs = {
        "networkx": by_networkx,
        "core reach": by_reach,
        "core reach_numbered": by_numbered,
        "... read as Steps": by_numbered_steps,
        "plain heapq": by_plain,
    }
    base = 0.0
    clock = "CPU" if args.cpu else "wall"
    print(
        f"{args.game}: {len(starts)} starts, budget {budget:g}, {clock} clock,"
        f" least of {args.repeat}"
    )
    for name, run in runs.items():
        t = timed(run, starts, args.repeat, args.cpu)
        base = base or t
        note = f" -> {base / t:.2f} x networkx's speed"
        if name == "core reach_numbered":
            note += f" ({base / t / TARGET:.2f} of the {TARGET} x target)"
        print(f"{name:20s} median {t * 1e6:8.1f} us a search{note}")


if __name__ == "__main__":
    main()
