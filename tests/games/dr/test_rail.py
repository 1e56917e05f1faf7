"""DR 6.5 Rail Movement (with 5.1D, 6.6, 8.3.4, 9.3.4A, 11.6.4B, 12.7A) on the real map."""

from __future__ import annotations

import itertools
from typing import Any

from dr_play import dr_position, play, texts
from ostfront.games import get
from ostfront.games.dr import movement, movement_leaders, rail
from ostfront.games.dr.rules import occupancy, standard_rules

GAME = get("dr")
R = standard_rules()
M = R.map
G = M.grid

#: The Berlin - Warsaw - Brest line: Berlin 1702 ... Warsaw 1808, then Brest 1810 (Soviet).
LINE = ["1702", "1703", "1704", "1705", "1806", "1807", "1808", "1809"]
BREST = "1810"


start = dr_position


def dests(s: dict[str, Any], uid: str) -> list[str]:
    return rail.rail_destinations(R, s, uid)


def test_the_line_is_what_the_tests_assume() -> None:
    for a, b in itertools.pairwise(LINE):
        assert M.rail_connected(a, b)
    assert M.rail_connected(LINE[-1], BREST)
    assert movement.country_of(R, BREST) == "Soviet Union"


def test_rail_moves_any_distance_along_friendly_rail() -> None:  # DR 6.5C, 6.5.1
    s = start([("ger-i-inf", "1703")])
    got = dests(s, "ger-i-inf")
    assert set(LINE) - {"1703"} <= set(got)
    assert BREST not in got  # Soviet-controlled
    assert all(h in M.rail_hexes and s["control"].get(h) == "axis" for h in got)
    s = play(s, "select ger-i-inf", "rail 1809")
    assert s["units"]["ger-i-inf"]["at"] == "1809"
    assert "select ger-i-inf" not in texts(s)  # DR 6.5.3A: no other movement


def test_rail_limits() -> None:  # DR 6.5A, 8.3.4
    units = [
        ("ger-i-inf", "1703"),
        ("ger-ii-inf", "1704"),
        ("ger-xxvi-inf", "1705"),
        ("ger-xxxviii-inf", "1806"),
    ]
    targets = ["1702", "1807", "1808", "1809"]
    for weather, limit in (("clear", 3), ("snow", 2)):
        s = start(units, weather=weather, turn=7 if weather == "snow" else 2)
        for (uid, _), dest in zip(units, targets, strict=True):
            s = play(s, f"select {uid}")
            moved = sum(1 for u, _ in units if u in s["movement"]["rail"])
            if moved < limit:
                assert f"rail {dest}" in texts(s)
                s = play(s, f"rail {dest}")
            else:
                assert not any(t.startswith("rail") for t in texts(s))
                s = play(s, "deselect")
        assert len(s["movement"]["rail"]) == limit


def test_soviet_limit_is_six() -> None:  # DR 6.5A
    moscow = M.place_named("Moscow").hex
    hexes = [n for n in G.neighbours(moscow) if M.rail_connected(moscow, n)]
    armies = [
        "sov-7-army",
        "sov-8-army",
        "sov-11-army",
        "sov-23-army",
        "sov-24-army",
        "sov-28-army",
        "sov-29-army",
    ]
    placed = list(zip(armies, [moscow, *hexes, hexes[0]], strict=False))
    s = start(placed, phase="soviet_move")
    assert rail.capacity_left(R, s, "soviet") == 6
    for uid, _ in placed[:6]:
        s = play(s, f"select {uid}", f"rail {dests(s, uid)[-1]}")
    assert rail.capacity_left(R, s, "soviet") == 0
    assert dests(s, placed[6][0]) == []


def test_rail_only_in_the_initial_movement_phase() -> None:  # DR 6.5B, 6.5.3B
    s = start([("ger-xli-pz", "1703")], phase="axis_exploit")
    assert dests(s, "ger-xli-pz") == []
    assert movement.reachable(R, s, "ger-xli-pz")  # but it exploits


def test_a_unit_moved_by_rail_may_exploit() -> None:  # DR 6.5.3B
    s = start([("ger-xli-pz", "1703")])
    s = play(s, "select ger-xli-pz", "rail 1808", "done")
    assert s["phase"] == "axis_combat"
    s = play(s, "done")
    assert s["phase"] == "axis_exploit"
    assert "select ger-xli-pz" in texts(s)


def test_out_of_supply_units_may_not_use_rail() -> None:  # DR 5.1D
    s = start([("ger-i-inf", "1703", ["oos"])])
    assert dests(s, "ger-i-inf") == []


def test_rail_begins_on_a_rail_hex() -> None:  # DR 6.5C
    off = next(
        n
        for n in G.within("1703", 3)
        if n not in M.rail_hexes
        and movement.country_of(R, n) == "Germany"
        and M.terrain_of(n) == "clear"
    )
    s = start([("ger-i-inf", off)], control={off: "axis"})
    assert dests(s, "ger-i-inf") == []


def test_no_effect_on_ordinary_movement() -> None:  # DR 6.5.4
    s = start([("ger-i-inf", "1703")])
    got = movement.reachable(R, s, "ger-i-inf")
    assert G.distance("1703", "1808") > 3
    assert max(got.values()) == 3 and "1808" not in got


def test_control_is_read_as_the_phase_began() -> None:  # DR 6.5.1
    s = start([("ger-i-inf", "1808"), ("ger-ii-inf", "1809")])
    s = play(s, "select ger-ii-inf", f"to {BREST}")
    assert s["control"][BREST] == "axis"
    assert BREST not in dests(s, "ger-i-inf")  # Soviet when the phase began
    later = start([("ger-i-inf", "1808")], control={BREST: "axis"})
    assert BREST in dests(later, "ger-i-inf")


def test_rail_stops_short_of_enemy_zoc() -> None:  # DR 6.5.2
    enemy_at = "1707"  # beside 1807 and 1806 on the line
    ctl = {enemy_at: "soviet"}
    s = start([("ger-i-inf", "1703"), ("sov-7-army", enemy_at)], control=ctl)
    got = dests(s, "ger-i-inf")
    zoc = set(G.neighbours(enemy_at))
    assert not zoc & set(got) and "1705" in got
    held = start(
        [("ger-i-inf", "1703"), ("sov-7-army", enemy_at), ("ger-ii-inf", "1807")], control=ctl
    )
    assert "1807" in dests(held, "ger-i-inf")  # a friendly unit negates it


def test_the_sivash_is_crossed_by_rail() -> None:  # DR 9.3.4A
    crimea = {h: "axis" for h in ("2317", "2418", "2517", "2617", "2716", "2618")}
    sov = start([("sov-7-army", "2317")], phase="soviet_move")
    assert {"2517", "2617", "2716"} <= set(dests(sov, "sov-7-army"))
    axis = start([("ger-i-inf", "2317")], control=crimea)
    assert "2517" in dests(axis, "ger-i-inf")
    fleet = start([("ger-i-inf", "2317"), ("sov-black-sea-fleet", "2616")], control=crimea)
    assert G.distance("2616", "2517") == 2
    assert "2418" in dests(fleet, "ger-i-inf") and "2517" not in dests(fleet, "ger-i-inf")
    weak = start(
        [("ger-i-inf", "2317"), ("sov-black-sea-fleet", "2616", ["reduced"])], control=crimea
    )
    assert "2517" in dests(weak, "ger-i-inf")


def test_reinforcements_count_against_the_limit() -> None:  # DR 6.5.5
    s = start(
        [("ger-xl-pz", "reserve", ["reserve"]), ("ger-i-inf", "1703"), ("ger-ii-inf", "1704")],
        phase="axis_org",
    )
    acts = texts(s)
    entry = sorted(a for a in acts if a.startswith("enter ger-xl-pz"))
    assert entry, acts
    s = play(s, entry[0])
    while s["phase"] == "axis_org":
        s = play(s, "done")
    assert s["phase"] == "axis_move"
    for uid, dest in (("ger-xl-pz", "1806"), ("ger-i-inf", "1807"), ("ger-ii-inf", "1808")):
        s = play(s, f"select {uid}", f"rail {dest}")
    assert rail.capacity_left(R, s, "axis") == 0


def test_zhukov_by_rail_then_three_hexes() -> None:  # DR 11.6.4B, 12.7A
    moscow = M.place_named("Moscow").hex
    s = start(
        [("sov-zhukov", moscow), ("sov-7-army", moscow), ("sov-8-army", "1723")],
        phase="soviet_move",
        turn=4,
    )
    got = dests(s, "sov-zhukov")
    assert got
    occ = occupancy(s)
    for h in got:  # he can still end the phase stacked with a Soviet ground unit
        stacked = any(R.unit(u).is_ground for u in occ.get(h, ()))
        assert stacked or movement_leaders.marshal_destinations(R, s, "sov-zhukov", h, 3)
    target = next(h for h in got if G.distance(h, "1723") == 3)
    s = play(s, "select sov-zhukov", f"rail {target}")
    assert rail.capacity_left(R, s, "soviet") == 5  # he counts against the limit
    assert "done" not in texts(s)  # alone: he must go on to a Soviet unit
    s = play(s, "select sov-zhukov")
    assert not any(t.startswith("rail") for t in texts(s))
    s = play(s, "to 1723")
    assert s["units"]["sov-zhukov"]["at"] == "1723" and "done" in texts(s)
