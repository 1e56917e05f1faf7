"""SNO 15.0 Victory Conditions: the Victory Determination Turns, the count of victory cities and
the shortened game.

:func:`check` is called by the sequence at the end of every player-turn. In a Victory
Determination Turn (each December and May 1945, 15.1; a scenario's agreed last December,
15.7) the player whose opponent has just ended his player-turn compares the victory cities he
controls with his column of the Victory Requirements Table (15.6, data in ``tables.toml``);
reaching it wins at once (15.2). Berlin and Moscow count two (15.4), every Soviet factory
eliminated half a point for the Axis (15.5: those in the "dead"/"lost" boxes, and the
position's ``factories_lost`` eliminated before it began), and Warsaw counts for the Soviets
only while the Polish 1st Army stands in it (15.8). After the game's last player-turn without
a winner the game is a draw (15.3, 15.7).
"""

from __future__ import annotations

from typing import Any

from . import factories
from .options import choice
from .rules import Rules, State, other, phasing_side, turn_title, units_of_side_at
from .setup import load_scenarios
from .tables import Tables, VictoryCity, victory_requirement

NOVEMBER = "11"  # SNO 12.C(6)b: the scenario that begins in November 1942
DECEMBER = "12"  # SNO 15.1: every December game-turn is a Victory Determination Turn
LAST_VDT = "1945-05"  # SNO 15.1: and May 1945, the last (15.3)
SPECIAL = "victory_special"  # the map's mark on Warsaw (SNO 15.8)
POLISH = "polish"  # SNO 15.8: the Polish 1st Army


def city_value(city: VictoryCity) -> int:
    """SNO 15.4: Berlin and Moscow count as two victory cities, every other one as one."""
    return city.value  # SNO 15.4 (the data's value: 2 for Berlin and Moscow)


def counts_for(R: Rules, state: State, city: VictoryCity, side: str) -> bool:
    """Whether a victory city counts for ``side``: it controls it (3.2) - and, for the Soviets
    in Warsaw, the Polish 1st Army occupies it (SNO 15.8, for victory only)."""
    if state["control"].get(city.hex) != side:
        return False
    place = R.map.place(city.hex)
    if side == "soviet" and place is not None and SPECIAL in place.attrs:  # SNO 15.8
        return any(
            R.unit(u).nationality == POLISH for u in units_of_side_at(R, state, city.hex, side)
        )
    return True


def points(R: Rules, state: State, side: str) -> float:
    """A side's victory count: its victory cities (Berlin and Moscow two, 15.4; Warsaw by
    15.8) and, for the Axis, half a point per Soviet factory eliminated (SNO 15.5)."""
    total: float = sum(
        # SNO Appendix I: the fourteen cities are tables.toml's [victory] cities
        city_value(c)
        for c in R.tables.spec.victory.cities
        if counts_for(R, state, c, side)
    )
    if side == "axis":  # SNO 15.5: not those evacuated, which are never eliminated
        lost = factories.eliminated(R, state) + int(state.get("factories_lost", 0))
        total += R.tables.spec.victory.factory_value * lost
    return total


def scenario_start(state: State) -> str | None:
    """The month the game's scenario began, if the game is that scenario played from its
    start (not a position taken up in another month). Only a game begun in November asks
    the scenarios file (12.C(6)b is the one rule that needs it)."""
    begun = state.get("start_turn")
    if not isinstance(begun, str) or begun[5:] != NOVEMBER:
        return None

    try:
        start = load_scenarios().scenario(str(state.get("scenario"))).start
    except KeyError:
        return None
    return start if begun == start else None


def is_vdt(R: Rules, state: State, turn: str) -> bool:
    """SNO 15.1: December and May 1945 are Victory Determination Turns; 15.7 / 12.C(6)b: a
    scenario that begins in November (1942b) has no VDT that December."""
    if turn not in {r.turn for r in R.tables.spec.victory.rows}:
        return False
    start = scenario_start(state)
    return start is None or not skips_first_december(start, turn)


def skips_first_december(start: str, turn: str) -> bool:
    """SNO 15.7, 12.C(6)b: the November 1942 scenario may not end in December 1942, and that
    month's victory requirements do not apply."""
    return start[5:] == NOVEMBER and turn == f"{start[:4]}-{DECEMBER}"


def end_choices(R: Rules, start: str) -> list[str]:
    """SNO 15.7: the VDT months a game beginning in ``start`` may be agreed to end in (the
    first choice plays to May 1945)."""
    return end_months(R.tables, start)


def end_months(tables: Tables, start: str) -> list[str]:
    """:func:`end_choices` from the tables alone (the game's option "end" offers these)."""
    out = [r.turn for r in tables.spec.victory.rows if r.turn >= start]
    out = [t for t in out if not skips_first_december(start, t)]
    return sorted(out, key=lambda t: (t != LAST_VDT, t))


def requirement(R: Rules, state: State, side: str) -> int:
    """SNO 15.6: the side's column of the Victory Requirements Table for this turn; SNO
    14.14a: 9 for either player in December 1941 after a Soviet start option."""
    short = choice.short_requirement(state, state["turn"])
    if short is not None:
        return short  # SNO 14.14a
    return victory_requirement(R.tables, state["turn"], side)  # SNO 15.6


def _declare(state: State, winner: str | None, score: dict[str, Any], reason: str) -> None:
    state["winner"] = {"winner": winner, "score": score, "reason": reason}


def check(R: Rules, state: State, ended: str | None = None) -> None:  # SNO 15.0
    """SNO 15.1-15.3, 15.7: at the end of a player-turn (``ended``: the side whose player-turn
    it was; by default the side of the phase the state is in). The other side checks its
    victory cities in a VDT; after the last player-turn of the game's last month, if nobody
    has won, the game is a draw."""
    if state.get("winner"):
        return
    turn = state["turn"]
    ended = ended or phasing_side(state)
    checker = other(ended)  # SNO 15.2: at the end of the opponent's player-turn
    score = {s: _plain(points(R, state, s)) for s in ("axis", "soviet")}
    if is_vdt(R, state, turn):
        need = requirement(R, state, checker)
        if score[checker] >= need and checker == "axis" and choice.no_axis_win(state):
            _declare(  # SNO 14.14b, 14.83: the Axis cannot win after using option 14.8
                state,
                None,
                score,
                f"SNO 14.14b: the Axis player controls {score[checker]} victory cities at the "
                f"end of the Soviet player-turn of {turn_title(turn)} (needs {need}), but after "
                "the Partisans option (14.8) an Axis win is a draw",
            )
            return
        if score[checker] >= need:  # SNO 15.2
            _declare(
                state,
                checker,
                score,
                f"SNO 15.2: the {checker.title()} player controls {score[checker]} victory "
                f"cities at the end of the {ended.title()} player-turn of {turn_title(turn)} "
                f"(needs {need})",
            )
            return
    last = state.get("last_turn") or LAST_VDT
    # SNO 15.3: no winner by May 1945 - a draw
    # SNO 15.7: nor by the December agreed as the end (state["last_turn"])
    if turn >= last and ended == "soviet":  # the Soviet player-turn ends every month
        rule = "SNO 15.3" if last == LAST_VDT else "SNO 15.7"
        if choice.short_game(state) is not None:
            rule = "SNO 14.14a"
        _declare(
            state,
            None,
            score,
            f"{rule}: neither player reached his victory requirement by {turn_title(last)}: a draw",
        )


def _plain(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


__all__ = ["check", "counts_for", "end_choices", "end_months", "is_vdt", "points", "requirement"]
