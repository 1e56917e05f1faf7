"""SNO 14.21, 14.32 (and 14.42's placement): the free Soviet set-up within the 1941 borders."""

from __future__ import annotations

from typing import Any

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.protocol import Action
from ostfront.core.rng import new_rng
from ostfront.games.sno.game import GAME
from ostfront.games.sno.rules import standard_rules

R = standard_rules()


def act(state: dict[str, Any], text: str) -> dict[str, Any]:
    return GAME.apply(state, Action.parse(text))


def texts(state: dict[str, Any]) -> list[str]:
    return [a.text for a in GAME.legal_actions(state) if a.verb != "undo"]


def places(state: dict[str, Any], uid: str) -> list[str]:
    after = act(state, f"pick {uid}")
    return [t.split()[1] for t in texts(after) if t.startswith("place ")]


def test_14_21_a_soviet_unit_anywhere_within_the_1941_borders() -> None:
    s = GAME.setup("1941", {"free-soviet-setup": True}, 1)
    assert s["units"]["sov-5-army"]["at"] == "1321"  # App. II until moved
    hexes = places(s, "sov-5-army")
    assert "1306" in hexes and "2108" in hexes  # Moscow, Voronezh: inside the border
    assert "0924" not in hexes and "0418" not in hexes  # Lodz, Memel: outside
    assert all(R.map.in_region(h, "Soviet Union") for h in hexes)
    s = act(act(s, "pick sov-5-army"), "place 1306")
    assert s["units"]["sov-5-army"]["at"] == "1306"
    # a one-action Appendix II set-up: the game starts in two clicks
    s = act(s, "historical")
    assert s["units"]["sov-5-army"]["at"] == "1321"
    assert act(s, "end")["phase"] == "axis_setup"


def test_14_21_factories_garrisons_and_zhukov_stay_listed() -> None:
    s = GAME.setup("1941", {"free-soviet-setup": True}, 1)
    picks = {t.split()[1] for t in texts(s) if t.startswith("pick ")}
    assert "sov-5-army" in picks and "sov-ki" in picks
    for uid in picks:
        assert R.unit(uid).type not in ("factory", "garrison", "zhukov")
    listed = [
        u
        for u, rec in s["units"].items()
        if u.startswith("sov-")
        and rec["at"] not in ("pool", "dead", "lost", "out", "east", "reserve")
    ]
    fixed = [u for u in listed if R.unit(u).type in ("factory", "garrison", "zhukov")]
    assert fixed and not set(fixed) & picks


def test_14_32_the_removed_units_stay_out() -> None:
    s = GAME.setup("1941", {"stalin-line": True}, 1)
    picks = {t.split()[1] for t in texts(s) if t.startswith("pick ")}
    assert "sov-21-army" not in picks and s["units"]["sov-21-army"]["at"] == "pool"
    assert "sov-5-army" in picks
    s = act(act(s, "pick sov-5-army"), "place 1306")
    s = act(s, "historical")
    assert s["units"]["sov-5-army"]["at"] == "1321"
    assert s["units"]["sov-21-army"]["at"] == "pool"


def test_without_the_option_the_soviets_stay_fixed() -> None:
    s = GAME.setup("1941", {}, 1)
    assert not any(t.startswith("pick ") or t == "historical" for t in texts(s))


def test_14_21_random_set_ups_end() -> None:
    for option, seed in (("free-soviet-setup", 3), ("stalin-line", 4)):
        s = GAME.setup("1941", {option: True}, seed)
        player = RandomPlayer(new_rng(seed))
        for _ in range(400):
            if s["phase"] != "soviet_setup":
                break
            s = GAME.apply(s, player.choose(GAME, s))
        assert s["phase"] == "axis_setup", option
