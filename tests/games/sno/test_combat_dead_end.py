"""Issue 35's near dead end in the June 1941 Combat Phase (SNO 7.1.7, 7.1.9, 7.1.10): with
the attack on 0718 declared, the attack on Lvov (1422) with its default attackers brings in
the 49th Mountain Corps, whose ZOC also holds the Soviet 26th Army in 1523 - which no other
unit can reach. Declared, the plan could never be committed (7.1.10: 1523 must be attacked,
and the corps takes part in no other attack, 7.1.7). The engine now refuses to declare it,
says why, and offers both ways out: leave the corps out (then attack 1523 with it), or add
1523 to the attack (a multi-hex attack, 7.1.9), which leaves out the attackers not next to
it."""

from __future__ import annotations

import pytest

from ostfront.core.protocol import State
from ostfront.games import get

GAME = get("sno")


@pytest.fixture(scope="module")
def combat() -> State:
    """The Axis Combat Phase of June 1941 (seed 1), nothing moved, 0718 attacked by all."""
    s = GAME.setup("1941", {}, 1)
    while GAME.phase(s) != "axis_combat":
        s = GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.role == "end"))
    for text in ("attack 0718", "declare", "attack 1422"):
        s = GAME.apply(s, text)
    return s


def texts(s: State) -> list[str]:
    return [a.text for a in GAME.legal_actions(s)]


def test_the_lvov_attack_with_its_defaults_is_not_declared(combat: State) -> None:
    assert GAME.decision_view(combat)["attackers"] == ["ger-1-pzarmy", "ger-17-army", "ger-49-mtn"]
    assert "declare" not in texts(combat)
    prompt = GAME.prompt(combat).text
    assert prompt.endswith(
        "Soviet 26th Army in 1523 must be attacked too: German 49th Mountain Corps attacks and "
        "no unit outside this attack can reach it (SNO 7.1.10): leave German 49th Mountain "
        "Corps out or attack 1523 too"
    )
    # 1523 is offered as a second hex, lit where one clicks, though only the corps reaches it
    target = next(a for a in GAME.legal_actions(combat) if a.text == "target sov-26-army")
    assert (target.role, target.hexes, target.highlight) == ("attack", ("1523",), "attack")
    assert "German 1st Panzer Army, German 17th Army left out" in target.label


def test_leaving_the_corps_out_then_attacking_1523_with_it(combat: State) -> None:
    s = GAME.apply(combat, "without ger-49-mtn")
    s = GAME.apply(s, "declare")
    assert "attack 1523" in texts(s)
    s = GAME.apply(s, "attack 1523")
    assert GAME.decision_view(s)["attackers"] == ["ger-49-mtn"]
    s = GAME.apply(s, "declare")
    plan = s["combat"]["plan"]
    assert [(a["attackers"], a["defenders"]) for a in plan[1:]] == [
        (["ger-1-pzarmy", "ger-17-army"], ["sov-6-army"]),
        (["ger-49-mtn"], ["sov-26-army"]),
    ]
    assert "1523" not in GAME.prompt(s).text


def test_adding_1523_makes_one_attack_on_two_hexes(combat: State) -> None:
    s = GAME.apply(combat, "target sov-26-army")  # SNO 7.1.9, 7.1.7
    view = GAME.decision_view(s)
    assert (view["attackers"], view["targets"]) == (["ger-49-mtn"], ["1422", "1523"])
    assert "declare" in texts(s)
    s = GAME.apply(s, "declare")
    assert s["combat"]["plan"][-1]["defenders"] == ["sov-26-army", "sov-6-army"]
    assert "1523" not in GAME.prompt(s).text
    # the Panzer Army and the 17th Army, left out, are free to attack Lvov again (7.1.8)
    assert "attack 1422" in texts(s)
