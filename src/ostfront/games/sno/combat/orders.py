"""SNO 7.5.2 No Retreat orders: the handler of the orders phase at the end of a player's own
player-turn, and their taking effect for the following enemy player-turn.

While a player declares, ``state["orders"]`` holds ``{"soviet": bool, "axis": [hexes]}``;
at the start of the enemy player-turn :func:`take_effect` moves them to ``state["no_retreat"]``
(7.5.2a), where the Combat Phase reads them (:func:`results.has_no_retreat`) until they are
removed at its end (7.5.3).

- 7.5.2b: the Soviet player orders all his units or none (``order all`` / ``order none``);
- 7.5.2c: the Axis player orders individual German-occupied hexes (``order HEX`` /
  ``cancel HEX``) - not hexes holding Romanian, Hungarian or Italian units (the reading of
  "unless they contain": such hexes take no marker).

12.10 (No Retreat orders for the non-phasing player in a scenario's first player-turn) is a
matter of the sequence: an orders phase of that player before the first player-turn uses this
handler unchanged.
"""

from __future__ import annotations

from typing import Any

from ....core.phases import DONE, Outcome
from ....core.protocol import Action, Prompt
from ..rules import Rules, State, hex_of, hex_title, phasing_side, side_units

#: SNO 7.5.2c: the nationalities whose presence keeps a hex from a No Retreat order.
ALLIED = frozenset({"romanian", "hungarian", "italian"})


def none() -> dict[str, Any]:
    return {"soviet": False, "axis": []}


def take_effect(state: State) -> None:
    """SNO 7.5.2a: the orders declared at the end of the last player-turn are in force for
    this one (none if none were declared)."""
    state["no_retreat"] = state.get("orders") or none()
    state["orders"] = None


# SNO 12.10: this handler serves the non-phasing player's orders before a scenario's first
# player-turn too, once the sequence gives him such a phase
def begin(R: Rules, state: State) -> None:
    state["orders"] = none()


def _orders(state: State) -> dict[str, Any]:
    return state.get("orders") or none()


def axis_hexes(R: Rules, state: State) -> list[str]:
    """SNO 7.5.2c: German-occupied hexes without Romanian, Hungarian or Italian units."""
    found: dict[str, set[str]] = {}
    for u in side_units(R, state, "axis"):
        h = hex_of(state, u)
        if h is not None:
            found.setdefault(h, set()).add(R.unit(u).nationality)
    return sorted(h for h, nats in found.items() if "german" in nats and not nats & ALLIED)


def actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    o = _orders(state)
    acts: list[Action] = []
    if side == "soviet":  # SNO 7.5.2b: all or none
        if o["soviet"]:
            acts.append(
                Action(
                    "order",
                    ("none",),
                    "Cancel the No Retreat order",
                    "SNO 7.5.2b",
                    side,
                    group="No Retreat orders",
                )
            )
        else:
            acts.append(
                Action(
                    "order",
                    ("all",),
                    "No Retreat for every Soviet unit next player-turn",
                    "SNO 7.5.2b",
                    side,
                    group="No Retreat orders",
                )
            )
    else:  # SNO 7.5.2c: per German-occupied hex
        for h in axis_hexes(R, state):
            if h in o["axis"]:
                acts.append(
                    Action(
                        "cancel",
                        (h,),
                        f"Cancel the No Retreat order in {hex_title(R, h)}",
                        "SNO 7.5.2c",
                        side,
                        role="back",
                        hexes=(h,),
                        group="Cancel",
                        highlight="other",
                    )
                )
            else:
                acts.append(
                    Action(
                        "order",
                        (h,),
                        f"No Retreat in {hex_title(R, h)}",
                        "SNO 7.5.2c",
                        side,
                        hexes=(h,),
                        group="No Retreat orders",
                        highlight="other",
                    )
                )
    acts.append(
        Action(
            "end",
            (),
            "Orders given: end the player-turn",
            "SNO 7.5.2a",
            side,
            role="end",
            group="End the phase",
        )
    )
    return acts


def perform(R: Rules, state: State, action: Action) -> Outcome:
    o = dict(_orders(state))
    arg = str(action.args[0]) if action.args else ""
    if action.verb == "end":
        state["orders"] = o
        return DONE
    if arg in ("all", "none"):
        o["soviet"] = arg == "all"
    elif action.verb == "order":
        o["axis"] = sorted({*o["axis"], arg})
    else:
        o["axis"] = [h for h in o["axis"] if h != arg]
    state["orders"] = o
    return None


def prompt(R: Rules, state: State) -> Prompt:
    side = phasing_side(state)
    o = _orders(state)
    if side == "soviet":
        now = "all units" if o["soviet"] else "none"
    else:
        now = ", ".join(hex_title(R, h) for h in o["axis"]) or "no hex"
    return Prompt(
        side,
        f"No Retreat orders for the next enemy player-turn (now: {now}), then end the turn",
        "SNO 7.5.2",
    )
