"""Declaring an attack (DR 7.0B, 7.1, 7.1B): the normal player builds each declaration
straight to its roll - adding the unit or hex an obligation needs, never wandering between
adding and dropping - because a declaration that may not be rolled yet is valued by how
many obligations it would leave undone (``dr_attacks.unfinished``)."""

from __future__ import annotations

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr.ai import attacks as dr_attacks

GAME = get("dr")


def test_an_unfinished_declaration_is_worth_less_the_more_it_leaves_undone() -> None:
    values = [dr_attacks.unfinished(n) for n in (1, 2, 3, 4, 9)]
    assert values == sorted(values, reverse=True)
    assert values[-2] == values[-1]  # four or more: no further difference
    assert dr_attacks.NO_ATTACK < values[-1] < values[0] < -9.0  # below any real attack


def test_the_normal_soviets_roll_every_june_attack_they_declare_without_wandering() -> None:
    """Seed 100, the Soviet combat phase of June: the 16th Tank Corps touches several Axis
    hexes that no other Soviet unit can attack, so its one attack must take them all in
    (7.0B, 7.1B). Every declaration is rolled, none given up, each in at most two
    decisions a hex (take it in, add the units back) and one a unit. Before round 7 the
    player chose at random among adding, dropping and giving up (all worth -10): here the
    16th's attack was given up twice and took 13 decisions (6 now); in a hard player's
    rollouts one took over seventy."""
    seed = 100
    s = GAME.setup("1941", {}, seed)
    players = {
        "axis": make_player("normal", seed * 7 + 1),
        "soviet": make_player("normal", seed * 7 + 2),
    }
    while s["phase"] != "soviet_combat":
        s = GAME.apply(s, players[GAME.active_side(s)].choose(GAME, s))
    declarations: list[tuple[list[str], list[str], int]] = []
    decisions, cancels = 0, 0
    while s["phase"] == "soviet_combat":
        pending = s.get("pending")
        action = players[GAME.active_side(s)].choose(GAME, s)
        if action.verb == "attack" or (pending and pending.get("kind") == "attack"):
            decisions += 1
            cancels += action.verb == "cancel"
            if action.verb == "roll":
                declarations.append(
                    (list(pending["attackers"]), list(pending["targets"]), decisions)
                )
                decisions = 0
        s = GAME.apply(s, action)
    assert cancels == 0
    # four since issue 34: the Soviets step out of contact they cannot survive (8 before)
    assert len(declarations) >= 4
    assert any(len(targets) >= 3 for _, targets, _ in declarations)
    for attackers, targets, steps in declarations:
        assert steps <= 2 * len(targets) + len(attackers) + 1, (attackers, targets, steps)


def test_an_advance_after_combat_is_valued_as_a_move_into_the_cleared_hex() -> None:
    """DR 7.3, seed 100's June: the normal Axis values each advance by the cleared hex's
    control (6.4C: Soviet-held, so twice a hex's worth) and the move's gain by the worth of
    the hexes and teamwork; stopping is worth nothing. So an advance that would leave a
    unit worse placed is declined (played out, it was worth the same as stopping wherever
    the hex was already Axis-held, and a coin decided)."""
    from ostfront.games.dr.ai import evaluation as dr_eval
    from ostfront.games.dr.ai import moves as dr_moves
    from ostfront.games.dr.results import cleared
    from ostfront.games.dr.rules import reading

    seed = 100
    s = GAME.setup("1941", {}, seed)
    players = {
        "axis": make_player("normal", seed * 7 + 1),
        "soviet": make_player("normal", seed * 7 + 2),
    }
    checked, declined = 0, 0
    while s["turn"] == 1 and s["phase"].startswith(("soviet_setup", "axis")):
        side = GAME.active_side(s)
        player = players[side]
        action = player.choose(GAME, s)
        pending = s.get("pending") or {}
        if side == "axis" and pending.get("kind") == "advance":
            R = GAME.rules_for(s)
            legal = GAME.legal_actions(s)
            values = player.evaluator.quick_values(GAME, s, side, legal)
            with reading(s):
                view = dr_eval.terrain_view(R, s, side)
                (hex_,) = cleared(R, s, pending["battle"])
                for a in legal:
                    if a.verb == "stop":
                        assert values[a.text] == 0.0
                    elif a.verb == "advance":
                        held = {"axis": 0.0, "soviet": 2.0}[s["control"][hex_]]
                        move = dr_moves.move_gain(R, s, view, str(a.args[0]), hex_, True)
                        assert values[a.text] == held * dr_eval.HEX_CONTROLLED + move
                        checked += 1
                        declined += values[a.text] < 0.0 and action.text != a.text
        s = GAME.apply(s, action)
    assert checked >= 20
    assert declined >= 1
