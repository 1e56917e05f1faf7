"""SNO 7.3.3 loss padding (10.2.6 the HAB, 10.1.11 juggernauts, 10.3.3c armor), 10.1.11 a
juggernaut broken down to absorb losses, 10.1.13 to advance, and 10.3.3b refitted armor
flipped instead of dispersed: whole attacks played through the sequence's one door around
1903 (clear, no river). The first die of seed 19 is a 1, of 13 a 2, of 5 a 3, of 2 a 5.
German corps are 2-4; the 4th Army 9-2 / 6-4; the HAB gives a juggernaut two factors."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import combat, sequence
from ostfront.games.sno.combat import losses, results


def _texts(R, s):
    return [a.text for a in sequence.actions(R, s)]


def _play(R, s, *texts):
    for t in texts:
        legal = _texts(R, s)
        assert t in legal, f"{t!r} not among {legal}"
        sequence.perform(R, s, Action.parse(t))


def _at(s, uid):
    return s["units"][uid]["at"]


def _combat(R, make_state, units, seed, **extra):
    s = make_state(units, phase="axis_combat", seed=seed, **extra)
    combat.begin(R, s)
    return s


def test_7_3_3_dr_al_is_padded_by_the_hab_then_the_flip(R, make_state) -> None:
    """The 4th Army (9, HAB +2: 11) attacks the Soviet 3rd Army (3): 11:3 = 3:1, die 5:
    DR/AL. The AL asks at least 3: the HAB (2) goes first, then the flip (9 -> 6: 3) - no
    unit is lost and, with no other choice, the owner is not asked."""
    s = _combat(
        R, make_state, {"ger-4-army": "1902", "sov-3-army": "1903"}, seed=2, hab=["ger-4-army"]
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")
    assert s["combat"]["plan"][0]["odds"] == "11:3 -> 3:1"
    assert s["combat"]["plan"][0]["result"] == "DR/AL"
    assert s["pending"]["kind"] == "retreat"  # the DR first (7.3.7)
    retreat = next(t for t in _texts(R, s) if t.startswith("retreat sov-3-army"))
    _play(R, s, retreat)
    assert s["pending"] is None
    assert s["hab"] == []
    assert s["units"]["ger-4-army"]["flipped"] is True
    assert _at(s, "ger-4-army") == "1902"


def test_7_3_3_dx_pads_with_the_hab_even_if_a_unit_would_come_nearer(R, make_state) -> None:
    """The 4th Army (11 with its HAB) and the 5th Corps (2) attack the 3rd Army: 13:3 = 4:1,
    die 3: DX, as near as possible to 3. Without padding the corps (2) would be lost; 7.3.3
    lets the HAB (2) go first 'even if he could come closer ... by losing combat units first'.
    What is left (1) fits neither the flip (3) nor a unit: nothing more is lost."""
    s = _combat(
        R,
        make_state,
        {"ger-4-army": "1902", "ger-5-corps": "2002", "sov-3-army": "1903"},
        seed=5,
        hab=["ger-4-army"],
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")
    assert s["combat"]["plan"][0]["result"] == "DX"
    assert s["hab"] == []
    assert not s["units"]["ger-4-army"].get("flipped")
    assert _at(s, "ger-5-corps") == "2002"
    assert s["pending"]["kind"] == "advance"
    assert s["pending"]["units"] == ["ger-5-corps"]  # never the juggernaut (10.1.3)


def test_10_1_11_a_juggernaut_broken_down_to_absorb_an_ex(R, make_state) -> None:
    """The 4th Army (stronger side, HAB: 11) attacks the 3rd and 4th Armies (6): 11:6 = 3:2,
    die 2: EX, at least 6. The HAB (2) and the flip (3) make 5; one more means the army itself
    - unless it breaks down (10.1.11). Broken into three corps from the pool, its HAB and
    difference count (5), and one corps (2) is the loss."""
    s = _combat(
        R,
        make_state,
        {
            "ger-4-army": "1902",
            "sov-3-army": "1903",
            "sov-4-army": "1903",
            "ger-1-corps": "pool",
            "ger-5-corps": "pool",
            "ger-6-corps": "pool",
        },
        seed=13,
        hab=["ger-4-army"],
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")
    assert s["combat"]["plan"][0]["odds"] == "11:6 -> 3:2"
    assert s["combat"]["plan"][0]["result"] == "EX"
    assert [_at(s, u) for u in ("sov-3-army", "sov-4-army")] == ["dead", "dead"]
    assert s["pending"]["kind"] == "losses" and s["pending"]["side"] == "axis"
    assert _texts(R, s) == ["lose hab:ger-4-army+flip:ger-4-army+ger-4-army", "break ger-4-army"]
    _play(R, s, "break ger-4-army")
    assert _texts(R, s) == [
        "into ger-1-corps",
        "into ger-1-corps+ger-5-corps",
        "into ger-1-corps+ger-5-corps+ger-6-corps",
        "cancel",
    ]
    _play(R, s, "into ger-1-corps+ger-5-corps+ger-6-corps")
    assert s["pending"]["kind"] == "losses"
    assert _texts(R, s) == ["lose ger-1-corps", "lose ger-5-corps", "lose ger-6-corps"]
    _play(R, s, "lose ger-5-corps")
    assert _at(s, "ger-5-corps") == "dead"
    assert [_at(s, u) for u in ("ger-1-corps", "ger-6-corps")] == ["1902", "1902"]
    assert _at(s, "ger-4-army") == "dead"  # broken down, not eliminated: it may be re-formed
    assert s["hab"] == []
    assert s["pending"] is None and s["combat"]["plan"][0]["done"]
    # the corps took the army's part in the attack: they attack no more (7.1.7)
    assert {"ger-1-corps", "ger-6-corps"} <= set(s["combat"]["plan"][0]["attackers"])
    assert _texts(R, s) == ["end"]


def test_10_1_11_without_components_the_army_itself_is_lost(R, make_state) -> None:
    """The same EX with no corps to break into: one set, applied at once - the HAB, the flip
    and the army (to the dead box: an EX is no DE, 10.1.2)."""
    s = _combat(
        R,
        make_state,
        {"ger-4-army": "1902", "sov-3-army": "1903", "sov-4-army": "1903"},
        seed=13,
        hab=["ger-4-army"],
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")
    assert s["pending"] is None
    assert _at(s, "ger-4-army") == "dead"


def test_10_1_13_a_juggernaut_breaks_down_so_its_corps_advance(R, make_state) -> None:
    """The 4th Army, weaker side up (6), attacks the 3rd Army (3): 2:1, die 1: DX, no more
    than 3 - the army (6) does not fit, nothing is lost. The army may not advance (10.1.3) but
    may break down so that its corps do (10.1.13): the advance decision is opened for it."""
    s = _combat(
        R,
        make_state,
        {
            "ger-4-army": {"at": "1902", "flipped": True},
            "sov-3-army": "1903",
            "ger-1-corps": "pool",
            "ger-5-corps": "pool",
        },
        seed=19,
    )
    _play(R, s, "attack 1903", "declare", "commit", "roll 1")
    assert s["combat"]["plan"][0]["result"] == "DX"
    assert _at(s, "ger-4-army") == "1902"
    assert s["pending"]["kind"] == "advance" and s["pending"]["units"] == []
    assert _texts(R, s) == ["stop", "break ger-4-army"]
    _play(R, s, "break ger-4-army", "into ger-1-corps+ger-5-corps")
    assert s["pending"]["units"] == ["ger-1-corps", "ger-5-corps"]
    _play(R, s, "advance ger-1-corps 1903", "stop")
    assert _at(s, "ger-1-corps") == "1903" and _at(s, "ger-5-corps") == "1902"


def test_10_3_3b_refitted_armor_flips_instead_of_being_dispersed(R, make_state) -> None:
    s = make_state(
        {"ger-41-pz": "1903", "ger-56-pz": {"at": "1904", "flipped": True}},
        phase="soviet_combat",
    )
    results.disperse(R, s, "ger-41-pz")
    results.disperse(R, s, "ger-56-pz")
    assert s["units"]["ger-41-pz"]["flipped"] and not s["units"]["ger-41-pz"]["dispersed"]
    assert s["units"]["ger-56-pz"]["dispersed"]  # already unrefitted: dispersed as usual


def test_7_3_3_padding_of_armor_and_the_sets(R, make_state) -> None:
    """A refitted 5-6 panzer corps (unrefitted 3-5) pads with its difference (2): an AL of 3
    with the panzer corps and a 2-factor corps is the flip and then either unit (the corps,
    2 >= 1, or the panzer corps' remaining 3). Flipped, it pads nothing."""
    s = make_state({"ger-41-pz": "1902", "ger-5-corps": "2002"}, phase="axis_combat")
    assert losses.padding(R, s, "ger-41-pz") == (0, 2)
    assert losses.padded_sets(R, s, "at_least", 3, {"ger-41-pz": 5, "ger-5-corps": 2}) == [
        ["flip:ger-41-pz", "ger-41-pz"],
        ["flip:ger-41-pz", "ger-5-corps"],
    ]
    assert losses.padded_sets(R, s, "nearest", 3, {"ger-41-pz": 5, "ger-5-corps": 2}) == [
        ["flip:ger-41-pz"]
    ]
    s["units"]["ger-41-pz"] = {**s["units"]["ger-41-pz"], "flipped": True}
    assert losses.padding(R, s, "ger-41-pz") == (0, 0)
