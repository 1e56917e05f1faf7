"""The computer players' overruns (SNO 5.4): declared where the units in contact make 5:1,
with the fewest of them, the fastest left free to drive through the gap; none that would
leave another enemy unit in contact unattacked (5.4.7)."""

from __future__ import annotations

from typing import Any

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.sno import overrun
from ostfront.games.sno.ai import overruns
from ostfront.games.sno.zoc import in_enemy_zoc

from .test_sno_players import choices_played, position

GAME = get("sno")

#: August 1941, open ground (1512 and its six neighbours clear, no river): a Soviet army of
#: three next to two German armies of nine and a panzer corps of five (movement 6)
CONTACT = {
    "sov-5-army": "1512",
    "ger-4-army": "1411",
    "ger-17-army": "1412",
    "ger-41-pz": "1612",
}


def omp(units: dict[str, str]) -> dict[str, Any]:
    pos = position("1941-08", "axis_omp", units, weather="good")
    return GAME.setup(position=pos)


def test_the_two_armies_overrun_and_the_panzers_are_left_free() -> None:
    """18 against 3 is 6:1 (5:1 is enough on CRT A, 5.4.4): the panzer corps, the fastest,
    is left out; the armies alone make it (5 + 9 would not: 14 against 3)."""
    state = omp(CONTACT)
    R = GAME.rules_for(state)
    opened = overrun.opening(R, state, "1512")
    assert opened == (["ger-17-army", "ger-4-army", "ger-41-pz"], ["sov-5-army"])
    assert overruns.plan(R, state, *opened) == (("ger-17-army", "ger-4-army"), ("sov-5-army",))
    assert in_enemy_zoc(R, state, "1612", "axis")
    chosen, state = choices_played(state, make_player("normal", 3), 3)
    assert chosen == ["overrun 1512", "overrun_without ger-41-pz", "overrun_declare"]
    (made,) = state["overruns"]
    assert (made["attackers"], made["defenders"]) == (["ger-17-army", "ger-4-army"], ["sov-5-army"])
    # SNO 3.1.4: the army overrun has no ZOC: the panzer corps is free to move on past it
    assert not in_enemy_zoc(R, state, "1612", "axis")


def test_no_overrun_leaves_another_enemy_in_contact_unattacked() -> None:
    """SNO 5.4.3, 5.4.7: a second Soviet army next to the 4th Army alone (1311): were the
    4th to overrun, no German unit could attack that army; without the 4th the others make
    only 14 against 3 - no overrun."""
    state = omp({**CONTACT, "sov-11-army": "1311"})
    R = GAME.rules_for(state)
    assert overruns.plan(R, state, *overrun.opening(R, state, "1512")) is None
    assert make_player("normal", 3).choose(GAME, state).verb != "overrun"


def test_a_corps_next_to_the_other_army_frees_the_4th_to_overrun() -> None:
    """The same, with a German corps next to the second army (1310): it can attack that
    army in the Combat Phase, so the 4th may overrun."""
    state = omp({**CONTACT, "sov-11-army": "1311", "ger-6-corps": "1310"})
    R = GAME.rules_for(state)
    made = overruns.plan(R, state, *overrun.opening(R, state, "1512"))
    assert made == (("ger-17-army", "ger-4-army"), ("sov-5-army",))
