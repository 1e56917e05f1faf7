"""The attack plan the SNO computer players declare, worked out whole before the first
``attack`` (7.1.11: every attack is specified before any is resolved).

The obligations come first (7.1.4, 7.1.6): every enemy hex next to a unit obliged to attack
is a target, and each target is attacked once, as a whole hex, by some of the units next to
it. The units are shared out by a local search over "which target does this unit attack, or
none": a unit joins only if every enemy hex in its ZOC is a target (7.1.10: its whole ZOC is
then attacked), an obliged unit need not attack when its enemies are attacked by others
(7.1.4c), and a unit may disband or break out instead (7.1.12), obliging nothing - so a unit
whose ZOC holds enemies no other unit reaches does not break the whole plan. The search
weighs, for the plan as a whole, a target left unattacked, an attack below 1:6 (7.4.7) and
a unit attacking at more than three times the odds of the attack on another enemy hex next
to it (7.4.4) far above the expected worth of the attacks; with one
attack a hex, 7.4.2 and 7.4.3 never arise. The plan found is checked with the engine's own
tests (:func:`combat.plan.problems`, :func:`combat.limits.plan_problems`) and used only if it
passes, so a weak unit beside a strong attack attacks the other hex or stays out rather than
the plan failing at ``commit`` and units disbanding (7.1.12).

Besides the obligations, a plan may go for *wanted* hexes (``wanted``: hex -> what clearing it
is worth, in the plan's units - a defending factor eliminated is one): a victory city the
enemy holds, attacked by units not obliged to (a style's ``retake``: the Soviets', 15.2). An
attack on one is worth its chance of clearing the hex - every defender eliminated by a
result after which the attackers may advance (7.3.1, 7.7.3a) - times that; the units it draws
in bring their whole ZOC with them (7.1.10), each enemy hex of which must then be attacked
too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .. import disband
from ..combat import limits
from ..combat import odds as odds_mod
from ..combat import plan as plan_mod
from ..combat.declare import available
from ..combat.plan import combat_of, enemies_in_zoc
from ..crt import odds_value
from ..rules import Rules, State, combat_factor, hex_of, phasing_side, units_at
from .evaluation import fought_distribution, result_value

UNCOVERED = 1000.0  # a target no attack takes on (7.1.4, 7.1.6, 7.1.10)
#: SNO 7.3.1, 7.7.3a a: the results that clear the defending hex and let the attackers
#: advance into it - a victory city taken. An EX and the exchanges beyond it clear the hex
#: too, but no attacker may advance after them, and the enemy fills it again before the
#: attacker's next move (their worth is the defence eliminated,
#: :data:`.evaluation.RESULT_WORTH`); a DR moves no infantry out of a victory city (7.3.1)
CLEARS = {"DE": 1.0, "DD": 1.0, "HX": 1.0, "DX": 1.0}
TOO_LOW = 500.0  # an attack below 1:6 (7.4.7)
#: SNO 7.1.12: a unit's choice to disband (or break out) instead of attacking, and what it
#: costs over its factors (8.1.1: they come back less one, the unit gone from the front)
LEAVES: tuple[str, ...] = ("leaves",)
LEAVING = 1.0
THREE_TIMES = 300.0  # a unit over three times the odds beside it (7.4.4)
#: A plan scoring below this breaks a rule (its least penalty, :data:`THREE_TIMES`, less what
#: attacks' worths may make up)
BROKEN = THREE_TIMES - 100.0
PASSES = 6  # rounds of the local search
REDO = 2  # plans worked out again with units marked to disband (7.1.12)


@dataclass
class Planned:
    """The plan to declare: (attackers, defenders), in the order to declare them; and the
    units to disband or break out instead of attacking (7.1.12), marked first."""

    attacks: list[tuple[list[str], list[str]]] = field(default_factory=list)
    disband: list[str] = field(default_factory=list)


def defenders_at(R: Rules, state: State, h: str) -> list[str]:
    side = phasing_side(state)
    return sorted(
        u for u in units_at(state, h) if R.unit(u).side != side and plan_mod.attackable(R, u)
    )


def clears(dist: dict[str, Fraction]) -> float:
    """The chance a result distribution clears the defending hex (:data:`CLEARS`)."""
    return sum(float(p) * CLEARS.get(r, 0.0) for r, p in dist.items())


def build(
    R: Rules, state: State, wanted: dict[str, float] | None = None, depth: int = 0
) -> Planned | None:
    """The attack plan for the Combat Phase now (None: none found that keeps the rules);
    ``wanted``: enemy hexes worth attacking though no rule obliges it, and what clearing
    each is worth."""
    c = combat_of(state)
    if c.get("committed") or c.get("draft") is not None:
        return None
    # the defenders attacked already (the overruns declared in the OMP, 5.4.5): no attack
    # of this plan takes them on, and a unit next to them only is free of them (5.4.7)
    covered = {d for a in c["plan"] for d in a["defenders"]}
    free = available(R, state)
    hexes_of: dict[str, list[str]] = {
        u: sorted(
            {h for e in enemies_in_zoc(R, state, u) if e not in covered and (h := hex_of(state, e))}
        )
        for u in free
    }
    defs: dict[str, list[str]] = {}
    for hs in hexes_of.values():
        for h in hs:
            if h not in defs:
                defs[h] = [d for d in defenders_at(R, state, h) if d not in covered]
    need: set[str] = set()
    #: SNO 7.1.4, 7.1.6: obliged unit -> the enemy hexes it brings into the plan (none if it
    #: disbands instead, 7.1.12)
    bound: dict[str, set[str]] = {}
    for u in free:
        if plan_mod.obliged(R, state, u):
            bound[u] = {h for h in hexes_of[u] if any(d not in covered for d in defs[h])}
            need.update(bound[u])
    fixed: set[str] = set()  # the hexes the plan's attacks already made bring (7.1.10, 5.4.7)
    for a in c["plan"]:  # SNO 7.1.10, 5.4.7: the ZOC of units in the plan already
        for u in a["attackers"]:
            for e in enemies_in_zoc(R, state, u):
                h = hex_of(state, e)
                if h is not None and e not in covered and e in plan_mod.others_reach(R, state):
                    need.add(h)
                    fixed.add(h)
                    defs.setdefault(h, defenders_at(R, state, h))
    want = {h: v for h, v in (wanted or {}).items() if defs.get(h)}
    if not need and not want:
        return Planned()
    targets = need | set(want)
    for u in free:  # SNO 7.1.10: a unit going for a wanted hex brings its whole ZOC
        if want.keys() & set(hexes_of[u]):
            targets.update(hexes_of[u])
    cand = [u for u in free if hexes_of[u] and set(hexes_of[u]) <= targets]
    # each unit's choices: one enemy hex of its ZOC, or all of them in one attack (7.1.9)
    options: dict[str, list[tuple[str, ...]]] = {
        u: [(h,) for h in hexes_of[u]] + ([tuple(hexes_of[u])] if len(hexes_of[u]) > 1 else [])
        for u in cand
    }
    for u in cand:  # SNO 7.1.12: or disband (break out) instead, where 8.0 lets it
        if disband.can_leave(R, state, u):
            options[u].append(LEAVES)
    blitz = set(state.get("blitz") or ())
    cache: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Fraction | None, float, float]] = {}

    def judge(key: tuple[str, ...], group: tuple[str, ...]) -> tuple[Fraction | None, float, float]:
        """(odds value or None below the lowest, expected worth, attack/defence)."""
        if (key, group) not in cache:
            dfd = [d for h in key for d in defs[h]]
            crt = "overrun_blitz" if blitz & set(group) else "assault"
            o = odds_mod.assess(R, state, list(group), dfd, crt)
            ratio = o.attack / max(1, o.defence)
            if o.column is None:
                cache[key, group] = (None, 0.0, ratio)
            else:
                worth = 0.0
                if crt == "assault":
                    dist = fought_distribution(R, state, list(group), dfd)
                    defence = sum(combat_factor(R, state, d) for d in dfd)
                    worth = result_value(dist) * max(defence, 1)
                    worth += clears(dist) * sum(want.get(h, 0.0) for h in key)
                cache[key, group] = (odds_value(o.column), worth, ratio)
        return cache[key, group]

    def grouped(assign: dict[str, tuple[str, ...] | None]) -> dict[tuple[str, ...], list[str]]:
        groups: dict[tuple[str, ...], list[str]] = {}
        for u, k in assign.items():
            if k is not None and k != LEAVES:
                groups.setdefault(k, []).append(u)
        return groups

    def score(assign: dict[str, tuple[str, ...] | None]) -> float:
        total = 0.0
        vals: dict[tuple[str, ...], Fraction] = {}
        by_hex: dict[str, list[Fraction]] = {}
        hit: set[str] = set()
        for k, g in grouped(assign).items():
            hit.update(k)
            v, worth, ratio = judge(k, tuple(sorted(g)))
            if v is None:
                total -= TOO_LOW - 100 * min(ratio, 1.0)
                continue
            vals[k] = v
            total += worth
            for h in k:
                by_hex.setdefault(h, []).append(v)
        # SNO 7.1.4, 7.1.6; 7.1.10: every enemy hex in an attacking unit's ZOC is attacked
        drawn = {h for u, k in assign.items() if k is not None and k != LEAVES for h in hexes_of[u]}
        # SNO 7.1.12: a unit that disbands instead obliges nothing; its factors come back
        # less one (8.1.1), but it is gone from the front
        needed = fixed | {h for u, hs in bound.items() if assign.get(u) != LEAVES for h in hs}
        leaving = [u for u, k in assign.items() if k == LEAVES]
        total -= sum(LEAVING + combat_factor(R, state, u) for u in leaving)
        total -= UNCOVERED * len((needed | drawn) - hit)
        for vs in by_hex.values():  # SNO 7.4.3
            if len(vs) > 1 and max(vs) > 2 * min(vs):
                total -= THREE_TIMES
        for u, mine in assign.items():  # SNO 7.4.4
            if mine is None or mine not in vals:
                continue
            for h2 in hexes_of[u]:
                if h2 not in mine and any(vals[mine] > 3 * v2 for v2 in by_hex.get(h2, ())):
                    total -= THREE_TIMES
        return total

    # start: each unit on its most wanted target (fewest other units able to reach it)
    reach = {h: sum(1 for u in cand if h in hexes_of[u]) for h in targets}
    assign: dict[str, tuple[str, ...] | None] = {
        u: (min(hexes_of[u], key=lambda h: (h not in need, reach[h], h)),) for u in cand
    }

    def settle(
        assign: dict[str, tuple[str, ...] | None], fixed_units: frozenset[str]
    ) -> tuple[float, dict[str, tuple[str, ...] | None]]:
        """The local search from ``assign``: one unit's choice changed at a time (never
        those of ``fixed_units``) while the plan's score improves."""
        assign = dict(assign)
        best = score(assign)
        for _ in range(PASSES):
            better = False
            for u in cand:
                if u in fixed_units:
                    continue
                choices: list[tuple[str, ...] | None] = [*options[u], None]
                for option in choices:
                    if option == assign[u]:
                        continue
                    old = assign[u]
                    assign[u] = option
                    s = score(assign)
                    if s > best + 1e-9:
                        best, better = s, True
                    else:
                        assign[u] = old
            if not better:
                break
        return best, assign

    best, assign = settle(assign, frozenset())
    if best < -BROKEN:
        # SNO 7.1.12: the plan still breaks a rule, and one unit's change at a time cannot
        # mend it (a weak unit's lone attack below 1:6, and without it the hex another
        # unit's ZOC draws in left unattacked): each unit that may leave is sent away in
        # turn and the rest worked out again; the best plan kept
        for u in sorted(u for u in cand if LEAVES in options[u]):
            tried, found = settle({**assign, u: LEAVES}, frozenset({u}))
            if tried > best + 1e-9:
                best, assign = tried, found
    leaving = sorted(u for u, k in assign.items() if k == LEAVES)
    planned = Planned(
        [
            (sorted(g), sorted(d for h in k for d in defs[h]))
            for k, g in sorted(grouped(assign).items())
        ],
        leaving,
    )
    if leaving:  # SNO 7.1.12: the plan is judged with its units marked to leave
        c = combat_of(state)
        state = {**state, "combat": {**c, "disbanding": sorted({*c["disbanding"], *leaving})}}
    # SNO 7.4.7: an attack below 1:6 the rules let stand is an AE at once; disbanding its
    # units instead (7.1.12) keeps their factors, less one (8.1.1)
    bad = bool(problems(R, state, planned))

    def again(view: State) -> Planned | None:
        """The plan worked out again with units marked - only where the plan found broke
        the rules anyway (a plan that stands is kept), :data:`REDO` times at most."""
        return build(R, view, wanted, depth + 1) if bad and depth < REDO else None

    instead = instead_of_too_low(R, state, planned, lambda k, g: judge(k, g)[0] is None, again)
    if instead is not None:
        return instead
    return None if bad else planned


def instead_of_too_low(
    R: Rules,
    state: State,
    planned: Planned,
    too_low: Callable[[tuple[str, ...], tuple[str, ...]], bool],
    again: Callable[[State], Planned | None],
) -> Planned | None:
    """SNO 7.4.7, 7.1.12: the plan found, its attacks below 1:6 (``too_low(hexes, group)``)
    taken out and their units marked to disband or break out instead - an obliged unit with
    no better attack keeps its factors (less one, 8.1.1) rather than being lost as an AE -
    if every one of them may (8.0) and the rest of the plan then keeps the rules; if it does
    not (7.1.10: an attacking unit next to a hex only they attacked), the plan ``again``
    works out with them marked, if any; else None."""
    kept: list[tuple[list[str], list[str]]] = []
    out: list[str] = []
    for att, dfd in planned.attacks:
        hexes = tuple(sorted({h for d in dfd if (h := hex_of(state, d)) is not None}))
        if too_low(hexes, tuple(att)):
            out += att
        else:
            kept.append((att, dfd))
    if not out or not all(disband.can_leave(R, state, u) for u in out):
        return None
    c = combat_of(state)
    marked = sorted({*c["disbanding"], *out})
    view: State = {**state, "combat": {**c, "disbanding": marked}}
    rest = Planned(kept, sorted({*out, *planned.disband}))
    if not problems(R, view, rest):
        return rest
    found = again(view)
    if found is None:
        return None
    return Planned(found.attacks, sorted({*out, *planned.disband, *found.disband}))


def problems(R: Rules, state: State, planned: Planned) -> list[str]:
    """The engine's objections to the plan with ``planned`` declared (7.1.4-7.1.10, 7.4)."""
    c = combat_of(state)
    plan: list[dict[str, Any]] = list(c["plan"])
    n = int(c.get("next_id", 1))
    for i, (att, dfd) in enumerate(planned.attacks):
        plan.append(
            {
                "id": n + i,
                "attackers": att,
                "defenders": dfd,
                "where": {u: hex_of(state, u) for u in dfd},
                "done": False,
                "result": None,
                "kind": plan_mod.kind_of(state, att),
            }
        )
    return plan_mod.problems(R, state, plan) + limits.plan_problems(R, state, plan)
