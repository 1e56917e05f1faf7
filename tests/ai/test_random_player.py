"""The random player: uniform over the legal actions, and patient only so long.

A toy declaration stands in for DR 7.1B's lone unit obliged to attack five adjacent hexes:
it may roll only once all five are in the battle, and each step may add a hex, drop one,
change the Air Points or cancel (start again with one hex).
"""

from __future__ import annotations

import pytest

from ostfront.ai import random_player
from ostfront.ai.random_player import PATIENCE, RandomPlayer
from ostfront.core.protocol import Action
from ostfront.core.rng import new_rng


def toy_actions(hexes: int) -> list[Action]:
    # the roles DR gives these steps: the player reads them, never the verbs
    side = "soviet"
    acts = [
        Action("air", (n,), f"Use {n} Air Point(s)", "DR 11.7", side, role="back") for n in (0, 1)
    ]
    if hexes < 5:
        acts.append(Action("also", (hexes,), "Attack another hex", "DR 7.1B", side, role="attack"))
    if hexes > 1:
        acts.append(Action("drop", (hexes,), "Drop a hex", "DR 7.1B", side, role="back"))
    if hexes == 5:
        acts.append(Action("roll", (), "Roll the attack", "DR 7.1.1", side, role="roll"))
    acts.append(Action("cancel", (), "Give up this attack", "DR 7.1", side, role="back"))
    return acts


def steps_to_roll(player: RandomPlayer, cap: int = 100_000) -> int:
    hexes, steps = 1, 0
    while steps < cap:
        action = player.choose_from(toy_actions(hexes))
        steps += 1
        if action.verb == "roll":
            return steps
        hexes += {"also": 1, "drop": -1}.get(action.verb, 0)
        if action.verb == "cancel":
            hexes = 1
    return steps


@pytest.mark.parametrize("seed", range(20))
def test_a_declaration_that_needs_every_hex_is_rolled_after_patience_runs_out(seed: int) -> None:
    # after PATIENCE steps only "also" and "roll" are taken: four more hexes at most, then roll
    assert steps_to_roll(RandomPlayer(new_rng(seed))) <= PATIENCE + 5


def test_without_patience_the_walk_wanders(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason for the rule: a uniform walk over the same steps takes far longer."""
    monkeypatch.setattr(random_player, "PATIENCE", 10**9)
    walks = [steps_to_roll(RandomPlayer(new_rng(seed))) for seed in range(20)]
    assert sorted(walks)[10] > 4 * PATIENCE


def test_a_decision_on_the_way_neither_counts_nor_restores_patience() -> None:
    """SNO 7.1.12: marking a unit to disband instead of attacking (role ``choose``) is part
    of building the plan; it must not give the walk its patience back."""
    p = RandomPlayer(new_rng(1))
    p.building = PATIENCE
    mark = Action("disband", ("u1",), "u1 disbands instead", "SNO 7.1.12", "axis")
    assert p.choose_from([mark]).verb == "disband" and p.building == PATIENCE
    keep = Action("keep", ("u1",), "u1 does not disband", "SNO 7.1.12", "axis", role="back")
    attack = Action("attack", ("0101",), "Attack 0101", "SNO 7.1.11", "axis", role="attack")
    assert {p.choose_from([keep, attack]).verb for _ in range(30)} == {"attack"}


def test_patience_is_restored_by_a_move_roll_or_end() -> None:
    p = RandomPlayer(new_rng(1))
    p.building = PATIENCE
    moved = p.choose_from([Action("to", ("0101",), "Move to 0101", "DR 6.1", "axis", role="move")])
    assert moved.verb == "to" and p.building == 0
    cancel = Action("cancel", (), "Give up this attack", "DR 7.1", "axis")
    also = Action("also", ("0102",), "Attack 0102 in the same battle", "DR 7.1B", "axis")
    picks = {p.choose_from([cancel, also]).verb for _ in range(30)}
    assert picks == {"cancel", "also"}  # uniform again: both are taken


def test_out_of_patience_a_step_back_is_still_taken_when_it_is_all_there_is() -> None:
    p = RandomPlayer(new_rng(2))
    p.building = PATIENCE
    cancel = Action("cancel", (), "Give up this attack", "DR 7.1", "axis")
    undo = Action("undo", (), "Undo", "", "axis")
    assert p.choose_from([cancel, undo]).verb == "cancel"
    assert p.choose_from([undo]).verb == "undo"


def trapped_plan_actions(faulty: bool, targets: int | None) -> list[Action]:
    """A toy SNO attack plan (7.1.10-7.1.11) holding one faulty attack: the plan cannot be
    committed until that attack is dropped (a step back), and every new attack grows to
    three targets, where its odds are not allowed (7.4.7) and only steps back are left."""
    side = "axis"
    if targets is None:  # the plan itself
        acts = [Action("attack", ("1911",), "Attack 1911", "SNO 7.1.11", side, role="attack")]
        if faulty:
            acts.append(Action("drop", (4,), "Drop attack 4", "SNO 7.1.11", side, role="back"))
        else:
            acts.append(Action("commit", (), "Commit the plan", "SNO 7.1.11", side))
        return acts
    acts = [Action("cancel", (), "Cancel", "SNO 7.1.11", side, role="back")]
    if targets < 3:
        acts.append(Action("target", (targets,), "Target", "SNO 7.1.11", side, role="attack"))
    if targets > 1:
        acts.append(Action("untarget", (targets,), "Untarget", "SNO 7.1.11", side, role="back"))
    return acts


def steps_to_commit(player: RandomPlayer, cap: int = 5_000) -> int:
    """Steps until the toy plan is committed, by a player already out of patience."""
    player.building = PATIENCE
    faulty, targets, steps = True, None, 0
    while steps < cap:
        action = player.choose_from(trapped_plan_actions(faulty, targets))
        steps += 1
        if action.verb == "commit":
            return steps
        if action.verb == "drop":
            faulty = False
        elif action.verb == "attack":
            targets = 1
        elif action.verb == "cancel":
            targets = None
        elif targets is not None:
            targets += 1 if action.verb == "target" else -1
    return steps


@pytest.mark.parametrize("seed", range(10))
def test_patience_lapses_so_a_plan_that_only_grows_is_not_trapped(seed: int) -> None:
    """1943 seed 161: out of patience, a walk that never steps back could never drop the
    attack that kept its plan from being committed. Every tenth stretch of PATIENCE steps it
    may step back again, and it gets out."""
    assert steps_to_commit(RandomPlayer(new_rng(seed))) < 5_000


def test_without_the_lapse_the_walk_is_trapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(random_player, "LAPSE", 10**9)
    assert all(steps_to_commit(RandomPlayer(new_rng(seed))) == 5_000 for seed in range(3))
