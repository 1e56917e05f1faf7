"""SNO 9.0-9.5 supply (games/sno/supply.py): sources, points, threats, the repetition until
stable (9.2c), sea supply, siege supply and isolation."""

from __future__ import annotations

from ostfront.core.phases import DONE
from ostfront.core.protocol import Action
from ostfront.games.sno import control, isolation, sequence, supply
from ostfront.games.sno.control import supply_edge

from .arrangements import AROUND_LENINGRAD


def answer(R, s, action) -> None:
    """An answer to isolation's decision, and the phase ended if that ends it (as
    sequence.perform does)."""
    if isolation.perform(R, s, action) == DONE:
        sequence.end_phase(R, s)


LENINGRAD, KIEV, WARSAW, ODESSA, MINSK = "0308", "1816", "0922", "2419", "1015"


# ------------------------------------------------------------------ 9.1 sources
def test_9_1_sources_by_nationality(R) -> None:
    assert supply.sources(R, "romanian", "axis") == {"2425"}  # 9.1b Bucharest
    assert supply.sources(R, "hungarian", "axis") == {"1428"}  # 9.1c Budapest
    german = supply.sources(R, "german", "axis")  # 9.1a
    assert {"0130", "1430", "2630", "2724"} <= german and "1530" not in german
    assert supply.sources(R, "italian", "axis") == german
    soviet = supply.sources(R, "soviet", "soviet")  # 9.1d
    assert {"1101", "3301", "3905", "3912"} <= soviet and "1001" not in soviet
    assert soviet == supply_edge(R, "soviet") == supply.sources(R, "polish", "soviet")


def test_9_1_a_unit_with_no_threat_is_in_supply(R, make_state) -> None:
    s = make_state({"sov-5-army": "1905"})
    assert supply.status(R, s, "soviet") == {"sov-5-army": True}
    assert supply.in_supply(R, s, "sov-5-army")


# ------------------------------------------------------------------ 9.2c with threats
THREAT_CASE = {"ger-5-corps": "2106", "ger-6-corps": "2105", "ger-8-corps": "1903"}
AROUND_1905 = ("2005", "2004", "1904", "1804", "1805", "1906")


def test_9_2c_threats_isolate_until_a_second_unit_becomes_a_supply_point(R, make_state) -> None:
    """The 5th Army at 1905, German corps at 2106, 2105 and 1903, the cities under their
    1941 owners' control (Voronezh, 2108, a Soviet supply point, 9.2b). Next to the army
    the supply distance (9.2.1) is never less than the threat distance (9.3.1): 2005 4 vs 1,
    2004 5 vs 1, 1904 5 vs 1, 1804 4 vs 2, 1805 4 vs 4, 1906 3 vs 2 - no hex next to it
    carries a supply line (9.1.2b), so it is isolated.

    The 6th Army arrives at 1806, two hexes off, next to 1805 and 1906. The threat distances
    do not change; but the 6th is in supply and not in enemy ZOC, so it becomes a supply
    point (9.2c): 1805 and 1906 are now 1 from a supply point, nearer than their threats (4
    and 2), and the 5th Army is in supply through them."""
    s = make_state({**THREAT_CASE, "sov-5-army": "1905"})
    control.initial(R, s)
    assert supply.status(R, s, "soviet") == {"sov-5-army": False}
    f = supply.facts(R, s, "soviet")
    near = {h: (f.distance["soviet"][h], f.threat[h]) for h in AROUND_1905}
    assert near == {
        "2005": (4, 1),
        "2004": (5, 1),
        "1904": (5, 1),
        "1804": (4, 2),
        "1805": (4, 4),
        "1906": (3, 2),
    }
    s2 = make_state({**THREAT_CASE, "sov-5-army": "1905", "sov-6-army": "1806"})
    control.initial(R, s2)
    assert supply.status(R, s2, "soviet") == {"sov-5-army": True, "sov-6-army": True}
    f2 = supply.facts(R, s2, "soviet")
    assert {h: f2.threat[h] for h in ("1805", "1906")} == {"1805": 4, "1906": 2}
    assert {h: f2.distance["soviet"][h] for h in ("1805", "1906")} == {"1805": 1, "1906": 1}


def test_9_2c_across_nationalities(R, make_state) -> None:
    """A Romanian army at 0726, a Soviet army at 0724. Its own source, Bucharest, is far: its
    supply lines do not reach it. A German corps at 0727, supplied from the west edge and not
    in enemy ZOC, is a supply point (9.2c: 'any friendly combat unit') next to it."""
    alone = make_state({"rom-3-army": "0726", "sov-5-army": "0724"}, control={})
    assert "0726" not in supply.supplied_area(R, alone, "axis", "romanian")
    s = make_state({"rom-3-army": "0726", "sov-5-army": "0724", "ger-5-corps": "0727"}, control={})
    assert supply.status(R, s, "axis") == {"ger-5-corps": True, "rom-3-army": True}
    assert "0726" in supply.supplied_area(R, s, "axis", "romanian")


def test_9_2a_no_supply_source_in_enemy_zoc(R, make_state) -> None:
    """9.2a, 9.0.2: a Soviet army on the north edge (a supply source, 1901) next to a German
    corps: its own hex is no supply point; with another army at 1801 it is supplied from the
    edge hex beyond (distance 2). Alone, it is isolated: 1801 and 2001, unoccupied and in
    enemy ZOC, are no nearer a supply point than the corps."""
    s = make_state({"sov-5-army": "1901", "sov-6-army": "1801", "ger-5-corps": "1902"}, control={})
    f = supply.facts(R, s, "soviet")
    assert f.distance["soviet"]["1901"] == 2
    assert f.supplied == {"sov-5-army": True, "sov-6-army": True}
    s2 = make_state({"sov-5-army": "1901", "ger-5-corps": "1902"}, control={})
    assert supply.status(R, s2, "soviet") == {"sov-5-army": False}


def test_9_2b_friendly_city_is_a_supply_point(R, make_state) -> None:
    """The 5th Army at 1115, next to Minsk (a Major city: no siege supply), German corps at
    1117, 1216 and 1316: isolated - unless the Soviets control Minsk, a supply point (9.2b)."""
    units = {"sov-5-army": "1115", "ger-5-corps": "1117", "ger-6-corps": "1216"}
    units["ger-7-corps"] = "1316"
    assert supply.status(R, make_state(units, control={}), "soviet")["sov-5-army"] is False
    s = make_state(units, control={MINSK: "soviet"})
    assert supply.status(R, s, "soviet")["sov-5-army"] is True
    s2 = make_state(units, control={MINSK: "axis"})  # 9.3b: a threat instead
    assert supply.status(R, s2, "soviet")["sov-5-army"] is False
    s3 = make_state({**units, "ger-8-corps": "0916"}, control={MINSK: "soviet"})
    assert supply.status(R, s3, "soviet")["sov-5-army"] is False  # 9.0.2: in enemy ZOC


# ------------------------------------------------------------------ 9.4.1 sea supply
ODESSA_CUT = {"ger-5-corps": "2319", "ger-6-corps": "2418", "ger-7-corps": "2320"}


def test_9_4_1_2_units_in_a_port_in_enemy_zoc_on_a_friendly_sea(R, make_state) -> None:
    units = {**ODESSA_CUT, "sov-5-army": ODESSA}
    s = make_state(units, control={}, seas={"Black Sea": "soviet"})
    assert supply.status(R, s, "soviet")["sov-5-army"] is True
    s2 = make_state(units, control={}, seas={"Black Sea": "axis"})
    assert supply.status(R, s2, "soviet")["sov-5-army"] is False


def test_9_4_1_1_a_port_on_a_friendly_sea_is_a_supply_point(R, make_state) -> None:
    """The 8th Army in Riga (a port on the Baltic; uncontrolled, so no 9.2b point), German
    corps on every land hex two away: supplied through the port while the Baltic is Soviet."""
    ring = ["0317", "0417", "0517", "0616", "0615", "0614", "0514", "0413", "0314", "0214"]
    corps = [f"ger-{n}-corps" for n in (5, 6, 7, 8, 9, 10, 11, 12, 13, 17)]
    units = {**dict(zip(corps, ring, strict=True)), "sov-8-army": "0415"}
    s = make_state(units, control={}, seas={"Baltic Sea": "soviet"})
    assert supply.status(R, s, "soviet") == {"sov-8-army": True}
    s2 = make_state(units, control={}, seas={"Baltic Sea": "axis"})
    assert supply.status(R, s2, "soviet") == {"sov-8-army": False}


def test_9_0_1_factories_need_no_supply(R, make_state) -> None:
    s = make_state({"sov-moscow-factory": "1306", "ger-5-corps": "1307"}, control={})
    assert supply.in_supply(R, s, "sov-moscow-factory")
    assert "sov-moscow-factory" not in supply.status(R, s, "soviet")


# ------------------------------------------------------------------ 9.4.2 siege supply
def test_9_4_2_siege_supply_for_six_factors_doubled_in_the_city(R, make_state) -> None:
    """Leningrad in enemy ZOC, the Baltic the Axis's: the city supplies the units in it and
    next to it (9.4.2.1). Two 2-point armies, one in the city (4) and one next to it at 0309
    (2): six factors, both supplied."""
    s = make_state(
        {**AROUND_LENINGRAD, "sov-8-army": LENINGRAD, "sov-11-army": "0309"},
        control={},
        seas={"Baltic Sea": "axis"},
    )
    assert supply.status(R, s, "soviet") == {"sov-11-army": True, "sov-8-army": True}
    assert isolation.siege_choice_needed(R, s, "soviet") is None


def test_9_4_2_2_owner_chooses_when_over_six(R, make_state) -> None:
    """Both armies in the city: 4 + 4 = 8 factors, more than six - one is supplied, the
    owner choosing which (until he has, the first by id)."""
    units = {**AROUND_LENINGRAD, "sov-8-army": LENINGRAD, "sov-11-army": LENINGRAD}
    s = make_state(units, control={}, seas={"Baltic Sea": "axis"}, phase="soviet_disband")
    assert supply.status(R, s, "soviet") == {"sov-11-army": True, "sov-8-army": False}
    assert isolation.siege_choice_needed(R, s, "soviet") == LENINGRAD
    # isolation (9.5) asks the owner first
    assert isolation.isolation(R, s) is True
    assert s["pending"] == {"kind": "siege", "side": "soviet", "city": LENINGRAD}
    acts = isolation.actions(R, s)
    assert [a.text for a in acts] == ["supply sov-11-army", "supply sov-8-army", "done"]
    isolation.perform(R, s, Action("supply", ("sov-8-army",)))
    assert [a.text for a in isolation.actions(R, s)] == ["done"]  # 4 of 6 used: no room for 4
    assert s["siege"] == {LENINGRAD: ["sov-8-army"]}
    assert supply.status(R, s, "soviet") == {"sov-11-army": False, "sov-8-army": True}
    # done: isolation goes on - the 11th, isolated in a Victory city alone, loses half its
    # 2 points rounded up: all of it (9.5.2); the phase ends
    answer(R, s, Action("done"))
    assert s["pending"] is None and s["phase"] == "soviet_orders"
    assert s["units"]["sov-11-army"]["at"] == "dead"
    assert s["units"]["sov-8-army"]["at"] == LENINGRAD


def test_9_4_2_2_garrison_counts_double_in_the_city(R, make_state) -> None:
    """In the city: the 8th Army (2 points, counted 4) and the garrison (1, counted 2);
    next to it the 11th Army (2): eight factors. The units in the city come first until the
    owner chooses: the 11th Army is isolated."""
    units = {**AROUND_LENINGRAD, "sov-8-army": LENINGRAD, "sov-leningrad-gar": LENINGRAD}
    units["sov-11-army"] = "0309"
    s = make_state(units, control={}, seas={"Baltic Sea": "axis"})
    assert supply.status(R, s, "soviet") == {
        "sov-11-army": False,
        "sov-8-army": True,
        "sov-leningrad-gar": True,
    }
    s2 = make_state(
        units, control={}, seas={"Baltic Sea": "axis"}, siege={LENINGRAD: ["sov-11-army"]}
    )
    assert supply.status(R, s2, "soviet") == {
        "sov-11-army": True,
        "sov-8-army": False,
        "sov-leningrad-gar": False,
    }


def test_9_4_2_3_no_siege_supply_on_the_enemy_side_of_the_1941_border(R, make_state) -> None:
    """German corps in Leningrad (on the Soviet side of the border), ringed by Soviet armies:
    no siege supply for them."""
    ring = dict(
        zip(
            ("sov-3-army", "sov-4-army", "sov-5-army", "sov-6-army"),
            ("0408", "0407", "0307", "0207"),
            strict=True,
        )
    )
    ring.update({"sov-9-army": "0208", "sov-10-army": "0309"})
    s = make_state({**ring, "ger-5-corps": LENINGRAD}, control={}, seas={"Baltic Sea": "soviet"})
    assert supply.status(R, s, "axis") == {"ger-5-corps": False}
    assert supply.facts(R, s, "axis").siege == {}


# ------------------------------------------------------------------ 9.5 isolation
def _kiev_ring(R) -> dict[str, str]:
    armies = ("sov-3-army", "sov-4-army", "sov-5-army", "sov-6-army", "sov-8-army", "sov-9-army")
    return dict(zip(armies, R.map.grid.neighbours(KIEV), strict=True))


def test_9_5_1_isolated_units_outside_cities_are_eliminated(R, make_state) -> None:
    units = {**_kiev_ring(R), "ger-8-corps": "1514"}
    s = make_state(units, phase="axis_disband", control={})
    assert supply.status(R, s, "axis") == {"ger-8-corps": False}
    assert isolation.isolation(R, s) is False
    assert s["units"]["ger-8-corps"]["at"] == "dead"  # may come back as a replacement


def test_9_5_2_half_the_isolated_points_in_a_victory_city_rounded_up(R, make_state) -> None:
    """Three German corps (1 point each) isolated in Kiev, on the Soviet side of the 1941
    border (no siege supply for them): half of 3 rounded up is 2 - two corps go, the owner
    choosing which; the third stays."""
    corps = {"ger-5-corps": KIEV, "ger-6-corps": KIEV, "ger-7-corps": KIEV}
    s = make_state({**_kiev_ring(R), **corps, "ger-8-corps": "1514"}, phase="axis_disband")
    assert isolation.isolation(R, s) is True
    assert s["units"]["ger-8-corps"]["at"] == "dead"  # 9.5.1 at the same time
    assert s["pending"]["kind"] == "isolation" and s["pending"]["target"] == 2
    assert [a.text for a in isolation.actions(R, s)] == [
        "eliminate ger-5-corps",
        "eliminate ger-6-corps",
        "eliminate ger-7-corps",
    ]
    isolation.perform(R, s, Action("eliminate", ("ger-7-corps",)))
    assert s["pending"]["target"] == 1
    answer(R, s, Action("eliminate", ("ger-5-corps",)))
    assert s["pending"] is None and s["phase"] == "axis_orders"  # the phase went on
    at = {u: s["units"][u]["at"] for u in corps}
    assert at == {"ger-5-corps": "dead", "ger-6-corps": KIEV, "ger-7-corps": "dead"}


def test_9_5_2_no_siege_factor_doubling_and_nearest_total(R, make_state) -> None:
    """A Romanian army (2 points) and a German corps (1) isolated in Kiev: 3 points, 2 to go
    - exactly the army; the corps alone would be too few, both too many."""
    units = {**_kiev_ring(R), "rom-3-army": KIEV, "ger-5-corps": KIEV}
    s = make_state(units, phase="axis_disband")
    assert isolation.isolation(R, s) is True
    assert [a.text for a in isolation.actions(R, s)] == ["eliminate rom-3-army"]


def test_9_5_2_a_lone_unit_in_a_city_is_eliminated_without_a_choice(R, make_state) -> None:
    s = make_state({**_kiev_ring(R), "ger-5-corps": KIEV}, phase="axis_disband")
    assert isolation.isolation(R, s) is False
    assert s["units"]["ger-5-corps"]["at"] == "dead"


def test_9_0_1_garrisons_need_supply_and_are_lost_for_good(R, make_state) -> None:
    ring = {
        "ger-5-corps": "1917",
        "ger-6-corps": "1916",
        "ger-7-corps": "1815",
        "ger-8-corps": "1716",
        "ger-9-corps": "1717",
        "ger-10-corps": "1817",
    }
    s = make_state({**ring, "sov-kiev-gar": KIEV}, phase="soviet_disband", control={})
    assert supply.status(R, s, "soviet") == {"sov-kiev-gar": True}  # siege supply (9.4.2)
    s2 = make_state(
        {**ring, "sov-kiev-gar": WARSAW, "ger-11-corps": "1022"}, phase="soviet_disband"
    )
    assert supply.status(R, s2, "soviet") == {"sov-kiev-gar": False}
    assert isolation.isolation(R, s2) is False
    assert s2["units"]["sov-kiev-gar"]["at"] == "lost"  # 10.5.5


# ------------------------------------------------------------------ 5.3.4 fuel lines
PLOESTI, GROZNY, MAIKOP = "2325", "3907", "3412"
#: Soviet armies two hexes from Ploesti: 2224, 2326 and 2424 are one hex from a threat
#: (9.3.1), 2225, 2324 and 2425 two hexes
AROUND_PLOESTI = {"sov-5-army": "2124", "sov-6-army": "2327", "sov-9-army": "2524"}


def test_5_3_4_fuel_sources_are_the_map_s(R) -> None:
    assert supply.fuel_sources(R, "axis") == {PLOESTI}
    assert supply.fuel_sources(R, "soviet") == {GROZNY, MAIKOP}


def test_5_3_4_fuel_line_with_no_enemy_reaches_the_unit(R, make_state) -> None:
    s = make_state({"ger-41-pz": MINSK})
    assert {PLOESTI, MINSK} <= supply.fuel_line(R, s, "axis")
    s = make_state({"sov-1-ta": "1905"}, turn="1942-07")
    assert {GROZNY, MAIKOP, "1905"} <= supply.fuel_line(R, s, "soviet")


def test_5_3_4_fuel_line_is_traced_like_a_supply_line_from_ploesti(R, make_state) -> None:
    """Threats two hexes from Ploesti. Every hex next to it is one hex from Ploesti (a
    supply point, 9.2a, as the fuel source): 2225, 2324 and 2425, two from a threat, carry
    the line (9.1.2b); 2224, 2326 and 2424, one from a threat, do not, and the line stops.
    The 41st Panzer Corps at 0829 is in supply from the west edge (9.1a) yet short of fuel."""
    s = make_state({**AROUND_PLOESTI, "ger-41-pz": "0829"})
    assert supply.status(R, s, "axis") == {"ger-41-pz": True}
    assert supply.fuel_line(R, s, "axis") == {PLOESTI, "2225", "2324", "2425"}
    # 9.1.2a: a friendly unit's hex carries the line whatever its distances
    s = make_state({**AROUND_PLOESTI, "ger-41-pz": "0829", "ger-56-pz": "2224"})
    assert supply.fuel_line(R, s, "axis") == {PLOESTI, "2224", "2225", "2324", "2425"}


def test_5_3_4_no_fuel_line_from_a_source_in_enemy_zoc(R, make_state) -> None:
    """9.0.2: Ploesti in the ZOC of a Soviet army at 2324 is no fuel source: no Axis unit
    traces a fuel line, though the 41st Panzer Corps at Minsk is in supply."""
    s = make_state({"sov-5-army": "2324", "ger-41-pz": MINSK})
    assert supply.status(R, s, "axis") == {"ger-41-pz": True}
    assert supply.fuel_line(R, s, "axis") == frozenset()


def test_5_3_4_soviet_fuel_line_needs_both_grozny_and_maikop(R, make_state) -> None:
    """'both of Grozny and Maikop': a German corps at 3411 puts Maikop in its ZOC - Grozny
    alone feeds no Soviet fuel line; so does an Axis-controlled Grozny (a supply threat,
    9.3b, on the source itself). The 1st Tank Army stays in supply."""
    s = make_state({"sov-1-ta": "1905", "ger-5-corps": "3411"}, turn="1942-07")
    assert supply.status(R, s, "soviet") == {"sov-1-ta": True}
    assert supply.fuel_line(R, s, "soviet") == frozenset()
    s = make_state({"sov-1-ta": "1905"}, turn="1942-07", control={GROZNY: "axis"})
    assert supply.status(R, s, "soviet") == {"sov-1-ta": True}
    assert supply.fuel_line(R, s, "soviet") == frozenset()


# ------------------------------------------------------------------ 10.1.2c out of supply
def test_10_1_2c_an_isolated_juggernaut_is_lost_for_good_a_corps_may_return(R, make_state) -> None:
    """The German 4th Army (a juggernaut) and 8th Corps isolated at 1514, outside a city:
    both are eliminated at the end of the Combat Phase (9.5.1); the juggernaut, eliminated
    out of supply, is lost for good (10.1.2c), the corps goes to the pool."""
    units = {**_kiev_ring(R), "ger-8-corps": "1514", "ger-4-army": "1514"}
    s = make_state(units, phase="axis_disband", control={})
    assert supply.status(R, s, "axis") == {"ger-4-army": False, "ger-8-corps": False}
    assert isolation.isolation(R, s) is False
    assert s["units"]["ger-4-army"]["at"] == "lost"
    assert s["units"]["ger-8-corps"]["at"] == "dead"


def test_10_1_2c_the_polish_1st_army_isolated_is_lost_for_good(R, make_state) -> None:
    """10.1.2's last line: the Polish 1st Army too. Isolated at 1021 beside a German corps,
    it is lost; a Soviet army isolated there goes to the pool."""
    for uid, box in (("pol-1-army", "lost"), ("sov-5-army", "dead")):
        s = make_state(
            {uid: "1021", "ger-11-corps": "1022"}, phase="soviet_disband", turn="1944-07"
        )
        assert supply.status(R, s, "soviet") == {uid: False}
        assert isolation.isolation(R, s) is False
        assert s["units"][uid]["at"] == box, uid


def test_9_0_1_zhukov_needs_no_supply(R, make_state) -> None:
    """Zhukov with the 5th Army, isolated at 1021: the army is eliminated at the end of the
    Soviet Combat Phase (9.5.1); Zhukov is no combat unit, needs no supply and is not."""
    s = make_state(
        {"sov-zhukov": "1021", "sov-5-army": "1021", "ger-11-corps": "1022"},
        phase="soviet_disband",
    )
    assert supply.in_supply(R, s, "sov-zhukov")
    assert supply.status(R, s, "soviet") == {"sov-5-army": False}
    assert isolation.isolation(R, s) is False
    assert s["units"]["sov-5-army"]["at"] == "dead"
    assert s["units"]["sov-zhukov"]["at"] == "1021"


def test_3_1_4_supply_read_again_once_an_overrun_silences_a_zoc(R, make_state) -> None:
    """The Soviet army at 2324 puts Ploesti in its ZOC: no Axis fuel line (9.0.2). Once an
    overrun of it is declared it has no ZOC (3.1.4): the same arrangement of units, read
    again, gives Ploesti back - the kept facts are not those of the ZOC it had."""
    s = make_state({"sov-5-army": "2324", "ger-41-pz": "2224", "ger-56-pz": "2224"})
    assert supply.fuel_line(R, s, "axis") == frozenset()
    s["overruns"] = [
        {
            "id": 1,
            "attackers": ["ger-41-pz", "ger-56-pz"],
            "defenders": ["sov-5-army"],
            "where": {"ger-41-pz": "2224", "ger-56-pz": "2224"},
        }
    ]
    assert {PLOESTI, "2224"} <= supply.fuel_line(R, s, "axis")
