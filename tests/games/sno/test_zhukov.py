"""SNO 10.6 Zhukov: placement, companions, removal, elimination, the AD side and the shifts."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import zhukov
from ostfront.games.sno.rules import set_unit

Z = "sov-zhukov"
MOSCOW = "1306"
KIEV = "1816"


def step(R, state, phase, turn=None):
    """The sequence reaches ``phase`` (of ``turn``); Zhukov's after-action update runs."""
    if "seen" not in (state.get("zhukov") or {}):
        zhukov.update(R, state)
    state["phase"] = phase
    if turn:
        state["turn"] = turn
    zhukov.update(R, state)


def test_10_6_5_placed_with_any_soviet_unit_before_units_move(R, make_state):
    s = make_state(
        {Z: MOSCOW, "sov-moscow-gar": MOSCOW, "sov-5-army": "1310", "sov-6-army": "1410"},
        phase="soviet_rrp",
    )
    step(R, s, "soviet_omp")
    acts = zhukov.actions(R, s)
    assert sorted(a.args[0] for a in acts) == ["sov-5-army", "sov-6-army", "sov-moscow-gar"]
    assert all(a.rule == "SNO 10.6.5" for a in acts)
    zhukov.perform(R, s, Action("zhukov", ("sov-5-army",), "", "", "soviet"))
    assert s["units"][Z]["at"] == "1310"
    assert zhukov.carried(s, "sov-5-army") and not zhukov.carried(s, "sov-6-army")
    assert zhukov.actions(R, s) == []  # once an OMP
    set_unit(s, "sov-5-army", at="1312")  # the unit moves: Zhukov goes with it
    zhukov.follow(R, s, "sov-5-army")
    zhukov.update(R, s)
    assert s["units"][Z]["at"] == "1312"


def test_10_6_5_no_placement_once_a_unit_has_moved(R, make_state):
    s = make_state({Z: MOSCOW, "sov-moscow-gar": MOSCOW, "sov-5-army": "1310"}, phase="soviet_rrp")
    step(R, s, "soviet_omp")
    s["omp"] = {"turn": s["turn"], "phase": "soviet_omp", "selected": None,
                "moved": ["sov-5-army"], "anchors": {}}  # fmt: skip
    assert zhukov.actions(R, s) == []
    s["phase"] = "axis_omp"
    s["omp"] = None
    assert zhukov.actions(R, s) == []  # never in the Axis OMP


def test_10_6_2_left_alone_he_leaves_the_map_until_the_next_soviet_omp(R, make_state):
    s = make_state({Z: KIEV, "sov-5-army": KIEV, "sov-moscow-gar": MOSCOW}, phase="soviet_rrp")
    step(R, s, "soviet_omp")
    set_unit(s, "sov-5-army", at="1817")  # moves away without him (he was not placed with it)
    zhukov.update(R, s)
    assert s["units"][Z]["at"] == "reserve"
    step(R, s, "soviet_combat")
    step(R, s, "axis_omp", turn="1941-08")
    assert s["units"][Z]["at"] == "reserve"
    step(R, s, "soviet_rrp")
    assert s["units"][Z]["at"] == "reserve"
    step(R, s, "soviet_omp")  # SNO 10.6.2: he reappears, with the unit in Moscow
    assert s["units"][Z]["at"] == MOSCOW
    assert zhukov.actions(R, s)  # and may be placed at once (10.6.5)


def test_10_6_2_a_retreat_leaves_him_behind_not_eliminated(R, make_state):
    s = make_state({Z: KIEV, "sov-5-army": KIEV, "ger-5-corps": "1817"}, phase="axis_rrp")
    step(R, s, "axis_combat")
    set_unit(s, "sov-5-army", at="1815")  # SNO 10.6.2: no tactical movement for Zhukov
    zhukov.update(R, s)
    assert s["units"][Z]["at"] == "reserve"
    assert s["zhukov"].get("returns") is None


def test_10_6_3_10_6_4_eliminated_with_his_hex_back_twelve_months_later(R, make_state):
    s = make_state(
        {Z: KIEV, "sov-5-army": KIEV, "sov-kiev-gar": KIEV, "sov-moscow-gar": MOSCOW},
        turn="1941-08",
        phase="axis_rrp",
    )
    step(R, s, "axis_combat")
    set_unit(s, "sov-5-army", at="dead")
    zhukov.update(R, s)
    assert s["units"][Z]["at"] == KIEV  # the garrison is still with him
    set_unit(s, "sov-kiev-gar", at="lost")  # SNO 10.6.3: all eliminated by assault combat
    zhukov.update(R, s)
    assert s["units"][Z]["at"] == "dead"
    assert s["zhukov"]["returns"] == "1942-08"
    step(R, s, "soviet_omp")
    step(R, s, "soviet_omp", turn="1942-07")
    assert s["units"][Z]["at"] == "dead"
    step(R, s, "axis_rrp", turn="1942-08")
    step(R, s, "axis_omp")
    assert s["units"][Z]["at"] == "dead"  # SNO 10.6.4: the Soviet OMP, not the Axis one
    step(R, s, "soviet_omp")
    assert s["units"][Z]["at"] == MOSCOW
    assert s["zhukov"]["returns"] is None


def test_10_6_3_isolation_in_his_own_turn_is_no_elimination(R, make_state):
    s = make_state({Z: KIEV, "sov-5-army": KIEV}, phase="soviet_combat")
    zhukov.update(R, s)
    step(R, s, "soviet_disband")
    set_unit(s, "sov-5-army", at="dead")  # SNO 9.5.1, not assault combat or overrun
    zhukov.update(R, s)
    assert s["units"][Z]["at"] == "reserve"


def test_10_6_6_axis_attacks_on_units_in_or_next_to_his_hex_shift_left(R, make_state):
    s = make_state(
        {Z: KIEV, "sov-5-army": KIEV, "sov-6-army": "1817", "sov-8-army": "1819",
         "ger-5-corps": "1818", "ger-6-corps": "1716"},
        phase="axis_combat",
    )  # fmt: skip
    assert zhukov.column_shift(R, s, ["ger-6-corps"], ["sov-5-army"]) == -1  # in his hex
    assert zhukov.column_shift(R, s, ["ger-5-corps"], ["sov-6-army"]) == -1  # next to it
    assert zhukov.column_shift(R, s, ["ger-5-corps"], ["sov-8-army"]) == 0  # two hexes away
    # a group that includes one such unit
    assert zhukov.column_shift(R, s, ["ger-5-corps"], ["sov-8-army", "sov-6-army"]) == -1
    # no help for Soviet attacks while he is on his D side
    s["phase"] = "soviet_combat"
    assert zhukov.column_shift(R, s, ["sov-6-army"], ["ger-5-corps"]) == 0


def test_10_6_7_ad_after_a_whole_omp_in_moscow_one_attack_next_month(R, make_state):
    s = make_state(
        {Z: MOSCOW, "sov-moscow-gar": MOSCOW, "sov-5-army": MOSCOW, "sov-6-army": "1410",
         "ger-5-corps": "1411", "sov-8-army": "1108", "ger-6-corps": "1109",
         "sov-9-army": "1710", "ger-12-corps": "1711"},
        turn="1941-10", phase="soviet_rrp",
    )  # fmt: skip
    step(R, s, "soviet_omp")
    step(R, s, "soviet_form")  # the whole OMP in Moscow
    assert s["units"][Z].get("flipped")  # SNO 10.6.7: the AD side
    step(R, s, "soviet_combat")
    assert zhukov.column_shift(R, s, ["sov-6-army"], ["ger-5-corps"]) == 0  # not this month
    step(R, s, "soviet_disband")
    assert s["units"][Z].get("flipped")  # still in Moscow: stays AD
    step(R, s, "axis_rrp", turn="1941-11")
    step(R, s, "soviet_omp")
    zhukov.perform(R, s, Action("zhukov", ("sov-6-army",), "", "", "soviet"))  # 1410
    step(R, s, "soviet_form")
    step(R, s, "soviet_combat")
    s["combat"] = {"plan": [
        {"id": 1, "attackers": ["sov-6-army"], "defenders": ["ger-5-corps"], "done": False},
        {"id": 2, "attackers": ["sov-8-army"], "defenders": ["ger-6-corps"], "done": False},
        {"id": 3, "attackers": ["sov-9-army"], "defenders": ["ger-12-corps"], "done": False},
    ]}  # fmt: skip
    zhukov.update(R, s)
    # 1411 is next to him, 1109 three hexes away, 1711 three hexes away
    assert zhukov.column_shift(R, s, ["sov-6-army"], ["ger-5-corps"]) == 1
    assert zhukov.column_shift(R, s, ["sov-8-army"], ["ger-6-corps"]) == 0
    s["combat"]["plan"][0]["done"] = True  # the first attack the shift fits is resolved
    zhukov.update(R, s)
    assert s["zhukov"]["spent"] == 1
    assert zhukov.column_shift(R, s, ["sov-6-army"], ["ger-5-corps"]) == 1
    step(R, s, "soviet_disband")  # SNO 10.6.7: out of Moscow - back to D
    assert not s["units"][Z].get("flipped")


def test_10_6_7_no_ad_when_he_leaves_moscow_during_the_omp(R, make_state):
    s = make_state({Z: MOSCOW, "sov-moscow-gar": MOSCOW, "sov-6-army": "1410"}, phase="soviet_rrp")
    step(R, s, "soviet_omp")
    zhukov.perform(R, s, Action("zhukov", ("sov-6-army",), "", "", "soviet"))
    zhukov.update(R, s)
    step(R, s, "soviet_form")
    assert not s["units"][Z].get("flipped")


# ------------------------------------------------------------------ through the sequence
def test_10_6_5_through_the_omp_he_is_placed_then_moves_with_his_unit(R, make_state):
    """The Soviet OMP as played: the placement is offered among the OMP's first choices and
    never once a unit moves; Zhukov himself is no unit to move (no movement factor); he goes
    where his unit goes."""
    from ostfront.games.sno import movement, sequence

    s = make_state({Z: MOSCOW, "sov-moscow-gar": MOSCOW, "sov-5-army": "1310"}, phase="soviet_rrp")
    zhukov.update(R, s)
    s["phase"] = "soviet_omp"
    movement.begin(R, s)
    zhukov.update(R, s)
    acts = sequence.actions(R, s)
    assert [a.text for a in acts if a.verb == "zhukov"] == [
        "zhukov sov-moscow-gar",  # by hex: Moscow 1306 first
        "zhukov sov-5-army",
    ]
    assert not any(a.verb == "select" and a.args == (Z,) for a in acts)
    sequence.perform(R, s, next(a for a in acts if a.text == "zhukov sov-5-army"))
    assert s["units"][Z]["at"] == "1310"
    sequence.perform(R, s, next(a for a in sequence.actions(R, s) if a.text == "select sov-5-army"))
    move = next(a for a in sequence.actions(R, s) if a.verb == "to" and a.args == ("1312",))
    sequence.perform(R, s, move)
    assert s["units"]["sov-5-army"]["at"] == "1312"
    assert s["units"][Z]["at"] == "1312"  # SNO 10.6.5: stacked with that unit
    assert not [a for a in sequence.actions(R, s) if a.verb == "zhukov"]


def test_10_6_6_the_odds_of_an_axis_attack_shift_one_column_left(R, make_state):
    from ostfront.games.sno.combat import odds

    units = {"sov-6-army": "1817", "ger-5-corps": "1818", "ger-6-corps": "1717"}
    without = make_state(units, phase="axis_combat")
    near = make_state({**units, Z: KIEV, "sov-5-army": KIEV}, phase="axis_combat")
    plain = odds.assess(R, without, ["ger-5-corps", "ger-6-corps"], ["sov-6-army"])
    shifted = odds.assess(R, near, ["ger-5-corps", "ger-6-corps"], ["sov-6-army"])
    assert (plain.attack, plain.defence) == (shifted.attack, shifted.defence)
    assert "SNO 10.6.6" not in plain.shifts
    assert shifted.shifts.count("SNO 10.6.6") == 1
    assert len(shifted.shifts) == len(plain.shifts) + 1
