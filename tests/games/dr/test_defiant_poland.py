"""Defiant Poland, the one-turn 1939 scenario (reconstructed card: data/defiant-poland.toml):
set-up, the card's rules (Polish supply to Warsaw, no Polish rail, closed hexes, no Turn One
border rule) and victory by survival."""

from __future__ import annotations

import pytest

from ostfront.ai.simulate import play_one
from ostfront.core.errors import UnknownGame
from ostfront.games import get
from ostfront.games.dr import supply, victory
from ostfront.games.dr.rail import capacity_left
from ostfront.games.dr.rules import set_unit, side_units
from ostfront.games.dr.scenario import load_scenario, scenario_rules

GAME = get("dr")
R = scenario_rules("defiant-poland")
SC = load_scenario("defiant-poland")


def ready(seed: int = 1) -> dict:
    s = GAME.setup("defiant-poland", seed=seed)
    for a in ("historical", "done", "historical", "done"):
        s = GAME.apply(s, a)
    return s


def test_setup_follows_the_card() -> None:
    s = GAME.setup("defiant-poland", seed=1)
    assert GAME.active_side(s) == "soviet"  # the Polish player, in the Soviet seat
    s = ready()
    assert s["turn"] == 1 and s["phase"] == "axis_org" and s["weather"] == "clear"
    poles = side_units(R, s, "soviet")
    assert poles and all(R.unit(u).nationality == "polish" for u in poles)
    assert all(s["units"][u]["at"] in SC.areas["soviet"] for u in poles)
    assert s["pools"]["axis"]["air"] == 6 and s["pools"]["soviet"]["air"] == 0


def test_polish_supply_runs_to_warsaw_and_no_polish_rail() -> None:
    s = ready()
    warsaw = R.map.place_named("Warsaw").hex
    assert supply.sources(R, "soviet", "soviet", s) == {warsaw}
    assert capacity_left(R, s, "soviet") == 0
    assert capacity_left(R, s, "axis") == 3  # DR 6.5A as printed


def test_closed_hexes_beyond_1939_poland_germany_slovakia() -> None:
    s = ready()
    moscow = R.map.place_named("Moscow").hex
    assert supply.closed(R, s, moscow)
    assert not supply.closed(R, s, R.map.place_named("Warsaw").hex)


def test_victory_by_survival() -> None:
    s = ready()
    victory.survival(R, s)
    assert s["winner"]["winner"] == "soviet"
    for u in side_units(R, s, "soviet"):
        set_unit(s, u, at="dead")
    victory.survival(R, s)
    assert s["winner"]["winner"] == "axis"


def test_random_games_end_after_one_turn() -> None:
    for seed in (1, 2, 3):
        report = play_one(GAME, seed, "defiant-poland", {}, check=True)
        assert report.problem is None, report.problem
        assert report.turns == 1 and report.winner in ("axis", "soviet")


def test_the_slovakia_option_brings_in_the_slovak_army() -> None:
    """The card's optional rule (reconstructed): Bernolak sets up in Slovakia, else stays out."""
    assert ready()["units"]["svk-bernolak"]["at"] == "out"
    s = GAME.setup("defiant-poland", ["slovakia"], seed=1)
    assert s["units"]["svk-bernolak"]["at"] == "unplaced"
    for a in ("historical", "done", "historical", "done"):
        s = GAME.apply(s, a)
    assert s["units"]["svk-bernolak"]["at"] == "2206"
    report = play_one(GAME, 3, "defiant-poland", {"slovakia": True})
    assert report.problem is None and report.turns == 1


def test_options_belong_to_their_scenario() -> None:
    """The campaign's optional rules (8.2, 12.x) are not part of the one-turn card, and the
    card's Slovakia option is not part of the campaign: asking for them is an error."""
    assert set(GAME.setup("defiant-poland", seed=1)["options"]) == {"slovakia"}
    assert "slovakia" not in GAME.setup("1941", seed=1)["options"]
    with pytest.raises(UnknownGame, match="'early-start' is not used in the 'defiant-poland'"):
        GAME.setup("defiant-poland", ["early-start"], seed=1)
    with pytest.raises(UnknownGame, match="'slovakia' is not used in the '1941'"):
        GAME.setup("1941", ["slovakia"], seed=1)
