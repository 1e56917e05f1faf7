"""Sturm Nach Osten as registered with Ostfront: its scenarios, options and board, and the door
into its rules (one module per rulebook section: see docs/rules/sturm-nach-osten.md).

``ostfront new sno`` plays the June 1941 Campaign Scenario (SNO 12.A) and the later scenarios
(12.B-E: forces chosen by combat-factor totals, forces.py) from their set-up steps
(deployment.py) to May 1945 or the agreed December (15.7), with option 13.0; custom positions
start anywhere (``--position FILE``, positions.py). The strategic options (14.x, options/)
are chosen with the game (14.11-14.13: options/choice.py)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from types import ModuleType
from typing import Any

from ...core.mapmodel import GameMap, map_notes
from ...core.position import load_position
from ...core.protocol import (
    Action,
    CounterView,
    Evaluator,
    Option,
    Scenario,
    SequencedGame,
    copy_state,
)
from ...core.protocol import State as ProtocolState
from ...core.rule_notes import notes_summary
from . import sequence, views
from .ai.moves import SturmNachOstenEvaluator
from .board import DATA, board, sectors
from .combat import distribution
from .counters import counter_notes
from .crt import crt_notes, load_crt
from .deployment import start
from .invariants import broken
from .markers import marker_notes
from .options import choice
from .positions import from_position
from .rules import rules_with_map
from .setup import load_scenarios, scenario_notes
from .state import own
from .tables import load_tables, table_notes, victory_city_at
from .victory import end_months


def refuse_strategic(state: ProtocolState) -> None:
    """SNO 14.11, 14.13: the strategic options a new game may not have together
    (options/choice.py); every one with a position."""
    choice.check(own(state))


def _option_scenarios(option_id: str) -> tuple[str, ...]:
    """SNO 14.11: the scenarios an option may be used with (data/scenarios.toml)."""
    return tuple(load_scenarios().option(option_id).scenarios)


#: SNO 14.13: the Soviet player selects at most one start option (the Axis player's two May
#: options may both be permitted: he declares one after the Soviet set-up)
SOVIET_START = "one Soviet start option at most (SNO 14.13)"


def _option(option_id: str, summary: str) -> Option:
    spec = load_scenarios().option(option_id)
    exclusive = spec.kind == "start" and spec.declared_by == "soviet"
    return Option(
        option_id,
        f"SNO {spec.rule}",
        summary,
        scenarios=_option_scenarios(option_id),
        group=SOVIET_START if exclusive else "",
    )


def _end_choices() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """SNO 15.7: each scenario's own choice of last Victory Determination Turn: May 1945, or
    a December after its start (not December 1942 for the November 1942 scenario)."""
    tables = load_tables()
    return tuple((s.id, tuple(end_months(tables, s.start))) for s in load_scenarios().spec.scenario)


def _ended_by() -> tuple[tuple[str, str], ...]:
    """SNO 14.14a: the options that end the game after a set month, whatever was agreed by
    15.7 (the Soviet start options: December 1941)."""
    return tuple((o.id, o.ends) for o in load_scenarios().spec.option if o.ends is not None)


class SturmNachOsten(SequencedGame):
    name = "sno"
    title = "Sturm Nach Osten"
    sides = ("axis", "soviet")
    rulebook = "sturm-nach-osten.txt"
    rule_prefix = "SNO"
    coverage_table = "sturm-nach-osten.md"
    rule_notes_file = DATA / "rule_notes.toml"
    #: the unit a set-up pick is about (SNO 12.11), the hex an overstack is in (4.4)
    decision_keys = ("kind", "side", "targets", "attackers", "unit", "hex")
    playable_note = (
        "the five scenarios (SNO 12.A-E), the strategic options (14.x), and custom "
        "positions (--position)"
    )

    def scenarios(self) -> list[Scenario]:
        # SNO 12.1: the campaign of 1941 or one of the later start dates (12.B-E), all played
        return [
            Scenario("1941", "June 1941: the Campaign Scenario", "To May 1945.", "SNO 12.A"),
            Scenario(
                "1942a",
                "May 1942: the 1942a Scenario",
                "Axis moves first; forces chosen by combat-factor totals. Weather Mud.",
                "SNO 12.B",
            ),
            Scenario(
                "1942b",
                "November 1942: the 1942b Scenario",
                "Soviet player-turn first; Stalingrad. Cannot end in December 1942.",
                "SNO 12.C",
            ),
            Scenario(
                "1943",
                "June 1943: the 1943 Scenario",
                "Axis moves first; Kursk. Weather Mud; Axis armor rolls to refit.",
                "SNO 12.D",
            ),
            Scenario(
                "1944",
                "June 1944: the 1944 Scenario",
                "Soviet player-turn first; forces chosen by combat-factor totals.",
                "SNO 12.E",
            ),
        ]

    def options(self) -> list[Option]:
        return _for_their_scenarios(self._options())

    def _options(self) -> list[Option]:
        return [
            Option("leningrad", "SNO 13.0", "A factory in Leningrad raises its siege supply to 9."),
            _option("free-soviet-setup", "Soviet units set up freely in 1941; ends Dec 1941."),
            _option("stalin-line", "The Stalin Line is complete and manned; ends Dec 1941."),
            _option("modernization", "The Red Army picks 85 factors to begin; ends Dec 1941."),
            _option(
                "may-conservative",
                "Axis may invade in May 1941, Balkans too (declared after the Soviet set-up).",
            ),
            _option(
                "may-daring",
                "Axis may invade in May 1941 at full strength (declared after the Soviet set-up).",
            ),
            _option("siberian-reserves", "Shock armies may come early, at a risk."),
            _option("partisans", "The Axis contains the partisans, but cannot win."),
            Option(
                "end",
                "SNO 15.7",
                "End the game at this Victory Determination Turn: May 1945 or a December after "
                "the scenario's start (not December 1942 after November 1942); a draw if "
                "neither side has won by then.",
                default="1945-05",
                choices=("1945-05", "1941-12", "1942-12", "1943-12", "1944-12"),
                choices_by_scenario=_end_choices(),
                fixed_by=_ended_by(),
                fixed_rule="SNO 14.14a",
            ),
        ]

    def board(self) -> GameMap:
        return board()

    def sectors(self) -> dict[str, str]:
        return sectors()

    def data_checks(self) -> list[tuple[str, Callable[[], list[str]]]]:
        """Every SNO data file, each loaded, validated and summarised (``ostfront data check``)."""
        return [
            ("map", lambda: map_notes(self.board())),
            ("counters", counter_notes),
            ("crt", crt_notes),
            ("tables", table_notes),
            ("scenarios", scenario_notes),
            ("markers", marker_notes),
            ("rule-notes", lambda: notes_summary(self)),
        ]

    def hex_extras(self, hex_id: str) -> dict[str, Any]:
        """What SNO's data says of a hex: its victory city (App. I), factory and garrison
        (App. II) and the units of the June 1941 set-up there."""
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

    # -- the rules -----------------------------------------------------------
    def rules_for(self, state: ProtocolState) -> Any:
        return rules_with_map(self.map_for(state))

    def setup_scenario(self, state: ProtocolState) -> None:
        """SNO 12.A-E: the scenario from its set-up steps (deployment.py)."""
        refuse_strategic(own(state))
        R = self.rules_for(state)
        start(R, own(state))
        choice.at_start(R, own(state))  # SNO 14.14a, 14.32, 14.52-14.54
        sequence.begin(R, own(state))  # the first set-up step (SNO 12.12)

    def setup_position(self, state: ProtocolState, position: Mapping[str, Any]) -> None:
        choice.check_position(own(state))
        R = self.rules_for(state)
        from_position(R, own(state), position)
        sequence.begin(R, own(state))  # the position's phase, from its beginning

    def copy_state(self, state: ProtocolState) -> ProtocolState:
        """The control tables are flat: copied as such. The units table is replaced, never
        changed in place (``rules.set_unit``): the copy shares it."""
        return copy_state(own(state), shallow=("control", "entered", "seas"), shared=("units",))

    def engine(self) -> ModuleType:
        return sequence

    def roll_distribution(self, state: ProtocolState, action: Action) -> Any:
        """The exact outcome of the die an attack's roll would throw (SNO 7.2.1 step six)."""
        return distribution(self.rules_for(state), own(state), action)

    def invariants(self, state: ProtocolState) -> list[str]:
        """What is wrong with a state (empty when all is well): see invariants.py."""
        return broken(self.rules_for(state), own(state))

    # -- what interfaces show: games/sno/views.py ------------------------------
    def counters(self, state: ProtocolState) -> list[CounterView]:
        return views.counters(self.rules_for(state), own(state))

    def describe_phase(self, state: ProtocolState) -> dict[str, Any]:
        return views.describe_phase(own(state))

    def off_map(self, state: ProtocolState) -> list[dict[str, Any]]:
        return views.off_map(self.rules_for(state), own(state), self.sides)

    def selected_unit(self, state: ProtocolState) -> str | None:
        return views.selected_unit(own(state))

    def unit_card(self, state: ProtocolState, unit_id: str) -> dict[str, Any] | None:
        return views.unit_card(self.rules_for(state), own(state), unit_id, self.sides)

    def overlays(self) -> tuple[str, ...]:
        return views.OVERLAYS

    def overlay(self, state: ProtocolState, kind: str, side: str) -> dict[str, Any]:
        return views.overlay(self.rules_for(state), own(state), kind, side)

    def outcome_names(self, state: ProtocolState, action: Action, width: int) -> list[str]:
        return (
            ["Combat result (SNO 7.2.1)"] * width
            if width == 1
            else super().outcome_names(state, action, width)
        )

    def outcome_meanings(self, state: ProtocolState, action: Action) -> dict[str, str]:
        return views.result_meanings(load_crt())  # SNO 7.3

    def roll_note(self, state: ProtocolState, action: Action) -> str | None:
        return views.roll_way(own(state), action, load_crt())  # SNO 5.4.9, 7.5

    def decision_view(self, state: ProtocolState) -> dict[str, Any] | None:
        shown = views.decision_view(own(state), self.active_side(state))
        return shown if shown is not None else super().decision_view(state)

    def chart(self, state: ProtocolState | None = None) -> list[dict[str, Any]]:
        """The Terrain Effects Chart as people read it, from data/tables.toml (SNO 5.1.3,
        5.5, 5.6; 11.8's replacement limits)."""
        t = load_tables()
        return [
            *views.chart_tables(t.tec),
            *views.combat_tables(load_crt()),  # SNO 5.4, 7.2-7.6
            views.weather_table(t),  # SNO 6.1
            views.replacement_table(t),  # SNO 11.10-11.14
        ]

    # -- what the computer players know (ai/) ----------------------------------
    def evaluator(self, teamwork: bool = False) -> Evaluator:
        return SturmNachOstenEvaluator(teamwork)

    def shipped_positions(self) -> list[dict[str, Any]]:
        """The teaching and test positions in data/positions (see its README)."""
        return [dict(p) for p in _shipped_positions()]

    def shipped_position(self, position_id: str) -> dict[str, Any]:
        for p in _shipped_positions():
            if p["id"] == position_id:
                return load_position(DATA / "positions" / f"{position_id}.toml")
        return super().shipped_position(position_id)


def _for_their_scenarios(options: list[Option]) -> list[Option]:
    """Each option offered only under the scenarios it applies to (SNO 14.11: the strategic
    options to the Campaign Scenario, 14.8 to 1942a too), as data/scenarios.toml lists them."""
    data = {o.id: o for o in load_scenarios().spec.option}
    return [
        replace(o, scenarios=tuple(data[o.id].scenarios)) if o.id in data else o for o in options
    ]


@cache
def _shipped_positions() -> tuple[dict[str, Any], ...]:
    out = []
    for path in sorted((DATA / "positions").glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        # SNO 14.11: the strategic options belong to scenarios, never to a custom position
        # (options/choice.check_position); a position's own last turn leaves none to agree
        fixed_end = "last_turn" in data.get("extra", {})
        out.append(
            {
                "id": path.stem,
                "title": str(data.get("note", path.stem)),
                "summary": f"A custom position, {data.get('turn', '')} ({path.name})",
                "turn": data.get("turn"),
                "options": ["leningrad"] + ([] if fixed_end else ["end"]),
            }
        )
    return tuple(out)


GAME = SturmNachOsten()
