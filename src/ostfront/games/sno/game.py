"""Sturm Nach Osten as registered with Ostfront: its scenarios, options and board, and the door
into its rules (one module per rulebook section: see docs/rules/sturm-nach-osten.md).

``ostfront new sno`` plays the June 1941 Campaign Scenario (SNO 12.A) from its set-up steps
(deployment.py) to May 1945 or the agreed December (15.7), with option 13.0; custom positions
start anywhere (``--position FILE``, positions.py). The later scenarios (12.B-E: forces by
combat-factor totals) and the strategic options (14.x) come with part 3 and are refused,
naming it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ...core.data_check import map_notes
from ...core.mapmodel import GameMap, load_map
from ...core.protocol import (
    Action,
    CounterView,
    NotPlayable,
    Option,
    Scenario,
    SequencedGame,
    copy_state,
)
from ...core.protocol import State as ProtocolState

DATA = Path(__file__).parent / "data"


@cache
def board() -> GameMap:
    """The Sturm Nach Osten map (see docs/data/sno.md for where every value comes from)."""
    return load_map(DATA / "map.toml")


#: Counter type -> the NATO symbol the renderer draws.
SYMBOLS = {
    "infantry": "infantry", "mountain": "mountain", "shock": "shock", "front": "infantry",
    "armor": "armor", "armored_infantry": "mech", "armored_cavalry": "cavalry",
    "garrison": "infantry", "factory": "factory", "zhukov": "leader",
}  # fmt: skip
#: Strategic options (SNO 14.x) come with part 3 of the engine.
STRATEGIC = ("free-soviet-setup", "stalin-line", "modernization", "may-conservative",
             "may-daring", "siberian-reserves", "partisans")  # fmt: skip


def refuse_strategic(state: ProtocolState) -> None:
    """The strategic options (SNO 14.x) come with part 3 of the engine: choosing one is
    refused, naming it."""
    chosen = [o for o in STRATEGIC if state["options"].get(o)]
    if chosen:
        raise NotPlayable(
            "Sturm Nach Osten: the strategic options (SNO 14.x: "
            + ", ".join(chosen)
            + ") come with part 3 of the engine"
        )


@cache
def _engine() -> ModuleType:
    """The sequence of play, imported the first time a game is played (the registry lists
    games without loading their rules)."""
    from . import sequence

    return sequence


class SturmNachOsten(SequencedGame):
    name = "sno"
    title = "Sturm Nach Osten"
    sides = ("axis", "soviet")
    rulebook = "sturm-nach-osten.txt"
    playable_note = (
        "the June 1941 Campaign Scenario (SNO 12.A) and custom positions (--position); the "
        "later scenarios and the strategic options come with part 3"
    )

    def scenarios(self) -> list[Scenario]:
        return [
            Scenario("1941", "June 1941: the Campaign Scenario", "To May 1945.", "SNO 12.A"),
            Scenario("1942a", "May 1942", "Axis moves first. Part 3.", "SNO 12.B"),
            Scenario("1942b", "November 1942", "Soviet player-turn first. Part 3.", "SNO 12.C"),
            Scenario("1943", "June 1943", "Kursk. Part 3.", "SNO 12.D"),
            Scenario("1944", "June 1944", "Soviet player-turn first. Part 3.", "SNO 12.E"),
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
            Option(
                "end",
                "SNO 15.7",
                "End the game at this Victory Determination Turn; a draw if neither side has "
                "won by then.",
                default="1945-05",
                choices=("1945-05", "1941-12", "1942-12", "1943-12", "1944-12"),
            ),
        ]

    def board(self) -> GameMap:
        return board()

    def data_checks(self) -> list[tuple[str, Callable[[], list[str]]]]:
        """Every SNO data file, each loaded, validated and summarised (``ostfront data check``)."""
        from .counters import counter_notes
        from .crt import crt_notes
        from .markers import marker_notes
        from .setup import scenario_notes
        from .tables import table_notes

        return [
            ("map", lambda: map_notes(self.board())),
            ("counters", counter_notes),
            ("crt", crt_notes),
            ("tables", table_notes),
            ("scenarios", scenario_notes),
            ("markers", marker_notes),
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

    # -- the rules -----------------------------------------------------------
    def rules_for(self, state: ProtocolState) -> Any:
        from .rules import rules_with_map

        return rules_with_map(self.map_for(state))

    def setup_scenario(self, state: ProtocolState) -> None:
        """SNO 12.A: the June 1941 Campaign Scenario, from the set-up (deployment.py)."""
        from .deployment import start

        refuse_strategic(state)
        start(self.rules_for(state), state)

    def setup_position(self, state: ProtocolState, position: Mapping[str, Any]) -> None:
        from .positions import from_position

        refuse_strategic(state)
        from_position(self.rules_for(state), state, position)

    def copy_state(self, state: ProtocolState) -> ProtocolState:
        """The control tables are flat: copied as such. The units table is replaced, never
        changed in place (``rules.set_unit``): the copy shares it."""
        return copy_state(state, shallow=("control", "entered", "seas"), shared=("units",))

    def engine(self) -> ModuleType:
        return _engine()

    def roll_distribution(self, state: ProtocolState, action: Action) -> Any:
        """The exact outcome of the die an attack's roll would throw (SNO 7.2.1 step six)."""
        from .combat import distribution

        return distribution(self.rules_for(state), state, action)

    def invariants(self, state: ProtocolState) -> list[str]:
        """What is wrong with a state (empty when all is well): see invariants.py."""
        from .invariants import broken

        return broken(self.rules_for(state), state)

    # ===================================================================== H7: VIEWS ====
    # What interfaces show of a position (the protocol's view hooks: the server and the
    # web client draw SNO from these, game-neutral). Owned by the web work (issue 26, H7).
    def counters(self, state: ProtocolState) -> list[CounterView]:
        """The counters on the map: the face in use (SNO 10.1, 10.3, 10.4.8, 10.6.7: a
        flipped unit shows its back face's factors, named), and the markers on each
        (dispersed, fortified, HAB 10.2, overrun 5.4, Blitz 5.4.1b, out of fuel 5.3.4)."""
        from .rules import BOXES, combat_factor, movement_factor

        R = self.rules_for(state)
        marked = _markers(state)
        out = []
        for uid, d in sorted(state["units"].items()):
            if d["at"] in BOXES:
                continue
            unit = R.unit(uid)
            cf = combat_factor(R, state, uid)
            mf = movement_factor(R, uid, state)
            factors = "" if unit.front is None else (f"{cf}-{mf}" if mf else str(cf))
            markers = tuple(m for m in ("dispersed", "fortified") if d.get(m))
            out.append(
                CounterView(
                    uid,
                    d["at"],
                    unit.side,
                    unit.nationality,
                    SYMBOLS.get(unit.type, "infantry"),
                    factors,
                    label=unit.name,
                    markers=markers + marked.get(uid, ()),
                    face=_face_name(unit) if d.get("flipped") and unit.back else "",
                )
            )
        return out

    def describe_phase(self, state: ProtocolState) -> dict[str, Any]:
        """The month and phase for people, and the rule (SNO 1.0; weather 6.1)."""
        if not state.get("phase") or not state.get("turn"):
            return {"title": "", "rule": None, "weather_rule": "SNO 6.1"}
        from .sequence import describe

        d = describe(state)
        return {"title": d["title"], "rule": d["rule"], "weather_rule": "SNO 6.1"}

    def off_map(self, state: ProtocolState) -> list[dict[str, Any]]:
        """The units off the map by box (SNO 11.7, 11.15; 10.1.2, 10.5.5), each drawn as
        the counter it would be (its front face)."""
        R = self.rules_for(state)
        found: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for uid, d in sorted(state["units"].items()):
            box = d["at"]
            if box not in BOX_TITLES:
                continue
            unit = R.unit(uid)
            front = unit.front
            factors = (
                "" if front is None else f"{front.cf}-{front.mf}" if front.mf else f"{front.cf}"
            )
            view = CounterView(
                uid,
                box,
                unit.side,
                unit.nationality,
                SYMBOLS.get(unit.type, "infantry"),
                factors,
                label=unit.name,
            )
            entry: dict[str, Any] = {"id": uid, "name": unit.name, "counter": view}
            if box == "reserve" and getattr(unit, "reinforcement", None):
                entry["turn"] = unit.reinforcement
            found.setdefault((box, unit.side), []).append(entry)
        return [
            {"box": box, "title": title, "side": side, "units": found[(box, side)]}
            for box, title in BOX_TITLES.items()
            for side in self.sides
            if (box, side) in found
        ]

    def highlight(self, action: Action) -> str | None:
        return HIGHLIGHTS.get(action.verb)

    def selected_unit(self, state: ProtocolState) -> str | None:
        """The unit picked to move in the Operational Movement Phase (SNO 5.1.2), or to set
        up elsewhere (12.A(3): deployment's pending pick)."""
        p = state.get("pending")
        if isinstance(p, dict) and p.get("kind") == "setup_pick" and p.get("unit"):
            return str(p["unit"])
        rec = state.get("omp")
        if rec and rec.get("turn") == state.get("turn") and rec.get("phase") == state.get("phase"):
            sel = rec.get("selected")
            return str(sel) if sel else None
        return None

    def move_paths(self, state: ProtocolState, actions: Iterable[Action]) -> dict[str, list[str]]:
        """A move's path as the engine worked it out when offering it (the ``to`` action's
        payload: movement.Move.path, the unit's hex first)."""
        out = {}
        for a in actions:
            path = getattr(a.payload, "path", None)
            if a.verb in ("to", "advance") and isinstance(path, tuple) and len(path) > 1:
                out[a.text] = list(path)
        return out

    def overlays(self) -> tuple[str, ...]:
        return ("supply", "zoc", "control")

    def overlay(self, state: ProtocolState, kind: str, side: str) -> dict[str, Any]:
        """Supply (SNO 9.0-9.2: the hexes a supply line of the side's nationalities reaches,
        and each combat unit in or out of supply, with its line: supply_lines.py), ZOC (3.1)
        and city control (3.2)."""
        from ...core.memo import reading
        from . import supply, supply_lines, zoc

        R = self.rules_for(state)
        out: dict[str, Any] = {"hexes": {}, "units": {}}
        with reading(state):
            if kind == "control":
                out["hexes"] = {h: s for h, s in (state.get("control") or {}).items() if s}
            elif kind == "zoc":
                out["hexes"] = {h: side for h in sorted(zoc.zoc(R, state, side))}
            elif kind == "supply":
                status = supply.status(R, state, side)
                hexes: set[str] = set()
                for nationality in sorted({R.unit(u).nationality for u in status}):
                    hexes |= supply.supplied_area(R, state, side, nationality)
                out["hexes"] = {h: side for h in sorted(hexes)}
                out["units"] = dict(sorted(status.items()))
                out["lines"] = supply_lines.lines(R, state, side)  # SNO 9.1.1-9.1.2
        return out

    def outcome_names(self, state: ProtocolState, action: Action, width: int) -> list[str]:
        return (
            ["Combat result (SNO 7.2.1)"] * width
            if width == 1
            else super().outcome_names(state, action, width)
        )

    def decision_view(self, state: ProtocolState) -> dict[str, Any] | None:
        """An attack or overrun being declared (SNO 7.1.9-7.1.11: the draft of the combat
        plan; 5.4: the overrun's draft): its attackers and its defenders' hexes, lit."""
        p = state.get("pending")
        if isinstance(p, dict):
            return _pending_view(state, p)
        c = state.get("combat")
        kind, draft = "overrun", state.get("overrun_draft")
        if not draft:
            kind, draft = "attack", c.get("draft") if isinstance(c, dict) else None
        if not draft:
            return None
        units = state["units"]
        return {
            "kind": kind,
            "side": self.active_side(state),
            "targets": sorted({units[u]["at"] for u in draft["defenders"] if u in units}),
            "attackers": list(draft["attackers"]),
        }

    def chart(self, state: ProtocolState | None = None) -> list[dict[str, Any]]:
        """The Terrain Effects Chart as people read it, from data/tables.toml (SNO 5.1.3,
        5.5, 5.6; 11.8's replacement limits): hexes, hexsides and places, each row with
        the rules it comes from and what of it is reconstructed."""
        from .tables import load_tables

        return _chart_tables(load_tables().tec)

    def shipped_positions(self) -> list[dict[str, Any]]:
        """The teaching and test positions in data/positions (see its README)."""
        return [dict(p) for p in _shipped_positions()]

    def shipped_position(self, position_id: str) -> dict[str, Any]:
        from ...core.position import load_position

        for p in _shipped_positions():
            if p["id"] == position_id:
                return load_position(DATA / "positions" / f"{position_id}.toml")
        return super().shipped_position(position_id)


#: H7 (views): the boxes shown beside the map, in this order, with their titles.
BOX_TITLES = {
    "reserve": "Reinforcements to come",
    "dead": "Eliminated (may return as replacements)",
    "lost": "Eliminated for good",
    "pool": "Not yet in play (replacements)",
}
#: H7 (views): verb -> how the browser lights the hex an action names.
HIGHLIGHTS = {
    "to": "move", "advance": "move", "attack": "attack", "target": "attack",
    "retarget": "attack", "retreat": "retreat", "replace": "place", "reinforce": "place",
    "place": "place", "setup": "place", "order": "other", "cancel": "other",
    "overrun": "attack",
}  # fmt: skip
#: H7 (views): what a flipped counter's back face is, by counter type (SNO 10.1, 10.3, ...).
_BACK_FACES = {
    "front": "weaker side", "shock": "weaker side", "armor": "unrefitted",
    "armored_infantry": "unrefitted", "armored_cavalry": "unrefitted",
    "factory": "entrained", "zhukov": "AD side",
}  # fmt: skip


def _chart_tables(tec: Any) -> list[dict[str, Any]]:
    """H7 (views): the TEC's three parts as the browser's chart tables."""

    def name(key: str) -> str:
        return key.replace("_", " ").capitalize()

    def rebuilt(row: Any) -> str:
        if not row.reconstructed:
            return ""
        cells = "" if row.reconstructed is True else " (" + ", ".join(row.reconstructed) + ")"
        return f"reconstructed{cells}: {row.why}"

    def row(cells: list[str], r: Any) -> dict[str, Any]:
        return {"cells": cells, "rule": r.source or tec.source, "reconstructed": rebuilt(r)}

    hexes = [
        row([name(r.terrain), *(str(r.move[c]) for c in tec.classes), "; ".join(r.combat)], r)
        for r in tec.hexes
    ]
    sides = [
        row(
            [
                name(r.side),
                r.move + (f" (+{r.extra_mp} MP)" if r.extra_mp else ""),
                "; ".join(r.combat),
            ],
            r,
        )
        for r in tec.hexsides
    ]
    places = [
        row([name(r.place), "; ".join(r.combat) or "no effect", str(r.replacement_limit)], r)
        for r in tec.places
    ]
    who = "; ".join(f"{c}: " + ", ".join(sorted(u for u, k in tec.unit_class.items() if k == c))
                    for c in tec.classes)  # fmt: skip
    return [
        {"id": "terrain", "title": "Terrain effects: hexes", "rule": "SNO 5.5",
         "columns": ["Terrain", *(name(c) for c in tec.classes), "Combat"],
         "note": f"MPs to enter the hex by movement class ({who}).", "rows": hexes},
        {"id": "hexsides", "title": "Terrain effects: hexsides", "rule": "SNO 5.5",
         "columns": ["Hexside", "Movement", "Combat"], "note": "", "rows": sides},
        {"id": "places", "title": "Cities and towns", "rule": "SNO 5.6",
         "columns": ["Place", "Combat", "Replacement limit (11.8)"], "note": "", "rows": places},
    ]  # fmt: skip


def _pending_view(state: ProtocolState, p: dict[str, Any]) -> dict[str, Any] | None:
    """H7 (views): the hexes a combat decision is about, lit: the retreating units' hexes
    (7.3.6), the hexes an advance may enter (7.7.3a), the besieged city (9.4.2.2)."""
    units = state["units"]
    at = [units[u]["at"] for u in p.get("units") or () if u in units]
    kind = p.get("kind")
    if kind == "retreat":
        targets = at
    elif kind == "advance":
        targets = list(p.get("vacated") or ())
    elif kind == "siege" and p.get("city"):
        targets = [p["city"]]
    else:
        return None
    out = {"kind": kind, "side": p.get("side"), "targets": sorted(set(targets))}
    if kind == "advance":
        out["attackers"] = list(p.get("units") or ())
    return out


def _face_name(unit: Any) -> str:
    if getattr(unit, "juggernaut", False):
        return "weaker side"
    return _BACK_FACES.get(unit.type, "back")


def _markers(state: ProtocolState) -> dict[str, tuple[str, ...]]:
    """H7 (views): unit id -> the part-2 markers on it: HAB (10.2), overrun (5.4), Blitz
    (5.4.1b), out of fuel (5.3.4)."""
    out: dict[str, list[str]] = {}
    for uid in state.get("hab") or ():
        out.setdefault(uid, []).append("HAB")
    for o in state.get("overruns") or ():
        for uid in [*o.get("attackers", ()), *o.get("defenders", ())]:
            out.setdefault(uid, []).append("overrun")
    for uid in state.get("blitz") or ():
        out.setdefault(uid, []).append("Blitz")
    for uid in state.get("fuel_short") or ():
        out.setdefault(uid, []).append("no fuel")
    return {u: tuple(m) for u, m in out.items()}


@cache
def _shipped_positions() -> tuple[dict[str, Any], ...]:
    import tomllib

    out = []
    for path in sorted((DATA / "positions").glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        out.append(
            {
                "id": path.stem,
                "title": str(data.get("note", path.stem)),
                "summary": f"A custom position, {data.get('turn', '')} ({path.name})",
                "turn": data.get("turn"),
            }
        )
    return tuple(out)


# ===================================================================== end of H7: VIEWS ====


GAME = SturmNachOsten()
