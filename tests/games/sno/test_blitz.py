"""SNO 5.4.1a-b Blitz: markers placed in the OMP on the overrunning units and on units whose
move was possible only because of an overrun (movement.py asks, overruns.mark_blitz places),
then the Blitz attack on the Overrun/Blitz CRT in the Combat Phase - played through the game's
door. Around 1903 (clear, no river); the first die of seed 19 is a 1."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games import get
from ostfront.games.sno import movement, overruns

GAME = get("sno")

UNITS = {
    "ger-1-pzarmy": "1902",
    "ger-2-sspz": "1802",
    "ger-5-corps": "1904",
    "ger-6-corps": "1904",
    "ger-7-corps": "1801",
    "ger-8-corps": "1701",
    "sov-1-gds": "1903",  # 4: overrun at 20:4 -> 5:1
}


def _apply(s, *texts):
    for t in texts:
        legal = {a.text for a in GAME.legal_actions(s)}
        assert t in legal, f"{t!r} not among {sorted(legal)}"
        s = GAME.apply(s, Action.parse(t))
    return s


def _overrun(R, make_state, units=UNITS):
    s = make_state(units, phase="axis_omp", seed=19)
    movement.begin(R, s)
    # before the overrun the 7th Corps cannot reach 2003: the 1st Guards Army's ZOC stops it
    assert "2003" not in movement.moves(R, s, "ger-7-corps")
    return _apply(s, "overrun 1903", "overrun_declare")


def test_5_4_1b_blitz_marker_given_and_withheld(R, make_state) -> None:
    s = _overrun(R, make_state)
    assert overruns.blitz_units(s) == {"ger-1-pzarmy", "ger-2-sspz", "ger-5-corps", "ger-6-corps"}
    # given: 1801 -> 1902 -> 2002 -> 2003 runs through the ZOC the overrun took away (3.1.4)
    s = _apply(s, "select ger-7-corps", "to 2003")
    assert s["units"]["ger-7-corps"]["at"] == "2003"
    assert "ger-7-corps" in overruns.blitz_units(s)
    # withheld: 1701 -> 1702 was open without the overrun
    s = _apply(s, "select ger-8-corps", "to 1702")
    assert s["units"]["ger-8-corps"]["at"] == "1702"
    assert "ger-8-corps" not in overruns.blitz_units(s)


def test_5_4_2_a_move_into_the_overrun_hex_earns_a_marker(R, make_state) -> None:
    s = _overrun(R, make_state)
    s = _apply(s, "select ger-7-corps", "to 1903")  # into the overrun units' hex (5.4.2)
    assert s["units"]["ger-7-corps"]["at"] == "1903"
    assert "ger-7-corps" in overruns.blitz_units(s)


def test_5_4_1a_the_blitz_attack_after_the_overrun(R, make_state) -> None:
    units = {**UNITS, "sov-3-army": "2104", "ger-3-pz": "2105"}
    s = _overrun(R, make_state, units)
    s = _apply(s, "select ger-7-corps", "to 2003")
    assert "ger-7-corps" in overruns.blitz_units(s)
    s = _apply(s, "end")
    while s["phase"] != "axis_combat":  # the form phase, if it has anything to offer
        s = _apply(s, "end")
    assert [(a["id"], a["kind"]) for a in s["combat"]["plan"]] == [(1, "overrun")]
    # the 7th Corps (Blitz, 2) and the 3rd Panzer Corps (not, 5) on the 3rd Army (3): a
    # Blitz attack, 7:3 -> 2:1 on CRT A, resolved after the overrun
    s = _apply(s, "attack 2104", "declare", "commit")
    assert s["combat"]["plan"][1]["kind"] == "blitz"
    legal = [a.text for a in GAME.legal_actions(s)]
    assert "roll 1" in legal and "roll 2" not in legal  # SNO 5.4.5: the overrun first
    s = _apply(s, "roll 1")  # die 1: DE
    assert s["units"]["sov-1-gds"]["at"] in ("dead", "lost")
    while s.get("pending"):  # the advance after combat: stay
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    legal = [a.text for a in GAME.legal_actions(s)]
    assert "roll 2" in legal and "roll 2 ec" not in legal and "roll 2 ob" not in legal
    roll = next(a for a in GAME.legal_actions(s) if a.text == "roll 2")
    column = R.crts.table("overrun-blitz-a").column_results("2:1")
    assert set(GAME.roll_distribution(s, roll)) == set(column)
    s = GAME.apply(s, roll)
    attack = s["combat"]["plan"][1]
    assert attack["crt"] == "overrun_blitz" and attack["result"] in column
