"""Defiant Russia as registered with Ostfront: its scenario, its options and its board."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from ...core.mapmodel import GameMap, load_map
from ...core.protocol import Option, Scenario
from ..unbuilt import RulesNotWritten

DATA = Path(__file__).parent / "data"


@cache
def board() -> GameMap:
    """The Defiant Russia map (see docs/data/dr.md for where every value comes from)."""
    return load_map(DATA / "map.toml")


class DefiantRussia(RulesNotWritten):
    name = "dr"
    title = "Defiant Russia"
    sides = ("axis", "soviet")
    rulebook = "defiant-russia.txt"
    pending = "the rules engine (issue 4)"

    def scenarios(self) -> list[Scenario]:
        return [
            Scenario(
                "1941",
                "Barbarossa: June to December 1941",
                "The full game: seven monthly turns, victory cities counted after December.",
                "DR 4.0",
            ),
        ]

    def options(self) -> list[Option]:
        return [
            Option("random-weather", "DR 8.2", "Roll for the weather from Turn Three on."),
            Option(
                "axis-preparation", "DR 12.1", "Three German units may stack per hex at set-up."
            ),
            Option("five-year-plan", "DR 12.2", "All Soviet tank corps begin at full strength."),
            Option("early-start", "DR 12.3", "Begin in May 1941 (Turn Zero)."),
            Option("universal-conscription", "DR 12.4", "Soviet replacements are eight a turn."),
            Option("defiant-turkey", "DR 12.5", "Turkey may join the Axis."),
            Option("italian-africa", "DR 12.6", "DAK armor joins Antonescu; no Italian CSIR."),
            Option("timoshenko", "DR 12.7", "Marshal Timoshenko begins in Moscow."),
            Option("defiant-lithuania", "DR 12.8", "Lithuania begins under Axis control."),
            Option("hungarian-fast-corps", "DR 12.9", "The Hungarian mobile corps may go home."),
        ]

    def board(self) -> GameMap:
        return board()

    def data_checks(self) -> list[tuple[str, Callable[[], list[str]]]]:
        from .charts import check_charts
        from .counters import check_counters

        return [*super().data_checks(), ("charts", check_charts), ("counters", check_counters)]


GAME = DefiantRussia()
