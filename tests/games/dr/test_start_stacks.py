"""Stacking at set-up (DR 3.0A, 3.0C, 6.2) and Axis Preparation (DR 12.1), through the door:
the historical set-up never stacks beyond the limits, and a stack of three Germans set up
under Axis Preparation keeps its limit until one of its units leaves the hex (issue 32)."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.games.dr.rules import set_unit, standard_rules, units_at
from ostfront.games.dr.stacking import overstacked

GAME = get("dr")
R = standard_rules()
TRIO = ["ger-i-inf", "ger-lvi-pz", "ger-xli-pz"]  # 1407 is the panzer corps' historical hex


def play(state: Any, *texts: str) -> Any:
    for text in texts:
        state = GAME.apply(state, text)
    return state


def texts(state: Any) -> set[str]:
    return {a.text for a in GAME.legal_actions(state)}


def prepared() -> Any:
    """Seed 1, Axis Preparation: three Germans set up by hand in 1407, the rest historically."""
    s = play(GAME.setup(seed=1, options=["axis-preparation"]), "historical", "done")
    for uid in ("ger-xli-pz", "ger-lvi-pz", "ger-i-inf"):
        s = play(s, f"pick {uid}", "place 1407")
    return play(s, "historical", "done")


def test_a_stack_of_three_that_never_moved_stays_legal() -> None:  # DR 12.1
    s = prepared()
    assert units_at(s, "1407") == TRIO and s["start_stacks"] == {"1407": TRIO}
    assert (s["turn"], s["phase"]) == (1, "axis_org")
    s = play(s, "done")  # the end of the Axis Organization Phase: nothing to eliminate
    assert s["phase"] == "axis_move" and s["pending"] is None
    s = play(s, "done")  # nor at the end of the Axis Movement Phase
    assert s["phase"] == "axis_combat" and s["pending"] is None and units_at(s, "1407") == TRIO


def test_once_a_unit_leaves_the_usual_limits_hold() -> None:  # DR 12.1, 6.2
    s = play(prepared(), "done", "select ger-i-inf", "to 1506")
    assert "start_stacks" not in s  # one left: the other two conform to the usual limits
    s = play(s, "select ger-ii-inf", "to 1407")  # a third German joins them
    assert units_at(s, "1407") == ["ger-ii-inf", "ger-lvi-pz", "ger-xli-pz"]
    s = play(s, "done")
    assert s["pending"] == {"kind": "overstack", "side": "soviet", "hex": "1407"}  # DR 6.2
    assert texts(s) == {"eliminate ger-ii-inf", "eliminate ger-lvi-pz", "eliminate ger-xli-pz"}


def test_a_unit_that_leaves_and_comes_back_conforms() -> None:  # DR 12.1
    s = prepared()
    set_unit(s, "ger-i-inf", at="1506")
    set_unit(s, "ger-i-inf", at="1407")  # back where it started: the stack is no longer exempt
    assert overstacked(R, s) == ["1407"]


def test_three_germans_in_play_without_axis_preparation_are_too_many() -> None:  # DR 6.2
    s = play(GAME.setup(seed=1), "historical", "done")
    for uid in ("ger-xli-pz", "ger-lvi-pz", "ger-i-inf"):
        s = play(s, f"pick {uid}")
        if uid == "ger-i-inf":  # a third in a full hex is refused by hand (DR 3.0C)
            assert "place 1407" not in texts(s)
            break
        s = play(s, "place 1407")


def test_the_historical_set_up_never_overstacks() -> None:  # DR 3.0C, 6.2
    s = play(GAME.setup(seed=1), "historical", "done", "pick ger-i-inf", "place 1407")
    s = play(s, "historical")
    assert units_at(s, "1407") == ["ger-i-inf", "ger-lvi-pz"]  # not the XLI Panzer Corps too
    assert s["units"]["ger-xli-pz"]["at"] == "unplaced" and overstacked(R, s) == []
    assert texts(s) == {"pick ger-xli-pz", "undo"}  # historical places no one now: not offered
    s = play(s, "pick ger-xli-pz")
    assert texts(s) == {"place 1506", "back", "undo"}  # the one hex of its area with room
    s = play(s, "place 1506", "done")
    assert (s["phase"], s["pending"]) == ("axis_org", None)
    s = play(s, "done")
    assert s["phase"] == "axis_move" and s["pending"] is None  # nothing to eliminate


@pytest.mark.parametrize(("options", "seed"), [((), 17), (("axis-preparation",), 12)])
def test_random_set_ups_always_leave_room(options: tuple[str, ...], seed: int) -> None:
    """DR 3.0A, 3.0C: placed by hand at random, units never leave one still to place without
    a hex (these seeds did, before set-up counted the room left: setup_room.py)."""
    s, player = GAME.setup("1941", list(options), seed), RandomPlayer(new_rng(seed))
    while s["phase"] in ("soviet_setup", "axis_setup"):
        legal = GAME.legal_actions(s)
        if s["pending"]:  # a unit picked: somewhere to place it
            assert any(a.verb == "place" for a in legal), s["pending"]["unit"]
        s = GAME.apply(s, player.choose_from(legal))
    assert not any(d["at"] == "unplaced" for d in s["units"].values())
    assert overstacked(R, s) == []  # DR 6.2: and within the limits
