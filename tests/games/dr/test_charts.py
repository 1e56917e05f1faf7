"""The Defiant Russia charts card (src/ostfront/games/dr/data/charts.toml) against the rulebook.

DR = shared/rules/defiant-russia.txt; rule numbers in the comments. Every value the rulebook
states is checked exactly; reconstructed values are checked to be flagged as such.
Provenance of each value: docs/data/dr-charts.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.games.dr.chart_tables import Charts, CombatEffects
from ostfront.games.dr.charts import (
    CHARTS_FILE,
    air_points,
    armor_replacement_limit,
    casualty_weight,
    check_charts,
    combat_effects,
    exploitation_mp,
    hexside_move_cost,
    hexside_row,
    is_reconstructed,
    load_charts,
    month_of,
    parse_dice,
    rail_capacity,
    random_weather,
    rebuild_places,
    reconstructed_entries,
    replacement_points,
    supply_path_hexes,
    terrain_in_weather,
    terrain_move_cost,
    terrain_row,
    turns,
    victory_cities,
    weather_for,
)
from ostfront.games.dr.game import board

MONTHS = ["May", "June", "July", "August", "September", "October", "November", "December"]


@pytest.fixture(scope="module")
def charts() -> Charts:
    return load_charts()


def test_default_card_is_cached_and_checks(charts: Charts) -> None:
    assert load_charts() is charts
    notes = check_charts()
    assert notes[0] == "8 turns (0-7), 9 terrains, 3 hexsides, 10 victory cities"
    assert any(n.startswith("reconstructed: random_weather.rows[October]") for n in notes)


# =================================================================== turn record (4.0, 12.3)
def test_turn_record(charts: Charts) -> None:
    assert turns(charts) == [1, 2, 3, 4, 5, 6, 7]  # 4.0: seven turns, June-December 1941
    assert turns(charts, early_start=True) == [0, 1, 2, 3, 4, 5, 6, 7]  # 12.3: May = Turn Zero
    assert [month_of(charts, t) for t in range(8)] == MONTHS
    assert {r.year for r in charts.turn_record.rows} == {1941}
    assert charts.turn_record.rows[0].option == "early-start"


# =================================================================== Terrain Effects Chart
@pytest.mark.parametrize(
    ("terrain", "unit", "cost"),
    [
        # 9.1.1 clear: no adjustments
        ("clear", "infantry", 1),
        ("clear", "cavalry", 1),
        ("clear", "armor", 1),
        ("clear", "mountain", 1),
        # 9.1.2A mountain: Inf and Cav 2, Armor 3, Mountain 1
        ("mountain", "infantry", 2),
        ("mountain", "cavalry", 2),
        ("mountain", "armor", 3),
        ("mountain", "mountain", 1),
        # 9.1.3A forest: Armor 2
        ("forest", "armor", 2),
        # 9.1.4A swamp: Armor 3, all other unit types 2
        ("swamp", "armor", 3),
        ("swamp", "infantry", 2),
        ("swamp", "cavalry", 2),
        ("swamp", "mountain", 2),
        # 11.1 shock armies function exactly like infantry armies
        ("mountain", "shock", 2),
        ("swamp", "shock", 2),
    ],
)
def test_stated_hex_costs(charts: Charts, terrain: str, unit: str, cost: int) -> None:
    assert terrain_move_cost(charts, terrain, unit) == cost


def test_reconstructed_hex_costs(charts: Charts) -> None:
    forest = terrain_row(charts, "forest")
    for unit in ("infantry", "cavalry", "mountain"):
        assert terrain_move_cost(charts, "forest", unit) == 1
        assert is_reconstructed(forest, f"move.{unit}")
    assert not is_reconstructed(forest, "move.armor")
    assert not is_reconstructed(forest, "combat")
    for terrain in ("lake", "sea"):
        assert terrain_move_cost(charts, terrain, "infantry") is None
        assert terrain_move_cost(charts, terrain, "armor") is None
        assert is_reconstructed(terrain_row(charts, terrain), "move")


@pytest.mark.parametrize("terrain", ["city", "major_city", "fortress"])
def test_cities_have_no_effect_on_movement(charts: Charts, terrain: str) -> None:
    # 9.1.5A, 9.1.6A, 9.1.8B: "No effect on movement"
    row = terrain_row(charts, terrain)
    assert row.move == "no effect"
    assert not is_reconstructed(row)
    with pytest.raises(ValueError, match="no effect on movement"):
        terrain_move_cost(charts, terrain, "armor")


def test_unit_type_columns(charts: Charts) -> None:
    cols = {k: v.moves_as for k, v in charts.unit_types.items()}
    assert cols == {
        "infantry": "infantry",
        "cavalry": "cavalry",
        "armor": "armor",
        "mountain": "mountain",
        "shock": "infantry",
        "nkvd": "infantry",
        "airborne": "infantry",
        "militia": "infantry",
    }
    assert not is_reconstructed(charts.unit_types["shock"])  # 11.1 states it
    for t in ("nkvd", "airborne", "militia"):
        assert is_reconstructed(charts.unit_types[t])
    for not_ground in ("fleet", "leader"):
        with pytest.raises(ValueError, match="not a ground unit"):
            terrain_move_cost(charts, "clear", not_ground)


def test_hexside_costs(charts: Charts) -> None:
    # 9.1.7A-B river: Armor +1, no additional cost for other units
    assert hexside_move_cost(charts, "river", "armor") == 1
    for unit in ("infantry", "cavalry", "mountain", "shock"):
        assert hexside_move_cost(charts, "river", unit) == 0
    # 9.3.1B strait: Armor +3, other units +2
    assert hexside_move_cost(charts, "strait", "armor") == 3
    for unit in ("infantry", "cavalry", "mountain"):
        assert hexside_move_cost(charts, "strait", unit) == 2
    # 9.3.1A: ZOCs do not extend across a strait
    assert hexside_row(charts, "strait").zoc_across is False
    assert hexside_row(charts, "river").zoc_across is True


def test_combat_effects(charts: Charts) -> None:
    assert combat_effects(charts, "clear") == CombatEffects()  # 9.1.1
    assert combat_effects(charts, "mountain") == CombatEffects(defense_bonus_per_unit=1)  # 9.1.2B
    assert combat_effects(charts, "forest") == CombatEffects(defense_bonus_total=1)  # 9.1.3B
    assert combat_effects(charts, "swamp") == CombatEffects(  # 9.1.4B-C
        defense_bonus_total=1, armor_attack_halved=True
    )
    assert combat_effects(charts, "city") == CombatEffects(armor_attacker_minus=1)  # 9.1.5B
    assert combat_effects(charts, "major_city") == CombatEffects(  # 9.1.6B-C
        armor_attacker_minus=1, defense_bonus_total=1
    )
    assert combat_effects(charts, "fortress") == CombatEffects(  # 9.1.8C-F, 7.0C
        attacker_per_unit_minus=1,
        defender_hits_on=5,
        defender_never_forced_to_attack=True,
        lost_once_axis_occupied=True,
        not_cumulative_with=["major_city"],
    )
    assert combat_effects(charts, "river") == CombatEffects(attacker_per_unit_minus=1)  # 9.1.7C
    assert combat_effects(charts, "strait") == CombatEffects(  # 9.3.2A-B
        attacker_per_unit_minus=1, defense_bonus_per_unit=1, defense_bonus_needs_sole_attack=True
    )
    assert combat_effects(charts, "no_attack") == CombatEffects(attack_prohibited=True)  # 9.3.4B


def test_snow_terrain(charts: Charts) -> None:
    # 8.3.4: all lakes frozen and treated as clear; swamps in or north of row 15xx are woods
    assert terrain_in_weather(charts, "lake", "snow", 30) == "clear"
    assert terrain_in_weather(charts, "lake", "mud", 30) == "lake"
    assert terrain_in_weather(charts, "swamp", "snow", 15) == "forest"
    assert terrain_in_weather(charts, "swamp", "snow", 5) == "forest"
    assert terrain_in_weather(charts, "swamp", "snow", 16) == "swamp"
    assert terrain_in_weather(charts, "swamp", "clear", 10) == "swamp"
    assert terrain_in_weather(charts, "mountain", "snow", 10) == "mountain"
    frozen = terrain_in_weather(charts, "lake", "snow", 10)
    assert terrain_move_cost(charts, frozen, "armor") == 1


# =================================================================== weather (8.1, 8.2, 12.3C)
def test_historical_weather(charts: Charts) -> None:
    # 8.1 turns 1-7; 12.3C May = Light Mud
    assert [weather_for(charts, t) for t in range(8)] == [
        "light_mud",
        "clear",
        "clear",
        "clear",
        "light_mud",
        "mud",
        "clear",
        "snow",
    ]
    assert not any(r.reconstructed for r in charts.historical_weather.rows)


def test_random_weather_printed_rows(charts: Charts) -> None:
    rows = {r.turn: r.dice() for r in charts.random_weather.rows}
    f = frozenset
    empty: frozenset[int] = f()
    # 8.2 as printed
    assert rows[1] == {"clear": f(range(1, 7)), "light_mud": empty, "mud": empty, "snow": empty}
    assert rows[2] == rows[1]
    assert rows[3] == {
        "clear": f({1, 2, 3, 4, 5}),
        "light_mud": f({6}),
        "mud": empty,
        "snow": empty,
    }
    assert rows[4] == {"clear": f({1, 2}), "light_mud": f({3, 4}), "mud": f({5, 6}), "snow": empty}
    # 12.3C: May uses September's row
    assert rows[0] == rows[4]
    assert charts.random_weather.first_rolled_turn == 3  # 4.1


def test_random_weather_reconstructed_rows(charts: Charts) -> None:
    by_turn = {r.turn: r for r in charts.random_weather.rows}
    for t in (5, 6, 7):
        assert is_reconstructed(by_turn[t])
        assert by_turn[t].why
    for t in (0, 1, 2, 3, 4):
        assert not is_reconstructed(by_turn[t])
    assert by_turn[5].dice() == by_turn[4].dice()  # October = September (12.3C reading)
    assert by_turn[6].dice()["snow"]  # 11.3.1B: November can be Snow
    assert by_turn[7].dice()["snow"]


def test_random_weather_rows_cover_each_face_once(charts: Charts) -> None:
    for row in charts.random_weather.rows:
        faces = Counter(d for fs in row.dice().values() for d in fs)
        assert faces == Counter(range(1, 7)), row.month


def test_random_weather_lookup(charts: Charts) -> None:
    assert random_weather(charts, 4, 4) == "light_mud"  # September, die 4
    assert random_weather(charts, 4, 2) == "clear"
    assert random_weather(charts, 4, 6) == "mud"
    assert random_weather(charts, 3, 6) == "light_mud"
    assert random_weather(charts, 0, 5) == "mud"
    assert random_weather(charts, 7, 6) == "snow"
    with pytest.raises(ValueError):
        random_weather(charts, 4, 7)
    with pytest.raises(ValueError):
        random_weather(charts, 9, 1)


def test_parse_dice() -> None:
    assert parse_dice("1-2") == {1, 2}
    assert parse_dice("1–6") == set(range(1, 7))
    assert parse_dice("6") == {6}
    assert parse_dice("") == set()
    for bad in ("0", "7", "3-1", "x"):
        with pytest.raises(ValueError):
            parse_dice(bad)


# =================================================================== air points (11.7)
def test_air_points(charts: Charts) -> None:
    # 11.7G turns 1-6 as printed; 12.3D May 6/0
    printed = {0: (6, 0), 1: (6, 0), 2: (8, 0), 3: (8, 0), 4: (7, 1), 5: (6, 2), 6: (4, 2)}
    for turn, (axis, soviet) in printed.items():
        assert (air_points(charts, turn, "axis"), air_points(charts, turn, "soviet")) == (
            axis,
            soviet,
        )
    rows = {r.turn: r for r in charts.air_points.rows}
    assert not any(is_reconstructed(rows[t]) for t in printed)
    # December: reconstructed from the first-edition fan aid
    assert (air_points(charts, 7, "axis"), air_points(charts, 7, "soviet")) == (0, 4)
    assert is_reconstructed(rows[7])
    assert "docslib" in rows[7].why
    ap = charts.air_points
    assert ap.max_per_attack == 3  # 11.7C
    assert ap.max_per_fleet_attack == 3  # 11.5.4C
    assert ap.in_exploitation_combat is False  # 11.7F
    assert ap.accumulate is False  # 11.7B
    assert ap.axis_needs_german_unit is True  # 11.7E


# =================================================================== exploitation (6.6)
def test_axis_exploitation_table_as_printed(charts: Charts) -> None:
    ex = charts.exploitation
    assert [(r.unit_type, r.nationality, r.mp) for r in ex.axis] == [
        ("armor", "G", 3),
        ("mountain", "G/R/T", 1),
        ("cavalry", "R", 1),
        ("infantry", "G/I", 1),
    ]
    assert ex.legend == {"G": "german", "R": "romanian", "T": "turkish", "I": "italian"}
    assert [(r.unit_type, r.mp) for r in ex.soviet] == [("armor", 2), ("cavalry", 1), ("shock", 1)]


@pytest.mark.parametrize(
    ("weather", "nationality", "unit", "guderian", "mp"),
    [
        # 6.6.1A Clear
        ("clear", "german", "armor", False, 3),
        ("clear", "german", "mountain", False, 1),
        ("clear", "romanian", "mountain", False, 1),
        ("clear", "turkish", "mountain", False, 1),
        ("clear", "romanian", "cavalry", False, 1),
        ("clear", "german", "infantry", False, 1),
        ("clear", "italian", "infantry", False, 1),
        # 6.6.1B never
        ("clear", "romanian", "infantry", False, 0),
        ("clear", "turkish", "infantry", False, 0),
        ("clear", "hungarian", "cavalry", False, 0),
        ("clear", "hungarian", "infantry", False, 0),
        ("clear", "finnish", "infantry", False, 0),
        ("clear", "finnish", "mountain", False, 0),
        ("clear", "german", "airborne", False, 0),  # 11.3.2B
        # 6.6.1C Snow: one MP
        ("snow", "german", "armor", False, 1),
        ("snow", "german", "infantry", False, 1),
        ("snow", "romanian", "infantry", False, 0),
        # 6.6.3B / 11.6.1E Light Mud: only German Armor with Guderian, one hex
        ("light_mud", "german", "armor", False, 0),
        ("light_mud", "german", "armor", True, 1),
        ("light_mud", "german", "infantry", True, 0),
        ("light_mud", "romanian", "mountain", False, 0),
        # 6.6.3A Mud: none
        ("mud", "german", "armor", True, 0),
        ("mud", "soviet", "armor", False, 0),
        # 6.6.2 Soviet, Clear and Snow
        ("clear", "soviet", "armor", False, 2),
        ("clear", "soviet", "cavalry", False, 1),
        ("clear", "soviet", "shock", False, 1),
        ("clear", "soviet", "infantry", False, 0),
        ("snow", "soviet", "armor", False, 2),
        ("snow", "soviet", "shock", False, 1),
        ("snow", "soviet", "infantry", False, 0),
        # 8.3.2: no Soviet exploitation in Light Mud
        ("light_mud", "soviet", "armor", False, 0),
    ],
)
def test_exploitation_mp(
    charts: Charts, weather: str, nationality: str, unit: str, guderian: bool, mp: int
) -> None:
    assert exploitation_mp(charts, weather, nationality, unit, with_guderian=guderian) == mp


def test_exploitation_exclusions_as_data(charts: Charts) -> None:
    ex = charts.exploitation
    assert [(e.nationality, e.unit_type) for e in ex.axis_excluded] == [
        ("romanian", "infantry"),
        ("turkish", "infantry"),
        ("hungarian", None),
        ("finnish", None),
        ("german", "airborne"),
        ("lithuanian", None),
    ]
    assert [e.unit_type for e in ex.soviet_excluded] == ["infantry", "airborne"]
    assert ex.axis_snow_mp == 1
    assert ex.guderian_light_mud_mp == 1
    assert ex.soviet_weather == ["clear", "snow"]
    assert ex.no_exploitation_weather == ["mud"]


# =================================================================== replacements (10.1, 12.4)
def test_replacement_points(charts: Charts) -> None:
    # 10.1.3A: Axis 2 a turn from Turn Three
    assert [replacement_points(charts, "axis", t) for t in range(8)] == [0, 0, 0, 2, 2, 2, 2, 2]
    # 10.1.4A: Soviet 6 a turn from Turn Two; 12.4: eight
    assert [replacement_points(charts, "soviet", t) for t in range(8)] == [0, 0, 6, 6, 6, 6, 6, 6]
    assert replacement_points(charts, "soviet", 2, universal_conscription=True) == 8
    assert replacement_points(charts, "soviet", 1, universal_conscription=True) == 0
    rep = charts.replacements
    assert rep.soviet.minus_one_cities == ["Leningrad", "Moscow", "Kiev", "Stalingrad"]  # 10.1.4B
    assert (rep.restore_cost, rep.rebuild_cost) == (1, 2)  # 10.1.1A-B
    assert rep.accumulate is False  # 10.1.2A
    assert rep.axis.turkish_points == 1  # 12.5B
    assert rep.axis.not_for == ["hungarian", "italian", "finnish", "turkish", "lithuanian"]


def test_armor_replacement_limits(charts: Charts) -> None:
    # 10.1.3C: one Axis Armor unit a turn
    assert [armor_replacement_limit(charts, "axis", t) for t in range(3, 8)] == [1] * 5
    # 10.1.4E-F: July-September two, October-December one
    assert [armor_replacement_limit(charts, "soviet", t) for t in range(2, 8)] == [
        2,
        2,
        2,
        1,
        1,
        1,
    ]


def test_rebuild_places(charts: Charts) -> None:
    assert rebuild_places(charts, "axis") == ["Warsaw"]  # 10.1.3B
    assert rebuild_places(charts, "axis", "german") == ["Warsaw"]
    assert rebuild_places(charts, "axis", "romanian") == ["Bucharest"]  # 11.4.1B
    assert rebuild_places(charts, "soviet") == ["Leningrad", "Moscow", "Kiev", "Stalingrad"]


# =================================================================== rail and supply (6.5, 5.0)
def test_rail_and_supply(charts: Charts) -> None:
    assert rail_capacity(charts, "axis", "clear") == 3  # 6.5A
    assert rail_capacity(charts, "axis", "snow") == 2  # 6.5A, 8.3.4
    assert rail_capacity(charts, "soviet", "clear") == 6
    assert rail_capacity(charts, "soviet", "snow") == 6
    assert supply_path_hexes(charts, "axis", "clear") == 3  # 5.0
    assert supply_path_hexes(charts, "axis", "snow", "german") == 2  # 5.2
    assert supply_path_hexes(charts, "axis", "snow", "finnish") == 3  # 5.2
    assert supply_path_hexes(charts, "soviet", "snow") == 3


# =================================================================== victory (13.0)
def test_victory_cities(charts: Charts) -> None:
    assert victory_cities(charts) == {
        "Moscow": 2,
        "Orel": 1,
        "Kharkov": 1,
        "Kiev": 1,
        "Leningrad": 1,
        "Minsk": 1,
        "Rostov": 1,
        "Sevastopol": 1,
        "Tallinn": 1,
        "Tbilisi": 1,
    }
    hexes = {c.name: c.hex for c in charts.victory.cities}
    assert hexes == {
        "Moscow": None,
        "Orel": "1618",
        "Kharkov": "2018",
        "Kiev": "2014",
        "Leningrad": "0514",
        "Minsk": "1511",
        "Rostov": "2321",
        "Sevastopol": "2716",
        "Tallinn": "0810",
        "Tbilisi": "3125",
    }


def test_victory_cities_agree_with_the_map(charts: Charts) -> None:
    gmap = board()
    for city in charts.victory.cities:
        if city.hex is not None:
            place = gmap.place(city.hex)
            assert place is not None and place.name == city.name
            assert place.is_("victory_city")


def test_victory_points_and_historical_result(charts: Charts) -> None:
    v = charts.victory
    assert (v.stalin_point, v.casualty_point, v.casualty_tie) == (1, 1, "soviet")  # 13.0D-F
    # 13.0G: Soviets 7 (Leningrad, Moscow 2, Rostov, Sevastopol, Tbilisi, Stalin), Axis 6
    pts = victory_cities(charts)
    soviet = sum(pts[c] for c in ("Leningrad", "Moscow", "Rostov", "Sevastopol", "Tbilisi"))
    axis = sum(pts[c] for c in ("Orel", "Kharkov", "Tallinn", "Kiev", "Minsk"))
    assert (soviet + v.stalin_point, axis + v.casualty_point) == (7, 6)
    assert [(a.side, a.hold_all) for a in v.automatic] == [  # 13.0H
        ("axis", ["Leningrad", "Moscow", "Stalingrad"]),
        ("soviet", ["Berlin"]),
    ]


@pytest.mark.parametrize(
    ("nationality", "unit", "leader", "weight"),
    [
        ("soviet", "fleet", "", 2),
        ("soviet", "shock", "", 2),
        ("soviet", "airborne", "", 2),
        ("soviet", "leader", "Zhukov", 2),
        ("soviet", "infantry", "", 1),
        ("soviet", "armor", "", 1),
        ("german", "leader", "Guderian", 3),
        ("german", "armor", "", 3),
        ("german", "airborne", "", 3),
        ("german", "infantry", "", 2),
        ("german", "mountain", "", 2),
        ("finnish", "infantry", "", 2),
        ("italian", "infantry", "", 1),
        ("romanian", "cavalry", "", 1),
        ("hungarian", "cavalry", "", 1),
        ("turkish", "mountain", "", 1),
    ],
)
def test_casualty_weights(
    charts: Charts, nationality: str, unit: str, leader: str, weight: int
) -> None:
    assert casualty_weight(charts, nationality, unit, leader) == weight  # 13.0E


def test_reconstructed_casualty_weights(charts: Charts) -> None:
    assert casualty_weight(charts, "soviet", "leader", "Stalin") == 0
    assert casualty_weight(charts, "soviet", "leader", "Timoshenko") == 0
    assert casualty_weight(charts, "finnish", "leader", "Mannerheim") == 0
    assert casualty_weight(charts, "lithuanian", "infantry") == 1
    flagged = {
        (w.nationality, w.unit_type) for w in charts.victory.casualty_weights if w.reconstructed
    }
    assert flagged == {("soviet", "leader"), ("finnish", "leader"), ("lithuanian", None)}


# =================================================================== provenance
def test_exactly_these_entries_are_reconstructed(charts: Charts) -> None:
    found = {where: entry.reconstructed for where, entry in reconstructed_entries(charts)}
    assert found == {
        "terrain_effects.hexes[forest]": ["move.infantry", "move.cavalry", "move.mountain"],
        "terrain_effects.hexes[lake]": ["move"],
        "terrain_effects.hexes[sea]": ["move"],
        "unit_types.nkvd": True,
        "unit_types.airborne": True,
        "unit_types.militia": True,
        "random_weather.rows[October]": True,
        "random_weather.rows[November]": True,
        "random_weather.rows[December]": True,
        "air_points.rows[December]": True,
        "victory.casualty_weights[soviet leader]": True,
        "victory.casualty_weights[finnish leader]": True,
        "victory.casualty_weights[lithuanian]": True,
    }
    assert all(entry.why for _, entry in reconstructed_entries(charts))


def test_every_row_names_its_rule(charts: Charts) -> None:
    tables = [
        charts.turn_record,
        charts.terrain_effects,
        charts.historical_weather,
        charts.random_weather,
        charts.air_points,
        charts.exploitation,
        charts.replacements,
        charts.rail_capacity,
        charts.supply_path,
        charts.victory,
    ]
    for table in tables:
        assert table.source.startswith("DR ")
    for row in [*charts.terrain_effects.hexes, *charts.terrain_effects.hexsides]:
        assert row.source, row
    for row in charts.unit_types.values():
        assert row.source
    for w in charts.victory.casualty_weights:
        assert w.source


# =================================================================== broken files
def _broken(tmp_path: Path, old: str, new: str) -> DataError:
    text = CHARTS_FILE.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "charts.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_charts(path)
    assert info.value.source == str(path)
    return info.value


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            '{ turn = 2, month = "July",      axis = 8, soviet = 0 }',
            '{ turn = 2, month = "July",      axis = "eight", soviet = 0 }',
            "air_points.rows[3].axis",
        ),
        (
            '{ turn = 4, month = "September", clear = "1-2", light_mud = "3-4", mud = "5-6" }',
            '{ turn = 4, month = "September", clear = "1-2", light_mud = "3-4", mud = "5" }',
            "random_weather.rows[5]: Value error, September: the die faces must cover 1-6",
        ),
        (
            'clear = "1-5", light_mud = "6" }',
            'clear = "1-5", light_mud = "5-6" }',
            "listed twice: [5]",
        ),
        ('mud = "1", snow = "2-6"', 'mud = "1", snow = "2-7"', "random_weather.rows[8].snow"),
        ("stalin_point = 1", "stalin_points = 1", "victory.stalin_points"),
        ('terrain = "lake"', 'terrain = "bog"', "terrain_effects.hexes[8].terrain"),
        (
            "move = { infantry = 2, cavalry = 2, armor = 3, mountain = 1 }",
            "move = { infantry = 2, cavalry = 2, armor = 3 }",
            "move: mountain needs a cost for mountain",
        ),
        ('militia  = { moves_as = "infantry"', 'militia  = { moves_as = "boat"', "moves_as"),
        ("\nmilitia  = {", "\n# militia  = {", "unit_types.militia: missing"),
        (
            '{ turn = 5, month = "October",   axis = 6',
            '{ turn = 5, month = "November",   axis = 6',
            "air_points.rows[November].month: turn 5 is October",
        ),
        (
            '{ turn = 3, month = "August",    weather = "clear" },',
            "",
            "historical_weather.rows: no row for turn 3 (August)",
        ),
        (
            '{ turn = 0, month = "May",       clear = "1-2", light_mud = "3-4", mud = "5-6"',
            '{ turn = 0, month = "May",       clear = "1-3", light_mud = "4", mud = "5-6"',
            "random_weather.rows[May]: must equal September's row",
        ),
        (
            'why = "9.1.3A gives only',
            '# why = "9.1.3A gives only',
            "terrain_effects.hexes[2]: Value error, reconstructed: a reconstructed entry needs",
        ),
        ('"move.mountain"]', '"move.horse"]', "'move.horse' is not a field"),
        ('nationality = "G/I"', 'nationality = "G/X"', "exploitation.axis[4].nationality"),
        (
            "{ from_turn = 5, to_turn = 7, armor = 1",
            "{ from_turn = 6, to_turn = 7, armor = 1",
            "replacements.soviet.armor_limit: must cover turns 2-7",
        ),
        ('hex = "1618"', 'hex = "16-18"', "victory.cities[2: Orel 16-18].hex: String should match"),
        (
            '{ nationality = "german",                             weight = 2',
            '{ nationality = "german", unit_type = "infantry",     weight = 2',
            "victory.casualty_weights: no row for german units in general",
        ),
    ],
)
def test_broken_file_names_table_and_field(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    err = _broken(tmp_path, old, new)
    assert any(expected in p for p in err.problems), err.problems


def test_unreadable_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read file"):
        load_charts(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[card\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_charts(bad)
