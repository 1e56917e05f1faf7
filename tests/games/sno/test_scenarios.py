"""SNO 12.B-12.E, the later scenarios: forces chosen by combat-factor totals (12.5, 12.11(2)),
set up by the scenario's front line with its exceptions (12.11(3)), factories and garrisons
(12.x(4)-(5)), 12.6-12.13 at their start, 12.D's special rules, 15.7 for 1942b - and random
set-ups that always finish (games/sno/deployment.py, forces.py).

The 200-game runs per scenario are ``tools/sno_scenarios.py`` (reported in
docs/rules/sturm-nach-osten.md); a cheap fixed-seed sample is here.
"""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core import record as rec
from ostfront.core.errors import IllegalAction
from ostfront.core.protocol import Action
from ostfront.core.rng import new_rng
from ostfront.games.sno import forces
from ostfront.games.sno.counters import load_counters
from ostfront.games.sno.game import GAME
from ostfront.games.sno.rules import standard_rules
from ostfront.games.sno.setup import load_scenarios, side_at_start

R = standard_rules()
MIX = load_counters()


def new(scenario: str, seed: int = 1, **options: Any) -> dict[str, Any]:
    return GAME.setup(scenario, options, seed)


def act(state: dict[str, Any], text: str) -> dict[str, Any]:
    return GAME.apply(state, Action.parse(text))


def texts(state: dict[str, Any], verb: str | None = None) -> list[str]:
    return [a.text for a in GAME.legal_actions(state) if verb is None or a.verb == verb]


def at(state: dict[str, Any], uid: str) -> str:
    return str(state["units"][uid]["at"])


def take(state: dict[str, Any], uid: str, hex_id: str) -> dict[str, Any]:
    return act(act(state, f"pick {uid}"), f"place {hex_id}")


#: Where :func:`finish_side` sets units up first: 12.D(3)'s hexes, then near Moscow.
PREFERRED = ("2108", "1306", "1205", "1206", "1305", "1307", "1405", "1406", "1810", "2010")


def finish_side(s: dict[str, Any]) -> dict[str, Any]:
    """The side's set-up finished: the historical one where the data has it, else the first
    units offered, on the first of :data:`PREFERRED` they may go to (else the first hex)."""
    if "historical" in texts(s):
        return act(act(s, "historical"), "end")
    while "end" not in texts(s):
        pick = next(a for a in GAME.legal_actions(s) if a.group == "Take a unit")
        s = act(s, pick.text)
        dests = [str(a.args[0]) for a in GAME.legal_actions(s) if a.verb == "place"]
        s = act(s, "place " + next((h for h in PREFERRED if h in dests), dests[0]))
    return act(s, "end")


def both_set_up(scenario: str, seed: int = 1) -> dict[str, Any]:
    return finish_side(finish_side(new(scenario, seed)))


# ------------------------------------------------------------------ 12.11(1), 12.12
@pytest.mark.parametrize(
    ("scenario", "steps", "first_phase"),
    [
        ("1942a", ("soviet_setup", "axis_setup"), ("1942-05", "axis_rrp")),
        ("1942b", ("axis_setup", "soviet_setup"), ("1942-11", "soviet_rrp")),
        ("1943", ("soviet_setup", "axis_setup"), ("1943-06", "axis_rrp")),
        ("1944", ("axis_setup", "soviet_setup"), ("1944-06", "soviet_rrp")),
    ],
)
def test_12_11_1_start_and_12_12_the_first_player_sets_up_last(
    scenario: str, steps: tuple[str, str], first_phase: tuple[str, str]
) -> None:
    s = new(scenario)
    assert s["phase"] == steps[0] and s["rf"] == {"axis": 0, "soviet": 0}  # SNO 12.13
    s = finish_side(s)
    assert s["phase"] == steps[1]
    s = finish_side(s)
    # SNO 12.11(1): a scenario beginning with the Soviet player-turn omits the Axis one
    assert (s["turn"], s["phase"]) == first_phase


# ------------------------------------------------------------------ forces (12.5, 12.11(2))
def test_12_B_2_the_totals_and_the_armor_minimum_name_their_rule() -> None:
    s = new("1942a")
    assert "end" not in texts(s)
    prompt = GAME.prompt(s).text
    assert "SNO 12.B(2): 72 combat factors needed, 11 chosen (12.5)" in prompt
    assert "SNO 12.B(2): 14 armor and/or armored cavalry factors needed, 0 chosen" in prompt
    with pytest.raises(IllegalAction, match=r"72 combat factors needed, 11 chosen"):
        act(s, "end")


ALLIES = ("rom-3-army", "rom-4-army", "rom-mtn", "rom-cav", "hun-2-army")


@pytest.mark.parametrize(
    ("scenario", "side", "total", "armor", "kinds", "include", "plus"),
    [
        ("1942a", "soviet", 72, 14, {"armor", "armored_cavalry"},
         ("sov-21-army", "sov-42-army", "sov-2-shock"), ()),
        ("1942a", "axis", 90, 0, {"armor"}, (), (*ALLIES, "ita-8-army")),
        ("1942b", "axis", 100, 24, {"armor"}, ("ger-6-army", "ger-14-pz"),
         (*ALLIES, "ita-8-army")),
        ("1942b", "soviet", 120, 0, {"armor"}, ("sov-2-shock", "sov-42-army", "sov-62-army"), ()),
        ("1943", "soviet", 140, 0, {"armor"}, (), ()),
        ("1943", "axis", 120, 0, {"armor"}, (), ("rom-4-army", "hun-2-army")),
        ("1944", "axis", 125, 33, {"armor"},
         ("ger-2-army", "ger-4-army", "ger-9-army", "ger-16-army"), ALLIES),
        ("1944", "soviet", 240, 0, {"armor"}, (), ()),
    ],
)  # fmt: skip
def test_12_x_2_each_scenarios_forces(
    scenario: str,
    side: str,
    total: int,
    armor: int,
    kinds: set[str],
    include: tuple[str, ...],
    plus: tuple[str, ...],
) -> None:
    n = forces.need(R, scenario, side)
    assert (n.total, n.armor_min, set(n.armor_types)) == (total, armor, kinds)
    assert n.include == include and set(n.plus) == set(plus)
    german_only = side == "axis"
    assert all(MIX.unit(u).nationality == "german" for u in n.pool) is german_only
    start = load_scenarios().scenario(scenario).start
    assert all(MIX.unit(u).available <= start for u in n.pool)  # SNO 12.11(2)


def test_12_B_2_units_placed_by_the_rule_count_toward_the_total() -> None:
    n = forces.need(R, "1942a", "soviet")
    s = new("1942a")
    placed = forces.counts(forces.taken(R, s, n), n)
    cf = sum(MIX.unit(u).force_cf for u in ("sov-21-army", "sov-42-army", "sov-2-shock"))
    assert placed == (cf, 0)


def test_12_5_taking_a_unit_counts_its_weaker_or_refitted_factor() -> None:
    s = new("1942a")
    tank = next(u for u in forces.need(R, "1942a", "soviet").pool if MIX.unit(u).type == "armor")
    s = take(s, tank, "1405")
    n = forces.need(R, "1942a", "soviet")
    assert forces.counts(forces.taken(R, s, n), n)[1] == MIX.unit(tank).force_cf
    assert s["units"][tank]["flipped"] is True  # SNO 12.7: the Soviets set up first


def test_only_picks_that_keep_the_total_reachable_are_offered() -> None:
    n = forces.Need("12.X(2)", 10, 4, frozenset({"armor"}), (), (), ())
    od, inf3, inf3b = (MIX.unit(u) for u in ("sov-od", "sov-3-army", "sov-4-army"))
    assert (od.force_cf, inf3.force_cf) == (4, 3)
    assert forces.completes([od, inf3, inf3b], n, 0, 0) is True  # 4 + 3 + 3
    assert forces.completes([inf3, inf3b], n, 4, 0) is False  # 10, but no armor
    assert forces.completes([inf3, inf3b], n, 4, 4) is True
    assert forces.completes([inf3, inf3b], n, 5, 4) is False  # 8 or 11, never 10
    s = new("1942a")
    # 21st, 42nd, 2nd Shock: 9 of 72; taking 3-factor armies forever would strand the
    # armor minimum: every offered pick keeps 72 with 14 armor reachable
    n = forces.need(R, "1942a", "soviet")
    for uid in forces.may_take(R, s, n):
        assert R.unit(uid).force_cf <= 72 - 9


def test_12_D_2_and_12_E_2_excluded_armies_are_lost() -> None:
    assert at(new("1943"), "ger-6-army") == "lost"
    s = new("1944")
    assert at(s, "ger-6-army") == at(s, "ger-17-army") == "lost"
    assert "ger-6-army" not in forces.need(R, "1943", "axis").pool


def test_12_C_2_allies_taken_besides_the_total_must_be_set_up() -> None:
    s = new("1942b")
    prompt = GAME.prompt(s).text
    assert "Romanian Mountain Corps" in prompt and "Romanian 3rd Army" not in prompt
    assert at(s, "rom-3-army") == "2706" and at(s, "ger-6-army") == "2804"  # 12.C(3)


# ------------------------------------------------------------------ areas (12.3, 12.11(3))
def test_12_B_3_soviet_area_east_of_the_line_but_sevastopol_leningrad_kronstadt() -> None:
    s = act(new("1942a"), "pick sov-3-army")
    dests = {a.args[0] for a in GAME.legal_actions(s) if a.verb == "place"}
    assert dests and not dests & {"3018", "0308", "0309"}
    assert all(side_at_start(R.map, "1942a", h) == "soviet" for h in dests)
    assert "1306" in dests  # Moscow, with its factory and garrison


@pytest.mark.parametrize(
    ("scenario", "side", "barred"),
    [
        ("1942a", "soviet", {"3018", "0308", "0309"}),  # 12.B(3)
        ("1942b", "soviet", {"0308", "0309"}),  # 12.C(3)
        ("1942b", "axis", set()),
        ("1943", "axis", set()),
        ("1944", "soviet", set()),
        ("1944", "axis", set()),
    ],
)
def test_12_x_3_each_side_sets_up_on_its_side_of_its_line(
    scenario: str, side: str, barred: set[str]
) -> None:
    s = new(scenario)
    if s["phase"] != f"{side}_setup":
        s = finish_side(s)
    uid = next(a.args[0] for a in GAME.legal_actions(s) if a.group == "Take a unit")
    s = act(s, f"pick {uid}")
    dests = {str(a.args[0]) for a in GAME.legal_actions(s) if a.verb == "place"}
    assert len(dests) > 100 and not dests & barred
    assert all(side_at_start(R.map, scenario, h) == side for h in dests)
    assert not any(R.map.terrain_of(h) in ("sea", "lake") for h in dests)


def test_12_B_3_axis_area_west_of_the_line() -> None:
    s = act(finish_side(new("1942a")), "pick ger-9-army")
    dests = {a.args[0] for a in GAME.legal_actions(s) if a.verb == "place"}
    assert dests and all(side_at_start(R.map, "1942a", h) == "axis" for h in dests)


def test_12_x_3_units_the_rule_places_are_not_offered_to_move() -> None:
    s = new("1942a")
    picks = texts(s, "pick")
    assert "pick sov-21-army" not in picks and "pick sov-moscow-gar" not in picks
    assert at(s, "sov-21-army") == "3018" and at(s, "sov-2-shock") == "0309"


def test_a_taken_unit_may_go_back_to_the_pool() -> None:
    s = take(new("1942a"), "sov-3-army", "1405")
    assert "unplace" in texts(act(s, "pick sov-3-army"))
    s = act(act(s, "pick sov-3-army"), "unplace")
    assert at(s, "sov-3-army") == "pool" and not s["units"]["sov-3-army"].get("flipped")


# ------------------------------------------------------------------ factories, garrisons
@pytest.mark.parametrize("scenario", ["1942a", "1942b", "1943", "1944"])
def test_12_x_4_factories_and_12_x_5_garrisons(scenario: str) -> None:
    s = new(scenario)
    for f in ("moscow", "gorki", "tula", "leningrad"):
        assert at(s, f"sov-{f}-factory") != "east"
    assert at(s, "sov-stalino-factory") == at(s, "sov-kharkov-factory") == "east"
    assert at(s, "sov-dnepropetrovsk-factory") == "lost"
    garrisons = {"sov-grozny-gar", "sov-moscow-gar", "sov-leningrad-gar"}
    if scenario == "1942a":
        garrisons |= {"sov-stalingrad-gar", "sov-sevastopol-gar"}  # 12.B(5)
    for g in ("grozny", "moscow", "leningrad", "stalingrad", "sevastopol", "kiev", "rostov"):
        uid = f"sov-{g}-gar"
        assert (at(s, uid) != "out") is (uid in garrisons), uid
    assert at(s, "ger-berlin-gar") == "0327" and at(s, "sov-zhukov") == "1306"  # 12.4


def test_12_B_4_evacuated_factories_produce_from_the_first_month() -> None:
    from ostfront.games.sno.factories import producing

    s = both_set_up("1942a")
    assert {"sov-stalino-factory", "sov-kharkov-factory"} <= set(producing(R, s))


# ------------------------------------------------------------------ 12.6-12.10 at the start
def test_12_6_juggernauts_weak_and_12_7_first_players_armor_refitted() -> None:
    s = both_set_up("1942a")
    axis_armor = _armor_on_map(s, "axis")
    assert axis_armor and not any(s["units"][u].get("flipped") for u in axis_armor)  # 12.7
    soviet_armor = _armor_on_map(s, "soviet")
    assert soviet_armor and all(s["units"][u].get("flipped") for u in soviet_armor)
    jugg = [u for u, r in s["units"].items() if MIX.unit(u).juggernaut and r["at"][:1].isdigit()]
    assert jugg and all(s["units"][u].get("flipped") for u in jugg)  # SNO 12.6


def test_12_10_the_player_setting_up_first_declares_no_retreat() -> None:
    assert texts(new("1942a"), "order")  # the Soviets set up first
    s = new("1942b")
    assert texts(s, "order")  # the Axis sets up first in 1942b
    assert not texts(finish_side(s), "order")  # the Soviets move first


# ------------------------------------------------------------------ weather and 15.7
@pytest.mark.parametrize(
    ("scenario", "weather"),
    [("1942a", "mud"), ("1942b", "good"), ("1943", "mud"), ("1944", "good")],
)
def test_12_x_6_the_first_months_weather(scenario: str, weather: str) -> None:
    # SNO 12.B(6), 12.C(6)a, 12.D(6)a (June 1943 Mud, against 6.1.2), 6.1.2
    assert both_set_up(scenario)["weather"] == weather


def test_15_7_the_1942b_scenario_may_not_end_in_december_1942() -> None:
    from ostfront.core.errors import UnknownGame

    # not among the scenario's own choices of the option (game.py), so refused with them
    with pytest.raises(UnknownGame, match=r"'1942b' scenario .* \(SNO 15.7\)"):
        new("1942b", end="1942-12")
    assert new("1942b", end="1943-12")["last_turn"] == "1943-12"


# ------------------------------------------------------------------ 12.D's special rules
def test_12_D_3_concentrations_name_their_rule() -> None:
    prompt = GAME.prompt(new("1943")).text
    assert "SNO 12.D(3): 40 combat factors needed in 2108 and/or in or adjacent to 1306" in prompt
    assert "SNO 12.D(3): 20 combat factors needed in 1810 and/or 2010, 0 there" in prompt


def test_12_D_3_units_fill_the_short_concentrations_first() -> None:
    s = act(new("1943"), "pick sov-3-army")
    dests = {str(a.args[0]) for a in GAME.legal_actions(s) if a.verb == "place"}
    assert dests == {"2108", "1306", *R.map.grid.neighbours("1306"), "1810", "2010"} & dests
    assert "2108" in dests and "1810" in dests and "1910" not in dests


def test_12_D_6_b_no_fortifying_within_two_hexes_of_kursk() -> None:
    s = new("1943")
    scen = load_scenarios().scenario("1943")
    while forces.short_areas(R, s, scen, "soviet"):  # 12.D(3) first
        pick = next(a for a in GAME.legal_actions(s) if a.group == "Take a unit")
        s = act(s, pick.text)
        dests = [str(a.args[0]) for a in GAME.legal_actions(s) if a.verb == "place"]
        s = act(s, "place " + next((h for h in PREFERRED if h in dests), dests[0]))
    free = [u for u in forces.may_take(R, s, forces.need(R, "1943", "soviet"))]
    s = take(s, free[0], "1910")  # Kursk
    s = take(s, free[1], "1407")  # 5 hexes away
    fort = texts(s, "fortify")
    assert f"fortify {free[0]}" not in fort and f"fortify {free[1]}" in fort


def _armor_on_map(s: dict[str, Any], side: str) -> list[str]:
    return [
        u
        for u, r in s["units"].items()
        if MIX.unit(u).side == side and MIX.unit(u).is_armor_type and r["at"][:1].isdigit()
    ]


def test_12_D_6_c_the_axis_refit_roll_both_branches() -> None:
    seen: set[bool] = set()
    for seed in (4, 5, 6):
        s = both_set_up("1943", seed=seed)  # SNO 12.D(6)c: rolled once both have set up
        rolls = next(e["rolls"] for e in reversed(s["log"]) if e.get("rolls"))
        armor = _armor_on_map(s, "axis")
        assert len(rolls) == len(armor)
        for r in rolls:
            uid = next(u for u in armor if R.unit(u).title in r["why"])
            unrefitted = bool(s["units"][uid].get("flipped"))
            assert unrefitted is (r["dice"][0] not in (1, 2, 3)), r  # 1-3 refitted, 4-6 not
            seen.add(unrefitted)
    assert seen == {True, False}  # both branches


# ------------------------------------------------------------------ control (12.11(5))
def test_12_11_5_control_by_the_front_line_after_the_set_up() -> None:
    s = both_set_up("1942a")
    assert s["control"].get("1306") == "soviet" and s["control"].get("1816") == "axis"
    assert s["control"].get("0327") == "axis"  # Berlin


# ------------------------------------------------------------------ random set-ups finish
@pytest.mark.parametrize(("scenario", "until"), [("1942a", "axis_rrp"), ("1943", "axis_setup")])
def test_random_set_ups_finish_hold_the_rules_and_replay(scenario: str, until: str) -> None:
    """Random players always finish a set-up (no dead end: only picks keeping the total
    reachable are offered, 12.D(3)'s concentrations are filled first, and the set-up ends only
    when it holds), no invariant breaks, and the record replays bit for bit. 1942a both sides,
    1943 the Soviet side (its concentrations); whole games of every scenario, 200 each:
    tools/sno_scenarios.py."""
    s = new(scenario, seed=7)
    record = rec.new_record(GAME, s)
    player = RandomPlayer(new_rng(7))
    steps = 0
    while s["phase"] != until and steps < 5000:
        s = rec.append(record, GAME, s, player.choose(GAME, s))
        assert not GAME.invariants(s), GAME.invariants(s)
        steps += 1
    assert s["phase"] == until, f"no end after {steps} set-up steps"
    scen = load_scenarios().scenario(scenario)
    for side in ("soviet", "axis") if until == "axis_rrp" else ("soviet",):
        assert not forces.problems(R, s, scen, side)
    assert rec.replay(GAME, record, verify=True).ok


# ------------------------------------------------------------------ what the New game page offers
def test_random_play_commits_an_attack_plan_with_many_obligations() -> None:
    """1942b, seed 26 (``tools/sno_scenarios.py 1942b --seed 26``): the Axis Combat Phase of
    December 1942 has six units obliged to attack and a dozen Soviet units that must be
    attacked (7.1.4, 7.1.6, 7.1.10), and marks to disband (7.1.12). The random player's walk
    once forgot its patience at every mark and ran for over ten minutes; now it commits
    the plan within a few hundred steps."""
    state = new("1942b", 26)
    player = RandomPlayer(new_rng(26 ^ 0x5EED))  # as simulate.play_one
    began = None
    for step in range(800):
        action = player.choose_from(GAME.legal_actions(state))
        if began is None and (state["turn"], state["phase"]) == ("1942-12", "axis_combat"):
            began = step
        state = GAME.apply(state, action)
        if began is not None and action.verb == "commit":
            break
    assert began is not None and action.verb == "commit"
    assert step - began < 300


def test_every_scenario_is_offered_with_only_its_options() -> None:
    assert [s.id for s in GAME.scenarios()] == ["1941", "1942a", "1942b", "1943", "1944"]
    assert not any("Part 3" in s.summary for s in GAME.scenarios())
    offered = {o.id for o in GAME.options() if o.applies_to("1942a")}
    assert offered == {"leningrad", "partisans", "end"}  # SNO 14.11: 14.8 with 1942a too
    assert {o.id for o in GAME.options() if o.applies_to("1944")} == {"leningrad", "end"}
    with pytest.raises(Exception, match="stalin-line"):
        new("1943", **{"stalin-line": True})
