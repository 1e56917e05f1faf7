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

READY = [s for s in SCENARIOS if (DATA / f"{s}.toml").exists()]
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
