"""DR 6.0-6.3, 6.6, 6.7, 8.3, 9.x, 11.4, 11.6, 12.3, 12.5, 12.7: ground movement, ZOCs,
exploitation and leaders, on exact positions of the real map."""

from __future__ import annotations

import heapq
import importlib.util
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dr_play import dr_position, play, texts
from ostfront.core.paths import path_to
from ostfront.games import get
from ostfront.games.dr import movement
from ostfront.games.dr.rules import standard_rules

GAME = get("dr")
R = standard_rules()
M = R.map
G = M.grid

CLEAN = "1729"  # every hex within three of it is clear Soviet steppe, no hexside features


start = dr_position


def reach(s: dict[str, Any], uid: str) -> dict[str, int]:
    return movement.reachable(R, s, uid)


def around(h: str, k: int) -> set[str]:
    return set(G.within(h, k)) - {h}


def opposite(a: str, b: str) -> str:
    """The neighbour of ``a`` across from its neighbour ``b``."""
    (qa, ra), (qb, rb) = G.to_axial(a), G.to_axial(b)
    found = G.from_axial(2 * qa - qb, 2 * ra - rb)
    assert found is not None
    return found


def common(a: str, b: str) -> list[str]:
    return sorted(set(G.neighbours(a)) & set(G.neighbours(b)))


def reference(
    start_hex: str,
    budget: int,
    zoc: set[str],
    friends: set[str],
    enemies: set[str],
    armor_extra: bool | None,
) -> dict[str, int]:
    """An independent reading of 6.1/6.3 on clear terrain: 1 MP a hex; non-armor stop in an
    unoccupied ZOC; ZOC to ZOC only between occupied hexes, or for armor at +1 when
    ``armor_extra`` (None: not armor)."""
    best = {start_hex: 0}
    heap = [(0, start_hex)]
    while heap:
        spent, here = heapq.heappop(heap)
        if spent > best[here]:
            continue
        if here != start_hex and armor_extra is None and here in zoc and here not in friends:
            continue
        for n in G.neighbours(here):
            if n in enemies:
                continue
            cost = 1
            if here in zoc and n in zoc and not (here in friends and n in friends):
                if not armor_extra:
                    continue
                cost = 2
            if spent + cost <= budget and spent + cost < best.get(n, 99):
                best[n] = spent + cost
                heapq.heappush(heap, (spent + cost, n))
    best.pop(start_hex)
    return best


def zoc_around(hexes: list[str]) -> set[str]:
    return {n for h in hexes for n in G.neighbours(h)}


# ------------------------------------------------------------------ the clean patch
def test_clean_patch_is_what_the_tests_assume() -> None:
    for h in G.within(CLEAN, 3):
        assert M.terrain_of(h) == "clear" and M.place(h) is None
        assert movement.country_of(R, h) == "Soviet Union"
        for n in G.neighbours(h):
            if n in G.within(CLEAN, 3):
                assert not M.side_kinds(h, n)


# ------------------------------------------------------------------ 6.1 allowance and terrain
def test_movement_allowance_in_clear_terrain() -> None:  # DR 6.1, 6.1.1
    s = start([("sov-7-army", CLEAN)], phase="soviet_move")
    got = reach(s, "sov-7-army")
    assert got == {h: G.distance(CLEAN, h) for h in around(CLEAN, 3)}


@pytest.mark.parametrize(
    ("status", "weather", "ma"),
    [([], "clear", 3), (["oos"], "clear", 2), ([], "mud", 2), (["oos"], "mud", 1)],
)
def test_supply_and_mud_halve_the_allowance(status: list[str], weather: str, ma: int) -> None:
    # DR 5.1D, 8.3.3: halved, rounded up; both together halve twice (9.2)
    s = start(
        [("sov-7-army", CLEAN, status)],
        phase="soviet_move",
        weather=weather,
        turn=5 if weather == "mud" else 2,
    )
    assert set(reach(s, "sov-7-army")) == around(CLEAN, ma)


@pytest.mark.parametrize(
    ("unit", "terrain_hexes", "costs"),
    [
        # DR 9.1.2A mountain: infantry/cavalry 2, armor 3, mountain units 1
        ("sov-7-army", ("3024", "3025"), 2),
        ("sov-2-cav", ("3024", "3025"), 2),
        ("sov-1-tank", ("3024", "3025"), 3),
        ("sov-12-army", ("3024", "3025"), 1),
        # DR 9.1.4A swamp: armor 3, the others 2
        ("sov-7-army", ("1913", "1912"), 2),
        ("sov-1-tank", ("1913", "1912"), 3),
        # DR 9.1.3A forest: armor 2 (others 1, charts card)
        ("sov-1-tank", ("0314", "0214"), 2),
        ("sov-7-army", ("0314", "0214"), 1),
    ],
)
def test_terrain_costs_by_unit_type(
    unit: str, terrain_hexes: tuple[str, str], costs: int
) -> None:  # DR 6.1.2
    a, b = terrain_hexes
    assert not M.side_kinds(a, b)
    s = start([(unit, a)], phase="soviet_move")
    assert reach(s, unit)[b] == costs


def test_river_costs_armor_one_more() -> None:  # DR 9.1.7A-B
    a, b = "0515", "0516"
    assert set(M.side_kinds(a, b)) == {"river"}
    s = start([("sov-1-tank", a), ("sov-7-army", "0617")], phase="soviet_move")
    assert movement.side_cost(R, s, "sov-1-tank", a, b) == 1
    assert movement.side_cost(R, s, "sov-7-army", a, b) == 0
    assert reach(s, "sov-1-tank")[b] == 2


def test_city_hexes_cost_their_terrain() -> None:  # DR 9.1.5A, 9.1.6A, 9.1.8B
    moscow = M.place_named("Moscow").hex
    s = start([("sov-1-tank", "1118")], phase="soviet_move")
    assert reach(s, "sov-1-tank")[moscow] == 1


def test_snow_swamps_north_of_row_15_are_woods_and_lakes_freeze() -> None:  # DR 8.3.4
    s = start(
        [("sov-1-tank", "0716"), ("sov-7-army", "1913")],
        phase="soviet_move",
        weather="snow",
        turn=7,
    )
    assert M.terrain_of("0616") == "swamp" and M.terrain_of("1912") == "swamp"
    assert reach(s, "sov-1-tank")["0616"] == 2  # as forest
    assert reach(s, "sov-7-army")["1912"] == 2  # row 19: still swamp
    lake = "0911"
    assert M.terrain_of(lake) == "lake"
    frozen = start([("sov-7-army", "0912")], phase="soviet_move", weather="snow", turn=7)
    thawed = start([("sov-7-army", "0912")], phase="soviet_move")
    assert reach(frozen, "sov-7-army")[lake] == 1
    assert lake not in reach(thawed, "sov-7-army")


def test_lake_hexsides_freeze_in_snow() -> None:  # DR 8.3.4
    a, b = "0815", "0914"
    assert "lake" in M.side_kinds(a, b)
    s = start([("sov-7-army", a)], phase="soviet_move")
    assert movement.side_cost(R, s, "sov-7-army", a, b) is None
    s["weather"] = "snow"
    assert movement.side_cost(R, s, "sov-7-army", a, b) == 0


def test_one_hex_minimum() -> None:  # DR 6.1.4
    # Out of supply in Mud: 3 -> 2 -> 1 MP, and a mountain hex costs 2: one hex is allowed.
    s = start([("sov-7-army", "3024", ["oos"])], phase="soviet_move", weather="mud", turn=5)
    got = reach(s, "sov-7-army")
    assert got["3025"] == 1 and got["3023"] == 1
    assert all(c == 1 for c in got.values()) and set(got) == around("3024", 1)


def test_never_into_enemy_ground_units() -> None:  # DR 6.0
    e = G.neighbours(CLEAN)[0]
    s = start([("sov-7-army", CLEAN), ("ger-i-inf", e)], phase="soviet_move")
    assert e not in reach(s, "sov-7-army")


# ------------------------------------------------------------------ 6.3 zones of control
def test_zoc_stops_non_armor_units() -> None:  # DR 6.3.1A
    enemy = opposite(G.neighbours(CLEAN)[0], CLEAN)  # two hexes away
    s = start([("sov-7-army", CLEAN), ("ger-i-inf", enemy)], phase="soviet_move")
    want = reference(CLEAN, 3, zoc_around([enemy]), set(), {enemy}, None)
    assert reach(s, "sov-7-army") == want
    assert len(want) < len(around(CLEAN, 3)) - 1  # the ZOC does hold the unit back


def test_zoc_does_not_stop_in_a_friendly_occupied_hex() -> None:  # DR 6.3.1A
    n0 = G.neighbours(CLEAN)[0]
    enemy = opposite(n0, CLEAN)
    s = start([("sov-7-army", CLEAN), ("sov-2-cav", n0), ("ger-i-inf", enemy)], phase="soviet_move")
    want = reference(CLEAN, 3, zoc_around([enemy]), {n0}, {enemy}, None)
    assert reach(s, "sov-7-army") == want


def surrounded(
    unit: str, weather: str, *extra: tuple[str, str], turn: int = 2, phase: str = "soviet_move"
) -> tuple[dict[str, Any], list[str]]:
    """The unit in CLEAN with enemies on two opposite sides: every neighbour is in a ZOC."""
    n = list(G.neighbours(CLEAN))
    enemy_side = "ger-i-inf" if unit.startswith("sov") else "sov-7-army"
    other_enemy = "ger-ii-inf" if unit.startswith("sov") else "sov-8-army"
    e1, e2 = n[0], opposite(CLEAN, n[0])
    free = [h for h in n if h not in (e1, e2)]
    s = start(
        [(unit, CLEAN), (enemy_side, e1), (other_enemy, e2), *extra],
        turn=turn,
        phase=phase,
        weather=weather,
    )
    return s, free


def test_no_zoc_to_zoc_for_other_units() -> None:  # DR 6.3.1B, 6.1.4
    s, _ = surrounded("sov-7-army", "clear")
    assert reach(s, "sov-7-army") == {}


def test_zoc_to_zoc_between_friendly_occupied_hexes() -> None:  # DR 6.3.1B, 6.3.2B
    s, free = surrounded("sov-7-army", "clear", ("sov-2-cav", CLEAN))
    s2, _ = surrounded("sov-7-army", "clear", ("sov-2-cav", CLEAN), ("sov-3-cav", free[0]))
    assert reach(s, "sov-7-army") == {}
    n = G.neighbours(CLEAN)
    enemies = {n[0], opposite(CLEAN, n[0])}
    got = reach(s2, "sov-7-army")
    assert got == reference(CLEAN, 3, zoc_around(list(enemies)), {CLEAN, free[0]}, enemies, None)
    assert got[free[0]] == 1 and all(got.get(f, 9) >= 3 for f in free[1:])


@pytest.mark.parametrize(
    ("unit", "weather", "guderian", "allowed"),
    [
        ("sov-1-tank", "clear", False, True),  # DR 6.3.2C, 6.3.2E
        ("sov-1-tank", "snow", False, True),  # DR 6.3.2E
        ("sov-1-tank", "light_mud", False, False),
        ("sov-1-tank", "mud", False, False),  # DR 8.3.3
        ("ger-xli-pz", "clear", False, True),  # DR 6.3.2D
        ("ger-xli-pz", "light_mud", False, False),
        ("ger-xli-pz", "light_mud", True, True),  # DR 6.3.2D with Guderian
        ("ger-xli-pz", "snow", False, False),
        ("ger-xli-pz", "mud", True, False),  # DR 8.3.3
    ],
)
def test_armor_zoc_to_zoc_costs_one_more(
    unit: str, weather: str, guderian: bool, allowed: bool
) -> None:
    phase = "soviet_move" if unit.startswith("sov") else "axis_move"
    extra = (("ger-guderian", CLEAN),) if guderian else ()
    s, free = surrounded(unit, weather, *extra, turn=4, phase=phase)
    got = reach(s, unit)
    if allowed:
        assert {h: got[h] for h in free} == dict.fromkeys(free, 2)
    else:
        assert not set(got) & set(free)


def test_armor_does_not_stop_in_zoc() -> None:  # DR 6.3.2A, 6.3.2C
    enemy = opposite(G.neighbours(CLEAN)[0], CLEAN)
    s = start([("sov-10-tank", CLEAN, ["oos"]), ("ger-i-inf", enemy)], phase="soviet_move")
    want = reference(CLEAN, 2, zoc_around([enemy]), set(), {enemy}, True)
    assert reach(s, "sov-10-tank") == want


def test_armor_stops_in_zoc_in_mud() -> None:  # DR 8.3.3
    enemy = opposite(G.neighbours(CLEAN)[0], CLEAN)
    mud = start(
        [("sov-10-tank", CLEAN), ("ger-i-inf", enemy)], phase="soviet_move", weather="mud", turn=5
    )
    # "Armor units may not move through ZOCs": like any other unit, it stops on entering one
    want = reference(CLEAN, 2, zoc_around([enemy]), set(), {enemy}, None)
    assert reach(mud, "sov-10-tank") == want
    # the issue's case: the 4th Tank Corps enters 1832, in the ZOC of a German unit in 1831,
    # and may go no further (in Clear it goes on through 1832 to 1732, out of the ZOC)
    units = [("sov-4-tank", "1932"), ("ger-i-inf", "1831")]
    assert "1832" in G.neighbours("1831") and "1732" not in G.neighbours("1831")
    mud_4 = reach(start(units, phase="soviet_move", weather="mud", turn=5), "sov-4-tank")
    clear_4 = reach(start(units, phase="soviet_move", turn=2), "sov-4-tank")
    assert mud_4["1832"] == 1 and "1732" not in mud_4 and clear_4["1732"] == 2
    # a friendly unit in the ZOC hex lets it pass, as it lets any unit (DR 6.3.1A)
    helped = start([*units, ("sov-7-army", "1832")], phase="soviet_move", weather="mud", turn=5)
    assert reach(helped, "sov-4-tank")["1732"] == 2


def test_turn_one_soviet_zoc_stops_at_the_border() -> None:  # DR 6.7A (zoc.py)
    # Lvov's neighbours 2010 and 2109 lie in the General Government and touch each other:
    # on Turn One a German unit slides from one to the other; later that is ZOC to ZOC.
    soviet, g1, g2 = "2110", "2010", "2109"
    assert movement.country_of(R, soviet) == "Soviet Union"
    assert {movement.country_of(R, g1), movement.country_of(R, g2)} == {"General Government"}
    units = [("ger-i-inf", g1), ("sov-7-army", soviet)]
    assert reach(start(units, turn=1), "ger-i-inf")[g2] == 1
    assert reach(start(units, turn=2), "ger-i-inf").get(g2, 9) > 1


# ------------------------------------------------------------------ 6.4 control, 9.1.8E
def test_moving_takes_control_of_the_hexes_passed() -> None:  # DR 6.4C
    s = start([("ger-i-inf", CLEAN)], control={CLEAN: "axis"})
    s = play(s, "select ger-i-inf")
    dest = sorted(h for h in around(CLEAN, 3) if G.distance(CLEAN, h) == 3)[0]
    path = path_to(movement.reach_of(R, s, "ger-i-inf"), dest)
    s2 = play(s, f"to {dest}")
    changed = {h for h in s2["control"] if s2["control"][h] != s["control"].get(h)}
    assert changed == set(path[1:]) and len(changed) == 3
    assert s2["units"]["ger-i-inf"]["at"] == dest and "ger-i-inf" in s2["done"]


def test_fortress_is_lost_when_an_axis_unit_enters() -> None:  # DR 9.1.8E
    brest = M.place_named("Brest").hex
    s = start([("ger-i-inf", "1710")], control={"1710": "axis"})
    s = play(s, "select ger-i-inf", f"to {brest}")
    assert s["fortress_lost"] == [brest] and s["control"][brest] == "axis"


# ------------------------------------------------------------------ the actions
def test_select_move_once_and_done() -> None:  # DR 6.0, 6.1.1
    s = start([("ger-i-inf", CLEAN), ("ger-ii-inf", "1731")])
    assert texts(s) == {"select ger-i-inf", "select ger-ii-inf", "done"}
    s = play(s, "select ger-i-inf")
    acts = GAME.legal_actions(s)
    assert {a.verb for a in acts} - {"undo"} == {"to", "deselect"}
    label = next(a.label for a in acts if a.text == "to 1730")
    assert "1 MP" in label
    s = play(s, "to 1730")
    assert texts(s) == {"select ger-ii-inf", "done"}  # moved once
    s = play(s, "done")
    assert s["phase"] == "axis_combat"


def test_deselect_offers_the_units_again() -> None:
    s = start([("ger-i-inf", CLEAN)])
    s2 = play(s, "select ger-i-inf", "deselect")
    assert texts(s2) == texts(s)


# ------------------------------------------------------------------ 9.3 straits
def test_kerch_strait_costs_and_naval_power() -> None:  # DR 9.3.1B, 9.3.3A
    kerch, taman = "2618", "2619"
    beyond = "2620"
    ctl = {kerch: "axis", "2617": "axis"}
    no_fleet = start([("ger-xli-pz", kerch)], control=ctl)
    assert reach(no_fleet, "ger-xli-pz")[taman] == 4  # 1 + 3 for armor
    assert reach(no_fleet, "ger-xli-pz")[beyond] == 5
    fleet = start([("ger-xli-pz", kerch), ("sov-black-sea-fleet", "2718")], control=ctl)
    got = reach(fleet, "ger-xli-pz")
    assert got[taman] == 6 and beyond not in got  # the whole allowance
    reduced = start(
        [("ger-xli-pz", kerch), ("sov-black-sea-fleet", "2718", ["reduced"])], control=ctl
    )
    assert reach(reduced, "ger-xli-pz")[taman] == 4
    from_behind = start([("ger-xli-pz", "2617"), ("sov-black-sea-fleet", "2718")], control=ctl)
    got = reach(from_behind, "ger-xli-pz")
    assert kerch in got and taman not in got  # must begin in 2618
    infantry = start([("sov-7-army", kerch), ("sov-black-sea-fleet", "2718")], phase="soviet_move")
    assert reach(infantry, "sov-7-army")[taman] == 3  # 1 + 2; naval power binds the Axis only


def test_sivash_is_crossed_by_rail_only() -> None:  # DR 9.3.4A
    s = start([("sov-1-tank", "2418")], phase="soviet_move")
    assert movement.side_cost(R, s, "sov-1-tank", "2418", "2517") is None
    path = path_to(movement.reach_of(R, s, "sov-1-tank"), "2517")
    assert path == ["2418", "2417", "2517"]


def test_bosporus_is_a_river() -> None:  # DR 9.3.5
    s = start([("sov-1-tank", "3112")], phase="soviet_move", turkey_at_war=True)
    assert movement.side_cost(R, s, "sov-1-tank", "3112", "3113") == 1
    assert movement.side_cost(R, s, "sov-7-army", "3112", "3113") == 0


# ------------------------------------------------------------------ 9.4, 6.7B, 11.4, 12.3E, 12.5
def test_neutral_sweden_and_turkey() -> None:  # DR 9.4
    assert movement.country_of(R, "0403") == "Sweden"
    assert movement.country_of(R, "0402") == "Norway" and "0403" in G.neighbours("0402")
    stuck = start([("ger-i-inf", "0402")])  # Norway and Sweden are both closed
    assert not reach(stuck, "ger-i-inf")
    # the set-up cards close Greece, Albania and Italy too (docs/data/dr-setup.md)
    s = start([("ger-i-inf", "3006")])
    got = reach(s, "ger-i-inf")
    assert got and not {movement.country_of(R, h) for h in got} & {"Greece", "Albania"}
    peace = start([("sov-7-army", "3123")], phase="soviet_move")
    war = start([("sov-7-army", "3123")], phase="soviet_move", turkey_at_war=True)
    assert "3223" not in reach(peace, "sov-7-army")
    assert reach(war, "sov-7-army")["3223"] == 1  # DR 12.5: Turkey at war


def test_hungary_is_closed_on_turn_one() -> None:  # DR 6.7B
    t1 = start([("ger-i-inf", "2205")], turn=1)
    t2 = start([("ger-i-inf", "2205")], turn=2)
    assert not any(movement.country_of(R, h) == "Hungary" for h in reach(t1, "ger-i-inf"))
    assert reach(t2, "ger-i-inf")["2305"] == 1
    # under Early Start the special turn is May, not June (12.3A)
    june = start([("ger-i-inf", "2205")], turn=1, options=("early-start",))
    assert "2305" in reach(june, "ger-i-inf")
    may = start([("ger-i-inf", "2205")], turn=0, options=("early-start",), weather="light_mud")
    assert "2305" not in reach(may, "ger-i-inf")


def test_finnish_zone_of_operations() -> None:  # DR 11.4.2
    leningrad = M.place_named("Leningrad").hex
    ctl = {"0313": "axis"}
    held = start([("fin-i-inf", "0313")], control=ctl)
    taken = start([("fin-i-inf", "0313")], control={**ctl, leningrad: "axis"})
    assert all(movement.row_of(R, h) <= 5 for h in reach(held, "fin-i-inf"))
    assert any(movement.row_of(R, h) > 5 for h in reach(taken, "fin-i-inf"))


def test_romanians_and_hungarians_keep_apart() -> None:  # DR 11.4.3A
    rom = start([("rom-iii-inf", "2507")], control={"2507": "axis"})
    assert "2407" not in reach(rom, "rom-iii-inf")
    assert movement.country_of(R, "2407") == "Hungary"
    hun = start([("hun-fast", "2407")])
    assert not any(movement.country_of(R, h) == "Romania" for h in reach(hun, "hun-fast"))
    ger = start([("ger-i-inf", "2407")])
    assert "2507" in reach(ger, "ger-i-inf")


def test_romanian_home_defense_stays_home() -> None:  # DR 11.4.4
    s = start([("rom-i-home", "2412"), ("rom-iii-inf", "2512")])
    assert all(movement.country_of(R, h) == "Romania" for h in reach(s, "rom-i-home"))
    assert "2311" in reach(s, "rom-iii-inf")


def test_early_start_keeps_romanians_and_finns_home_in_may() -> None:  # DR 12.3E
    units = [("rom-iii-inf", "2412"), ("fin-i-inf", "0213")]
    may = start(units, turn=0, options=("early-start",), weather="light_mud")
    june = start(units, turn=1, options=("early-start",))
    assert all(movement.country_of(R, h) == "Romania" for h in reach(may, "rom-iii-inf"))
    assert all(movement.country_of(R, h) == "Finland" for h in reach(may, "fin-i-inf"))
    assert "2311" in reach(june, "rom-iii-inf") and "0313" in reach(june, "fin-i-inf")


def test_turkish_reserve_armies_wait_for_a_soviet_invasion() -> None:  # DR 12.5A
    s = start([("tur-1-inf", "3212"), ("tur-6-inf", "3223")], turkey_at_war=True)
    assert "select tur-1-inf" not in texts(s) and reach(s, "tur-1-inf") == {}
    assert reach(s, "tur-6-inf")
    s = start([("tur-1-inf", "3212"), ("sov-7-army", "3322")], turkey_at_war=True)
    got = reach(s, "tur-1-inf")
    assert got and all(movement.country_of(R, h) == "Turkey" for h in got)


# ------------------------------------------------------------------ 11.6 leaders
def test_guderian_moves_with_his_armor() -> None:  # DR 11.6.1B
    s = start([("ger-xli-pz", CLEAN), ("ger-guderian", CLEAN)], control={CLEAN: "axis"})
    assert "select ger-guderian" not in texts(s)
    s = play(s, "select ger-xli-pz")
    assert "leave ger-guderian" not in texts(s)  # he must accompany an armor unit
    s = play(s, "to 1730")
    assert s["units"]["ger-guderian"]["at"] == "1730"


def test_guderian_may_stay_with_another_armor_unit() -> None:  # DR 11.6.1B
    units = [("ger-xli-pz", CLEAN), ("ger-lvi-pz", CLEAN), ("ger-guderian", CLEAN)]
    s = play(start(units), "select ger-xli-pz")
    assert "leave ger-guderian" in texts(s)
    took = play(s, "to 1730")
    left = play(s, "leave ger-guderian", "to 1730")
    assert took["units"]["ger-guderian"]["at"] == "1730"
    assert left["units"]["ger-guderian"]["at"] == CLEAN


def test_mannerheim_never_leaves_finland() -> None:  # DR 11.6.2A-B
    units = [("fin-i-inf", "0213"), ("fin-mannerheim", "0213")]
    s = start(units)
    assert all(movement.country_of(R, h) == "Finland" for h in reach(s, "fin-i-inf"))
    two = play(start([*units, ("fin-ii-inf", "0213")]), "select fin-i-inf", "leave fin-mannerheim")
    assert "0313" in reach(two, "fin-i-inf")


def test_stalin_does_not_move() -> None:  # DR 11.6.3C
    moscow = M.place_named("Moscow").hex
    s = start([("sov-7-army", moscow), ("sov-stalin", moscow)], phase="soviet_move")
    assert "select sov-stalin" not in texts(s)
    s = play(s, "select sov-7-army", "to 1118")
    assert s["units"]["sov-stalin"]["at"] == moscow


def zhukov_case(**kw: Any) -> dict[str, Any]:
    n = G.neighbours(CLEAN)
    far = opposite(opposite(n[0], CLEAN), n[0])  # three hexes from CLEAN
    units = [
        ("sov-zhukov", CLEAN),
        ("sov-7-army", CLEAN),
        ("sov-8-army", far),
        *kw.pop("units", []),
    ]
    return start(units, phase=kw.pop("phase", "soviet_move"), turn=4, **kw)


def test_zhukov_moves_three_hexes_to_a_soviet_unit() -> None:  # DR 11.6.4B, 11.6.4D
    s = zhukov_case()
    far = s["units"]["sov-8-army"]["at"]
    assert G.distance(CLEAN, far) == 3
    assert reach(s, "sov-zhukov") == {far: 3}
    s = play(s, "select sov-zhukov", f"to {far}")
    assert s["units"]["sov-zhukov"]["at"] == far and "sov-zhukov" in s["done"]


def test_zhukov_is_blocked_by_zoc() -> None:  # DR 11.6.4B
    n0 = G.neighbours(CLEAN)[0]
    two = opposite(n0, CLEAN)
    beside = common(n0, two)[0]  # its ZOC covers both hexes of the only path
    assert G.distance(CLEAN, beside) == 2
    free = zhukov_case()
    blocked = zhukov_case(units=[("ger-i-inf", beside)])
    assert reach(free, "sov-zhukov") and reach(blocked, "sov-zhukov") == {}


def test_zhukov_and_timoshenko_never_share_a_hex() -> None:  # DR 12.7F
    n0 = G.neighbours(CLEAN)[0]
    far = opposite(opposite(n0, CLEAN), n0)
    s = zhukov_case(units=[("sov-timoshenko", far)], options=("timoshenko",))
    assert reach(s, "sov-zhukov") == {} and reach(s, "sov-timoshenko") == {}
    # nor may a unit carry one of them into the other's hex
    s = play(s, "select sov-8-army")
    assert "take sov-timoshenko" not in texts(s)
    assert CLEAN not in reach(s, "sov-8-army")


def test_zhukov_goes_with_his_last_companion() -> None:  # DR 11.6.4D
    s = play(zhukov_case(), "select sov-7-army", "to 1730")
    assert s["units"]["sov-zhukov"]["at"] == "1730"


def test_a_stranded_zhukov_must_rejoin_a_unit() -> None:  # DR 11.6.4D
    s = start([("sov-zhukov", CLEAN), ("sov-7-army", "1730")], phase="soviet_move", turn=4)
    assert "done" not in texts(s) and "select sov-zhukov" in texts(s)
    s = play(s, "select sov-zhukov", "to 1730")
    assert "done" in texts(s)


def test_zhukov_in_exploitation() -> None:  # DR 11.6.4C, 6.6.3B
    n = G.neighbours(CLEAN)
    two = opposite(n[0], CLEAN)
    s = zhukov_case(units=[("sov-2-cav", two)], phase="soviet_exploit")
    assert reach(s, "sov-zhukov") == {two: 2}
    mud = zhukov_case(units=[("sov-2-cav", two)], phase="soviet_exploit", weather="light_mud")
    assert reach(mud, "sov-zhukov") == {}


# ------------------------------------------------------------------ 6.6 exploitation
@pytest.mark.parametrize(
    ("unit", "weather", "mp"),
    [
        ("ger-xli-pz", "clear", 3),
        ("ger-xlix-mtn", "clear", 1),
        ("rom-mtn", "clear", 1),
        ("rom-cav", "clear", 1),
        ("ger-i-inf", "clear", 1),
        ("ita-csir", "clear", 1),
        ("tur-9-mtn", "clear", 1),  # DR 6.6.1A
        ("rom-iii-inf", "clear", 0),
        ("tur-6-inf", "clear", 0),
        ("hun-fast", "clear", 0),
        ("fin-i-inf", "clear", 0),  # DR 6.6.1B
        ("ger-airborne", "clear", 0),  # DR 11.3.2B
        ("ger-xli-pz", "snow", 1),
        ("ger-i-inf", "snow", 1),
        ("rom-iii-inf", "snow", 0),  # 6.6.1C
        ("ger-xli-pz", "light_mud", 0),
        ("ger-i-inf", "light_mud", 0),  # DR 6.6.3B
        ("ger-xli-pz", "mud", 0),  # DR 6.6.3A
        ("sov-1-tank", "clear", 2),
        ("sov-2-cav", "clear", 1),
        ("sov-1-shock", "clear", 1),
        ("sov-7-army", "clear", 0),
        ("sov-1-tank", "snow", 2),
        ("sov-1-shock", "snow", 1),
        ("sov-airborne", "clear", 0),  # DR 6.6.2, 11.1, 11.3.1E
        ("sov-1-tank", "light_mud", 0),
        ("sov-1-tank", "mud", 0),  # DR 6.6.3, 8.3.2
    ],
)
def test_exploitation_allowances(unit: str, weather: str, mp: int) -> None:
    phase = "soviet_exploit" if unit.startswith("sov") else "axis_exploit"
    s = start([(unit, CLEAN)], phase=phase, weather=weather, turn=4)
    assert movement.allowance(R, s, unit) == mp
    assert set(reach(s, unit)) == around(CLEAN, mp)
    assert (f"select {unit}" in texts(s)) == (mp > 0)


def test_guderian_lets_armor_exploit_in_light_mud() -> None:  # DR 6.6.3B, 11.6.1E
    s = start(
        [("ger-xli-pz", CLEAN), ("ger-guderian", CLEAN), ("ger-lvi-pz", CLEAN)],
        phase="axis_exploit",
        weather="light_mud",
        turn=4,
    )
    assert set(reach(s, "ger-xli-pz")) == around(CLEAN, 1)
    s = play(s, "select ger-xli-pz", "leave ger-guderian")
    assert reach(s, "ger-xli-pz") == {}


def test_minimal_exploitation() -> None:  # DR 6.6.4
    s = start([("ger-i-inf", "3024")], phase="axis_exploit", control={"3024": "axis"})
    assert reach(s, "ger-i-inf")["3025"] == 1  # a mountain hex, two MPs for infantry


# ------------------------------------------------------------------ random play
HISTORICAL = importlib.util.find_spec("ostfront.games.dr.setup") is not None


def opening() -> dict[str, Any]:
    """The historical start at the Axis Movement Phase if its set-up data exists, else a
    hand position with both sides in contact, a fleet, leaders and special units."""
    if HISTORICAL:
        s = GAME.setup(seed=3)
        for _ in range(400):
            if s["phase"] == "axis_move":
                return s
            acts = GAME.legal_actions(s)
            pick = next((a for a in acts if a.verb in ("historical", "done", "next")), acts[0])
            s = GAME.apply(s, pick)
        raise AssertionError("the historical start never reached the Axis Movement Phase")
    units = [
        ("ger-xli-pz", "1710"),
        ("ger-guderian", "1710"),
        ("ger-i-inf", "1709"),
        ("ger-ii-inf", "1609"),
        ("ger-lvi-pz", "1608"),
        ("rom-iii-inf", "2412"),
        ("rom-i-home", "2512"),
        ("hun-fast", "2407"),
        ("fin-i-inf", "0213"),
        ("fin-mannerheim", "0213"),
        ("sov-7-army", "1810"),
        ("sov-1-tank", "1711"),
        ("sov-8-army", "1612"),
        ("sov-2-cav", "2311"),
        ("sov-11-army", "2513"),
        ("sov-black-sea-fleet", "2514"),
        ("sov-23-army", "0313"),
        ("sov-zhukov", "1612"),
    ]
    control = {"1710": "axis", "1709": "axis", "1609": "axis", "1608": "axis"}
    return start(units, turn=2, control=control)


_OPENING: list[dict[str, Any]] = []


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_movement_never_breaks_the_map(data: st.DataObject) -> None:
    if not _OPENING:
        _OPENING.append(opening())
    s = {**_OPENING[0], "units": {u: dict(d) for u, d in _OPENING[0]["units"].items()}}
    s["phase"] = data.draw(st.sampled_from(["axis_move", "soviet_move"]))
    phase = s["phase"]
    for _ in range(40):
        if s["phase"] != phase and not s.get("pending"):
            break
        acts = [a for a in GAME.legal_actions(s) if a.verb != "undo"]
        if not acts:
            break
        act = data.draw(st.sampled_from(acts))
        before = {u: d["at"] for u, d in s["units"].items()}
        s = GAME.apply(s, act)
        where: dict[str, set[str]] = {}
        for uid, d in s["units"].items():
            if d["at"] in ("unplaced", "reserve", "dead", "lost", "removed", "out"):
                continue
            assert d["at"] in G, f"{uid} off the map at {d['at']}"
            unit = R.unit(uid)
            if unit.is_ground:
                assert M.terrain_of(d["at"]) != "sea", f"{uid} at sea"
                where.setdefault(d["at"], set()).add(unit.side)
            if d["at"] != before[uid]:  # it moved: never into a neutral country (9.4)
                assert movement.country_of(R, d["at"]) not in ("Sweden", "Turkey"), act
        assert all(len(sides) == 1 for sides in where.values()), (act.text, where)
