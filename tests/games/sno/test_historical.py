"""SNO 12.B-E: the historical forces and set-ups (data/historical/*.toml) meet every force and
set-up rule of their scenario. Checked here from the rules' side, independently of the
loader's own checks: totals (12.5, read as exact), minimums, must-include and excluded units,
dates of availability (12.11(2)), the front line and forbidden hexes (12.3, 12.x(3)), the
scenario's fixed placements, stacking (4.2, 4.6) and 12.D(3)'s concentrations."""

from __future__ import annotations

from collections import defaultdict

import pytest

from ostfront.core.errors import DataError
from ostfront.games.sno.board import board
from ostfront.games.sno.counters import load_counters
from ostfront.games.sno.historical import (
    DATA,
    SCENARIOS,
    historical_notes,
    historical_placement,
    load_historical,
    load_historical_text,
)
from ostfront.games.sno.setup import load_scenarios, side_at_start
from ostfront.games.sno.stacking_limits import stacking_problems

READY = list(SCENARIOS)
CASES = [(s, side) for s in READY for side in ("axis", "soviet")]
MIX = load_counters()


def _units(scenario: str, side: str):
    return [(MIX.unit(u), h) for u, h in historical_placement(scenario, side)]


def _extra(scenario: str, side: str) -> set[str]:
    scen = load_scenarios().scenario(scenario)
    f = scen.forces[side]  # type: ignore[index]
    return set(f.plus) | {
        u.id
        for u in MIX.of_side(side)
        if u.nationality in f.plus_nationalities and u.available <= scen.start
    }


def test_every_later_scenario_has_a_file() -> None:
    assert sorted(p.stem for p in DATA.glob("*.toml")) == ["1942a", "1942b", "1943", "1944"]


@pytest.mark.parametrize("scenario", READY)
def test_file_loads(scenario: str) -> None:
    assert load_historical(scenario).historical.scenario == scenario


@pytest.mark.parametrize(("scenario", "side"), CASES)
def test_forces_meet_the_scenario(scenario: str, side: str) -> None:
    scen = load_scenarios().scenario(scenario)
    f = scen.forces[side]  # type: ignore[index]
    units = [u for u, _ in _units(scenario, side)]
    ids = [u.id for u in units]
    assert len(ids) == len(set(ids))
    extra = _extra(scenario, side)
    assert extra <= set(ids)  # every Romanian/Hungarian/Italian (or named) unit besides
    counted = [u for u in units if u.id not in extra]
    # SNO 12.11(2) "totaling N combat factors": exactly N, counted by 12.5
    assert sum(u.force_cf for u in counted) == f.total
    assert sum(u.force_cf for u in counted if u.type in f.armor_counts) >= f.armor_min
    assert set(f.include) <= set(ids)
    assert not set(f.exclude) & set(ids)
    for u in units:
        assert u.side == side
        assert u.is_combat and u.type != "garrison"
        assert u.available <= scen.start, u.id  # 12.11(2): never before availability
        if f.german_only and u.id not in extra:
            assert u.nationality == "german", u.id


@pytest.mark.parametrize(("scenario", "side"), CASES)
def test_setup_on_own_side_of_the_front(scenario: str, side: str) -> None:
    b = board()
    scen = load_scenarios().scenario(scenario)
    forbidden = set(scen.areas.get("soviet_forbidden", "").split()) if side == "soviet" else set()
    fixed = {
        p.unit: p.hex
        for p in scen.placement.units
        if MIX.unit(p.unit).side == side
        and MIX.unit(p.unit).is_combat
        and MIX.unit(p.unit).type != "garrison"
    }
    placement = historical_placement(scenario, side)
    # the fixed placements come first, exactly as the scenario gives them
    assert placement[: len(fixed)] == list(fixed.items())
    for uid, hex_id in placement:
        assert side_at_start(b, scenario, hex_id) == side, (uid, hex_id)
        assert b.terrain_of(hex_id) not in ("sea", "lake"), (uid, hex_id)
        if uid not in fixed:
            assert hex_id not in forbidden, (uid, hex_id)


@pytest.mark.parametrize("scenario", READY)
def test_stacking_with_the_scenarios_own_units(scenario: str) -> None:
    scen = load_scenarios().scenario(scenario)
    hexes = defaultdict(list)
    for p in scen.placement.units:
        u = MIX.unit(p.unit)
        if not (u.is_combat and u.type != "garrison"):
            hexes[p.hex].append(u)
    for side in ("axis", "soviet"):
        for u, h in _units(scenario, side):
            hexes[h].append(u)
    assert {h: stacking_problems(us) for h, us in hexes.items() if stacking_problems(us)} == {}


def _cf_on(scenario: str, hexes: set[str]) -> int:
    return sum(u.force_cf for u, h in _units(scenario, "soviet") if h in hexes)


def test_1943_concentrations() -> None:
    # SNO 12.D(3): >= 40 factors in Voronezh 2108 and/or in or adjacent to Moscow 1306 ...
    moscow = {"1306", *board().grid.neighbours("1306")}
    assert _cf_on("1943", {"2108"} | moscow) == 40
    assert _cf_on("1943", {"2108"}) == 16  # the Steppe reserve: 5th Gds Tank, 4th, 5th Gds
    # ... and >= 20 on 1810 and/or 2010 (the Kursk salient's north and south faces)
    assert _cf_on("1943", {"1810", "2010"}) == 25  # 13th, 70th, 2nd Tank; 40th, 6th Gds, 1st Tank


def test_1942b_and_1944_fixed_placements() -> None:
    axis = historical_placement("1942b", "axis")
    assert axis[:6] == [
        ("rom-3-army", "2706"),
        ("ita-8-army", "2508"),
        ("rom-4-army", "3005"),
        ("hun-2-army", "2208"),
        ("ger-6-army", "2804"),
        ("ger-14-pz", "2804"),
    ]
    assert historical_placement("1942b", "soviet")[:3] == [
        ("sov-2-shock", "0309"),
        ("sov-42-army", "0308"),
        ("sov-62-army", "2904"),
    ]
    assert historical_placement("1944", "axis")[:4] == [
        ("ger-2-army", "1218"),
        ("ger-4-army", "1213"),
        ("ger-9-army", "1315"),
        ("ger-16-army", "0812"),
    ]
    ids = {u for u, _ in historical_placement("1944", "axis")}
    assert "ger-6-army" not in ids and "ger-17-army" not in ids  # 12.E(2)
    assert "ger-6-army" not in {u for u, _ in historical_placement("1943", "axis")}  # 12.D(2)


def test_sizes() -> None:
    sizes = {
        s: (len(historical_placement(s, "axis")), len(historical_placement(s, "soviet")))
        for s in SCENARIOS
    }
    assert sizes == {"1942a": (23, 20), "1942b": (25, 36), "1943": (26, 34), "1944": (37, 58)}


def test_1942a_exact_choice() -> None:
    axis = dict(historical_placement("1942a", "axis"))
    soviet = dict(historical_placement("1942a", "soviet"))
    assert len(axis) == 23 and len(soviet) == 20
    assert soviet["sov-21-army"] == "3018" and soviet["sov-2-shock"] == "0309"
    assert axis["ger-6-army"] == "2211"  # Kharkov, May 1942


def test_bad_file_names_file_unit_and_field() -> None:
    text = (DATA / "1942a.toml").read_text()
    bad = text.replace('unit = "sov-54-army", hex = "0507"', 'unit = "sov-54-army", hex = "0408"')
    with pytest.raises(DataError) as err:
        load_historical_text(bad, "1942a", "bad.toml")
    msg = str(err.value)
    assert "bad.toml" in msg and "soviet[4: sov-54-army].hex" in msg and "front line" in msg
    assert "hex 0408: units of opposing sides never stack together (SNO 4.4)" in msg
    late = text.replace('"sov-54-army"', '"sov-69-army"')
    with pytest.raises(DataError, match=r"sov-69-army\]\.unit: not available before 1943-02"):
        load_historical_text(late, "1942a", "late.toml")
    short = text.replace('  { unit = "sov-54-army"', '#  { unit = "sov-54-army"')
    with pytest.raises(DataError, match=r"69 combat factors by 12\.5, not exactly 72"):
        load_historical_text(short, "1942a", "short.toml")


def test_unknown_scenario_and_notes() -> None:
    with pytest.raises(KeyError):
        historical_placement("1941", "axis")
    with pytest.raises(KeyError):
        historical_placement("1942a", "finns")
    notes = historical_notes()
    assert notes[0].startswith("1942a (12.B) historical set-up: axis 23 units")
    assert len(notes) == 5 and notes[3].startswith("1944 (12.E) historical set-up: axis 37")


def test_bad_files_name_the_rule() -> None:
    t43 = (DATA / "1943.toml").read_text()
    moved = t43.replace('unit = "sov-5-gta", hex = "2108"', 'unit = "sov-5-gta", hex = "2109"')
    with pytest.raises(DataError, match=r"concentration\[1\]: 32 soviet factors .*12\.D\(3\)"):
        load_historical_text(moved, "1943", "moved.toml")
    t42 = (DATA / "1942b.toml").read_text()
    fixed = t42.replace('unit = "rom-3-army", hex = "2706"', 'unit = "rom-3-army", hex = "2707"')
    with pytest.raises(DataError, match=r"axis\[rom-3-army\]\.hex: 2707, but 12\.C\(3\)"):
        load_historical_text(fixed, "1942b", "fixed.toml")
    t44 = (DATA / "1944.toml").read_text()
    sixth = t44.replace('unit = "ger-8-army"', 'unit = "ger-6-army"')
    with pytest.raises(DataError, match=r"ger-6-army may not be taken"):
        load_historical_text(sixth, "1944", "sixth.toml")
    no_allies = t44.replace('unit = "rom-cav"', 'unit = "ger-1-cav"')
    with pytest.raises(DataError, match=r"besides the total are missing: rom-cav"):
        load_historical_text(no_allies, "1944", "allies.toml")


def test_1943_file_must_state_the_concentrations() -> None:
    text = (DATA / "1943.toml").read_text()
    cut = text[: text.index("[[concentration]]")]
    with pytest.raises(DataError, match=r"concentration: 12\.D\(3\) demands '40 in 2108"):
        load_historical_text(cut, "1943", "cut.toml")
