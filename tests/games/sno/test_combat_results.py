"""SNO 7.3 results, 7.5-7.6 Combat Options, 7.7 retreat and advance: whole attacks played
through the Combat Phase's actions with fixed seeds (the first die of seed 19 is a 1, of 13 a
2, of 5 a 3), around 1903 (clear, no river)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ostfront.core.position import position_from_dict
from ostfront.core.protocol import Action
from ostfront.games.sno import combat, control
from ostfront.games.sno.combat import losses, tactical


def _play(R, s, *texts):
    for t in texts:
        legal = {a.text for a in combat.actions(R, s)}
        assert t in legal, f"{t!r} not among {sorted(legal)}"
        combat.perform(R, s, Action.parse(t))


def _texts(R, s):
    return [a.text for a in combat.actions(R, s)]


def _at(s, uid):
    return s["units"][uid]["at"]


def _begin(R, s):
    combat.begin(R, s)
    return s


# ------------------------------------------------------------------ loss sets
def test_7_3_1_as_near_as_possible_sets() -> None:
    f = {"a": 3, "b": 2, "c": 2}
    assert losses.nearest_sets(f, 5) == [["a", "b"], ["a", "c"]]  # DX against 5
    assert losses.nearest_sets(f, Fraction(7, 2)) == [["a"]]  # HX against 7: at most 3.5
    assert losses.nearest_sets(f, 1) == []  # not even one unit: nothing
    assert losses.nearest_sets(f, 9) == [["a", "b", "c"]]


def test_7_3_1_at_least_sets() -> None:
    f = {"a": 3, "b": 2, "c": 2}
    assert losses.at_least_sets(f, 4) == [["a", "b"], ["a", "c"], ["b", "c"]]  # EX against 4
    assert losses.at_least_sets(f, 3) == [["a"], ["b", "c"]]  # AL against 3
    assert losses.at_least_sets(f, 8) == [["a", "b", "c"]]  # 2X against 4: all, and short


# ------------------------------------------------------------------ results in play
def test_7_3_1_dx_the_attacker_chooses_among_equal_losses(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {
                "ger-5-corps": "1902",
                "ger-6-corps": "2002",
                "ger-12-corps": "1904",
                "sov-3-army": "1903",
            },
            phase="axis_combat",
            seed=19,
        ),
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")  # 6:3 = 2:1, die 1: DX
    assert s["combat"]["plan"][0]["result"] == "DX"
    # the roll joins the log entry with what the CRT made of it (core.protocol.roll_result)
    assert s["_rolls"] == [{"why": "attack 1 at 2:1", "dice": [1], "result": "DX"}]
    assert _at(s, "sov-3-army") == "dead"
    assert s["pending"]["kind"] == "losses" and s["pending"]["side"] == "axis"
    assert _texts(R, s) == ["lose ger-12-corps", "lose ger-5-corps", "lose ger-6-corps"]
    _play(R, s, "lose ger-12-corps")
    assert _at(s, "ger-12-corps") == "dead"
    # 1903 was vacated by a DX: the survivors may advance (7.7.3a a)
    assert s["pending"]["kind"] == "advance"
    assert _texts(R, s) == [
        "advance ger-5-corps 2002",
        "advance ger-5-corps 1802",
        "advance ger-5-corps 1903",
        "advance ger-6-corps 1902",
        "advance ger-6-corps 1903",
        "advance ger-6-corps 2003",
        "stop",
    ]


def test_7_3_1_hx_removes_nothing_when_no_unit_fits(R, make_state) -> None:
    corps = ["ger-5-corps", "ger-6-corps", "ger-12-corps", "ger-43-corps", "ger-53-corps"]
    where = ["1902", "2002", "1904", "2003", "1803"]
    s = _begin(
        R,
        make_state(
            {**dict(zip(corps, where, strict=True)), "sov-3-army": "1903"},
            phase="axis_combat",
            seed=19,
        ),
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")  # 10:3 = 3:1, die 1: HX
    assert s["combat"]["plan"][0]["result"] == "HX"
    assert _at(s, "sov-3-army") == "dead"
    assert all(_at(s, u) == w for u, w in zip(corps, where, strict=True))  # 1.5: none fits
    assert s["pending"]["kind"] == "advance"


def test_7_3_1_ex_at_least_the_defence_and_no_advance(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {
                "ger-5-corps": "1902",
                "ger-6-corps": "2002",
                "ger-12-corps": "1904",
                "sov-3-army": {"at": "1903", "fortified": True},
            },
            phase="axis_combat",
            seed=13,
        ),
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")  # 6:4 = 3:2, die 2: EX
    assert s["combat"]["plan"][0]["result"] == "EX"
    assert _texts(R, s) == [
        "lose ger-12-corps+ger-5-corps",
        "lose ger-12-corps+ger-6-corps",
        "lose ger-5-corps+ger-6-corps",
    ]
    _play(R, s, "lose ger-5-corps+ger-6-corps")
    assert [_at(s, u) for u in ("ger-5-corps", "ger-6-corps", "ger-12-corps")] == [
        "dead",
        "dead",
        "1904",
    ]
    assert s["pending"] is None  # an EX gives no advance (7.7.3a a)
    assert s["combat"]["cleared"] == {"1903": False}
    assert _texts(R, s) == ["end"]


def test_7_3_2_reverse_dx_when_the_attacker_is_weaker(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {
                "sov-3-army": "1902",
                "ger-5-corps": "1903",
                "ger-6-corps": "1903",
                "ger-12-corps": "1903",
            },
            phase="soviet_combat",
            seed=13,
        ),
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")  # 3:6 = 1:2, die 2: 2X
    assert s["combat"]["plan"][0]["result"] == "2X"
    assert _at(s, "sov-3-army") == "dead"  # all the attackers
    # the defender (the owner, 7.3.5) loses as near as possible to 3 without exceeding it
    assert s["pending"]["side"] == "axis"
    assert _texts(R, s) == ["lose ger-12-corps", "lose ger-5-corps", "lose ger-6-corps"]
    _play(R, s, "lose ger-6-corps")
    assert [_at(s, u) for u in ("ger-5-corps", "ger-6-corps", "ger-12-corps")] == [
        "1903",
        "dead",
        "1903",
    ]
    assert s["pending"] is None and _texts(R, s) == ["end"]


def test_7_6_1_die_one_at_1_4_against_no_retreat_is_a_dx(R, make_state) -> None:
    fort = {"at": "1903", "fortified": True}
    s = _begin(
        R,
        make_state(
            {"ger-5-corps": "1902", "sov-3-army": fort, "sov-4-army": fort},
            phase="axis_combat",
            seed=19,
            no_retreat={"soviet": True, "axis": []},
        ),
    )
    assert R.crts.table("axis-assault").cell("1:4", 1) == "(DR)"
    assert R.crts.convert("axis-assault", "(DR)", "no_retreat") == "-"
    _play(R, s, "attack 1903", "declare", "commit")
    dist = combat.distribution(R, s, Action.parse("roll 1"))
    # 1:4 under No Retreat: (DR) -> "-" -> DX (7.6.1), 4X, AL, then three AEs
    assert dist == {
        "DX": Fraction(1, 6),
        "4X": Fraction(1, 6),
        "AL": Fraction(1, 6),
        "AE": Fraction(1, 2),
    }
    _play(R, s, "roll 1")  # 2:8 = 1:4, die 1
    assert s["combat"]["plan"][0]["result"] == "DX"
    assert s["combat"]["plan"][0]["options"] == ["no_retreat"]
    assert [_at(s, u) for u in ("sov-3-army", "sov-4-army", "ger-5-corps")] == [
        "dead",
        "dead",
        "dead",  # DX: the corps (2) is as near to 8 as the attacker can come
    ]


def test_7_6_2_one_unit_under_no_retreat_puts_the_group_under_it(R, make_state) -> None:
    from ostfront.games.sno.combat import results

    s = make_state(
        {"ger-5-corps": "1903", "ger-6-corps": "1904", "rom-3-army": "1904"},
        phase="soviet_combat",
        no_retreat={"soviet": False, "axis": ["1903"]},
    )
    assert results.has_no_retreat(R, s, "ger-5-corps")
    assert not results.has_no_retreat(R, s, "rom-3-army")
    assert results.no_retreat(R, s, ["ger-5-corps", "rom-3-army"])
    assert not results.no_retreat(R, s, ["ger-6-corps", "rom-3-army"])


def test_7_5_1a_exchange_conversion_mandatory(R, make_state) -> None:
    # a garrison among the defenders
    s = _begin(
        R,
        make_state(
            {"sov-kiev-gar": "1816", "ger-5-corps": "1817", "ger-6-corps": "1717"},
            phase="axis_combat",
        ),
    )
    _play(R, s, "attack 1816", "declare", "commit")
    acts = combat.actions(R, s)
    assert [a.text for a in acts] == ["roll 1"] and acts[0].rule == "SNO 7.5.1a"
    # an Axis attack on a Soviet unit in a swamp (1317), not a Soviet attack on one
    s = _begin(R, make_state({"sov-3-army": "1317", "ger-5-corps": "1216"}, phase="axis_combat"))
    _play(R, s, "attack 1317", "declare", "commit")
    assert _texts(R, s) == ["roll 1"]
    s = _begin(R, make_state({"ger-5-corps": "1317", "sov-3-army": "1216"}, phase="soviet_combat"))
    _play(R, s, "attack 1317", "declare", "commit")
    assert _texts(R, s) == ["roll 1", "roll 1 ec"]


def test_7_5_1_optional_exchange_conversion_changes_the_distribution(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {"ger-5-corps": "1902", "ger-6-corps": "2002", "sov-3-army": "1903"},
            phase="axis_combat",
        ),
    )
    _play(R, s, "attack 1903", "declare", "commit")
    plain = combat.distribution(R, s, Action.parse("roll 1"))
    ec = combat.distribution(R, s, Action.parse("roll 1 ec"))
    # the Axis 1:1 column: DR TX (DR) - AL AL; converted: DX TX EX - 2X 2X
    assert plain == {
        "DR": Fraction(1, 6),
        "TX": Fraction(1, 6),
        "(DR)": Fraction(1, 6),
        "-": Fraction(1, 6),
        "AL": Fraction(1, 3),
    }
    assert ec == {
        "DX": Fraction(1, 6),
        "TX": Fraction(1, 6),
        "EX": Fraction(1, 6),
        "-": Fraction(1, 6),
        "2X": Fraction(1, 3),
    }


# ------------------------------------------------------------------ retreat and advance
def test_7_7_1a_dr_retreat_one_to_three_hexes_then_advance(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {"ger-5-corps": "1902", "ger-6-corps": "2002", "sov-3-army": "1903"},
            phase="axis_combat",
            seed=19,
        ),
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")  # 4:3 = 1:1, die 1: DR
    assert s["combat"]["plan"][0]["result"] == "DR"
    assert s["units"]["sov-3-army"]["dispersed"] is True  # 7.7.2a
    assert s["pending"]["kind"] == "retreat" and s["pending"]["side"] == "soviet"
    # one hex: 1803 and 1904 (not in German ZOC); two and three hexes: farther each hex
    assert sorted(tactical.retreat_destinations(R, s, "sov-3-army")) == [
        "1604",
        "1704",
        "1705",
        "1803",
        "1804",
        "1805",
        "1904",
        "1905",
        "1906",
    ]
    assert "hold sov-3-army" not in _texts(R, s)  # obliged: not in a city
    _play(R, s, "retreat sov-3-army 1905")
    assert _at(s, "sov-3-army") == "1905"
    assert s["pending"]["kind"] == "advance"
    _play(R, s, "advance ger-5-corps 1903", "stop")
    assert _at(s, "ger-5-corps") == "1903" and _at(s, "ger-6-corps") == "2002"
    assert s["combat"]["plan"][0]["done"] and _texts(R, s) == ["end"]


def test_7_7_1a_b_one_hex_into_a_friendly_hex_in_enemy_zoc(R, make_state) -> None:
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "2002",
            "sov-3-army": "1903",
            "sov-4-army": "1802",  # in the 5th Corps' ZOC
        },
        phase="axis_combat",
    )
    combat.begin(R, s)
    assert tactical.retreat_destinations(R, s, "sov-3-army")["1802"] == ["1903", "1802"]
    # not while an attack on 1802 is still to be resolved
    s["combat"]["plan"] = [
        {
            "id": 2,
            "attackers": ["ger-5-corps"],
            "defenders": ["sov-4-army"],
            "where": {"sov-4-army": "1802"},
            "done": False,
            "result": None,
        }
    ]
    assert "1802" not in tactical.retreat_destinations(R, s, "sov-3-army")


def test_7_7_1a_d_a_dr_that_cannot_retreat_becomes_a_dd(R, make_state, monkeypatch) -> None:
    from ostfront.games.sno import disband

    called = []
    real = disband.involuntary

    def spy(R, state, uids):
        called.append(list(uids))
        return real(R, state, uids)

    monkeypatch.setattr(disband, "involuntary", spy)
    s = _begin(
        R,
        make_state(
            {"ger-5-corps": "1902", "ger-6-corps": "1904", "sov-3-army": "1903"},
            phase="axis_combat",
            seed=19,
        ),
    )
    # every hex around 1903 is in the ZOC of 1902 or 1904
    assert tactical.retreat_destinations(R, s, "sov-3-army") == {}
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")  # 1:1, die 1: DR
    assert s["combat"]["plan"][0]["result"] == "DR"
    assert called == [["sov-3-army"]]
    assert _at(s, "sov-3-army") in ("dead", "lost")
    assert s["pending"]["kind"] == "advance"  # the hex was vacated by a DR


@pytest.mark.parametrize(
    ("where", "result", "obliged"),
    [
        ("2211", "DR", False),  # Kharkov, a Major city
        ("1910", "DR", True),  # Kursk, a minor city
        ("1910", "(DR)", False),
        ("3307", "(DR)", True),  # Elista, a town
    ],
)
def test_7_3_1_dr_in_cities(R, make_state, where, result, obliged) -> None:
    s = make_state({"sov-3-army": where}, phase="axis_combat")
    assert tactical.obliged_to_retreat(R, s, ["sov-3-army"], result) is obliged


def test_7_3_6_dispersed_even_when_not_retreating(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {"ger-5-corps": "1909", "ger-6-corps": "1809", "sov-3-army": "1910"},
            phase="axis_combat",
            seed=5,
        ),
    )
    _play(R, s, "attack 1910", "declare", "commit", "roll 1")  # 4:3 = 1:1, die 3: (DR)
    assert s["combat"]["plan"][0]["result"] == "(DR)"
    assert "hold sov-3-army" in _texts(R, s)  # in a city: may stay (7.3.6)
    _play(R, s, "hold sov-3-army")
    assert _at(s, "sov-3-army") == "1910" and s["units"]["sov-3-army"]["dispersed"] is True
    assert s["pending"] is None and _texts(R, s) == ["end"]


def test_7_1_11a_skip_and_advance_into_a_hex_already_cleared(R, make_state) -> None:
    s = make_state(
        {"ger-5-corps": "1902", "ger-6-corps": "2002", "sov-3-army": "dead"},
        phase="axis_combat",
    )
    combat.begin(R, s)
    s["combat"]["plan"] = [
        {
            "id": 2,
            "attackers": ["ger-6-corps"],
            "defenders": ["sov-3-army"],
            "where": {"sov-3-army": "1903"},
            "done": False,
            "result": None,
        }
    ]
    s["combat"]["committed"] = True
    s["combat"]["cleared"] = {"1903": True}  # cleared by an earlier DE
    assert _texts(R, s) == ["skip 2"]
    _play(R, s, "skip 2")
    assert s["pending"]["kind"] == "advance" and s["pending"]["units"] == ["ger-6-corps"]
    _play(R, s, "advance ger-6-corps 1903")
    assert _at(s, "ger-6-corps") == "1903" and s["combat"]["plan"][0]["done"]


def test_7_7_3a_advance_obeys_5_2_3_from_zoc_to_zoc(R, make_state) -> None:
    # the 5th Corps at 1902 is in the ZOC of the 4th Army (2001); 1802 is in the ZOC of the
    # 5th Army (1703) only: a different unit, one movement point (5.2.3a). 2002 is in the 4th
    # Army's ZOC too: refused, unless a friendly unit holds it (5.2.3b)
    s = make_state(
        {"ger-5-corps": "1902", "sov-4-army": "2001", "sov-5-army": "1703"}, phase="axis_combat"
    )
    assert tactical.advance_destinations(R, s, "ger-5-corps", ["1903"]) == ["1802", "1903"]
    s = make_state(
        {
            "ger-5-corps": "1902",
            "ger-6-corps": "2002",
            "sov-4-army": "2001",
            "sov-5-army": "1703",
        },
        phase="axis_combat",
    )
    assert tactical.advance_destinations(R, s, "ger-5-corps", ["1903"]) == [
        "2002",
        "1802",
        "1903",
    ]


def test_the_game_door_offers_the_roll_and_its_exact_distribution(R, make_state) -> None:
    from ostfront.games import get

    game = get("sno")
    s = make_state(
        {"ger-5-corps": "1902", "ger-6-corps": "2002", "sov-3-army": "1903"},
        phase="axis_combat",
        seed=19,
    )
    for text in ("attack 1903", "declare", "commit"):
        s = game.apply(s, Action.parse(text))
    roll = next(a for a in game.legal_actions(s) if a.text == "roll 1")
    assert game.roll_distribution(s, roll) == {
        "DR": Fraction(1, 6),
        "TX": Fraction(1, 6),
        "(DR)": Fraction(1, 6),
        "-": Fraction(1, 6),
        "AL": Fraction(1, 3),
    }
    s = game.apply(s, roll)  # die 1: DR
    assert game.active_side(s) == "soviet" and s["pending"]["kind"] == "retreat"
    s = game.apply(s, Action.parse("retreat sov-3-army 1704"))
    assert s["units"]["sov-3-army"]["at"] == "1704"
    assert game.active_side(s) == "axis" and s["pending"]["kind"] == "advance"


def test_5_5_11_a_soviet_retreat_into_hungary_activates_it(R, make_state) -> None:
    s = make_state({"sov-3-army": "1523", "ger-5-corps": "1422"}, phase="axis_combat")
    combat.begin(R, s)
    s["combat"]["current"] = {
        "id": 1,
        "result": "DR",
        "attackers": ["ger-5-corps"],
        "defenders": ["sov-3-army"],
        "hexes": ["1523"],
        "factors": {},
        "attack": 2,
        "defence": 3,
        "todo": [],
    }
    tactical.open_retreat(R, s, ["sov-3-army"], "DR", ["1523"])
    assert "retreat sov-3-army 1524" in _texts(R, s)  # 1524 is in Hungary
    _play(R, s, "retreat sov-3-army 1524")
    assert s["hungary_active"] is True


def test_7_3_6_a_unit_not_obliged_may_still_retreat(R, make_state) -> None:
    s = _begin(
        R,
        make_state(
            {"ger-5-corps": "1909", "ger-6-corps": "1809", "sov-3-army": "1910"},
            phase="axis_combat",
            seed=5,
        ),
    )
    _play(R, s, "attack 1910", "declare", "commit", "roll 1")  # (DR) in Kursk
    assert not s["pending"]["obliged"]
    _play(R, s, "retreat sov-3-army 2011")
    assert _at(s, "sov-3-army") == "2011" and s["units"]["sov-3-army"]["dispersed"] is True
    assert s["pending"]["kind"] == "advance"  # Kursk is vacated by a (DR)


def test_5_5_11_the_soviet_player_may_eliminate_a_unit_forced_to_retreat_into_hungary() -> None:
    """The 5th Army in 1523, ringed by four German corps, gets a DR (seed 5: die 3 at 3:1);
    both hexes it could retreat to (1524, 1623) are in Hungary, still inactive in August 1941:
    the Soviet player may eliminate it instead, and Hungary stays inactive."""
    from ostfront.games.sno.game import GAME

    units = {
        "sov-5-army": "1523",
        "ger-4-corps": "1622",
        "ger-17-corps": "1522",
        "ger-29-corps": "1422",
        "ger-11-corps": "1423",
        "hun-2-army": "1428",
    }
    position = {
        "game": "sno",
        "turn": "1941-08",
        "phase": "axis_combat",
        "units": [{"id": u, "hex": h} for u, h in units.items()],
    }
    s = GAME.setup(seed=5, position=position_from_dict(position))
    for text in ("attack 1523", "declare", "commit", "roll 1"):
        s = GAME.apply(s, Action.parse(text))
    assert s["pending"]["kind"] == "retreat" and s["pending"]["result"] == "DR"
    legal = {a.text: a for a in GAME.legal_actions(s)}
    assert sorted(legal) == [
        "eliminate sov-5-army",
        "retreat sov-5-army 1524",
        "retreat sov-5-army 1623",
    ]
    elim = legal["eliminate sov-5-army"]
    assert elim.rule == "SNO 5.5.11"
    assert elim.label == "Soviet 5th Army is eliminated rather than retreat into Hungary"
    s = GAME.apply(s, elim)
    assert s["units"]["sov-5-army"]["at"] == "dead"
    assert s["hungary_active"] is False


@pytest.mark.parametrize(
    ("uid", "active", "fate"),
    [
        ("rom-3-army", True, "dead"),  # 5.5.12: never into Hungary
        ("rom-3-army", False, "dead"),
        ("ger-5-corps", False, "dead"),  # 5.5.11: no other Axis unit into inactive Hungary
        ("ger-5-corps", True, "1728"),  # active Hungary: it retreats there
    ],
)
def test_5_5_11_5_5_12_forced_across_the_border_is_eliminated(
    R, make_state, uid, active, fate
) -> None:
    """A unit in 1827 (Romania) with Soviet units in 1928 and 1826: 1927 and 1828 are in their
    ZOC, 1727 too once Hungary is active; its only retreat is into 1728, Hungary. A unit the
    border rules bar from it is forced across them: eliminated, not disbanded by a DD (no
    replacement factors back)."""
    s = make_state(
        {uid: "1827", "sov-5-army": "1928", "sov-3-army": "1826"},
        phase="soviet_combat",
        turn="1941-08",
        hungary_active=active,
    )
    combat.begin(R, s)
    tactical.open_retreat(R, s, [uid], "DR", ["1827"])
    if fate == "dead":
        assert s["pending"] is None
        assert tactical.forced_across(R, s, uid) is False  # gone: nothing left to force
        assert _at(s, uid) == "dead" and s["rf"]["axis"] == 0
    else:
        # 1728, or on through it to 1529 or 1628: all in Hungary
        assert _texts(R, s) == [f"retreat {uid} {h}" for h in ("1529", "1628", "1728")]
        _play(R, s, f"retreat {uid} 1728")
        assert _at(s, uid) == fate


@pytest.mark.parametrize(
    ("uid", "other", "fate"),
    [
        ("hun-2-army", "rom-3-army", "dead"),
        ("rom-3-army", "hun-2-army", "dead"),
        ("ger-5-corps", "rom-3-army", "1902"),
    ],
)
def test_4_6_forced_into_the_others_hex_is_eliminated(R, make_state, uid, other, fate) -> None:
    """Soviet units in 2003, 1803 and 1801 put every hex around 1903 in their ZOC; 1902 holds
    a friendly unit, the only hex a unit in 1903 may retreat into (7.7.1a b). A Hungarian unit
    may not enter a Romanian's hex, nor the reverse (4.6): forced to, it is eliminated."""
    s = make_state(
        {
            uid: "1903",
            other: "1902",
            "sov-3-army": "2003",
            "sov-4-army": "1803",
            "sov-5-army": "1801",
        },
        phase="soviet_combat",
        turn="1942-05",
    )
    combat.begin(R, s)
    tactical.open_retreat(R, s, [uid], "DR", ["1903"])
    if fate == "dead":
        assert s["pending"] is None and _at(s, uid) == "dead" and s["rf"]["axis"] == 0
    else:
        _play(R, s, f"retreat {uid} 1902")
        assert _at(s, uid) == fate


def test_a_dr_without_a_way_out_even_across_borders_is_still_a_dd(R, make_state) -> None:
    """7.7.1a d: a Romanian unit that could not retreat even were Hungary open to it is not
    'forced across' the border: it disbands (in supply: replacement factors back)."""
    s = make_state(
        {"rom-3-army": "1903", "sov-3-army": "2003", "sov-4-army": "1803", "sov-5-army": "1801"},
        phase="soviet_combat",
        turn="1942-05",
    )
    combat.begin(R, s)
    assert tactical.retreat_destinations(R, s, "rom-3-army", borders=False) == {}
    assert tactical.forced_across(R, s, "rom-3-army") is False


def test_5_5_11_no_elimination_offered_when_hungary_is_active(R, make_state) -> None:
    s = make_state({"sov-3-army": "1523", "ger-5-corps": "1422"}, phase="axis_combat")
    s["hungary_active"] = True
    combat.begin(R, s)
    tactical.open_retreat(R, s, ["sov-3-army"], "DR", ["1523"])
    assert not [t for t in _texts(R, s) if t.startswith("eliminate")]


def test_3_2_4_a_unit_retreating_through_a_city_enters_it(R, make_state) -> None:
    """The 3rd Army retreats from 1716 two hexes to 1917 by way of Kiev, empty and held by the
    Axis: the Axis loses Kiev as the army enters it (3.2.4), and the Soviets, the last to
    enter it with a rail line into it, gain it (3.2.3)."""
    s = make_state(
        {"sov-3-army": "1716", "ger-5-corps": "1615"},
        phase="axis_combat",
        control={"1816": "axis"},
        entered={"1816": "axis"},
    )
    combat.begin(R, s)
    tactical.open_retreat(R, s, ["sov-3-army"], "DR", ["1716"])
    assert tactical.retreat_destinations(R, s, "sov-3-army")["1917"] == ["1716", "1816", "1917"]
    _play(R, s, "retreat sov-3-army 1917")
    control.update(R, s)  # as the sequence does after every action
    assert _at(s, "sov-3-army") == "1917"
    assert s["entered"]["1816"] == "soviet"
    assert s["control"]["1816"] == "soviet"
