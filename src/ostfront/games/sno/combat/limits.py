"""SNO 7.4 Combat Limitations: what a declared attack, and the plan as a whole, may not do.

- 7.4.1 (10.5.4, 10.4.6): a garrison or factory stacked with a fortified unit is attacked only
  together with the largest fortified unit of its hex (and then with Exchange Conversion,
  which 7.5.1a makes mandatory anyway);
- 7.4.2: an attack on a group with fortified units is at higher odds, and against a greater
  total defence, than any attack on unfortified units only in the same hex;
- 7.4.3: separate attacks on units of one hex: the highest odds at most double the lowest;
- 7.4.4: an attacking unit's odds at most three times those of any attack on another enemy
  unit next to it (in its ZOC);
- 7.4.5: units attacking from a hex holding a friendly fortified combat unit are exempt from
  7.4.2-7.4.4 (an attack all of whose attackers are so placed is left out of 7.4.2-7.4.3);
- 7.4.6: odds compared as fractions (1:4 = 0.25, 3:2 = 1.5), :func:`odds_value`;
- 7.4.7: odds below 1:6 are not allowed; if unavoidable (:func:`unavoidable`) the attack is
  an automatic AE at the beginning of resolution.

The odds compared are the final columns (after the shifts of step five).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..crt import odds_value
from ..rules import Rules, State, hex_of, is_fortified, side_units, unit_title, units_at
from . import odds as odds_mod
from . import plan as plan_mod

__all__ = ["attack_problems", "odds_value", "plan_problems", "unavoidable"]


def _assess(R: Rules, state: State, attack: dict[str, Any]) -> odds_mod.Odds:
    """The odds of an attack of the plan on the CRT it is resolved on (SNO 5.4.9)."""
    crt = plan_mod.crt_of(attack)
    return odds_mod.assess(R, state, attack["attackers"], attack["defenders"], crt)


def fortified_cover(R: Rules, state: State, hex_id: str, side: str) -> bool:
    return any(
        R.unit(u).side == side and R.unit(u).is_combat and is_fortified(state, u)
        for u in units_at(state, hex_id)
    )


def exempt_unit(R: Rules, state: State, uid: str) -> bool:
    """SNO 7.4.5: attacking from a hex holding a friendly fortified combat unit."""
    h = hex_of(state, uid)
    return h is not None and fortified_cover(R, state, h, R.unit(uid).side)


def exempt_attack(R: Rules, state: State, attack: dict[str, Any]) -> bool:
    return bool(attack["attackers"]) and all(exempt_unit(R, state, u) for u in attack["attackers"])


# SNO 7.4.1
# SNO 10.5.4
# SNO 10.4.6: a factory the same (the Exchange Conversion, overrun or Blitz it allows: 7.5.1a
# makes Exchange Conversion mandatory on the Assault CRT; overrun.py and Blitz attacks use this)
def garrison_problems(R: Rules, state: State, defenders: list[str]) -> list[str]:
    """SNO 7.4.1, 10.5.4: a garrison stacked with fortified units is attacked only together
    with the largest of them."""
    out: list[str] = []
    for d in defenders:
        if R.unit(d).type not in ("garrison", "factory"):
            continue
        h = hex_of(state, d)
        if h is None:
            continue
        forts = [u for u in units_at(state, h) if is_fortified(state, u)]
        if not forts:
            continue
        best = max(odds_mod.defence_factor(R, state, u) for u in forts)
        if not any(u in defenders and odds_mod.defence_factor(R, state, u) == best for u in forts):
            out.append(
                f"{unit_title(R, d)} is stacked with fortified units: attack it together with "
                "the largest of them (SNO 7.4.1)"
            )
    return out


# SNO 7.4.7
def unavoidable(
    R: Rules,
    state: State,
    attackers: list[str],
    others: list[dict[str, Any]],
    crt: str = "assault",
) -> bool:
    """SNO 7.4.7: an attack below 1:6 is unavoidable when its attackers must attack (7.1.4)
    and the enemy units they must see attacked (those in their ZOC that no other attack of
    the plan takes on: 7.1.4c, 7.1.6, 7.1.10) cannot all be attacked at 1:6 or more by the
    units able to attack them - together, or one enemy hex or one enemy unit per attack.
    Disbanding (7.1.12) is an option, not an arrangement of attacks: not counted.
    SNO 5.4.1c: the same for a Blitz attack below its minimum odds (``crt`` "overrun_blitz":
    every arrangement is then assessed on the Overrun/Blitz CRT)."""
    if not attackers or not all(plan_mod.obliged(R, state, u) for u in attackers):
        return False
    taken = {d for a in others for d in a["defenders"]}
    needed = sorted({e for u in attackers for e in plan_mod.enemies_in_zoc(R, state, u)} - taken)
    if not needed:
        return False  # SNO 7.1.4c: they need not attack at all
    side = R.unit(attackers[0]).side
    reach = {
        u: set(plan_mod.enemies_in_zoc(R, state, u))
        for u in side_units(R, state, side)
        if plan_mod.may_attack(R, state, u)
    }
    helpers = sorted(u for u, r in reach.items() if r & set(needed))
    every = [u for u in helpers if set(needed) <= reach[u]]
    if every and odds_mod.assess(R, state, every, needed, crt).column is not None:
        return False
    by_unit = {e: [e] for e in needed}
    by_hex: dict[str, list[str]] = {}
    for e in needed:
        by_hex.setdefault(hex_of(state, e) or "", []).append(e)
    return not (
        _coverable(R, state, helpers, reach, by_unit, crt)
        or _coverable(R, state, helpers, reach, by_hex, crt)
    )


def _coverable(
    R: Rules,
    state: State,
    helpers: list[str],
    reach: dict[str, set[str]],
    targets: dict[str, list[str]],
    crt: str = "assault",
) -> bool:
    """SNO 7.4.7: can ``helpers`` attack every target (a unit, or a hex's needed units), each
    helper in one attack at most, every attack at 1:6 or more?

    An exact search, never cut short (an implementation limit must not refuse an attack the
    rules allow): the targets are taken in turn, fewest able helpers first, and each is given
    in turn every group of the helpers still free that reaches its odds and was built by
    adding, in a fixed order, helpers to groups that did not yet reach them - every
    inclusion-minimal group among them. That is enough: in an arrangement that covers every
    target, each target's group can be cut down to a minimal one that still reaches its odds,
    the helpers left over taking part in no attack (they need not). Adding a unit to an attack
    can lower its column (a river shift, 5.6.4), so no group is taken as good for holding a
    good one; the only pruning is by a bound that holds for every group: the odds before any
    shift cannot reach the lowest column unless the helpers' summed factors, at the most the
    group can have, reach the table's lowest odds against the defence before any doubling
    (7.2.1 step four; 1:6, 7.4.7, or the Blitz minimum, 5.4.1c). Answers are
    remembered per target and set of free helpers."""
    if not helpers:
        return not targets
    able = {t: [h for h in helpers if set(targets[t]) <= reach[h]] for t in targets}
    order = sorted(targets, key=lambda t: (len(able[t]), t))
    # the table's lowest odds (1:6 on the Assault CRT; 5.4.1c on the Overrun/Blitz CRT)
    lowest = odds_value(R.crts.for_side(R.unit(helpers[0]).side, crt).columns[0])
    factor: dict[tuple[str, str], int] = {}

    def top(t: str, h: str) -> int:
        """The most ``h`` adds to an attack on ``t`` (its modified factor, step one)."""
        key = (t, h)
        if key not in factor:
            factor[key] = odds_mod.assess(R, state, [h], targets[t], crt).attack
        return factor[key]

    # step two before any Kerch doubling (5.6.5), which only ever adds to it
    defence = {t: sum(odds_mod.defence_factor(R, state, d) for d in targets[t]) for t in order}
    good: dict[tuple[str, frozenset[str]], bool] = {}

    def groups(t: str, free: frozenset[str]) -> list[frozenset[str]]:
        """Every group built by adding free helpers in order to groups not yet good enough."""
        pool = [h for h in able[t] if h in free]
        found: list[frozenset[str]] = []

        def grow(group: list[str], strength: int, start: int) -> None:
            rest = sum(top(t, h) for h in pool[start:])
            if (strength + rest) < lowest * defence[t]:
                return  # even every helper left could not reach 1:6 before any shift
            for i in range(start, len(pool)):
                g = [*group, pool[i]]
                if odds_mod.assess(R, state, g, targets[t], crt).column is not None:
                    found.append(frozenset(g))
                else:
                    grow(g, strength + top(t, pool[i]), i + 1)

        grow([], 0, 0)
        return found

    def cover(i: int, free: frozenset[str]) -> bool:
        if i == len(order):
            return True
        t = order[i]
        key = (t, free)
        if key not in good:
            good[key] = any(cover(i + 1, free - g) for g in groups(t, free))
        return good[key]

    return cover(0, frozenset(helpers))


def attack_problems(
    R: Rules,
    state: State,
    attackers: list[str],
    defenders: list[str],
    others: list[dict[str, Any]] | None = None,
) -> list[str]:
    """What forbids declaring this one attack (empty: it may be declared). ``others``: the
    rest of the plan (None: a re-targeted attack, 7.1.11b, which is never unavoidable)."""
    out: list[str] = []
    if not attackers:
        out.append("choose at least one attacking unit")
    if not defenders:
        out.append("choose at least one defending unit")
    if out:
        return out
    for u in attackers:
        reach = set(plan_mod.enemies_in_zoc(R, state, u))
        missing = [d for d in defenders if d not in reach]
        if missing:  # SNO 7.1.7
            out.append(
                f"{unit_title(R, u)} may attack only units in its ZOC, not "
                + ", ".join(unit_title(R, d) for d in missing)
                + " (SNO 7.1.7)"
            )
    if out:
        return out
    out += garrison_problems(R, state, defenders)
    if plan_mod.kind_of(state, attackers) == plan_mod.BLITZ:
        # SNO 5.4.1a-c: a Blitz attack, on the Overrun/Blitz CRT, at its minimum odds or more
        o = odds_mod.assess(R, state, attackers, defenders, "overrun_blitz")
        if o.column is None and (
            others is None or not unavoidable(R, state, attackers, others, "overrun_blitz")
        ):
            low = R.crts.table(o.table).columns[0]
            out.append(f"odds {o.text}: a Blitz attack below {low} is not allowed (SNO 5.4.1c)")
        return out
    o = odds_mod.assess(R, state, attackers, defenders)
    if o.column is None and (others is None or not unavoidable(R, state, attackers, others)):
        out.append(f"odds {o.text}: below 1:6 are not allowed (SNO 7.4.7)")
    return out


def _value(o: odds_mod.Odds) -> Fraction | None:
    return None if o.column is None else odds_value(o.column)  # SNO 7.4.6


def plan_problems(R: Rules, state: State, plan: list[dict[str, Any]]) -> list[str]:
    """SNO 7.4.2-7.4.4 and 7.4.7 over the whole plan (empty: the plan keeps them).

    SNO 5.4.8 with overruns: an overrun is fixed from the OMP (5.4.4), so a comparison that
    sets it against another attack asks the other attack to move: it is waived only when even
    every unit able to attack that attack's defenders, and taking part in no other attack of
    the plan, could not meet it (:func:`_best`). Reading: the units the plan holds elsewhere
    are not counted - the other attacks keep their own limits, and counting them could ask
    for a plan that keeps every rule where none does (may-daring, seed 26)."""
    out: list[str] = []
    assessed = [(a, _assess(R, state, a)) for a in plan]
    for a, o in assessed:  # SNO 7.4.7: still unavoidable, with the plan as it now is
        if a.get("kind") == plan_mod.OVERRUN or o.column is not None:
            continue  # SNO 5.4.4: declared in the OMP, resolved whatever the odds now
        others = [b for b in plan if b is not a]
        crt = plan_mod.crt_of(a)
        if not unavoidable(R, state, a["attackers"], others, crt):
            if a.get("kind") == plan_mod.BLITZ:
                out.append(
                    f"attack {a['id']} at {o.text}: a Blitz attack that low is not allowed "
                    "(SNO 5.4.1c)"
                )
            else:
                out.append(f"attack {a['id']} at {o.text}: below 1:6 is not allowed (SNO 7.4.7)")
    live = [(a, o, _value(o)) for a, o in assessed if _value(o) is not None]
    best: dict[int, Fraction | None] = {}

    def beyond(b: dict[str, Any], needed: Fraction, above: bool = False) -> bool:
        """SNO 5.4.8: attack ``b`` cannot reach odds of ``needed`` (``above`` it) with every
        unit able to attack its defenders (an overrun itself never can be changed)."""
        if b.get("kind") == plan_mod.OVERRUN:
            return False
        if b["id"] not in best:
            held = {u for c in plan if c is not b for u in c["attackers"]}
            best[b["id"]] = _best(R, state, b["defenders"], held)
        top = best[b["id"]]
        return top is None or (top <= needed if above else top < needed)

    def overrun(a: dict[str, Any]) -> bool:
        return a.get("kind") == plan_mod.OVERRUN

    # by hex: the attacks with defenders there
    by_hex: dict[str, list[tuple[dict[str, Any], odds_mod.Odds, Fraction]]] = {}
    for a, o, v in live:
        assert v is not None
        if exempt_attack(R, state, a):
            continue  # SNO 7.4.5
        for h in sorted({h for d in a["defenders"] if (h := hex_of(state, d))}):
            by_hex.setdefault(h, []).append((a, o, v))
    for h, attacks in sorted(by_hex.items()):
        if len(attacks) < 2:
            continue
        # SNO 7.4.3: the highest odds at most DOUBLE the lowest
        hi = max(v for _, _, v in attacks)
        lo = min(v for _, _, v in attacks)
        low = [b for b, _, vb in attacks if hi > 2 * vb]
        waived = any(overrun(a) and v == hi for a, _, v in attacks) and all(
            beyond(b, hi / 2) for b in low
        )
        if hi > 2 * lo and not waived:
            out.append(
                f"separate attacks on {h}: odds {_fmt(hi)} are more than double {_fmt(lo)} "
                "(SNO 7.4.3)"
            )
        # SNO 7.4.2: fortified groups at higher odds and against more defence than any
        # attack on unfortified units only in the same hex (SNO 10.7.7 points here)
        # SNO 10.7.7
        for a, o, v in attacks:
            here = [d for d in a["defenders"] if hex_of(state, d) == h]
            if not any(is_fortified(state, d) for d in here):
                continue
            for b, ob, vb in attacks:
                there = [d for d in b["defenders"] if hex_of(state, d) == h]
                if b is a or any(is_fortified(state, d) for d in b["defenders"]) or not there:
                    continue
                if not v > vb and not (overrun(b) and beyond(a, vb, above=True)):
                    out.append(
                        f"attack {a['id']} on fortified units in {h} must be at higher odds "
                        f"than attack {b['id']} on unfortified ones (SNO 7.4.2)"
                    )
                if not o.defence > ob.defence:
                    out.append(
                        f"attack {a['id']} on fortified units in {h} must be against a greater "
                        f"defence than attack {b['id']} (SNO 7.4.2)"
                    )
    # SNO 7.4.4: an attacking unit's odds at most THREE TIMES those against any other enemy
    # unit next to it
    by_id = {a["id"]: a for a in plan}
    odds_of: dict[str, list[tuple[int, Fraction]]] = {}
    for a, _o, v in live:
        assert v is not None
        for d in a["defenders"]:
            odds_of.setdefault(d, []).append((a["id"], v))
    for a, _o, v in live:
        assert v is not None
        for u in a["attackers"]:
            if exempt_unit(R, state, u):
                continue  # SNO 7.4.5
            for e in plan_mod.enemies_in_zoc(R, state, u):
                if e in a["defenders"]:
                    continue
                for bid, vb in odds_of.get(e, ()):
                    if bid == a["id"] or not v > 3 * vb:
                        continue
                    if overrun(a) and beyond(by_id[bid], v / 3):
                        continue  # SNO 5.4.8: waived, as no attack could meet it
                    out.append(
                        f"{unit_title(R, u)} attacks at {_fmt(v)}, more than three times "
                        f"the {_fmt(vb)} of attack {bid} on {unit_title(R, e)} next to it "
                        "(SNO 7.4.4)"
                    )
    return list(dict.fromkeys(out))


def _best(
    R: Rules, state: State, defenders: list[str], held: set[str] | frozenset[str] = frozenset()
) -> Fraction | None:
    """SNO 5.4.8: the highest odds ``defenders`` could be attacked at by every phasing unit
    able to attack them all that takes part in no other attack of the plan (``held``: the
    units that do; on either CRT: an upper bound; None: none could)."""
    side = R.unit(defenders[0]).side if defenders else "axis"
    wanted = set(defenders)
    able = [
        u
        for u in side_units(R, state, "soviet" if side == "axis" else "axis")
        if u not in held
        and plan_mod.may_attack(R, state, u)
        and wanted <= set(plan_mod.enemies_in_zoc(R, state, u))
    ]
    if not able:
        return None
    values = [_value(odds_mod.assess(R, state, able, defenders, crt)) for crt in odds_mod.CRT_KINDS]
    found = [v for v in values if v is not None]
    return max(found) if found else None


def _fmt(v: Fraction) -> str:
    return f"{v.numerator}:{v.denominator}"
