"""How the computer players score Defiant Russia's decisions, on :mod:`evaluation`'s knowledge:
a move by what it gains (greedy: the static evaluation one step ahead; normal: the worth of
the hexes and teamwork), a unit to move by its best move (lazy greedy), the Axis attack
plan's moves first (:mod:`plan`), an attack by its exact odds (:mod:`attacks`), and for
normal an advance after combat as a move into the cleared hex.
:class:`DefiantRussiaEvaluator` is the game's :class:`~ostfront.core.protocol.Evaluator`.
"""

from __future__ import annotations

from typing import Any

from ....core.paths import path_to
from ....core.protocol import Game
from ....core.protocol import State as ProtocolState
from .. import airborne, movement
from ..movement import stranded_marshals
from ..movement_rules import kind, record
from ..results import cleared
from ..rules import (
    Rules,
    State,
    ground_hexes,
    ground_units_at,
    hex_of,
    occupancy,
    other,
    phase_side,
    reading,
)
from ..stacking import stack_problems
from ..state import own
from ..victory import turns_to_go
from .attacks import combat_values
from .contact import contact_price
from .evaluation import (
    ADVANCE,
    CITY_POINT,
    HEX_CONTROLLED,
    Terrain,
    evaluate,
    exposure,
    final_score,
    hex_worth,
    rules_of,
    support,
    terrain_view,
)
from .plan import DEFAULT as DEFAULT_PLAN
from .plan import make_plan
from .styles import APPROACH, APPROACH_TURNS, LAST, NORMAL, Style

OVERSTACKED = 20.0
PLANNED = 3.0  # a move the attack plan asks for (plan)
PLANNING: tuple[str, ...] = ("move", "exploit")  # the phases planned


def move_gain(
    R: Rules,
    state: State,
    view: Terrain,
    uid: str,
    dest: str,
    teamwork: bool = False,
    verb: str = "to",
    stay: float | None = None,
    style: Style = NORMAL,
) -> float:
    """What moving ``uid`` to ``dest`` gains: for the normal player (``teamwork``) by the
    worth of the hexes and the support it gives; for greedy by the static evaluation one
    step ahead (:func:`static_gain`). An over-stacked destination costs a unit at the end of
    the phase (6.2). Both add the price of the compulsory attack the destination brings, less
    that of staying (7.0: :func:`~ostfront.games.dr.ai.contact.contact_price`). The hard
    player's ``style`` (:mod:`.styles`) adds to the normal player's move: with ``take``, the
    hexes it takes on its way, a victory city with its points (6.4C, 13.0B); with ``march``,
    the hexes it comes nearer the nearest enemy-held victory city. A drop (11.3) is worth
    its move times the chance the unit lands (11.3.1D)."""

    here = hex_of(state, uid)
    if here is None:
        return 0.0
    if teamwork:
        gain = hex_worth(R, state, view, uid, dest) - hex_worth(R, state, view, uid, here)
        gain += support(R, state, view, uid, dest) - support(R, state, view, uid, here)
        if style.take:
            gain += taken_on_the_way(R, state, view, uid, dest, verb)
        if style.march:
            gain += style.march * (view.objective.get(here, 40) - view.objective.get(dest, 40))
    else:
        gain = static_gain(R, state, view, uid, dest, verb)
    if dest != here:  # DR 7.0: the compulsory attack each hex brings (every level)
        if stay is None:
            stay = contact_price(R, state, view, uid, here)
        gain += contact_price(R, state, view, uid, dest) - stay
    there = [u for u in occupancy(state).get(dest, ()) if u != uid]
    if stack_problems(R, state, [*there, uid]):
        gain -= OVERSTACKED
    if verb == "drop":  # DR 11.3.1D: the move is made only if the unit lands
        gain *= lands(R, uid)
    return gain


def lands(R: Rules, uid: str) -> float:
    """The chance a parachute drop by ``uid`` is not destroyed (11.3.1D, 11.3.2D)."""
    destroyed = [f for f, r in airborne.RESULTS[R.unit(uid).side].items() if r == "destroyed"]
    return 1 - len(destroyed) / 6


def city_drops(R: Rules, state: State, view: Terrain, uid: str) -> list[str]:
    """The empty enemy-held victory cities ``uid`` may drop into now (11.3.1C; 6.4C: it
    takes one by landing there) - a drop the attack plan leaves the unit free to make."""
    return [h for h in airborne.drop_hexes(R, state, uid) if h in view.enemy_cities]


def static_gain(
    R: Rules, state: State, view: Terrain, uid: str, dest: str, verb: str = "to"
) -> float:
    """The greedy player's value of a move: what it changes in :func:`evaluate` - every hex
    the unit passes comes under its side's control (6.4C), a victory city among them with
    its points (13.0B) - and, for the Axis, how much nearer it brings the unit to the
    nearest Soviet-held victory city (``ADVANCE`` a hex: the Axis must go and take them;
    the Soviets hold them all at the start). That is all greedy knows of where to go: no
    line, ground, supply or teamwork, which are the normal player's (:func:`hex_worth`,
    :func:`support`)."""
    side = R.unit(uid).side
    path = passed(R, state, uid, dest, verb)
    gain = control_gain(state, view, side, set(path))
    here = hex_of(state, uid)
    if here is None:
        return gain
    gain += exposure_gain(R, state, view, uid, here, dest, set(path))
    if side == "axis":  # 13.0: the Axis must go and take them
        gain += ADVANCE * (view.objective.get(here, 40) - view.objective.get(dest, 40))
    return gain


def taken_on_the_way(
    R: Rules, state: State, view: Terrain, uid: str, dest: str, verb: str = "to"
) -> float:
    """What a move gains in :func:`control_gain` by every hex it passes (6.4C)."""
    return control_gain(state, view, R.unit(uid).side, set(passed(R, state, uid, dest, verb)))


def passed(R: Rules, state: State, uid: str, dest: str, verb: str = "to") -> list[str]:
    """The hexes a move to ``dest`` passes, ``dest`` last (by rail: the end only)."""
    found = movement.reach_of(R, state, uid) if verb == "to" else {}
    return path_to(found, dest)[1:] if dest in found else [dest]


def control_gain(state: State, view: Terrain, side: str, hexes: set[str]) -> float:
    """What ``side`` gains in :func:`evaluate` when its units pass ``hexes`` (6.4C): each
    comes under its control, a victory city with its points (13.0B)."""
    cities = view.enemy_cities  # every victory city is held by one side (6.4A-B)
    gain = 0.0
    for h in hexes:
        holder = state["control"].get(h)
        if holder == side:
            continue
        counts = 2 if holder == other(side) else 1  # the enemy's loss is the side's gain
        gain += counts * (HEX_CONTROLLED + CITY_POINT * cities.get(h, 0))
    return gain


def exposure_gain(
    R: Rules, state: State, view: Terrain, uid: str, here: str, dest: str, path: set[str]
) -> float:
    """What a move changes in the :func:`~.evaluation.exposure` of the victory cities next
    to where the unit leaves, passes and ends: a city it leaves empty beside the enemy, or
    fills, or takes (6.4C)."""
    side = R.unit(uid).side
    cities = {**view.cities, **view.enemy_cities}
    near = {here, dest, *path}
    touched = {h: v for h, v in cities.items() if any(R.map.grid.distance(h, m) <= 1 for m in near)}
    if not touched:
        return 0.0
    held = {s: ground_hexes(R, state, s) for s in (side, other(side))}
    after = dict(held)
    stays = any(u != uid for u in ground_units_at(R, state, here, side))
    after[side] = (held[side] - ({here} if not stays else set())) | {dest}
    control = state["control"]

    def then(h: str) -> str | None:
        return side if h in path else control.get(h)

    return exposure(R, side, touched, then, after) - exposure(R, side, touched, control.get, held)


def destinations(R: Rules, state: State, uid: str, drops: bool = False) -> dict[str, str]:
    """Hex -> verb ("to" or "rail"; with ``drops``, "drop" too) for every move the unit
    may make now."""
    out = dict.fromkeys(movement.reachable(R, state, uid), "to")
    for h in movement.rail_destinations(R, state, uid):
        out.setdefault(h, "rail")
    if drops:
        for h in airborne.drop_hexes(R, state, uid):
            out.setdefault(h, "drop")
    return out


def best_move(
    R: Rules,
    state: State,
    view: Terrain,
    uid: str,
    teamwork: bool = False,
    style: Style = NORMAL,
) -> tuple[float, str, str]:
    """(gain, verb, hex) of the unit's best move; gain 0 and no hex if staying is best
    (``style``: as :func:`move_gain`; with its ``drop``, drops are moves too)."""
    best = (0.0, "", "")
    here = hex_of(state, uid)
    stay = contact_price(R, state, view, uid, here) if here is not None else 0.0
    for h, verb in sorted(destinations(R, state, uid, style.drop).items()):
        g = move_gain(R, state, view, uid, h, teamwork, verb, stay, style)
        if g > best[0] + 1e-9:
            best = (g, verb, h)
    return best


class DefiantRussiaEvaluator:
    """The :class:`~ostfront.core.protocol.Evaluator` of Defiant Russia.

    A unit's best move is remembered for the rest of the phase and worked out again only
    when it is the best candidate (moves of other units rarely change it: lazy greedy)."""

    def __init__(self, teamwork: bool = False, style: Style = NORMAL) -> None:
        self.teamwork = teamwork  # the normal player's coordination terms (see support)
        self.style = style  # how the side plays its player-turn (:mod:`.styles`)
        self.phase: tuple[Any, ...] = ()
        self.gains: dict[str, float] = {}
        self.plan_key: tuple[Any, ...] = ()
        self.plan: dict[str, str] = {}  # unit -> hex, the Axis attack plan (plan)
        self.targets: set[str] = set()  # the enemy hexes it attacks
        self.next = ""  # the planned unit to move next
        self.selected: dict[str, int] = {}  # unit -> times selected this phase
        self.selected_phase: tuple[Any, ...] = ()
        self.last_selected: str | None = None
        self.positions: dict[str, str] = {}  # the side's ground units' hexes, last seen

    def forget_near_moves(self, R: Rules, state: State, side: str) -> None:
        """Work out again the best moves of units within two hexes of a unit that has moved
        since last seen: a move changes who touches an enemy hex, and so the compulsory
        attacks of its neighbours (7.0; the unit left alone in contact when its hex-mate
        steps back sees its price only then)."""
        now = {
            u: str(d["at"])
            for u, d in state["units"].items()
            if R.unit(u).side == side and R.unit(u).is_ground
        }
        moved = {h for u, h in now.items() if self.positions.get(u, h) != h}
        moved |= {self.positions[u] for u, h in now.items() if self.positions.get(u, h) != h}
        self.positions = now
        hexes = {h for h in moved if R.map.grid.contains(h)} if moved else set()
        if not hexes:
            return
        for u in list(self.gains):
            h = now.get(u)
            if h is None or not R.map.grid.contains(h):
                continue
            if any(R.map.grid.distance(h, m) <= 2 for m in hexes):
                del self.gains[u]

    def unit_gains(
        self, R: Rules, state: State, view: Terrain, uids: list[str]
    ) -> dict[str, float]:
        key = (state.get("seed"), state["turn"], state["phase"], view.side)
        if key != self.phase:
            self.phase, self.gains, self.positions = key, {}, {}
        self.forget_near_moves(R, state, view.side)
        fresh: set[str] = set()
        for uid in uids:
            if uid not in self.gains:
                self.gains[uid] = best_move(R, state, view, uid, self.teamwork, self.style)[0]
                fresh.add(uid)
        while True:  # work out again every remembered gain that might be the best
            stale = [u for u in uids if u not in fresh]
            if not stale:
                break
            top = max(stale, key=lambda u: (self.gains[u], u))
            best_fresh = max((self.gains[u] for u in fresh), default=0.0)
            if self.gains[top] <= 0 or self.gains[top] < best_fresh:
                break
            self.gains[top] = best_move(R, state, view, top, self.teamwork, self.style)[0]
            fresh.add(top)
        return {u: self.gains[u] for u in uids}

    def planned_moves(
        self, R: Rules, state: State, view: Terrain, sel: str | None
    ) -> dict[str, str]:
        """The attack plan's moves still to make this phase (:mod:`plan`: the Axis's, and
        either side's in a style with a plan, :mod:`.styles`); a unit
        whose planned hex is no longer open to it when its turn comes leaves the plan."""
        plans = view.side == "axis" or self.style.plan is not None
        if not self.teamwork or not plans or not state["phase"].endswith(PLANNING):
            return {}
        key = (state.get("seed"), state["turn"], state["phase"])
        if self.plan_key != key:
            movers = [
                u
                for u in movement.selectable(R, state)
                if R.unit(u).is_ground and not (self.style.drop and city_drops(R, state, view, u))
            ]
            plan = make_plan(R, state, view, movers, self.style.plan or DEFAULT_PLAN)
            self.plan_key, self.plan, self.targets = key, plan.moves, set(plan.targets)
        view.planned = self.targets
        if sel is None:  # the next unit to move: the first whose hex is still open to it
            for uid in sorted(self.plan):
                h = self.plan[uid]
                if uid in state["done"] or h == hex_of(state, uid):
                    continue
                there = [u for u in occupancy(state).get(h, ()) if u != uid]
                if h in movement.reachable(R, state, uid) and not stack_problems(
                    R, state, [*there, uid]
                ):
                    self.next = uid
                    break
                del self.plan[uid]
        return {u: h for u, h in self.plan.items() if u not in state["done"]}

    # -- the hard player's styles (:mod:`.styles`) ------------------------------
    def styles(
        self, side: str, game: Game | None = None, state: ProtocolState | None = None
    ) -> tuple[str, ...]:
        """The ways of playing ``side``'s player-turn the hard player may choose among: in
        the game's last turn (4.12), its ``last``; in the ``APPROACH_TURNS`` before, the
        Soviets' ``approach`` (the Axis marches on the cities every turn:
        :data:`.evaluation.ADVANCE`); one way each, played without a search. Otherwise
        none but the normal player's."""
        to_go = None if state is None else turns_to_go(own(state))
        if to_go == 0:
            return (LAST.name,)
        if side == "soviet" and to_go is not None and to_go <= APPROACH_TURNS:
            return (APPROACH.name,)
        return ()

    def styled(self, side: str, name: str) -> DefiantRussiaEvaluator:
        """A fresh evaluator that plays ``side``'s player-turn in the style ``name``."""
        style = {LAST.name: LAST, APPROACH.name: APPROACH}.get(name, NORMAL)
        return DefiantRussiaEvaluator(self.teamwork, style)

    def phasing(self, game: Game, state: ProtocolState) -> str | None:
        """Whose player-turn it is (4.0); None once the game is over."""
        s = own(state)
        return None if s.get("winner") else phase_side(str(s.get("phase", "")))

    # -- the Evaluator protocol ------------------------------------------------
    def evaluate(self, game: Game, state: ProtocolState, side: str) -> float:
        if self.style.final:
            return final_score(game, own(state), side)
        return evaluate(game, own(state), side)

    def turns_on_dice(self, game: Game, state: ProtocolState) -> bool:
        """Which attack to make next (7.1), how to take losses or retreat (7.2), whether to
        advance (7.3)."""
        pending = own(state).get("pending")
        if pending:
            return pending.get("kind") in ("losses", "advance")
        return str(own(state).get("phase", "")).endswith("combat")

    def settled(self, game: Game, state: ProtocolState) -> bool:
        """A battle is settled once its losses, retreats and advance are made."""
        return not own(state).get("pending")

    def declaring(self, game: Game, state: ProtocolState) -> bool:
        """An attack is being declared (DR 7.1): units added and left out, Air Points set."""
        pending = own(state).get("pending")
        return isinstance(pending, dict) and pending.get("kind") == "attack"

    def quick_values(
        self, game: Game, protocol_state: ProtocolState, side: str, actions: Any
    ) -> dict[str, float]:
        """Movement decisions by the worth of the destination, attacks by their exact odds;
        the rest is played out."""
        state = own(protocol_state)
        R = rules_of(game, state)
        with reading(state):
            if self.teamwork and (state.get("pending") or {}).get("kind") == "advance":
                return self.advance_values(R, state, side, actions)
            if state["phase"].endswith("combat"):
                cities = terrain_view(R, state, side).enemy_cities if self.style.city else {}
                return combat_values(R, state, actions, self.teamwork, cities, self.style.city)
            if not state["phase"].endswith(("move", "exploit")) or state.get("pending"):
                return {}
            return self.move_values(R, state, side, actions)

    def advance_values(self, R: Rules, state: State, side: str, actions: Any) -> dict[str, float]:
        """DR 7.3, the normal player: an advance after combat is a move into the cleared hex,
        worth the hex's control (6.4C; a victory city's points) and what the move gains by
        the worth of the hexes and teamwork, as any move; stopping is worth nothing. (Played
        out, both were worth the same wherever the hex was already the attacker's: a coin
        decided whether to advance.)"""
        view = terrain_view(R, state, side)
        hexes = cleared(R, state, state["pending"]["battle"])
        out: dict[str, float] = {}
        for a in actions:
            if a.verb == "stop":
                out[a.text] = 0.0
            elif a.verb == "advance":
                uid = str(a.args[0])
                dest = str(a.args[1]) if len(a.args) > 1 else hexes[0]
                gain = control_gain(state, view, side, {dest})
                out[a.text] = gain + move_gain(R, state, view, uid, dest, True, "advance")
        return out

    def move_values(self, R: Rules, state: State, side: str, actions: Any) -> dict[str, float]:
        view = terrain_view(R, state, side)
        out: dict[str, float] = {}
        sel = record(state)["selected"] if kind(state) in ("move", "exploit") else None
        movers = [str(a.args[0]) for a in actions if a.verb == "select"]
        phase = (state.get("seed"), state["turn"], state["phase"])
        if self.selected_phase != phase:
            self.selected_phase, self.selected = phase, {}
        if sel is not None and self.last_selected != sel:
            self.selected[sel] = self.selected.get(sel, 0) + 1
        self.last_selected = sel
        planned = self.planned_moves(R, state, view, sel)
        stranded = stranded_marshals(R, state) if side == "soviet" else []
        ground = [u for u in movers if R.unit(u).is_ground and u not in planned]
        gains = self.unit_gains(R, state, view, ground)
        for a in actions:
            if a.verb == "done":
                out[a.text] = 0.0
            elif a.verb == "deselect":
                out[a.text] = -0.01
            elif a.verb == "select":
                uid = str(a.args[0])
                if uid in stranded:  # DR 11.6.4D, 12.7C: the phase ends once he rejoins one
                    out[a.text] = 1.0
                elif self.selected.get(uid, 0) > 3:  # a guard against selecting it forever
                    out[a.text] = -1.0
                elif uid in planned:  # the next to its planned hex; the others wait or stay
                    out[a.text] = PLANNED if uid == self.next else -0.5
                else:
                    out[a.text] = gains.get(uid, -1.0) - 0.001  # "done" wins a tie
            elif a.verb == "drop" and self.style.drop and sel is not None:
                dest = str(a.args[0])
                out[a.text] = move_gain(
                    R, state, view, sel, dest, self.teamwork, a.verb, None, self.style
                )
            elif a.verb in ("to", "rail") and sel is not None and R.unit(sel).is_ground:
                dest = str(a.args[0])
                there = [u for u in occupancy(state).get(dest, ()) if u != sel]
                if planned.get(sel) == dest and not stack_problems(R, state, [*there, sel]):
                    out[a.text] = PLANNED
                else:
                    out[a.text] = move_gain(
                        R, state, view, sel, dest, self.teamwork, a.verb, None, self.style
                    )
            elif a.verb == "to" and sel in stranded:  # to a hex with a Soviet ground unit
                there = occupancy(state).get(str(a.args[0]), [])
                joins = any(R.unit(u).is_ground and R.unit(u).side == side for u in there)
                out[a.text] = 1.0 if joins else -0.5
            elif a.verb in ("take", "leave"):
                out[a.text] = -0.02
        return out
