"""The Sturm Nach Osten counter mix: every fact the rulebook states, and clear errors.

SNO = shared/rules/sturm-nach-osten.txt; rule numbers in the comments. Provenance of each
value: docs/data/sno-counters.md. Factors the rulebook does not state are reconstructed, so
those tests check shape (the rules the values must obey), not the numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.games.sno.counters import (
    DEFAULT_PATH,
    CounterMix,
    fortify_bonus,
    load_counters,
    load_counters_text,
)


@pytest.fixture(scope="module")
def mix() -> CounterMix:
    return load_counters()


def text() -> str:
    return Path(DEFAULT_PATH).read_text(encoding="utf-8")


def test_underlined_counts_are_31_axis_and_20_soviet(mix: CounterMix) -> None:
    # 12.A(2): "There are 31 such Axis units and 20 such Soviet ones."
    assert len(mix.underlined("axis")) == 31
    assert len(mix.underlined("soviet")) == 20


def test_appendix_ii_units_are_underlined_and_ms_is_the_twentieth(mix: CounterMix) -> None:
    armies = [3, 4, 5, 6, 8, 9, 10, 11, 13, 16, 18, 19, 20, 21, 22, 24, 26, 27]
    und = {u.id for u in mix.underlined("soviet")}
    assert {f"sov-{n}-army" for n in armies} | {"sov-ki", "sov-ms"} == und
    # 14.32 names Ms and Od; Od is in the mix but (our reading) not underlined
    assert mix.unit("sov-od").code == "Od" and not mix.unit("sov-od").underlined


def test_three_g_units_and_one_m(mix: CounterMix) -> None:
    # 5.3.3: three "G" units (Guderian's 2nd Panzer Group) and the "M" 56th Panzerkorps
    g = [u for u in mix.units.values() if "G" in u.markings]
    assert len(g) == 3 and all(u.type == "armor" and u.nationality == "german" for u in g)
    assert [u.name for u in mix.units.values() if "M" in u.markings] == ["56th Panzer Corps"]


def test_two_ss_corps_second_from_february_1943(mix: CounterMix) -> None:
    ss = [u for u in mix.units.values() if "SS" in u.markings]
    assert len(ss) == 2  # 1.2.2
    assert all(u.available >= "1943-01" for u in ss)  # 11.7d
    assert mix.named("2nd SS Panzer Corps").reinforcement == "1943-02"  # 11.17


def test_named_axis_units_exist(mix: CounterMix) -> None:
    for name in (
        "1st Panzer Army",
        "14th Panzer Corps",
        "6th Army",
        "17th Army",
        "2nd Army",
        "4th Army",
        "9th Army",
        "16th Army",
    ):
        assert mix.named(name, "german").side == "axis"
    assert mix.named("3rd Army", "romanian").type == "infantry"
    assert not mix.named("3rd Army", "romanian").juggernaut  # 10.1.1
    assert mix.named("2nd Army", "hungarian").underlined
    assert mix.named("8th Army", "italian").reinforcement == "1942-05"  # 11.17


def test_german_armies_and_soviet_fronts_are_the_juggernauts(mix: CounterMix) -> None:
    jugg = [u for u in mix.units.values() if u.juggernaut]
    assert {(u.nationality, u.type) for u in jugg} == {("german", "infantry"), ("soviet", "front")}
    for u in jugg:  # 10.1.4: the weaker side moves further
        assert u.back and u.front and u.back.cf < u.front.cf and u.back.mf > u.front.mf  # type: ignore[operator]


def test_armor_prints_white_movement_above_black(mix: CounterMix) -> None:
    for u in mix.units.values():
        if u.is_armor_type:  # 10.3.3a, 10.3.4
            assert u.white_move and u.front and u.back and u.front.mf
            assert u.white_move > u.front.mf and u.white_move != u.back.mf


def test_fortified_bonuses_follow_10_7_5(mix: CounterMix) -> None:
    assert fortify_bonus(mix.unit("sov-42-army")) == 2
    assert fortify_bonus(mix.unit("sov-62-army")) == 2
    assert fortify_bonus(mix.unit("sov-western-front")) == 3
    assert fortify_bonus(mix.unit("ger-4-army")) == 2
    assert fortify_bonus(mix.unit("sov-1-shock")) == 0
    assert fortify_bonus(mix.unit("ger-49-mtn")) == 1
    assert mix.unit("sov-42-army").back.cf == mix.unit("sov-42-army").front.cf + 2  # type: ignore[union-attr]


def test_shock_armies_and_polish_army_arrive_as_stated(mix: CounterMix) -> None:
    # 11.17
    assert {m: sorted(u.id for u in us) for m, us in mix.reinforcements("soviet").items()} == {
        "1942-01": ["sov-1-shock", "sov-2-shock"],
        "1942-02": ["sov-3-shock"],
        "1942-03": ["sov-4-shock"],
        "1942-04": ["sov-5-shock"],
        "1944-06": ["pol-1-army"],
    }


def test_seven_garrisons_seven_factories_one_berlin_garrison_zhukov(mix: CounterMix) -> None:
    units = list(mix.units.values())
    assert sum(u.type == "garrison" and u.side == "soviet" for u in units) == 7  # App. II
    assert [u.id for u in units if u.type == "garrison" and u.side == "axis"] == ["ger-berlin-gar"]
    facs = [u for u in units if u.type == "factory"]
    assert len(facs) == 7 and all(u.activation and u.stacking == 0 for u in facs)  # 10.4, 4.5
    z = mix.unit("sov-zhukov")
    assert z.stacking == 0 and not z.is_combat and z.back_is == "attack-defense"  # 10.6


def test_date_limits_of_11_7(mix: CounterMix) -> None:
    for u in mix.units.values():
        if u.tank_army:
            assert u.available >= "1942-01"  # 11.7b
        if "Gd" in u.markings:
            assert u.available >= "1943-01" or u.tank_army  # 11.7c


def test_42nd_62nd_and_the_five_shock_armies(mix: CounterMix) -> None:
    assert mix.named("42nd Army").available <= "1942-05"
    assert mix.named("62nd Army").available <= "1942-11"
    assert sum(u.type == "shock" for u in mix.units.values()) == 5


# =================================================================== clear errors
def test_broken_value_names_file_unit_and_field() -> None:
    broken = text().replace(
        'id = "sov-42-army"\nname = "42nd Army"', 'id = "sov-42-army"\nname = "42nd Army"', 1
    )
    broken = broken.replace('front = "3-3"\nback = "5"', 'front = "3-3"\nback = "4"', 1)
    with pytest.raises(DataError) as exc:
        load_counters_text(broken, "counters.toml")
    msg = str(exc.value)
    assert "counters.toml" in msg and "sov-42-army" in msg and "back" in msg and "10.7.5" in msg


def test_unknown_field_and_bad_type_are_reported() -> None:
    broken = text().replace('type = "mountain"', 'type = "alpine"', 1)
    with pytest.raises(DataError) as exc:
        load_counters_text(broken, "counters.toml")
    assert "ger-49-mtn" in str(exc.value) and "type" in str(exc.value)


def test_a_fourth_g_unit_is_refused() -> None:
    broken = text().replace('markings = ["M"]', 'markings = ["G"]', 1)
    with pytest.raises(DataError) as exc:
        load_counters_text(broken, "counters.toml")
    assert "three 'G' units" in str(exc.value)


def test_1_2_3_every_combat_unit_but_the_garrisons_is_double_sided(mix: CounterMix) -> None:
    # 1.2.3: the reverse is the fortified status or an alternative mode (weaker side,
    # unrefitted side); garrisons alone print one side
    backs: dict[str, set[str | None]] = {}
    for u in mix.units.values():
        if u.is_combat:
            backs.setdefault(u.type, set()).add(u.back_is if u.back is not None else None)
    assert backs.pop("garrison") == {None}
    assert all(None not in b for b in backs.values()), backs
    assert set().union(*backs.values()) == {"fortified", "weaker", "unrefitted"}


def test_1_2_3_a_garrison_with_a_back_is_refused() -> None:
    bad = text().replace(
        'type = "garrison"\nfront = "4"\n', 'type = "garrison"\nfront = "4"\nback = "5"\n', 1
    )
    with pytest.raises(DataError) as exc:
        load_counters_text(bad, "counters.toml")
    msg = str(exc.value)
    assert "ger-berlin-gar" in msg and "1.2.3" in msg
