"""Where the SNO rulebook contradicts itself, the reading Ostfront takes (each written in the
coverage table's notes, docs/rules/sturm-nach-osten.md), checked.

- 3.1.3 vs 10.4.2: factories have no ZOC (3.1.3, with 3.4.2: not combat units) though 10.4.2
  calls them combat units 'with a normal ZOC'; they defend with a factor of 1 (10.4.2).
- 5.4.1 vs 5.4.4: overrun needs 5:1 for the Axis (CRT A) and 6:1 for the Soviets (CRT B),
  as 5.4.4 and the CRTs pair the numbers, not 5:1 for both (5.4.1).
- 6.3.1 vs 5.3.2: see tests/games/sno/test_weather.py::test_6_3_rounding.
- 10.3.2 vs 12.7: part 2 (armor); the reading is noted in the table.
"""

from __future__ import annotations

from ostfront.games.sno import zoc


def test_3_1_3_over_10_4_2_a_factory_exerts_no_zoc(R, make_state) -> None:
    factory = next(u for u in R.counters.units.values() if u.type == "factory")
    s = make_state({factory.id: "1306"})
    assert not R.unit(factory.id).is_combat  # SNO 3.4.2
    assert zoc.zoc(R, s, "soviet") == frozenset()
    garrisoned = make_state({factory.id: "1306", "sov-moscow-gar": "1306"})
    assert zoc.zoc(R, garrisoned, "soviet") == frozenset(R.map.grid.neighbours("1306"))


def test_5_4_4_over_5_4_1_overrun_is_5_to_1_axis_and_6_to_1_soviet(R) -> None:
    assert R.crts.for_side("axis", "overrun_blitz").overrun_from == "5:1"
    assert R.crts.for_side("soviet", "overrun_blitz").overrun_from == "6:1"
