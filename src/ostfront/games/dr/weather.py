"""DR 8.0 Weather: historical (8.1) or random (8.2), and the Snow bookkeeping of 8.3.

The weather's effects live with the rules they change (movement 6.x, combat 7.x, supply 5.2);
this module decides what the weather is.
"""

from __future__ import annotations

from ...core.protocol import roll
from .charts import random_weather, weather_for
from .rules import Rules, State


def weather_phase(R: Rules, state: State) -> None:  # DR 8.0
    """DR 4.1: set the turn's weather. # DR 8.1 # DR 8.2"""
    turn = state["turn"]
    # DR 4.1: the Soviet player rolls from Turn Three; DR 12.3C: May rolls as September
    if state["options"].get("random-weather") and (turn >= 3 or turn == 0):
        die = roll(state, 1, "weather (DR 8.2)")[0]
        state["weather"] = random_weather(R.charts, turn, die)
    else:
        state["weather"] = weather_for(R.charts, turn)  # DR 8.1
    if state["weather"] == "snow":
        state["snow_turns"] = state.get("snow_turns", 0) + 1


def first_snow_turn(state: State) -> bool:
    """DR 8.3.4: the first Snow turn of the game (Soviet attacks hit on 5-6)."""
    return bool(state["weather"] == "snow" and state.get("snow_turns", 0) == 1)
