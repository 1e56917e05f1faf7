"""SNO 14.7 The Siberian Reserves: the five Shock Armies (14.71) brought in early, at the risk
of a Japanese invasion of Siberia.

- SNO 14.72: at the beginning of any Soviet player-turn from June to December 1941 the Soviet
  player may start their arrival (the ``call`` decision, playing.py): two in that month, one in
  each of the three months after, in their usual order (:func:`arrival`).
- SNO 14.73: in that player-turn and each later Soviet player-turn through December 1941 one die
  is rolled (:func:`roll`); on a 1 the Japanese invade: (a) Soviet production is 2 factors a
  month less for the rest of the game, (b) the next 30 factors produced are lost
  (:func:`produce`), (c) the Soviet player may cancel the entry of Shock Armies yet to appear,
  each cancelling its combat factors of the loss (:func:`cancel`, the ``japan_cancel``
  decision); no die is rolled after the invasion.
- SNO 14.74: otherwise they arrive from January 1942, as the reinforcement schedule says (11.17),
  with no risk.
"""

from __future__ import annotations

from typing import Any

from ....core.protocol import roll as roll_dice
from ....core.protocol import roll_result
from ..rules import Rules, State, counter_ids, next_month, set_unit
from ..tables import Tables
from .common import chosen, record, strategic, value

OPTION = "siberian-reserves"
KEY = "siberian"  # state["strategic"]["siberian"]: {"from", "japan", "deficit", "cancelled"}


def permitted(state: State) -> bool:  # SNO 14.7
    return chosen(state, OPTION)


def status(state: State) -> dict[str, Any] | None:
    """What the option has done: None until the Soviet player calls the reserves."""
    found = strategic(state).get(KEY)
    return dict(found) if found else None


def reserves(R: Rules) -> tuple[str, ...]:  # SNO 14.71
    """SNO 14.71: the five Shock Armies, in the order of their usual arrival (11.17)."""
    kind = str(value(OPTION, "reserves"))
    ids = counter_ids(R, f"siberian-{kind}", lambda u: u.side == "soviet" and u.type == kind)
    return tuple(sorted(ids, key=lambda u: (R.unit(u).reinforcement or "", u)))


def may_call(state: State) -> bool:
    """SNO 14.72: the reserves may be called now (the beginning of a Soviet player-turn from
    June to December 1941, not yet called)."""
    turn = state["turn"]
    return (
        permitted(state)
        and status(state) is None
        and str(value(OPTION, "choose_from")) <= turn <= str(value(OPTION, "choose_until"))
    )


def arrival(R: Rules, state: State, uid: str) -> str | None:  # SNO 14.72; # SNO 14.74
    """The month a reinforcement arrives: SNO 14.72 for a Shock Army once the reserves are
    called (None if its entry was cancelled, 14.73c); otherwise its own month (11.17, 14.74)."""
    own = R.unit(uid).reinforcement
    st = status(state)
    if st is None or uid not in reserves(R):
        return own
    if uid in st.get("cancelled", ()):
        return None  # SNO 14.73c
    month = str(st["from"])
    k = reserves(R).index(uid)
    for count in value(OPTION, "arrivals"):  # SNO 14.72: 2, then 1, 1, 1
        if k < count:
            return month
        k -= count
        month = next_month(month)
    return own


def arrived_early(R: Rules, state: State, uid: str) -> bool:
    """SNO 14.72: a Shock Army whose early arrival month has come - available from then (as a
    replacement once eliminated, 11.7a), not from its printed month."""
    month = arrival(R, state, uid)
    return month is not None and month != R.unit(uid).reinforcement and month <= state["turn"]


def call(R: Rules, state: State) -> bool:
    """SNO 14.72-14.73: the Soviet player starts the arrival this month; the die is rolled at
    once. True if the Japanese invade."""
    record(state, KEY, {"from": state["turn"], "japan": None, "deficit": 0, "cancelled": []})
    return roll(R, state)


def due_roll(state: State) -> bool:
    """SNO 14.73: a die is due at the beginning of this Soviet player-turn (a later month
    through December 1941, the invasion not yet come)."""
    st = status(state)
    if st is None or st.get("japan"):
        return False
    return str(st["from"]) < state["turn"] <= str(value(OPTION, "roll_until"))


def roll(R: Rules, state: State) -> bool:  # SNO 14.73
    """SNO 14.73: one die; on a 1 the Japanese invade (True)."""
    die = roll_dice(state, 1, "SNO 14.73 Japanese invasion of Siberia")[0]
    st = status(state) or {}
    if die not in value(OPTION, "japan_faces"):
        roll_result(state, "no invasion")
        return False
    roll_result(state, "the Japanese invade Siberia")
    lost = int(_penalty(R.tables)["lost_factors"])
    record(state, KEY, {**st, "japan": state["turn"], "deficit": lost})  # SNO 14.73b
    return True


def _penalty(tables: Tables) -> dict[str, int]:
    return dict(tables.spec.replacements.japan_penalty)


def yet_to_appear(R: Rules, state: State) -> list[str]:
    """SNO 14.73c: the Shock Armies still to arrive (in the reserve box, not cancelled)."""
    st = status(state) or {}
    return [
        u
        for u in reserves(R)
        if state["units"][u]["at"] == "reserve" and u not in st.get("cancelled", ())
    ]


def cancel(R: Rules, state: State, uid: str) -> None:
    """SNO 14.73c: a Shock Army's entry cancelled: its combat factors off the deficit."""
    st = status(state) or {}
    cf = R.unit(uid).replacement_cost or 0
    record(
        state,
        KEY,
        {
            **st,
            "cancelled": [*st.get("cancelled", ()), uid],
            "deficit": max(0, int(st.get("deficit", 0)) - cf),
        },
    )
    set_unit(state, uid, at="out")  # never enters (11.7a: nor as a replacement)


def produce(R: Rules, state: State, produced: int) -> int:
    """SNO 14.73a-b: what the Soviet player receives of ``produced`` factors once the Japanese
    have invaded: 2 less, and the rest paid towards the 30 lost factors first."""
    st = status(state)
    if st is None or not st.get("japan"):
        return produced
    left = max(0, produced - int(_penalty(R.tables)["per_month"]))  # SNO 14.73a
    deficit = int(st.get("deficit", 0))
    paid = min(deficit, left)  # SNO 14.73b
    if paid:
        record(state, KEY, {**st, "deficit": deficit - paid})
    return left - paid


__all__ = ["arrival", "call", "cancel", "due_roll", "may_call", "produce", "roll"]
