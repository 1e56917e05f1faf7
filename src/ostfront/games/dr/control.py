"""DR 6.4 Controlling Territory: who controls each hex at the start and as units move.

At the start the USSR controls the Soviet Union with Lithuania, Latvia, Estonia, eastern Poland
and Bessarabia (6.4A); the Axis controls Germany with East Prussia, Poland, Slovakia, Finland,
Yugoslavia, Bulgaria, Hungary and Romania (6.4B). Which hexes those are is data: the set-up
cards (data/setup.toml, with 12.8's changes). Afterwards a side controls every hex its units
occupy or were the last to pass through (6.4C).

Entering a hex is also when a Soviet unit invades Turkey (12.5A): the fact is noted here, once
and for good, whatever carried the unit in (a move, rail, sea, a drop, a retreat, an advance).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from .board import board
from .rules import BOXES, Rules, State
from .setup import load_setup


def initial_control(R: Rules, options: Collection[str] = ()) -> dict[str, str]:  # DR 12.8
    """Hex -> side at the start of the game. # DR 6.4A, 6.4B (12.8A, 12.8E with "12.8")"""
    if R.map is not board():
        return {}  # a custom map: its position file says who controls what
    return dict(sorted(load_setup().control_for(options).items()))


TURKEY = "Turkey"  # DR 12.5: the country whose reserve armies wait for a Soviet invasion


def set_control(state: State, hexes: Iterable[str], side: str) -> None:
    """``side`` controls these hexes now. The control table is replaced, never changed in
    place: a state's copies share it until then (``DefiantRussia.copy_state``)."""
    control = state["control"].copy()
    for h in hexes:
        control[h] = side
    state["control"] = control


def pass_through(R: Rules, state: State, side: str, hexes: list[str]) -> None:
    """DR 6.4C: a side's ground unit entering or passing these hexes takes control of them."""
    set_control(state, hexes, side)
    if (
        side == "soviet"
        and not state.get("turkey_invaded")
        and any(R.map.region_of_kind(h, "country") == TURKEY for h in hexes)
    ):
        state["turkey_invaded"] = True  # DR 12.5A: a Soviet unit enters a hex in Turkey


def turkey_invaded(R: Rules, state: State) -> bool:
    """DR 12.5A: a Soviet unit has entered a hex in Turkey at some time in the game
    (``state["turkey_invaded"]``, set by :func:`pass_through`; or one stands there now, as a
    custom position may place it without stating the fact)."""
    if state.get("turkey_invaded"):
        return True
    return any(
        R.unit(u).side == "soviet"
        and R.unit(u).is_ground
        and d["at"] not in BOXES
        and R.map.region_of_kind(d["at"], "country") == TURKEY
        for u, d in state["units"].items()
    )
