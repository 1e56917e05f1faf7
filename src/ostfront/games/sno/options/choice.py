"""SNO 14.1 Choosing the strategic options (14.11-14.14).

- SNO 14.11: the options apply to the Campaign Scenario only, 14.8 to the 1942a scenario as
  well: each option's ``scenarios`` (data/scenarios.toml), which the game's options carry, so
  creating a game of another scenario with one is refused.
- SNO 14.12: the options chosen when the game is created are the ones the players agreed on.
- SNO 14.13: 14.2-14.6 are start options, declared before the game begins; 14.7 and 14.8
  playing options, introduced during the game by their player's action. Each player selects
  at most one of each (:func:`check`; the option's ``declared_by``). The Soviet start option
  is declared at creation and the Soviet player sets up first (14.21, 14.32, 14.42:
  deployment.py); the May options chosen at creation are permitted (:func:`permit_may`) and
  the Axis player declares one or neither after the Soviet set-up (:func:`declare_may`).
- SNO 14.14: the changed victory conditions (:func:`short_game`, :func:`no_axis_win`, read by
  victory.py); 14.5-14.7 leave them unaltered.
"""

from __future__ import annotations

from collections import defaultdict

from ....core.protocol import NotPlayable
from ..rules import Rules, State
from ..setup import OptionSpec, load_scenarios
from . import may1941, modernization, stalin_line
from .common import chosen, strategic

#: Options whose set-up is not in the engine yet (refused at creation). SNO 14.42's (85
#: factors chosen, every border hex covered) is the deployment's (deployment.py, forces.py).
SET_UP_MISSING: tuple[str, ...] = ()
PARTISANS = "partisans"
#: SNO 14.13: the Axis start options (14.5, 14.6) chosen at creation are permitted (14.12);
#: the Axis player declares one, or neither, after the Soviet set-up
DECLARED_IN_SET_UP = ("axis", "start")


def strategic_options(state: State) -> list[OptionSpec]:  # SNO 14.0; # SNO 14.12
    """The strategic options (start and playing) the game was created with."""
    return [
        o
        for o in load_scenarios().spec.option
        if o.kind in ("start", "playing") and chosen(state, o.id)
    ]


def check(state: State) -> None:
    """SNO 14.11, 14.13: refuse a game whose options the rules do not allow together."""
    opts = strategic_options(state)
    scenario = str(state.get("scenario"))
    for o in opts:
        if scenario not in o.scenarios:  # SNO 14.11
            raise NotPlayable(
                f"Sturm Nach Osten: option {o.id} (SNO {o.rule}) applies to the "
                f"{', '.join(o.scenarios)} scenario only, not {scenario} (SNO 14.11)"
            )
    by_player: dict[tuple[str, str], list[str]] = defaultdict(list)
    for o in opts:
        by_player[(str(o.declared_by), o.kind)].append(f"{o.id} (SNO {o.rule})")
    for (side, kind), ids in sorted(by_player.items()):
        if (side, kind) == DECLARED_IN_SET_UP:
            continue  # SNO 14.12-14.13: both May options may be permitted; one is declared
        if len(ids) > 1:  # SNO 14.13
            raise NotPlayable(
                f"Sturm Nach Osten: the {side.title()} player may select at most one {kind} "
                f"option, not {', '.join(ids)} (SNO 14.13)"
            )
    for o in opts:
        if o.id in SET_UP_MISSING:
            raise NotPlayable(
                f"Sturm Nach Osten: option {o.id} (SNO {o.rule}) needs its set-up, which is "
                "not in the engine yet"
            )


def check_position(state: State) -> None:
    """A custom position is no scenario's start: the strategic options (14.11: the Campaign
    and 1942a scenarios) are refused with it."""
    opts = strategic_options(state)
    if opts:
        raise NotPlayable(
            "Sturm Nach Osten: the strategic options ("
            + ", ".join(f"{o.id}, SNO {o.rule}" for o in opts)
            + ") belong to the Campaign and 1942a scenarios (SNO 14.11), not to a custom position"
        )


def at_start(R: Rules, state: State) -> None:
    """The start options' changes to the scenario's start, once it is laid out."""
    short = short_game(state)
    if short is not None and short.ends:
        state["last_turn"] = short.ends  # SNO 14.14a
    stalin_line.remove_units(R, state)  # SNO 14.32
    modernization.to_the_pool(R, state)  # SNO 14.42: the forces are chosen
    permit_may(state)  # SNO 14.13: declared after the Soviet set-up


def permit_may(state: State) -> None:
    """SNO 14.12-14.13: the May options the game was created with are permitted, not used:
    ``state["may_permitted"]``, none in use (may1941.option) until the Axis player declares
    one (:func:`declare_may`) after the Soviet set-up."""
    permitted = [o for o in may1941.OPTIONS if chosen(state, o)]
    if permitted:
        state["may_permitted"] = permitted


def may_undecided(state: State) -> list[str]:
    """SNO 14.13: the May options the Axis player may still declare (empty: none permitted,
    or declared)."""
    if state.get("may_declared"):
        return []
    return list(state.get("may_permitted") or [])


def declare_may(R: Rules, state: State, option_id: str) -> None:
    """SNO 14.13: the Axis player's decision on 14.5/14.6 ("none": neither); a May option's
    effects apply from it (14.52-14.55, 14.62-14.65: may1941.start)."""
    state["may_declared"] = option_id
    if option_id in may1941.OPTIONS:
        may1941.start(R, state)  # SNO 14.52-14.55, 14.62-14.65


def short_game(state: State) -> OptionSpec | None:  # SNO 14.14; # SNO 14.9; # SNO 14.2
    """SNO 14.14a: the Soviet start option (14.2, 14.3, 14.4) in use, which ends the game after
    December 1941 with a victory requirement of 9 cities for both players."""
    for o in strategic_options(state):
        if o.kind == "start" and o.declared_by == "soviet" and o.short_victory is not None:
            return o
    return None


def short_requirement(state: State, turn: str) -> int | None:
    """SNO 14.14a: the victory cities either player needs in ``turn`` (None: Section 15's)."""
    short = short_game(state)
    if short is None or short.ends != turn:
        return None
    return short.short_victory


def no_axis_win(state: State) -> bool:
    """SNO 14.14b, 14.83: the Axis player has used option 14.8 - an Axis win is a draw (only
    if used, not merely permitted)."""
    return PARTISANS in strategic(state)


__all__ = ["at_start", "check", "check_position", "no_axis_win", "short_game", "short_requirement"]
