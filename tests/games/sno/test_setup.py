"""Sturm Nach Osten scenarios and options: every set-up hex the rulebook states, the June 1941
forces and their stacking, force totals achievable, and clear errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.games.sno.counters import load_counters
from ostfront.games.sno.game import GAME
from ostfront.games.sno.setup import (
    DEFAULT_PATH,
    Scenarios,
    load_scenarios,
    load_scenarios_text,
    select_forces,
    starting_seas,
    starting_weather,
    starting_weather_plan,
    starting_weather_roll,
)
from ostfront.games.sno.stacking import stacking_problems


@pytest.fixture(scope="module")
def scens() -> Scenarios:
    return load_scenarios()


def where(scens: Scenarios, scenario: str) -> dict[str, str]:
    return {p.unit: p.hex for p in scens.scenario(scenario).placement.units}


APPENDIX_II = {
    "sov-3-army": "0919", "sov-4-army": "1120", "sov-5-army": "1321", "sov-6-army": "1422",
    "sov-8-army": "0518", "sov-9-army": "2321", "sov-10-army": "0920", "sov-11-army": "0718",
    "sov-13-army": "1017", "sov-16-army": "1816", "sov-18-army": "2020", "sov-19-army": "2214",
    "sov-20-army": "1211", "sov-21-army": "1514", "sov-22-army": "0911", "sov-24-army": "1107",
    "sov-26-army": "1523", "sov-27-army": "0515", "sov-ki": "1520",
    "sov-dnepropetrovsk-factory": "2414", "sov-gorki-factory": "1501",
    "sov-kharkov-factory": "2211", "sov-moscow-factory": "1306", "sov-stalino-factory": "2611",
    "sov-leningrad-factory": "0308", "sov-tula-factory": "1607",
    "sov-grozny-gar": "3907", "sov-kiev-gar": "1816", "sov-leningrad-gar": "0308",
    "sov-moscow-gar": "1306", "sov-rostov-gar": "2911", "sov-sevastopol-gar": "3018",
    "sov-stalingrad-gar": "2804", "sov-zhukov": "1306",
}  # fmt: skip


def test_appendix_ii_exact(scens: Scenarios) -> None:
    w = where(scens, "1941")
    for unit, hex_id in APPENDIX_II.items():
        assert w[unit] == hex_id, unit


def test_berlin_garrison_and_zhukov_begin_every_scenario(scens: Scenarios) -> None:
    # 12.4, 10.6.1
    for s in scens.spec.scenario:
        w = where(scens, s.id)
        assert w["ger-berlin-gar"] == "0327" and w["sov-zhukov"] == "1306", s.id


def test_rulebook_set_up_hexes_of_the_later_scenarios(scens: Scenarios) -> None:
    assert {
        k: v
        for k, v in where(scens, "1942a").items()
        if k in ("sov-21-army", "sov-42-army", "sov-2-shock")
    } == {"sov-21-army": "3018", "sov-42-army": "0308", "sov-2-shock": "0309"}  # 12.B(3)
    w = where(scens, "1942b")  # 12.C(3)
    assert (w["rom-3-army"], w["ita-8-army"], w["rom-4-army"], w["hun-2-army"]) == (
        "2706",
        "2508",
        "3005",
        "2208",
    )
    assert (w["ger-6-army"], w["ger-14-pz"]) == ("2804", "2804")
    assert (w["sov-2-shock"], w["sov-42-army"], w["sov-62-army"]) == ("0309", "0308", "2904")
    w = where(scens, "1944")  # 12.E(3)
    assert (w["ger-2-army"], w["ger-4-army"], w["ger-9-army"], w["ger-16-army"]) == (
        "1218",
        "1213",
        "1315",
        "0812",
    )


def test_june_1941_forces_are_the_underlined_units(scens: Scenarios) -> None:
    mix = load_counters()
    placed = set(where(scens, "1941"))
    assert {u.id for u in mix.underlined()} <= placed
    assert len(mix.underlined("axis")) == 31 and len(mix.underlined("soviet")) == 20


def test_june_1941_stacking_is_legal(scens: Scenarios) -> None:
    for hex_id, units in scens.placements("1941").items():
        assert stacking_problems(units) == [], hex_id


def test_june_1941_axis_restrictions(scens: Scenarios) -> None:
    # 12.A(3): nobody in Memel; at most three German stacking points in Romania
    board = GAME.board()
    w = where(scens, "1941")
    assert "0418" not in {h for u, h in w.items() if u.startswith(("ger", "rom", "hun"))}
    mix = load_counters()
    if "Romania" in board.regions:
        in_rom = sum(
            mix.unit(u).stacking
            for u, h in w.items()
            if u.startswith("ger") and board.in_region(h, "Romania")
        )
        assert in_rom <= 3


def test_stacking_rules_4_2_and_4_6() -> None:
    mix = load_counters()
    two_armies = [mix.unit("ger-4-army"), mix.unit("ger-9-army"), mix.unit("ger-5-corps")]
    assert any("more than 6" in p for p in stacking_problems(two_armies))
    armor = [mix.unit("ger-1-pzarmy"), mix.unit("ger-14-pz")]
    assert any("pure armor" in p for p in stacking_problems(armor))
    assert stacking_problems([mix.unit("ger-1-pzarmy"), mix.unit("ger-gd")]) == []  # armored inf
    allies = [mix.unit("rom-3-army"), mix.unit("hun-2-army")]
    assert any("4.6" in p for p in stacking_problems(allies))
    assert any("10.6.2" in p for p in stacking_problems([mix.unit("sov-zhukov")]))
    assert stacking_problems([mix.unit("sov-moscow-factory"), mix.unit("sov-zhukov")]) == []


@pytest.mark.parametrize(
    ("scenario", "side", "total", "armor"),
    [("1942a", "soviet", 72, 14), ("1942a", "axis", 90, 0), ("1942b", "axis", 100, 24),
     ("1942b", "soviet", 120, 0), ("1943", "soviet", 140, 0), ("1943", "axis", 120, 0),
     ("1944", "axis", 125, 33), ("1944", "soviet", 240, 0)],
)  # fmt: skip
def test_scenario_totals_are_achievable(
    scens: Scenarios, scenario: str, side: str, total: int, armor: int
) -> None:
    s = scens.scenario(scenario)
    f = s.forces[side]  # type: ignore[index]
    assert (f.total, f.armor_min) == (total, armor)
    chosen = select_forces(scens.mix, s, side)
    assert chosen is not None
    assert sum(u.force_cf for u in chosen) == total
    assert sum(u.force_cf for u in chosen if u.type in f.armor_counts) >= armor
    assert set(f.include) <= {u.id for u in chosen}
    assert not {u.id for u in chosen} & set(f.exclude)
    assert all(u.available <= s.start for u in chosen)  # 12.11(2)


def test_excluded_armies(scens: Scenarios) -> None:
    assert "ger-6-army" in scens.scenario("1943").forces["axis"].exclude  # 12.D(2)
    assert {"ger-6-army", "ger-17-army"} <= set(
        scens.scenario("1944").forces["axis"].exclude
    )  # 12.E(2)


def test_scenario_starts_and_first_players(scens: Scenarios) -> None:
    got = {s.id: (s.start, s.first, s.weather) for s in scens.spec.scenario}
    assert got == {
        "1941": ("1941-06", "axis", "good"),  # 6.1.2
        "1942a": ("1942-05", "axis", "mud"),
        "1942b": ("1942-11", "soviet", "good"),
        "1943": ("1943-06", "axis", "mud"),
        "1944": ("1944-06", "soviet", "good"),  # 6.1.2
    }


def test_factories_and_garrisons_by_scenario(scens: Scenarios) -> None:
    later = scens.scenario("1943")
    assert sorted(later.factories.evacuated) == ["sov-kharkov-factory", "sov-stalino-factory"]
    assert later.factories.eliminated == ["sov-dnepropetrovsk-factory"]
    assert sorted(scens.scenario("1942a").garrisons.soviet) == sorted(
        f"sov-{c}-gar" for c in ("grozny", "moscow", "leningrad", "stalingrad", "sevastopol")
    )


def test_option_changes(scens: Scenarios) -> None:
    assert set(scens.option("stalin-line").removed) == {  # 14.32
        "sov-21-army",
        "sov-22-army",
        "sov-24-army",
        "sov-26-army",
        "sov-27-army",
        "sov-ms",
        "sov-od",
    }
    o = scens.option("modernization")  # 14.42
    assert (o.soviet_total, o.soviet_armor_min) == (85, 20)
    for opt in ("may-conservative", "may-daring"):  # 14.53, 14.63
        assert scens.option(opt).dispersed == ["sov-21-army", "sov-22-army"]
    assert (
        scens.option("may-conservative").relocate,
        scens.option("may-conservative").relocate_to,
    ) == ("ger-1-pzarmy", "0924")


def test_hex_extras_show_moscow() -> None:
    extras = GAME.hex_extras("1306")
    assert extras["victory"]["counts"] == 2
    assert extras["factory"]["unit"] == "Moscow Factory"
    assert extras["garrison"]["unit"] == "Moscow Garrison"
    assert "sov-zhukov" in {u["id"] for u in extras["setup"]}
    assert GAME.hex_extras("0101") == {}


def test_data_check_passes() -> None:
    from ostfront.core.data_check import check_game

    report = check_game(GAME)
    assert all(f["ok"] for f in report["files"]), report
    assert {f["file"] for f in report["files"]} == {
        "map",
        "counters",
        "crt",
        "tables",
        "scenarios",
        "markers",
        "rule-notes",
    }


def broken(old: str, new: str) -> str:
    """The error message of the scenarios file with ``old`` replaced by ``new`` once."""
    text = Path(DEFAULT_PATH).read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(DataError) as exc:
        load_scenarios_text(text.replace(old, new, 1), "scenarios.toml", board=GAME.board())
    return str(exc.value)


def test_broken_placement_names_scenario_unit_and_field() -> None:
    msg = broken('{ unit = "ger-18-army", hex = "0519"', '{ unit = "ger-18-army", hex = "0418"')
    assert "scenarios.toml" in msg and "scenario[1: 1941]" in msg and "ger-18-army" in msg
    assert "Memel" in msg and "12.A(3)" in msg


def test_overstacked_hex_is_reported() -> None:
    msg = broken('{ unit = "ger-16-army", hex = "0619"', '{ unit = "ger-16-army", hex = "0519"')
    assert "hex 0519" in msg and "SNO 4.2" in msg


def test_unknown_unit_is_reported() -> None:
    msg = broken('unit = "sov-62-army"', 'unit = "sov-99-army"')
    assert "1942b" in msg and "sov-99-army" in msg


# ------------------------------------------------------------------ weather and seas at the start
def test_starting_weather_of_each_scenario() -> None:
    # 6.1.2 (every June Good), 12.B(6) May 1942 Mud, 12.C(6)a November 1942 Good, 12.D(6)a June
    # 1943 Mud (against 6.1.2)
    weather = {s: starting_weather(s) for s in ("1941", "1942a", "1942b", "1943", "1944")}
    assert weather == {
        "1941": "good",
        "1942a": "mud",
        "1942b": "good",
        "1943": "mud",
        "1944": "good",
    }


def test_starting_weather_plan_follows_6_1_3() -> None:
    # a Good November follows only an October Mud (6.1.3a): March Snow, April Mud, May Good
    assert starting_weather_plan("1942b") == {
        "1943-03": "snow",
        "1943-04": "mud",
        "1943-05": "good",
    }
    for s in ("1941", "1942a", "1943", "1944"):
        assert starting_weather_plan(s) == {}, s


def test_starting_seas_of_each_scenario(scens: Scenarios) -> None:
    # 3.3.2 Baltic by Konigsberg, 3.3.3 Black Sea by Sevastopol, 3.3.4 Azov by Rostov and
    # Sevastopol together (3.3.6: split, neither), 3.3.5 Caspian always Soviet
    seas = {s.id: starting_seas(s) for s in scens.spec.scenario}
    baltic, black, azov, caspian = "Baltic Sea", "Black Sea", "Sea of Azov", "Caspian Sea"
    assert seas == {
        "1941": {baltic: "axis", black: "soviet", azov: "soviet", caspian: "soviet"},
        "1942a": {baltic: "axis", black: "soviet", azov: "soviet", caspian: "soviet"},
        "1942b": {baltic: "axis", black: "axis", azov: "axis", caspian: "soviet"},
        "1943": {baltic: "axis", black: "axis", azov: None, caspian: "soviet"},
        "1944": {baltic: "axis", black: "soviet", azov: "soviet", caspian: "soviet"},
    }
    # the seas are exactly the map's sea areas
    areas = {n for n, r in GAME.board().regions.items() if r.kind == "sea_area"}
    assert all(set(v) == areas for v in seas.values())


def test_seas_are_checked_against_the_front_line() -> None:
    old = '"Sea of Azov" = "none"'
    msg = broken(old, '"Sea of Azov" = "axis"')
    assert "scenario[4: 1943].seas" in msg and "Sea of Azov is axis" in msg and "none" in msg
    msg = broken(
        '"Black Sea" = "axis", "Sea of Azov" = "axis"',
        '"Black Sea" = "soviet", "Sea of Azov" = "axis"',
    )
    assert "scenario[3: 1942b].seas: Black Sea is soviet, but its cities give axis" in msg


def test_a_missing_sea_is_reported() -> None:
    msg = broken(', "Caspian Sea" = "soviet" }', " }")
    assert "scenario[1: 1941].seas: give exactly the sea areas" in msg


def test_weather_against_6_1_2_needs_a_scenario_rule() -> None:
    msg = broken(
        'weather = "good"\nweather_rule = "6.1.2: every June is Good"',
        'weather = "mud"\nweather_rule = "6.1.2: every June is Good"',
    )
    assert "scenario[1: 1941].weather: mud in 1941-06 needs the scenario's own rule" in msg


def test_weather_plan_months_must_be_rolled_months() -> None:
    msg = broken('"1943-05" = "good"', '"1943-06" = "good"')
    assert "weather_plan: 1943-06 is fixed by 6.1.2" in msg


def test_may_1941_options_roll_their_weather() -> None:
    # 14.55, 14.65: 1-3 Good, 4-6 Mud
    roll = {1: "good", 2: "good", 3: "good", 4: "mud", 5: "mud", 6: "mud"}
    assert starting_weather_roll("may-conservative") == roll
    assert starting_weather_roll("may-daring") == roll
    assert starting_weather_roll("stalin-line") == {}


def test_a_weather_die_missing_a_face_is_refused() -> None:
    msg = broken("good = [1, 2, 3], mud = [4, 5, 6]", "good = [1, 2], mud = [4, 5, 6]")
    assert "option[5: may-conservative].weather_die: each face of the die 1-6" in msg
