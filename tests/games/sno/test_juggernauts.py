"""SNO 10.1 Juggernaut Units: formed at the end of the OMP (10.1.7-10.1.8), broken down at any
time of the owner's player-turn (10.1.9-10.1.10) and to advance (10.1.13), reverting at the
start of the OMP (10.1.5), flipped in the winter of 1941/42 (10.1.6, 6.5.4), and lost for good
only as 10.1.2 says. Played through the sequence's one door (sequence.actions/perform), which
adds the any-time ``break`` actions. German infantry corps are 2-4, armies 9-2 / 6-4."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import breakdown, juggernauts, sequence, units
from ostfront.games.sno.combat import results

from .arrangements import RING_1209


def _texts(R, s):
    return [a.text for a in sequence.actions(R, s)]


def _play(R, s, *texts):
    for t in texts:
        legal = _texts(R, s)
        assert t in legal, f"{t!r} not among {legal}"
        sequence.perform(R, s, Action.parse(t))


def _at(s, uid):
    return s["units"][uid]["at"]


# ------------------------------------------------------------------ 10.1.7-10.1.8 forming
def test_10_1_7_a_juggernaut_formed_at_the_end_of_the_omp(R, make_state) -> None:
    """Four German corps in 1902 and three in 1905, beside the Soviet 3rd Army in 1906 (enemy
    ZOC). At the end of the Axis OMP the form phase offers the 4th Army (in the pool; the 9th
    is lost, 10.1.2; the 2nd not in this game) from any three of the four corps in 1902 - six
    factors, its weaker side's - and nothing in 1905."""
    s = make_state(
        {
            "ger-1-corps": "1902",
            "ger-2-corps": "1902",
            "ger-5-corps": "1902",
            "ger-6-corps": "1902",
            "ger-7-corps": "1905",
            "ger-8-corps": "1905",
            "ger-9-corps": "1905",
            "sov-3-army": "1906",
            "ger-4-army": "pool",
            "ger-9-army": "lost",
        },
        phase="axis_omp",
    )
    _play(R, s, "end")
    assert s["phase"] == "axis_form"
    assert _texts(R, s) == [
        "form ger-4-army ger-1-corps+ger-2-corps+ger-5-corps",
        "form ger-4-army ger-1-corps+ger-2-corps+ger-6-corps",
        "form ger-4-army ger-1-corps+ger-5-corps+ger-6-corps",
        "form ger-4-army ger-2-corps+ger-5-corps+ger-6-corps",
        "end",
    ]
    _play(R, s, "form ger-4-army ger-1-corps+ger-2-corps+ger-5-corps")
    assert s["units"]["ger-4-army"]["at"] == "1902"
    assert s["units"]["ger-4-army"]["flipped"] is True  # SNO 10.1.7: weaker side up
    assert [_at(s, u) for u in ("ger-1-corps", "ger-2-corps", "ger-5-corps")] == ["dead"] * 3
    assert _at(s, "ger-6-corps") == "1902"
    # no juggernaut counter left to form; the new army may break down (its corps are back)
    assert _texts(R, s) == ["end", "break ger-4-army"]
    _play(R, s, "end")
    assert s["phase"] == "axis_combat"


def test_10_1_8_only_german_infantry_corps_combine(R, make_state) -> None:
    """Mountain corps and Romanian armies are no components (10.1.8): the 49th Mountain Corps
    and two corps make only four infantry factors in 1902 - no juggernaut."""
    s = make_state(
        {
            "ger-1-corps": "1902",
            "ger-2-corps": "1902",
            "ger-49-mtn": "1902",
            "ger-4-army": "pool",
        },
        phase="axis_form",
    )
    assert juggernauts.component_type(R, "ger-1-corps", "axis")
    assert not juggernauts.component_type(R, "ger-49-mtn", "axis")
    assert not juggernauts.component_type(R, "sov-1-shock", "soviet")
    assert juggernauts.form_options(R, s) == []
    assert juggernauts.skip(R, s)


def test_10_1_7_a_soviet_front_from_three_armies(R, make_state) -> None:
    """Soviet fronts (12-2 / 9-3) from three armies of three factors; the Kalinin Front's
    date (1941-10) has not come in July 1941 (11.7)."""
    s = make_state(
        {
            "sov-3-army": "1502",
            "sov-4-army": "1502",
            "sov-5-army": "1502",
            "sov-western-front": "pool",
            "sov-kalinin-front": "pool",
        },
        phase="soviet_form",
    )
    assert juggernauts.form_options(R, s) == [
        ("sov-western-front", ["sov-3-army", "sov-4-army", "sov-5-army"])
    ]


# ------------------------------------------------------------------ 10.1.9 breaking down
def test_10_1_9_break_down_in_the_omp_into_corps_from_the_pool(R, make_state) -> None:
    """The 4th Army breaks down in its OMP into German corps that could be replacements: one
    counter of each kind, total no more than its weaker six (one, two or three 2-factor
    corps). The corps take its place and may still move; it goes to the dead box."""
    s = make_state(
        {
            "ger-4-army": {"at": "2020", "flipped": True},
            "ger-1-corps": "pool",
            "ger-2-corps": "dead",
            "ger-5-corps": "pool",
            "ger-6-corps": "pool",
            "ger-49-mtn": "pool",
        },
        phase="axis_omp",
    )
    assert "break ger-4-army" in _texts(R, s)
    _play(R, s, "break ger-4-army")
    assert s["pending"]["kind"] == "breakdown"
    assert _texts(R, s) == [
        "into ger-1-corps",
        "into ger-1-corps+ger-2-corps",
        "into ger-1-corps+ger-2-corps+ger-5-corps",
        "cancel",
    ]
    _play(R, s, "into ger-1-corps+ger-2-corps+ger-5-corps")
    assert s["pending"] is None
    assert [_at(s, u) for u in ("ger-1-corps", "ger-2-corps", "ger-5-corps")] == ["2020"] * 3
    assert _at(s, "ger-4-army") == "dead"
    assert _at(s, "ger-6-corps") == "pool"
    assert "select ger-1-corps" in _texts(R, s)  # not moved: free to move


def test_10_1_9_cancel_resumes_and_no_break_without_components(R, make_state) -> None:
    s = make_state(
        {"ger-4-army": "2020", "ger-1-corps": "pool"},
        phase="axis_omp",
    )
    _play(R, s, "break ger-4-army", "cancel")
    assert s["pending"] is None and _at(s, "ger-4-army") == "2020"
    s2 = make_state({"ger-4-army": "2020"}, phase="axis_omp")  # every corps out of play
    assert "break ger-4-army" not in _texts(R, s2)


# ------------------------------------------------------------------ 10.1.5 reverting
def test_10_1_5_revert_at_the_start_of_the_omp_if_supplied_and_undispersed(R, make_state) -> None:
    """At the start of the Axis OMP: the 4th Army (in supply) reverts to its stronger side;
    the 2nd (dispersed) and the 16th (out of supply in 1209, ringed by Soviet ZOC) do not."""
    s = make_state(
        {
            "ger-4-army": {"at": "2020", "flipped": True},
            "ger-2-army": {"at": "2220", "flipped": True, "dispersed": True},
            "ger-16-army": {"at": "1209", "flipped": True},
            **RING_1209,
        },
        phase="axis_omp",
    )
    from ostfront.games.sno import movement

    movement.begin(R, s)
    assert not s["units"]["ger-4-army"]["flipped"]
    assert s["units"]["ger-2-army"]["flipped"]
    assert s["units"]["ger-16-army"]["flipped"]


# ------------------------------------------------------------------ 10.1.6 / 6.5.4 winter
def test_10_1_6_winter_flip_at_the_end_of_the_omp_and_of_the_combat_phase(R, make_state) -> None:
    """December 1941, Snow. At the end of the Axis OMP the 4th Army in 1209 (north of the AWL,
    open country) flips to its weaker side; the 9th in Smolensk (a city) and the 2nd in 2020
    (south of the AWL) do not. At the end of the Axis Combat Phase the 9th flips too, city or
    not; the 2nd never."""
    s = make_state(
        {"ger-4-army": "1209", "ger-9-army": "1210", "ger-2-army": "2020"},
        turn="1941-12",
        weather="snow",
        phase="axis_omp",
    )
    _play(R, s, "end")  # the form phase begins: 10.1.6's first sentence
    assert s["phase"] == "axis_combat"  # nothing to form: the phase was stepped over
    assert s["units"]["ger-4-army"]["flipped"] is True
    assert not s["units"]["ger-9-army"].get("flipped")
    assert not s["units"]["ger-2-army"].get("flipped")
    _play(R, s, "end")  # the end of the Combat Phase: 10.1.6's second sentence
    assert s["phase"] != "axis_combat"
    assert s["units"]["ger-9-army"]["flipped"] is True
    assert not s["units"]["ger-2-army"].get("flipped")


def test_10_1_6_only_in_the_winter_of_1941_42_and_only_the_axis(R, make_state) -> None:
    for turn, phase in (("1942-12", "axis_combat"), ("1941-12", "soviet_combat")):
        s = make_state(
            {"ger-4-army": "1209", "sov-western-front": "1210"},
            turn=turn,
            weather="snow",
            phase=phase,
        )
        juggernauts.winter_flip_after_combat(R, s)
        juggernauts.winter_flip_after_omp(R, s)
        assert not s["units"]["ger-4-army"].get("flipped")


# ------------------------------------------------------------------ 10.1.2 lost for good
def test_10_1_2_lost_for_good_by_de_overrun_or_out_of_supply(R, make_state) -> None:
    s = make_state({"ger-4-army": "2020", "ger-16-army": "1209", **RING_1209})
    assert not units.lost_for_good(R, s, "ger-4-army")  # e.g. an AE, in supply: dead
    assert units.lost_for_good(R, s, "ger-4-army", "DE")  # 10.1.2b
    assert units.lost_for_good(R, s, "ger-4-army", "overrun")  # 10.1.2a
    assert units.lost_for_good(R, s, "ger-16-army")  # 10.1.2c: out of supply
    assert results.steps("DE", 9, 3)[0] == ["eliminate", "defender", "DE"]
    units.eliminate(R, s, ["ger-4-army", "ger-16-army"])
    assert _at(s, "ger-4-army") == "dead" and _at(s, "ger-16-army") == "lost"
    s2 = make_state({"pol-1-army": "2020", "sov-3-army": "2021"}, turn="1944-07")
    assert units.lost_for_good(R, s2, "pol-1-army", "DE")  # 'also the Polish 1st Army'
    assert not units.lost_for_good(R, s2, "sov-3-army", "DE")


def test_10_1_2_a_dead_juggernaut_may_be_formed_again_a_lost_one_never(R, make_state) -> None:
    s = make_state(
        {
            "ger-1-corps": "2020",
            "ger-2-corps": "2020",
            "ger-5-corps": "2020",
            "ger-4-army": "dead",
            "ger-9-army": "lost",
        },
        phase="axis_form",
    )
    assert {j for j, _ in juggernauts.form_options(R, s)} == {"ger-4-army"}


def test_10_1_9_no_overstack_where_no_stacking_check_follows(R, make_state) -> None:
    """The Western Front (4 stacking points) with the 3rd Army (2) in 1502 breaks into up to
    three 3-factor armies (6 points) in the OMP, where the stacking check follows (4.3); in
    the No Retreat orders step, after the last check of the player-turn, into no more than
    two (4 points: the six-point limit with the 3rd Army)."""
    units = {
        "sov-western-front": "1502",
        "sov-3-army": "1502",
        "sov-4-army": "pool",
        "sov-5-army": "pool",
        "sov-10-army": "pool",
    }
    s = make_state(units, phase="soviet_omp")
    assert breakdown.breakdown_options(R, s, "sov-western-front") == [
        ["sov-10-army"],
        ["sov-10-army", "sov-4-army"],
        ["sov-10-army", "sov-4-army", "sov-5-army"],
    ]
    s = make_state(units, phase="soviet_orders")
    assert breakdown.breakdown_options(R, s, "sov-western-front") == [
        ["sov-10-army"],
        ["sov-10-army", "sov-4-army"],
    ]


def test_10_1_9_a_break_down_that_makes_the_overstacked_hex_legal_ends_the_choice(
    R, make_state
) -> None:
    """SNO 4.4 with 10.1.9: the 4th Army (3 stacking points) and four corps (1 each) in 2020
    are seven points at the end of the Axis OMP. Broken down into one corps, the hex holds
    five: the overstack choice closes and the turn goes on (found by random play: the choice
    stayed open with nothing left to eliminate)."""
    s = make_state(
        {
            "ger-4-army": "2020",
            "ger-1-corps": "2020",
            "ger-2-corps": "2020",
            "ger-5-corps": "2020",
            "ger-6-corps": "2020",
            "ger-7-corps": "pool",
        },
        phase="axis_omp",
    )
    _play(R, s, "end")
    assert s["pending"] == {"kind": "overstack", "side": "axis", "hex": "2020"}
    assert "break ger-4-army" in _texts(R, s)
    _play(R, s, "break ger-4-army", "into ger-7-corps")
    assert s["pending"] is None
    assert s["phase"] == "axis_combat"
    assert _at(s, "ger-7-corps") == "2020" and _at(s, "ger-4-army") == "dead"


def test_10_1_9_no_break_down_while_isolation_is_chosen(R, make_state) -> None:
    """The break-down waits while a decision names units as they stand (breakdown.py
    BREAK_DURING): none is offered while the owner picks the isolated units a city loses
    (9.5.2), one is when no decision is open."""
    s = make_state({"ger-4-army": "2020", "ger-7-corps": "pool"}, phase="axis_disband")
    assert [a.text for a in breakdown.anytime_actions(R, s)] == ["break ger-4-army"]
    s["pending"] = {"kind": "isolation", "side": "axis", "city": "1306", "target": 3,
                    "group": ["ger-4-army"]}  # fmt: skip
    assert breakdown.anytime_actions(R, s) == []


def test_10_1_7_corps_committed_to_an_overrun_are_not_combined(R, make_state) -> None:
    """SNO 5.4.3-5.4.4 with 10.1.7: three corps in 1902 make the 4th Army, but not when one of
    them has declared an overrun - the attack is resolved as declared."""
    units = {
        "ger-1-corps": "1902",
        "ger-2-corps": "1902",
        "ger-5-corps": "1902",
        "ger-4-army": "pool",
    }
    s = make_state(units, phase="axis_form")
    assert juggernauts.form_options(R, s) == [
        ("ger-4-army", ["ger-1-corps", "ger-2-corps", "ger-5-corps"])
    ]
    s["overruns"] = [{"id": 1, "attackers": ["ger-5-corps"], "defenders": [], "where": {}}]
    assert juggernauts.form_options(R, s) == []
