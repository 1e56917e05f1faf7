"""SNO 5.5.9 beyond movement: from September 1941 to June 1944 no Soviet attack into the
Finnish-occupied area, nor a Soviet supply line through it (the rail lines:
test_control.py). The same positions in August 1941 show the difference is the date."""

from __future__ import annotations

from ostfront.games.sno import sequence, supply


def test_5_5_9_no_soviet_attack_into_the_finnish_area(R, make_state) -> None:
    """A German corps at 0305 (inside the area) beside the Soviet 3rd Army at 0405 (on its
    line, which Soviets may enter)."""
    units = {"ger-5-corps": "0305", "sov-3-army": "0405"}
    august = make_state(units, turn="1941-08", phase="soviet_combat")
    assert [a.text for a in sequence.actions(R, august) if a.verb == "attack"] == ["attack 0305"]
    september = make_state(units, turn="1941-09", phase="soviet_combat")
    assert [a.text for a in sequence.actions(R, september) if a.verb == "attack"] == []


def test_5_5_9_no_soviet_supply_line_through_the_finnish_area(R, make_state) -> None:
    """The Soviet 3rd Army at 0305, inside the area (as after a move made before September),
    is out of supply from September; the 4th Army on the line at 0405 is not."""
    units = {"sov-3-army": "0305", "sov-4-army": "0405"}
    august = make_state(units, turn="1941-08", phase="soviet_omp")
    assert supply.status(R, august, "soviet") == {"sov-3-army": True, "sov-4-army": True}
    september = make_state(units, turn="1941-09", phase="soviet_omp")
    assert supply.status(R, september, "soviet") == {"sov-3-army": False, "sov-4-army": True}
