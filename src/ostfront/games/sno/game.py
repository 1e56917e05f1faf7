"""Sturm Nach Osten as registered with Ostfront: its scenarios, its options and its board."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ...core.mapmodel import GameMap, load_map
from ...core.protocol import Option, Scenario
from ..unbuilt import RulesNotWritten

DATA = Path(__file__).parent / "data"


@cache
def board() -> GameMap:
    """The Sturm Nach Osten map (see docs/data/sno.md for where every value comes from)."""
    return load_map(DATA / "map.toml")


class SturmNachOsten(RulesNotWritten):
    name = "sno"
    title = "Sturm Nach Osten"
    sides = ("axis", "soviet")
    rulebook = "sturm-nach-osten.txt"
    pending = "the rules engine (a later issue)"

    def scenarios(self) -> list[Scenario]:
        return [
            Scenario("1941", "June 1941: the Campaign Scenario", "To May 1945.", "SNO 12.A"),
            Scenario("1942a", "May 1942", "Axis moves first.", "SNO 12.B"),
            Scenario("1942b", "November 1942", "Soviet player-turn first.", "SNO 12.C"),
            Scenario("1943", "June 1943", "Kursk.", "SNO 12.D"),
            Scenario("1944", "June 1944", "Soviet player-turn first.", "SNO 12.E"),
        ]

    def options(self) -> list[Option]:
        return [
            Option("leningrad", "SNO 13.0", "A factory in Leningrad raises its siege supply to 9."),
            Option("free-soviet-setup", "SNO 14.2", "Soviet units set up freely in 1941."),
            Option("stalin-line", "SNO 14.3", "The Stalin Line is complete and manned."),
            Option("modernization", "SNO 14.4", "The Red Army picks 85 factors to begin."),
            Option("may-conservative", "SNO 14.5", "Axis invades in May 1941, Balkans too."),
            Option("may-daring", "SNO 14.6", "Axis invades in May 1941 at full strength."),
            Option("siberian-reserves", "SNO 14.7", "Shock armies may come early, at a risk."),
            Option("partisans", "SNO 14.8", "The Axis contains the partisans, but cannot win."),
        ]

    def board(self) -> GameMap:
        return board()


GAME = SturmNachOsten()
