"""Sturm Nach Osten marker inventory (data/markers.toml): what each marker marks, the rules, the
counter-mix limits the rulebook states, and clear errors for a broken file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.games.sno.counters import load_counters
from ostfront.games.sno.markers import (
    DEFAULT_PATH,
    Markers,
    fits,
    load_markers,
    load_markers_text,
    marker_notes,
)


@pytest.fixture(scope="module")
def markers() -> Markers:
    return load_markers()


def test_inventory_lists_the_rulebook_markers(markers: Markers) -> None:
    # 1.2.3 (fortified, HAB, dispersed, Blitz), 5.4.1 (overrun), 7.5.1, 7.5.2c; the records
    # the rulebook implies (1.0C turn record, 6.1 weather, 11.3 RFs); Zhukov is a unit
    assert markers.ids == [
        "dispersed",
        "fortified-armor",
        "fortified-juggernaut",
        "hab-1",
        "hab-2",
        "overrun",
        "blitz",
        "exchange-conversion",
        "no-retreat",
        "game-turn",
        "weather",
        "replacement-factors",
        "zhukov",
    ]
    implied = {m.id for m in markers.spec.marker if not m.stated}
    assert implied == {"game-turn", "weather", "replacement-factors"}


def test_counter_mix_is_no_limit_for_exchange_conversion_and_no_retreat(markers: Markers) -> None:
    # 7.5.1 "The counter-mix is not a limit."; 7.5.3 "The counter mix is not a limit on No
    # Retreat Orders."
    assert {m.id: m.limit_rule[:5] for m in markers.spec.marker if m.limit == "none"} == {
        "exchange-conversion": "7.5.1",
        "no-retreat": "7.5.3",
    }
    assert markers.limited("exchange-conversion") is None
    assert markers.limited("no-retreat") is None
    assert markers.marker("no-retreat").marks == "hex"  # 7.5.2c: German-occupied hexes
    assert markers.marker("exchange-conversion").marks == "attack"  # on the attacking units


def test_counts_are_known_only_where_stated(markers: Markers) -> None:
    known = {m.id: (m.count, m.count_basis) for m in markers.spec.marker if m.count is not None}
    assert known == {"game-turn": (1, "reconstructed"), "zhukov": (1, "rulebook")}
    # the only counted limit: one Zhukov, a counter of the mix
    assert {m.id: markers.limited(m.id) for m in markers.spec.marker if markers.limited(m.id)} == {
        "zhukov": 1
    }
    assert markers.marker("zhukov").counter == "sov-zhukov"


def test_fortification_markers_fit_units_without_a_printed_fortified_side(
    markers: Markers,
) -> None:
    # 10.7.1: flip the counter if its back shows fortification, else the marker (armor and
    # juggernaut units); 10.7.5: armor +0, armored infantry +1, German army +2, Soviet front +3
    mix = load_counters()
    by_type = {}
    for u in mix.units.values():
        m = markers.for_unit("fortified", u)
        if u.back_is == "fortified" or u.type in ("factory", "garrison", "zhukov"):
            assert m is None, u.id
        else:
            assert m is not None, u.id
            by_type[(u.type, u.juggernaut)] = (m.id, m.values[u.type])
    assert by_type == {
        ("armor", False): ("fortified-armor", 0),
        ("armored_infantry", False): ("fortified-armor", 1),
        ("armored_cavalry", False): ("fortified-armor", 0),
        ("infantry", True): ("fortified-juggernaut", 2),
        ("front", True): ("fortified-juggernaut", 3),
    }


def test_hab_markers_fit_juggernauts_and_shock_armies(markers: Markers) -> None:
    # 10.2.1: juggernauts and Soviet shock armies only; 10.2.3: +1 shock, +2 juggernauts
    mix = load_counters()
    shock = next(u for u in mix.units.values() if u.type == "shock")
    front = next(u for u in mix.units.values() if u.type == "front")
    army = next(u for u in mix.units.values() if u.juggernaut and u.nationality == "german")
    corps = next(u for u in mix.units.values() if u.type == "infantry" and not u.juggernaut)
    m1 = markers.for_unit("hab", shock)
    assert m1 is not None and m1.id == "hab-1"
    assert markers.marker("hab-1").values == {"bonus": 1}
    for u in (front, army):
        m = markers.for_unit("hab", u)
        assert m is not None and m.id == "hab-2" and m.values == {"bonus": 2}, u.id
    assert markers.for_unit("hab", corps) is None
    assert not fits(markers.marker("hab-2"), corps)


def test_state_keys_name_the_engine_state(markers: Markers) -> None:
    assert markers.marker("dispersed").state == "units[uid].dispersed"
    assert markers.marker("fortified-armor").state == "units[uid].fortified"
    assert markers.marker("game-turn").state == "turn"
    assert markers.marker("replacement-factors").state == "rf"


def test_notes_for_data_check(markers: Markers) -> None:
    notes = marker_notes(markers)
    assert notes[0] == "13 markers: 10 named by the rulebook, 3 records it implies"
    assert notes[1] == "counter mix no limit (7.5.1, 7.5.3): exchange-conversion, no-retreat"
    assert notes[2].startswith("counts known: game-turn 1 (reconstructed), zhukov 1 (rulebook);")


def broken(old: str, new: str) -> str:
    """The error message of the markers file with ``old`` replaced by ``new`` once."""
    text = Path(DEFAULT_PATH).read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(DataError) as exc:
        load_markers_text(text.replace(old, new, 1), "markers.toml")
    return str(exc.value)


def test_a_limit_on_no_retreat_is_refused() -> None:
    msg = broken(
        'limit = "none"\nlimit_rule = "7.5.3',
        'limit = "unknown"\nlimit_rule = "7.5.3',
    )
    assert "marker[9: no-retreat].limit: the counter mix is not a limit (7.5.3)" in msg


def test_a_wrong_fortification_bonus_is_refused() -> None:
    msg = broken("values = { infantry = 2, front = 3 }", "values = { infantry = 2, front = 2 }")
    assert "marker fortified-juggernaut.values: front 2" in msg and "(10.7.5)" in msg


def test_a_count_without_basis_is_refused() -> None:
    msg = broken('count = 1\ncount_basis = "reconstructed"', 'count = 1\ncount_basis = "unknown"')
    assert "marker[10: game-turn].count: a count whose basis is unknown" in msg


def test_bad_rule_number_and_unknown_field_are_named() -> None:
    msg = broken('rules = ["1.0"]', 'rules = ["one"]')
    assert "marker[10: game-turn].rules: 'one' is not a rule number" in msg
    msg = broken('id = "blitz"', 'id = "blitz"\ncolour = "red"')
    assert "colour" in msg and "markers.toml" in msg


def test_a_hab_bonus_against_the_charts_is_refused() -> None:
    # 10.2.3 as tables.toml holds it: shock +1, juggernauts +2
    msg = broken("values = { bonus = 2 }", "values = { bonus = 3 }")
    assert "marker hab-2.values.bonus" in msg and "gets 2 (10.2.3)" in msg
