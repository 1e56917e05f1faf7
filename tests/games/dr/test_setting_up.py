"""DR 3.0 Setting Up the Game, through the door: Soviets first, then the Axis, inside the
set-up areas, within stacking limits (6.2, 12.1), with starting control (6.4)."""

from __future__ import annotations

from ostfront.games import get
from ostfront.games.dr import setting_up
from ostfront.games.dr.rules import BOXES, occupancy, set_unit, standard_rules
from ostfront.games.dr.setup import load_setup
from ostfront.games.dr.stacking import overstacked

GAME = get("dr")
R = standard_rules()


def test_historical_setup_for_both_sides() -> None:
    s = GAME.setup(seed=2)
    assert GAME.active_side(s) == "soviet"  # DR 3.0A: the Soviet player sets up first
    s = GAME.apply(s, "historical")
    assert [a.text for a in GAME.legal_actions(s) if a.verb != "undo"] == ["done"]
    s = GAME.apply(s, "done")
    assert s["phase"] == "axis_setup" and GAME.active_side(s) == "axis"  # DR 3.0C
    s = GAME.apply(s, "historical")
    s = GAME.apply(s, "done")
    assert s["turn"] == 1 and s["phase"] == "axis_org" and s["weather"] == "clear"
    placement = load_setup().placement_for(())
    for uid, h in placement.items():
        assert s["units"][uid]["at"] == h, uid
    assert overstacked(R, s) == []  # DR 3.0A, 3.0C: within stacking limits
    reduced = [u for u, d in s["units"].items() if d["reduced"]]
    assert reduced and all(R.unit(u).starts_reduced for u in reduced)  # DR 3.0B


def _one_by_one(s: dict, side: str) -> dict[str, str]:
    """DR 3.0A: each unit in turn on its historical hex where it fits (the rule itself)."""
    s = dict(s)
    placed = {}
    for uid, h in setting_up.historical_hexes(R, s, side).items():
        if setting_up.fits(R, s, uid, h):
            set_unit(s, uid, at=h)
            placed[uid] = h
    return placed


def test_historical_setup_around_a_unit_placed_by_hand() -> None:
    s = GAME.setup(seed=2)
    # the 8th Army set up by hand on the 11th Army's historical hex: the 11th is left to set
    # up by hand (DR 6.2.1: two armies never stack), the others go to their hexes
    h11 = load_setup().placement_for(())["sov-11-army"]
    s = GAME.apply(GAME.apply(s, "pick sov-8-army"), f"place {h11}")
    expected = _one_by_one(s, "soviet")
    assert "sov-11-army" not in expected and len(expected) > 40
    for _ in range(2):  # the second time from the same start (kept): the same set-up
        t = GAME.apply(s, "historical")
        got = {u: d["at"] for u, d in t["units"].items() if s["units"][u]["at"] != d["at"]}
        assert got == expected
        assert t["units"]["sov-11-army"]["at"] == "unplaced"


def test_five_year_plan_starts_tank_corps_full() -> None:
    s = GAME.setup(seed=2, options=["five-year-plan"])
    assert not any(d["reduced"] for d in s["units"].values())  # DR 12.2


def test_picking_a_unit_offers_only_its_area() -> None:
    s = GAME.setup(seed=2)
    s = GAME.apply(s, "pick sov-8-army")
    places = {a.args[0] for a in GAME.legal_actions(s) if a.verb == "place"}
    area = load_setup().area_for("Baltic MD")
    assert places and places <= area  # DR 3.0A: where the set-up card says
    h = sorted(places)[0]
    s = GAME.apply(s, f"place {h}")
    assert s["units"]["sov-8-army"]["at"] == h


def test_two_armies_never_set_up_together() -> None:
    s = GAME.setup(seed=2)
    s = GAME.apply(s, "pick sov-8-army")
    h = sorted(a.args[0] for a in GAME.legal_actions(s) if a.verb == "place")[0]
    s = GAME.apply(s, f"place {h}")
    s = GAME.apply(s, "pick sov-11-army")
    places = {a.args[0] for a in GAME.legal_actions(s) if a.verb == "place"}
    assert h not in places  # DR 6.2.1


def test_units_out_of_play_and_in_reserve() -> None:
    s = GAME.setup(seed=2)
    assert s["units"]["ger-dak"]["at"] == "out"  # DR 12.6 not in use
    assert s["units"]["ger-xl-pz"]["at"] == "reserve"  # Turn Two reinforcement (12.3G)
    early = GAME.setup(seed=2, options=["early-start"])
    assert early["units"]["ger-xl-pz"]["at"] == "unplaced"  # DR 12.3G: with AGC at start
    assert all(d["at"] in BOXES for d in s["units"].values())
    assert occupancy(s) == {}


def test_early_start_soviets_weaken_three_tank_corps() -> None:
    s = GAME.setup(seed=2, options=["early-start"])
    s = GAME.apply(s, "historical")
    acts = [a for a in GAME.legal_actions(s) if a.verb != "undo"]
    assert acts and {a.verb for a in acts} == {"weaken"}  # DR 12.3B before the set-up ends
    for _ in range(3):
        uid = next(a for a in GAME.legal_actions(s) if a.verb == "weaken").args[0]
        s = GAME.apply(s, f"weaken {uid}")
        assert s["units"][uid]["reduced"]
    assert [a.text for a in GAME.legal_actions(s) if a.verb != "undo"] == ["done"]
    assert len(s["weakened"]) == 3
