"""SNO 4.0 stacking in play (games/sno/stacking.py): the end-of-phase check (4.3) and the
owner's eliminations (4.4)."""

from __future__ import annotations

import pytest

from ostfront.core.phases import DONE
from ostfront.games.sno import stacking

CORPS = [f"ger-{n}-corps" for n in (5, 6, 12, 43, 53, 29, 1, 26)]  # German corps: 1 point each
ARMIES = ["sov-5-army", "sov-6-army", "sov-8-army", "sov-9-army"]  # Soviet armies: 2 points


@pytest.fixture
def ended(monkeypatch):
    """Record the phase ends stacking.perform asks for (it returns DONE; the sequence would
    then end the phase, which is not under test)."""
    calls = []
    perform = stacking.perform

    def recording(R, s, action):
        if perform(R, s, action) == DONE:
            calls.append(1)

    monkeypatch.setattr(stacking, "perform", recording)
    return calls


def test_4_2_six_points_are_legal(R, make_state):
    s = make_state(dict.fromkeys(CORPS[:6], "1904"))
    assert stacking.check(R, s) is False and s["pending"] is None


def test_4_3_only_the_phasing_players_units(R, make_state):
    # eight Soviet points in 2004 at the end of the Axis OMP: never applied to them
    s = make_state(dict.fromkeys(ARMIES, "2004"), phase="axis_omp")
    assert stacking.check(R, s) is False
    s = make_state(dict.fromkeys(ARMIES, "2004"), phase="soviet_omp")
    assert stacking.check(R, s) is True
    assert s["pending"] == {"kind": "overstack", "side": "soviet", "hex": "2004"}


def test_4_4_the_owner_chooses_which_units_to_eliminate(R, make_state, ended):
    s = make_state({**dict.fromkeys(CORPS, "1904"), "sov-5-army": "2004"}, phase="axis_disband")
    assert stacking.check(R, s) is True
    assert s["pending"] == {"kind": "overstack", "side": "axis", "hex": "1904"}
    acts = stacking.actions(R, s)
    assert [a.text for a in acts] == [f"eliminate {u}" for u in sorted(CORPS)]
    assert {a.side for a in acts} == {"axis"} and {a.rule for a in acts} == {"SNO 4.4"}
    assert acts[0].label == "Eliminate German 1st Corps in 1904: over the stacking limit"
    assert "8 stacking points" in stacking.prompt(R, s).text
    stacking.perform(R, s, acts[0])  # eight points: one gone, still seven
    assert s["units"]["ger-1-corps"]["at"] == "dead"
    assert s["pending"] == {"kind": "overstack", "side": "axis", "hex": "1904"} and not ended
    stacking.perform(R, s, stacking.actions(R, s)[-1])  # ger-6-corps
    assert s["units"]["ger-6-corps"]["at"] == "dead"
    assert s["pending"] is None and ended == [1]  # legal: the phase goes on
    assert sum(1 for u in CORPS if s["units"][u]["at"] == "1904") == 6


def test_4_4_one_hex_after_another(R, make_state, ended):
    s = make_state(
        {**dict.fromkeys(CORPS[:7], "1904"), **dict.fromkeys(ARMIES, "2905")},
        phase="soviet_omp",
    )
    assert stacking.check(R, s) and s["pending"]["hex"] == "2905"  # only the Soviet stack
    stacking.perform(R, s, stacking.actions(R, s)[0])
    assert s["pending"] is None and ended == [1]


def test_4_5_dispersed_units_count_in_full(R, make_state):
    units = {u: "1904" for u in CORPS[:6]}
    units[CORPS[6]] = {"at": "1904", "dispersed": True}
    s = make_state(units)
    assert stacking.check(R, s) is True


def test_4_6_hungarians_and_romanians_never_stack(R, make_state, ended):
    s = make_state({"rom-3-army": "1904", "hun-2-army": "1904", "ger-5-corps": "1904"})
    assert stacking.hex_problems(R, s, "1904", "axis") == [
        "Hungarian and Romanian units may never stack together (SNO 4.6)"
    ]
    assert stacking.check(R, s)
    assert [a.args[0] for a in stacking.actions(R, s)] == ["hun-2-army", "rom-3-army"]
    stacking.perform(R, s, stacking.actions(R, s)[1])
    assert s["units"]["rom-3-army"]["at"] == "dead" and s["pending"] is None


def test_garrisons_eliminated_for_stacking_are_lost_for_good(R, make_state, ended):
    s = make_state(
        {"sov-moscow-gar": "1306", **dict.fromkeys(ARMIES[:3], "1306")}, phase="soviet_omp"
    )  # 1 + 6 points
    assert stacking.check(R, s)
    stacking.perform(R, s, stacking.actions(R, s)[-1])
    assert s["units"]["sov-moscow-gar"]["at"] == "lost"  # SNO 10.5.5


def test_4_3_at_the_end_of_the_omp_through_the_sequence(R, make_state):
    from ostfront.core.protocol import Action
    from ostfront.games.sno import sequence

    s = make_state({**dict.fromkeys(CORPS[:7], "1904"), "sov-5-army": "2904"})
    sequence.perform(R, s, Action("end"))
    assert s["phase"] == "axis_form"  # SNO 10.1.7 first; waiting for the owner's choice
    assert s["pending"] == {"kind": "overstack", "side": "axis", "hex": "1904"}
    acts = sequence.actions(R, s)
    assert len(acts) == 7 and acts[0].text == "eliminate ger-1-corps"
    sequence.perform(R, s, acts[0])
    assert s["units"]["ger-1-corps"]["at"] == "dead"
    assert s["pending"] is None and s["phase"] == "axis_combat"  # recovery, then combat
