"""The greedy player: the static evaluation one step ahead (games/dr/ai/moves.static_gain), values
on one scale whether quick or played out, and the decisions that must end a phase."""

from __future__ import annotations

import copy
import functools

import pytest

from ostfront.ai.greedy import GreedyPlayer
from ostfront.ai.players import make_player
from ostfront.ai.random_player import PATIENCE
from ostfront.games import get
from ostfront.games.dr import movement
from ostfront.games.dr.ai import evaluation as dr_eval
from ostfront.games.dr.ai import moves as dr_moves
from ostfront.games.dr.charts import victory_cities
from ostfront.games.dr.rules import hex_of, occupancy, reading, set_unit

GAME = get("dr")


def play_to(phase: str, turn: int = 1, seed: int = 1) -> dict:
    """The random player's game from ``seed`` at the start of ``phase`` of ``turn``: played
    once for the module (four tests start in turn 2's Soviet movement), a copy for each.
    (The tests need a legal mid-game position, not a good one: the normal player took
    20 s to reach turn 2, the random one a fraction of a second.)"""
    return copy.deepcopy(_played_to(phase, turn, seed))


@functools.cache
def _played_to(phase: str, turn: int, seed: int) -> dict:
    s = GAME.setup("1941", {}, seed)
    player = make_player("random", seed)
    while s["phase"] != phase or s["turn"] != turn:
        s = GAME.apply(s, player.choose(GAME, s))
    return s


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_a_moves_static_gain_is_what_it_changes_in_the_evaluation(side: str) -> None:
    """For every move of three units, greedy's value (less the Axis's pull toward the
    nearest Soviet-held victory city) is exactly the change the move makes to the
    evaluation: the control of the hexes passed (6.4C) and of the victory cities among them."""
    s = play_to(f"{side}_move", turn=2)
    R = GAME.rules_for(s)
    checked = 0
    with reading(s):
        view = dr_eval.terrain_view(R, s, side)
        movers = [u for u in movement.selectable(R, s) if R.unit(u).is_ground][:3]
        before = dr_eval.evaluate(GAME, s, side)
        for uid in movers:
            here = hex_of(s, uid)
            for dest in sorted(movement.reachable(R, s, uid)):
                gain = dr_moves.static_gain(R, s, view, uid, dest)
                if side == "axis":
                    gain -= dr_eval.ADVANCE * (view.objective[here] - view.objective[dest])
                after = GAME.apply(GAME.apply(s, _act(s, "select", uid)), _act_to(s, uid, dest))
                assert dr_eval.evaluate(GAME, after, side) - before == pytest.approx(gain)
                checked += 1
    assert checked > 20


def _act(s: dict, verb: str, arg: str):  # type: ignore[no-untyped-def]
    return next(a for a in GAME.legal_actions(s) if a.verb == verb and a.args[0] == arg)


def _act_to(s: dict, uid: str, dest: str):  # type: ignore[no-untyped-def]
    sel = GAME.apply(s, _act(s, "select", uid))
    return next(a for a in GAME.legal_actions(sel) if a.verb == "to" and a.args[0] == dest)


def test_greedy_soviets_are_not_drawn_to_a_lost_city_from_afar() -> None:
    """Only the Axis drives on victory cities from afar: a Soviet unit's move that passes
    only Soviet-held hexes gains nothing, though Minsk is Axis-held."""
    s = play_to("soviet_move", turn=2)
    R = GAME.rules_for(s)
    minsk = R.map.place_named("Minsk").hex
    s = copy.deepcopy(s)
    s["control"][minsk] = "axis"
    with reading(s):
        view = dr_eval.terrain_view(R, s, "soviet")
        assert view.objective[minsk] == 0  # the Soviet view does see it as an objective
        moved = 0
        for uid in [u for u in movement.selectable(R, s) if R.unit(u).is_ground][:5]:
            found = movement.reach_of(R, s, uid)
            for dest in movement.reachable(R, s, uid):
                path = movement.path_to(found, dest)[1:]
                if all(s["control"].get(h) == "soviet" for h in path):
                    assert dr_moves.static_gain(R, s, view, uid, dest) == 0.0
                    moved += 1
        assert moved > 0


def test_a_city_the_attacker_may_advance_into_counts_as_taken() -> None:
    """During the attacker's advance decision (7.3A) the cleared hexes are the attacker's
    in the evaluation: a retreat out of a city gives it up."""
    s = play_to("axis_combat")
    player = make_player("normal", 1)
    while (s.get("pending") or {}).get("kind") != "advance":
        s = GAME.apply(s, player.choose(GAME, s))
    R = GAME.rules_for(s)
    battle = s["pending"]["battle"]
    entering = dr_eval.about_to_enter(R, s)
    assert entering and set(entering.values()) == {battle["side"]}
    assert set(entering) <= set(battle["targets"])
    for h in entering:  # cleared: no defending ground unit left there
        there = occupancy(s).get(h, ())
        assert not any(R.unit(u).is_ground and R.unit(u).side != battle["side"] for u in there)


def test_the_evaluation_counts_a_city_about_to_be_entered(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    s = GAME.setup("1941", {}, 1)
    R = GAME.rules_for(s)
    minsk = R.map.place_named("Minsk").hex
    before = dr_eval.evaluate(GAME, s, "axis")
    monkeypatch.setattr(dr_eval, "about_to_enter", lambda R, state: {minsk: "axis"})
    points = victory_cities(R.charts)["Minsk"]
    assert dr_eval.evaluate(GAME, s, "axis") - before == pytest.approx(
        2 * dr_eval.CITY_POINT * points
    )


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_a_stranded_marshal_rejoins_a_unit_so_the_phase_can_end(level: str) -> None:
    """Zhukov alone in a hex keeps the Soviet movement phase open until he joins a Soviet
    ground unit (11.6.4D): no "done" is offered. The players select him and move him to a
    hex holding one, or a unit joins him (in a game, greedy once selected units that could
    not move, forever)."""
    s = play_to("soviet_move", turn=2)
    R = GAME.rules_for(s)
    with reading(s):
        mover = next(u for u in movement.selectable(R, s) if R.unit(u).type == "infantry")
        here = hex_of(s, mover)
        alone = next(
            n for n in R.map.grid.neighbours(here)
            if not occupancy(s).get(n) and R.map.terrain_of(n) not in (None, "sea")
            and n in movement.reachable(R, s, mover)
        )  # fmt: skip
    s = copy.deepcopy(s)
    set_unit(s, "sov-zhukov", at=alone)
    assert movement.stranded_marshals(R, s) == ["sov-zhukov"]
    assert "done" not in {a.verb for a in GAME.legal_actions(s)}
    player = make_player(level, 3)
    for _ in range(400):
        a = player.choose(GAME, s)
        s = GAME.apply(s, a)
        if s["units"]["sov-zhukov"]["at"] != alone or s["phase"] != "soviet_move":
            break  # he has moved, or a unit has joined him and the phase has ended
    there = occupancy(s)[s["units"]["sov-zhukov"]["at"]]
    assert any(R.unit(u).is_ground and R.unit(u).side == "soviet" for u in there)
    if s["phase"] == "soviet_move":
        assert "done" in {a.verb for a in GAME.legal_actions(s)}


def test_moscow_draws_the_axis_from_further_away() -> None:
    """Moscow is worth two points (13.0B), so it counts as NEARER_A_POINT hexes nearer than
    a one-point city: a hex as far from Moscow as from Minsk is nearer Moscow's objective."""
    s = GAME.setup("1941", {}, 1)
    R = GAME.rules_for(s)
    moscow, minsk = R.map.place_named("Moscow").hex, R.map.place_named("Minsk").hex
    view = dr_eval.terrain_view(R, s, "axis")
    assert view.objective[moscow] == -dr_eval.NEARER_A_POINT
    assert view.objective[minsk] == 0
    for n in R.map.grid.neighbours(moscow):
        if n in view.objective:
            assert view.objective[n] == 1 - dr_eval.NEARER_A_POINT


def test_greedy_stops_stepping_back_in_a_declaration_its_evaluator_names() -> None:
    """The guard against a declaration that never ends (as the random player's PATIENCE):
    the game's evaluator says when an attack is being declared (DR 7.1); after PATIENCE
    such decisions in a row the greedy player takes no step back while anything else is
    left."""
    s = play_to("axis_combat")
    attack = next(a for a in GAME.legal_actions(s) if a.role == "attack")
    s = GAME.apply(s, attack)
    ev = GAME.evaluator()
    assert ev is not None and ev.declaring(GAME, s)
    assert not ev.declaring(GAME, play_to("axis_combat")) and not ev.declaring(
        GAME, play_to("axis_move")
    )
    assert any(a.role == "back" for a in GAME.legal_actions(s))
    p = GreedyPlayer(1)
    p.declaring = PATIENCE
    assert p.choose(GAME, s).role != "back" and p.declaring == PATIENCE + 1

    class NeverDeclaring(type(ev)):  # type: ignore[misc]
        def declaring(self, game: object, state: object) -> bool:
            return False

    p.evaluator = NeverDeclaring()
    p.choose(GAME, s)
    assert p.declaring == 0  # counted only while the evaluator says so
