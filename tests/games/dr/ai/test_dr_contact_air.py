"""Issue 34's three kinds of error, on small custom positions: the compulsory attack a
move brings (DR 7.0B) priced for every level that moves; Air Points placed where they
change an attack's outcome most, not first come (11.7); a stack left in contact it cannot
survive sees what stepping back saves."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.players import make_player
from ostfront.games import get
from ostfront.games.dr.ai import attacks as dr_attacks
from ostfront.games.dr.ai import contact as dr_contact
from ostfront.games.dr.ai import evaluation as dr_eval
from ostfront.games.dr.ai import moves as dr_moves
from ostfront.games.dr.rules import hex_of, reading

GAME = get("dr")
STALIN = ("sov-stalin", "1615", [])  # keeps the Soviet capital's leader on the map


def start(units: list[tuple[str, str, list[str]]], phase: str, **kw: Any) -> dict:
    position = {
        "game": "dr", "turn": kw.get("turn", 2), "phase": phase, "weather": kw.get("weather"),
        "units": [{"id": u, "hex": h, "status": st} for u, h, st in [*units, STALIN]],
        "extra": {}, "pools": kw.get("pools", {}),
    }  # fmt: skip
    return GAME.setup(seed=1, position=position)


def price(s: dict, uid: str, h: str) -> float:
    R = GAME.rules_for(s)
    with reading(s):
        view = dr_eval.terrain_view(R, s, R.unit(uid).side)
        return dr_contact.contact_price(R, s, view, uid, h)


# ------------------------------------------------------------------ 7.0B: contact priced
PRUT = [
    ("rom-xi-inf", "2412", []),
    ("sov-12-army", "2211", []),
    ("sov-16-tank", "2211", []),
]


def test_a_lone_romanian_corps_across_the_prut_prices_its_compulsory_attack() -> None:
    """July, the Romanian XI Corps in 2412; the 12th Army and 16th Tank Corps in 2211. In
    2311 (or 2212) it touches 2211 alone and must attack it across the Prut (7.0B, 9.1.7C):
    one die (1/6 expected hits) against the stack's five (5/6). The price is that exchange,
    at ``CONTACT`` a hit; a hex touching no enemy carries none."""
    s = start(PRUT, "axis_move")
    want = dr_contact.CONTACT * (1 / 6 - 5 / 6)
    assert price(s, "rom-xi-inf", "2311") == pytest.approx(want)
    assert price(s, "rom-xi-inf", "2212") == pytest.approx(want)
    assert price(s, "rom-xi-inf", "2412") == 0.0  # no enemy next to it
    assert price(s, "rom-xi-inf", "2512") == 0.0


@pytest.mark.parametrize("teamwork", [False, True], ids=["greedy", "normal"])
def test_every_level_adds_the_price_to_a_move(
    teamwork: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Greedy's move value (the evaluation's change) and normal's (the worth of hexes and
    teamwork) - hard moves as normal does - both carry the price of the contact."""
    s = start(PRUT, "axis_move")
    R = GAME.rules_for(s)
    with reading(s):
        view = dr_eval.terrain_view(R, s, "axis")
        priced = dr_moves.move_gain(R, s, view, "rom-xi-inf", "2311", teamwork)
        monkeypatch.setattr(dr_contact, "CONTACT", 0.0)
        free = dr_moves.move_gain(R, s, view, "rom-xi-inf", "2311", teamwork)
    assert priced - free == pytest.approx(2.0 * (1 / 6 - 5 / 6))


def test_no_price_where_no_attack_is_forced() -> None:
    """Exploitation attacks are optional (7.4), and in Mud no one is forced (8.3.3D)."""
    assert price(start(PRUT, "axis_exploit"), "rom-xi-inf", "2311") == 0.0
    assert price(start(PRUT, "axis_move", weather="mud"), "rom-xi-inf", "2311") == 0.0


def test_an_enemy_hex_another_unit_attacks_anyway_adds_no_price() -> None:
    """A German corps in 2310 touching 2210 and 2211 may attack either (7.1C), so 2211 stays
    the Romanians' to attack; with 2210 empty it touches 2211 alone and attacks it anyway,
    and joining only helps."""
    s = start([*PRUT, ("ger-xi-inf", "2310", []), ("sov-26-army", "2210", [])], "axis_move")
    assert price(s, "rom-xi-inf", "2311") < 0
    s = start([*PRUT, ("ger-xi-inf", "2310", [])], "axis_move")
    assert price(s, "rom-xi-inf", "2311") == 0.0


STACK = [
    ("sov-26-army", "2210", []),
    ("sov-8-tank", "2210", ["reduced"]),
    ("ger-iv-inf", "2209", []),
    ("ger-xlix-mtn", "2209", []),
    ("ger-lii-inf", "2309", []),
    ("ger-xiv-pz", "2309", []),
]


def test_a_stack_in_contact_is_priced_whole_so_each_unit_sees_the_step_back() -> None:
    """The 26th Army and a reduced 8th Tank Corps in 2210, two German stacks next to them in
    2209 and 2309: staying, the stack must attack both (7.0B, 7.1B), its dice against theirs.
    Each unit sees that whole price for staying (before issue 34 nothing priced it; counted
    unit by unit, each would take its hex-mate for the one who attacks, and neither moved);
    the price is the same for both, and a hex out of contact (2110, east) carries none."""
    s = start(STACK, "soviet_move")
    army, tank = price(s, "sov-26-army", "2210"), price(s, "sov-8-tank", "2210")
    assert army == tank < -3.0
    assert price(s, "sov-26-army", "2110") == 0.0
    for level in ("greedy", "normal", "hard"):  # every level steps both out of contact
        after = play_phase(s, level)
        for uid in ("sov-26-army", "sov-8-tank"):
            h = hex_of(after, uid)
            assert h not in ("2210",) and price(after_move(after), uid, h) == 0.0, (level, uid)


def test_the_17th_tank_corps_does_not_move_into_vilnius_next_to_the_germans() -> None:
    """July: German stacks in Kaunas (1408) and 1308; the 17th Tank Corps at Baranovichi
    (1611). Vilnius (1409) touches both: alone there it must attack them both at once
    (7.1B) - a price of 2.5 hits - and no level sends it there."""
    units = [
        ("sov-17-tank", "1611", []),
        ("ger-xxxix-pz", "1408", []),
        ("ger-lvii-pz", "1408", []),
        ("ger-v-inf", "1308", []),
        ("ger-vi-inf", "1308", []),
    ]
    s = start(units, "soviet_move")
    assert price(s, "sov-17-tank", "1409") == pytest.approx(-5.0)
    for level in ("greedy", "normal", "hard"):
        after = play_phase(s, level)
        assert hex_of(after, "sov-17-tank") != "1409", level


def play_phase(s: dict, level: str) -> dict:
    """The state once ``level`` has played the phase ``s`` is in."""
    player = make_player(level, 3)
    phase = s["phase"]
    while s["phase"] == phase:
        s = GAME.apply(s, player.choose(GAME, s))
    return s


def after_move(s: dict) -> dict:
    """``s`` read as if the movement phase were still on (contact prices only count there)."""
    return {**s, "phase": "soviet_move"}


# ------------------------------------------------------------------ 11.7: Air Points
AIR = [
    ("sov-11-army", "1408", []),  # Kaunas
    ("sov-3-tank", "1409", []),  # Vilnius
    ("sov-4-army", "1810", []),  # Brest
    ("sov-3-army", "1609", []),  # Grodno, against four panzer corps
    ("ger-ii-inf", "1407", []),
    ("ger-x-inf", "1407", []),
    ("ger-v-inf", "1410", []),
    ("ger-vi-inf", "1410", []),
    ("ger-xii-inf", "1709", []),
    ("ger-ix-inf", "1709", []),
    ("ger-xxxix-pz", "1608", []),
    ("ger-lvii-pz", "1608", []),
    ("ger-xxiv-pz", "1708", []),
    ("ger-xlvii-pz", "1708", []),
]


def declared(s: dict, level: str) -> dict[str, tuple[int, float]]:
    """Target hex -> (Air Points, expected hits scored) of each attack ``level`` rolls."""
    from ostfront.ai.odds import summary

    player = make_player(level, 3)
    out: dict[str, tuple[int, float]] = {}
    while s["phase"] == "axis_combat":
        action = player.choose(GAME, s)
        if action.verb == "roll":
            p = s["pending"]
            hits = summary(GAME.roll_distribution(s, action))["expected"][0]
            out[",".join(p["targets"])] = (int(p["air"]), hits)
        s = GAME.apply(s, action)
    return out


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_air_points_go_where_they_change_the_outcome_not_first_come(level: str) -> None:
    """July, three Air Points; four compulsory attacks: Grodno (1609) by four panzer corps
    at 3.3 expected hits, Kaunas, Vilnius and Brest each by two infantry corps near even.
    The Grodno attack, rolled first, gets none - its hits are sure without them - and all
    three go to the near-even attacks. (Before issue 34 greedy put all three on Grodno,
    the first attack it made: each point was worth its die, wherever it was rolled.)"""
    s = start(AIR, "axis_combat", pools={"axis": {"air": 3}})
    made = declared(s, level)
    assert set(made) == {"1408", "1409", "1609", "1810"}
    assert made["1609"] == (0, pytest.approx(10 / 3, abs=1e-3))
    assert sum(air for air, _ in made.values()) == 3


def test_the_price_of_air_points_is_what_they_gain_elsewhere() -> None:
    """Declaring Grodno first with three points left: keeping ``n`` for it gives up the
    ``n`` least of the three best gains the other attacks would make (11.7: greedy
    allocation by marginal gain)."""
    s = start(AIR, "axis_combat", pools={"axis": {"air": 3}})
    R = GAME.rules_for(s)
    with reading(s):
        gains = dr_attacks.air_gains(R, s, True)
        assert set(gains) == {"1408", "1409", "1609", "1810"}
        assert all(len(g) == 3 for g in gains.values())
        others = sorted((g for h, gs in gains.items() if h != "1609" for g in gs), reverse=True)
        best = [max(g, dr_attacks.AIR_POINT) for g in others[:3]]
        cost = dr_attacks.air_price(R, s, ["1609"], True)
        want = [0, best[2], best[1] + best[2], sum(best)]
        assert [cost(n) for n in range(4)] == pytest.approx(want)
        assert max(gains["1609"]) < best[2]  # Grodno gains less from any point than they do
