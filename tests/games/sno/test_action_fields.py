"""The fields a Sturm Nach Osten action carries for readers outside the game (issue 30): its
role, the units and hexes it names, a move's path and cost, its group's title and how its
hex is lit - set by the rules that offer it, on exact positions around 1903 and 1904."""

from __future__ import annotations

from ostfront.core.protocol import Action
from ostfront.games.sno import combat
from ostfront.games.sno import movement as mv

GER, GER2, SOV = "ger-5-corps", "ger-6-corps", "sov-3-army"


def by_text(acts: list[Action]) -> dict[str, Action]:
    return {a.text: a for a in acts}


def test_a_move_carries_its_path_and_cost(R, make_state) -> None:  # SNO 5.1
    s = make_state({GER: "1904", "sov-5-army": "2009"})
    acts = by_text(mv.actions(R, s))
    pick = acts[f"select {GER}"]
    assert (pick.role, pick.units, pick.group) == ("select", (GER,), "Move a unit")
    assert (acts["end"].role, acts["end"].group) == ("end", "End the phase")
    mv.perform(R, s, pick)
    acts = by_text(mv.actions(R, s))
    to = acts["to 1908"]
    assert to.label == "Move German 5th Corps 1904 -> Yelets (1908) (4 MP)"
    assert (to.role, to.units, to.hexes, to.cost) == ("move", (GER,), ("1908",), 4)
    assert to.path[0] == "1904" and to.path[-1] == "1908" and to.path == to.payload.path
    assert (to.group, to.highlight) == ("Move to", "move")
    assert acts["deselect"].role == "back"


def test_an_attack_names_its_hex_and_defenders(R, make_state) -> None:  # SNO 7.1.9-7.1.11
    s = make_state({GER: "1902", GER2: "1904", SOV: "1903"}, phase="axis_combat")
    acts = by_text(combat.actions(R, s))
    attack = acts["attack 1903"]
    assert (attack.role, attack.units, attack.hexes) == ("attack", (SOV,), ("1903",))
    assert (attack.group, attack.highlight) == ("Attack", "attack")
    combat.perform(R, s, attack)
    acts = by_text(combat.actions(R, s))
    leave = acts[f"without {GER}"]
    assert (leave.role, leave.units, leave.group) == ("back", (GER,), "Leave out of the attack")
    assert acts["cancel"].role == "back"
    declare = acts["declare"]
    assert (declare.role, declare.group) == ("attack", "Declare the attack")
    combat.perform(R, s, declare)
    commit = by_text(combat.actions(R, s))["commit"]
    assert commit.role == "choose"
    combat.perform(R, s, commit)
    rolls = [a for a in combat.actions(R, s) if a.verb == "roll"]
    assert rolls and all(a.role == "roll" and a.group == "Roll" for a in rolls)
