"""The fields a Defiant Russia action carries for readers outside the game (issue 30): what
it is for (its role), the units and hexes it names, a move's path and cost, the title of its
group and how its hex is lit - set by the rules that offer it, on exact positions."""

from __future__ import annotations

from dr_play import GAME, dr_position, play
from ostfront.core.paths import path_to
from ostfront.core.protocol import Action
from ostfront.games.dr import movement
from ostfront.games.dr.rules import standard_rules

R = standard_rules()
MOSCOW = R.map.place_named("Moscow").hex


def offered(s: dict[str, object]) -> dict[str, Action]:
    return {a.text: a for a in GAME.legal_actions(s)}


def test_a_move_carries_its_path_and_cost() -> None:  # DR 6.1
    s = dr_position([("ger-xxiv-pz", "1729")])
    pick = offered(s)["select ger-xxiv-pz"]
    assert (pick.role, pick.units, pick.hexes, pick.group) == (
        "select",
        ("ger-xxiv-pz",),
        (),
        "Move a unit",
    )
    assert offered(s)["done"].role == "end"
    s = play(s, "select ger-xxiv-pz")
    acts = offered(s)
    to = acts["to 1732"]
    assert to.label == "German XXIV Panzer Corps to 1732 (3 MP)"
    assert (to.role, to.units, to.hexes, to.cost) == ("move", ("ger-xxiv-pz",), ("1732",), 3)
    assert to.path == ("1729", "1730", "1731", "1732")
    assert list(to.path) == path_to(movement.reach_of(R, s, "ger-xxiv-pz"), "1732")
    assert (to.group, to.highlight) == ("Move to", "move")
    back = acts["deselect"]
    assert (back.role, back.units, back.hexes, back.group) == (
        "back",
        (),
        (),
        "Choose another unit",
    )
    assert acts["undo"].role == "back" and acts["undo"].group == "Undo"


def test_an_attack_names_its_hex_and_defenders_and_a_dropped_hex_is_a_step_back() -> None:
    units = [("ger-i-inf", "1811"), ("sov-4-army", "1810"), ("sov-14-tank", "1810")]
    s = dr_position([*units, ("sov-7-army", "1911")], phase="axis_combat", control={"1811": "axis"})
    attack = offered(s)["attack 1810"]
    assert (attack.role, attack.hexes, attack.highlight) == ("attack", ("1810",), "attack")
    assert set(attack.units) == {"sov-4-army", "sov-14-tank"}
    s = play(s, "attack 1810")
    acts = offered(s)
    assert acts["with ger-i-inf"].role == "attack" and acts["cancel"].role == "back"
    s = play(s, "with ger-i-inf", "also 1911")
    acts = offered(s)
    also_ = offered(play(s, "drop 1911"))["also 1911"]
    assert (also_.role, also_.units, also_.hexes, also_.highlight) == (
        "attack",
        ("sov-7-army",),
        ("1911",),
        "attack",
    )
    drop = acts["drop 1911"]  # DR 7.1B: a hex left out of the battle, not an airborne drop
    assert (drop.role, drop.hexes, drop.highlight, drop.group) == (
        "back",
        ("1911",),
        "other",
        "Drop",
    )
    roll = acts["roll"]
    assert (roll.role, roll.hexes, roll.group) == ("roll", ("1810", "1911"), "Roll")


def test_an_airborne_drop_is_a_move_lit_as_a_drop() -> None:  # DR 11.3.1
    s = dr_position(
        [("sov-airborne", MOSCOW), ("ger-i-inf", "1122")],
        turn=7,
        weather="snow",
        phase="soviet_move",
    )
    s = play(s, "select sov-airborne")
    drop = offered(s)["drop 1121"]
    assert (drop.role, drop.units, drop.hexes, drop.highlight) == (
        "move",
        ("sov-airborne",),
        ("1121",),
        "drop",
    )


def test_set_up_picks_places_and_puts_back() -> None:  # DR 3.0
    s = GAME.setup(seed=1)
    acts = offered(s)
    pick = next(a for a in acts.values() if a.verb == "pick")
    assert (pick.role, pick.group) == ("select", "Set up a unit")
    assert acts["historical"].role == "choose"
    s = GAME.apply(s, pick.text)
    acts = offered(s)
    place = next(a for a in acts.values() if a.verb == "place")
    assert (place.role, place.units, place.highlight) == ("move", pick.units, "place")
    assert place.hexes == place.args
    assert acts["back"].role == "back"
    assert GAME.selected_unit(s) == pick.units[0]  # the picked unit, as SNO's set-up
