"""SNO 10.1 Juggernaut Units: forming them at the end of the OMP (the ``form`` phase, 10.1.7),
breaking them down at any time of the owner's player-turn (10.1.9), reverting at the start of
the OMP (10.1.5).

SCAFFOLD (being written): the phase is skipped and nothing is offered yet.
"""

from __future__ import annotations

from ...core.protocol import Action, Prompt
from .rules import Rules, State

#: Verbs performed by :func:`perform_anytime` in any phase of the owner's player-turn.
ANYTIME_VERBS: tuple[str, ...] = ()


def begin(R: Rules, state: State) -> None:
    return None


def skip(R: Rules, state: State) -> bool:
    return True


def actions(R: Rules, state: State) -> list[Action]:
    side = state["phase"].split("_")[0]
    return [Action("end", (), label="End forming juggernauts", rule="SNO 10.1.7", side=side)]


def perform(R: Rules, state: State, action: Action) -> None:
    from . import sequence

    sequence.end_phase(R, state)


def prompt(R: Rules, state: State) -> Prompt:
    return Prompt(state["phase"].split("_")[0], "Form juggernauts", "SNO 10.1.7")


# SNO 10.1.6, SNO 6.5.4
def winter_flip_after_combat(R: Rules, state: State) -> None:
    """SNO 10.1.6 / 6.5.4, second sentence: at the end of the Axis Combat Phase in a Snow month
    of the winter of 1941/42, every Axis juggernaut on or north of the Arctic Weather Line still
    stronger-side up flips to its weaker side, city or town or not (the combat module calls
    this at the end of its phase)."""
    from . import weather
    from .rules import counter_ids, hex_of, phasing_side, set_unit

    if phasing_side(state) != "axis" or not weather.winter_1941(state):
        return
    for uid in counter_ids(R, "axis-juggernauts", lambda u: u.juggernaut and u.side == "axis"):
        h = hex_of(state, uid) if uid in state["units"] else None
        if h is not None and weather.awl(R, state, h) and not state["units"][uid].get("flipped"):
            set_unit(state, uid, flipped=True)


def anytime_actions(R: Rules, state: State) -> list[Action]:
    return []


def perform_anytime(R: Rules, state: State, action: Action) -> None:
    raise ValueError(f"not an any-time action: {action.verb}")
