"""Errors a wargamer punishes, priced for the SNO players that judge (normal, hard): a unit
moved alone into contact, where 7.1.4 and 7.1.6 force it into an attack at poor odds (and a
unit leaving another so); a replacement placed beyond its supply lines, which 11.8 allows
(it asks only a rail line, 3.4.6) and 9.5.1 then eliminates; an advance after combat into a
hex it over-stacks (4.3-4.4)."""

from __future__ import annotations

from typing import Any

from ostfront.ai.players import make_player
from ostfront.core.protocol import Action
from ostfront.games import get
from ostfront.games.sno import supply
from ostfront.games.sno.ai.contact import CONTACT, contact_price, still_coming
from ostfront.games.sno.ai.evaluation import NEVER, reaches, siege_supplied, view_of
from ostfront.games.sno.ai.moves import (
    EMPTY_CITY,
    UNSUPPLIED_ENTRY,
    SturmNachOstenEvaluator,
    overstacking_advances,
)
from ostfront.games.sno.ai.styles import GUARD_OPEN, HARD
from ostfront.games.sno.stacking_limits import stacking_problems

from .test_sno_players import position

GAME = get("sno")


def southern_wing(units: dict[str, str]) -> Any:
    """June 1941, the Axis OMP: the Soviet 18th Army in 2020 (3), beside the Prut."""
    return GAME.setup(position=position("1941-06", "axis_omp", {"sov-18-army": "2020", **units}))


def price(state: Any, uid: str, h: str, massing: bool = False) -> float:
    """``uid``'s contact price in ``h``; ``massing``: with the units yet to move counted."""
    R = GAME.rules_for(state)
    view = view_of(R, state, "axis")
    coming = still_coming(R, state, view, set()) if massing else None
    return contact_price(R, state, view, uid, h, {}, coming)


def test_a_lone_corps_moved_into_contact_pays_for_its_attack() -> None:
    """SNO 7.1.4, 7.1.6: the Romanian Mountain Corps (2) alone beside the 18th Army must
    attack it at 2:3 (1:2); a -0.25 a defending factor on that column's results: -0.75 of the
    defence, three times that in the march's hexes. Where it stands, out of contact: none."""
    state = southern_wing({"rom-mtn": "2022"})
    assert price(state, "rom-mtn", "1921") == CONTACT * -0.75
    assert price(state, "rom-mtn", "2022") == 0.0


def test_joining_a_fair_attack_is_free_and_leaving_a_weak_unit_alone_is_not() -> None:
    """With the German 11th Army beside 2020 as well, the corps's move there brings no attack
    of its own (the two attack at fair odds); the army leaving would leave the corps to
    attack alone: staying is worth the corps's lone attack, leaving costs it."""
    state = southern_wing({"rom-mtn": "1921", "ger-11-army": "2021"})
    assert price(state, "rom-mtn", "1921") == 0.0
    assert price(state, "ger-11-army", "2021") == -CONTACT * -0.75


def test_an_attack_the_units_yet_to_move_can_make_fair_is_not_priced() -> None:
    """A side masses: with the German 11th Army (unmoved) able to reach 2020's side this
    phase, the corps may go first - together they make 2:1 or better; the army's own move
    there is free as well. Far away, it is no help."""
    near = southern_wing({"rom-mtn": "2022", "ger-11-army": "1923"})
    assert price(near, "rom-mtn", "1921", massing=True) == 0.0
    assert price(near, "rom-mtn", "1921") == CONTACT * -0.75
    far = southern_wing({"rom-mtn": "2022", "ger-11-army": "1330"})
    assert price(far, "rom-mtn", "1921", massing=True) == CONTACT * -0.75


def test_no_price_where_no_attack_is_forced() -> None:
    """SNO 7.1.4a: a unit in a Major or Victory city need not attack - the corps in Kiev
    (1816) beside the 9th Army in 1917 pays nothing, in 1817 beside it, it does."""
    state = southern_wing({"rom-mtn": "1716", "sov-9-army": "1917"})
    assert price(state, "rom-mtn", "1816") == 0.0
    assert price(state, "rom-mtn", "1817") < 0.0


def test_a_replacement_is_placed_only_where_it_will_be_in_supply() -> None:
    """SNO 11.8, 9.5.1, 11.6: with a lone German army on the border, Voroshilovgrad (2609)
    and the towns behind Soviet lines can trace a rail line (no Soviet ZOC bars the way) and
    are offered, but a dispersed corps there is isolated at once: scored below ending the
    phase, and the normal player places the corps where it is in supply."""
    pos = position("1941-07", "axis_rrp", {"ger-4-army": "1421", "sov-5-army": "1519"})
    pos["pools"]["axis"]["rf"] = 4
    pos["units"].append({"id": "ger-10-corps", "hex": "dead"})
    state = GAME.setup(position=pos)
    legal = {a.text: a for a in GAME.legal_actions(state)}
    assert "replace ger-10-corps 2609" in legal
    values = GAME.evaluator(True).quick_values(GAME, state, "axis", list(legal.values()))
    assert values["replace ger-10-corps 2609"] == UNSUPPLIED_ENTRY < values["end"]
    R = GAME.rules_for(state)
    for seed in (1, 2):
        action = make_player("normal", seed).choose(GAME, state)
        assert action.verb == "replace"
        after = GAME.apply(state, action)
        assert supply.in_supply(GAME.rules_for(after), after, "ger-10-corps"), action.text
    assert not supply.in_supply(
        R, GAME.apply(state, legal["replace ger-10-corps 2609"]), "ger-10-corps"
    )


def test_a_replacement_fills_an_empty_victory_city_the_enemy_stands_beside() -> None:
    """SNO 9.4.2, 9.5.1, 3.2.4: Voronezh (2108), Soviet-held and empty, the 24th Panzer
    Corps beside it (seed 18, September 1941). Beyond the Soviet supply lines' reach, a
    replacement there still draws the city's siege supply and is never all lost; left
    empty, the city is the Axis's for walking in. It was scored as out of supply (below
    ending the phase) and the army went to Rostov or Stalingrad; now it goes to Voronezh."""
    units = {"ger-24-pz": "2208", "sov-moscow-gar": "1306", "sov-5-army": "1307"}
    pos = position("1941-09", "soviet_rrp", units, weather="good")
    pos["pools"]["soviet"]["rf"] = 6
    pos["units"].append({"id": "sov-16-army", "hex": "dead"})
    state = GAME.setup(position=pos)
    legal = GAME.legal_actions(state)
    values = GAME.evaluator(True).quick_values(GAME, state, "soviet", legal)
    assert values["replace sov-16-army 2108"] == 6.0 + EMPTY_CITY
    assert values["replace sov-16-army 2911"] == 6.0  # Rostov: in supply, not in danger
    for seed in (1, 2):
        action = make_player("normal", seed).choose(GAME, state)
        assert action.text == "replace sov-16-army 2108"
        after = GAME.apply(state, action)
        assert supply.in_supply(GAME.rules_for(after), after, "sov-16-army")


def test_the_guard_fills_an_empty_victory_city_a_panzer_corps_could_reach() -> None:
    """SNO 3.2.4, 5.1: the hard Soviets' guard (``open``: 12 hexes) counts an empty
    Voronezh (2108) with the 14th Panzer Corps nine hexes off, west of Moscow in 1209, as open
    to the Axis - eight hexes on its refitted side, and in seed 16 (August 1941) the normal
    Axis walked into Voronezh from ten. The guard places its replacement there; the normal
    player, for whom only Moscow is in danger, nearer Moscow."""
    units = {"ger-14-pz": "1209", "sov-moscow-gar": "1306", "sov-5-army": "1307"}
    pos = position("1941-09", "soviet_rrp", units, weather="good")
    pos["pools"]["soviet"]["rf"] = 6
    pos["units"].append({"id": "sov-16-army", "hex": "dead"})
    state = GAME.setup(position=pos)
    assert GAME.rules_for(state).map.grid.distance("2108", "1209") == 9 <= GUARD_OPEN
    legal = GAME.legal_actions(state)
    by_normal = SturmNachOstenEvaluator(True).quick_values(GAME, state, "soviet", legal)
    guard = SturmNachOstenEvaluator(True, HARD["soviet"])
    by_guard = guard.quick_values(GAME, state, "soviet", legal)
    voronezh = "replace sov-16-army 2108"
    assert by_guard[voronezh] == by_normal[voronezh] + EMPTY_CITY
    assert max(by_guard, key=lambda t: by_guard[t]) == voronezh
    assert max(by_normal, key=lambda t: by_normal[t]) != voronezh


def test_a_move_into_an_own_victory_city_beyond_the_supply_lines_is_not_priced() -> None:
    """SNO 9.4.2, 9.5.1: the 5th Army beside Voronezh (2108), two panzer corps round it and
    every hex there beyond the Soviet supply lines: moving into the city draws its siege
    supply (8: a unit in a threatened victory city, no -12); a hex beside it is priced."""
    units = {"ger-24-pz": "2208", "ger-39-pz": "2009", "sov-moscow-gar": "1306",
             "sov-5-army": "2007"}  # fmt: skip
    state = GAME.setup(position=position("1941-09", "soviet_omp", units, weather="good"))
    R = GAME.rules_for(state)
    view = view_of(R, state, "soviet")
    assert not reaches(R, state, view, "soviet", "2108")
    assert siege_supplied(R, view, "2108") and not siege_supplied(R, view, "2107")
    soviets = SturmNachOstenEvaluator(True)
    assert soviets.hex_worth(R, state, view, "sov-5-army", "2108") == 8.0
    assert soviets.hex_worth(R, state, view, "sov-5-army", "2107") == -13.0


def test_no_advance_after_combat_into_a_hex_it_would_overstack() -> None:
    """SNO 4.3-4.4: the stacking limits hold at the end of the Combat Phase, so an advance
    (7.7) into 1421, where the 4th Army and three corps stand, costs units then: never chosen
    (seed 1's June: the 1st Panzer Army advanced there and two corps were eliminated);
    into a hex with room, it is left to the play-out."""
    full = {"ger-4-army": "1421", "ger-53-corps": "1421", "ger-12-corps": "1421"}
    state = GAME.setup(
        position=position("1941-06", "axis_combat", {**full, "ger-1-pzarmy": "1321"})
    )
    R = GAME.rules_for(state)
    over = Action.parse("advance ger-1-pzarmy 1421")
    room = Action.parse("advance ger-1-pzarmy 1522")
    assert stacking_problems([R.unit(u) for u in (*full, "ger-1-pzarmy")])
    assert overstacking_advances(R, state, [over, room]) == {over.text: NEVER}


def dnepropetrovsk(weather: str) -> Any:
    """The Soviet OMP beside the Romanian Mountain Corps (2) in 2415: the 5th Army (3) in
    Dnepropetrovsk next to it (a major city: not obliged to attack, 7.1.4a), the 13th Army
    (3) two hexes off in 2513."""
    units = {"rom-mtn": "2415", "sov-5-army": "2414", "sov-13-army": "2513"}
    return GAME.setup(position=position("1941-11", "soviet_omp", units, weather=weather))


def test_in_snow_the_soviets_seek_out_the_attacks_a_move_makes_better() -> None:
    """SNO 6.4.2: in Snow the Axis's attacks shift a column and the Soviets' do not, so the
    normal Soviet player goes on the offensive (``winter``). The 13th Army moved to 2516 must
    attack 2415 (7.1.4) with the 5th Army beside it: 6 against 2, +0.25 a defending factor on
    that column's results (+0.5 of the defence); ``winter`` counts that gain, three times it in the
    march's hexes, and lifts the Soviets' dislike of enemy ZOC; in good weather neither."""
    snow, good = dnepropetrovsk("snow"), dnepropetrovsk("good")
    ev = GAME.evaluator(True)
    assert ev.style_for("soviet", snow).name == "winter"
    assert ev.style_for("soviet", good).name == "steady"
    assert ev.style_for("axis", snow).name == "steady"  # its own attacks shift
    R = GAME.rules_for(snow)
    view = view_of(R, snow, "soviet")
    gain = contact_price(R, snow, view, "sov-13-army", "2516", {}, None, offensive=CONTACT)
    assert gain == CONTACT * 0.5
    assert contact_price(R, snow, view, "sov-13-army", "2516", {}, None) == 0.0

    def worth(state: Any) -> float:
        v = view_of(R, state, "soviet")
        return ev.hex_worth(R, state, v, "sov-13-army", "2516") - ev.hex_worth(
            R, state, v, "sov-13-army", "2513"
        )

    assert worth(snow) - worth(good) == gain + 3.0  # the gain, and no in-ZOC price (3)
