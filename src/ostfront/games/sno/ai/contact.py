"""The compulsory attack a move into contact brings (SNO 7.1.4, 7.1.6), priced for movement.

A phasing combat unit next to an enemy unit in its Combat Phase must attack one of them
(7.1.4), and every enemy unit next to a phasing unit must be attacked (7.1.6), all of a hex
together with the other friendly units beside it (7.1.9). A Romanian mountain corps (2) moved
alone beside the Soviet 18th Army (3) attacks at 1:2, and an AE there (seed 1's June) took
with it the supply line of the whole southern wing. So the price of a unit's hex is, for each
enemy hex next to it, the forced attack with the unit less without it - the attacks' expected
results (:data:`evaluation.RESULT_WORTH`, in factors of the defence) counted only below zero,
times :data:`CONTACT`: a lone attack at poor odds costs, strengthening a weak one the others
must make anyway gains, a fair one costs nothing. A move's price is that of where it goes
less that of where it stands, so leaving a neighbour alone in contact costs too. An attack
the units yet to move could bring to :data:`FAIR` is not priced, so a side still masses.

A side on the offensive (a style's ``offensive``: the Soviets in Snow, 6.4.2) also counts the
gain above zero - a move that makes an attack better is worth the defence it is expected to
take, so its units go looking for such attacks.

No price where the rules oblige nothing (7.1.4): a Major or Victory city, an enemy hex across
an unfrozen river or strait side, a fortified unit or one that never attacks (10.5.3).
"""

from __future__ import annotations

from .. import movement
from ..combat import odds as odds_mod
from ..combat.plan import across_river_or_strait, attackable
from ..rules import Rules, State, combat_factor, hex_of
from ..state import own
from ..units import may_attack
from ..zoc import footprint, zoc_table
from .evaluation import View, fought_distribution, result_value

#: Movement worth a factor of the defence an attack is expected to lose (a hex nearer the
#: objective is worth 1): a lone corps at 1:2 costs about three hexes of the march
CONTACT = 3.0
#: SNO 7.4.7: an attack below 1:6 is an AE at once (in factors of the defence, as RESULT_WORTH)
BELOW_LOWEST = -1.2
#: Attack factors to the defence's that the units still to move may bring for a forced
#: attack not to be priced (2:1 before terrain's shifts)
FAIR = 2.0


def contacts(R: Rules, state: State, view: View, h: str) -> list[str]:
    """The enemy hexes a combat unit in ``h`` would have in its ZOC (3.1.1) holding units it
    may attack (7.1.5; factories too, 10.4.2)."""
    return [
        e
        for e in footprint(R, state, h)
        if e in view.enemy_hexes and any(attackable(R, d) for d in view.occupancy.get(e, ()))
    ]


def obliges(R: Rules, state: State, uid: str, at: str, e: str) -> bool:
    """Whether ``uid`` in ``at`` is obliged to attack the enemy in ``e`` next to it (7.1.4):
    not from a Major or Victory city (a), nor across an unfrozen river or strait side (b), nor
    fortified (d) - a reading per unit, without (c), (e) and (f)."""
    if odds_mod.major_or_victory(R, at) or not may_attack(R, uid, state):
        return False
    return not across_river_or_strait(R, state, R.unit(uid).side, at, e)


def attackers_of(R: Rules, state: State, view: View, e: str, leaving: str) -> list[str]:
    """The friendly units that have ``e`` in their ZOC and may attack it, ``leaving`` left out."""
    return sorted(
        u
        for u in zoc_table(R, state, view.side).get(e, frozenset())
        if u != leaving and may_attack(R, u, state)
    )


def forced_attack(
    R: Rules,
    state: State,
    view: View,
    group: list[str],
    e: str,
    memo: dict[tuple[object, ...], tuple[float, float, float]],
) -> tuple[float, float, float]:
    """(expected result in factors of the defence; attack factors; defence factors) of
    ``group`` (each where ``state`` has it) attacking every unit in ``e`` together (7.1.9) -
    a worth of zero where no unit of the group is obliged to attack it (7.1.4)."""
    if not group:
        return 0.0, 0.0, 0.0
    where = {u: hex_of(state, u) or "" for u in group}
    if not any(obliges(R, state, u, where[u], e) for u in group):
        return 0.0, 0.0, 0.0
    defenders = sorted(d for d in view.occupancy.get(e, ()) if attackable(R, d))
    key = (tuple((u, where[u], combat_factor(R, state, u)) for u in group), tuple(defenders))
    found = memo.get(key)
    if found is None:
        o = odds_mod.assess(R, state, group, defenders)
        defence = max(1, o.defence)
        if o.column is None:
            worth = BELOW_LOWEST * defence
        else:
            dist = fought_distribution(R, state, group, defenders)
            worth = result_value(dist) * defence
        found = memo[key] = (worth, float(o.attack), float(defence))
    return found


def contact_price(
    R: Rules,
    state: State,
    view: View,
    uid: str,
    h: str,
    memo: dict[tuple[object, ...], tuple[float, float, float]],
    coming: dict[str, dict[str, float]] | None = None,
    weight: float = CONTACT,
    fair: float = FAIR,
    offensive: float = 0.0,
) -> float:
    """What ``uid`` standing in ``h`` adds to its side's compulsory attacks (7.1.4, 7.1.6):
    for each enemy hex next to ``h``, the forced attack on it with ``uid`` less without it -
    below zero where it brings an attack it makes alone at poor odds, above where it
    strengthens one the others must make anyway, zero where theirs is fair. A move's price is
    that of where it goes less that of where it stands, so leaving a hex-mate or neighbour
    alone in contact is priced too. ``coming``: enemy hex -> the units yet to move that can
    reach it this phase and their factors (:func:`still_coming`); an attack they would make
    ``fair`` (:data:`FAIR`) is not priced, so a side masses; ``weight``: movement worth a
    factor of the defence (:data:`CONTACT`); ``offensive``: the same for the gain, above
    zero, of an attack the unit makes better (a side on the offensive). ``memo`` keeps the
    attacks found."""
    if not may_attack(R, uid, state):
        return 0.0  # SNO 10.5.3, 10.7.4
    hexes = contacts(R, state, view, h)
    if not hexes:
        return 0.0
    if hex_of(state, uid) == h:
        there = state
    else:
        units = {**state["units"], uid: {**state["units"][uid], "at": h}}
        there = own(dict(state, units=units))  # type: ignore[arg-type]
    total = gain = 0.0
    for e in hexes:
        others = attackers_of(R, state, view, e, uid)
        with_it, attack, defence = forced_attack(R, there, view, sorted([*others, uid]), e, memo)
        without = forced_attack(R, state, view, others, e, memo)[0]
        gain += max(0.0, with_it) - max(0.0, without)
        more = sum(f for u, f in (coming or {}).get(e, {}).items() if u != uid and u not in others)
        if with_it < 0 and attack + more >= fair * defence:
            with_it = 0.0  # the units still to move can make it a fair attack
        total += min(0.0, with_it) - min(0.0, without)
    return weight * total + offensive * gain


def still_coming(
    R: Rules, state: State, view: View, moved: set[str]
) -> dict[str, dict[str, float]]:
    """Enemy hex -> the side's units that have not moved this phase and may attack, which can
    reach a hex next to it (3.1.1) this phase, and their combat factors."""
    out: dict[str, dict[str, float]] = {}
    for uid in sorted(u for us in view.occupancy.values() for u in us):
        unit = R.unit(uid)
        if unit.side != view.side or not unit.is_combat or uid in moved:
            continue
        if not may_attack(R, uid, state):
            continue
        here = hex_of(state, uid)
        cf = float(combat_factor(R, state, uid))
        for x in {*movement.moves(R, state, uid), *([here] if here else [])}:
            for e in contacts(R, state, view, x):
                out.setdefault(e, {})[uid] = cf
    return out
