"""The playing options' decisions at the beginning of a player-turn (SNO 14.13: "introduced
during the game"), taken in its Replacement/Reinforcement Phase before the month's factors are
received (replacements.py hands these decisions here):

- Soviet: the 14.73 die of a month after the Siberian Reserves were called (automatic), then
  ``call`` / ``decline`` (14.72) while they may be called; after a Japanese invasion
  ``cancel UNIT`` / ``keep`` (14.73c) while Shock Armies are yet to appear;
- Axis: ``partisans`` / ``decline`` (14.82) in a Good month up to the end of 1942.
"""

from __future__ import annotations

from ....core.protocol import Action, Prompt
from ..rules import Rules, State, unit_title
from . import partisans, siberian

CHOICE, JAPAN = "strategic_option", "japan_cancel"
PENDING_KINDS = (CHOICE, JAPAN)
VERBS = ("call", "decline", "partisans", "cancel", "keep")


def begin_player_turn(R: Rules, state: State, side: str) -> bool:  # SNO 14.13
    """The beginning of ``side``'s player-turn: the 14.73 die if due, then the playing option
    the player may introduce now. True if a decision is open."""
    due = side == "soviet" and siberian.due_roll(state)
    if due and siberian.roll(R, state) and siberian.yet_to_appear(R, state):  # SNO 14.73
        state["pending"] = {"kind": JAPAN, "side": "soviet"}
        return True
    if side == "soviet" and siberian.may_call(state):  # SNO 14.72
        state["pending"] = {"kind": CHOICE, "side": side, "option": siberian.OPTION}
        return True
    if side == "axis" and partisans.may_implement(state):  # SNO 14.82
        state["pending"] = {"kind": CHOICE, "side": side, "option": partisans.OPTION}
        return True
    return False


def actions(R: Rules, state: State) -> list[Action]:
    pending = state["pending"]
    side = pending["side"]
    if pending["kind"] == JAPAN:  # SNO 14.73c
        acts = [
            Action(
                "cancel",
                (u,),
                f"Cancel the entry of {unit_title(R, u)} ({R.unit(u).replacement_cost} "
                "factors off the 30 lost)",
                "SNO 14.73c",
                side,
                role="choose",
                units=(u,),
                group="Japanese invasion",
            )
            for u in siberian.yet_to_appear(R, state)
        ]
        acts.append(
            Action("keep", (), "Keep the other Shock Armies coming", "SNO 14.73c", side,
                   role="choose", group="Japanese invasion")
        )  # fmt: skip
        return acts
    if pending["option"] == siberian.OPTION:
        yes = Action(
            "call",
            (),
            "Call the Siberian Reserves: two Shock Armies now, one a month after (a Japanese "
            "invasion on a 1, each month through December 1941)",
            "SNO 14.72",
            side,
            role="choose",
            group="Siberian Reserves",
        )
    else:
        yes = Action(
            "partisans",
            (),
            "Contain the partisans: 3 more RF a month per pair of Soviet victory cities held, "
            "but no Axis win",
            "SNO 14.82",
            side,
            role="choose",
            group="Partisans",
        )
    no = Action("decline", (), "Not this month", yes.rule, side, role="choose", group=yes.group)
    return [yes, no]


def perform(R: Rules, state: State, action: Action) -> bool:
    """Carry out a decision; True once the beginning of the player-turn is settled."""
    verb = action.verb
    state["pending"] = None
    if verb == "call":
        if siberian.call(R, state) and siberian.yet_to_appear(R, state):  # SNO 14.72-14.73
            state["pending"] = {"kind": JAPAN, "side": "soviet"}
            return False
        return True
    if verb == "partisans":
        partisans.implement(state)  # SNO 14.82
        return True
    if verb == "cancel":
        siberian.cancel(R, state, str(action.args[0]))  # SNO 14.73c
        if siberian.yet_to_appear(R, state):
            state["pending"] = {"kind": JAPAN, "side": "soviet"}
            return False
        return True
    if verb in ("decline", "keep"):
        return True
    raise ValueError(f"not a strategic option decision: {action.text}")


def prompt(R: Rules, state: State) -> Prompt:
    pending = state["pending"]
    side = pending["side"]
    if pending["kind"] == JAPAN:
        return Prompt(
            side,
            "The Japanese invade Siberia: cancel the entry of any Shock Armies yet to appear?",
            "SNO 14.73c",
        )
    if pending["option"] == siberian.OPTION:
        return Prompt(side, "Call the Siberian Reserves this month?", "SNO 14.72")
    return Prompt(side, "Implement the Partisans option this month?", "SNO 14.82")


__all__ = ["PENDING_KINDS", "actions", "begin_player_turn", "perform", "prompt"]
