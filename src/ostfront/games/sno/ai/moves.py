"""How the computer players score Sturm Nach Osten's decisions, on :mod:`evaluation`'s
knowledge. :class:`SturmNachOstenEvaluator` is the game's
:class:`~ostfront.core.protocol.Evaluator`.

Most decisions are scored without playing them (quick values), which keeps a player-turn of
some fifty units within its time:

- set-up: the historical placement (12.11) is kept, no unit is picked up again; a set-up
  made in one action (historical forces, a ready-made one) is taken when offered;
- Replacement Phase (11.0): replacements placed nearest the cities the side fights for, and
  only where they will be in supply (9.5.1); the Axis defortifies to move (10.7.8), the
  Soviets fortify units in cities or enemy ZOC (10.7.3: they stay; 7.1.4d: no obligation to
  attack); Soviet factories evacuated as the Axis nears (10.4.8, :mod:`.organization`);
- movement (5.0): a unit to move by its best move, a move by the worth of its destination
  (:func:`evaluation.hex_worth`); juggernauts are not broken down (10.1); an overrun declared
  wherever the units in contact can make one, before any other move (5.4, :mod:`.overruns`);
  Zhukov placed first, if anywhere (10.6.5, :mod:`.orders`);
- combat (7.0): the whole plan is worked out first (:mod:`.attacks`: the obligations of
  7.1.4-7.1.10 and the odds limits of 7.4; the Soviets also go for the victory cities the Axis
  has taken, 15.2, and gather next to them, unfortified, to do so -
  :meth:`SturmNachOstenEvaluator.wanted`) and declared attack by attack; failing a plan, each
  attack by the expected worth of its exact result distribution, and a unit disbands instead
  of attacking (7.1.12) only when nothing else is left (:mod:`.combat_phase`);
- Disbandment and Breakout (8.0): never voluntary, except an isolated unit outside a city,
  which is lost anyway at the end of the Combat Phase (9.5.1, :mod:`.combat_phase`);
- No Retreat orders (7.5.2) and Zhukov's placement (10.6.5): where they save the most against
  the enemy's next attacks (:mod:`.orders`; the players that judge only).

Losses, retreats, advances and siege choices are few and played out on the static
evaluation; an over-stacked hex gives up the cheapest legal choice of its units (4.4,
:mod:`.organization`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....core.memo import reading
from ....core.protocol import Action, Game
from ....core.protocol import State as ProtocolState
from .. import movement, overrun
from ..rules import Rules, State, hex_of, phase_kind, phasing_side, units_at
from ..stacking_limits import stacking_problems
from ..state import own
from ..victory import is_vdt
from . import combat_phase, overruns
from .combat_phase import LOOKAHEAD_SETS, CombatMemory
from .contact import contact_price, still_coming
from .evaluation import (
    FAR,
    NEVER,
    View,
    besieged,
    evaluate,
    kept_supplied,
    objectives,
    reach_without,
    rules_of,
    view_of,
)
from .orders import no_retreat_hexes, order_values, zhukov_scores
from .organization import EVACUATION, factory_threatened, overstack_values
from .styles import (
    AT_VDT,
    HARD,
    IN_SIEGE,
    SEASON,
    STYLES,
    Style,
    favoured_by_weather,
    own_style,
    style_named,
)

#: A style that retakes cities (:mod:`.styles`): a unit next to an enemy-held victory city,
#: ready to attack it (the in-ZOC price, 3, and a hex of the march, 1, over)
RETAKE_NEAR = 6.0
OVERSTACKED = 100.0  # a unit over the stacking limit is eliminated (4.4)
FLIP = 2.0  # a juggernaut or armor unit flipped to its weaker side to move further (5.1.8)
WHOLE_SETUP = ("historical", "auto")  # a side's whole set-up in one action (12.11, 14.42)
UNSUPPLIED_ENTRY = -1.0  # a replacement placed out of supply: below "end" (RFs kept, 11.3)
EMPTY_CITY = 2.0  # a replacement placed in an empty victory city the enemy stands near


class SturmNachOstenEvaluator:
    """The :class:`~ostfront.core.protocol.Evaluator` of Sturm Nach Osten (``teamwork``: the
    normal player's terms, see :mod:`evaluation`)."""

    #: What one of the hard player's rollout steps costs here, in Defiant Russia's steps
    #: (``ai.hard.step_cost``): measured on the project's 2-core machine, a step of the SNO
    #: engine and its normal players takes 17-22 ms of CPU against DR's 1 (docs/ai.md)
    step_cost = 20.0
    #: The hard player's search a player-turn, in seconds (``ai.hard``; issue 34 item 4:
    #: 30 s of CPU a Sturm Nach Osten player-turn at most): its styles played out (the
    #: ways of moving of :mod:`.styles`), then retreats and advances
    turn_budget = 20.0

    def __init__(self, teamwork: bool = False, style: Style | None = None) -> None:
        self.teamwork = teamwork
        #: the movement weights the hard player chose; None: each side's own first style
        self.style = style
        self.key: tuple[Any, ...] = ()
        self.gains: dict[str, float] = {}  # unit -> its best move's gain, this phase
        self.tries: dict[str, int] = {}  # unit -> times selected this phase
        #: the forced attacks a move into contact brings (:mod:`.contact`), kept for the phase
        self.lone: dict[tuple[object, ...], tuple[float, float, float]] = {}
        self.coming: dict[str, dict[str, float]] | None = None  # :func:`.contact.still_coming`
        self.coming_now: tuple[tuple[str, ...], dict[str, dict[str, float]]] = (("-",), {})
        self.combat = CombatMemory()  # SNO 7.0: this Combat Phase so far
        self.setups: dict[tuple[Any, ...], int] = {}  # one-action set-ups taken, by side
        self.wanted_key: tuple[Any, ...] = ()
        self.wanted_near: set[str] = set()  # hexes next to the cities to retake, this phase
        self.orders_key: tuple[Any, ...] = ()
        self.ordered: frozenset[str] = frozenset()  # SNO 7.5.2: the hexes to order, this phase

    # -- the hard player's styles (:mod:`.styles`) ------------------------------
    def styles(
        self, side: str, game: Game | None = None, state: ProtocolState | None = None
    ) -> tuple[str, ...]:
        """The ways of playing ``side``'s player-turn the hard player may choose among; while
        the Axis besieges a victory city, going round it (9.4.2, 9.5.2); in a Victory
        Determination Turn (15.1), the all-out attack on the cities too. The first is the
        one the hard player keeps without a clear gain: its own (:data:`.styles.HARD`), else
        the normal player's."""
        names = tuple(s.name for s in STYLES.get(side, ()))
        if side in HARD:
            names = (HARD[side].name, *names)
        if game is None or state is None:
            return names
        sno = own(state)
        R = rules_of(game, sno)
        if side in IN_SIEGE and besieged(R, sno, objectives(R, sno, side)):
            names += (IN_SIEGE[side].name,)  # SNO 9.4.2, 9.5.2
        if side in AT_VDT and is_vdt(R, sno, sno["turn"]):
            names += (AT_VDT[side].name,)
        return names

    def styled(self, side: str, name: str) -> SturmNachOstenEvaluator:
        """A fresh evaluator that moves ``side``'s units in the style ``name`` (its first: as
        the normal player does, season by season)."""
        first = own_style(side).name
        return SturmNachOstenEvaluator(
            self.teamwork, None if name == first else style_named(side, name)
        )

    def style_for(self, side: str, state: State) -> Style:
        """The weights ``side``'s units move and attack by: the style chosen (the hard
        player's), else the side's own first style (:data:`.styles.STYLES`) - or its season's
        (:data:`.styles.SEASON`) in a month whose weather shifts the enemy's attacks and not
        its own (6.4.2)."""
        if self.style is not None:
            return self.style
        season = SEASON.get(side)
        if season is not None and self.teamwork and favoured_by_weather(state, side):
            return season
        return own_style(side)

    def phasing(self, game: Game, state: ProtocolState) -> str | None:
        """Whose player-turn it is (SNO 3.4.5); None once the game is over."""
        s = own(state)
        return None if s.get("winner") else phasing_side(s)

    # -- the Evaluator protocol ------------------------------------------------
    def evaluate(self, game: Game, state: ProtocolState, side: str) -> float:
        with reading(state):
            return evaluate(game, state, side)

    def turns_on_dice(self, game: Game, state: ProtocolState) -> bool:
        """Where to retreat or advance after a roll (7.7); losses are scored on the
        evaluation alone (their rollouts cost the hard player more than its SNO player-turn
        allows, issue 34 item 4)."""
        pending = own(state).get("pending")
        return bool(pending) and pending.get("kind") in ("retreat", "advance")

    def settled(self, game: Game, state: ProtocolState) -> bool:
        return not own(state).get("pending")

    def gives_up_by_itself(self, game: Game, state: ProtocolState) -> bool:
        """An attack being declared is given up by this evaluator's own rules (three tries
        an attack, then the last resort after :data:`.combat_phase.STEPS` decisions), not by
        the players' general guard, which forbade giving up an attack that could not be
        declared as it stood (seed 31); elsewhere (losses, retreats) the guard stands."""
        return self.declaring(game, state)

    def declaring(self, game: Game, state: ProtocolState) -> bool:
        """An attack being put together (7.1.9)."""
        s = own(state)
        if phase_kind(s["phase"]) != "combat" or s.get("pending"):
            return False
        c = s.get("combat") or {}
        return c.get("draft") is not None

    def quick_values(
        self, game: Game, protocol_state: ProtocolState, side: str, actions: Sequence[Action]
    ) -> dict[str, float]:
        state = own(protocol_state)
        R = rules_of(game, state)
        kind = phase_kind(state["phase"])
        with reading(state):
            pending = state.get("pending")
            if pending and pending.get("kind") == "overstack":
                return overstack_values(R, state, pending, actions)
            if pending:
                # SNO 10.1.9: no juggernaut broken down in the midst of losses or an advance
                # (played out, a break-down left pending scored as well as the loss itself,
                # and the player went back and forth between it and "cancel"); a big loss
                # choice scored by what each set loses, not played out
                big = pending.get("kind") == "losses" and len(actions) > LOOKAHEAD_SETS
                return (
                    {a.text: -1.0 for a in actions if a.verb == "into"}
                    | {a.text: NEVER for a in actions if a.verb == "break"}
                    | {a.text: 0.0 for a in actions if a.verb == "cancel" and pending_into(actions)}
                    | overstacking_advances(R, state, actions)
                    | (combat_phase.loss_values(R, state, actions) if big else {})
                )
            if kind == "setup":
                return self.setup_values(R, state, side, actions)
            if kind == "rrp":
                return self.rrp_values(R, state, side, actions)
            if kind == "omp":
                return self.move_values(R, state, side, actions)
            if kind == "combat":
                retake = self.style_for(side, state).retake
                return combat_phase.combat_values(R, state, side, self.combat, retake, actions)
            if kind == "disband":
                return combat_phase.disband_values(R, state, side, actions)
            if kind == "orders":  # SNO 7.5.2; no juggernaut broken down here (10.1.9)
                ended = {a.text: (0.0 if a.verb == "end" else -1.0) for a in actions}
                return ended | self.order_values(R, state, side, actions)
            if kind == "form":  # SNO 10.1.7: each choice played out, but no break-down
                return {a.text: -1.0 for a in actions if a.verb == "break"}
            return {}

    # -- Replacement Phase (11.0, 10.7) ----------------------------------------
    def rrp_values(
        self, R: Rules, state: State, side: str, actions: Sequence[Action]
    ) -> dict[str, float]:
        style = self.style_for(side, state)
        view = view_of(R, state, side, style.pincer)
        out: dict[str, float] = {}
        for a in actions:
            if a.verb == "end":
                out[a.text] = 0.0
            elif a.verb == "replace" and len(a.args) >= 2:
                uid, h = str(a.args[0]), str(a.args[1])
                unit = R.unit(uid)
                cost = unit.replacement_cost or 1
                if not kept_supplied(R, state, view, unit.nationality, h):
                    # SNO 9.5.1, 11.6: a dispersed replacement cannot move out of its hex,
                    # so one placed beyond its supply lines (11.8 asks only a rail line,
                    # 3.4.6) is isolated at the end of the Combat Phase: its factors are
                    # better kept (11.3) - but for a victory city's siege supply (9.4.2)
                    out[a.text] = UNSUPPLIED_ENTRY
                    continue
                near = min(view.objective.get(h, FAR), FAR)
                # the strongest unit for the factors, nearest where it is needed - first of
                # all in a victory city the enemy could walk into (3.2.4)
                out[a.text] = 5.0 + unit.force_cf / cost - 0.2 * near
                if open_to_enemy(R, view, h, style.open):
                    out[a.text] += EMPTY_CITY
            elif a.verb == "fortify":
                uid = str(a.args[0])
                out[a.text] = self.fortify_value(R, state, view, uid)
            elif a.verb == "defortify":
                uid = str(a.args[0])
                out[a.text] = -self.fortify_value(R, state, view, uid)
            elif a.verb == "entrain":
                out[a.text] = 1.0 if factory_threatened(R, state, str(a.args[0])) else -1.0
            elif a.verb in EVACUATION:
                out[a.text] = 1.0
            else:  # break down (10.1)
                out[a.text] = NEVER
        return out

    def fortify_value(self, R: Rules, state: State, view: View, uid: str) -> float:
        """SNO 10.7: the Axis moves (a fortified unit may not); a Soviet unit in a city or
        in enemy ZOC holds there (10.7.3, 10.7.5; 7.1.4d: it need not attack)."""
        if view.side == "axis":
            return -1.0
        at = hex_of(state, uid) or ""
        if self.next_to_wanted(R, state, view.side, at):
            return -1.0  # SNO 10.7.4: a fortified unit may not attack the city it is to retake
        if at in view.cities or at in view.enemy_zoc:
            return 1.0
        return -0.5

    def next_to_wanted(self, R: Rules, state: State, side: str, h: str) -> bool:
        """Whether ``h`` is next to a victory city this style attacks (:meth:`wanted`)."""
        if not self.style_for(side, state).retake:
            return False
        key = (state.get("seed"), state["turn"], state["phase"], side)
        if self.wanted_key != key:
            self.wanted_key = key
            self.wanted_near = {
                n for c in self.wanted(R, state, side) for n in R.map.grid.neighbours(c)
            }
        return h in self.wanted_near

    def wanted(self, R: Rules, state: State, side: str) -> dict[str, float]:
        """SNO 15.2: the enemy-occupied victory cities this style attacks though no rule
        obliges it, and what each is worth (:func:`.combat_phase.wanted`)."""
        return combat_phase.wanted(R, state, side, self.style_for(side, state).retake)

    # -- No Retreat orders (7.5.2) ---------------------------------------------
    def order_values(
        self, R: Rules, state: State, side: str, actions: Sequence[Action]
    ) -> dict[str, float]:
        """SNO 7.5.2: the orders :mod:`.orders` finds worth their losses (the players that
        judge; greedy gives none); declared once per phase (the orders given change none of
        its reckoning)."""
        if not self.teamwork:
            return {a.text: -1.0 for a in actions if a.verb in ("order", "cancel")}
        key = (state.get("seed"), state["turn"], state["phase"], side)
        if key != self.orders_key:
            self.orders_key, self.ordered = key, no_retreat_hexes(R, state, side)
        return order_values(R, state, side, self.ordered, actions)

    # -- set-up (12.0) ---------------------------------------------------------
    def setup_values(
        self, R: Rules, state: State, side: str, actions: Sequence[Action]
    ) -> dict[str, float]:
        """SNO 12.11-12.12: end the set-up once it holds; until then a set-up made in one
        action (``historical``: the historical forces, 12.B-E(2)-(3), App. II; ``auto``: a
        ready-made one, 14.42) before any unit taken or placed one by one - a player
        placing a whole army a unit at a time took dozens of steps (14.4: 37). Offered again
        and again without the set-up holding, it is taken twice at most."""
        key = (state.get("seed"), state["phase"], side)
        whole = {a.text for a in actions if a.verb in WHOLE_SETUP}
        ends = any(a.verb == "end" for a in actions)
        tries = self.setups.get(key, 0)
        take = bool(whole) and not ends and tries < 2
        if take:
            self.setups[key] = tries + 1
        out: dict[str, float] = {}
        for a in actions:
            if a.verb == "end":
                out[a.text] = 1.0
            elif a.text in whole:
                out[a.text] = 2.0 if take else -1.0
            else:
                out[a.text] = -1.0
        if any(a.verb in ("order", "cancel") for a in actions):  # SNO 12.10
            orders = self.order_values(R, state, side, actions)
            out |= {t: v + 0.5 for t, v in orders.items() if v > 0}  # before "end" (1.0)
        return out

    # -- movement (5.0) --------------------------------------------------------
    def hex_worth(
        self,
        R: Rules,
        state: State,
        view: View,
        uid: str,
        h: str,
        reach: frozenset[str] | None = None,
    ) -> float:
        """What ``uid`` standing in ``h`` is worth to its side (see :mod:`evaluation`);
        ``reach``: where its supply lines would reach (by default, where they reach now)."""
        unit = R.unit(uid)
        side = view.side
        style = self.style_for(side, state)
        w = -style.step * min(view.objective.get(h, FAR), FAR)
        holder = view.cities.get(h)
        if side == "axis":
            if holder == "soviet" and h not in view.enemy_hexes:
                w += style.city_taken * view.victory.get(h, 0) or style.major_taken
        else:
            if holder == "soviet" and h in view.victory and view.objective.get(h) == 0:
                w += style.hold
            elif holder == "soviet":
                w += 1.0
            elif self.teamwork and h in view.enemy_zoc:
                w -= style.in_zoc
        if self.next_to_wanted(R, state, side, h):
            w += style.retake * RETAKE_NEAR  # SNO 15.2: gather to take a city back, or by storm
        if self.teamwork and not kept_supplied(R, state, view, unit.nationality, h, reach):
            w -= style.unsupplied  # SNO 9.5.1: an isolated unit outside a city is lost
        if self.teamwork:  # SNO 7.1.4, 7.1.6: the attack it must then make alone
            coming = self.coming_for(R, state, view)
            w += contact_price(
                R,
                state,
                view,
                uid,
                h,
                self.lone,
                coming,
                style.contact,
                style.fair,
                style.offensive,
            )
        return w

    def move_gain(
        self,
        R: Rules,
        state: State,
        view: View,
        uid: str,
        h: str,
        flip: bool,
        exact: bool = False,
    ) -> float:
        """The worth of ``uid``'s move to ``h`` less that of staying. ``exact``: its supply
        there is judged without the supply point the unit is where it stands (9.2c) - worked
        out for the unit chosen to move, not for every unit that might."""
        here = hex_of(state, uid)
        if here is None:
            return NEVER
        reach = reach_without(R, state, view, uid) if exact and self.teamwork else None
        gain = self.hex_worth(R, state, view, uid, h, reach)
        gain -= self.hex_worth(R, state, view, uid, here)
        there = [R.unit(u) for u in view.occupancy.get(h, ()) if u != uid]
        if stacking_problems([*there, R.unit(uid)]):
            gain -= OVERSTACKED
        if flip:
            gain -= FLIP
        return gain

    def coming_for(self, R: Rules, state: State, view: View) -> dict[str, dict[str, float]]:
        """The units yet to move that can reach each enemy hex (:func:`.contact.still_coming`):
        worked out once a phase; the units moved since then left out."""
        moved = tuple(movement.record(state)["moved"])
        if self.coming is None:
            self.coming = still_coming(R, state, view, set(moved))
        if self.coming_now[0] != moved:
            gone = set(moved)
            now = {
                e: {u: f for u, f in us.items() if u not in gone} for e, us in self.coming.items()
            }
            self.coming_now = (moved, now)
        return self.coming_now[1]

    def best_move(self, R: Rules, state: State, view: View, uid: str) -> float:
        best = 0.0
        for h, m in movement.moves(R, state, uid).items():
            best = max(best, self.move_gain(R, state, view, uid, h, m.flip))
        return best

    def move_values(
        self, R: Rules, state: State, side: str, actions: Sequence[Action]
    ) -> dict[str, float]:
        if state.get("overrun_draft"):
            return overruns.draft_values(R, state, actions)  # SNO 5.4
        view = view_of(R, state, side, self.style_for(side, state).pincer)
        key = (state.get("seed"), state["turn"], state["phase"], side)
        if key != self.key:
            self.key, self.gains, self.tries, self.lone = key, {}, {}, {}
            self.coming, self.coming_now = None, (("-",), {})
        selected = movement.record(state).get("selected")
        out: dict[str, float] = {}
        for a in actions:
            v = a.verb
            if v == "end":
                out[a.text] = 0.0
            elif v == "deselect":
                out[a.text] = -0.01
            elif v == "select":
                uid = str(a.args[0])
                unit = R.unit(uid)
                if not unit.is_combat or self.tries.get(uid, 0) >= 2:
                    out[a.text] = -1.0  # factories stay to produce (10.4)
                    continue
                gain = self.best_move(R, state, view, uid)
                self.gains[uid] = gain
                out[a.text] = gain - 0.001 if gain > 0.01 else -0.5
            elif v == "to" and selected is not None:
                moves = movement.moves(R, state, selected)
                h = str(a.args[0])
                m = moves.get(h)
                flip = bool(m and m.flip)
                out[a.text] = self.move_gain(R, state, view, selected, h, flip, exact=True)
            elif v == "overrun":  # SNO 5.4: where the units in contact can make one
                made = overruns.plan(R, state, *overrun.opening(R, state, str(a.args[0])))
                out[a.text] = overruns.worth(R, state, made) if made else overruns.NOT_USED
            else:  # break down: not used; Zhukov: below (SNO 10.6.5)
                out[a.text] = -2.0
        if self.teamwork:
            out |= zhukov_scores(R, state, actions)
        if selected is not None:
            self.tries[selected] = self.tries.get(selected, 0) + 1
        return out


def open_to_enemy(R: Rules, view: View, h: str, radius: int = 2) -> bool:
    """SNO 3.2.4: a victory city the side holds with no unit in it and an enemy unit within
    ``radius`` hexes - entered in his next Movement Phase, it is his (seeds 16 and 18:
    Voronezh and Rostov so taken in 1941)."""
    if h not in view.victory or view.cities.get(h) != view.side or view.occupancy.get(h):
        return False
    return any(R.map.grid.distance(h, e) <= radius for e in view.enemy_hexes)


def overstacking_advances(R: Rules, state: State, actions: Sequence[Action]) -> dict[str, float]:
    """SNO 4.3-4.4: an advance after combat (7.7) into a hex it would put over the stacking
    limit costs a unit at the end of the Combat Phase - scored as never (the play-out's
    evaluation, read before that phase ends, did not see it: seed 1's June, the 1st Panzer
    Army into 1421 beside four corps and armies, two of them eliminated)."""
    out: dict[str, float] = {}
    for a in actions:
        if a.verb != "advance" or len(a.args) < 2:
            continue
        uid, h = str(a.args[0]), str(a.args[1])
        there = [R.unit(u) for u in units_at(state, h) if u != uid]
        if stacking_problems([*there, R.unit(uid)]):
            out[a.text] = NEVER
    return out


def pending_into(actions: Sequence[Action]) -> bool:
    return any(a.verb == "into" for a in actions)
