"""Skirmish: a tiny two-sided hex game that exists only to test the engine protocol.

It has what the real games need from the door — compound moves (pick a unit, then a hex),
dice, a decision for the non-phasing side (how to take hits), hand-overs, an end — on an
8×8 map with one river, in a hundred-odd lines.

Rules: sides red and blue, four turns, red first. In its player-turn a side moves each of
its units up to one hex (not across the river, not into an enemy), then each unit adjacent
to an enemy may attack one adjacent enemy unit: it rolls one die per strength point, each
5–6 a hit. The defender takes each hit as a step loss (strength 2 → 1 → gone) or, once per
attack and after at least one loss, retreats one hex instead of the remaining hits.
After four turns the side with more strength on the map wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ostfront.core.mapmodel import GameMap, load_map_text
from ostfront.core.protocol import (
    Action,
    CounterView,
    Game,
    Option,
    Prompt,
    Result,
    Scenario,
    Side,
    State,
)
from ostfront.core.rng import Distribution, hits

TOY_MAP = """
[map]
id = "toy"
title = "Skirmish, eight by eight"
provenance = "Synthetic test map."

[grid]
id_order = "colrow"
offset = "even-q"
columns = [1, 8]
rows = [1, 8]

[terrain]
default = "clear"
swamp = ["0605-06"]

[[hexsides]]
kind = "river"
name = "Test River"
sides = ["0401/0501", "0401/0502", "0402/0502", "0402/0503", "0403/0503", "0403/0504"]

[[places]]
hex = "0404"
name = "Crossroads"
kinds = ["city"]
"""

START = {
    "r1": ("red", "0203"),
    "r2": ("red", "0204"),
    "b1": ("blue", "0603"),
    "b2": ("blue", "0604"),
}
LAST_TURN = 4


class Skirmish(Game):
    name = "toy"
    title = "Skirmish (protocol test game)"
    sides = ("red", "blue")
    decision_keys = ("hits",)  # the hits the defender is to take
    _map: GameMap | None = None

    def scenarios(self) -> list[Scenario]:
        return [Scenario("basic", "Two against two"), Scenario("lone", "One against one")]

    def options(self) -> list[Option]:
        return [Option("long", None, "Play six turns instead of four.")]

    def board(self) -> GameMap:
        if Skirmish._map is None:
            Skirmish._map = load_map_text(TOY_MAP, "toy map")
        return Skirmish._map

    # ---------------------------------------------------------------- setup
    def setup_scenario(self, state: State) -> None:
        ids = list(START) if state["scenario"] == "basic" else ["r1", "b1"]
        units = {u: {"side": START[u][0], "hex": START[u][1], "strength": 2} for u in ids}
        self._begin(state, units, turn=1, phasing="red")

    def setup_position(self, state: State, position: Mapping[str, Any]) -> None:
        gmap = self.map_for(state)
        units = {}
        for u in position["units"]:
            side = "red" if u["id"].startswith("r") else "blue"
            if u["hex"] is not None:
                gmap.grid.check(u["hex"])
            units[u["id"]] = {
                "side": side,
                "hex": u["hex"],
                "strength": 1 if "reduced" in u["status"] else 2,
            }
        self._begin(
            state, units, turn=position.get("turn") or 1, phasing=position.get("active") or "red"
        )

    def _begin(self, state: State, units: dict[str, Any], turn: int, phasing: str) -> None:
        state.update(
            turn=turn,
            phasing=phasing,
            phase="move",
            selected=None,
            units=units,
            done=[],
            pending=None,
        )

    # ---------------------------------------------------------------- queries
    def last_turn(self, state: State) -> int:
        return 6 if state["options"]["long"] else LAST_TURN

    def other(self, side: Side) -> Side:
        return "blue" if side == "red" else "red"

    def at(self, state: State, hex_id: str) -> list[str]:
        return [u for u, d in state["units"].items() if d["hex"] == hex_id]

    def enemy_at(self, state: State, hex_id: str, side: Side) -> bool:
        return any(state["units"][u]["side"] != side for u in self.at(state, hex_id))

    def own(self, state: State, side: Side) -> list[str]:
        return [u for u, d in state["units"].items() if d["side"] == side and d["hex"]]

    def steps_into(self, state: State, unit: str) -> list[str]:
        d = state["units"][unit]
        g = self.map_for(state)
        return [
            n
            for n in g.grid.neighbours(d["hex"])
            if not g.has_side(d["hex"], n, "river") and not self.enemy_at(state, n, d["side"])
        ]

    def targets(self, state: State, unit: str) -> list[str]:
        d = state["units"][unit]
        g = self.map_for(state)
        return [
            e
            for n in g.grid.neighbours(d["hex"])
            for e in self.at(state, n)
            if state["units"][e]["side"] != d["side"]
        ]

    # ---------------------------------------------------------------- the hooks
    def active_side(self, state: State) -> Side | None:
        if state["phase"] == "over":
            return None
        if state["phase"] == "loss":
            return self.other(state["phasing"])
        return state["phasing"]

    def actions(self, state: State) -> list[Action]:
        side = self.active_side(state)
        phase = state["phase"]
        hexes = {u: d["hex"] for u, d in state["units"].items()}
        if phase == "move" and state["selected"] is None:
            acts = [
                Action(
                    "select",
                    (u,),
                    f"Select {u}",
                    "toy 1",
                    side,
                    role="select",
                    units=(u,),
                    hexes=(hexes[u],),
                    group="Move a unit",
                    highlight="move",
                )
                for u in self.own(state, side)
                if u not in state["done"]
            ]
            return [
                *acts,
                Action("end", (), "End movement", "toy 1", side, role="end", group="End"),
            ]
        if phase == "move":
            u = state["selected"]
            acts = [
                Action(
                    "move",
                    (h,),
                    f"Move {u} to {h}",
                    "toy 1",
                    side,
                    role="move",
                    units=(u,),
                    hexes=(h,),
                    path=(hexes[u], h),
                    cost=1,
                    group="Move to",
                    highlight="move",
                )
                for h in self.steps_into(state, u)
            ]
            return [*acts, Action("stay", (), f"{u} stays", "toy 1", side, group="Stay")]
        if phase == "combat":
            acts = [
                Action(
                    "attack",
                    (u, t),
                    f"{u} attacks {t}",
                    "toy 2",
                    side,
                    role="attack",
                    units=(u, t),
                    hexes=(hexes[t],),
                    group="Attack",
                    highlight="attack",
                )
                for u in self.own(state, side)
                if u not in state["done"]
                for t in self.targets(state, u)
            ]
            return [
                *acts,
                Action("end", (), "End the player-turn", "toy 2", side, role="end", group="End"),
            ]
        # phase == "loss": the defender decides how to take the hits
        p = state["pending"]
        t = p["target"]
        acts = [Action("lose", (t,), f"{t} loses a step", "toy 3", side, group="Losses")]
        if p["lost"] >= 1:
            acts += [
                Action(
                    "retreat",
                    (h,),
                    f"{t} retreats to {h}",
                    "toy 3",
                    side,
                    role="move",
                    units=(t,),
                    hexes=(h,),
                    group="Retreat",
                    highlight="retreat",
                )
                for h in self.steps_into(state, t)
            ]
        return acts

    def perform(self, state: State, action: Action) -> None:
        getattr(self, "_do_" + action.verb)(state, *action.args)

    def _do_select(self, state: State, unit: str) -> None:
        state["selected"] = unit

    def _do_move(self, state: State, hex_id: str) -> None:
        state["units"][state["selected"]]["hex"] = hex_id
        self._do_stay(state)

    def _do_stay(self, state: State) -> None:
        state["done"].append(state["selected"])
        state["selected"] = None

    def _do_end(self, state: State) -> None:
        state["done"] = []
        if state["phase"] == "move":
            state["phase"] = "combat"
            return
        if state["phasing"] == "blue":
            state["turn"] += 1
        state["phasing"] = self.other(state["phasing"])
        state["phase"] = "move"
        if state["turn"] > self.last_turn(state) or not all(self.own(state, s) for s in self.sides):
            state["phase"] = "over"

    def _do_attack(self, state: State, unit: str, target: str) -> None:
        dice = self.roll(state, state["units"][unit]["strength"], f"{unit} attacks {target}")
        n = sum(1 for d in dice if d >= 5)
        state["done"].append(unit)
        if n:
            state["pending"] = {"target": target, "hits": n, "lost": 0}
            state["phase"] = "loss"

    def _do_lose(self, state: State, target: str) -> None:
        p = state["pending"]
        u = state["units"][target]
        u["strength"] -= 1
        p["hits"] -= 1
        p["lost"] += 1
        if u["strength"] == 0:
            u["hex"] = None
        if p["hits"] == 0 or u["hex"] is None:
            self._close_combat(state)

    def _do_retreat(self, state: State, hex_id: str) -> None:
        state["units"][state["pending"]["target"]]["hex"] = hex_id
        self._close_combat(state)

    def _close_combat(self, state: State) -> None:
        state["pending"] = None
        state["phase"] = "combat"
        if not all(self.own(state, s) for s in self.sides):
            state["phase"] = "over"

    def prompt(self, state: State) -> Prompt:
        side = self.active_side(state)
        phase = state["phase"]
        if phase == "over":
            return Prompt(None, "The game is over.")
        if phase == "loss":
            p = state["pending"]
            return Prompt(side, f"Take {p['hits']} hit(s) on {p['target']}", "toy 3")
        if phase == "move":
            if state["selected"]:
                return Prompt(side, f"Choose a hex for {state['selected']}", "toy 1")
            return Prompt(side, "Select a unit to move, or end movement", "toy 1")
        return Prompt(side, "Attack, or end the player-turn", "toy 2")

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        score = {
            s: sum(state["units"][u]["strength"] for u in self.own(state, s)) for s in self.sides
        }
        winner = None if score["red"] == score["blue"] else max(score, key=score.__getitem__)
        return Result(winner, score, "strength left on the map")

    def roll_distribution(self, state: State, action: Action) -> Distribution | None:
        if action.verb != "attack":
            return None
        return hits(state["units"][str(action.args[0])]["strength"], hit_faces=2)

    def counters(self, state: State) -> list[CounterView]:
        return [
            CounterView(
                u,
                d["hex"],
                d["side"],
                d["side"],
                "infantry",
                f"{d['strength']}-1",
                label=u,
                reduced=d["strength"] == 1,
            )
            for u, d in sorted(state["units"].items())
            if d["hex"]
        ]


GAME = Skirmish()
