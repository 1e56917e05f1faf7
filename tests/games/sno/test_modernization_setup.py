"""SNO 14.42: Modernization's set-up - 85 factors chosen (12.5), 20 of armor and/or armored
cavalry, no Shock Army, within the 1941 borders, every border hex covered."""

from __future__ import annotations

from typing import Any

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.protocol import Action
from ostfront.core.rng import new_rng
from ostfront.games.sno import forces
from ostfront.games.sno.game import GAME
from ostfront.games.sno.rules import BOX_SET, standard_rules

R = standard_rules()


def act(state: dict[str, Any], text: str) -> dict[str, Any]:
    return GAME.apply(state, Action.parse(text))


def texts(state: dict[str, Any]) -> list[str]:
    return [a.text for a in GAME.legal_actions(state) if a.verb != "undo"]


def start(seed: int = 1, **options: Any) -> dict[str, Any]:
    return GAME.setup("1941", {"modernization": True, **options}, seed)


def prompt(state: dict[str, Any]) -> str:
    return str(GAME.prompt(state).text)


def take(state: dict[str, Any], uid: str, hex_id: str) -> dict[str, Any]:
    return act(act(state, f"pick {uid}"), f"place {hex_id}")


def test_14_42_the_forces_wait_in_the_pool_but_factories_garrisons_zhukov() -> None:
    s = start()
    assert s["units"]["sov-5-army"]["at"] == "pool"  # App. II's armies are to be chosen
    assert s["units"]["sov-kiev-gar"]["at"] == "1816"  # garrisons, factories, Zhukov as App. II
    assert s["units"]["sov-moscow-factory"]["at"] == "1306"
    assert s["units"]["sov-zhukov"]["at"] == "1306"
    picks = {t.split()[1] for t in texts(s) if t.startswith("pick ")}
    assert {"sov-5-army", "sov-1-ta", "sov-1-gds"} <= picks  # 14.41: tanks, guards at once
    assert not {u for u in picks if R.unit(u).type in ("garrison", "factory", "zhukov")}


def test_14_42_no_shock_army() -> None:
    s = start()
    picks = {t.split()[1] for t in texts(s) if t.startswith("pick ")}
    shock = [u.id for u in R.counters.of_side("soviet") if u.type == "shock"]
    assert len(shock) == 5 and not set(shock) & picks
    assert not set(shock) & set(forces.option_need(R, "modernization").pool)


def test_14_42_total_and_armor_minimum_before_the_end() -> None:
    s = start()
    assert "end" not in texts(s)
    said = prompt(s)
    assert "SNO 14.42: 85 combat factors needed, 0 chosen" in said
    assert "SNO 14.42: 20 armor and/or armored cavalry factors needed, 0 chosen" in said
    s = take(s, "sov-1-ta", "1321")  # 1st Tank Army, on the border (bare hexes first)
    assert s["units"]["sov-1-ta"]["at"] == "1321"
    said = prompt(s)
    cf = R.unit("sov-1-ta").force_cf
    assert f"85 combat factors needed, {cf} chosen" in said
    assert f"factors needed, {cf} chosen" in said
    # placed only within the 1941 borders
    hexes = [t.split()[1] for t in texts(act(s, "pick sov-5-army")) if t.startswith("place ")]
    assert hexes and all(R.map.in_region(h, "Soviet Union") for h in hexes)


def test_14_42_the_ready_made_set_up_holds() -> None:
    s = act(start(), "auto")
    n = forces.option_need(R, "modernization")
    on = [R.unit(u) for u in n.pool if s["units"][u]["at"] not in BOX_SET]
    assert sum(u.force_cf for u in on) == 85
    assert sum(u.force_cf for u in on if u.type in ("armor", "armored_cavalry")) >= 20
    assert forces.uncovered(R, s) == []
    assert "end" in texts(s)
    assert act(s, "end")["phase"] == "axis_setup"


def test_14_42_every_border_hex_covered_both_ways() -> None:
    s = act(start(), "auto")
    # the unit alone covering a border hex, moved deep inside: the end is refused
    lone = next(
        u
        for u in sorted(forces.option_need(R, "modernization").pool)
        if s["units"][u]["at"] not in BOX_SET
        and forces.uncovered(R, {**s, "units": {**s["units"], u: {**s["units"][u], "at": "pool"}}})
    )
    home = s["units"][lone]["at"]
    moved = take(s, lone, "1306")
    bare = forces.uncovered(R, moved)
    assert bare and "end" not in texts(moved)
    assert "SNO 14.42: every hex adjacent to the 1941 border covered" in prompt(moved)
    assert bare[0] in prompt(moved)
    # while a border hex is bare, a unit is offered the hexes covering it first
    offered = [t.split()[1] for t in texts(act(moved, f"pick {lone}")) if t.startswith("place ")]
    assert home in offered and "1306" not in offered
    back = take(moved, lone, home)
    assert forces.uncovered(R, back) == [] and "end" in texts(back)


def test_14_42_random_set_ups_end() -> None:
    for seed in (3, 4):
        s = start(seed)
        player = RandomPlayer(new_rng(seed))
        for _ in range(1000):
            if s["phase"] != "soviet_setup":
                break
            s = GAME.apply(s, player.choose(GAME, s))
        assert s["phase"] == "axis_setup", seed


def test_14_42_with_a_may_option() -> None:
    s = start(**{"may-daring": True})
    assert s["units"]["sov-21-army"]["at"] == "pool"
    s = act(take(take(s, "sov-21-army", "1321"), "sov-22-army", "0920"), "auto")
    ready = [u for u in ("sov-21-army", "sov-22-army") if s["units"][u]["at"] not in BOX_SET]
    s = act(act(s, "end"), "declare may-daring")  # SNO 14.13: after the Soviet set-up
    assert s["turn"] == "1941-05"
    assert all(s["units"][u]["dispersed"] for u in ready)  # SNO 14.63: begin dispersed
