"""Defiant Russia as registered with Ostfront: its scenarios, options, board and the door into
its rules (one module per rulebook section: see docs/rules/defiant-russia.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, cast

from ...core.mapmodel import GameMap
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
from . import rules, sequence
from .ai.moves import DefiantRussiaEvaluator
from .board import DATA, board, sectors
from .chart_view import chart_tables  # the charts card's tables, worded for people
from .charts import check_charts
from .combat import roll_distribution
from .counters import check_counters
from .invariants import broken
from .positions import from_position
from .scenario import check_defiant_poland, scenario_rules
from .setting_up import initial_scenario_state, initial_state
from .setup import check_setup
from .state import own
from .views import (
    OVERLAYS,
    describe_phase,
    off_map,
    on_map,
    outcome_names,
    overlay,
    roll_hits,
    selected_unit,
)

#: State keys holding a dict or a list of plain values (strings, numbers, None): copied one
#: level deep (:meth:`DefiantRussia.copy_state`).
FLAT_KEYS = ("eliminated_at", "airborne_moved", "done", "hexes_attacked", "fortress_lost")
#: Keys holding a dict whose values are plain values or flat lists and dicts: the movement
#: record ({"phase", "selected", "leave": [...], "rail": [...], "control_before": {...}})
#: and the pools ({side: {pool: points}}).
TWO_LEVEL_KEYS = ("movement", "pools")
#: Keys the copy shares: the units table and the control table (replaced whole:
#: ``rules.set_unit``, ``control.set_control``), the options (never changed), and (for a
#: moment) those copied two levels deep.
SHARED_KEYS = ("units", "control", "options", *TWO_LEVEL_KEYS)


class DefiantRussia(SequencedGame):
    name = "dr"
    title = "Defiant Russia"
    sides = ("axis", "soviet")
    rulebook = "defiant-russia.txt"
    rule_prefix = "DR"
    coverage_table = "defiant-russia.md"
    rule_notes_file = DATA / "rule_notes.toml"
    #: an attack's Air Points (DR 11.7), the unit and hex a decision is about, a battle's hits
    decision_keys = ("kind", "side", "targets", "attackers", "air", "unit", "hex", "hits")

    def scenarios(self) -> list[Scenario]:
        return [
            Scenario(
                "1941",
                "Barbarossa: June to December 1941",
                "The full game: seven monthly turns, victory cities counted after December.",
                "DR 4.0",
            ),
            Scenario(
                "defiant-poland",
                "Defiant Poland: September 1939",
                "The one-turn introductory scenario; the Polish player takes the Soviet seat and "
                "wins if any Polish unit survives. Reconstructed (docs/data/dr-setup.md).",
                "DR 2.0",
            ),
        ]

    def options(self) -> list[Option]:
        campaign = ("1941",)
        return [
            Option("random-weather", "DR 8.2", "Roll for the weather from Turn Three on.",
                   scenarios=campaign),
            Option("axis-preparation", "DR 12.1", "Three German units a hex at set-up.",
                   scenarios=campaign),
            Option("five-year-plan", "DR 12.2", "All Soviet tank corps begin at full strength.",
                   scenarios=campaign),
            Option("early-start", "DR 12.3", "Begin in May 1941 (Turn Zero).",
                   scenarios=campaign),
            Option("universal-conscription", "DR 12.4", "Soviet replacements are eight a turn.",
                   scenarios=campaign),
            Option("defiant-turkey", "DR 12.5", "Turkey may join the Axis.", scenarios=campaign),
            Option("italian-africa", "DR 12.6", "DAK armor joins Antonescu; no Italian CSIR.",
                   scenarios=campaign),
            Option("timoshenko", "DR 12.7", "Marshal Timoshenko begins in Moscow.",
                   scenarios=campaign),
            Option("defiant-lithuania", "DR 12.8", "Lithuania begins under Axis control.",
                   scenarios=campaign),
            Option("hungarian-fast-corps", "DR 12.9", "The Hungarian mobile corps may go home.",
                   scenarios=campaign),
            Option("slovakia", "DR 2.0", "Defiant Poland: the Slovak field army joins the "
                   "attack (reconstructed).", scenarios=("defiant-poland",)),
        ]  # fmt: skip

    def board(self) -> GameMap:
        return board()

    def sectors(self) -> dict[str, str]:
        return sectors()

    def data_checks(self) -> list[tuple[str, Callable[[], list[str]]]]:
        return [
            *super().data_checks(),
            ("charts", check_charts),
            ("counters", check_counters),
            ("setup", check_setup),
            ("defiant-poland", check_defiant_poland),
            ("rule-notes", lambda: notes_summary(self)),
        ]

    def chart(self, state: ProtocolState | None = None) -> list[dict[str, Any]]:
        return chart_tables(self.rules_for(state).charts if state is not None else None)

    # -- the rules -----------------------------------------------------------
    def rules_for(self, state: ProtocolState) -> Any:
        if state.get("scenario") == "defiant-poland":
            return scenario_rules("defiant-poland")
        return rules.rules_with_map(self.map_for(state))

    def setup_scenario(self, state: ProtocolState) -> None:
        if state["scenario"] == "defiant-poland":
            initial_scenario_state(self.rules_for(state), own(state), "defiant-poland")
        else:
            initial_state(self.rules_for(state), own(state))

    def setup_position(self, state: ProtocolState, position: Mapping[str, Any]) -> None:
        from_position(self.rules_for(state), own(state), position)

    def copy_state(self, state: ProtocolState) -> ProtocolState:
        """The flat tables and lists are copied as such. The units and control tables are
        replaced, never changed in place (``rules.set_unit``, ``control.set_control``), and
        the options never change: the copy shares them. The movement record and the pools
        are dicts of flat values (lists, dicts, numbers): copied two levels deep."""
        new = cast(dict[str, Any], copy_state(own(state), shallow=FLAT_KEYS, shared=SHARED_KEYS))
        for k in TWO_LEVEL_KEYS:
            v = new.get(k)
            if type(v) is dict:
                new[k] = {a: (b.copy() if type(b) in (dict, list) else b) for a, b in v.items()}
        return cast(ProtocolState, new)

    def engine(self) -> ModuleType:
        return sequence

    def roll_distribution(self, state: ProtocolState, action: Action) -> Any:
        """Exact outcome of the dice an attack's ``roll`` (or an air strike) would throw."""
        return roll_distribution(self.rules_for(state), own(state), action)

    def invariants(self, state: ProtocolState) -> list[str]:
        """What is wrong with a state (empty when all is well): see invariants.py."""
        return broken(self.rules_for(state), own(state))

    def counters(self, state: ProtocolState) -> list[CounterView]:
        return on_map(self.rules_for(state), own(state))

    # -- what interfaces show (views.py) ---------------------------------------
    def describe_phase(self, state: ProtocolState) -> dict[str, Any]:
        return describe_phase(own(state))

    def off_map(self, state: ProtocolState) -> list[dict[str, Any]]:
        return off_map(self.rules_for(state), own(state), self.sides)

    def selected_unit(self, state: ProtocolState) -> str | None:
        return selected_unit(own(state))

    def overlays(self) -> tuple[str, ...]:
        return OVERLAYS

    def overlay(self, state: ProtocolState, kind: str, side: str) -> dict[str, Any]:
        return overlay(self.rules_for(state), own(state), kind, side)

    def roll_hits(self, entry: Mapping[str, Any]) -> dict[str, int] | None:
        return roll_hits(entry)

    def outcome_names(self, state: ProtocolState, action: Action, width: int) -> list[str]:
        return outcome_names(action, width)

    # -- what the computer players know (ai/) ----------------------------------
    def evaluator(self, teamwork: bool = False) -> Evaluator:
        return DefiantRussiaEvaluator(teamwork)


GAME = DefiantRussia()
