"""The facts the engine keeps to stay fast (benchmarks/README.md, "Sturm Nach Osten engine")
equal the same facts worked out afresh, on states met in a random game from the Kiev position
(three Axis nationalities, each tracing supply from its own sources: 9.1a-c).

- SNO 3.4.6: a side's rail lines, kept under the hexes they may not enter, equal a fresh
  flood from its supply edges around those hexes, after moves of either side.
- SNO 9.1.2, 9.2.1, 9.2c: each nationality's supply distances and supply-line reach, grown a
  round at a time as supplied units become supply points (and starting from the reach of the
  points shared by all nationalities), equal a single search from every supply point found
  and the nationality's own sources.
"""

from __future__ import annotations

from pathlib import Path

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.paths import connected, distances, grow
from ostfront.core.position import load_position
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.games.sno import control, supply
from ostfront.games.sno.rules import other, side_hexes
from ostfront.games.sno.zoc import zoc_table

KIEV = (
    Path(__file__).resolve().parents[3] / "src/ostfront/games/sno/data/positions/kiev-1941-08.toml"
)


def _states(seed: int, every: int) -> list[dict]:
    game = get("sno")
    state = game.setup(None, {}, seed, position=load_position(KIEV))
    player = RandomPlayer(new_rng(seed))
    out, step = [], 0
    while game.active_side(state) is not None:
        if step % every == 0:
            out.append(state)
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
        step += 1
    return out


def _fresh_rail_line(R, state, side: str) -> frozenset[str]:
    shut = set(side_hexes(R, state, other(side))) | set(zoc_table(R, state, other(side)))
    if side == "soviet":
        shut |= control.finnish_area(R, state)
    steps = control._rail_steps(R)
    edge = [h for h in control.supply_edge(R, side) if h in steps and h not in shut]
    return frozenset(connected(edge, steps.__getitem__, lambda a, b: b not in shut))


def test_kept_rail_lines_and_supply_equal_fresh_searches(R) -> None:
    states = _states(seed=3, every=7)
    assert len(states) > 15
    nationalities = set()
    for state in states:
        for side in ("axis", "soviet"):
            # SNO 3.4.6
            assert control.rail_line(R, state, side) == _fresh_rail_line(R, state, side)
            # SNO 9.1.2, 9.2.1, 9.2c
            f = supply.facts(R, state, side)
            steps = supply.land_steps(R, state)
            enemy_zoc = zoc_table(R, state, other(side))
            hostile = side_hexes(R, state, other(side))
            friendly = side_hexes(R, state, side)
            closed = control.finnish_area(R, state) if side == "soviet" else frozenset()
            leave = supply.route_leavable(steps, friendly, hostile, enemy_zoc)
            for nat, area in f.areas.items():
                own = {
                    h
                    for h in supply.sources(R, nat, side)
                    if h not in hostile and h not in enemy_zoc
                }
                starts = set(f.points) | own
                d = distances(
                    starts,
                    steps.__getitem__,
                    (lambda a, b, closed=closed: b not in closed) if closed else None,
                    may_leave=leave.__contains__,
                )
                assert f.distance[nat] == d, (side, nat)
                fresh: set[str] = set()
                grow(
                    fresh, starts, steps.__getitem__, supply._carries(friendly, closed, d, f.threat)
                )
                assert area == fresh, (side, nat)
                nationalities.add(nat)
    assert {"german", "romanian", "hungarian", "soviet"} <= nationalities


def test_land_steps_equal_blocked_sides_in_every_weather(R, make_state) -> None:
    """SNO 9.1.2 (5.1.6, 6.2.1): the steps a supply line may take, worked out from the steps
    no freeze can change plus the few hexes beside a lake, equal weather.blocked asked of
    every pair of neighbours - in Good weather and in a Snow month with frozen lakes."""
    from ostfront.games.sno import weather

    months = [("1941-07", "good"), ("1942-01", "snow"), ("1941-11", "snow"), ("1941-10", "mud")]
    frozen = set()
    for turn, w in months:
        s = make_state({}, turn=turn, weather=w)
        nb = R.map.grid.neighbours
        fresh = {
            h: tuple(n for n in nb(h) if not weather.blocked(R, s, h, n))
            for h in R.map.grid.hexes()
        }
        assert supply.land_steps(R, s) == fresh, (turn, w)
        frozen |= {h for h in weather.frozen_hexes(R, s) if R.map.terrain.get(h) == "lake"}
    assert frozen  # a lake froze in one of the months: the changing steps were asked
