"""The normal Axis player's attack plan (games/dr/ai/plan.py) and the exact supply reach it uses."""

from __future__ import annotations

import copy
import functools

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr import movement
from ostfront.games.dr.ai import evaluation as dr_eval
from ostfront.games.dr.ai import plan as dr_plan
from ostfront.games.dr.rules import Rules, hex_of, occupancy, reading, set_unit
from ostfront.games.dr.stacking import stack_problems

GAME = get("dr")


def axis_movement(seed: int, turn: int = 1) -> dict:
    """The normal players' game at the start of the Axis movement of ``turn``: played once
    for the module (three tests start in July's), a copy for each."""
    return copy.deepcopy(_axis_movement(seed, turn))


@functools.cache
def _axis_movement(seed: int, turn: int) -> dict:
    s = GAME.setup("1941", {}, seed)
    player = make_player("normal", seed)
    while s["phase"] != "axis_move" or s["turn"] != turn:
        s = GAME.apply(s, player.choose(GAME, s))
    return s


def view_and_movers(R: Rules, s: dict) -> tuple[dr_eval.Terrain, list[str]]:
    """The Axis's view of the map and its ground units that may still move."""
    view = dr_eval.terrain_view(R, s, "axis")
    return view, [u for u in movement.selectable(R, s) if R.unit(u).is_ground]


def test_the_july_plan_attacks_at_good_odds_without_over_stacking() -> None:
    s = axis_movement(1, turn=2)
    R = GAME.rules_for(s)
    with reading(s):
        view, movers = view_and_movers(R, s)
        plan = dr_plan.make_plan(R, s, view, movers)
        again = dr_plan.make_plan(R, s, view, movers)
        assert plan == again and plan.targets  # deterministic, and it attacks somewhere
        ends: dict[str, list[str]] = {}
        for h, uids in occupancy(s).items():
            for u in uids:
                if R.unit(u).is_ground and R.unit(u).side == "axis":
                    ends.setdefault(plan.moves.get(u, h), []).append(u)
        for target, units in plan.targets.items():
            assert target in view.enemy_at
            scored = sum(dr_plan.attack_hits(R, s, u, plan.moves[u], target, True) for u in units)
            assert scored >= dr_plan.ODDS * dr_plan.defence_hits(R, s, target)
            for u in units:
                a = plan.moves[u]
                assert target in R.map.grid.neighbours(a)
                assert a == hex_of(s, u) or a in movement.reachable(R, s, u)
                assert len(ends[a]) <= 2 and not stack_problems(R, s, ends[a])


def test_supply_reach_counts_the_path_exactly() -> None:
    """A hex off the traced area is in supply only next to a hex less than a full path
    from the rail line (the unit's own hex opens, 5.0)."""
    s = axis_movement(1)
    R = GAME.rules_for(s)
    with reading(s):
        view = dr_eval.terrain_view(R, s, "axis")
    edge = sorted(h for h, d in view.supplied.items() if d == view.path)
    inner = sorted(h for h, d in view.supplied.items() if d == view.path - 1)
    assert edge and inner and view.path == 3
    beyond = [
        n
        for h in edge
        for n in R.map.grid.neighbours(h)
        if n not in view.supplied
        and all(view.supplied.get(m, 9) >= view.path for m in R.map.grid.neighbours(n))
    ]
    assert beyond and not dr_eval.supplied_there(R, view, beyond[0])
    outside = [n for h in inner for n in R.map.grid.neighbours(h) if n not in view.supplied]
    assert outside and dr_eval.supplied_there(R, view, outside[0])


def test_a_plan_counts_only_its_own_attackers_and_follows_its_style() -> None:
    """A unit given to one target shares its hex with the next target's attackers but does
    not attack there too (7.1C); a spared target is not chosen; stricter odds hold for
    each target's own attackers."""
    s = axis_movement(1, turn=2)
    R = GAME.rules_for(s)
    with reading(s):
        view, movers = view_and_movers(R, s)
        first = dr_plan.make_plan(R, s, view, movers)
        best = next(iter(first.targets))
        spared = dr_plan.make_plan(R, s, view, movers, dr_plan.Style(spare=frozenset({best})))
        assert best not in spared.targets and spared.targets != first.targets
        strict = dr_plan.make_plan(R, s, view, movers, dr_plan.Style(odds=1.8, enough=5.0))
        assert strict.targets
        for plan, odds in ((first, dr_plan.ODDS), (strict, 1.8)):
            for target, units in plan.targets.items():
                scored = sum(
                    dr_plan.attack_hits(R, s, u, plan.moves[u], target, True) for u in units
                )
                assert scored >= odds * dr_plan.defence_hits(R, s, target)


def test_an_empty_enemy_victory_city_is_worth_taking() -> None:
    """July, seed 1: with Minsk emptied of its defenders an Axis unit's worth of ending
    there includes TAKE for its one victory point (13.0B); a neighbouring hex has none."""
    s = GAME.copy_state(axis_movement(1, turn=2))
    R = GAME.rules_for(s)
    minsk = R.map.place_named("Minsk").hex
    assert s["control"][minsk] == "soviet"
    for uid in list(occupancy(s).get(minsk, ())):
        set_unit(s, uid, at="dead")
    uid = next(u for u in movement.selectable(R, s) if R.unit(u).is_ground)
    with reading(s):
        view = dr_eval.terrain_view(R, s, "axis")
        assert view.enemy_cities[minsk] == 1
        beside = R.map.grid.neighbours(minsk)[0]
        taken = dr_eval.hex_worth(R, s, view, uid, minsk)
        assert taken - dr_eval.hex_worth(R, s, view, uid, beside) > dr_eval.TAKE - 1.0
        view.enemy_cities = {}
        assert dr_eval.hex_worth(R, s, view, uid, minsk) == taken - dr_eval.TAKE
