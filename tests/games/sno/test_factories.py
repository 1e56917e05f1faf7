"""SNO 10.4 Factory Units: their defence, their production (10.4.7, 11.10a), their
evacuation east in three steps in the Soviet RRP (10.4.8-10.4.12), and the half victory point
each one eliminated gives the Axis (15.5)."""

from __future__ import annotations

from typing import Any

from ostfront.games.sno import control, disband, factories, supply, victory
from ostfront.games.sno import replacements as rp
from ostfront.games.sno.combat import tactical
from ostfront.games.sno.rules import Rules, State, set_unit

KHARKOV, MOSCOW = "2211", "1306"
KHF, MSF = "sov-kharkov-factory", "sov-moscow-factory"  # activation 1941-08 and 1941-07
RING = (
    "ger-23-corps",
    "ger-5-corps",
    "ger-6-corps",
    "ger-12-corps",
    "ger-43-corps",
    "ger-53-corps",
)


def soviet_rrp(make_state: Any, R: Rules, units: dict[str, Any], turn: str, **extra: Any) -> State:
    """The start of the Soviet RRP of ``turn`` (RFs received, 11.10)."""
    s = make_state(units, turn=turn, phase="soviet_rrp", **extra)
    control.initial(R, s)
    rp.begin(R, s)
    return s


def texts(R: Rules, s: State) -> list[str]:
    return [a.text for a in rp.actions(R, s) if a.verb in factories.VERBS]


def act(R: Rules, s: State, text: str) -> None:
    found = [a for a in rp.actions(R, s) if a.text == text]
    assert found, f"{text!r} is not a legal action: {texts(R, s)}"
    rp.perform(R, s, found[0])


def next_rrp(R: Rules, s: State, turn: str) -> None:
    """The next month's Soviet RRP, same units."""
    s["turn"] = turn
    s.pop("rrp", None)
    rp.begin(R, s)


# ------------------------------------------------------------------ 10.4.2, 10.4.4
def test_10_4_2_a_factory_defends_with_one_entrained_or_not(R, make_state):
    s = make_state({KHF: KHARKOV})
    unit = R.unit(KHF)
    assert unit.front is None and not unit.is_combat  # not printed (3.4.2)
    assert factories.defence_factor(R, KHF) == 1
    set_unit(s, KHF, flipped=True)
    assert factories.defence_factor(R, KHF) == 1
    assert factories.defence_factor(R, "sov-5-army") == 0  # not a factory: the counter's
    assert unit.stacking == 0  # SNO 10.4.4


def test_10_4_4_no_supply_no_retreat_eliminated_when_it_must_retreat(R, make_state):
    """Kharkov's factory with an army, a German corps next to them: the factory needs no
    supply (9.0.1), has no retreat (10.4.4) - its DR becomes a DD (7.3.4), and, as it may
    neither disband nor break out, it is eliminated (for good: 10.4.5) and counts for 15.5."""
    s = make_state(
        {KHF: KHARKOV, "sov-5-army": KHARKOV, "ger-5-corps": "2111"}, phase="axis_combat"
    )
    assert KHF not in supply.status(R, s, "soviet")
    assert tactical.retreat_destinations(R, s, KHF) == {}
    assert tactical.retreat_destinations(R, s, "sov-5-army")  # the army may retreat
    disband.involuntary(R, s, [KHF])
    assert s["units"][KHF]["at"] in ("dead", "lost")
    assert factories.eliminated(R, s) == 1
    assert not rp.replaceable(R, s, KHF)  # SNO 10.4.5


# ------------------------------------------------------------------ 10.4.7, 11.10a production
def test_10_4_7_production_from_the_activation_date_with_a_rail_line(R, make_state):
    s = make_state({KHF: KHARKOV, MSF: MOSCOW}, turn="1941-07", phase="soviet_rrp")
    control.initial(R, s)
    assert factories.producing(R, s) == [MSF]  # Kharkov from August
    s["turn"] = "1941-08"
    assert sorted(factories.producing(R, s)) == [KHF, MSF]
    # SNO 10.4.7: no rail line to Kharkov - German corps all round it
    ring = dict(zip(RING, R.map.grid.neighbours(KHARKOV), strict=True))
    cut = make_state({KHF: KHARKOV, MSF: MOSCOW, **ring}, turn="1941-08", phase="soviet_rrp")
    control.initial(R, cut)
    assert not control.can_trace_rail_line(R, cut, "soviet", KHARKOV)
    assert factories.producing(R, cut) == [MSF]
    # SNO 10.4.10: entrained, none; SNO 11.10a: evacuated east and flipped back, one
    set_unit(s, KHF, flipped=True)
    assert factories.producing(R, s) == [MSF]
    set_unit(s, KHF, at="east")
    assert factories.producing(R, s) == [MSF]
    set_unit(s, KHF, flipped=False)
    assert sorted(factories.producing(R, s)) == [KHF, MSF]
    assert rp.factories_in_production(R, s) == 2


# ------------------------------------------------------------------ 10.4.8-10.4.11 evacuation
def test_10_4_8_evacuation_in_three_steps_and_10_4_11_postponed_three_months(R, make_state):
    """Kharkov entrains in August 1941, its activation month (10.4.11: on or before it): it
    gives back the RF it was counted for (10.4.10); in September it goes east; in October it
    flips back - and produces again from November, its date put back three months."""
    s = soviet_rrp(make_state, R, {KHF: KHARKOV}, "1941-08")
    assert s["rrp"]["producing"] == [KHF]
    rf = s["rf"]["soviet"]
    assert texts(R, s) == [f"entrain {KHF}"]
    act(R, s, f"entrain {KHF}")  # step one
    assert s["units"][KHF]["flipped"] is True and s["units"][KHF]["at"] == KHARKOV
    assert s["rf"]["soviet"] == rf - 1  # SNO 10.4.10
    assert texts(R, s) == []  # step two waits for the next Soviet RRP
    next_rrp(R, s, "1941-09")
    assert s["rrp"]["producing"] == []
    assert texts(R, s) == [f"evacuate {KHF}"]
    act(R, s, f"evacuate {KHF}")  # step two
    assert s["units"][KHF]["at"] == "east"
    assert texts(R, s) == []
    next_rrp(R, s, "1941-10")
    assert s["rrp"]["producing"] == []  # SNO 10.4.10: entrained this turn
    act(R, s, f"produce {KHF}")  # step three
    assert s["units"][KHF]["flipped"] is False and s["units"][KHF]["at"] == "east"
    assert factories.activation(R, s, KHF) == "1941-11"  # SNO 10.4.11: August + 3
    assert factories.producing(R, s) == []
    next_rrp(R, s, "1941-11")
    assert s["rrp"]["producing"] == [KHF]  # SNO 11.10a: producing in the east
    assert texts(R, s) == []  # evacuated for good


def test_10_4_9_step_two_waits_for_a_rail_line_10_4_11_postponed_as_long_as_it_took(R, make_state):
    """Kharkov entrains in July (before its activation date); in August German corps ring the
    city: no rail line, no step two (10.4.8-10.4.9). It goes east in September and flips back
    in October: four months in all, so its August date becomes December."""
    s = soviet_rrp(make_state, R, {KHF: KHARKOV}, "1941-07")
    assert s["rrp"]["producing"] == []  # not active yet: nothing to give back
    rf = s["rf"]["soviet"]
    act(R, s, f"entrain {KHF}")
    assert s["rf"]["soviet"] == rf
    ring = dict(zip(RING, R.map.grid.neighbours(KHARKOV), strict=True))
    for u, h in ring.items():
        set_unit(s, u, at=h)
    next_rrp(R, s, "1941-08")
    assert texts(R, s) == []  # SNO 10.4.9: delayed
    for u in ring:
        set_unit(s, u, at="out")
    next_rrp(R, s, "1941-09")
    act(R, s, f"evacuate {KHF}")
    next_rrp(R, s, "1941-10")
    act(R, s, f"produce {KHF}")
    assert factories.activation(R, s, KHF) == "1941-12"  # SNO 10.4.11: July-October, 4


def test_10_4_11_no_postponement_after_the_activation_date(R, make_state):
    s = soviet_rrp(make_state, R, {MSF: MOSCOW}, "1941-08", rf={"axis": 0, "soviet": 0})
    act(R, s, f"entrain {MSF}")
    next_rrp(R, s, "1941-09")
    act(R, s, f"evacuate {MSF}")
    next_rrp(R, s, "1941-10")
    act(R, s, f"produce {MSF}")
    assert factories.activation(R, s, MSF) == "1941-07"  # as printed
    next_rrp(R, s, "1941-11")
    assert s["rrp"]["producing"] == [MSF]


def test_10_4_10_entraining_needs_the_months_rf_unspent(R, make_state):
    s = soviet_rrp(make_state, R, {MSF: MOSCOW}, "1941-08", rf={"axis": 0, "soviet": 0})
    s["rf"] = {**s["rf"], "soviet": 0}  # every RF of the month spent
    assert texts(R, s) == []
    s["rf"] = {**s["rf"], "soviet": 1}
    assert texts(R, s) == [f"entrain {MSF}"]


def test_10_4_12_no_factory_entrains_on_the_campaigns_first_turn(R, make_state):
    s = soviet_rrp(make_state, R, {MSF: MOSCOW}, "1941-06", scenario="1941", start_turn="1941-06")
    assert texts(R, s) == []
    next_rrp(R, s, "1941-07")
    assert texts(R, s) == [f"entrain {MSF}"]
    # never in the Axis RRP
    s["phase"] = "axis_rrp"
    assert factories.actions(R, s) == []


def test_10_4_9_once_entrained_no_production_until_evacuated(R, make_state):
    s = soviet_rrp(make_state, R, {MSF: MOSCOW}, "1941-08")
    act(R, s, f"entrain {MSF}")
    for turn in ("1941-09", "1941-10"):
        next_rrp(R, s, turn)
        assert s["rrp"]["producing"] == []
        assert texts(R, s) == [f"evacuate {MSF}"]  # no way back but east


# ------------------------------------------------------------------ 15.5
def test_15_5_an_eliminated_factory_is_half_a_point_for_the_axis_an_evacuated_one_nothing(
    R, make_state
):
    s = make_state({KHF: "east", MSF: MOSCOW}, turn="1941-12", phase="soviet_orders")
    assert victory.points(R, s, "axis") == 0
    set_unit(s, MSF, at="lost")
    assert factories.eliminated(R, s) == 1
    assert victory.points(R, s, "axis") == 0.5
    s["factories_lost"] = 1  # one eliminated before the position began
    assert victory.points(R, s, "axis") == 1


def test_10_4_12_in_the_campaign_as_set_up(R):
    """The June 1941 campaign as set up (Appendix II's seven factories on their cities): no
    entraining in its first Soviet RRP; in July each producing factory may entrain."""
    from ostfront.games import get

    s = get("sno").setup("1941", {}, 1)
    factories_at = {u: s["units"][u]["at"] for u in factories.factory_ids(R)}
    assert factories_at == {
        "sov-dnepropetrovsk-factory": "2414",
        "sov-gorki-factory": "1501",
        "sov-kharkov-factory": "2211",
        "sov-leningrad-factory": "0308",
        "sov-moscow-factory": "1306",
        "sov-stalino-factory": "2611",
        "sov-tula-factory": "1607",
    }
    s["phase"] = "soviet_rrp"
    rp.begin(R, s)
    assert factories.actions(R, s) == []  # SNO 10.4.12
    assert s["rrp"]["producing"] == []  # none active before July (10.4.7)
    next_rrp(R, s, "1941-07")
    assert sorted(a.args[0] for a in factories.actions(R, s)) == sorted(factories_at)
