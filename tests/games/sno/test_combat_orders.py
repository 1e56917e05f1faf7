"""SNO 7.5.2 No Retreat orders: the orders phase (combat.orders) and their taking effect for the
next enemy player-turn; 7.5.3 their removal at the end of the Combat Phase."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import combat
from ostfront.games.sno.combat import orders


def _texts(R, s):
    return [a.text for a in orders.actions(R, s)]


def test_7_5_2b_soviet_all_or_none(R, make_state) -> None:
    s = make_state({"sov-3-army": "1903", "sov-4-army": "1802"}, phase="soviet_orders")
    orders.begin(R, s)
    assert _texts(R, s) == ["order all", "end"]
    orders.perform(R, s, Action.parse("order all"))
    assert s["orders"] == {"soviet": True, "axis": []}
    assert _texts(R, s) == ["order none", "end"]
    orders.perform(R, s, Action.parse("order none"))
    assert s["orders"] == {"soviet": False, "axis": []}


def test_7_5_2c_axis_per_german_hex_without_allies(R, make_state) -> None:
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "1904",
            "rom-3-army": "1904",  # a Romanian army in the hex: no order there
            "rom-4-army": "2002",  # no German unit: no order
        },
        phase="axis_orders",
    )
    orders.begin(R, s)
    assert _texts(R, s) == ["order 1902", "end"]
    orders.perform(R, s, Action.parse("order 1902"))
    assert s["orders"] == {"soviet": False, "axis": ["1902"]}
    assert _texts(R, s) == ["cancel 1902", "end"]


def test_7_5_2a_orders_take_effect_for_the_next_enemy_player_turn(R, make_state) -> None:
    s = make_state({"sov-3-army": "1903"}, phase="soviet_orders")
    s["orders"] = {"soviet": True, "axis": []}
    orders.take_effect(s)
    assert s["no_retreat"] == {"soviet": True, "axis": []} and s["orders"] is None
    orders.take_effect(s)  # none declared: none in force
    assert s["no_retreat"] == {"soviet": False, "axis": []}


def test_7_5_3_orders_removed_at_the_end_of_the_combat_phase(R, make_state, monkeypatch) -> None:
    from ostfront.core.phases import DONE

    ended = []
    perform = combat.perform

    def recording(R, s, action):  # the phase end it asks the sequence for
        if perform(R, s, action) == DONE:
            ended.append(s["phase"])

    monkeypatch.setattr(combat, "perform", recording)
    s = make_state(
        {"ger-5-corps": "1902"}, phase="axis_combat", no_retreat={"soviet": True, "axis": []}
    )
    combat.begin(R, s)
    assert [a.text for a in combat.actions(R, s)] == ["end"]
    combat.perform(R, s, Action.parse("end"))
    assert s["no_retreat"] == {"soviet": False, "axis": []}
    assert ended == ["axis_combat"]
