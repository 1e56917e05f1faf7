"""How computer players' Defiant Russia games compare with 1941: for each turn, how often the
Axis holds Minsk, Smolensk, Kiev, Leningrad, Moscow and Rostov (or the places given by
``--cities``) at the turn's end, and the final scores (issue 5's plausibility check; the
numbers go into docs/ai.md).

    uv run python tools/dr_history.py --axis normal --soviet normal --games 10 --seed 100
    uv run python tools/dr_history.py --games 30 --cities Smolensk,Kharkov,Orel

History: Minsk fell in June, Smolensk in July, Kiev in September; Leningrad was besieged and
Moscow and Rostov held at the end; the designer's historical result (13.0 G) is 7-6 for the
Soviets. After the scores it prints how often the Axis scored each of 13.0's points at the
end: each victory city, Stalin's death (13.0D) and the casualty point (13.0E).

With ``--phases`` it prints, for June and for the later turns, how much strength on the map
each side gained or lost in each phase, a game on average (combat, reinforcements and
replacements, eliminations for stacking or supply).

With ``--exchange`` it also prints, for the Axis's attacks, the strength each side lost by
kind of attack: combat or exploitation combat (7.4); a pocket (no retreat open to the
defenders when the attack is declared, 6.3.3) or open; planned by the attack plan
(games/dr/ai/plan.py) or not; June, July, or later.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr.ai import plan as dr_plan
from ostfront.games.dr.charts import month_of, victory_cities
from ostfront.games.dr.rules import ground_hexes, printed, reading
from ostfront.games.dr.victory import casualties, casualty_point, stalin_point

CITIES = ("Minsk", "Smolensk", "Kiev", "Leningrad", "Moscow", "Rostov")


Exchange = dict[tuple[str, str, str, str], list[int]]  # kind -> [attacks, Axis lost, Soviet lost]
Phases = dict[tuple[str, str], list[int]]  # (June or later, phase) -> [Axis, Soviet] change


def strength(R: Any, s: dict, side: str) -> int:
    """The side's strength on the map (the printed strength of each ground unit)."""
    return sum(
        printed(R, s, u)[0]
        for u, d in s["units"].items()
        if R.unit(u).side == side and R.unit(u).is_ground and str(d["at"]).isdigit()
    )


def attack_kind(R: Any, s: dict, target: str, player: Any) -> tuple[str, str, str, str]:
    """(phase, pocket or open, planned or not, month) of an Axis attack on ``target``."""
    with reading(s):
        closed = not dr_plan.retreat_hexes(R, s, target, set(ground_hexes(R, s, "axis")))
    planned = target in getattr(getattr(player, "evaluator", None), "targets", set())
    month = {1: "June", 2: "July"}.get(s["turn"], "Aug-Dec")
    phase = "exploitation" if s["phase"].endswith("exploit_combat") else "combat"
    return phase, "pocket" if closed else "open", "planned" if planned else "unplanned", month


def axis_points(R: Any, s: dict) -> set[str]:
    """13.0's points the Axis holds: its victory cities, "Stalin" if he is dead (13.0D) and
    "casualties" if it eliminated more (13.0E-F)."""
    won = {
        n for n in victory_cities(R.charts) if s["control"].get(R.map.place_named(n).hex) == "axis"
    }
    if stalin_point(s) == "axis":
        won.add("Stalin")
    if casualty_point(casualties(R, s)) == "axis":
        won.add("casualties")
    return won


def one(
    args: tuple[str, str, int, bool, tuple[str, ...]],
) -> tuple[dict[int, set[str]], dict[str, int], Exchange, Phases, set[str]]:
    axis, soviet, seed, exchange, cities = args
    game = get("dr")
    s = game.setup("1941", {}, seed)
    players = {"axis": make_player(axis, seed * 7 + 1), "soviet": make_player(soviet, seed * 7 + 2)}
    R = game.rules_for(s)
    hexes = {n: R.map.place_named(n).hex for n in cities}
    held: dict[int, set[str]] = {}
    table: Exchange = {}
    battle: tuple[tuple[str, str, str, str], int, int] | None = None
    phases: Phases = {}
    turn, phase = s["turn"], s["phase"]
    before = (strength(R, s, "axis"), strength(R, s, "soviet"))
    while game.active_side(s) is not None:
        action = players[game.active_side(s)].choose(game, s)
        axis_turn = s["phase"].startswith("axis")
        if exchange and axis_turn and action.verb == "attack":
            kind = attack_kind(R, s, str(action.args[0]), players["axis"])
            battle = (kind, strength(R, s, "axis"), strength(R, s, "soviet"))
        s = game.apply(s, action)
        if battle and not s.get("pending") and action.verb != "attack":
            row = table.setdefault(battle[0], [0, 0, 0])
            row[0] += 1
            row[1] += battle[1] - strength(R, s, "axis")
            row[2] += battle[2] - strength(R, s, "soviet")
            battle = None
        if (s["turn"], s["phase"]) != (turn, phase):
            after = (strength(R, s, "axis"), strength(R, s, "soviet"))
            if not phase.endswith("setup"):  # the turn the phase was played in
                key = ("June" if turn == 1 else "later", phase)
                row = phases.setdefault(key, [0, 0])
                row[0] += after[0] - before[0]
                row[1] += after[1] - before[1]
            turn, phase, before = s["turn"], s["phase"], after
        held[s["turn"]] = {n for n, h in hexes.items() if s["control"].get(h) == "axis"}
    res = game.result(s)
    return held, dict(res.score) if res else {}, table, phases, axis_points(R, s)


def places(R: Any, names: str) -> tuple[str, ...]:
    """The places named in ``names`` (comma-separated), each checked against the map."""
    out = tuple(n.strip() for n in names.split(",") if n.strip())
    for n in out:
        try:
            R.map.place_named(n)
        except KeyError as e:
            raise SystemExit(f"--cities: no place named {n!r} on the Defiant Russia map") from e
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--axis", default="normal")
    ap.add_argument("--soviet", default="normal")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--exchange", action="store_true", help="strength lost by kind of attack")
    ap.add_argument("--phases", action="store_true", help="strength gained or lost by phase")
    ap.add_argument(
        "--cities", default=",".join(CITIES), help="the places counted by turn, comma-separated"
    )
    args = ap.parse_args()
    R = get("dr").rules_for(get("dr").setup("1941", {}, 1))
    cities = places(R, args.cities)
    jobs = [
        (args.axis, args.soviet, args.seed + i, args.exchange, cities) for i in range(args.games)
    ]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, jobs))
    charts = R.charts
    turns = sorted({t for held, *_ in results for t in held})
    print("| turn | " + " | ".join(cities) + " |")
    print("|---|" + "---|" * len(cities))
    for t in turns:
        row = [sum(1 for held, *_ in results if n in held.get(t, set())) for n in cities]
        cells = " | ".join(f"{100 * k // len(results)}%" for k in row)
        print(f"| {t} ({month_of(charts, t)}) | {cells} |")
    axis = [sc.get("axis", 0) for _, sc, *_ in results]
    soviet = [sc.get("soviet", 0) for _, sc, *_ in results]
    wins = sum(1 for a, b in zip(axis, soviet, strict=True) if a > b)
    print(
        f"\n{len(results)} games {args.axis} (Axis) vs {args.soviet} (Soviets): mean score "
        f"{statistics.fmean(axis):.1f}-{statistics.fmean(soviet):.1f}, Axis wins {wins}; "
        f"scores: {', '.join(f'{a}-{b}' for a, b in zip(axis, soviet, strict=True))}"
    )

    print_points([points for *_, points in results], list(victory_cities(charts)))
    if args.phases:
        print_phases([phases for *_, phases, _ in results])
    if args.exchange:
        print_exchange([table for _, _, table, _, _ in results])


def print_points(points: list[set[str]], cities: list[str]) -> None:
    """How often the Axis scored each point of 13.0 at the end of play."""
    names = [*cities, "Stalin", "casualties"]
    counts = ", ".join(f"{name} {sum(1 for p in points if name in p)}" for name in names)
    print(f"\nAxis points at the end (13.0), games of {len(points)}: {counts}")


def summed(tables: list[dict[Any, list[int]]]) -> dict[Any, list[int]]:
    """The games' tables added up, key by key and column by column."""
    total: dict[Any, list[int]] = {}
    for table in tables:
        for key, values in table.items():
            row = total.setdefault(key, [0] * len(values))
            for i, v in enumerate(values):
                row[i] += v
    return total


def print_phases(tables: list[Phases]) -> None:
    """Strength on the map gained or lost by each side in each phase, a game on average."""
    total = summed(tables)
    print("\n| turns | phase | Axis | Soviets |")
    print("|---|---|---|---|")
    for key in sorted(total, key=lambda k: (k[0] != "June", k[1])):
        a, s = (v / len(tables) for v in total[key])
        if a or s:
            print(f"| {key[0]} | {key[1]} | {a:+.1f} | {s:+.1f} |")


def print_exchange(tables: list[Exchange]) -> None:
    """The Axis's attacks by kind: how many, strength lost by each side, Soviet per Axis."""
    total = summed(tables)
    print("\n| phase | retreat | plan | month | attacks | Axis lost | Soviets lost | Soviet/Axis |")
    print("|---|---|---|---|---|---|---|---|")
    for kind in sorted(total):
        n, a, s = total[kind]
        ratio = f"{s / a:.2f}" if a else "-"
        print(f"| {' | '.join(kind)} | {n} | {a} | {s} | {ratio} |")


if __name__ == "__main__":
    main()
