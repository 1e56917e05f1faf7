"""Custom SNO positions: what a position may state, and the clear errors for what it may not."""

from __future__ import annotations

import re

import pytest

from ostfront.core.errors import DataError
from ostfront.core.position import position_from_dict
from ostfront.core.protocol import NotPlayable
from ostfront.games.sno.game import GAME


def pos(**fields):
    return position_from_dict({"game": "sno", "turn": "1941-07", "phase": "axis_omp", **fields})


def refused(**fields) -> str:
    with pytest.raises(DataError) as info:
        GAME.setup(seed=1, position=pos(**fields))
    return str(info.value)


def test_part_2_counters_with_their_faces() -> None:
    s = GAME.setup(
        seed=1,
        position=pos(
            units=[
                {"id": "sov-moscow-factory", "hex": "1306", "status": ["flipped"]},
                {"id": "sov-moscow-gar", "hex": "1306"},
                {"id": "sov-zhukov", "hex": "1306"},
                {"id": "ger-41-pz", "hex": "1014", "status": ["flipped", "fortified"]},
                {"id": "ger-4-army", "hex": "1016", "status": ["flipped"]},
            ]
        ),
    )
    assert s["units"]["sov-moscow-factory"]["flipped"] is True  # entrained (10.4.8)
    assert s["units"]["ger-41-pz"] == {
        "at": "1014", "dispersed": False, "fortified": True, "flipped": True,
    }  # fmt: skip
    assert "flipped" not in s["units"]["sov-zhukov"]  # his D side (10.6.1)
    # a garrison prints one face (1.2.3); an infantry corps' back is its fortified side
    assert "this unit has none" in refused(
        units=[{"id": "sov-kiev-gar", "hex": "1816", "status": ["flipped"]}]
    )
    assert "this unit has none" in refused(
        units=[{"id": "ger-5-corps", "hex": "1014", "status": ["flipped"]}]
    )


def test_a_turn_must_be_a_month() -> None:
    with pytest.raises(DataError, match="turn"):
        position_from_dict({"game": "sno", "turn": "1941-13"})
    with pytest.raises(DataError, match=re.escape('give the month, e.g. turn = "1941-07"')):
        GAME.setup(seed=1, position=position_from_dict({"game": "sno", "turn": 3}))


def test_bad_facts_are_named() -> None:
    assert "phase: 'axis_move' is not one of" in refused(phase="axis_move")
    assert "October has no fixed weather (SNO 6.1.2): give it" in refused(
        turn="1941-10", phase="axis_omp"
    )
    assert "extra: unknown stalin" in refused(extra={"stalin": "dead"})
    assert "extra.control: 1314 is not a Major or Victory city" in refused(
        extra={"control": {"1314": "axis"}}
    )
    assert "extra.seas: 'North Sea' is not one of" in refused(extra={"seas": {"North Sea": "axis"}})
    assert "is not a Victory Determination Turn" in refused(extra={"last_turn": "1942-06"})
    msg = refused(units=[{"id": "sov-5-army", "hex": "1321"}, {"id": "ger-5-corps", "hex": "1321"}])
    assert "units of opposing sides never stack together (SNO 4.4)" in msg
    msg = refused(units=[{"id": "hun-2-army", "hex": "1623"}, {"id": "rom-3-army", "hex": "1623"}])
    assert "SNO 4.6" in msg
    assert "may never fortify (SNO 10.7)" in refused(
        units=[{"id": "sov-kiev-gar", "hex": "1816", "status": ["fortified"]}]
    )
    assert "is sea, not land" in refused(units=[{"id": "sov-5-army", "hex": "2520"}])


def test_strategic_options_are_refused_with_a_position() -> None:
    with pytest.raises(NotPlayable, match=re.escape("partisans, SNO 14.8) belong to")):
        GAME.setup(options=["partisans"], seed=1, position=pos())


def test_5_5_11_from_april_1942_the_hungarian_army_may_attack() -> None:
    """June 1942, the Axis Combat Phase: the Hungarian 2nd Army in 1524 must attack the
    Soviet 5th Army across the border (Hungary active since April, 5.5.11)."""
    s = GAME.setup(
        seed=1,
        position=pos(
            turn="1942-06",
            phase="axis_combat",
            units=[{"id": "sov-5-army", "hex": "1523"}, {"id": "hun-2-army", "hex": "1524"}],
        ),
    )
    assert "attack 1523" in {a.text for a in GAME.legal_actions(s)}
    assert "extra.hungary_active: Hungary is active from April 1942 (SNO 5.5.11, 11.19)" in (
        refused(turn="1942-06", extra={"hungary_active": False})
    )
    # before April 1942 the position says
    early = GAME.setup(seed=1, position=pos(turn="1942-03", weather="snow"))
    assert early["hungary_active"] is False


def test_3_2_2_a_position_records_who_entered_its_cities_last() -> None:
    s = GAME.setup(seed=1, position=pos(extra={"control": {"1816": "axis", "1306": "none"}}))
    assert s["entered"]["1816"] == "axis"  # stated control: the Axis entered Kiev last
    assert s["entered"]["1015"] == "soviet"  # Minsk on the Soviet side of the 1941 border
    assert s["entered"]["0922"] == "axis"  # Warsaw
    assert "1306" not in s["entered"]  # Moscow held by nobody: nobody entered it
