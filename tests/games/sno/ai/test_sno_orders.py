"""The SNO players' defensive orders (games/sno/ai/orders.py): No Retreat (7.5.2-7.6) where
holding is worth the higher losses, and Zhukov (10.6.5-10.6.6) placed where his column shift
saves the most - on small positions, each asserting the exact order or placement."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.sno.ai.orders import no_retreat_gains, no_retreat_hexes, zhukov_unit

from .test_sno_players import position as players_position

GAME = get("sno")
KIEV = "1816"
#: Three German armies next to Kiev (1817, 1917) and to its north-west (1717)
AXIS_AT_KIEV = {"ger-6-army": "1817", "ger-17-army": "1917", "ger-41-pz": "1717"}
MOSCOW = {"sov-zhukov": "1306", "sov-moscow-gar": "1306", "sov-3-army": "1306"}


def position(turn: str, phase: str, units: dict[str, str], **extra: Any) -> dict[str, Any]:
    """The players' tests' position (:func:`.test_sno_players.position`), in good weather."""
    return players_position(turn, phase, units, weather="good", **extra)


def soviet_orders(units: dict[str, str]) -> dict[str, Any]:
    """August 1941, the Soviet orders phase at the end of their player-turn (7.5.2a)."""
    return GAME.setup(position=position("1941-08", "soviet_orders", units))


def chosen(state: dict[str, Any], level: str = "normal", seed: int = 1) -> str:
    return make_player(level, seed).choose(GAME, state).text


# ------------------------------------------------------------------ SNO 7.5.2 No Retreat
def test_the_soviets_order_no_retreat_for_a_garrisoned_kiev_under_attack() -> None:
    """Kiev's garrison makes Exchange Conversion mandatory (7.5.1a i), so a No Retreat order
    reads the CRT's "both" column (7.6.3): every result costs the Axis more, the city is held
    more often. The normal Soviets order it (7.5.2b: all units) and it is in force in the
    Axis's next player-turn (7.5.2a)."""
    kiev = {"sov-5-army": KIEV, "sov-6-army": KIEV, "sov-kiev-gar": KIEV}
    state = soviet_orders({**AXIS_AT_KIEV, **kiev})
    R = GAME.rules_for(state)
    assert no_retreat_hexes(R, state, "soviet") == {KIEV}
    assert chosen(state) == "order all"
    state = GAME.apply(state, "order all")
    assert chosen(state) == "end"
    state = GAME.apply(state, "end")
    assert state["turn"] == "1941-09" and state["no_retreat"]["soviet"] is True


def test_no_order_for_infantry_holding_kiev_without_its_garrison() -> None:
    """SNO 7.3.1: infantry in a Victory city need not retreat from a DR or (DR); the order
    would only turn the DRs into DXs (7.5.3) - so none is given. The greedy player gives
    none anywhere."""
    state = soviet_orders({**AXIS_AT_KIEV, "sov-5-army": KIEV, "sov-6-army": KIEV})
    R = GAME.rules_for(state)
    assert no_retreat_gains(R, state, "soviet")[KIEV] < 0
    assert chosen(state) == "end"
    garrisoned = soviet_orders({**AXIS_AT_KIEV, "sov-5-army": KIEV, "sov-kiev-gar": KIEV})
    assert chosen(garrisoned) == "order all"
    assert chosen(garrisoned, "greedy") == "end"


def test_no_order_for_a_unit_in_open_ground() -> None:
    """An army in clear ground (1614) next to three German units: nothing to hold, and at
    7:1 the order changes little but a DD into a DE - no order."""
    units = {"sov-5-army": "1614", "ger-6-army": "1715", "ger-17-army": "1613", "ger-41-pz": "1714"}
    state = soviet_orders(units)
    R = GAME.rules_for(state)
    assert no_retreat_gains(R, state, "soviet")["1614"] < 1.0
    assert no_retreat_hexes(R, state, "soviet") == frozenset()
    assert chosen(state) == "end"


def test_the_axis_orders_a_german_panzer_corps_in_kiev_and_no_other_hex() -> None:
    """September 1941, the Axis orders phase; the Axis holds Kiev with the 41st Panzer
    Corps, the 6th Corps next to it in 1716, three Soviet armies around. Armor must retreat
    from a DR (7.3.1: only infantry holds a city), so an order keeps Kiev on the (DR)s: the
    Axis orders 1816 (7.5.2c, hex by hex) and not the corps' open hex."""
    sov = {"sov-5-army": "1815", "sov-6-army": "1916", "sov-8-army": "1917"}
    units = {**sov, "ger-41-pz": KIEV, "ger-6-corps": "1716"}
    state = GAME.setup(position=position("1941-09", "axis_orders", units, control={KIEV: "axis"}))
    R = GAME.rules_for(state)
    assert no_retreat_hexes(R, state, "axis") == {KIEV}
    assert chosen(state) == f"order {KIEV}"
    state = GAME.apply(state, f"order {KIEV}")
    assert chosen(state) == "end"


def test_the_axis_orders_no_hex_with_a_romanian_unit() -> None:
    """SNO 7.5.2c: a hex with Romanian, Hungarian or Italian units takes no order."""
    sov = {"sov-5-army": "1815", "sov-6-army": "1916", "sov-8-army": "1917"}
    units = {**sov, "ger-41-pz": KIEV, "rom-cav": KIEV}
    state = GAME.setup(position=position("1941-09", "axis_orders", units, control={KIEV: "axis"}))
    R = GAME.rules_for(state)
    assert no_retreat_hexes(R, state, "axis") == frozenset()
    assert chosen(state) == "end"


# ------------------------------------------------------------------ SNO 10.6 Zhukov
def soviet_omp(units: dict[str, str]) -> dict[str, Any]:
    """August 1941, the beginning of the Soviet OMP (10.6.5: Zhukov may be placed)."""
    return GAME.setup(position=position("1941-08", "soviet_omp", units))


def test_zhukov_is_placed_with_the_threatened_kiev_stack() -> None:
    """Two armies in Kiev at 2:1 before three German units: Zhukov's column left (10.6.6)
    saves more than his AD side in Moscow is worth (10.6.7): he is placed with the 5th
    Army before any unit moves (10.6.5)."""
    state = soviet_omp({**MOSCOW, **AXIS_AT_KIEV, "sov-5-army": KIEV, "sov-6-army": KIEV})
    assert chosen(state) == "zhukov sov-5-army"
    state = GAME.apply(state, "zhukov sov-5-army")
    assert state["units"]["sov-zhukov"]["at"] == KIEV


def test_zhukov_covers_kiev_from_the_hex_behind_it() -> None:
    """The 8th Army stands in 1815, next to Kiev but to no German unit: Zhukov there shifts
    the attacks on Kiev all the same (10.6.6: units in or next to his hex) and is not at
    risk of elimination with them (10.6.3)."""
    units = {**MOSCOW, **AXIS_AT_KIEV, "sov-5-army": KIEV, "sov-6-army": KIEV}
    state = soviet_omp({**units, "sov-8-army": "1815"})
    assert chosen(state) == "zhukov sov-8-army"


def test_zhukov_stays_in_moscow_when_nothing_is_threatened() -> None:
    """No German unit next to a Soviet one: Zhukov is left in Moscow (10.6.7: a whole OMP
    there turns him to his AD side); the first choice is a move."""
    state = soviet_omp({**MOSCOW, "sov-5-army": KIEV, "ger-6-army": "1819"})
    assert not chosen(state).startswith("zhukov")


def test_zhukov_goes_back_to_moscow_with_the_garrison() -> None:
    """Zhukov left in Kiev with nothing threatened: back to Moscow, with the unit there that
    will not move (10.6.5: he moves with it; 10.5.2: a garrison never moves)."""
    units = {**MOSCOW, "sov-zhukov": KIEV, "sov-5-army": KIEV, "ger-6-army": "1819"}
    state = soviet_omp(units)
    R = GAME.rules_for(state)
    assert zhukov_unit(R, state, "1306") == "sov-moscow-gar"
    assert chosen(state) == "zhukov sov-moscow-gar"


def no_break_down_position(phase: str) -> dict[str, Any]:
    """August 1941: the Western Front in Moscow, which could be broken down into the armies
    in the dead box (10.1.9), three armies in 1512 and the Southwestern Front in the pool
    (10.1.7: they could form it); a German corps far off."""
    units = {"sov-western-front": "1306", "sov-5-army": "1512", "sov-4-army": "1512",
             "sov-8-army": "1512", "ger-6-corps": "0520"}  # fmt: skip
    pos = position("1941-08", phase, units)
    pos["units"] += [{"id": f"sov-{k}-army", "hex": "dead"} for k in (10, 11, 13, 16, 19, 20)]
    pos["units"].append({"id": "sov-southwestern-front", "hex": "pool"})
    return GAME.setup(position=pos)


@pytest.mark.parametrize("phase", ["soviet_orders", "soviet_form"])
def test_no_juggernaut_is_broken_down_only_to_cancel_it(phase: str) -> None:
    """SNO 10.1.9 in the orders (7.5.2) and form (10.1.7) phases: a break-down opened there
    was scored as ending the phase, tied with it, and the players opened one and cancelled it
    again and again (seed 7 to December 1941: 31 times); now none is opened."""
    state = no_break_down_position(phase)
    assert GAME.phase(state) == phase
    assert "break" in {a.verb for a in GAME.legal_actions(state)}
    chosen = [make_player("normal", seed).choose(GAME, state).verb for seed in range(1, 9)]
    assert "break" not in chosen
