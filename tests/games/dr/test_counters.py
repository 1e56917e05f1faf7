"""The Defiant Russia counter mix: every fact the rulebook states, the schema, and plausibility.

DR = shared/rules/defiant-russia.txt; rule numbers in the comments. Provenance of each value:
docs/data/dr-counters.md. Values the rulebook does not state are reconstructed, so the
plausibility tests check shape (who is strongest, who is numerous), not exact numbers.
"""

from __future__ import annotations

import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from ostfront.core.errors import DataError
from ostfront.games.dr import counters as dr_counters
from ostfront.games.dr.counters import (
    DEFAULT_PATH,
    CounterMix,
    Unit,
    Values,
    by_setup_code,
    check_counters,
    ids,
    load_counters,
    load_counters_text,
    reinforcements,
    units_of,
)

ALL_OPTIONS = ("12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.7", "12.8", "12.9")


@pytest.fixture(scope="module")
def mix() -> CounterMix:
    return load_counters()


def v(text: str) -> Values:
    return Values.parse(text)


def combat(units: list[Unit]) -> list[Unit]:
    """Units with combat values (not leaders)."""
    return [u for u in units if not u.is_leader]


# =================================================================== facts the rulebook states
def test_romanian_mountain_corps_is_4_4(mix: CounterMix) -> None:
    # 7.1.1 example: "The Romanian mountain corps (a 4-4 unit)".
    mtn = [u for u in mix.units.values() if u.nationality == "romanian" and u.type == "mountain"]
    assert len(mtn) == 1
    assert mtn[0].full == v("4-4")
    assert mtn[0].side == "axis"


def test_soviet_18th_tank_corps_is_2_4_on_its_full_side(mix: CounterMix) -> None:
    # 7.1.1 example: "the Soviet 18th Tank Corps (2-4)". Judgement: 2-4 is the full side.
    tc = mix.named("18th Tank Corps")
    assert (tc.side, tc.nationality, tc.type) == ("soviet", "soviet", "armor")
    assert tc.full == v("2-4")
    assert tc.reduced is not None and tc.reduced.strength < 2


def test_a_german_armor_corps_is_4_6(mix: CounterMix) -> None:
    # 9.2: "a 4-6 German Armor unit".
    assert any(
        u.nationality == "german" and u.type == "armor" and u.full == v("4-6")
        for u in mix.units.values()
    )


def test_infantry_at_3_3_exists(mix: CounterMix) -> None:
    # 9.1.2-9.1.4: "a 3-3 Infantry unit".
    threes = [u for u in mix.units.values() if u.type == "infantry" and u.full == v("3-3")]
    assert threes
    assert any(u.nationality == "german" for u in threes)


def test_the_one_hungarian_unit_is_the_2_5_inf_mob(mix: CounterMix) -> None:
    # 12.9 "the Hungarian 2-5 INF (Mob) unit"; 11.4.5C "The Hungarian unit" (one counter).
    hun = [u for u in mix.units.values() if u.nationality == "hungarian"]
    assert len(hun) == 1
    (fast,) = hun
    assert (fast.type, fast.full, fast.designation) == ("infantry", v("2-5"), "Mob")
    assert fast.at_start and fast.setup == "Hungary"
    assert fast.steps == 2


def test_german_40_armor_corps_is_a_turn_2_reinforcement_for_agc(mix: CounterMix) -> None:
    # 12.3G: "The German 40 Armor corps begins play with Army Group Center rather than as a
    # Turn Two reinforcement."
    xl = mix.unit("ger-xl-pz")
    assert (xl.nationality, xl.type) == ("german", "armor")
    assert xl.reinforcement_turn == 2 and xl.setup is None
    assert xl.arrival_turn() == 2 and xl.start_code() is None
    assert xl.start_code({"12.3"}) == "AGC" and xl.arrival_turn({"12.3"}) is None
    assert xl in mix.reinforcements(2)
    assert xl not in mix.reinforcements(2, {"12.3"})
    assert xl in mix.at_start({"12.3"})


def test_german_airborne_only_with_early_start(mix: CounterMix) -> None:
    # 11.3.2A: only available with Early Start (12.3); 12.3F: available at the start.
    ab = [u for u in mix.units.values() if u.nationality == "german" and u.type == "airborne"]
    assert len(ab) == 1
    (unit,) = ab
    assert unit.optional == "12.3"
    assert unit not in mix.at_start()
    assert unit in mix.at_start({"12.3"})
    assert not unit.in_play() and unit.in_play({"12.3"})


def test_dak_armor_with_antonescu_only_under_italian_africa(mix: CounterMix) -> None:
    # 12.6: "The German DAK Armor begins the game with Army Group Antonescu."
    dak = mix.unit("ger-dak")
    assert (dak.nationality, dak.type, dak.optional) == ("german", "armor", "12.6")
    assert dak.start_code({"12.6"}) == "Antonescu"
    assert dak not in mix.at_start()


def test_italian_csir_infantry_is_removed_by_italian_africa(mix: CounterMix) -> None:
    # 12.6: "The Italian CSIR Infantry never enters play."
    ita = [u for u in mix.units.values() if u.nationality == "italian"]
    assert len(ita) == 1
    (csir,) = ita
    assert csir.type == "infantry" and "CSIR" in csir.name
    assert csir.removed_by == "12.6"
    assert csir.in_play() and not csir.in_play({"12.6"})
    assert csir.arrival_turn() is not None and csir.arrival_turn({"12.6"}) is None
    # "a weak (but fast) Italian Infantry": no stronger than German infantry, faster.
    assert csir.full is not None and csir.full.strength <= 3
    assert csir.full.movement is not None and csir.full.movement > 3


def test_three_romanian_home_defense_units(mix: CounterMix) -> None:
    # 11.4.4: "The three units assigned to Romanian Home Defense".
    home = [u for u in mix.units.values() if u.home_defense]
    assert len(home) == 3
    assert {u.nationality for u in home} == {"romanian"}
    assert {u.setup for u in home} == {"Romanian Home Defense"}
    assert all(u.at_start and u.optional is None for u in home)
    assert ids(mix.by_setup_code("Romanian Home Defense")) == ids(home)


def test_turkish_units_exactly_as_named(mix: CounterMix) -> None:
    # 12.5: Third Army 6, 7, 8, 17 Infantry + 9, 18 Mountain; First Army 3, 4, 10, 20 Infantry;
    # Second Army 1, 2, 5, 12 Infantry.
    expected = {
        "Turkish Third Army": {
            "6 Infantry",
            "7 Infantry",
            "8 Infantry",
            "17 Infantry",
            "9 Mountain",
            "18 Mountain",
        },
        "Turkish First Army": {"3 Infantry", "4 Infantry", "10 Infantry", "20 Infantry"},
        "Turkish Second Army": {"1 Infantry", "2 Infantry", "5 Infantry", "12 Infantry"},
    }
    turks = [u for u in mix.units.values() if u.nationality == "turkish"]
    assert len(turks) == 14
    got: dict[str, set[str]] = defaultdict(set)
    for u in turks:
        assert u.setup is not None
        got[u.setup].add(u.name)
        assert u.type == ("mountain" if "Mountain" in u.name else "infantry")
        assert u.optional == "12.5" and u.enters_when
        assert not u.at_start and u.start_code(ALL_OPTIONS) is None
    assert got == expected
    assert mix.setup_codes["Turkish First Army"].rule_hexes == ("3111", "3012")
    assert mix.setup_codes["Turkish Second Army"].rule_hexes == ("3212", "3213", "3313")


def test_lithuanian_corps_only_with_defiant_lithuania(mix: CounterMix) -> None:
    # 12.8B: "The Lithuanian unit is corps-sized ... sets up anywhere in Lithuania."
    lit = [u for u in mix.units.values() if u.nationality == "lithuanian"]
    assert len(lit) == 1
    (corps,) = lit
    assert (corps.side, corps.echelon, corps.optional) == ("axis", "corps", "12.8")
    assert corps.start_code({"12.8"}) == "Lithuania" and corps.start_code() is None


def test_lone_soviet_airborne_enters_turn_6(mix: CounterMix) -> None:
    # 11.3.1A: "The lone Soviet Airborne unit enters as a reinforcement on Turn Six."
    ab = [u for u in mix.units_of("soviet") if u.type == "airborne"]
    assert len(ab) == 1
    assert ab[0].reinforcement_turn == 6 and ab[0].setup is None
    assert ab[0].echelon == "corps"  # 6.2.1 "airborne corps"


def test_soviet_special_army_types(mix: CounterMix) -> None:
    sov = mix.units_of("soviet")
    by_type = Counter(u.type for u in sov)
    assert by_type["shock"] >= 1  # 11.1
    assert by_type["nkvd"] >= 1  # 11.9
    assert by_type["cavalry"] >= 1  # 2.0
    assert by_type["mountain"] >= 1  # 6.2.1 "Soviet Infantry, Mountain, or Shock army"
    for u in sov:
        if u.type in ("infantry", "mountain", "shock", "nkvd"):
            assert u.echelon == "army", u.id  # 2.0, 6.2.1
        if u.type in ("armor", "cavalry", "airborne", "militia"):
            assert u.echelon == "corps", u.id  # 2.0, 6.2.1, 11.8B


def test_some_soviet_tank_corps_start_reduced(mix: CounterMix) -> None:
    # 3.0B "Some Soviet tank corps set up at reduced strength"; 12.3B flips three that begin at
    # full strength, so at least three must; 12.2 flips all back to full (needs a reduced side).
    tanks = [u for u in mix.at_start() if u.side == "soviet" and u.type == "armor"]
    reduced = [u for u in tanks if u.starts_reduced]
    assert reduced
    assert len(tanks) - len(reduced) >= 3
    assert all(u.reduced is not None for u in tanks)
    assert all(not u.starts_reduced for u in mix.units.values() if u.type != "armor")


def test_fleets(mix: CounterMix) -> None:
    # 11.5: "two naval units: the Baltic and Black Sea Fleets"; 11.5.6A: the Baltic Fleet has
    # no reduced-strength side; 9.3.3A/11.5.5D speak of the Black Sea Fleet reduced.
    fleets = {u.name: u for u in mix.units.values() if u.type == "fleet"}
    assert set(fleets) == {"Baltic Fleet", "Black Sea Fleet"}
    baltic, black = fleets["Baltic Fleet"], fleets["Black Sea Fleet"]
    assert baltic.reduced is None and baltic.steps == 1
    assert black.reduced is not None and black.steps == 2
    assert all(f.side == "soviet" and f.at_start and f.echelon is None for f in fleets.values())
    assert baltic.setup == "Leningrad MD"  # 11.5.1A: may never move from Leningrad


def test_two_one_step_workers_militia(mix: CounterMix) -> None:
    # 11.8B "only has one step"; 11.8C "Two such units may be in play at one time".
    militia = [u for u in mix.units.values() if u.type == "militia"]
    assert len(militia) == 2
    for m in militia:
        assert m.side == "soviet" and m.reduced is None and m.steps == 1
        assert m.echelon == "corps"
        assert m.enters_when and m.setup is None and m.reinforcement_turn is None
        assert m not in mix.at_start(ALL_OPTIONS)


def test_leaders(mix: CounterMix) -> None:
    # 11.6: "four Leaders in the game: Guderian, Mannerheim, Stalin, and Zhukov (plus one
    # optional leader, Timoshenko; see 12.7)".
    leaders = {u.name: u for u in mix.units.values() if u.is_leader}
    assert set(leaders) == {"Guderian", "Mannerheim", "Stalin", "Zhukov", "Timoshenko"}
    assert all(u.full is None and u.reduced is None and u.steps == 0 for u in leaders.values())
    assert all(u.echelon is None for u in leaders.values())
    g, m, s, z, t = (
        leaders[n] for n in ("Guderian", "Mannerheim", "Stalin", "Zhukov", "Timoshenko")
    )
    assert (g.side, g.nationality, g.setup) == ("axis", "german", "AGC")  # 11.6.1A
    assert (m.side, m.nationality, m.setup) == ("axis", "finnish", "Finland")  # 11.6.2A
    assert (s.side, s.setup) == ("soviet", "Moscow")  # 11.6.3A
    assert (z.side, z.reinforcement_turn, z.setup) == ("soviet", 4, None)  # 11.6.4A September
    assert (t.side, t.setup, t.optional) == ("soviet", "Moscow", "12.7")  # 12.7A
    assert [u.optional for u in leaders.values()].count(None) == 4


def test_guderian_has_an_agc_armor_unit_and_mannerheim_a_finnish_one(mix: CounterMix) -> None:
    # 11.6.1A / 11.6.2A need such a unit at start.
    assert any(
        u.nationality == "german" and u.type == "armor" for u in mix.by_setup_code("AGC", ())
    )
    assert any(
        u.nationality == "finnish" and not u.is_leader for u in mix.by_setup_code("Finland", ())
    )


def test_axis_nationalities(mix: CounterMix) -> None:
    # 3.0D: German, Finnish, Romanian, Hungarian, Italian and Turkish; 12.8 adds Lithuanian.
    base = {u.nationality for u in mix.units_of("axis", ())}
    assert base == {"german", "finnish", "romanian", "hungarian", "italian"}
    everything = {u.nationality for u in mix.units_of("axis")}
    assert everything == base | {"turkish", "lithuanian"}
    assert {u.nationality for u in mix.units_of("soviet")} == {"soviet"}


def test_types_the_exploitation_chart_names(mix: CounterMix) -> None:
    # 6.6.1: Mountain G/R/T, Cavalry R, Infantry G/I, Armor G.
    have = {(u.nationality, u.type) for u in mix.units.values()}
    for pair in [
        ("german", "mountain"),
        ("romanian", "mountain"),
        ("turkish", "mountain"),
        ("romanian", "cavalry"),
        ("german", "infantry"),
        ("italian", "infantry"),
        ("german", "armor"),
    ]:
        assert pair in have, pair
    # Bennighof: "none of the Axis allies have any" tank corps.
    assert {u.nationality for u in mix.units_of("axis") if u.type == "armor"} == {"german"}


def test_set_up_codes_the_rules_name(mix: CounterMix) -> None:
    # 3.0A (military districts / army groups), 11.6.1A (Army Group Center), 12.6 (Army Group
    # Antonescu), 12.8D-G (Baltic MD, Western MD, AGC, AGS), 11.4.4 (Romanian Home Defense).
    for code in ["Baltic MD", "Western MD", "AGN", "AGC", "AGS", "Antonescu"]:
        assert code in mix.setup_codes
        assert mix.by_setup_code(code, ()), code
    assert mix.setup_codes["Romanian Home Defense"].side == "axis"


# =================================================================== schema
def test_ids_are_unique_in_the_file() -> None:
    raw = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    unit_ids = [u["id"] for u in raw["units"]]
    marker_ids = [m["id"] for m in raw["markers"]]
    assert len(unit_ids) == len(set(unit_ids))
    assert not set(unit_ids) & set(marker_ids)


def test_ids_are_lowercase_and_prefixed_by_nationality(mix: CounterMix) -> None:
    prefix = {
        "german": "ger-",
        "finnish": "fin-",
        "romanian": "rom-",
        "hungarian": "hun-",
        "italian": "ita-",
        "turkish": "tur-",
        "lithuanian": "lit-",
        "soviet": "sov-",
    }
    for u in mix.units.values():
        assert u.id == u.id.lower() and u.id.startswith(prefix[u.nationality]), u.id


def test_reduced_never_exceeds_full(mix: CounterMix) -> None:
    for u in mix.units.values():
        if u.reduced is None:
            continue
        assert u.full is not None
        assert u.reduced.strength <= u.full.strength, u.id
        assert u.reduced.strength < u.full.strength or u.full.strength == 1, u.id
        if u.reduced.movement is not None:
            assert u.full.movement is not None and u.reduced.movement <= u.full.movement, u.id


def test_one_step_units_have_no_reduced_side(mix: CounterMix) -> None:
    one_step = [u for u in mix.units.values() if u.steps == 1]
    assert {u.type for u in one_step} == {"fleet", "militia"}  # 11.5.6A Baltic, 11.8B
    for u in mix.units.values():
        if u.starts_reduced:
            assert u.reduced is not None, u.id


def test_printed_values(mix: CounterMix) -> None:
    for u in mix.units.values():
        if u.is_leader:
            continue
        assert u.full is not None, u.id
        if u.type == "fleet":
            assert u.full.movement is None, u.id  # moves by 11.5.1
        else:
            assert u.full.movement is not None, u.id


def test_every_at_start_unit_has_an_existing_setup_code(mix: CounterMix) -> None:
    for u in mix.units.values():
        if u.at_start:
            assert u.setup in mix.setup_codes, u.id
            assert mix.setup_codes[u.setup].side == u.side, u.id
        for code in u.setup_under.values():
            assert mix.setup_codes[code].side == u.side, u.id


def test_every_reinforcement_has_a_turn_and_no_setup_code(mix: CounterMix) -> None:
    # Convention: a reinforcement carries its turn (10.2A) and no set-up code; it enters where
    # 10.2C/D say. Event units (12.5 Turks, 11.8 militia) carry `enters_when` instead.
    arriving = [u for u in mix.units.values() if u.reinforcement_turn is not None]
    assert arriving
    for u in arriving:
        assert u.reinforcement_turn is not None and 1 <= u.reinforcement_turn <= 7, u.id
        assert u.setup is None and not u.enters_when, u.id
    for u in mix.units.values():
        placed = [u.at_start, u.reinforcement_turn is not None, bool(u.enters_when)]
        assert placed.count(True) == 1, u.id


def test_every_unit_names_a_known_source_and_codes_are_used(mix: CounterMix) -> None:
    for u in mix.units.values():
        assert u.source in mix.sources, u.id
    used = {u.setup for u in mix.units.values()} | {
        c for u in mix.units.values() for c in u.setup_under.values()
    }
    assert set(mix.setup_codes) <= used


def test_values_round_trip() -> None:
    assert str(Values.parse("4-6")) == "4-6"
    assert str(Values.parse("3")) == "3"
    assert Values.parse("2-5") == Values(2, 5)


# =================================================================== broken files
def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"test setup: {old!r} must occur once"
    p = tmp_path / "counters.toml"
    p.write_text(text.replace(old, new), encoding="utf-8")
    return p


def problems_of(path: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_counters(path)
    assert str(path) in str(exc.value)
    return exc.value.problems


def test_bad_printed_values_name_unit_and_field(tmp_path: Path) -> None:
    p = broken(
        tmp_path,
        'id = "ger-xxiv-pz"\nname = "XXIV Panzer Corps"\nside = "axis"\nnationality = "german"\n'
        'type = "armor"\nfull = "5-6"',
        'id = "ger-xxiv-pz"\nname = "XXIV Panzer Corps"\nside = "axis"\nnationality = "german"\n'
        'type = "armor"\nfull = "five"',
    )
    (problem,) = problems_of(p)
    assert "ger-xxiv-pz" in problem and "XXIV Panzer Corps" in problem and ".full" in problem


def test_reduced_above_full_names_unit_and_field(tmp_path: Path) -> None:
    p = broken(tmp_path, 'id = "rom-mtn"', 'id = "rom-mtn-x"')  # a renamed unit still loads
    assert load_counters(p).unit("rom-mtn-x").full == v("4-4")
    p = broken(
        tmp_path,
        'full = "4-4"\nreduced = "2-4"\nsetup = "Antonescu"',
        'full = "4-4"\nreduced = "5-4"\nsetup = "Antonescu"',
    )
    (problem,) = problems_of(p)
    assert "rom-mtn" in problem and ".reduced" in problem and "above full" in problem


def test_unknown_setup_code_names_unit_and_field(tmp_path: Path) -> None:
    p = broken(tmp_path, 'setup = "Hungary"\nrules', 'setup = "Budapest"\nrules')
    (problem,) = problems_of(p)
    assert "hun-fast" in problem and ".setup" in problem and "Budapest" in problem


def test_reinforcement_with_setup_code_is_refused(tmp_path: Path) -> None:
    p = broken(
        tmp_path,
        'reinforcement_turn = 6\nrules = ["11.3.1A"]',
        'reinforcement_turn = 6\nsetup = "Moscow"\nrules = ["11.3.1A"]',
    )
    (problem,) = problems_of(p)
    assert "sov-airborne" in problem and ".setup" in problem


def test_turn_out_of_range_is_refused(tmp_path: Path) -> None:
    p = broken(
        tmp_path,
        'reinforcement_turn = 6\nrules = ["11.3.1A"]',
        'reinforcement_turn = 8\nrules = ["11.3.1A"]',
    )
    (problem,) = problems_of(p)
    assert "sov-airborne" in problem and ".reinforcement_turn" in problem


def test_militia_with_two_steps_is_refused(tmp_path: Path) -> None:
    head = (
        'id = "sov-militia-2"\nname = "2nd Workers\' Militia"\nside = "soviet"\n'
        'nationality = "soviet"\ntype = "militia"\nfull = "1-1"'
    )
    p = broken(tmp_path, head, head + '\nreduced = "1-1"')
    (problem,) = problems_of(p)
    assert "sov-militia-2" in problem and ".reduced" in problem and "11.8B" in problem


def test_duplicate_id_and_unknown_field_are_refused(tmp_path: Path) -> None:
    p = broken(tmp_path, 'id = "sov-3-cav"', 'id = "sov-2-cav"')
    (problem,) = problems_of(p)
    assert "sov-2-cav" in problem and ".id" in problem and "duplicate" in problem
    p = broken(tmp_path, 'id = "sov-3-cav"', 'id = "sov-3-cav"\ncolour = "red"')
    (problem,) = problems_of(p)
    assert "sov-3-cav" in problem and "colour" in problem


def test_not_toml_and_missing_file() -> None:
    with pytest.raises(DataError, match="not valid TOML"):
        load_counters_text("[[units]\n", source="x.toml")
    with pytest.raises(DataError, match="cannot read file"):
        load_counters("/nonexistent/counters.toml")


# =================================================================== plausibility
def test_german_armor_is_the_strongest_per_unit(mix: CounterMix) -> None:
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for u in mix.units.values():
        if u.is_ground and u.full is not None:
            groups[(u.nationality, u.type)].append(u.full.strength)
    mean = {k: sum(s) / len(s) for k, s in groups.items()}
    german_armor = mean.pop(("german", "armor"))
    assert german_armor > max(mean.values()), sorted(mean.items(), key=lambda kv: -kv[1])[:3]


def test_soviets_outnumber_the_axis(mix: CounterMix) -> None:
    start = combat(mix.at_start())
    by_side = Counter(u.side for u in start)
    assert by_side["soviet"] > by_side["axis"]
    whole = Counter(u.side for u in combat(list(mix.units.values())) if u.in_play())
    assert whole["soviet"] > 1.3 * whole["axis"]


def test_soviets_are_outmatched_unit_for_unit(mix: CounterMix) -> None:
    def mean(units: list[Unit]) -> float:
        s = [u.full.strength for u in units if u.full is not None and u.is_ground]
        return sum(s) / len(s)

    ger_armor = [u for u in mix.units.values() if u.nationality == "german" and u.type == "armor"]
    sov_armor = [u for u in mix.units_of("soviet") if u.type == "armor"]
    assert mean(ger_armor) > mean(sov_armor) + 1
    ger_inf = [u for u in mix.units.values() if u.nationality == "german" and u.type == "infantry"]
    allies = [
        u
        for u in mix.units_of("axis")
        if u.nationality in ("romanian", "hungarian", "italian", "turkish", "lithuanian")
        and u.type != "mountain"
    ]
    assert mean(allies) < mean(ger_inf)  # "allies weak"


def test_roll_for_sixes_scale(mix: CounterMix) -> None:
    for u in combat(list(mix.units.values())):
        assert u.full is not None and 1 <= u.full.strength <= 6, u.id
        if u.is_ground:
            assert u.full.movement is not None and 1 <= u.full.movement <= 6, u.id
    ger_armor = {u.full for u in mix.units.values() if u.type == "armor" and u.side == "axis"}
    assert {x.movement for x in ger_armor if x is not None} == {6}


def test_piece_count_fits_the_box(mix: CounterMix) -> None:
    # 2.0: "Most of the 200 playing pieces represent the units ... the rest are the markers".
    assert mix.piece_count <= 200
    assert len(mix.units) > 2 * mix.marker_count
    assert mix.piece_count >= 180  # a reconstruction that leaves most of the box empty is wrong


def test_reinforcement_schedule_follows_history(mix: CounterMix) -> None:
    per_turn = {t: mix.reinforcements(t) for t in range(1, 8)}
    assert not per_turn[1]
    german = [u for us in per_turn.values() for u in us if u.nationality == "german"]
    assert ids(german) == ["ger-xl-pz"]  # German reinforcements are few (12.3G)
    soviet = {t: [u for u in us if u.side == "soviet"] for t, us in per_turn.items()}
    assert all(soviet[t] for t in range(2, 8))  # something every month from July
    assert len(soviet[2]) >= len(soviet[4])  # the reserve armies of July
    shock_turns = {u.reinforcement_turn for u in mix.units_of("soviet") if u.type == "shock"}
    assert shock_turns <= {6, 7}  # November-December
    nkvd_turns = {u.reinforcement_turn for u in mix.units_of("soviet") if u.type == "nkvd"}
    assert nkvd_turns == {2}
    assert not [u for u in mix.units_of("soviet") if u.type == "armor" and not u.at_start]


def test_army_groups_hold_the_panzer_groups(mix: CounterMix) -> None:
    # AGC had two panzer groups (Guderian's and Hoth's), AGN and AGS one each.
    pz = Counter(u.setup for u in mix.units.values() if u.type == "armor" and u.at_start)
    assert pz["AGC"] > pz["AGN"] and pz["AGC"] > pz["AGS"] >= pz["AGN"] > 0


# =================================================================== helpers and notes
def test_module_level_helpers(mix: CounterMix) -> None:
    assert units_of("soviet") == mix.units_of("soviet")
    assert ids(reinforcements(2, {"12.3", "12.6"})) == ids(
        u for u in mix.reinforcements(2) if u.id not in ("ger-xl-pz", "ita-csir")
    )
    assert ids(by_setup_code("Moscow")) == ["sov-stalin", "sov-timoshenko"]
    assert ids(by_setup_code("Moscow", ())) == ["sov-stalin"]
    with pytest.raises(KeyError):
        by_setup_code("Siberia")
    with pytest.raises(KeyError):
        mix.unit("sov-99-army")
    with pytest.raises(KeyError, match="give the nationality"):
        mix.named("I Corps")
    assert mix.named("I Corps", "finnish").id == "fin-i-inf"


def test_default_mix_is_cached_and_a_path_is_not() -> None:
    assert load_counters() is load_counters()
    fresh = load_counters(DEFAULT_PATH)
    assert fresh is not load_counters() and fresh.units.keys() == load_counters().units.keys()


def test_check_counters_notes() -> None:
    notes = check_counters()
    assert notes[0].startswith(f"{len(load_counters().units)} units")
    text = "\n".join(notes)
    for word in (
        "axis:",
        "soviet:",
        "at start",
        "reinforcements",
        "12.5 brings 14",
        "12.6 removes 1",
    ):
        assert word in text
    assert dr_counters.check_counters(DEFAULT_PATH) == notes
