"""SNO 8.0 Disbandment and Break-out: the handler of the Disbandment and Break-out phase
(8.0.2: at the end of the phasing player's Combat Phase, disbandments first, then
break-outs), involuntary disbandment on a DD result (7.3.1), and evacuation by sea (8.3).

Actions of the phase: ``disband UNIT`` (a unit in supply, 8.1; or on the coast of a friendly
sea, 8.3.1a), ``breakout UNIT`` (an isolated unit, 8.2; the cheaper of the break-out path
and evacuation, 8.3.1b), ``end``. Units the combat plan marked to disband instead of
attacking (``state["combat"]["disbanding"]``, 7.1.12) disband before any break-out is made,
and the phase does not end while one of them can still disband or break out
(:func:`can_leave`, the same question the combat plan asks before offering the choice).

The phase's record, ``state["breakout"]``: ``{"turn", "phase", "started", "pockets"}`` -
"started": a break-out has happened, so no more disbandments (8.0.2); "pockets": [[unit ids,
RFs still owed, the sea of an evacuation or ""]] - the loss of 8.2.2 is taken once from a
pocket's total, whichever of its units break out.
Evacuations this month: ``state["evacuated"] = {"turn", sea: RFs}`` (8.3.3).

Readings (docs/rules/sturm-nach-osten.md): a break-out path runs from a unit of the pocket to
a hex a supply line reaches; its movement points are the breaking-out unit's costs (5.5.4's
river point is not paid: the path does not end a move in enemy ZOC); the hexes counted by
8.2.2b-c are those entered, not the unit's own. An RF over 8.3.3's two a sea a month is lost.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from ...core.memo import per_components
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import supply, weather
from .control import friendly_seas, seas_of
from .movement_rules import allowance, may_enter, terrain_cost
from .rules import (
    Rules,
    State,
    hex_of,
    kept,
    on_map,
    phasing_side,
    set_unit,
    side_units,
    unit_title,
    units_at,
)
from .units import eliminate, may_disband
from .zoc import in_enemy_zoc

PENDING_KINDS: tuple[str, ...] = ()
COAST = "coast"  # the map's tag for land hexes next to a sea hex (8.3.1)


# ------------------------------------------------------------------ 8.1.1 replacement factors
def disband_rf(R: Rules, uid: str) -> int:
    """SNO 8.1.1: the RFs a disbanded unit gives: a juggernaut two less than its weaker
    combat strength, any other combat unit its combat factor less one; fortification is
    ignored (the unfortified factor)."""
    unit = R.unit(uid)
    b = R.tables.spec.breakout  # SNO 8.1.1: the reductions are chart data
    if unit.front is None:
        return 0
    if unit.juggernaut:
        weaker = min(unit.front.cf, unit.back.cf) if unit.back else unit.front.cf
        return max(0, weaker - b.disband_juggernaut_less)
    return max(0, unit.front.cf - b.disband_other_less)


# SNO 8.2.1
def may_break_out(R: Rules, uid: str) -> bool:
    """SNO 8.2.1a, 10.1.2: juggernauts (and the Polish 1st Army, 10.1.2's last line) may not
    break out: eliminated when isolated, they are lost for good (10.1.2c); garrisons never
    disband (10.5.5). The units that may never be replaced have no replacement cost."""
    unit = R.unit(uid)
    return not unit.juggernaut and unit.replacement_cost is not None


def add_rf(state: State, side: str, n: int) -> None:
    rf = dict(state.get("rf") or {})
    rf[side] = rf.get(side, 0) + n
    state["rf"] = rf


# ------------------------------------------------------------------ 8.2.2 the break-out path
@dataclass(frozen=True)
class Way:
    """The cheapest way out of a pocket: RFs lost (8.2.2, 8.3.2), the path, and the sea an
    evacuation goes through (None: a break-out path to a hex in supply)."""

    loss: int
    path: tuple[str, ...]
    sea: str | None = None


def _hex_loss(R: Rules, state: State, side: str, hex_id: str, supplied: set[str]) -> int:
    """SNO 8.2.2b-c: the RFs one hex of the path costs."""
    b = R.tables.spec.breakout
    loss = 0
    if in_enemy_zoc(R, state, hex_id, side) and not (supplied & set(_units_at(state, hex_id))):
        loss += b.per_enemy_zoc_hex  # SNO 8.2.2b
    if weather.awl(R, state, hex_id):
        loss += b.per_awl_hex_in_snow  # SNO 6.3.3 (8.2.2c)
    return loss


def _units_at(state: State, hex_id: str) -> list[str]:
    return units_at(state, hex_id)


class _Steps:
    """The movement points of the steps of a break-out path for one unit (8.2.2a): what
    movement_rules.step_cost says of a move not ending in enemy ZOC (no river point, 5.5.4),
    each hex's entry and terrain asked once (a search asks of each hex many times)."""

    def __init__(self, R: Rules, state: State, uid: str) -> None:
        self.R, self.state, self.uid = R, state, uid
        self.land = supply.land_steps(R, state)
        self.entry: dict[str, int | None] = {}
        self.strait = float(allowance(R, state, uid))  # SNO 5.5.5: the whole allowance

    def __call__(self, a: str, b: str) -> float | None:
        if b not in self.land[a]:  # a sea or unfrozen lake side (5.1.6)
            return None
        cost = self.entry.get(b, -1)
        if cost == -1:
            R, state, uid = self.R, self.state, self.uid
            enter = may_enter(R, state, uid, b)
            cost = self.entry[b] = terrain_cost(R, state, uid, b) if enter else None
        if cost is None:
            return None
        return self.strait if weather.strait(self.R, a, b) else float(cost)


def breakout_way(R: Rules, state: State, uid: str, pocket: tuple[str, ...]) -> Way | None:
    """SNO 8.2.2: the cheapest break-out path from any unit of the pocket to a hex in supply
    (any length, through enemy ZOCs, never through an enemy-occupied hex): one RF for each
    movement point past three (a), each hex in enemy ZOC not held by a supplied friendly unit
    (b), each hex on or north of the AWL in Snow (c). None if there is no such path."""
    unit = R.unit(uid)
    side = unit.side
    free = R.tables.spec.breakout.free_movement_points
    targets = supply.supplied_area(R, state, side, unit.nationality)
    if not targets:
        return None
    supplied = {u for u, ok in supply.status(R, state, side).items() if ok}
    starts = sorted({hex_of(state, u) or "" for u in pocket} - {""})
    # Dijkstra over (hex, movement points spent up to the free three)
    best: dict[tuple[str, int], int] = {}
    prev: dict[tuple[str, int], tuple[str, int] | None] = {}
    heap: list[tuple[int, int, str, int]] = []
    for h in starts:
        best[(h, 0)] = 0
        prev[(h, 0)] = None
        heap.append((0, 0, h, 0))
    heapq.heapify(heap)
    neighbours = R.map.grid.neighbours
    step = _Steps(R, state, uid)
    losses: dict[str, int] = {}
    while heap:
        loss, _, here, spent = heapq.heappop(heap)
        if best.get((here, spent), -1) < loss:
            continue
        if here in targets:
            path = [here]
            node = prev[(here, spent)]
            while node is not None:
                path.append(node[0])
                node = prev[node]
            return Way(loss, tuple(reversed(path)))
        for nxt in neighbours(here):
            cost = step(here, nxt)
            if cost is None:
                continue
            total = spent + int(cost)
            extra = max(0, total - free)  # SNO 8.2.2a
            key = (nxt, min(total, free))
            if nxt not in losses:
                losses[nxt] = _hex_loss(R, state, side, nxt, supplied)
            new = loss + extra + losses[nxt]
            if new < best.get(key, 1 << 30):
                best[key] = new
                prev[key] = (here, spent)
                heapq.heappush(heap, (new, len(best), nxt, key[1]))
    return None


def evacuation_way(R: Rules, state: State, uid: str, pocket: tuple[str, ...]) -> Way | None:
    """SNO 8.3.1b, 8.3.2: the cheapest path of no more than three hexes from a unit of the
    pocket to a coast hex on a friendly sea (not enemy-occupied), with 8.2.2's losses and one
    RF more if that hex is in enemy ZOC. A unit on such a hex evacuates from where it is."""
    unit = R.unit(uid)
    side = unit.side
    b = R.tables.spec.breakout
    seas = friendly_seas(R, state, side)
    if not seas:
        return None
    supplied = {u for u, ok in supply.status(R, state, side).items() if ok}
    best: Way | None = None
    step = _Steps(R, state, uid)

    def consider(path: tuple[str, ...], spent: int, loss: int) -> None:
        nonlocal best
        end = path[-1]
        if COAST not in R.map.hex_tags(end):
            return
        on = sorted(seas_of(R, end) & seas)
        if not on:
            return
        total = loss + (b.evacuation_enemy_zoc if in_enemy_zoc(R, state, end, side) else 0)
        if best is None or total < best.loss:
            best = Way(total, path, _roomiest(R, state, on))

    def walk(path: tuple[str, ...], spent: int, loss: int) -> None:
        consider(path, spent, loss)
        if len(path) - 1 >= b.evacuation_path_max:
            return
        here = path[-1]
        for nxt in R.map.grid.neighbours(here):
            if nxt in path:
                continue
            cost = step(here, nxt)
            if cost is None:
                continue
            total = spent + int(cost)
            extra = max(0, total - b.free_movement_points) - max(0, spent - b.free_movement_points)
            walk((*path, nxt), total, loss + extra + _hex_loss(R, state, side, nxt, supplied))

    for u in pocket:
        h = hex_of(state, u)
        if h is not None:
            walk((h,), 0, 0)
    return best


def evacuation_room(R: Rules, state: State, sea: str) -> int | None:
    """SNO 8.3.3: RFs that may still be evacuated through a sea this month (None: no limit)."""
    limit = R.tables.spec.breakout.evacuation_per_sea_per_turn.get(sea)
    if limit is None:
        return None
    done = state.get("evacuated") or {}
    used = done.get(sea, 0) if done.get("turn") == state["turn"] else 0
    return max(0, limit - int(used))


def _evacuate(R: Rules, state: State, sea: str, rf: int) -> int:
    """Take ``rf`` RFs out through ``sea``: returns those that get through (8.3.3)."""
    room = evacuation_room(R, state, sea)
    got = rf if room is None else min(rf, room)
    done = dict(state.get("evacuated") or {})
    if done.get("turn") != state["turn"]:
        done = {"turn": state["turn"]}
    done[sea] = int(done.get(sea, 0)) + got
    state["evacuated"] = done
    return got


def _roomiest(R: Rules, state: State, seas: list[str]) -> str:
    """Of the friendly seas a coast hex is on (3.3.6a: 3115 is on two), the one through which
    most RFs may still go this month (8.3.3; a sea without a limit first)."""
    big = 1 << 30
    return max(seas, key=lambda sea: big if (r := evacuation_room(R, state, sea)) is None else r)


def _coast_sea(R: Rules, state: State, uid: str) -> str | None:  # SNO 8.3.1
    """SNO 8.3.1a, 8.3.2: the friendly sea a unit on a coast hex could disband through."""
    h = hex_of(state, uid)
    if h is None or COAST not in R.map.hex_tags(h):
        return None
    on = sorted(seas_of(R, h) & friendly_seas(R, state, R.unit(uid).side))
    return _roomiest(R, state, on) if on else None


# ------------------------------------------------------------------ carrying them out
def _record(state: State) -> dict[str, Any]:
    rec = state.get("breakout")
    if not rec or rec.get("turn") != state["turn"] or rec.get("phase") != state["phase"]:
        rec = {"turn": state["turn"], "phase": state["phase"], "started": False, "pockets": []}
    return dict(rec)


def disband(R: Rules, state: State, uid: str, supplied: bool | None = None) -> int:
    """SNO 8.1.1 (8.3.1a): remove a unit in supply (or on a friendly coast) and add its RFs
    to its side's total. Returns the RFs gained. ``supplied``: its supply as already
    decided (a DD decides every defender's at one instant, 8.0.2), else decided now."""
    side = R.unit(uid).side
    rf = disband_rf(R, uid)
    if supplied is None:
        supplied = supply.in_supply(R, state, uid)
    if not supplied:
        sea = _coast_sea(R, state, uid)
        if sea is None:
            raise ValueError(f"{uid} is neither in supply nor on a friendly coast (SNO 8.1, 8.3.1)")
        h = hex_of(state, uid) or ""
        if in_enemy_zoc(R, state, h, side):
            rf = max(0, rf - R.tables.spec.breakout.evacuation_enemy_zoc)  # SNO 8.3.2
        rf = _evacuate(R, state, sea, rf)  # SNO 8.3.3
    set_unit(state, uid, at="dead", dispersed=False, fortified=False, flipped=False)  # SNO 8.1.2
    add_rf(state, side, rf)
    return rf


def can_break_out(R: Rules, state: State, uid: str, pocket: tuple[str, ...]) -> bool:
    """Whether the pocket has any way out for this unit (8.2.2, 8.3.1b): a hex in supply it
    can reach at all, whatever the loss, or an evacuation. Kept per arrangement of units;
    cheaper than finding the cheapest way, which waits until a unit breaks out."""
    unit = R.unit(uid)
    key = ("can_break_out", *supply.facts_key(R, state, unit.side), pocket, unit.type)
    return kept(R, state, key, lambda: _can_break_out(R, state, uid, pocket))  # type: ignore[no-any-return]


def _can_break_out(R: Rules, state: State, uid: str, pocket: tuple[str, ...]) -> bool:
    unit = R.unit(uid)
    targets = supply.supplied_area(R, state, unit.side, unit.nationality)
    starts = {h for u in pocket if (h := hex_of(state, u)) is not None}
    step = _Steps(R, state, uid)
    seen = set(starts)
    queue = list(starts)
    while queue:
        here = queue.pop()
        if here in targets:
            return True
        for nxt in R.map.grid.neighbours(here):
            if nxt not in seen and step(here, nxt) is not None:
                seen.add(nxt)
                queue.append(nxt)
    return evacuation_way(R, state, uid, pocket) is not None


def best_way(R: Rules, state: State, uid: str, pocket: tuple[str, ...]) -> Way | None:
    """The cheaper of the break-out path and an evacuation (the path if they cost the same).
    Kept per arrangement of units, pocket and unit type (the costs are the type's)."""
    unit = R.unit(uid)
    key = ("breakout_way", *supply.facts_key(R, state, unit.side), pocket, unit.type)
    return kept(R, state, key, lambda: _best_way(R, state, uid, pocket))  # type: ignore[no-any-return]


def _best_way(R: Rules, state: State, uid: str, pocket: tuple[str, ...]) -> Way | None:
    path = breakout_way(R, state, uid, pocket)
    evac = evacuation_way(R, state, uid, pocket)
    if evac is not None and (path is None or evac.loss < path.loss):
        return evac
    return path


def breakout(
    R: Rules, state: State, uid: str, owed: dict[tuple[str, ...], tuple[int, str]] | None = None
) -> int:
    """SNO 8.2: break an isolated unit out; the pocket's loss (8.2.2) is taken from the RFs
    of its units in turn until paid. A juggernaut (and the Polish 1st Army) may not break
    out and is eliminated for good (8.2.1a, 10.1.2). Returns the RFs gained.

    ``owed``: the pockets already charged in this DD (pocket -> RFs still owed, the sea of
    an evacuation or ""); without it, the phase's record (``state["breakout"]``)."""
    unit = R.unit(uid)
    side = unit.side
    if not may_break_out(R, uid):
        raise ValueError(f"{uid} may not break out (SNO 8.2.1a)")
    rec = _record(state)
    if owed is None:
        pockets = [(tuple(p), int(d), str(sea)) for p, d, sea in rec["pockets"]]
    else:
        pockets = [(p, d, sea) for p, (d, sea) in owed.items()]
    found = next((entry for entry in pockets if uid in entry[0]), None)
    if found is None:
        pocket = supply.pocket_of(R, state, uid)
        way = best_way(R, state, uid, pocket)
        if way is None:
            raise ValueError(f"{uid} has no break-out path (SNO 8.2.2)")
        found = (pocket, way.loss, way.sea or "")
        pockets.append(found)
    pocket, debt, sea = found
    rf = disband_rf(R, uid)
    got = max(0, rf - debt)  # SNO 8.2.2: the loss is the pocket's as a whole
    pockets = [(p, max(0, d - rf) if p == pocket else d, s) for p, d, s in pockets]
    if sea:
        got = _evacuate(R, state, sea, got)  # SNO 8.3.3
    set_unit(state, uid, at="dead", dispersed=False, fortified=False, flipped=False)
    add_rf(state, side, got)
    if owed is None:
        rec["pockets"] = [[list(p), d, s] for p, d, s in pockets]
        rec["started"] = True
        state["breakout"] = rec
    else:
        owed.clear()
        owed.update({p: (d, s) for p, d, s in pockets})
    return got


def involuntary(R: Rules, state: State, uids: list[str]) -> dict[str, Any]:
    """SNO 7.3.1 DD, 8.0.2: at the moment of combat, each defending unit in supply disbands
    and each isolated one breaks out (one without a way out, or a garrison, which may never
    disband, 10.5.5, is eliminated; a juggernaut or the Polish 1st Army, which may not break
    out, 8.2.1a, is lost for good, 10.1.2c). Returns ``{"removed": [...], "rf": RFs gained}``."""
    alive = [u for u in uids if on_map(state, u)]
    supplied = {u: supply.in_supply(R, state, u) for u in alive}  # all at one instant
    owed: dict[tuple[str, ...], tuple[int, str]] = {}
    pockets = {}
    for u in alive:
        if not supplied[u]:
            pockets[u] = supply.pocket_of(R, state, u)
    gained = 0
    for u in alive:
        if not may_disband(R, u):
            eliminate(R, state, [u])
        elif supplied[u]:
            gained += disband(R, state, u, supplied=True)
        elif not may_break_out(R, u):  # SNO 8.2.1a: eliminated instead
            eliminate(R, state, [u])  # SNO 10.1.2c: out of supply - lost for good
        else:
            pocket = pockets[u]
            if pocket not in owed:
                way = best_way(R, state, u, pocket)
                if way is None:
                    eliminate(R, state, [u])
                    continue
                owed[pocket] = (way.loss, way.sea or "")
            gained += breakout(R, state, u, owed)
    return {"removed": alive, "rf": gained}


# ------------------------------------------------------------------ the phase handler
def _attacked(state: State) -> set[str]:
    """SNO 8.2.1c: units that took part in an attack this Combat Phase."""
    combat = state.get("combat") or {}
    return {u for a in combat.get("plan", ()) for u in a.get("attackers", ())}


def _marked(state: State) -> list[str]:
    combat = state.get("combat") or {}
    return [u for u in combat.get("disbanding", ()) if on_map(state, u)]


def begin(R: Rules, state: State) -> None:
    state["breakout"] = _record(state)


def _offers(
    R: Rules, state: State, uid: str, rec: dict[str, Any], status: dict[str, bool]
) -> list[Action]:
    """The disbandment and break-out the phase offers one unit of the phasing side."""
    # SNO 8.0.1: his own combat units (never garrisons, 10.5.5)
    if uid not in status or not may_disband(R, uid):
        return []
    out: list[Action] = []
    # SNO 8.0.2: disbandments first - none once a break-out has happened
    if not rec["started"] and (status[uid] or _coast_sea(R, state, uid)):
        out.append(_disband_action(R, uid, not status[uid]))
    if not status[uid]:
        charged = next((p for p in rec["pockets"] if uid in p[0]), None)
        if not may_break_out(R, uid):  # SNO 8.2.1a
            return out
        if charged is not None:
            what = f"{disband_rf(R, uid)} RF less the {charged[1]} its pocket still owes"
        elif can_break_out(R, state, uid, supply.pocket_of(R, state, uid)):
            what = f"{disband_rf(R, uid)} RF less its pocket's break-out loss (SNO 8.2.2)"
        else:
            return out
        out.append(_breakout_action(R, uid, what))
    return out


# the disband and break-out actions are kept with the rules (at most 10,000 each): the same
# unit and way make the same action
@per_components(most=10_000)
def _disband_action(R: Rules, uid: str, by_sea: bool) -> Action:
    """SNO 8.1.1 (8.3.1 by sea): the unit's disbandment."""
    unit = R.unit(uid)
    how = " by sea (SNO 8.3.1a)" if by_sea else ""
    return Action(
        "disband",
        (uid,),
        label=f"Disband {unit.title}{how}: up to {disband_rf(R, uid)} RF",
        rule="SNO 8.3.1" if by_sea else "SNO 8.1.1",
        side=unit.side,
        units=(uid,),
        group="Disband",
    )


@per_components(most=10_000)
def _breakout_action(R: Rules, uid: str, what: str) -> Action:
    """SNO 8.2: the unit's break-out, ``what`` it costs."""
    unit = R.unit(uid)
    return Action(
        "breakout",
        (uid,),
        label=f"Break out {unit.title}: {what}",
        rule="SNO 8.2",
        side=unit.side,
        units=(uid,),
        group="Break out",
    )


def can_leave(R: Rules, state: State, uid: str) -> bool:
    """SNO 7.1.12: whether the unit can disband or break out "rather than attack" - whether
    the Disbandment and Break-out Phase would offer it either now (8.0; a break-out already
    made this phase rules out disbandments, 8.0.2). The combat plan offers the choice and
    relieves the unit of its attack only while this holds."""
    side = R.unit(uid).side
    return bool(_offers(R, state, uid, _record(state), supply.status(R, state, side)))


def actions(R: Rules, state: State) -> list[Action]:
    # SNO 8.0: the phasing player's voluntary disbandments and break-outs
    side = phasing_side(state)
    rec = _record(state)
    status = supply.status(R, state, side)
    attacked = _attacked(state)
    marked = set(_marked(state))
    offers: list[Action] = []
    for uid in side_units(R, state, side):
        if uid not in attacked:  # SNO 8.2.1c: not units that attacked
            offers.extend(_offers(R, state, uid, rec, status))
    # SNO 7.1.12, 8.0.2: a unit marked to disband instead of attacking disbands before any
    # break-out (which would end the disbandments); the phase ends only once no marked unit
    # can still disband or break out
    if any(a.verb == "disband" and a.args[0] in marked for a in offers):
        return [a for a in offers if a.verb == "disband"]
    if not any(a.args[0] in marked for a in offers):
        offers.append(
            Action(
                "end",
                (),
                label="End disbandment and break-out",
                rule="SNO 8.0.2",
                side=side,
                role="end",
                group="End the phase",
            )
        )
    return offers


def perform(R: Rules, state: State, action: Action) -> Outcome:
    if action.verb == "end":
        state["breakout"] = None
        return DONE
    uid = str(action.args[0])
    if action.verb == "disband":
        disband(R, state, uid)
        state["breakout"] = {**_record(state)}
        return None
    breakout(R, state, uid)
    return None


def prompt(R: Rules, state: State) -> Prompt:
    side = phasing_side(state)
    marked = [u for u in _marked(state) if can_leave(R, state, u)]
    text = "Disband units in supply, then break out isolated ones (8.0.2); then end the phase"
    if marked:
        names = ", ".join(unit_title(R, u) for u in marked)
        text = f"{names} must disband or break out instead of attacking (7.1.12). " + text
    return Prompt(side, text, "SNO 8.0.2")
