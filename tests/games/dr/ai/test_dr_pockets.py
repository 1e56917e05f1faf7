"""Pockets (DR 6.3.3, 7.2.3C): the normal Axis player's attack plan closes retreats, and
its attack values count the hits that must be step losses when no retreat is open."""

from __future__ import annotations

from collections.abc import Callable

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr import movement
from ostfront.games.dr.ai import attacks as dr_attacks
from ostfront.games.dr.ai import evaluation as dr_eval
from ostfront.games.dr.ai import plan as dr_plan
from ostfront.games.dr.attack import default_attackers
from ostfront.games.dr.dice import outcome_distribution
from ostfront.games.dr.losses import total_steps
from ostfront.games.dr.rules import Rules, ground_hexes, ground_units_at, hex_of, reading
from ostfront.games.dr.stacking import stack_problems

GAME = get("dr")


def june(phase: str, seed: int = 1) -> dict:
    s = GAME.setup("1941", {}, seed)
    player = make_player("normal", seed)
    while s["phase"] != phase:
        s = GAME.apply(s, player.choose(GAME, s))
    return s


def planning(R: Rules, s: dict) -> tuple[dr_eval.Terrain, list[str], dict[str, set[str]], set[str]]:
    """What the plan starts from: the Axis's view, its movers, where each may end, the
    enemy hexes."""
    view = dr_eval.terrain_view(R, s, "axis")
    movers = sorted(u for u in movement.selectable(R, s) if R.unit(u).is_ground)
    reach = {u: set(movement.reachable(R, s, u)) | {hex_of(s, u)} for u in movers}
    return view, movers, reach, set(view.enemy_at)


def test_a_retreat_hex_closes_under_the_attackers_zoc() -> None:
    """June, seed 1: the Soviets in 2011 may retreat only to 1911 (east, 7.2.3A); an Axis
    unit in 1910 puts 1911 in its ZOC and closes it (6.3.3), one in 1911 takes it."""
    s = june("axis_move")
    R = GAME.rules_for(s)
    with reading(s):
        now = dr_plan.holders_after(R, s, {})
        assert dr_plan.retreat_hexes(R, s, "2011", now) == ["1911"]
        assert dr_plan.retreat_hexes(R, s, "2011", now | {"1910"}) == []
        assert dr_plan.retreat_hexes(R, s, "2011", now | {"1911"}) == []
        assert dr_plan.retreat_hexes(R, s, "1307", now) == ["1308", "1207"]


def test_blockers_close_the_last_retreat_with_a_reachable_supplied_unit() -> None:
    s = june("axis_move")
    R = GAME.rules_for(s)
    with reading(s):
        view, movers, reach, enemy = planning(R, s)
        added = dr_plan._blockers(R, s, view, "2011", set(movers), reach, {}, enemy, enemy)
        assert added == {"ger-xiv-pz": "1910"}  # armor first (it may go on, 6.3.2)
        for uid, b in added.items():
            assert b in movement.reachable(R, s, uid) and dr_eval.supplied_there(R, view, b)
            there = [u for u in dr_plan._ending_at(R, s, b, added) if u != uid]
            assert not stack_problems(R, s, [*there, uid])
        holders = dr_plan.holders_after(R, s, added)
        assert dr_plan.retreat_hexes(R, s, "2011", holders) == []


def test_the_june_plan_attacks_the_central_front_in_contact() -> None:
    """Every border hex touches several Soviet hexes; those already in contact must be
    attacked anyway (7.0B), so the plan may attack from hexes touching them."""
    s = june("axis_move")
    R = GAME.rules_for(s)
    with reading(s):
        view = dr_eval.terrain_view(R, s, "axis")
        movers = [u for u in movement.selectable(R, s) if R.unit(u).is_ground]
        plan = dr_plan.make_plan(R, s, view, movers)
        assert {"1609", "1810"} <= set(plan.targets)
        assert plan.contact >= {"1609", "1810", "2011"}
        holders = dr_plan.holders_after(R, s, plan.moves)
        for target in ("1609", "1810"):  # each a pocket once the plan is made
            assert dr_plan.retreat_hexes(R, s, target, holders) == []


def test_attack_values_count_the_hits_a_pocket_turns_into_losses() -> None:
    """June combat, seed 1: 2011 has no retreat open, so its pocket value is the expected
    hits beyond the first, up to its three steps (7.2.4); 1307 may retreat, so it has none. The
    normal player counts no hit beyond the defenders' steps; greedy's plain value does."""
    s = june("axis_combat")
    R = GAME.rules_for(s)
    with reading(s):
        holders = set(ground_hexes(R, s, "axis"))
        assert dr_plan.retreat_hexes(R, s, "2011", holders) == []
        assert dr_plan.retreat_hexes(R, s, "1307", holders) != []
        closed = default_attackers(R, s, ["2011"])
        steps = total_steps(R, s, ground_units_at(R, s, "2011"))
        dist = outcome_distribution(R, s, closed, ["2011"], 0)
        assert steps == 3 and max(int(o[0]) for o in dist) > steps  # hits can be wasted

        def mean(dist: dict, f: Callable[[int, int], int]) -> float:
            """The expected value of f(hits scored, hits taken)."""
            return sum(float(p) * f(int(o[0]), int(o[1])) for o, p in dist.items())

        # both count the chance of the hits that clear the hex (two: a step, a retreat)
        clear = dr_attacks.CLEAR * mean(dist, lambda h, t: h >= 2)
        plain = dr_attacks.attack_value(R, s, closed, ["2011"], 0)
        pocket = dr_attacks.attack_value(R, s, closed, ["2011"], 0, pockets=True)
        assert abs(plain - clear - mean(dist, lambda h, t: h - t)) < 1e-9
        assert abs(plain - clear - 5.333) < 1e-3
        in_pocket = mean(dist, lambda h, t: min(h, steps) - t + min(h, steps) - min(h, 1))
        assert abs(pocket - clear - in_pocket) < 1e-9 and abs(pocket - clear - 4.254) < 1e-3
        open_ = default_attackers(R, s, ["1307"])
        steps = total_steps(R, s, ground_units_at(R, s, "1307"))
        dist = outcome_distribution(R, s, open_, ["1307"], 0)
        clear = dr_attacks.CLEAR * mean(dist, lambda h, t: h >= min(2, steps))
        value = dr_attacks.attack_value(R, s, open_, ["1307"], 0, pockets=True)
        assert abs(value - clear - mean(dist, lambda h, t: min(h, steps) - t)) < 1e-9


def test_the_plan_counts_hits_a_retreat_can_absorb_at_pushed() -> None:
    """June, seed 1: 1409 keeps a retreat open, so the plan counts its hits beyond the
    first at ``pushed`` each (7.2.1C); 1810 can be closed, so every hit up to its steps
    counts in full and ``pushed`` changes nothing."""
    s = june("axis_move")
    R = GAME.rules_for(s)
    with reading(s):
        view, movers, reach, enemy = planning(R, s)
        contact = dr_plan.make_plan(R, s, view, movers).contact

        def assign(target: str, pushed: float) -> tuple[float, dict[str, str]]:
            plan, style = dr_plan.Plan(contact=set(contact)), dr_plan.Style(pushed=pushed)
            found = dr_plan._assign(R, s, view, target, set(movers), reach, plan, enemy, style)
            assert found is not None
            return found

        full, moves = assign("1409", 1.0)
        none, same = assign("1409", 0.0)
        assert same == moves and dr_plan.retreat_hexes(
            R, s, "1409", dr_plan.holders_after(R, s, moves)
        )
        scored = sum(dr_plan.attack_hits(R, s, u, a, "1409", True) for u, a in moves.items())
        steps = total_steps(R, s, ground_units_at(R, s, "1409"))
        assert abs((full - none) - (min(scored, steps) - min(scored, 1.0))) < 1e-9
        assert steps == 2 and abs(full - none - 1.0) < 1e-9
        closed = assign("1810", 1.0)
        assert closed == assign("1810", 0.0)
        assert dr_plan.retreat_hexes(R, s, "1810", dr_plan.holders_after(R, s, closed[1])) == []
