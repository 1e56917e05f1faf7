"""SNO 5.0 Movement in the Operational Movement Phase: the handler of the ``omp`` phase kind.

The phasing player ``select``s one of his units that may still move (5.1.2: one at a time),
sends it ``to`` a hex it can reach (the cost in the label; the move carries its path in
``Action.payload``), or ``deselect``s it; ``end`` ends the phase (5.1.1: all, some or none).
A unit moves once a phase. Where a unit can go:

- SNO 5.1.4: its allowance, and always one hex whatever the cost unless moving directly from
  enemy ZOC to enemy ZOC;
- SNO 5.2.1: it stops on entering enemy ZOC;
- SNO 5.2.2: begun in enemy ZOC, it may leave and re-enter enemy ZOC only within half its
  allowance;
- SNO 5.2.3: begun in enemy ZOC, directly to an adjacent hex in enemy ZOC only (a) in the ZOC
  of other enemy units alone for at most one movement point, or (b) into a hex held by a
  friendly unit that stays there all phase (recorded: that unit may then not move);
- SNO 5.3.2: a unit that neither begins nor ends its move in enemy ZOC adds the strategic
  bonus (two Axis, three Soviet; in Mud no more than 3 in all, 6.3.1): every move to a hex
  outside enemy ZOC from a hex outside it is offered with the bonus, moves into enemy ZOC
  without it (the bonus would be lost by ending there);
- SNO 5.5.4: river sides cost one more on moves that end in enemy ZOC;
- SNO 5.3.3-5.3.4: the Guderian and Manstein bonus and the fuel penalty, fixed at the start
  of the OMP (:mod:`armor`, ``movement_rules.omp_allowance``);
- SNO 5.1.8, 10.1.4, 10.3.3a: a juggernaut on its stronger side or a refitted armor unit is
  also offered the hexes only its weaker side's larger movement factor reaches; such a move
  flips it (labelled so);
- SNO 5.4.2: hexes held solely by units being overrun may be entered and crossed at double
  cost; a move possible only because of an overrun earns a Blitz marker (5.4.1b);
- what a hex and a side allow, and what they cost: :mod:`movement_rules`.

Besides moves, the OMP offers the overrun declarations of :mod:`overrun` (5.4.1: at any time,
no unit selected; a declaration in progress first) and Zhukov's placement before any unit
moves (10.6.5, :mod:`zhukov`, who then moves with his unit). A unit that moves loses its HAB
marker (10.2.2) and its refit (10.3.5); an overrunning unit moves no further (5.4.3).

State key owned here::

    omp     {"turn", "phase", "selected": uid | None, "moved": [uids that have moved],
             "anchors": {hex: [uids]}, "guderian": [uids]} - anchors: the units that must
             stay where they are because a unit moved in beside them under 5.2.3b;
             guderian: the "G" units with their bonus this OMP (5.3.3); stale (ignored)
             once the phase changes
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NamedTuple

from ...core.memo import facts_of, per_components
from ...core.paths import CostSteps, HexIndex, Reach, cost_steps, reach_numbered
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import armor, control, hab, juggernauts, overrun, overruns, zhukov
from .movement_rules import (
    StepInfo,
    Steps,
    allowance,
    finnish_area,
    guderian_units,
    higher_factor,
    hungary_active,
    in_finland,
    in_hungary,
    may_enter,
    omp_allowance,
    overrun_cost,
    overrun_hexes,
    step_cost,
    step_table,
    strategic_allowance,
    thawing_lake,
)
from .options import stalin_line
from .rules import (
    Rules,
    State,
    counter_ids,
    hex_index,
    hex_of,
    hex_title,
    on_map,
    other,
    phasing_side,
    remember,
    remembered,
    set_unit,
    unit_title,
    units_at,
)
from .units import eliminate, is_garrison, may_move
from .zoc import zoc, zoc_sources

PENDING_KINDS: tuple[str, ...] = ()


class Move(NamedTuple):
    """A move on offer: its cost, path (start first), the rule it rests on, whether it uses
    the strategic bonus, and whether it needs the larger movement factor of the unit's weaker
    side (5.1.8: the unit flips)."""

    cost: float
    path: tuple[str, ...]
    rule: str
    bonus: bool = False
    flip: bool = False


# ------------------------------------------------------------------ the phase record
def record(state: State) -> dict[str, Any]:
    """This phase's movement record (a fresh one if the stored one is stale)."""
    rec = state.get("omp")
    if rec and rec.get("turn") == state["turn"] and rec.get("phase") == state["phase"]:
        return rec  # type: ignore[no-any-return]
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "selected": None,
        "moved": [],
        "anchors": {},
        "guderian": [],
    }


def _write(state: State, **changes: Any) -> None:
    """Replace the record (never changed in place: copies of a state may share it)."""
    state["omp"] = {**record(state), **changes}


def begin(R: Rules, state: State) -> None:
    """On entering the OMP: a fresh record with the Guderian units (5.3.3); the armor's fuel
    and refit (5.3.4, 10.3.5: armor.begin_omp); SNO 5.5.11 Hungary active from April 1942."""
    state["omp"] = {**record({**state, "omp": None}), "guderian": guderian_units(R, state)}
    armor.begin_omp(R, state, phasing_side(state))  # SNO 5.3.4, 10.3.5
    juggernauts.begin_omp(R, state)  # SNO 10.1.5, 10.2.2: revert, then the HAB markers
    if hungary_active(state):  # SNO 5.5.11: 'until the German player-turn of April 1942'
        state["hungary_active"] = True
    # the month's terrain read now, not while legal actions are worked out
    classes: dict[str | None, str] = {}
    for u in movable(R, state):
        classes.setdefault(R.tables.tec.unit_class.get(R.unit(u).type), u)
    for u in classes.values():
        step_table(R, state, u)


# ------------------------------------------------------------------ who may move
def held(R: Rules, state: State, uid: str) -> str | None:
    """Why the unit may not move this OMP (None if it may)."""
    rec = record(state)
    return _held(R, state, uid, rec, rec["moved"], overruns.overrunning_units(state))


def _held(
    R: Rules,
    state: State,
    uid: str,
    rec: dict[str, Any],
    moved: Collection[str],
    overrunning: frozenset[str],
) -> str | None:
    """:func:`held`, given the phase record, the units moved and those overrunning."""
    unit = R.unit(uid)
    if unit.side != phasing_side(state) or not on_map(state, uid):
        return "not a unit of the phasing player on the map"
    if uid in moved:  # SNO 5.1.2 one at a time; # SNO 5.1.5 nothing carried over
        return "it has moved this phase (SNO 5.1.2)"
    if uid in overrunning:  # the reading of 5.4.3-5.4.4 in overrun.py
        return "it makes an overrun attack from where it stands (SNO 5.4.3)"
    if not may_move(R, state, uid):  # SNO 5.1.9, 10.5.2; 10.7.3
        if is_garrison(R, uid):
            return "garrisons never move (SNO 5.1.9)"
        return "it is fortified (SNO 10.7.3)"
    if unit.type not in R.tables.tec.unit_class:
        return "it has no movement factor"
    d = state["units"][uid]
    if d.get("dispersed"):  # SNO 5.1.7
        return "it is dispersed (SNO 5.1.7)"
    for h, anchors in rec["anchors"].items():
        if uid in anchors and d["at"] == h:
            others = [u for u in anchors if u != uid and hex_of(state, u) == h]
            if not others:
                return "a unit moved in beside it from enemy ZOC: it stays (SNO 5.2.3b)"
    return None


def movable(R: Rules, state: State) -> list[str]:
    """The phasing player's units that may still move (cheap checks, no search)."""
    side = phasing_side(state)
    rec = record(state)
    moved, overrunning = frozenset(rec["moved"]), overruns.overrunning_units(state)
    return [
        u
        for u in counter_ids(R, f"side-{side}", lambda unit: unit.side == side)
        if u in state["units"]
        and on_map(state, u)
        and _held(R, state, u, rec, moved, overrunning) is None
    ]


# ------------------------------------------------------------------ where a unit may go
def moves(R: Rules, state: State, uid: str) -> dict[str, Move]:
    """Every hex the unit may move to now, with the cheapest way there (not its own hex).
    Remembered while the state is read."""
    key = f"omp-moves-{uid}"
    known = remembered(state, key)
    if known is not None:
        return known  # type: ignore[no-any-return]
    found = {} if held(R, state, uid) is not None else _all_moves(R, state, uid)
    return remember(state, key, found)  # type: ignore[no-any-return]


def _all_moves(R: Rules, state: State, uid: str) -> dict[str, Move]:
    """SNO 5.1.8, 10.1.4, 10.3.3a: the moves on the face in use, and the hexes only the larger
    movement factor of the weaker side reaches (those moves flip the unit)."""
    found = _moves(R, state, uid)
    if higher_factor(R, state, uid) is None:
        return found
    gains = omp_allowance(R, state, uid, True) > omp_allowance(R, state, uid)
    if not gains and strategic_allowance(R, state, uid, True) <= strategic_allowance(R, state, uid):
        return found  # SNO 5.3.4, 6.3.1: short of fuel or in Mud, the larger factor gains nothing
    # the hexes the face in use reaches keep its moves: the larger factor's are not made
    for h, m in _moves(R, state, uid, higher=True, skip=found).items():
        if h not in found:
            found[h] = m._replace(flip=True)
    return found


def _moves(
    R: Rules, state: State, uid: str, higher: bool = False, skip: Collection[str] = ()
) -> dict[str, Move]:
    """The unit's moves on the face in use (``higher``: with the larger movement factor of
    its weaker side, 5.1.8), but none to the hexes of ``skip`` (the caller has those)."""
    start = hex_of(state, uid)
    assert start is not None
    side = R.unit(uid).side
    enemy_zoc = zoc(R, state, other(side))
    in_zoc = start in enemy_zoc
    base = omp_allowance(R, state, uid, higher)  # SNO 5.1.4, 5.3.3-5.3.4
    # SNO 5.5.9: a Soviet unit in the Finnish area must leave it: it may cross the area's
    # hexes on the way out (the reading in the coverage notes), but not end in one
    leaving = side == "soviet" and in_finland(R, state, start)
    area = finnish_area(R) if leaving else frozenset()
    # may_enter asks only the unit's side and nationality (and whether it is leaving the
    # Finnish area, the ``finland`` it is given): its answers are shared by every search
    # of such a unit while the state is read (the larger factor's search, 5.1.8, too)
    key = f"omp-enterable-{side}-{R.unit(uid).nationality}-{leaving}"
    enterable: dict[str, bool] | None = remembered(state, key)
    if enterable is None:
        enterable = remember(state, key, {})
    steps = step_table(R, state, uid)  # the terrain: costs, rivers, straits (read once)
    overrun = overrun_hexes(R, state, side)  # SNO 5.4.2: double the terrain cost
    line = stalin_line.steps(R, state, side)  # SNO 14.33: a river to Axis units from the west

    def allowed(h: str) -> bool:
        ok = enterable.get(h)
        if ok is None:
            ok = enterable[h] = may_enter(R, state, uid, h, finland=not (leaving and h in area))
        return ok

    def search(budget: int, to_zoc: bool) -> Reach:
        def enter(a: str, b: str, spent: float) -> float | None:
            if b in enemy_zoc and (not to_zoc or (a == start and in_zoc)):
                return None  # outside-ZOC search; SNO 5.2.3c: ZOC to ZOC handled apart
            if not allowed(b):
                return None
            cost, river, across_strait = steps[a][b]
            if across_strait:  # SNO 5.5.5: the whole allowance, for the one hex
                return float(budget) if a == start and spent == 0 else None
            if b in overrun:  # SNO 5.4.2
                cost = int(overrun_cost(R, uid, cost))
            # SNO 5.5.4: ends in enemy ZOC; # SNO 14.34: with the Stalin Line, one more each
            extra = int(river) + int((a, b) in line) if to_zoc else 0
            return float(cost + extra)

        # the search over hex numbers: the terrain's costs read from tables worked out once
        # (outside ZOC; into ZOC with the rivers' one more, 5.5.4); straits, overrun hexes
        # (5.4.2) and the Stalin Line's steps (14.34) asked of ``enter`` as the unit moves
        # (both raise the table's cost, as reach_numbered's ``ask`` needs)
        def odd(a: int, b: int, spent: float) -> float | None:
            return enter(ids[a], ids[b], spent)

        if to_zoc:

            def may(b: int) -> bool:
                return allowed(ids[b])

            def from_start(a: int, b: int, c: float) -> float | None:  # SNO 5.2.3c
                return None if a == start_n else c

        else:

            def may(b: int) -> bool:
                return not zoc_n[b] and allowed(ids[b])

        return reach_numbered(
            index,
            start,
            budget,
            into_n if to_zoc else outside_n,
            may,
            odd=odd,
            pair=zoc_n if to_zoc and in_zoc else None,
            on_pair=from_start if to_zoc else None,
            stops=zoc_n,  # SNO 5.2.1
            one_hex_minimum=True,  # SNO 5.1.4 (never ZOC to ZOC: enter refuses those)
            ask=ask_n,
        )

    index = hex_index(R)
    ids, start_n = index.ids, index.num[start]
    outside_n, into_n = _numbered_steps(R, steps, index)
    zoc_n = index.mask(enemy_zoc)
    num = index.num
    ask_n = [num[h] for h in overrun] + [num[b] for _, b in line] or None

    out: dict[str, Move] = {}
    # to hexes outside enemy ZOC: with the strategic bonus unless begun in enemy ZOC (5.3.2)
    free = base if in_zoc else strategic_allowance(R, state, uid, higher)  # SNO 5.3.2
    outside = search(free, False)
    for i, (h, cost) in enumerate(zip(outside.hexes(), outside.cost, strict=True)):
        if h != start and h not in area and h not in skip:
            out[h] = Move(cost, tuple(outside.path_at(i)), "SNO 5.1", cost > base)
    # into enemy ZOC: no bonus (5.3.2), rivers cost one more (5.5.4)
    into = search(base, True)
    for i, (h, cost) in enumerate(zip(into.hexes(), into.cost, strict=True)):
        if h == start or h not in enemy_zoc or h in area or h in skip:
            continue
        if in_zoc and cost > base / 2:  # SNO 5.2.2: re-entry within half the allowance
            continue
        out[h] = Move(cost, tuple(into.path_at(i)), "SNO 5.2.2" if in_zoc else "SNO 5.2.1")
    if in_zoc:
        for h, move in _zoc_to_zoc(R, state, uid, start, base, enemy_zoc, allowed).items():
            if h in skip:
                continue
            if h not in out or move.rule == "SNO 5.2.3a":  # 5.2.3b only where it is needed
                out[h] = move
    return out


def _numbered_steps(R: Rules, steps: Steps, index: HexIndex) -> tuple[CostSteps, CostSteps]:
    """``step_table``'s costs by hex number (``core.paths.cost_steps``), kept with the
    table: (outside enemy ZOC, into it - SNO 5.5.4: a river one more); a strait's step
    (5.5.5) None, for the search to ask."""
    empty: dict[str, StepInfo] = {}

    def outside(h: str) -> dict[str, float | None]:
        return {b: None if st else float(c) for b, (c, _, st) in steps.get(h, empty).items()}

    def into(h: str) -> dict[str, float | None]:
        row = steps.get(h, empty).items()
        return {b: None if st else float(c + int(river)) for b, (c, river, st) in row}

    if not steps:  # a class that never moves: nothing to keep
        return cost_steps(index, outside), cost_steps(index, into)
    # kept with the rules beside the table they are read from, found by identity: the step
    # tables are few (one per movement class and freezing line, movement_rules.step_table)
    kept: list[tuple[Steps, CostSteps, CostSteps]] = facts_of(R).setdefault(
        "omp_numbered_steps", []
    )
    for table, out_n, into_n in kept:
        if table is steps:
            return out_n, into_n
    if len(kept) >= 64:
        kept.clear()
    kept.append((steps, cost_steps(index, outside), cost_steps(index, into)))
    return kept[-1][1], kept[-1][2]


def _zoc_to_zoc(
    R: Rules,
    state: State,
    uid: str,
    start: str,
    base: int,
    enemy_zoc: frozenset[str],
    allowed: Any,
) -> dict[str, Move]:
    """SNO 5.2.3: from enemy ZOC directly to an adjacent hex in enemy ZOC."""
    side = R.unit(uid).side
    first = zoc_sources(R, state, start, side)
    moved = set(record(state)["moved"])
    out: dict[str, Move] = {}
    line = stalin_line.steps(R, state, side)
    for h in R.map.grid.neighbours(start):
        if h not in enemy_zoc or not allowed(h):
            continue
        if (start, h) in line:
            continue  # SNO 14.33b: never ZOC to ZOC eastwards across the Stalin Line
        cost = step_cost(R, state, uid, start, h, ends_in_zoc=True)
        if cost is None:
            continue
        # SNO 5.2.3a: the ZOC of other enemy units only, for no more than one MP
        if cost <= min(1, base) and not first & zoc_sources(R, state, h, side):
            out[h] = Move(cost, (start, h), "SNO 5.2.3a")
            continue
        # SNO 5.2.3b: into a hex held by a friendly unit that stays put all phase
        if any(R.unit(u).side == side and u not in moved for u in units_at(state, h)):
            out[h] = Move(cost, (start, h), "SNO 5.2.3b")
    return out


# ------------------------------------------------------------------ moving
def move_unit(R: Rules, state: State, uid: str, move: Move) -> None:
    """Carry out a move: the unit's new hex, the record, 5.2.3b's anchors, 5.5.11 (a Soviet
    unit moving into Hungary activates it), the flip to the weaker side of a move that needed
    its movement factor (5.1.8, 10.1.4, 10.3.3a), and a moving armor unit forgoes its refit
    (10.3.5)."""
    side = R.unit(uid).side
    dest = move.path[-1]
    rec = record(state)
    anchors = dict(rec["anchors"])
    if move.rule == "SNO 5.2.3b":
        moved = set(rec["moved"])
        stay = [u for u in units_at(state, dest) if R.unit(u).side == side and u not in moved]
        anchors[dest] = sorted({*anchors.get(dest, ()), *stay})
    set_unit(state, uid, at=dest)
    if move.flip:  # SNO 5.1.8: 10.1.4 the juggernaut, 10.3.3a the armor unit on completion
        armor.flip_for_move(R, state, uid)
    armor.moved(state, uid)  # SNO 10.3.5: 'may not move ... during its OMP'
    hab.moved(state, uid)  # SNO 10.2.2: the HAB marker comes off a unit that moves
    zhukov.follow(R, state, uid)  # SNO 10.6.5: Zhukov moves with the unit he is with
    control.entered(R, state, uid, move.path)  # SNO 3.2.4: the cities it passed through too
    _write(state, selected=None, moved=[*rec["moved"], uid], anchors=anchors)
    if side == "soviet" and any(in_hungary(R, h) for h in move.path[1:]):
        state["hungary_active"] = True  # SNO 5.5.11


def must_leave_finland(R: Rules, state: State) -> list[str]:
    """SNO 5.5.9: Soviet units in the Finnish area that can still leave it this OMP."""
    if phasing_side(state) != "soviet":
        return []
    return [
        u
        for u in movable(R, state)
        if in_finland(R, state, hex_of(state, u) or "") and moves(R, state, u)
    ]


def finish(R: Rules, state: State) -> bool:
    """The end of the OMP (sequence's end-of-phase check, before stacking): SNO 5.5.9 Soviet
    units still in the Finnish area are eliminated. Opens no decision."""
    if phasing_side(state) == "soviet":
        for u in counter_ids(R, "side-soviet", lambda unit: unit.side == "soviet"):
            if u in state["units"] and in_finland(R, state, hex_of(state, u) or ""):
                eliminate(R, state, [u])  # SNO 5.5.9 'if unable to do so is eliminated'
    state["omp"] = None
    armor.end_omp(state)  # SNO 5.3.4: short of fuel for that OMP only
    return False


def thaw_losses(R: Rules, state: State, side: str) -> None:
    """SNO 6.3.4: a unit still on an all-lake hex that is not frozen at the end of its own
    player-turn is eliminated."""
    for u in counter_ids(R, f"side-{side}", lambda unit: unit.side == side):
        h = hex_of(state, u) if u in state["units"] else None
        if h is not None and thawing_lake(R, state, h):
            eliminate(R, state, [u])


# SNO 5.4.1a-b: a move possible only because an overrun attack has taken place
def made_possible_by_overrun(R: Rules, state: State, uid: str, dest: str) -> bool:
    """SNO 5.4.1a-b: would the unit be unable to reach ``dest`` with the overruns declared
    this OMP undone (their defenders' ZOC back, 3.1.4; their hexes closed again, 5.4.2)?
    Such a move earns a Blitz marker. Reading: "the same move" is a move to the same hex."""
    if not state.get("overruns"):
        return False
    undone: State = {**state, "overruns": [], "overrun_draft": None}
    return dest not in _all_moves(R, undone, uid)


# ------------------------------------------------------------------ the handler
#: SNO 5.1.8: what a move with the weaker side's movement factor does to the unit.
FLIPS = {
    True: ", flipping to its weaker side (SNO 10.1.4)",
    False: ", unrefitted on arrival (SNO 10.3.3a)",
}


def _mp(cost: float) -> str:
    return f"{int(cost)}" if cost == int(cost) else f"{cost:g}"


# kept with the rules, at most 20,000: the same unit in the same hex makes the same
# action, offered again at every decision point of its OMP
@per_components(most=20_000)
def _select(R: Rules, uid: str, at: str, side: str) -> Action:
    """SNO 5.1.2: choosing the unit standing in ``at`` to move next."""
    return Action(
        "select",
        (uid,),
        f"Move {unit_title(R, uid)} from {hex_title(R, at)}",
        "SNO 5.1.2",
        side,
        role="select",
        units=(uid,),
        group="Move a unit",
    )


def actions(R: Rules, state: State) -> list[Action]:  # SNO 5.0 (1.0 B: the OMP)

    side = phasing_side(state)
    sel = record(state)["selected"]
    if state.get("overrun_draft"):  # SNO 5.4.3: the overrun being declared first
        return overrun.actions(R, state)
    if sel is None:
        acts = zhukov.actions(R, state)  # SNO 10.6.5: before any unit moves
        acts += [_select(R, u, hex_of(state, u) or "", side) for u in movable(R, state)]
        acts += overrun.actions(R, state)  # SNO 5.4.1: at any time during the OMP
        if not must_leave_finland(R, state):  # SNO 5.1.1: all, some or none; SNO 5.5.9
            acts.append(
                Action(
                    "end",
                    (),
                    "End the operational movement phase",
                    "SNO 5.1.1",
                    side,
                    role="end",
                    group="End the phase",
                )
            )
        return acts
    name = unit_title(R, sel)
    start = hex_title(R, hex_of(state, sel) or "")
    acts = []
    for h, m in sorted(moves(R, state, sel).items()):
        extra = " with the strategic bonus" if m.bonus else ""
        if m.flip:
            extra += FLIPS[R.unit(sel).juggernaut]
        label = f"Move {name} {start} -> {hex_title(R, h)} ({_mp(m.cost)} MP{extra})"
        acts.append(
            Action(
                "to",
                (h,),
                label,
                m.rule,
                side,
                m,
                role="move",
                units=(sel,),
                hexes=(h,),
                path=tuple(m.path),
                cost=m.cost,
                group="Move to",
                highlight="move",
            )
        )
    acts.append(
        Action(
            "deselect",
            (),
            f"Choose another unit than {name}",
            "SNO 5.1.2",
            side,
            role="back",
            group="Choose another unit",
        )
    )
    return acts


def perform(R: Rules, state: State, action: Action) -> Outcome:
    verb = action.verb
    if verb in overrun.VERBS:
        overrun.perform(R, state, action)  # SNO 5.4.1
    elif verb in zhukov.VERBS:
        zhukov.perform(R, state, action)  # SNO 10.6.5
    elif verb == "select":
        _write(state, selected=str(action.args[0]))
    elif verb == "deselect":
        _write(state, selected=None)
    elif verb == "to":
        sel = record(state)["selected"]
        move = action.payload if isinstance(action.payload, Move) else None
        if move is None:
            move = moves(R, state, sel)[str(action.args[0])]
        blitz = made_possible_by_overrun(R, state, sel, move.path[-1])
        move_unit(R, state, sel, move)
        if blitz:
            overruns.mark_blitz(state, sel)  # SNO 5.4.1b
    elif verb == "end":
        return DONE  # the end checks: finish (5.5.9), then the stacking check (4.3)
    return None


def prompt(R: Rules, state: State) -> Prompt:
    declaring = overrun.prompt(R, state)  # SNO 5.4.1: an overrun being put together
    if declaring is not None:
        return declaring
    side = phasing_side(state)
    sel = record(state)["selected"]
    if sel is not None:
        return Prompt(side, f"Choose where {unit_title(R, sel)} moves", "SNO 5.1.2")
    if must_leave_finland(R, state):
        return Prompt(
            side,
            "Soviet units in the Finnish-occupied area must leave it before the phase ends",
            "SNO 5.5.9",
        )
    return Prompt(side, "Move your units one at a time, then end the phase", "SNO 5.1.1")


__all__ = [
    "Move",
    "actions",
    "allowance",
    "begin",
    "finish",
    "held",
    "may_enter",
    "movable",
    "moves",
    "perform",
    "prompt",
    "step_cost",
    "thaw_losses",
]
