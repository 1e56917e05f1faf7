"""What invariants.py reports: each check fires on a state that breaks it, and keeps quiet on
the rules' own exceptions (5.4.2: a hex held solely by units being overrun; 10.7.1: armor and
juggernauts fortify with a marker)."""

from __future__ import annotations

from ostfront.games.sno.invariants import broken


def test_both_sides_in_a_hex_unless_the_enemy_there_is_being_overrun(R, make_state) -> None:
    s = make_state({"ger-41-pz": "1903", "sov-3-army": "1903"}, phase="axis_omp")
    assert broken(R, s) == ["hex 1903 holds units of both sides: ger-41-pz, sov-3-army"]
    s["overruns"] = [
        {"id": 1, "attackers": ["ger-41-pz"], "defenders": ["sov-3-army"], "where": {}}
    ]
    assert broken(R, s) == []  # SNO 5.4.2: entered through the overrun
    s["phase"] = "soviet_omp"  # the overrun units' own side moving in: no exception
    assert broken(R, s) == ["hex 1903 holds units of both sides: ger-41-pz, sov-3-army"]


def test_never_fortified_types_only(R, make_state) -> None:
    """SNO 10.7.1-10.7.2: armor may be fortified (a marker); a factory never."""
    s = make_state(
        {
            "ger-41-pz": {"at": "1903", "fortified": True},
            "sov-leningrad-factory": {"at": "0308", "fortified": True},
        },
        control={},
    )
    assert broken(R, s) == [
        "sov-leningrad-factory (factory) is fortified, which it may never be (SNO 10.7)"
    ]
