"""Defiant Russia set-up cards and the Defiant Poland scenario: rulebook facts, placement, stacking.

DR = shared/rules/defiant-russia.txt; rule numbers in the comments. The set-up cards and the
Defiant Poland card are not public: areas and placements are reconstructed (provenance:
docs/data/dr-setup.md), so beyond the rulebook's facts these tests check soundness (every unit
placed once, inside its area, in friendly territory, stacking legal) and the historical shape.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

from ostfront.core.errors import DataError, UnknownGame
from ostfront.core.mapmodel import GameMap
from ostfront.games import get
from ostfront.games.dr.counters import CounterMix, Unit, load_counters
from ostfront.games.dr.scenario import (
    SCENARIOS,
    Scenario,
    check_defiant_poland,
    check_scenario,
    load_scenario,
    load_scenario_file,
)
from ostfront.games.dr.setup import (
    DEFAULT_PATH,
    Piece,
    Setup,
    check_setup,
    load_setup,
    option_sets,
    setup_from_dict,
    stacking_problems,
)

ALL_OPTIONS = ("12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.7", "12.8", "12.9")
OPTION_SETS = option_sets(ALL_OPTIONS)


@pytest.fixture(scope="module")
def setup() -> Setup:
    return load_setup()


@pytest.fixture(scope="module")
def mix() -> CounterMix:
    return load_counters()


@pytest.fixture(scope="module")
def board() -> GameMap:
    return get("dr").board()


@pytest.fixture(scope="module")
def poland() -> Scenario:
    return load_scenario("defiant-poland")


def land(board: GameMap, hexes: frozenset[str]) -> frozenset[str]:
    return frozenset(h for h in hexes if board.terrain[h] not in ("sea", "lake"))


def place_hex(board: GameMap, name: str) -> str:
    return board.place_named(name).hex


def stacks(placed: dict[str, str], units: dict[str, Unit]) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = defaultdict(list)
    for uid, h in placed.items():
        out[h].append(units[uid])
    return out


# =================================================================== stacking_problems (6.2)
SOV_ARMY = Piece("infantry", "soviet", "soviet", "5th Army")
SOV_ARMY_2 = Piece("infantry", "soviet", "soviet", "6th Army")
SOV_TANK = Piece("armor", "soviet", "soviet", "4th Tank Corps")
SOV_CAV = Piece("cavalry", "soviet", "soviet", "5th Cavalry Corps")
GER = Piece("infantry", "axis", "german", "I Corps")
GER_PZ = Piece("armor", "axis", "german", "XLI Panzer Corps")
ROM = Piece("infantry", "axis", "romanian", "III Corps")
HUN = Piece("infantry", "axis", "hungarian", "Fast Corps")
STALIN = Piece("leader", "soviet", "soviet", "Stalin")
GUDERIAN = Piece("leader", "axis", "german", "Guderian")


def test_two_units_a_hex() -> None:
    # DR 6.2: "Up to two units may occupy the same hex".
    assert stacking_problems([GER, GER_PZ]) == []
    assert stacking_problems([GER]) == []
    assert stacking_problems([]) == []
    assert any("DR 6.2" in p for p in stacking_problems([GER, GER_PZ, GER]))


def test_two_soviet_armies_may_not_stack() -> None:
    # DR 6.2.1: "Two Soviet armies may not stack together".
    problems = stacking_problems([SOV_ARMY, SOV_ARMY_2])
    assert len(problems) == 1 and "DR 6.2.1" in problems[0]


@pytest.mark.parametrize("corps", [SOV_TANK, SOV_CAV, Piece("airborne", "soviet", "soviet")])
def test_army_and_corps_may_stack(corps: Piece) -> None:
    # DR 6.2.1: "one Soviet army and one Soviet tank, Cavalry or airborne corps may do so".
    assert stacking_problems([SOV_ARMY, corps]) == []


@pytest.mark.parametrize("army_type", ["infantry", "mountain", "shock", "nkvd"])
def test_every_kind_of_army_counts_as_an_army(army_type: str) -> None:
    # DR 6.2.1 names Infantry, Mountain and Shock armies; NKVD armies are armies (11.9).
    army = Piece(army_type, "soviet", "soviet")
    assert stacking_problems([army, SOV_ARMY]) != []


def test_two_soviet_corps_may_stack() -> None:
    assert stacking_problems([SOV_TANK, SOV_CAV]) == []
    # The Workers' Militia is corps-sized for stacking (11.8B).
    assert stacking_problems([SOV_ARMY, Piece("militia", "soviet", "soviet")]) == []


def test_axis_infantry_corps_are_not_soviet_armies() -> None:
    assert stacking_problems([GER, ROM]) == []


def test_hungarians_and_romanians_may_not_stack() -> None:
    # DR 6.2.2 (and 11.4.3B): "Hungarian and Romanian units may never end a phase stacked".
    problems = stacking_problems([HUN, ROM])
    assert len(problems) == 1 and "DR 6.2.2" in problems[0]
    assert stacking_problems([HUN, GER]) == []
    assert stacking_problems([ROM, GER]) == []


def test_three_germans_only_with_axis_preparation() -> None:
    # DR 12.1: "Three German (not Romanian or Finnish) units may stack in each hex during the
    # initial setup".
    trio = [GER, GER_PZ, GER]
    assert stacking_problems(trio) != []
    assert stacking_problems(trio, axis_preparation=True) == []
    assert stacking_problems([GER, GER, ROM], axis_preparation=True) != []
    finn = Piece("infantry", "axis", "finnish")
    assert stacking_problems([GER, GER, finn], axis_preparation=True) != []
    assert stacking_problems([*trio, GER], axis_preparation=True) != []


def test_stalin_allows_any_two_soviet_units() -> None:
    # DR 11.6.3D: "Any two Soviet units can stack with Stalin, not just an army and a corps".
    assert stacking_problems([SOV_ARMY, SOV_ARMY_2]) != []
    assert stacking_problems([STALIN, SOV_ARMY, SOV_ARMY_2]) == []
    assert stacking_problems([STALIN, SOV_ARMY, SOV_ARMY_2, SOV_TANK]) != []  # still two


def test_leaders_do_not_count() -> None:
    # DR 11.6A: "Leaders do not count for stacking."
    assert stacking_problems([GUDERIAN, GER_PZ, GER]) == []
    assert stacking_problems([STALIN]) == []


def test_fleets_do_not_count() -> None:
    # Judgement: fleets are not ground units (6.0) and share ports with the units they carry.
    fleet = Piece("fleet", "soviet", "soviet", "Black Sea Fleet")
    assert stacking_problems([fleet, SOV_ARMY, SOV_TANK]) == []


def test_counters_units_are_stackable(mix: CounterMix) -> None:
    # The function takes the counters' own Unit objects.
    two_armies = [mix.unit("sov-3-army"), mix.unit("sov-10-army")]
    assert stacking_problems(two_armies) != []
    assert stacking_problems([mix.unit("sov-3-army"), mix.unit("sov-6-tank")]) == []
    assert stacking_problems([mix.unit("hun-fast"), mix.unit("rom-mtn")]) != []


# =================================================================== at-start control (6.4)
SOVIET_AT_START = ["Soviet Union", "Lithuania", "Latvia", "Estonia", "Eastern Poland", "Bessarabia"]
AXIS_AT_START = [
    "Germany",
    "East Prussia",
    "General Government",
    "Slovakia",
    "Finland",
    "Yugoslavia",
    "Bulgaria",
    "Hungary",
    "Romania",
]


@pytest.mark.parametrize("region", SOVIET_AT_START)
def test_soviet_control_at_start(setup: Setup, board: GameMap, region: str) -> None:
    # DR 6.4A: "the USSR controls all hexes in the Soviet Union, Lithuania, Latvia, Estonia,
    # Eastern Poland, and Bessarabia."
    assert all(setup.control[h] == "soviet" for h in board.regions[region].hexes)


@pytest.mark.parametrize("region", AXIS_AT_START)
def test_axis_control_at_start(setup: Setup, board: GameMap, region: str) -> None:
    # DR 6.4B: "the Axis controls all hexes in Germany (including East Prussia), Poland,
    # Slovakia, Finland, Yugoslavia, Bulgaria, Hungary, and Romania."
    assert all(setup.control[h] == "axis" for h in board.regions[region].hexes)


def test_control_values_and_neutral_hexes(setup: Setup, board: GameMap) -> None:
    assert set(setup.control.values()) == {"axis", "soviet"}
    assert not setup.neutral & setup.control.keys()
    # DR 9.4: no units may enter Sweden, nor Turkey (unless 12.5 brings it into the war).
    assert board.regions["Sweden"].hexes <= setup.neutral
    assert board.regions["Turkey"].hexes <= setup.neutral
    assert setup.off_limits["Sweden"].basis == "rulebook"
    assert setup.off_limits["Turkey"].basis == "rulebook"
    # Every other country is either controlled or closed, with a reason.
    for name, region in board.regions.items():
        if region.kind == "country":
            assert region.hexes <= setup.control.keys() or name in setup.off_limits, name
    assert all(o.reason for o in setup.off_limits.values())


def test_defiant_lithuania_control(setup: Setup, board: GameMap) -> None:
    # DR 12.8A: Lithuania begins under Axis control; 12.8E: 1708, 1808, 1809, 1908 Soviet.
    ctrl = setup.control_for(["12.8"])
    assert all(ctrl[h] == "axis" for h in board.regions["Lithuania"].hexes)
    assert all(ctrl[h] == "soviet" for h in ("1708", "1808", "1809", "1908"))
    assert all(setup.control[h] == "axis" for h in ("1708", "1808", "1809", "1908"))


# =================================================================== set-up areas
def test_one_area_per_setup_code(setup: Setup, mix: CounterMix) -> None:
    assert set(setup.areas) == set(mix.setup_codes)
    assert all(setup.areas.values())


@pytest.mark.parametrize("code", sorted(load_counters().setup_codes))
def test_area_on_land_in_its_sides_territory(
    setup: Setup, mix: CounterMix, board: GameMap, code: str
) -> None:
    area = setup.areas[code]
    assert land(board, area) == area, f"{code}: water in the area"
    side = mix.setup_codes[code].side
    if code.startswith("Turkish"):
        # DR 12.5: the Turks set up in Turkey when it enters the war.
        assert area <= board.regions["Turkey"].hexes
        return
    options = ["12.8"] if code == "Lithuania" else []  # 12.8B: only with Defiant Lithuania
    ctrl = setup.control_for(options)
    assert all(ctrl.get(h) == side for h in area), code
    assert not area & setup.neutral


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "none")
def test_areas_stay_friendly_under_options(setup: Setup, mix: CounterMix, options: tuple) -> None:
    ctrl = setup.control_for(options)
    for code in setup.areas:
        if code.startswith("Turkish"):
            continue
        side = mix.setup_codes[code].side
        assert all(ctrl.get(h) == side for h in setup.area_for(code, options)), code


def test_soviet_districts_do_not_overlap(setup: Setup, mix: CounterMix) -> None:
    districts = [c for c, s in mix.setup_codes.items() if s.side == "soviet" and c != "Moscow"]
    seen: dict[str, str] = {}
    for code in districts:
        for h in setup.areas[code]:
            assert h not in seen, f"{h} in both {seen[h]} and {code}"
            seen[h] = code


def test_army_group_areas(setup: Setup, board: GameMap) -> None:
    # AGN is East Prussia (12.8A speaks of "the German units which set up in East Prussia").
    assert setup.areas["AGN"] == land(board, board.regions["East Prussia"].hexes)
    # 12.8E-G: AGC and AGS lose 1708/1808/1809 and 1908 to the Soviets, so hold them normally.
    assert {"1708", "1808", "1809"} <= setup.areas["AGC"]
    assert "1908" in setup.areas["AGS"]
    assert not setup.areas["AGC"] & setup.areas["AGS"]
    # The compensation hexes of 12.8F-G are not in the normal areas.
    assert not {"1705", "1805", "1806"} & setup.areas["AGC"]
    assert "1906" not in setup.areas["AGS"]


def test_moscow_and_istanbul_areas(setup: Setup, board: GameMap) -> None:
    # 11.6.3A Stalin and 12.7A Timoshenko begin in Moscow.
    assert setup.areas["Moscow"] == {place_hex(board, "Moscow")}
    assert setup.areas["OKH Reserve"] == {place_hex(board, "Berlin"), place_hex(board, "Vienna")}


# =================================================================== 12.5 Defiant Turkey
def test_turkish_setup_hexes(setup: Setup) -> None:
    # DR 12.5: First Army "in Istanbul (hex 3111 and 3012)"; Second Army "in hexes 3212, 3213
    # and 3313".
    assert setup.areas["Turkish First Army"] == {"3111", "3012"}
    assert setup.areas["Turkish Second Army"] == {"3212", "3213", "3313"}


def test_turkish_third_army_within_two_hexes_of_the_soviet_border(
    setup: Setup, board: GameMap
) -> None:
    # DR 12.5: Third Army "in hexes within Turkey within two hexes of the Turkish-Soviet border".
    soviet = land(board, board.regions["Soviet Union"].hexes)
    turkey = land(board, board.regions["Turkey"].hexes)
    expected = {h for h in turkey if min(board.grid.distance(h, s) for s in soviet) <= 2}
    assert setup.areas["Turkish Third Army"] == expected


def test_turks_placed_by_army_only_with_defiant_turkey(setup: Setup, mix: CounterMix) -> None:
    armies = {
        "Turkish Third Army": {"tur-6-inf", "tur-7-inf", "tur-8-inf", "tur-17-inf"}
        | {"tur-9-mtn", "tur-18-mtn"},
        "Turkish First Army": {"tur-3-inf", "tur-4-inf", "tur-10-inf", "tur-20-inf"},
        "Turkish Second Army": {"tur-1-inf", "tur-2-inf", "tur-5-inf", "tur-12-inf"},
    }
    placed = setup.entry_placement(["12.5"], mix)
    assert set(placed) == set().union(*armies.values())
    for code, ids in armies.items():
        assert all(placed[u] in setup.areas[code] for u in ids), code
    assert setup.entry_placement([], mix) == {}
    # They are not on the map at start even with 12.5: they come when Turkey enters the war.
    assert not set(placed) & set(setup.placement_for(["12.5"], mix))


# =================================================================== 11.6 leaders
def test_guderian_starts_with_an_agc_armor_unit(setup: Setup, mix: CounterMix) -> None:
    # DR 11.6.1A: "Guderian starts the game with any German Armor unit belonging to AGC."
    for options in OPTION_SETS:
        placed = setup.placement_for(options, mix)
        with_him = [mix.unit(u) for u, h in placed.items() if h == placed["ger-guderian"]]
        assert any(
            u.type == "armor" and u.nationality == "german" and u.start_code(options) == "AGC"
            for u in with_him
        ), options


def test_mannerheim_starts_with_a_finnish_unit_in_finland(
    setup: Setup, mix: CounterMix, board: GameMap
) -> None:
    # DR 11.6.2A: "Mannerheim starts the game with any Finnish unit and may never leave Finland."
    h = setup.placement["fin-mannerheim"]
    assert h in board.regions["Finland"].hexes
    assert any(
        mix.unit(u).nationality == "finnish" and mix.unit(u).is_ground
        for u, at in setup.placement.items()
        if at == h
    )


def test_stalin_and_timoshenko_begin_in_moscow(setup: Setup, board: GameMap) -> None:
    # DR 11.6.3A: "Stalin starts the game in Moscow."; 12.7A: Timoshenko "begins the game in
    # Moscow".
    moscow = place_hex(board, "Moscow")
    assert setup.placement["sov-stalin"] == moscow
    assert setup.placement_for(["12.7"])["sov-timoshenko"] == moscow
    assert "sov-timoshenko" not in setup.placement


def test_zhukov_is_a_reinforcement(setup: Setup, mix: CounterMix) -> None:
    # DR 11.6.4A: "Zhukov enters as a reinforcement in September." (turn 4)
    assert "sov-zhukov" not in setup.placement_for(ALL_OPTIONS, mix)
    assert mix.unit("sov-zhukov").reinforcement_turn == 4


def test_fleets(setup: Setup, board: GameMap) -> None:
    # DR 11.5.1A: the Baltic Fleet may never move from Leningrad; 11.5.1C the Black Sea Fleet
    # keeps to sea and coastal hexes.
    assert setup.placement["sov-baltic-fleet"] == place_hex(board, "Leningrad")
    assert "coast" in board.hex_tags(setup.placement["sov-black-sea-fleet"])


# =================================================================== 12.8 Defiant Lithuania
def test_defiant_lithuania_areas(setup: Setup, board: GameMap) -> None:
    opt = ["12.8"]
    lithuania = land(board, board.regions["Lithuania"].hexes)
    # 12.8A: East Prussia units may be placed in East Prussia or Lithuania.
    assert setup.area_for("AGN", opt) == setup.areas["AGN"] | lithuania
    # 12.8B: the Lithuanian unit sets up anywhere in Lithuania.
    assert setup.area_for("Lithuania", opt) == lithuania
    assert setup.placement_for(opt)["lit-corps"] in lithuania
    # 12.8D: the Baltic MD anywhere in Estonia and hexes 1211, 1212, 1310, 1311.
    estonia = land(board, board.regions["Estonia"].hexes)
    assert setup.area_for("Baltic MD", opt) == estonia | {"1211", "1212", "1310", "1311"}
    # 12.8E: the Western MD may also use 1708, 1808, 1809, 1908.
    assert {"1708", "1808", "1809", "1908"} <= setup.area_for("Western MD", opt)
    # 12.8F / G: AGC also 1705, 1805, 1806; AGS also 1906 (and they lose the Soviet hexes).
    assert {"1705", "1805", "1806"} <= setup.area_for("AGC", opt)
    assert "1906" in setup.area_for("AGS", opt)
    assert not {"1708", "1808", "1809"} & setup.area_for("AGC", opt)
    assert "1908" not in setup.area_for("AGS", opt)


def test_rulebook_12_8_hexes_match_the_map_areas(setup: Setup, board: GameMap) -> None:
    # The map's 12.8 areas hold exactly the hexes the rulebook lists.
    assert board.regions["DR 12.8D Baltic MD extra set-up"].hexes == {
        "1211",
        "1212",
        "1310",
        "1311",
    }
    assert board.regions["DR 12.8E Soviet-controlled at start"].hexes == {
        "1708",
        "1808",
        "1809",
        "1908",
    }
    assert board.regions["DR 12.8F AGC extra set-up"].hexes == {"1705", "1805", "1806"}
    assert board.regions["DR 12.8G AGS extra set-up"].hexes == {"1906"}


def test_axis_preparation_is_data(setup: Setup) -> None:
    # DR 12.1: three German units a hex at set-up.
    assert setup.german_per_hex() == 2
    assert setup.german_per_hex(["12.1"]) == 3


# =================================================================== placement
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "none")
def test_every_unit_at_start_placed_once_in_its_area(
    setup: Setup, mix: CounterMix, options: tuple
) -> None:
    placed = setup.placement_for(options, mix)
    at_start = {u.id for u in mix.at_start(options)}
    assert set(placed) == at_start  # a dict: each unit exactly once
    for uid, h in placed.items():
        code = mix.unit(uid).start_code(options)
        assert code is not None
        assert h in setup.area_for(code, options), (uid, h, code)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "none")
def test_stacking_is_legal_everywhere(setup: Setup, mix: CounterMix, options: tuple) -> None:
    placed = setup.placement_for(options, mix)
    for h, units in stacks(placed, mix.units).items():
        assert stacking_problems(units) == [], (h, [u.id for u in units])
        assert len({u.side for u in units if u.is_ground}) <= 1, h
    events = setup.entry_placement(options, mix)
    for h, units in stacks(events, mix.units).items():
        assert stacking_problems(units) == [], h


def test_units_starting_reduced_are_placed(setup: Setup, mix: CounterMix) -> None:
    # DR 3.0B: "Some Soviet tank corps set up at reduced strength."
    reduced = [u.id for u in mix.at_start() if u.starts_reduced]
    assert reduced and all(u in setup.placement for u in reduced)


def test_every_unit_is_placed_or_scheduled(setup: Setup, mix: CounterMix) -> None:
    placed = setup.placement_for(ALL_OPTIONS, mix)
    events = setup.entry_placement(ALL_OPTIONS, mix)
    for unit in mix.units.values():
        if unit.id in placed or unit.id in events:
            continue
        if unit.reinforcement_turn is not None:  # DR 10.2A
            continue
        assert unit.enters_when, f"{unit.id} is neither placed nor scheduled"
        assert unit.setup is None, f"{unit.id} enters on an event in {unit.setup}: no hex"


def test_hex_for_and_area_for_serve_the_engine(setup: Setup) -> None:
    assert setup.hex_for("sov-stalin") == setup.placement["sov-stalin"]
    assert setup.hex_for("lit-corps", ["12.8"]) == setup.placement_for(["12.8"])["lit-corps"]
    assert setup.hex_for("ger-xl-pz", ["12.3"]) in setup.area_for("AGC", ["12.3"])
    with pytest.raises(KeyError):
        setup.hex_for("sov-zhukov")
    with pytest.raises(KeyError):
        setup.area_for("Army Group Nowhere")


def test_notes_say_where_each_unit_stood(setup: Setup) -> None:
    assert set(setup.placement) <= set(setup.notes)
    assert all(setup.notes[u] for u in setup.placement)


# =================================================================== history of 22 June 1941
def adjacent_to(board: GameMap, h: str, hexes: set[str]) -> bool:
    return any(n in hexes for n in board.grid.neighbours(h))


def test_soviet_armies_where_they_stood(setup: Setup, board: GameMap) -> None:
    p = setup.placement
    # Bialystok-Brest: 3rd, 10th, 4th Armies on the border of the salient (Western MD).
    axis = {h for h, s in setup.control.items() if s == "axis"}
    for army in ("sov-3-army", "sov-10-army", "sov-4-army"):
        assert p[army] in board.regions["Eastern Poland"].hexes and adjacent_to(
            board, p[army], axis
        )
    assert p["sov-4-army"] == board.place_named("Brest").hex
    # The Baltic: 8th and 11th Armies in Lithuania.
    for army in ("sov-8-army", "sov-11-army"):
        assert p[army] in board.regions["Lithuania"].hexes
    # The Ukraine: 5th, 6th, 26th, 12th Armies on the border of western Ukraine.
    for army in ("sov-5-army", "sov-6-army", "sov-26-army", "sov-12-army"):
        assert p[army] in setup.areas["Kiev MD"] and adjacent_to(board, p[army], axis)
    assert p["sov-6-army"] == board.place_named("Lvov").hex
    # Bessarabia: the 9th Army.
    assert p["sov-9-army"] in board.regions["Bessarabia"].hexes


def test_panzer_groups_at_the_border(setup: Setup, board: GameMap) -> None:
    soviet = {h for h, s in setup.control.items() if s == "soviet"}
    groups = {
        "Panzer Group 4": ("ger-xli-pz", "ger-lvi-pz"),
        "Panzer Group 3": ("ger-xxxix-pz", "ger-lvii-pz"),
        "Panzer Group 2": ("ger-xxiv-pz", "ger-xlvii-pz"),
        "Panzer Group 1": ("ger-iii-pz", "ger-xlviii-pz"),
    }
    for name, corps in groups.items():
        assert all(adjacent_to(board, setup.placement[c], soviet) for c in corps), name


def test_finns_on_the_karelian_front(setup: Setup, board: GameMap) -> None:
    soviet = {h for h, s in setup.control.items() if s == "soviet"}
    for corps in ("fin-ii-inf", "fin-iv-inf", "fin-vi-inf", "fin-vii-inf"):
        h = setup.placement[corps]
        assert h in board.regions["Finland"].hexes and adjacent_to(board, h, soviet), corps


def test_romanians_in_moldavia(setup: Setup, mix: CounterMix) -> None:
    for unit in mix.units.values():
        if unit.nationality == "romanian" and unit.setup == "Antonescu":
            assert setup.placement[unit.id] in setup.areas["Antonescu"]


# =================================================================== broken files
def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "setup.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_unit_outside_its_area_names_entry_and_field(tmp_path: Path) -> None:
    path = broken(tmp_path, '"sov-7-army" = { hex = "0114"', '"sov-7-army" = { hex = "2710"')
    with pytest.raises(DataError) as exc:
        load_setup(path)
    assert str(path) in str(exc.value)
    assert any(
        p.startswith("placement.sov-7-army.hex") and "Leningrad MD" in p for p in exc.value.problems
    )


def test_malformed_hex_names_entry_and_field(tmp_path: Path) -> None:
    path = broken(tmp_path, '"sov-7-army" = { hex = "0114"', '"sov-7-army" = { hex = "01x4"')
    with pytest.raises(DataError) as exc:
        load_setup(path)
    assert any(p.startswith("placement.sov-7-army.hex") for p in exc.value.problems)


def test_unknown_region_names_area_and_field(tmp_path: Path) -> None:
    path = broken(tmp_path, 'regions = ["Lithuania", "Latvia", "Estonia"]', 'regions = ["Litva"]')
    with pytest.raises(DataError) as exc:
        load_setup(path)
    assert any(p.startswith("areas.Baltic MD.regions") and "Litva" in p for p in exc.value.problems)


def test_overstacking_is_reported(tmp_path: Path) -> None:
    path = broken(tmp_path, '"sov-7-army" = { hex = "0114"', '"sov-7-army" = { hex = "0313"')
    with pytest.raises(DataError) as exc:
        load_setup(path)
    assert any(p.startswith("hex 0313") and "DR 6.2.1" in p for p in exc.value.problems)


def test_missing_area_is_reported(tmp_path: Path) -> None:
    raw = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    del raw["areas"]["Hungary"]
    del raw["placement"]["hun-fast"]
    with pytest.raises(DataError) as exc:
        setup_from_dict(raw, "<test>")
    assert any("'Hungary'" in p and p.startswith("areas") for p in exc.value.problems)


def test_check_setup_notes() -> None:
    notes = check_setup()
    assert any("110 units at start" in n for n in notes)
    assert any("reconstructed" in n for n in notes)


# =================================================================== Defiant Poland
def test_defiant_poland_is_a_reconstructed_one_turn_scenario(poland: Scenario) -> None:
    # Research notes §5: 1939, one turn, the Poles win if not wiped off the map.
    assert poland.reconstructed
    assert "not public" in poland.provenance or "Reconstruction" in poland.provenance
    assert poland.turns == 1 and poland.weather == "clear" and "1939" in poland.date
    assert poland.first == "axis"
    assert "Polish" in poland.seats["soviet"] and "soviet" in poland.seats["soviet"].lower()
    assert "Polish unit" in poland.victory["soviet"] and "no Polish unit" in poland.victory["axis"]


def test_defiant_poland_forces(poland: Scenario, mix: CounterMix) -> None:
    units = poland.units_in_play()
    poles = [u for u in units if u.nationality == "polish"]
    assert {u.side for u in poles} == {"soviet"}
    names = {u.name for u in poles}
    for army in ("Modlin", "Narew", "Pomorze", "Poznań", "Łódź", "Kraków", "Karpaty", "Prusy"):
        assert any(army in n for n in names), army
    assert any(u.type == "cavalry" for u in poles)
    # Polish armies count as armies for stacking (like weak Soviet armies).
    assert all(u.echelon == "army" for u in poles if u.type != "cavalry")
    assert all(u.full is not None and u.full.strength <= 3 for u in poles)
    germans = [u for u in units if u.side == "axis" and u.is_ground]
    assert germans and all(u.nationality == "german" for u in germans)
    # Scenario-only counters do not clash with the DR counters.
    own = set(poland.units) - set(mix.units)
    assert own and all(u.startswith(("ger-", "pol-", "svk-")) for u in own)


def test_defiant_poland_setup_areas(poland: Scenario, board: GameMap) -> None:
    poland_1939 = board.regions["Poland 1939"].hexes
    placed = poland.placement_for(["slovakia"])
    for uid, h in placed.items():
        unit = poland.units[uid]
        if unit.side == "soviet":
            assert h in poland_1939, uid
        else:
            assert h not in poland_1939, uid
            assert any(
                h in board.regions[r].hexes for r in ("Germany", "East Prussia", "Slovakia")
            ), uid
    assert poland.areas["soviet"] == land(board, poland_1939)
    assert not poland.areas["axis"] & poland_1939


def test_defiant_poland_every_unit_placed_and_stacking_legal(poland: Scenario) -> None:
    for options in ([], ["slovakia"]):
        placed = poland.placement_for(options)
        assert set(placed) == {u.id for u in poland.units_in_play(options)}
        for h, units in stacks(placed, poland.units).items():
            assert stacking_problems(units) == [], (h, [u.id for u in units])
            assert len({u.side for u in units if u.is_ground}) == 1, h


def test_defiant_poland_slovaks_only_with_the_option(poland: Scenario) -> None:
    assert "svk-bernolak" not in poland.placement_for([])
    assert "svk-bernolak" in poland.placement_for(["slovakia"])


def test_defiant_poland_guderian_with_his_corps(poland: Scenario) -> None:
    placed = poland.placement
    assert placed["ger-guderian"] == placed["ger-xix-mot"]


def test_defiant_poland_poles_near_the_border(poland: Scenario, board: GameMap) -> None:
    axis = {h for h, s in poland.control.items() if s == "axis"}
    for uid, h in poland.placement.items():
        if poland.units[uid].side == "soviet" and uid != "pol-prusy":  # Prusy: the reserve
            assert min(board.grid.distance(h, a) for a in axis) <= 2, uid


def test_defiant_poland_closed_countries(poland: Scenario, board: GameMap) -> None:
    assert not poland.neutral & poland.control.keys()
    soviet_1939 = (
        land(board, board.regions["Soviet Union"].hexes) - board.regions["Poland 1939"].hexes
    )
    assert soviet_1939 <= poland.neutral


def test_defiant_poland_special_rules_are_marked(poland: Scenario) -> None:
    assert 3 <= len(poland.special_rules) <= 12
    assert all(r.basis in poland.sources for r in poland.special_rules)
    assert all(r.basis in ("reconstructed", "research", "rulebook") for r in poland.special_rules)
    ids = {r.id for r in poland.special_rules}
    assert {"one-turn", "poles-as-soviets", "closed-borders"} <= ids


def test_check_scenario_and_unknown_names() -> None:
    notes = check_defiant_poland()
    assert notes == check_scenario("defiant-poland")
    assert any("RECONSTRUCTED" in n for n in notes)
    assert set(SCENARIOS) == {"defiant-poland"}
    with pytest.raises(UnknownGame):
        load_scenario("defiant-france")


def test_broken_scenario_names_entry_and_field(tmp_path: Path) -> None:
    text = SCENARIOS["defiant-poland"].read_text(encoding="utf-8")
    old = '"pol-modlin" = { hex = "1707"'
    assert old in text
    path = tmp_path / "defiant-poland.toml"
    path.write_text(text.replace(old, '"pol-modlin" = { hex = "1607"'), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_scenario_file(path)
    assert any(p.startswith("placement.pol-modlin.hex") for p in exc.value.problems)
