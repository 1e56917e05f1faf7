"""DR 11.5.1, 11.5.2, 11.5.5 (the Red Navy moving) and 11.3 (airborne drops)."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from dr_play import dr_position, play, texts
from ostfront.core.rng import new_rng, roll_dice
from ostfront.games import get
from ostfront.games.dr import airborne, movement, navy
from ostfront.games.dr.rules import set_unit, standard_rules

GAME = get("dr")
R = standard_rules()
M = R.map
G = M.grid
ODESSA = M.place_named("Odessa").hex
SEVASTOPOL = M.place_named("Sevastopol").hex
NOVOROSSIYSK = M.place_named("Novorossiysk").hex
MOSCOW = M.place_named("Moscow").hex


start = functools.partial(dr_position, phase="soviet_move")


def seed_rolling(face: int) -> int:
    """A seed whose first die is ``face`` (a custom position rolls nothing before)."""
    return next(s for s in range(1, 500) if roll_dice(new_rng(s), 1, 6)[0] == face)


# ------------------------------------------------------------------ 11.5.1 fleet movement
def test_black_sea_fleet_sails_the_black_sea() -> None:  # DR 11.5.1B-C
    s = start([("sov-black-sea-fleet", ODESSA)])
    got = movement.reachable(R, s, "sov-black-sea-fleet")
    black_sea = M.regions["Black Sea"].hexes
    assert black_sea <= set(got)  # any number of sea hexes
    assert {SEVASTOPOL, NOVOROSSIYSK} <= set(got)  # coastal hexes
    assert not set(got) & M.regions["Sea of Azov"].hexes  # it may not leave the Black Sea
    assert "2414" not in got and M.terrain_of("2414") == "clear"  # inland
    assert all(h in black_sea or any(n in black_sea for n in G.neighbours(h)) for h in got)
    istanbul = M.place_named("Istanbul").hex
    assert istanbul not in got  # neutral Turkey (9.4)
    s = play(s, "select sov-black-sea-fleet", f"to {SEVASTOPOL}")
    assert s["units"]["sov-black-sea-fleet"]["at"] == SEVASTOPOL
    assert "select sov-black-sea-fleet" not in texts(s)


def test_fleet_keeps_out_of_axis_held_hexes() -> None:  # DR 6.0
    s = start([("sov-black-sea-fleet", ODESSA), ("ger-i-inf", SEVASTOPOL)])
    assert SEVASTOPOL not in movement.reachable(R, s, "sov-black-sea-fleet")


def test_baltic_fleet_never_moves() -> None:  # DR 11.5.1A
    leningrad = M.place_named("Leningrad").hex
    s = start([("sov-baltic-fleet", leningrad), ("sov-7-army", "1729")])
    assert "select sov-baltic-fleet" not in texts(s)
    assert movement.reachable(R, s, "sov-baltic-fleet") == {}


def test_fleet_moves_only_in_the_initial_movement_phase() -> None:  # DR 11.5.1B
    s = start([("sov-black-sea-fleet", ODESSA)], phase="soviet_exploit")
    assert movement.reachable(R, s, "sov-black-sea-fleet") == {}


# ------------------------------------------------------------------ 11.5.2 displacement
def test_axis_unit_displaces_a_lone_fleet() -> None:  # DR 11.5.2A-B
    s = start(
        [("sov-black-sea-fleet", ODESSA), ("ger-i-inf", "2513")],
        phase="axis_move",
        control={"2513": "axis"},
    )
    s = play(s, "select ger-i-inf")
    assert f"to {ODESSA}" in texts(s)  # fleets are not ground units
    s = play(s, f"to {ODESSA}")
    assert s["pending"]["kind"] == "fleet_displacement"
    assert GAME.active_side(s) == "soviet"
    water = sorted(n for n in G.neighbours(ODESSA) if M.terrain_of(n) == "sea")
    assert texts(s) == {f"displace {n}" for n in water}
    s = play(s, f"displace {water[0]}")
    assert s["units"]["sov-black-sea-fleet"]["at"] == water[0]
    assert s["pending"] is None and GAME.active_side(s) == "axis"


def test_fleet_is_destroyed_when_it_cannot_withdraw(monkeypatch: pytest.MonkeyPatch) -> None:
    # DR 11.5.2C (no such hex exists on the map, so the way out is shut by hand)
    monkeypatch.setattr(navy, "displacement_hexes", lambda R, state, fleet: [])
    s = start(
        [("sov-black-sea-fleet", ODESSA), ("ger-i-inf", "2513")],
        phase="axis_move",
        control={"2513": "axis"},
    )
    s = play(s, "select ger-i-inf", f"to {ODESSA}")
    assert s["units"]["sov-black-sea-fleet"]["at"] == "dead" and s["pending"] is None


def test_the_baltic_fleet_cannot_withdraw() -> None:  # DR 11.5.1A, 11.5.2C
    leningrad = M.place_named("Leningrad").hex
    s = start(
        [("sov-baltic-fleet", leningrad), ("ger-i-inf", "0414")],
        phase="axis_move",
        control={"0414": "axis"},
    )
    s = play(s, "select ger-i-inf", f"to {leningrad}")
    assert s["units"]["sov-baltic-fleet"]["at"] == "dead" and s["pending"] is None
    assert leningrad in s["fortress_lost"]  # DR 9.1.8E


def test_a_fleet_with_soviet_troops_is_not_displaced() -> None:  # DR 11.5.2A, 6.0
    s = start(
        [("sov-black-sea-fleet", ODESSA), ("sov-7-army", ODESSA), ("ger-i-inf", "2513")],
        phase="axis_move",
        control={"2513": "axis"},
    )
    assert ODESSA not in movement.reachable(R, s, "ger-i-inf")


# ------------------------------------------------------------------ 11.5.5 sea movement
def test_sea_movement_between_soviet_ports() -> None:  # DR 11.5.5A-C
    s = start([("sov-black-sea-fleet", ODESSA), ("sov-7-army", ODESSA)])
    s = play(s, "select sov-7-army")
    assert {f"sea {SEVASTOPOL}", f"sea {NOVOROSSIYSK}"} <= texts(s)
    s = play(s, f"sea {SEVASTOPOL}")
    assert s["units"]["sov-7-army"]["at"] == SEVASTOPOL
    assert s["units"]["sov-black-sea-fleet"]["at"] == SEVASTOPOL
    assert {"sov-7-army", "sov-black-sea-fleet"} <= set(s["done"])  # whole allowance


def test_sea_movement_needs_a_soviet_port_and_the_fleet() -> None:  # DR 11.5.5A-B
    s = start(
        [("sov-black-sea-fleet", ODESSA), ("sov-7-army", ODESSA)], control={NOVOROSSIYSK: "axis"}
    )
    assert navy.sea_destinations(R, s, "sov-7-army") == [SEVASTOPOL]
    alone = start([("sov-black-sea-fleet", SEVASTOPOL), ("sov-7-army", ODESSA)])
    assert navy.sea_destinations(R, alone, "sov-7-army") == []
    sailed = play(
        start([("sov-black-sea-fleet", SEVASTOPOL), ("sov-7-army", ODESSA)]),
        "select sov-black-sea-fleet",
        f"to {ODESSA}",
    )
    assert navy.sea_destinations(R, sailed, "sov-7-army") == []  # it did not begin there


def test_a_reduced_fleet_carries_only_reduced_units() -> None:  # DR 11.5.5D
    full = start([("sov-black-sea-fleet", ODESSA, ["reduced"]), ("sov-7-army", ODESSA)])
    red = start([("sov-black-sea-fleet", ODESSA, ["reduced"]), ("sov-7-army", ODESSA, ["reduced"])])
    assert navy.sea_destinations(R, full, "sov-7-army") == []
    assert navy.sea_destinations(R, red, "sov-7-army")


def test_no_sea_movement_for_the_axis_or_in_exploitation() -> None:  # DR 4.3, 4.8
    axis = start(
        [("sov-black-sea-fleet", ODESSA), ("ger-i-inf", ODESSA)],
        phase="axis_move",
        control={ODESSA: "axis"},
    )
    assert navy.sea_destinations(R, axis, "ger-i-inf") == []
    exploit = start(
        [("sov-black-sea-fleet", ODESSA), ("sov-2-cav", ODESSA)], phase="soviet_exploit"
    )
    assert navy.sea_destinations(R, exploit, "sov-2-cav") == []


# ------------------------------------------------------------------ 11.3.1 Soviet airborne
def soviet_drop(face: int, **kw: Any) -> dict[str, Any]:
    s = start(
        [("sov-airborne", MOSCOW), ("ger-i-inf", "1122")],
        turn=7,
        weather="snow",
        seed=seed_rolling(face),
        **kw,
    )
    return play(s, "select sov-airborne", "drop 1121")


def test_soviet_drop_hexes() -> None:  # DR 11.3.1C
    s = start([("sov-airborne", MOSCOW), ("ger-i-inf", "1122")], turn=7, weather="snow")
    assert G.distance(MOSCOW, "1122") == 3
    got = airborne.drop_hexes(R, s, "sov-airborne")
    assert set(got) == set(G.within(MOSCOW, 4)) - {MOSCOW, "1122"}
    assert "1121" in got  # in the Axis unit's ZOC
    assert all(M.terrain_of(h) in ("clear", "forest") for h in got)


@pytest.mark.parametrize(
    ("face", "result"),
    [(1, "dead"), (2, "reduced"), (3, "reduced"), (4, "full"), (5, "full"), (6, "full")],
)
def test_soviet_drop_die(face: int, result: str) -> None:  # DR 11.3.1D
    s = soviet_drop(face)
    roll = s["log"][-1]["rolls"][0]
    assert roll["dice"] == [face]
    unit = s["units"]["sov-airborne"]
    if result == "dead":
        assert unit["at"] == "dead"
    else:
        assert unit["at"] == "1121" and unit["reduced"] == (result == "reduced")
        assert s["control"]["1121"] == "soviet"


def test_soviet_drop_turns() -> None:  # DR 11.3.1B, 4.8, 8.3.4
    for turn, weather, ok in (
        (6, "clear", False),
        (6, "snow", True),
        (7, "snow", True),
        (7, "mud", True),
    ):
        s = start([("sov-airborne", MOSCOW)], turn=turn, weather=weather)
        assert airborne.can_drop(R, s, "sov-airborne") is ok, (turn, weather)


def test_drop_needs_a_city_and_the_start_of_the_phase() -> None:  # DR 11.3.1C
    field = start([("sov-airborne", "1118")], turn=7, weather="snow")
    assert M.place("1118") is None and not airborne.can_drop(R, field, "sov-airborne")
    s = start([("sov-airborne", MOSCOW), ("sov-7-army", "1729")], turn=7, weather="snow")
    s = play(s, "select sov-7-army", "to 1730")
    assert not airborne.can_drop(R, s, "sov-airborne")


def test_after_a_drop_no_other_movement_and_never_again() -> None:  # DR 11.3.1E-F
    s = start([("sov-airborne", MOSCOW)], turn=7, weather="snow", seed=seed_rolling(5))
    s = play(s, "select sov-airborne", "drop 1118")
    assert s["units"]["sov-airborne"]["at"] == "1118"
    assert "select sov-airborne" not in texts(s)
    s = play(s, "done")  # on to combat, then exploitation
    while s["phase"] != "soviet_exploit":
        s = play(s, "done")
    assert not airborne.can_drop(R, s, "sov-airborne")
    assert movement.reachable(R, s, "sov-airborne") == {}
    s["turn"] = 8  # a later turn (hypothetical): still only once a game
    s["phase"] = "soviet_move"
    s["done"] = []
    set_unit(s, "sov-airborne", at=MOSCOW)
    assert not airborne.can_drop(R, s, "sov-airborne")


def test_drop_in_exploitation_but_not_after_moving() -> None:  # DR 11.3.1E
    s = start(
        [("sov-airborne", MOSCOW)],
        turn=7,
        weather="snow",
        phase="soviet_exploit",
        seed=seed_rolling(6),
    )
    assert "select sov-airborne" in {a.text for a in GAME.legal_actions(s)}
    dropped = play(s, "select sov-airborne", "drop 1118")
    assert dropped["airborne_drops"] == [
        {"unit": "sov-airborne", "turn": 7, "phase": "soviet_exploit"}  # read by combat
    ]
    s = start([("sov-airborne", MOSCOW)], turn=7, weather="snow")
    s = play(s, "select sov-airborne", "to 1118")
    set_unit(s, "sov-airborne", at=MOSCOW)  # back in a city (by hand)
    while s["phase"] != "soviet_exploit":
        s = play(s, "done")
    assert not airborne.can_drop(R, s, "sov-airborne")  # it moved this turn


# ------------------------------------------------------------------ 11.3.2 German airborne
def german_drop(face: int) -> dict[str, Any]:
    warsaw = M.place_named("Warsaw").hex
    s = start(
        [("ger-airborne", warsaw)],
        turn=1,
        phase="axis_move",
        weather="clear",
        options=("early-start",),
        seed=seed_rolling(face),
    )
    return play(s, "select ger-airborne", "drop 1810")


@pytest.mark.parametrize(
    ("face", "result"), [(1, "dead"), (2, "reduced"), (3, "full"), (4, "full"), (6, "full")]
)
def test_german_drop_die(face: int, result: str) -> None:  # DR 11.3.2D
    s = german_drop(face)
    unit = s["units"]["ger-airborne"]
    assert s["log"][-1]["rolls"][0]["dice"] == [face]
    if result == "dead":
        assert unit["at"] == "dead"
    else:
        assert unit["at"] == "1810" and unit["reduced"] == (result == "reduced")
        assert "1810" in s["fortress_lost"]  # Brest, now Axis-occupied (9.1.8E)


def test_german_drop_only_in_clear_weather() -> None:  # DR 11.3.2C
    warsaw = M.place_named("Warsaw").hex
    mud = start(
        [("ger-airborne", warsaw)],
        turn=4,
        phase="axis_move",
        weather="light_mud",
        options=("early-start",),
    )
    assert not airborne.can_drop(R, mud, "ger-airborne")
    occupied = start(
        [("ger-airborne", warsaw), ("sov-7-army", "1810")],
        phase="axis_move",
        options=("early-start",),
    )
    assert "1810" not in airborne.drop_hexes(R, occupied, "ger-airborne")
