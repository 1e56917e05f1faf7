"""Sturm Nach Osten's CRTs and charts: the frame the rulebook fixes, its stated numbers, and
clear errors. Cells the rulebook does not print are reconstructed (docs/data/sno-tables.md);
these tests pin the frame and the design properties, not the cells.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.games.sno.crt import (
    CRT_FILE,
    ELIMINATES_DEFENDER,
    RESULTS,
    Crts,
    load_crt,
    load_crt_text,
    loss_curve,
    loss_curve_markdown,
    odds_column,
    shift_column,
)
from ostfront.games.sno.tables import (
    TABLES_FILE,
    Tables,
    april_weather,
    axis_rf,
    load_tables,
    load_tables_text,
    move_cost,
    october_weather,
    soviet_rf,
    victory_requirement,
)

DOC = Path(__file__).parents[3] / "docs" / "data" / "sno-tables.md"


@pytest.fixture(scope="module")
def crts() -> Crts:
    return load_crt()


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables()


# =================================================================== CRT frame
def test_assault_odds_run_1_6_to_7_1_axis_and_10_1_soviet(crts: Crts) -> None:
    # 7.4.7, 7.4.8
    a, s = crts.table("axis-assault"), crts.table("soviet-assault")
    assert (a.columns[0], a.columns[-1]) == ("1:6", "7:1")
    assert (s.columns[0], s.columns[-1]) == ("1:6", "10:1")
    assert crts.result("axis-assault", None, 1) == "AE"  # below 1:6


def test_odds_round_in_the_defenders_favour(crts: Crts) -> None:
    cols = crts.table("soviet-assault").columns
    assert odds_column(29, 10, cols) == "2:1"  # 7.2.1 step four's examples
    assert odds_column(7, 4, cols) == "3:2"
    assert odds_column(5, 12, cols) == "1:3"
    assert odds_column(15, 1, crts.table("axis-assault").columns) == "7:1"  # 7.4.8
    assert odds_column(1, 7, cols) is None  # 7.4.7
    assert shift_column("1:6", -1, cols) is None


def test_one_die(crts: Crts) -> None:
    for t in crts.tables.values():
        assert sorted(t.rows) == [1, 2, 3, 4, 5, 6]


def test_every_result_code_appears_on_the_assault_crts(crts: Crts) -> None:
    # 7.3.1, 7.3.7: each code on both Assault CRTs
    for tid in ("axis-assault", "soviet-assault"):
        t = crts.table(tid)
        seen = {r for row in t.rows.values() for r in row}
        assert seen == set(RESULTS), tid


def test_overrun_always_eliminates_the_defender(crts: Crts) -> None:
    # 5.4.4-5.4.5: from 5:1 on CRT A, 6:1 on CRT B
    for tid, start in (("overrun-blitz-a", "5:1"), ("overrun-blitz-b", "6:1")):
        t = crts.table(tid)
        assert t.overrun_from == start
        for col in t.columns[t.columns.index(start) :]:
            assert all(r in ELIMINATES_DEFENDER for r in t.column_results(col))


def test_blitz_minimum_2_1_axis_3_1_soviet_else_ae(crts: Crts) -> None:
    # 5.4.1c
    assert crts.for_side("axis", "overrun_blitz").columns[0] == "2:1"
    assert crts.for_side("soviet", "overrun_blitz").columns[0] == "3:1"
    assert crts.result("overrun-blitz-b", None, 6) == "AE"


def test_crt_a_is_axis_and_b_soviet(crts: Crts) -> None:
    # 7.2.1 step three (the rule it cites is missing): the reading documented in sno-tables.md
    assert crts.for_side("axis", "overrun_blitz").id == "overrun-blitz-a"
    assert crts.for_side("soviet", "overrun_blitz").id == "overrun-blitz-b"


def test_combat_options_never_alter_overrun_results(crts: Crts) -> None:
    t = crts.table("overrun-blitz-a")
    for die in range(1, 7):
        assert crts.result(t.id, "2:1", die, exchange_conversion=True, no_retreat=True) == t.cell(
            "2:1", die
        )


def test_die_roll_of_one_against_no_retreat_is_at_least_dx(crts: Crts) -> None:
    # 7.6.1: at 1:4 or greater; (DR) converts to "-" under No Retreat on these tables
    t = crts.table("axis-assault")
    assert t.cell("1:4", 1) == "(DR)"
    assert crts.convert(t.id, "(DR)", "no_retreat") == "-"
    assert crts.result(t.id, "1:4", 1, no_retreat=True) == "DX"
    assert crts.result(t.id, "1:5", 1, no_retreat=True) != "DX"  # below 1:4: no effect


def test_exchange_conversion_column_and_both_column(crts: Crts) -> None:
    # 7.5.1, 7.6.3: three conversion columns per Assault CRT
    assert crts.result("axis-assault", "3:1", 3, exchange_conversion=True) in ELIMINATES_DEFENDER
    assert crts.convert("axis-assault", "DR", "both") == "EX"


def test_expected_defender_loss_never_falls_as_odds_rise(crts: Crts) -> None:
    for tid, curve in loss_curve(crts).items():
        losses = [e.defender_loss for e in curve]
        assert losses == sorted(losses), tid


def test_the_doc_shows_the_computed_loss_curves(crts: Crts) -> None:
    assert loss_curve_markdown(crts) in DOC.read_text(encoding="utf-8")


def test_broken_crt_names_file_table_and_field() -> None:
    text = Path(CRT_FILE).read_text(encoding="utf-8")
    broken = text.replace(
        '["DX",    "HX",    "DE", "DE", "DE", "DE"]',
        '["DX",    "HX",    "DE", "DR", "DE", "DE"]',
        1,
    )
    with pytest.raises(DataError) as exc:
        load_crt_text(broken, "crt.toml")
    msg = str(exc.value)
    assert "crt.toml" in msg and "overrun-blitz-a" in msg and "rows.1" in msg and "5.4.5" in msg


def test_every_result_code_says_what_it_does_with_its_rule(crts: Crts) -> None:
    # 7.3.1, 7.3.7: one meaning per code the tables print, shown in the odds box and chart
    assert set(crts.meanings) == set(RESULTS)
    name, meaning, rule = crts.meanings["TX"]
    assert name == "Total exchange" and "both sides" in meaning and rule == "7.3.1"
    assert crts.meanings["DR/AL"][2] == "7.3.7"
    assert [c[0] for c in crts.choices][:2] == ["Assault CRT", "Overrun/Blitz CRT"]


def test_a_result_code_without_a_meaning_is_named() -> None:
    text = Path(CRT_FILE).read_text(encoding="utf-8")
    broken = text.replace('code = "HX"', 'code = "DX"', 1)
    with pytest.raises(DataError) as exc:
        load_crt_text(broken, "crt.toml")
    msg = str(exc.value)
    assert (
        "results: no meaning for HX (7.3.1, 7.3.7)" in msg and "more than one entry for DX" in msg
    )


# =================================================================== charts
def test_clear_costs_one_and_swamp_mountain_cost_more_for_some(tables: Tables) -> None:
    # 5.5.1, 5.1.3
    assert {move_cost(tables, "clear", t) for t in ("infantry", "armor", "mountain")} == {1}
    for terrain in ("swamp", "mountain"):
        costs = set(tables.hex_row(terrain).move.values())
        assert 1 in costs and max(c for c in costs if isinstance(c, int)) > 1
    assert move_cost(tables, "mountain", "mountain") == 1


def test_exactly_these_tec_cells_are_reconstructed(tables: Tables) -> None:
    assert tables.reconstructed_cells() == [
        f"terrain_effects.{t}.move.{c}"
        for t in ("swamp", "mountain")
        for c in ("foot", "mountain", "armor", "cavalry")
    ]


def test_weather_determination_6_1(tables: Tables) -> None:
    w = tables.spec.weather
    assert w.fixed["July"] == "good" and w.fixed["January"] == "snow"  # 6.1.2
    mud = october_weather(tables, 3)  # 6.1.3a
    assert mud.october == "mud" and mud.then == {
        "November": "good",
        "March": "snow",
        "April": "mud",
        "May": "good",
    }
    good = october_weather(tables, 2)  # 6.1.3b
    assert (
        good.october == "good"
        and good.then == {"November": "snow", "March": "mud"}
        and good.april_roll
    )
    assert (
        april_weather(tables, 3).april == "good" and april_weather(tables, 3).then["May"] == "mud"
    )
    assert (
        april_weather(tables, 4).april == "mud" and april_weather(tables, 4).then["May"] == "good"
    )


def test_replacement_rates_11_10_to_11_14(tables: Tables) -> None:
    r = tables.spec.replacements
    assert r.soviet_siberia == {"1941": 2, "1942": 3, "1943": 4, "1944": 5, "1945": 6}
    assert r.axis_base == {"1941": 2, "1942": 4, "1943": 6, "1944": 6, "1945": 6}
    assert r.axis_daring_base == {"1941": 1, "1942": 2, "1943": 3, "1944": 4, "1945": 5}  # 14.62
    assert soviet_rf(tables, 1943, factories=6, victory_cities=4) == 14
    assert axis_rf(tables, 1942, soviet_victory_cities_held=5, axis_victory_cities=9) == 6
    assert axis_rf(tables, 1943, soviet_victory_cities_held=2, axis_victory_cities=5) == 5  # 11.14
    assert r.first_turn["campaign-1941-06"] == {"axis": 1, "soviet": 6}  # 12.A(6)a


def test_victory_requirements_15_6(tables: Tables) -> None:
    want = {
        "1941-12": (10, 8),
        "1942-12": (12, 6),
        "1943-12": (10, 8),
        "1944-12": (7, 11),
        "1945-05": (3, 14),
    }
    for turn, (a, s) in want.items():
        assert (
            victory_requirement(tables, turn, "axis"),
            victory_requirement(tables, turn, "soviet"),
        ) == (a, s)
    cities = tables.spec.victory.cities
    assert len(cities) == 14 and {c.name for c in cities if c.value == 2} == {"Berlin", "Moscow"}


def test_breakout_and_evacuation_numbers_8_x(tables: Tables) -> None:
    b = tables.spec.breakout
    assert (b.disband_juggernaut_less, b.disband_other_less, b.free_movement_points) == (2, 1, 3)
    assert (b.evacuation_path_max, b.evacuation_enemy_zoc) == (3, 1)
    assert b.evacuation_per_sea_per_turn == {"Baltic Sea": 2, "Black Sea": 2}


def test_movement_numbers(tables: Tables) -> None:
    m = tables.spec.movement
    assert m.strategic_bonus == {"axis": 2, "soviet": 3}  # 5.3.2
    assert m.fuel_shortage_allowance == {"axis": 4, "soviet": 3}  # 5.3.4
    assert m.mud_maximum == 3  # 6.3.1


def test_replacement_entry_limits_11_8(tables: Tables) -> None:
    assert {p.place: p.replacement_limit for p in tables.tec.places} == {
        "town": 2,
        "minor_city": 3,
        "major_city": 4,
        "victory_city": 6,
        "supply_edge": 6,
    }


def test_broken_tables_file_names_the_field() -> None:
    text = Path(TABLES_FILE).read_text(encoding="utf-8")
    broken = text.replace('die = "1-2"\noctober = "good"', 'die = "1-3"\noctober = "good"', 1)
    with pytest.raises(DataError) as exc:
        load_tables_text(broken, "tables.toml")
    assert "tables.toml" in str(exc.value) and "weather.october" in str(exc.value)
