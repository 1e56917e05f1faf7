"""Shared fixtures of the SNO engine's tests: the components, and a plain game state built by
hand (without going through set-up) so a test can place exactly the units a rule needs.

    def test_something(R, make_state):
        s = make_state({"sov-5-army": "1321", "ger-3-corps": "1220"}, turn="1941-07",
                       phase="axis_omp")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from ostfront.core.rng import new_rng
from ostfront.games.sno.rules import Rules, State, standard_rules


def build_state(
    units: Mapping[str, str | Mapping[str, Any]] = (),  # type: ignore[assignment]
    turn: str = "1941-07",
    phase: str = "axis_omp",
    weather: str = "good",
    seed: int = 1,
    **extra: Any,
) -> State:
    """A full SNO state. ``units`` maps unit ids to a hex (or box), or to a record
    ({"at": hex, "dispersed": True, ...}); every other counter is in the "out" box. Keyword
    arguments override any other state key (control, seas, rf, no_retreat, ...)."""
    R = standard_rules()
    table: dict[str, dict[str, Any]] = {
        u: {"at": "out", "dispersed": False, "fortified": False} for u in R.counters.units
    }
    for uid, where in dict(units).items():
        if uid not in table:
            raise KeyError(f"no SNO unit {uid!r}")
        rec = {"at": where} if isinstance(where, str) else dict(where)
        table[uid] = {**table[uid], **rec}
    state: State = {
        "game": "sno",
        "scenario": "1941",
        "options": {},
        "seed": seed,
        "rng": new_rng(seed),
        "step": 0,
        "undo": [],
        "log": [],
        "map": None,
        "turn": turn,
        "phase": phase,
        "first": "axis",
        "last_turn": "1945-05",
        "weather": weather,
        "weather_plan": {},
        "units": table,
        "control": {},
        "entered": {},
        "seas": {},
        "rf": {"axis": 0, "soviet": 0},
        "no_retreat": {"soviet": False, "axis": []},
        "orders": None,
        "hungary_active": False,
        "siege": {},
        "omp": None,
        "combat": None,
        "entered_rrp": {},
        "pending": None,
        "factories_lost": 0,
        "winner": None,
    }
    state.update(extra)
    return state


@pytest.fixture
def R() -> Rules:
    return standard_rules()


@pytest.fixture
def make_state() -> Callable[..., State]:
    return build_state
