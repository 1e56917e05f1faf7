"""SNO 11.0 Replacements and Reinforcements, and 10.7 fortification in the RRP: the
replacement factors of a month, who may enter, where, and how many stacking points a hex
takes in a turn. Exact positions on the standard map, with no other units about unless a
case needs them (a rail line then runs everywhere on land)."""

from __future__ import annotations

from typing import Any

from ostfront.core.protocol import Action
from ostfront.games.sno import control, entry
from ostfront.games.sno import replacements as rp
from ostfront.games.sno.rules import Rules, State

MOSCOW, LENINGRAD, KIEV, VORONEZH, STALINGRAD = "1306", "0308", "1816", "2108", "2804"
ROSTOV, SEVASTOPOL, GROZNY = "2911", "3018", "3907"
BERLIN, VIENNA, PRAGUE, BUDAPEST, BUCHAREST, WARSAW = (
    "0327", "1130", "0729", "1428", "2425", "0922",
)  # fmt: skip
NOVGOROD = "0508"  # a town in the Soviet Union
TULA = "1607"  # a minor city in the Soviet Union
KHARKOV = "2211"  # a major city in the Soviet Union
TILSIT, DANZIG, KONIGSBERG = "0519", "0421", "0520"  # town, minor and major city in Germany
EDGE = "1201"  # on the Soviet supply map-edge (9.1d), no town or city


def rrp_state(
    make_state: Any, R: Rules, units: dict[str, Any], side: str, turn: str, **extra: Any
) -> State:
    """A state at the start of ``side``'s RRP: control as at the start of a scenario (3.2.2)
    unless given, then the phase entered (replacement factors received, cities held noted)."""
    given = extra.pop("control", None)
    s = make_state(units, turn=turn, phase=f"{side}_rrp", **extra)
    if given is None:
        control.initial(R, s)
    else:
        s["control"] = given
    rp.begin(R, s)
    return s


def texts(R: Rules, s: State) -> list[str]:
    return [a.text for a in rp.actions(R, s)]


def act(R: Rules, s: State, text: str) -> None:
    found = [a for a in rp.actions(R, s) if a.text == text]
    assert found, f"{text!r} is not a legal action"
    rp.perform(R, s, found[0])


# ------------------------------------------------------------------ 11.8 limits per place
def test_11_8_limit_of_each_place_class(R, make_state):
    """Town 2, minor city 3, major city 4, victory city 6, supply map-edge 6 stacking
    points a turn; a Soviet army is 2 points on its own side of the border."""
    assert R.map.place(EDGE) is None and EDGE in control.supply_edge(R, "soviet")
    cases = {NOVGOROD: 2, TULA: 3, KHARKOV: 4, MOSCOW: 6, EDGE: 6}
    for hex_id, limit in cases.items():
        s = rrp_state(make_state, R, {"sov-10-army": "pool"}, "soviet", "1941-08")
        s["entered_rrp"] = {hex_id: limit - 2}
        assert hex_id in entry.entry_hexes(R, s, "sov-10-army", False), hex_id
        s["entered_rrp"] = {hex_id: limit - 1}
        assert hex_id not in entry.entry_hexes(R, s, "sov-10-army", False), hex_id


def test_11_8_placing_uses_up_the_hex(R, make_state):
    """One army (2 points) leaves a minor city (3) one point, too few for a second; a
    victory city (6) takes three. Four garrisons on the board allow four armies (11.11)."""
    units: dict[str, Any] = {f"sov-{n}-army": "pool" for n in (10, 13, 16, 18)}
    for g, h in (("moscow", MOSCOW), ("kiev", KIEV), ("rostov", ROSTOV), ("grozny", GROZNY)):
        units[f"sov-{g}-gar"] = h
    s = rrp_state(make_state, R, units, "soviet", "1941-08", rf={"axis": 0, "soviet": 30})
    act(R, s, f"replace sov-10-army {TULA}")
    assert s["entered_rrp"] == {TULA: 2}
    assert not any(t.startswith("replace") and t.endswith(TULA) for t in texts(R, s))
    act(R, s, "replace sov-13-army " + MOSCOW)
    act(R, s, "replace sov-16-army " + MOSCOW)
    act(R, s, "replace sov-18-army " + MOSCOW)
    assert s["entered_rrp"] == {TULA: 2, MOSCOW: 6}


def test_11_8_and_11_9_entry_is_only_where_a_rail_line_runs(R, make_state):
    """11.8: replacements enter only where a Rail Line can be traced (3.4.6). The hex the
    line runs from may be in enemy ZOC (control.py's reading of 3.4.6b): a German corps next
    to Novgorod does not shut it; three corps whose ZOCs cover every hex around it do."""
    s = rrp_state(
        make_state, R, {"sov-10-army": "pool", "ger-5-corps": "0608"}, "soviet", "1941-08"
    )
    assert NOVGOROD not in control.rail_line(R, s, "soviet")  # 3.4.6b: in enemy ZOC
    assert NOVGOROD in entry.entry_hexes(R, s, "sov-10-army", False)  # but the line runs from it
    corps = {"ger-5-corps": "0308", "ger-6-corps": "0606", "ger-8-corps": "0609"}
    s = rrp_state(make_state, R, {"sov-10-army": "pool", **corps}, "soviet", "1941-08")
    assert not control.can_trace_rail_line(R, s, "soviet", NOVGOROD)
    assert NOVGOROD not in entry.entry_hexes(R, s, "sov-10-army", False)
    assert TULA in entry.entry_hexes(R, s, "sov-10-army", False)


# ------------------------------------------------------------------ 11.9 surcharges
def test_11_9_two_more_on_the_opponents_side_of_the_1941_border(R, make_state):
    """A German corps (1 point) counts 3 in a Soviet town - over a town's 2 - and fits a
    Soviet minor city (3); a Soviet army (2) counts 4: not in a German town or minor city,
    but in a German major city the Soviets held at the start of the turn (4)."""
    assert entry.stacking_cost(R, "ger-5-corps", TILSIT) == 1
    assert entry.stacking_cost(R, "ger-5-corps", NOVGOROD) == 3
    s = rrp_state(make_state, R, {"ger-5-corps": "dead"}, "axis", "1941-08")
    hexes = entry.entry_hexes(R, s, "ger-5-corps", False)
    assert TILSIT in hexes and NOVGOROD not in hexes and TULA in hexes
    held = {KONIGSBERG: "soviet", MOSCOW: "soviet"}
    s = rrp_state(make_state, R, {"sov-10-army": "pool"}, "soviet", "1941-08", control=held)
    assert entry.stacking_cost(R, "sov-10-army", KONIGSBERG) == 4
    hexes = entry.entry_hexes(R, s, "sov-10-army", False)
    assert KONIGSBERG in hexes and TILSIT not in hexes and DANZIG not in hexes


def test_11_9_mechanized_shock_and_front_add_two_more_cumulatively(R):
    """Pure function of counter and hex: armor 2 points -> 4 at home, 6 across the border;
    a shock army and a front the same surcharge; an infantry army none."""
    assert R.unit("sov-1-ta").stacking == 2
    assert entry.stacking_cost(R, "sov-1-ta", MOSCOW) == 4
    assert entry.stacking_cost(R, "sov-1-ta", TILSIT) == 6
    shock = R.unit("sov-1-shock")
    assert entry.stacking_cost(R, "sov-1-shock", MOSCOW) == shock.stacking + 2
    front = next(u for u in R.counters.units.values() if u.type == "front")
    assert entry.stacking_cost(R, front.id, MOSCOW) == front.stacking + 2
    assert entry.stacking_cost(R, "sov-10-army", MOSCOW) == 2


# ------------------------------------------------------------------ 11.8 control at the start
def test_11_8_major_and_victory_cities_only_if_held_at_the_start_of_the_turn(R, make_state):
    """Kharkov taken by the Soviets after their turn began is no entry hex for a replacement
    this turn (a reinforcement needs only the rail line, 11.16); Moscow, held at the start,
    is one."""
    s = rrp_state(
        make_state, R, {"sov-10-army": "pool"}, "soviet", "1941-08", control={MOSCOW: "soviet"}
    )
    assert s["rrp"]["held"] == [MOSCOW]
    s["control"] = {MOSCOW: "soviet", KHARKOV: "soviet"}
    hexes = entry.entry_hexes(R, s, "sov-10-army", False)
    assert MOSCOW in hexes and KHARKOV not in hexes
    assert KHARKOV in entry.entry_hexes(R, s, "sov-10-army", True)
    # a town or minor city needs no control
    assert NOVGOROD in hexes and TULA in hexes


# ------------------------------------------------------------------ 11.10 Soviet RFs
def test_11_10_soviet_rfs_1942_with_victory_cities_and_factories(R, make_state):
    """1942: 3 from Siberia + one per factory in production (three on the map) + one per
    Soviet victory city held (five, Moscow counting once; Warsaw is not a Soviet city)."""
    factories = {
        "sov-moscow-factory": MOSCOW,
        "sov-kharkov-factory": KHARKOV,
        "sov-tula-factory": TULA,
    }
    held = {
        MOSCOW: "soviet", LENINGRAD: "soviet", KIEV: "soviet", VORONEZH: "soviet",
        STALINGRAD: "soviet", WARSAW: "soviet", ROSTOV: "axis", SEVASTOPOL: "axis",
    }  # fmt: skip
    s = rrp_state(make_state, R, factories, "soviet", "1942-07", control=held)
    assert rp.factories_in_production(R, s) == 3
    assert s["rf"]["soviet"] == 3 + 3 + 5


def test_11_10_a_factory_produces_from_its_activation_date(R, make_state):
    """October 1941: Gorki's factory (activation November 1941) is not yet producing;
    2 (Siberia) + 1 (Moscow's factory) + 1 (Moscow, once)."""
    units = {"sov-moscow-factory": MOSCOW, "sov-gorki-factory": "1501"}
    s = rrp_state(make_state, R, units, "soviet", "1941-10", control={MOSCOW: "soviet"})
    assert s["rf"]["soviet"] == 2 + 1 + 1


def test_11_3_rfs_accumulate(R, make_state):
    s = rrp_state(make_state, R, {}, "soviet", "1943-07", control={}, rf={"axis": 0, "soviet": 5})
    assert s["rf"]["soviet"] == 5 + 4


# ------------------------------------------------------------------ 11.12-11.14 Axis RFs
def test_11_12_11_13_axis_rfs_base_and_pairs_of_soviet_cities(R, make_state):
    """1942: 4, plus one per pair of Soviet victory cities held - Moscow two, Leningrad and
    Kiev: four, two pairs - under the cap (Berlin 2, Vienna, Prague, Budapest, Bucharest,
    Warsaw and the four: 11)."""
    held = {h: "axis" for h in (BERLIN, VIENNA, PRAGUE, BUDAPEST, BUCHAREST, WARSAW)}
    held |= {MOSCOW: "axis", LENINGRAD: "axis", KIEV: "axis"}
    s = rrp_state(make_state, R, {}, "axis", "1942-07", control=held)
    assert s["rf"]["axis"] == 4 + 2


def test_11_14_axis_rfs_never_more_than_victory_cities_held(R, make_state):
    """1943: 6 + one pair (Moscow 2 + Leningrad = 3) = 7, capped at the victory cities the
    Axis controls: Berlin 2 + Moscow 2 + Leningrad 1 = 5 (Appendix I: both count two for
    German replacements)."""
    held = {BERLIN: "axis", MOSCOW: "axis", LENINGRAD: "axis", VIENNA: "soviet"}
    s = rrp_state(make_state, R, {}, "axis", "1943-07", control=held)
    assert s["rf"]["axis"] == 5


def test_12_A_6_a_first_month_of_the_campaign(R, make_state):
    """June 1941: the Soviets receive 6, the Axis 1; with a May 1941 option June is normal."""
    s = rrp_state(make_state, R, {}, "soviet", "1941-06", control={MOSCOW: "soviet"})
    assert s["rf"]["soviet"] == 6
    s = rrp_state(make_state, R, {}, "axis", "1941-06", control={BERLIN: "axis"})
    assert s["rf"]["axis"] == 1
    s = rrp_state(
        make_state, R, {}, "soviet", "1941-06", control={MOSCOW: "soviet"},
        options={"may-conservative": True},
    )  # fmt: skip
    assert s["rf"]["soviet"] == 2 + 1
    s = rrp_state(make_state, R, {}, "soviet", "1941-05", control={MOSCOW: "soviet"})
    assert s["rf"]["soviet"] == 3  # SNO 14.52


# ------------------------------------------------------------------ 11.5-11.7 who may enter
def test_11_5_11_6_a_replacement_costs_its_factor_and_enters_dispersed(R, make_state):
    units = {"sov-10-army": "dead", "sov-moscow-gar": MOSCOW}
    s = rrp_state(make_state, R, units, "soviet", "1941-08", rf={"axis": 0, "soviet": 1})
    before = s["rf"]["soviet"]
    act(R, s, f"replace sov-10-army {MOSCOW}")
    assert s["units"]["sov-10-army"] == {"at": MOSCOW, "dispersed": True, "fortified": False}
    assert s["rf"]["soviet"] == before - 3
    assert "fortify sov-10-army" not in texts(R, s)  # SNO 11.6


def test_11_2_not_without_the_rfs(R, make_state):
    units = {"sov-10-army": "dead", "sov-moscow-gar": MOSCOW}
    s = rrp_state(make_state, R, units, "soviet", "1941-08", control={})
    assert s["rf"]["soviet"] == 2
    assert not any(t.startswith("replace") for t in texts(R, s))


def test_11_7_never_garrisons_factories_or_the_polish_army(R, make_state):
    units = {
        "sov-kiev-gar": "dead", "sov-tula-factory": "dead", "pol-1-army": "dead",
        "sov-moscow-gar": MOSCOW,
    }  # fmt: skip
    s = rrp_state(make_state, R, units, "soviet", "1944-08", rf={"axis": 0, "soviet": 40})
    assert rp.replacements(R, s, "soviet") == []


def test_11_7_a_a_reinforcement_only_once_it_entered_and_died(R, make_state):
    s = rrp_state(make_state, R, {"ita-8-army": "pool"}, "axis", "1942-07", rf={"axis": 20})
    assert "ita-8-army" not in rp.replacements(R, s, "axis")
    s = rrp_state(make_state, R, {"ita-8-army": "dead"}, "axis", "1942-07", rf={"axis": 20})
    assert rp.replacements(R, s, "axis") == ["ita-8-army"]


def test_11_7_c_no_guards_before_1943(R, make_state):
    units = {"sov-1-gds": "pool", "sov-moscow-gar": MOSCOW}
    s = rrp_state(make_state, R, units, "soviet", "1942-12", rf={"axis": 0, "soviet": 20})
    assert "sov-1-gds" not in rp.replacements(R, s, "soviet")
    s = rrp_state(make_state, R, units, "soviet", "1943-01", rf={"axis": 0, "soviet": 20})
    assert "sov-1-gds" in rp.replacements(R, s, "soviet")


def test_11_11_soviet_infantry_replacements_no_more_than_garrisons(R, make_state):
    """One garrison on the board: one infantry army a turn; none without a garrison."""
    units = {"sov-10-army": "dead", "sov-13-army": "dead", "sov-moscow-gar": MOSCOW}
    s = rrp_state(make_state, R, units, "soviet", "1941-08", rf={"axis": 0, "soviet": 20})
    assert rp.replacements(R, s, "soviet") == ["sov-10-army"]  # one offered per kind
    act(R, s, f"replace sov-10-army {MOSCOW}")
    assert rp.replacements(R, s, "soviet") == []
    units["sov-moscow-gar"] = "lost"
    s = rrp_state(make_state, R, units, "soviet", "1941-08", rf={"axis": 0, "soviet": 20})
    assert rp.replacements(R, s, "soviet") == []


def test_identical_units_are_offered_once(R, make_state):
    units = {"sov-10-army": "dead", "sov-13-army": "pool", "sov-moscow-gar": MOSCOW}
    units["sov-kiev-gar"] = KIEV
    s = rrp_state(make_state, R, units, "soviet", "1941-08", rf={"axis": 0, "soviet": 20})
    assert rp.replacements(R, s, "soviet") == ["sov-10-army"]
    act(R, s, f"replace sov-10-army {MOSCOW}")
    assert rp.replacements(R, s, "soviet") == ["sov-13-army"]


# ------------------------------------------------------------------ 11.14 SPECIAL
def test_11_14_special_april_free_allied_unit(R, make_state):
    """April 1942, no RFs: one eliminated Romanian army returns free; then no second."""
    units = {"rom-3-army": "dead", "rom-4-army": "dead"}
    s = rrp_state(make_state, R, units, "axis", "1942-04", control={BUCHAREST: "axis"})
    s["rf"] = {"axis": 0, "soviet": 0}
    free = [a for a in rp.actions(R, s) if a.verb == "replace"]
    assert {a.args[0] for a in free} == {"rom-3-army"}
    assert f"replace rom-3-army {BUCHAREST}" in [a.text for a in free]
    assert all(a.rule == "SNO 11.14" and "free" in a.label for a in free)
    act(R, s, f"replace rom-3-army {BUCHAREST}")
    assert s["rf"]["axis"] == 0
    assert s["units"]["rom-3-army"]["dispersed"] is True
    assert rp.replacements(R, s, "axis") == []


def test_11_14_special_only_in_april_and_not_when_the_capital_is_soviet(R, make_state):
    s = rrp_state(make_state, R, {"rom-3-army": "dead"}, "axis", "1942-05", control={})
    s["rf"] = {"axis": 0, "soviet": 0}
    assert rp.replacements(R, s, "axis") == []
    units = {"hun-2-army": "dead", "rom-3-army": "dead"}
    held = {BUDAPEST: "soviet", BUCHAREST: "axis"}
    s = rrp_state(make_state, R, units, "axis", "1943-04", control=held)
    s["rf"] = {"axis": 0, "soviet": 0}
    assert rp.replacements(R, s, "axis") == ["rom-3-army"]
    assert not rp.free_ally(R, s, "hun-2-army")


def test_11_14_special_not_the_italian_unit_in_1944(R, make_state):
    s = rrp_state(make_state, R, {"ita-8-army": "dead"}, "axis", "1943-04", control={})
    assert rp.free_ally(R, s, "ita-8-army")
    s = rrp_state(make_state, R, {"ita-8-army": "dead"}, "axis", "1944-04", control={})
    assert not rp.free_ally(R, s, "ita-8-army")


# ------------------------------------------------------------------ 11.15-11.17
def test_11_15_11_17_reinforcements_next_to_a_friendly_victory_city(R, make_state):
    """June 1944: the Polish 1st Army enters free and undispersed; it may also appear next
    to Kiev, held by the Soviets (1917: no town, so a town's 2 points, enough for an army on
    its own side) - a hex no replacement may use."""
    units = {"pol-1-army": "reserve", "sov-10-army": "dead", "sov-moscow-gar": MOSCOW}
    s = rrp_state(make_state, R, units, "soviet", "1944-06", rf={"axis": 0, "soviet": 0})
    assert R.map.place("1917") is None and "1917" in R.map.grid.neighbours(KIEV)
    assert "1917" in entry.entry_hexes(R, s, "pol-1-army", True)
    assert "1917" not in entry.entry_hexes(R, s, "sov-10-army", False)
    acts = texts(R, s)
    assert "end" not in acts  # SNO 11.15: it must be placed in this RRP
    act(R, s, "reinforce pol-1-army 1917")
    assert s["units"]["pol-1-army"] == {"at": "1917", "dispersed": False, "fortified": False}
    assert "end" in texts(R, s)
    assert s["rf"]["soviet"] == rp.monthly_rf(R, s, "soviet")  # free


def test_11_15_reinforcements_arrive_in_their_month(R, make_state):
    s = rrp_state(make_state, R, {"pol-1-army": "reserve"}, "soviet", "1944-05")
    assert rp.arriving(R, s, "soviet") == []
    assert "end" in texts(R, s)


def test_11_16_11_9_reinforcements_pay_the_border_surcharge(R, make_state):
    """May 1942: the Italian 8th Army (2 points) counts 4 on the Soviet side of the border:
    not next to Axis-held Kiev (a town's 2), not in a minor city (3), but in Kiev (6)."""
    s = rrp_state(
        make_state, R, {"ita-8-army": "reserve"}, "axis", "1942-05",
        control={KIEV: "axis", BERLIN: "axis"},
    )  # fmt: skip
    hexes = entry.entry_hexes(R, s, "ita-8-army", True)
    assert KIEV in hexes and "1917" not in hexes and TULA not in hexes
    assert TILSIT in hexes  # at home: 2 points, a town takes it


# ------------------------------------------------------------------ 11.18, 11.19
def test_11_18_the_italian_8th_army_is_withdrawn_in_october_1943(R, make_state):
    s = rrp_state(make_state, R, {"ita-8-army": "2508"}, "axis", "1943-10", control={})
    assert s["units"]["ita-8-army"]["at"] == "lost"
    s = rrp_state(make_state, R, {"ita-8-army": "2508"}, "axis", "1943-09", control={})
    assert s["units"]["ita-8-army"]["at"] == "2508"
    # already eliminated: the rule is ignored
    s = rrp_state(make_state, R, {"ita-8-army": "dead"}, "axis", "1943-10", control={})
    assert s["units"]["ita-8-army"]["at"] == "dead"


def test_11_19_hungary_released_in_april_1942(R, make_state):
    s = rrp_state(make_state, R, {"hun-2-army": "1428"}, "axis", "1942-03", control={})
    assert s["hungary_active"] is False
    s = rrp_state(make_state, R, {"hun-2-army": "1428"}, "axis", "1942-04", control={})
    assert s["hungary_active"] is True


# ------------------------------------------------------------------ 10.7 in the RRP
def test_10_7_fortify_and_defortify_once_a_phase(R, make_state):
    units: dict[str, Any] = {
        "sov-10-army": TULA,
        "sov-13-army": {"at": NOVGOROD, "fortified": True},
        "sov-16-army": {"at": KHARKOV, "dispersed": True},
        "sov-moscow-gar": MOSCOW,
    }
    s = rrp_state(make_state, R, units, "soviet", "1941-08", control={})
    acts = texts(R, s)
    assert "fortify sov-10-army" in acts and "defortify sov-13-army" in acts
    assert "fortify sov-16-army" not in acts  # dispersed (10.7.1)
    assert "fortify sov-moscow-gar" not in acts  # SNO 10.7.2
    act(R, s, "fortify sov-10-army")
    assert s["units"]["sov-10-army"]["fortified"] is True
    acts = texts(R, s)
    assert "defortify sov-10-army" not in acts and "fortify sov-10-army" not in acts
    act(R, s, "defortify sov-13-army")
    assert s["units"]["sov-13-army"]["fortified"] is False


def test_end_clears_the_phase_memory(R, make_state, monkeypatch):
    from ostfront.core.phases import DONE

    called: list[str] = []
    perform = rp.perform

    def recording(R, s, action):  # the phase end it asks the sequence for
        if perform(R, s, action) == DONE:
            called.append(s["phase"])

    monkeypatch.setattr(rp, "perform", recording)
    units = {"sov-10-army": "dead", "sov-moscow-gar": MOSCOW}
    s = rrp_state(make_state, R, units, "soviet", "1941-08", rf={"axis": 0, "soviet": 9})
    act(R, s, f"replace sov-10-army {MOSCOW}")
    rp.perform(R, s, Action("end"))
    assert called == ["soviet_rrp"]
    assert s["entered_rrp"] == {} and "rrp" not in s


# ------------------------------------------------------------------ through the game's door
def test_a_position_plays_its_rrp_through_legal_actions_and_apply():
    """A custom position at the Soviet RRP of August 1941: the month's factors arrive on
    entering the phase (the 4 kept + 2 from Siberia + the eight Soviet victory cities of
    3.2.2), a replacement is one legal action, and ``end`` leads to the OMP."""
    from ostfront.core.position import position_from_dict
    from ostfront.games.sno.game import GAME

    position = position_from_dict(
        {
            "game": "sno",
            "turn": "1941-08",
            "phase": "soviet_rrp",
            "pools": {"soviet": {"rf": 4}},
            "units": [
                {"id": "sov-moscow-gar", "hex": MOSCOW},
                {"id": "sov-10-army", "status": ["dead"]},
                {"id": "ger-5-corps", "hex": "1019"},
            ],
        }
    )
    state = GAME.setup(seed=1, position=position)
    assert state["rf"]["soviet"] == 4 + 2 + 8  # Moscow counts once here (11.10b)
    legal = {a.text: a for a in GAME.legal_actions(state)}
    assert legal[f"replace sov-10-army {MOSCOW}"].side == "soviet"
    state = GAME.apply(state, legal[f"replace sov-10-army {MOSCOW}"])
    assert state["units"]["sov-10-army"]["at"] == MOSCOW and state["rf"]["soviet"] == 11
    state = GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.text == "end"))
    assert state["phase"] == "soviet_omp" and state["entered_rrp"] == {}


def test_11_8_a_city_on_the_supply_edge_is_also_an_edge_hex(R, make_state):
    """Reading: Gorki (1501), a major city on the Soviet supply map-edge, takes the edge's 6
    points and needs no control at the start of the turn; Kharkov, a major city inland, 4
    and control."""
    assert "1501" in control.supply_edge(R, "soviet") and entry.place_class(R, "1501") == (
        "major_city"
    )
    s = rrp_state(make_state, R, {"sov-10-army": "pool"}, "soviet", "1941-08", control={})
    s["entered_rrp"] = {"1501": 4}
    hexes = entry.entry_hexes(R, s, "sov-10-army", False)
    assert "1501" in hexes and KHARKOV not in hexes
