"""The labels players read (issue 25): a unit named with its nationality, an attack named by
its place and its defenders. The action texts (what the AI and records use) are unchanged."""

from __future__ import annotations

from dr_play import GAME, dr_position, play


def labels(s: dict[str, object]) -> dict[str, str]:
    return {a.text: a.label for a in GAME.legal_actions(s) if a.verb != "undo"}


def test_units_of_the_same_name_are_told_apart_by_nationality() -> None:
    # three counters are called "I Corps": German, Finnish and Romanian
    s = dr_position([("ger-i-inf", "1709"), ("rom-i-home", "2609"), ("fin-i-inf", "0609")])
    assert labels(s) == {
        "select fin-i-inf": "Move Finnish I Corps",
        "select ger-i-inf": "Move German I Corps",
        "select rom-i-home": "Move Romanian I Corps",
        "done": "End the phase",
    }


def test_attacks_name_the_place_and_the_defenders() -> None:
    units = [("ger-i-inf", "1811"), ("sov-4-army", "1810"), ("sov-14-tank", "1810")]
    s = dr_position([*units, ("sov-7-army", "1911")], phase="axis_combat", control={"1811": "axis"})
    assert labels(s) == {
        "attack 1810": "Attack Brest (1810): Soviet 14th Tank Corps, Soviet 4th Army",
        "attack 1911": "Attack 1911: Soviet 7th Army",
    }
    s = play(s, "attack 1810", "with ger-i-inf")
    assert labels(s)["also 1911"] == "Also attack 1911 in the same battle: Soviet 7th Army"
    s = play(s, "also 1911")
    assert labels(s)["drop 1911"] == "Do not attack 1911 in this battle"
    assert labels(s)["roll"] == "Roll the attack on Brest (1810), 1911"
    assert GAME.prompt(s).text.startswith("Attack on Brest (1810), 1911: 1 unit(s)")
