"""The hard player's styles (ai.hard, games/sno/ai/styles): at its player-turn's first
decision it plays the game-turn out in each style its game offers and plays the turn in the
best; a game that offers none (Defiant Russia) is searched as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from ostfront.ai.hard import HardPlayer, styles_of, turn_budget_of
from ostfront.core.protocol import Game, State
from ostfront.core.record import state_hash
from ostfront.games import get
from ostfront.games.sno.ai.evaluation import besieged, objectives, rules_of, view_of
from ostfront.games.sno.ai.moves import SturmNachOstenEvaluator
from ostfront.games.sno.ai.styles import STEADY, STYLES, style_named
from ostfront.games.sno.state import own

SNO = get("sno")
DR = get("dr")


def june_1941() -> State:
    """SNO 12.A, seed 1: both set-ups kept, the Axis to play its first Replacement Phase."""
    state = SNO.setup("1941", {"end": "1941-12"}, 1)
    while SNO.phase(state) in ("soviet_setup", "axis_setup"):
        state = SNO.apply(state, next(a for a in SNO.legal_actions(state) if a.verb == "end"))
    return state


def test_the_hard_axis_storms_the_cities_first_and_the_soviets_guard_them() -> None:
    """The first style is the one the hard player keeps without a clear gain: the Axis's
    own ``storm`` (docs/ai.md, round 20), the Soviets' own ``guard`` (round 21), each
    searched against the normal player's."""
    ev = SNO.evaluator(True)
    assert styles_of(ev, "axis") == ("storm", "steady", "drive", "secure")
    assert styles_of(ev, "soviet") == ("guard", "steady")
    assert style_named("soviet", "guard") == replace(STEADY, name="guard", retake=1.0, open=12)
    # the normal player's weights first: the Axis's plain ones, the Soviets' with the
    # counter-attack on lost victory cities (docs/ai.md, round 15)
    assert STYLES["axis"][0] is STEADY
    assert style_named("axis", "storm") == replace(STEADY, name="storm", retake=1.0)
    assert STYLES["soviet"][0] == replace(STEADY, retake=1.0)
    assert styles_of(DR.evaluator(True), "axis") == ()  # Defiant Russia offers none
    # SNO's hard player-turn searches for 20 s (issue 34: 30 s at most); others as before
    assert turn_budget_of(ev) == 20.0 and turn_budget_of(DR.evaluator(True)) == 8.0


def test_a_style_moves_by_its_own_weights() -> None:
    """A German corps beside Kiev (1816), empty and Soviet-held: ``drive`` weighs entering
    it at 40 where the normal player's weights give 25 (3.2.3), and a hex short of it at
    two a hex where they give one (both hexes in supply here)."""
    state = own(axis_omp("1941-08", {"ger-6-corps": "1817", "sov-5-army": "1306"}))
    R = rules_of(SNO, state)
    view = view_of(R, state, "axis")
    supplied = frozenset({"1816", "1817"})
    steady = SturmNachOstenEvaluator(True)
    drive = steady.styled("axis", "drive")
    assert drive.style == style_named("axis", "drive")

    def worth(ev: SturmNachOstenEvaluator, h: str) -> float:
        return ev.hex_worth(R, state, view, "ger-6-corps", h, supplied)

    assert worth(steady, "1816") == 25.0 and worth(drive, "1816") == 40.0
    assert worth(steady, "1817") == -1.0 and worth(drive, "1817") == -2.0


def axis_omp(turn: str, units: dict[str, str], **more: str) -> State:
    """The Axis Movement Phase of ``turn``, ``units`` by hex and nothing else on the map; the
    game agreed to end in December 1941 (15.7)."""
    position = {
        "game": "sno",
        "turn": turn,
        "phase": "axis_omp",
        "extra": {"last_turn": "1941-12"},
        "pools": {"axis": {"rf": 0}, "soviet": {"rf": 0}},
        "units": [{"id": uid, "hex": h} for uid, h in units.items()],
        **more,
    }
    return SNO.setup(position=position)


def near_rostov(turn: str, **more: str) -> State:
    """A German corps two hexes from Rostov (2911), which a Soviet army holds, in the Axis
    Movement Phase of ``turn``."""
    return axis_omp(turn, {"ger-6-corps": "2913", "sov-5-army": "2911"}, **more)


def test_an_all_out_attack_on_the_cities_is_offered_in_a_victory_determination_turn() -> None:
    """SNO 15.1-15.2: in December each side may also play ``assault``; not in November."""
    ev = SNO.evaluator(True)
    december = near_rostov("1941-12")  # a VDT (15.1), and the agreed last (15.7)
    assert styles_of(ev, "axis", SNO, december) == ("storm", "steady", "drive", "secure", "assault")
    assert styles_of(ev, "soviet", SNO, december) == ("guard", "steady", "assault")
    november = near_rostov("1941-11", weather="mud")
    assert styles_of(ev, "axis", SNO, november) == ("storm", "steady", "drive", "secure")
    assert styles_of(ev, "soviet", SNO, november) == ("guard", "steady")
    # Defiant Russia offers its hard player a style only in its last turn (its own tests)
    assert styles_of(DR.evaluator(True), "axis", DR, DR.setup(None, {}, 1)) == ()


def test_the_assault_gathers_round_an_enemy_held_city_with_no_price_on_contact() -> None:
    """``assault`` weighs a hex next to Rostov, held by a Soviet army, 24 over ``drive``
    (4 x 6: the city's storm, 15.2) and puts no price on the attack that contact there
    obliges (7.1.4: the corps alone at 1:1 or worse, which ``steady`` and ``drive`` price)."""
    state = own(near_rostov("1941-12"))
    R = rules_of(SNO, state)
    view = view_of(R, state, "axis")
    supplied = frozenset({"2912", "2913"})
    steady = SturmNachOstenEvaluator(True)
    drive, assault = steady.styled("axis", "drive"), steady.styled("axis", "assault")

    def worth(ev: SturmNachOstenEvaluator, h: str) -> float:
        return ev.hex_worth(R, state, view, "ger-6-corps", h, supplied)

    assert worth(assault, "2912") == -2.0 + 24.0
    assert worth(drive, "2912") < -2.0  # the lone attack priced
    assert worth(assault, "2913") == worth(drive, "2913") == -4.0


def test_the_best_style_is_played_ties_to_the_normal_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The style whose game-turns evaluate best on average is chosen; on a tie, the first."""
    values = {"steady": 5.0, "drive": 7.0, "secure": 7.0}
    calls: list[tuple[str, int]] = []

    def played(
        self: HardPlayer, game: Game, state: State, side: str, name: str, dice: int
    ) -> tuple[float, int]:
        calls.append((name, dice))
        return values[name], 10

    monkeypatch.setattr(HardPlayer, "play_turn_out", played)
    player = HardPlayer(3)
    player.judge = SNO.evaluator(True)
    state = june_1941()
    assert player.choose_style(SNO, state, "axis", ("steady", "drive", "secure")) == "drive"
    # every style twice, each pair of samples on the same dice (common random numbers)
    assert [n for n, _ in calls] == ["steady", "drive", "secure"] * 2
    assert len({d for _, d in calls[:3]}) == 1 and calls[0][1] != calls[3][1]
    values["drive"] = values["secure"] = 5.0
    assert player.choose_style(SNO, state, "axis", ("steady", "drive", "secure")) == "steady"


def test_with_no_turn_budget_the_hard_players_own_style_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def never(*args: Any) -> tuple[float, int]:
        raise AssertionError("no style is played out without a budget")

    monkeypatch.setattr(HardPlayer, "play_turn_out", never)
    player = HardPlayer(3, turn_budget=0)
    state = june_1941()
    player.choose(SNO, state)
    assert player.styles_played == [("1941-06", "axis", "storm")]
    assert player.evaluator_for_turn(SNO, state, "axis").style == style_named("axis", "storm")


def test_a_style_is_played_out_to_the_sides_next_player_turn() -> None:
    """The game-turn played out from the Axis's first decision of June 1941 ends where its
    July player-turn begins: the Soviet player-turn of June played in between."""
    player = HardPlayer(3)
    player.judge = SNO.evaluator(True)
    state = june_1941()
    end, steps = player.turn_played_out(SNO, state, "axis", "drive", 99)
    s = own(end)
    assert s["turn"] == "1941-07" and s["phase"].startswith("axis_")
    assert steps > 20
    again, _ = player.turn_played_out(SNO, state, "axis", "drive", 99)
    assert state_hash(again) == state_hash(end)  # its own dice: the same every time


def before_kiev(axis: dict[str, str]) -> State:
    """September 1941, the Axis Movement Phase: the Soviet 16th Army holds Kiev (1816), the
    ``axis`` units west of it."""
    return axis_omp("1941-09", {"sov-16-army": "1816", **axis})


SIX_BEFORE_KIEV = {
    "ger-6-corps": "1717",
    "ger-29-corps": "1717",
    "ger-53-corps": "1817",
    "ger-23-corps": "1817",
    "ger-6-army": "1918",
    "ger-1-corps": "1918",
}


def test_a_city_with_six_axis_units_near_is_besieged_and_the_pincer_goes_round_it() -> None:
    """SNO 9.4.2, 9.5.2: six Axis combat units within two hexes of Kiev besiege it; the hexes
    behind it are the six two hexes from it on the far side (farther from every Axis unit than
    the city). In ``pincer`` the march is on those: 1715, two steps from Kiev's west side,
    is an objective itself, and the hexes next to Kiev are worth no more than 1918's. With
    five units Kiev is not besieged and the pincer marches on the city as ``steady`` does."""
    state = own(before_kiev(SIX_BEFORE_KIEV))
    R = rules_of(SNO, state)
    targets = objectives(R, state, "axis")
    assert besieged(R, state, targets) == {"1816": ["2016", "2015", "1915", "1814", "1715", "1615"]}
    steady, pincer = view_of(R, state, "axis"), view_of(R, state, "axis", pincer=True)
    assert [steady.objective[h] for h in ("1717", "1918", "1715", "1815")] == [1, 2, 2, 1]
    assert [pincer.objective[h] for h in ("1717", "1918", "1715", "1815")] == [2, 2, 0, 1]
    five = own(before_kiev({u: h for u, h in SIX_BEFORE_KIEV.items() if u != "ger-1-corps"}))
    assert besieged(R, five, objectives(R, five, "axis")) == {}
    assert view_of(R, five, "axis", pincer=True).objective == view_of(R, five, "axis").objective


def test_the_pincer_is_offered_to_the_axis_only_while_it_besieges_a_city() -> None:
    """The hard Axis may play ``pincer`` in a siege and not before; the Soviets never."""
    ev = SNO.evaluator(True)
    siege = before_kiev(SIX_BEFORE_KIEV)
    assert styles_of(ev, "axis", SNO, siege) == ("storm", "steady", "drive", "secure", "pincer")
    assert styles_of(ev, "soviet", SNO, siege) == ("guard", "steady")
    fewer = before_kiev({"ger-6-corps": "1717", "ger-29-corps": "1717"})
    assert styles_of(ev, "axis", SNO, fewer) == ("storm", "steady", "drive", "secure")
    assert style_named("axis", "pincer").pincer and not STEADY.pincer
