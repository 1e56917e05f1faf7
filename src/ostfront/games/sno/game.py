"""Sturm Nach Osten as registered with Ostfront: its scenarios, its options and its board."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ...core.data_check import map_notes
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

    def data_checks(self) -> list[tuple[str, Callable[[], list[str]]]]:
        """Every SNO data file, each loaded, validated and summarised (``ostfront data check``)."""
        from .counters import counter_notes
        from .crt import crt_notes
        from .setup import scenario_notes
        from .tables import table_notes

        return [
            ("map", lambda: map_notes(self.board())),
            ("counters", counter_notes),
            ("crt", crt_notes),
            ("tables", table_notes),
            ("scenarios", scenario_notes),
        ]

    def hex_extras(self, hex_id: str) -> dict[str, Any]:
        """What SNO's data says of a hex: its victory city (App. I), factory and garrison
        (App. II) and the units of the June 1941 set-up there."""
        from .setup import load_scenarios
        from .tables import load_tables, victory_city_at

        out: dict[str, Any] = {}
        city = victory_city_at(load_tables(), hex_id)
        if city is not None:
            out["victory"] = {
                "city": city.name,
                "counts": city.value,
                "territory": city.territory,
                "rule": "SNO App. I; 15.4" + ("; 15.8" if city.note else ""),
                **({"note": city.note} if city.note else {}),
            }
        units = load_scenarios().placements("1941").get(hex_id, [])
        factory = next((u for u in units if u.type == "factory"), None)
        if factory is not None:
            out["factory"] = {"unit": factory.name, "activation": factory.activation}
        garrison = next((u for u in units if u.type == "garrison"), None)
        if garrison is not None:
            out["garrison"] = {
                "unit": garrison.label,
                "defence": garrison.front.cf if garrison.front else None,
            }
        if units:
            out["setup"] = [
                {"id": u.id, "unit": u.label, "side": u.side, "type": u.type} for u in units
            ]
        return out


GAME = SturmNachOsten()
