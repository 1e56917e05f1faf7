"""SNO 13.0 Optional Leningrad Rule: with an active factory in Leningrad its siege supply
reaches nine stacking factors instead of six (9.4.2), rail line or not - and the owner still
chooses which units go unsupplied when more try to draw on it (9.4.2.2)."""

from __future__ import annotations

from ostfront.games.sno import isolation, siege, supply
from ostfront.games.sno.rules import set_unit

from .arrangements import AROUND_LENINGRAD

LENINGRAD = "0308"
FACTORY = "sov-leningrad-factory"
#: In the city: two 2-point armies, counted double (4 + 4 = 8 factors, 9.4.2.2).
TWO_IN_THE_CITY = {"sov-8-army": LENINGRAD, "sov-11-army": LENINGRAD, FACTORY: LENINGRAD}


#: Supply facts are kept by the units' arrangement (core.memo.kept) under supply.facts_key;
#: the cases without the rule stand apart by one German corps in Berlin, so that no case
#: reads another's facts whatever that key holds.
APART = {"ger-10-corps": "0327"}


def besieged(make_state, units, **extra):
    apart = {} if extra.get("leningrad_rule") else APART
    return make_state(
        {**AROUND_LENINGRAD, **units, **apart},
        turn="1941-09",
        control={},
        seas={"Baltic Sea": "axis"},
        **extra,
    )


def test_13_0_without_the_rule_the_capacity_is_six(R, make_state):
    s = besieged(make_state, TWO_IN_THE_CITY)
    assert siege.capacity(R, s, LENINGRAD) == 6
    status = supply.status(R, s, "soviet")
    assert status == {"sov-11-army": True, "sov-8-army": False}  # 8 factors > 6: one only


def test_13_0_with_an_active_factory_the_capacity_is_nine(R, make_state):
    s = besieged(make_state, TWO_IN_THE_CITY, leningrad_rule=True)
    assert siege.capacity(R, s, LENINGRAD) == 9
    assert supply.status(R, s, "soviet") == {"sov-11-army": True, "sov-8-army": True}
    assert siege.room(R, s, LENINGRAD, ["sov-8-army", "sov-11-army"]) == 1


def test_13_0_only_an_active_factory_raises_it(R, make_state):
    # not yet active: the Leningrad factory's activation date is July 1941
    early = besieged(make_state, TWO_IN_THE_CITY, leningrad_rule=True)
    early["turn"] = "1941-06"
    assert siege.capacity(R, early, LENINGRAD) == 6
    # entrained (evacuation step one, 10.4.8): not active
    s = besieged(make_state, TWO_IN_THE_CITY, leningrad_rule=True)
    set_unit(s, FACTORY, flipped=True)
    assert siege.capacity(R, s, LENINGRAD) == 6
    # evacuated east, or eliminated: no factory in the city
    for box in ("east", "dead"):
        gone = besieged(make_state, TWO_IN_THE_CITY, leningrad_rule=True)
        set_unit(gone, FACTORY, at=box)
        assert siege.capacity(R, gone, LENINGRAD) == 6
    # the rule names Leningrad only: Moscow's factory gives Moscow nothing
    assert siege.capacity(R, s, "1306") == 6


def test_13_0_the_owner_chooses_which_units_go_unsupplied_beyond_nine(R, make_state):
    """Option on, factory active: the 8th and 11th Armies in the city (8 factors) and the 10th
    next to it at 0309 (2): ten factors try to draw on nine. Until the owner chooses, the
    units in the city come first and the 10th is isolated; his choice (9.4.2.2, kept in
    state["siege"]) of the 8th and the 10th (6 factors) isolates the 11th instead."""
    units = {**TWO_IN_THE_CITY, "sov-10-army": "0309"}
    s = besieged(make_state, units, leningrad_rule=True)
    drawing = supply.facts(R, s, "soviet").siege[LENINGRAD]
    assert sorted(drawing) == ["sov-10-army", "sov-11-army", "sov-8-army"]
    assert supply.status(R, s, "soviet") == {
        "sov-10-army": False,
        "sov-11-army": True,
        "sov-8-army": True,
    }
    chosen = besieged(
        make_state, units, leningrad_rule=True, siege={LENINGRAD: ["sov-8-army", "sov-10-army"]}
    )
    assert supply.status(R, chosen, "soviet") == {
        "sov-10-army": True,
        "sov-11-army": False,
        "sov-8-army": True,
    }
    assert siege.room(R, chosen, LENINGRAD, ["sov-8-army", "sov-10-army"]) == 3
    # a choice beyond the capacity is no choice: the default order stands
    too_many = besieged(
        make_state,
        units,
        leningrad_rule=True,
        siege={LENINGRAD: ["sov-8-army", "sov-10-army", "sov-11-army"]},
    )
    assert supply.status(R, too_many, "soviet")["sov-10-army"] is False
    # without the rule the same choice is still too big for six: 8th (4) and 10th (2) fit
    six = besieged(make_state, units, siege={LENINGRAD: ["sov-8-army", "sov-10-army"]})
    assert supply.status(R, six, "soviet") == {
        "sov-10-army": True,
        "sov-11-army": False,
        "sov-8-army": True,
    }


def test_13_0_the_siege_choice_is_asked_against_nine(R, make_state):
    """The owner's choice (9.4.2.2, supply.py's "siege" decision) counts against the city's
    capacity: with the rule and an active factory, 8 factors in Leningrad need no choice
    (they would against six), and with the 10th Army beside it (10 factors) the choice offers
    room for nine and says so."""
    without = besieged(make_state, TWO_IN_THE_CITY)
    assert isolation.siege_choice_needed(R, without, "soviet") == LENINGRAD
    s = besieged(make_state, TWO_IN_THE_CITY, leningrad_rule=True)
    assert isolation.siege_choice_needed(R, s, "soviet") is None
    units = {**TWO_IN_THE_CITY, "sov-10-army": "0309"}
    s = besieged(make_state, units, leningrad_rule=True, phase="soviet_combat")
    assert isolation.siege_choice_needed(R, s, "soviet") == LENINGRAD
    s["siege"] = {LENINGRAD: []}
    s["pending"] = {"kind": "siege", "side": "soviet", "city": LENINGRAD}
    labels = [a.label for a in isolation.actions(R, s)]
    assert labels == [
        "Supply Soviet 10th Army from Leningrad (2 of 9 factors left)",
        "Supply Soviet 11th Army from Leningrad (4 of 9 factors left)",
        "Supply Soviet 8th Army from Leningrad (4 of 9 factors left)",
        "The other units are isolated",
    ]
    assert "than its 9 stacking factors allow" in isolation.prompt(R, s).text


def test_13_0_a_factory_entraining_cuts_the_supply_of_the_same_arrangement(R, make_state):
    """The capacity is part of the key supply facts are kept under (siege.capacities): the
    factory entraining (10.4.8) moves no unit, yet the 8th Army goes out of supply."""
    s = besieged(make_state, TWO_IN_THE_CITY, leningrad_rule=True)
    assert supply.status(R, s, "soviet") == {"sov-11-army": True, "sov-8-army": True}
    set_unit(s, FACTORY, flipped=True)
    assert supply.status(R, s, "soviet") == {"sov-11-army": True, "sov-8-army": False}
