"""SNO 7.3 losses: which units a side loses to an exchange or an attacker-loss result, chosen by
their owner (7.3.5) among the legal sets, and units eliminated.

- "as near as possible" (HX, DX, 7.3.2's DX in reverse): the sets whose total modified
  strength (7.3.8) does not exceed the limit and comes nearest to it; none at all if no single
  unit fits ('he removes nothing');
- "at least" (EX, 2X, 3X, 4X, AL): the sets whose total reaches the amount and that hold no
  unit they could do without (a superset only loses more); all the units if their total is
  short of it.

Reading: the owner chooses among these sets only; losing more than the rule asks is not
offered.

SNO 7.3.3 (10.2.6, 10.1.11, 10.3.3c): the attacker's losses are taken first from the HAB of
the attacking units (``hab:UNIT``), secondly from the difference between the two faces of its
juggernauts and armor stronger-side up (``flip:UNIT``), and only then from units - each tier
in the same way (the sets reaching the amount with nothing to spare; as near as possible
without exceeding it), a unit eliminated counting what padding it had left. Reading: the
tiers are taken in that order, as the rule lists them ("firstly ... secondly ... before"); the
defender never pads (7.3.3). A juggernaut in the attack may also break down first (10.1.11:
``break``, juggernauts.py): what padding it had is lost with it, its components join the
attacking group and the owner chooses again. The choice is offered even when there is only
one set if a juggernaut would be eliminated and could break down instead.

SNO 10.1.2: a juggernaut (and the Polish 1st Army, rule 10.1.2 in its counter data) is lost
for good when eliminated by an overrun, by a DE, or out of supply; otherwise it goes to the
"dead" box and may be formed again (never replaced: it has no replacement cost).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from ....core.phases import DONE, Outcome
from ....core.protocol import Action, Prompt
from .. import hab
from ..breakable import breakdown_options
from ..crt import at_least_sets
from ..rules import Rules, State, on_map, set_unit, unit_title
from ..units import eliminate

SEP = "+"
HAB, FLIP = "hab:", "flip:"


# ------------------------------------------------------------------ SNO 7.3.3 padding
# SNO 7.3.3
# SNO 10.2.6
# SNO 10.1.11
# SNO 10.3.3c
def padding(R: Rules, state: State, uid: str) -> tuple[int, int]:
    """SNO 7.3.3: what an attacking unit may lose before units - (its HAB, 10.2.6; the
    difference between its faces, a juggernaut or armor unit stronger-side up, 10.1.11,
    10.3.3c)."""
    if not on_map(state, uid):
        return 0, 0
    unit = R.unit(uid)
    step = 0
    if (
        unit.back_is in ("weaker", "unrefitted")
        and unit.front is not None
        and unit.back is not None
        and not state["units"][uid].get("flipped")
    ):
        step = max(0, unit.front.cf - unit.back.cf)
    return hab.bonus(R, state, uid), step


def _product(prefixes: list[list[str]], tails: list[list[str]]) -> list[list[str]]:
    return [p + t for p in prefixes for t in tails]


def padded_sets(
    R: Rules, state: State, mode: str, amount: Fraction | int, factors: dict[str, int]
) -> list[list[str]]:
    """SNO 7.3.3: the attacker's legal losses, HAB first, then face differences, then units
    (``mode`` "at_least" or "nearest", as in :func:`at_least_sets` / :func:`nearest_sets`)."""
    pads = {u: padding(R, state, u) for u in sorted(factors)}
    habs = {HAB + u: h for u, (h, _) in pads.items() if h}
    flips = {FLIP + u: s for u, (_, s) in pads.items() if s}
    if mode == "at_least":
        need = Fraction(amount)
        if need <= 0:
            return [[]]
        done: list[str] = []
        for tier in (habs, flips):
            if sum(tier.values()) >= need:
                return [done + s for s in at_least_sets(tier, need)]
            need -= sum(tier.values())
            done += sorted(tier)
        rest = {u: max(0, factors[u] - h - s) for u, (h, s) in pads.items()}
        return [done + s for s in at_least_sets(rest, need)]
    best: dict[tuple[str, ...], Fraction] = {}
    for first in nearest_sets(habs, amount) or [[]]:
        left = Fraction(amount) - sum(habs[t] for t in first)
        for second in nearest_sets(flips, left) or [[]]:
            taken = first + second
            left2 = left - sum(flips[t] for t in second)
            rest = {
                u: factors[u] - (h if HAB + u in taken else 0) - (s if FLIP + u in taken else 0)
                for u, (h, s) in pads.items()
            }
            for third in nearest_sets(rest, left2) or [[]]:
                best[tuple(taken + third)] = Fraction(amount) - left2 + sum(rest[u] for u in third)
    top = max(best.values(), default=Fraction(0))
    return [list(s) for s, total in best.items() if s and total == top]


def _breakable_in(R: Rules, state: State, s: list[str]) -> bool:
    """A juggernaut this loss would eliminate that could break down instead (10.1.11)."""
    return any(
        R.unit(u).juggernaut and breakdown_options(R, state, u)
        for u in s
        if not u.startswith((HAB, FLIP))
    )


def choose_padded(
    R: Rules,
    state: State,
    owner: str,
    mode: str,
    amount: Fraction | int,
    factors: dict[str, int],
    rule: str,
    why: str,
) -> bool:
    """SNO 7.3.3: the attacker's losses with padding - applied at once if there is no choice,
    else asked (7.3.5). True if a decision is now pending."""
    sets = padded_sets(R, state, mode, amount, factors)
    if len(sets) <= 1 and not (sets and _breakable_in(R, state, sets[0])):
        take(R, state, sets[0] if sets else [])
        return False
    a = Fraction(amount)
    state["pending"] = {
        "kind": "losses",
        "side": owner,
        "sets": sets,
        "rule": rule,
        "why": why,
        "plan": {"mode": mode, "amount": [a.numerator, a.denominator], "factors": factors},
    }
    return True


# SNO 10.1.11
def broken_down(
    R: Rules,
    state: State,
    uid: str,
    components: list[str],
    factors: dict[str, int],
    credit: int,
) -> Outcome:
    """SNO 10.1.11: a juggernaut of the attacking group broke down while its losses are being
    chosen - the padding it had (its HAB and its faces' difference) is lost with it, its
    components join the group; the owner chooses again from what is left to lose. DONE if
    nothing is left to choose: the attack's next steps follow (results.settle)."""
    p = state["pending"]
    plan = p["plan"]
    amount = Fraction(*plan["amount"]) - credit
    f = {u: v for u, v in plan["factors"].items() if u != uid} | factors
    state["pending"] = None
    if choose_padded(R, state, p["side"], plan["mode"], amount, f, p["rule"], p["why"]):
        return None
    return DONE


def take(R: Rules, state: State, chosen: list[str]) -> None:
    """Carry out a loss set: HAB markers lost (10.2.6), units flipped (10.1.11, 10.3.3c), then
    units eliminated."""
    for t in chosen:
        if t.startswith(HAB):
            hab.lose(state, t[len(HAB) :])
        elif t.startswith(FLIP):
            set_unit(state, t[len(FLIP) :], flipped=True)
    eliminate(R, state, [t for t in chosen if not t.startswith((HAB, FLIP))])


def describe_set(R: Rules, s: list[str]) -> str:
    parts = []
    for t in s:
        if t.startswith(HAB):
            parts.append(f"lose the HAB of {unit_title(R, t[len(HAB) :])}")
        elif t.startswith(FLIP):
            parts.append(f"flip {unit_title(R, t[len(FLIP) :])}")
        else:
            parts.append(f"eliminate {unit_title(R, t)}")
    return ", ".join(parts) or "lose nothing"


def nearest_sets(factors: dict[str, int], limit: Fraction | int) -> list[list[str]]:
    """SNO 7.3.1 HX/DX, 7.3.2: the sets with the greatest total not above ``limit``
    (an empty list if not even one unit fits)."""
    uids = sorted(factors)
    best = 0
    found: list[list[str]] = []
    for k in range(1, len(uids) + 1):
        for combo in combinations(uids, k):
            total = sum(factors[u] for u in combo)
            if total > limit or total < best:
                continue
            if total > best:
                best, found = total, []
            found.append(list(combo))
    return found if best > 0 else []


# SNO 7.3.5: where there is a choice, the owner of the units chooses
def choose(R: Rules, state: State, owner: str, sets: list[list[str]], rule: str, why: str) -> bool:
    """Eliminate the only legal set at once, or ask the owner (7.3.5). True if a decision is
    now pending."""
    if len(sets) <= 1:
        eliminate(R, state, sets[0] if sets else [])
        return False
    state["pending"] = {
        "kind": "losses",
        "side": owner,
        "sets": sets,
        "rule": rule,
        "why": why,
    }
    return True


def loss_actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    acts = []
    for s in p["sets"]:
        text = describe_set(R, s)
        acts.append(
            Action(
                "lose",
                (SEP.join(s) or "none",),
                text[0].upper() + text[1:],
                p["rule"],
                p["side"],
                units=tuple(s),
                group="Losses",
            )
        )
    return acts


def perform_loss(R: Rules, state: State, action: Action) -> Outcome:
    chosen = [] if action.args[0] == "none" else str(action.args[0]).split(SEP)
    if chosen not in state["pending"]["sets"]:
        raise ValueError(f"not a loss on offer: {action.text}")
    state["pending"] = None
    take(R, state, chosen)
    return DONE  # the decision is closed: the attack's next steps (results.settle)


def prompt(R: Rules, state: State) -> Prompt:
    p: dict[str, Any] = state["pending"]
    return Prompt(p["side"], f"Choose the units lost: {p['why']}", p["rule"])
