"""SNO 14.8 Partisans: the Axis contains the partisan threat.

- SNO 14.82: at the beginning of his player-turn in any clear-weather (Good) month up to the end
  of 1942 the Axis player may implement the option (the ``partisans`` decision, playing.py);
  it stays in force for the rest of the game.
- SNO 14.83: from that month he receives 3 more replacement factors a month for each pair of
  Soviet victory cities he controls (:func:`extra_per_pair`, added by replacements.py to 11.13's
  one per pair; the whole month's factors are still capped by 11.14's "never more than the
  victory cities he controls" - the reading), and he cannot win: a win is a draw (14.14b,
  victory.py).
"""

from __future__ import annotations

from ..rules import Rules, State
from .common import chosen, record, strategic, value

OPTION = "partisans"
KEY = "partisans"  # state["strategic"]["partisans"]: the month it was implemented


def permitted(state: State) -> bool:  # SNO 14.8
    return chosen(state, OPTION)


def in_force(state: State) -> bool:
    return KEY in strategic(state)


def may_implement(state: State) -> bool:  # SNO 14.82
    """SNO 14.82: permitted, not yet in force, a Good month up to the end of 1942."""
    return (
        permitted(state)
        and not in_force(state)
        and state["turn"] <= str(value(OPTION, "choose_until"))
        and state.get("weather") == value(OPTION, "choose_weather")
    )


def implement(state: State) -> None:
    """SNO 14.82: in force from this month to the end of the game."""
    record(state, KEY, state["turn"])


def extra_per_pair(R: Rules, state: State) -> int:  # SNO 14.83
    """SNO 14.83: the extra factors a month for each pair of Soviet victory cities held."""
    if not in_force(state):
        return 0
    return int(R.tables.spec.replacements.partisans_per_soviet_victory_city_pair)


__all__ = ["extra_per_pair", "implement", "in_force", "may_implement"]
