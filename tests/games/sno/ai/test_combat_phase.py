"""The computer players' choices once the attack plan is committed (SNO 7.1.11): an attack
whose defenders are gone is not made, or turns on the other units of the hex where that is
worth it - no longer a choice at random among those and a break-down (10.1.9)."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.sno.ai import combat_phase
from ostfront.games.sno.ai.evaluation import NEVER
from ostfront.games.sno.combat.plan import ensure
from ostfront.games.sno.crt import at_least_sets

from .test_sno_players import position

GAME = get("sno")


def defenders_gone(others: dict[str, str]) -> Any:
    """August 1941, the Axis Combat Phase, the plan committed: attack 1, the 4th and 17th
    Armies (9 each) on the 11th Army in 1512 - which is gone (the dead box); ``others``: the
    Soviet units in 1512 now."""
    units = {"ger-4-army": "1411", "ger-17-army": "1412", **others}
    pos = position("1941-08", "axis_combat", units, weather="good")
    pos["units"].append({"id": "sov-11-army", "hex": "dead"})
    state = GAME.setup(position=pos)
    c = ensure(state)
    c["plan"] = [{"id": 1, "attackers": ["ger-17-army", "ger-4-army"],
                  "defenders": ["sov-11-army"], "where": {"sov-11-army": "1512"},
                  "done": False, "result": None, "kind": "assault"}]  # fmt: skip
    c["committed"] = True
    return state


@pytest.mark.parametrize(
    ("others", "chosen"),
    [
        ({"sov-5-army": "1512"}, "retarget 1 1512"),  # 18 against 3: 6:1
        ({"sov-5-army": "1512", "sov-western-front": "1512"}, "skip 1"),  # 18 against 15
        ({}, "skip 1"),  # nothing left to attack
    ],
)
def test_an_attack_whose_defenders_are_gone(others: dict[str, str], chosen: str) -> None:
    """SNO 7.1.11a-b: not made (skip), or turned on the other units of the hex (retarget)
    at odds worth it; the same choice whatever the player's seed."""
    state = defenders_gone(others)
    legal = {a.text for a in GAME.legal_actions(state)}
    assert chosen in legal and "skip 1" in legal
    assert {make_player("normal", seed).choose(GAME, state).text for seed in range(1, 9)} == {
        chosen
    }


def test_a_unit_marked_to_leave_is_not_taken_back() -> None:
    """SNO 7.1.12: once the players mark a unit to disband instead of attacking, they do not
    unmark it ("keep") - in seeds 12, 22 and 46 the step-by-step scores marked and unmarked
    the same units hundreds of times when the plan on the board could not be committed."""
    units = {"ger-6-corps": "1411", "sov-western-front": "1512", "sov-5-army": "1512"}
    state = GAME.setup(position=position("1941-08", "axis_combat", units, weather="good"))
    c = ensure(state)
    c["disbanding"] = ["ger-6-corps"]
    legal = {a.text for a in GAME.legal_actions(state)}
    assert "keep ger-6-corps" in legal
    values = GAME.evaluator(True).quick_values(GAME, state, "axis", GAME.legal_actions(state))
    assert values["keep ger-6-corps"] == NEVER
    assert make_player("normal", 3).choose(GAME, state).text != "keep ger-6-corps"


def big_exchange() -> Any:
    """August 1941, the Axis Combat Phase: six German corps (2 each), three panzer corps (5)
    and the Romanian 3rd Army (3) owe at least 7 factors to an exchange - 54 sets."""
    corps = [f"ger-{n}-corps" for n in (5, 6, 8, 9, 12, 13)]
    panzers = ["ger-41-pz", "ger-56-pz", "ger-39-pz"]
    attackers = corps + panzers + ["rom-3-army"]
    hexes = ["1411", "1412", "1413", "1310", "1311", "1312", "1410", "1313", "1314", "1414"]
    pos = position(
        "1941-08", "axis_combat", dict(zip(attackers, hexes, strict=True)), weather="good"
    )
    state = GAME.setup(position=pos)
    ensure(state)
    factors = {u: (2 if u in corps else 5 if u in panzers else 3) for u in attackers}
    state["pending"] = {"kind": "losses", "side": "axis", "sets": at_least_sets(factors, 7),
                        "rule": "SNO 7.3.1", "why": "EX"}  # fmt: skip
    return state


def test_a_big_exchange_is_scored_by_the_factors_each_set_loses() -> None:
    """SNO 7.3.5: with more than LOOKAHEAD_SETS sets, each is valued by the factors it takes
    off the map (twice a factor, as the evaluation counts them), none played out, and the
    players choose one of the cheapest (a panzer corps and a corps, or the Romanians and two
    corps: 7) - seed 26's 4,733 sets took the hard player's rollouts hours."""
    state = big_exchange()
    legal = GAME.legal_actions(state)
    assert len(legal) == 54 > combat_phase.LOOKAHEAD_SETS
    values = GAME.evaluator(True).quick_values(GAME, state, "axis", legal)
    assert len(values) == 54
    assert values["lose ger-41-pz+ger-5-corps"] == -14.0
    assert values["lose ger-5-corps+ger-6-corps+ger-8-corps+ger-9-corps"] == -16.0
    assert max(values.values()) == -14.0
    for seed in range(1, 6):
        chosen = make_player("normal", seed).choose(GAME, state)
        assert values[chosen.text] == -14.0


def test_a_small_loss_choice_is_still_played_out() -> None:
    """SNO 7.3.5: up to LOOKAHEAD_SETS sets, none is scored without being played out."""
    state = big_exchange()
    state["pending"]["sets"] = state["pending"]["sets"][:3]
    legal = GAME.legal_actions(state)
    values = GAME.evaluator(True).quick_values(GAME, state, "axis", legal)
    assert not any(a.text in values for a in legal)
