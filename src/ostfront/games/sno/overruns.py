"""SNO 5.4.1 the overruns declared this player-turn, as the state records them: who is being
overrun (3.1.4: they have no ZOC), who overruns (5.4.3), the Blitz markers (5.4.1b).

The facts that zones of control, movement, forming juggernauts and the combat phase read;
declaring and resolving an overrun is overrun.py's.
"""

from __future__ import annotations

from typing import Any

from .rules import State


def overruns(state: State) -> list[dict[str, Any]]:
    """The overrun attacks declared this player-turn (5.4.1)."""
    return list(state.get("overruns") or ())


# SNO 3.1.4: units being overrun lose their ZOC
def overrun_units(state: State) -> frozenset[str]:
    """SNO 3.1.4, 5.4.1: the units being overrun - they have no ZOC from the declaration on."""
    return frozenset(d for o in state.get("overruns") or () for d in o["defenders"])


# SNO 5.4.3: one overrun a unit, and no other attack
def overrunning_units(state: State) -> frozenset[str]:
    """SNO 5.4.3: the units making an overrun attack (in one overrun only, no other attack)."""
    return frozenset(u for o in state.get("overruns") or () for u in o["attackers"])


def blitz_units(state: State) -> frozenset[str]:
    """SNO 5.4.1b: the units with a Blitz marker."""
    return frozenset(state.get("blitz") or ())


def mark_blitz(state: State, uid: str) -> None:
    """SNO 5.4.1b: place a Blitz marker on ``uid`` (the list is replaced, never changed in
    place: copies of a state may share it)."""
    if uid not in (state.get("blitz") or ()):
        state["blitz"] = sorted({*(state.get("blitz") or ()), uid})


def clear(state: State) -> None:
    """The end of the Combat Phase: no overrun and no Blitz marker is left (5.4.5, 5.4.1b)."""
    state["overruns"] = []
    state["blitz"] = []
    state["overrun_draft"] = None
