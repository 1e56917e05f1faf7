"""SNO 7.3 Combat Results and 7.5-7.6 Combat Options: resolving one declared attack.

The die is rolled on the attacker's Assault CRT (7.2.1 step six) at the column of
:func:`odds.assess`; the result is converted by Exchange Conversion (7.5.1: optional, declared
just before the roll, or mandatory by 7.5.1a) and No Retreat (7.5.2-7.5.3, 7.6.2), both
(7.6.3), and a die roll of 1 at 1:4 or more against No Retreat is at least a DX (7.6.1) - the
conversions and 7.6.1 are looked up in :meth:`Crts.result`. The result then becomes a list of
steps (:func:`steps`), carried out in order by :func:`settle`; a step needing a choice (losses,
a retreat, an advance) opens a decision and :func:`settle` goes on once it is answered.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....core.protocol import roll, roll_result
from ....core.rng import Distribution
from .. import disband, weather
from ..breakable import held
from ..rules import Rules, State, hex_of, on_map, other, set_unit, units_at
from ..units import eliminate
from . import losses, tactical
from . import odds as odds_mod

#: SNO 7.7.3a a: the results after which the attackers may advance into a vacated hex.
ADVANCE_RESULTS = frozenset({"DE", "DD", "HX", "DX", "DR", "(DR)", "DR/AL", "(DR)/AL"})
EXCHANGES = {"EX": 1, "2X": 2, "3X": 3, "4X": 4}


# ------------------------------------------------------------------ Combat Options
def exchange_mandatory(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> str:
    """SNO 7.5.1a: why Exchange Conversion must be used ("" if it need not)."""
    for d in defenders:
        if R.unit(d).type in ("garrison", "factory"):
            return "the defenders include a garrison (SNO 7.5.1a i)"
    side = R.unit(attackers[0]).side if attackers else "axis"
    if side == "axis":
        for d in defenders:
            h = hex_of(state, d)
            if R.unit(d).side == "soviet" and h and weather.terrain(R, state, h) == "swamp":
                return "an Axis attack on a Soviet unit in a swamp (SNO 7.5.1a ii)"
    return ""


# SNO 7.5.2
def has_no_retreat(R: Rules, state: State, uid: str) -> bool:
    """SNO 7.5.2: the unit is under a No Retreat order this player-turn - all Soviet units
    when the Soviets declared it (b), the units of a declared Axis hex (c)."""
    orders = state.get("no_retreat") or {}
    unit = R.unit(uid)
    if unit.side == "soviet":
        return bool(orders.get("soviet"))
    return hex_of(state, uid) in (orders.get("axis") or ())


# SNO 7.6.2
def no_retreat(R: Rules, state: State, defenders: list[str]) -> bool:
    """SNO 7.6.2: a defending group with any unit under No Retreat is wholly under it."""
    return any(has_no_retreat(R, state, d) for d in defenders)


def distribution(
    R: Rules, state: State, attackers: list[str], defenders: list[str], ec: bool
) -> Distribution:
    """The exact result distribution of an attack: {result: probability} over one die."""
    o = odds_mod.assess(R, state, attackers, defenders)
    ec = ec or bool(exchange_mandatory(R, state, attackers, defenders))
    nr = no_retreat(R, state, defenders)
    out: Distribution = {}
    for die in range(1, 7):
        r = R.crts.result(o.table, o.column, die, exchange_conversion=ec, no_retreat=nr)
        out[r] = out.get(r, Fraction(0)) + Fraction(1, 6)
    return out


# ------------------------------------------------------------------ resolving
def remaining(state: State, attack: dict[str, Any]) -> list[str]:
    """The declared defenders still in the hex they were attacked in (7.1.11)."""
    return [d for d in attack["defenders"] if hex_of(state, d) == attack["where"].get(d)]


def resolve(R: Rules, state: State, attack: dict[str, Any], ec: bool) -> None:
    """SNO 7.2.1 step six: roll and carry out the result of one attack."""
    attackers = [u for u in attack["attackers"] if on_map(state, u)]
    defenders = remaining(state, attack)
    o = odds_mod.assess(R, state, attackers, defenders)  # SNO 5.4.9: the Assault CRT
    mandatory = exchange_mandatory(R, state, attackers, defenders)
    ec = ec or bool(mandatory)  # SNO 7.5.1, 7.5.1a
    # SNO 7.6.3: both options in force read the third column (Crts.result)
    nr = no_retreat(R, state, defenders)  # SNO 7.5.3, 7.6.2
    die = roll(state, 1, f"attack {attack['id']} at {o.column or 'below 1:6'}")[0]
    # SNO 7.6.1, 7.6.3: looked up with the conversions in Crts.result
    result = R.crts.result(o.table, o.column, die, exchange_conversion=ec, no_retreat=nr)
    roll_result(state, result)  # the log shows the CRT's answer beside the die
    attack.update(
        defenders=defenders,
        result=result,
        die=die,
        odds=o.text,
        options=[x for x, on in (("exchange", ec), ("no_retreat", nr)) if on],
    )
    start(R, state, attack, result, o)


def automatic_ae(R: Rules, state: State, attack: dict[str, Any]) -> None:
    """SNO 7.4.7: an unavoidable attack below 1:6 is an AE before any other attack."""
    o = odds_mod.assess(R, state, attack["attackers"], attack["defenders"])
    attack.update(result="AE", die=None, odds=o.text, options=[])
    start(R, state, attack, "AE", o)


def start(R: Rules, state: State, attack: dict[str, Any], result: str, o: odds_mod.Odds) -> None:
    c = state["combat"]
    hexes = sorted({attack["where"][d] for d in attack["defenders"]})
    c["current"] = {
        "id": attack["id"],
        "result": result,
        "attackers": list(attack["attackers"]),
        "defenders": list(attack["defenders"]),
        "hexes": hexes,
        "factors": dict(o.factors),  # SNO 7.3.8: the strengths of steps one and two
        "attack": o.attack,
        "defence": o.defence,
        "todo": steps(result, o.attack, o.defence),
        "overrun": attack.get("kind") == "overrun",  # SNO 10.1.2a
    }
    settle(R, state)


def steps(result: str, attack: int, defence: int) -> list[list[Any]]:
    """SNO 7.3.1, 7.3.2, 7.3.7: what a result does, in order."""
    if result == "DE":  # SNO 10.1.2b: a juggernaut eliminated by a DE is lost for good
        return [["eliminate", "defender", "DE"], ["advance"]]
    if result == "DD":
        return [["disband"], ["advance"]]
    if result in ("DR", "(DR)"):
        return [["disperse"], ["retreat", result], ["advance"]]
    if result in ("DR/AL", "(DR)/AL"):  # SNO 7.3.7: the DR first
        return [
            ["disperse"],
            ["retreat", result.split("/")[0]],
            ["at_least", "attacker", 1, 1],
            ["advance"],
        ]
    if result == "HX":
        return [["eliminate", "defender"], ["nearest", "attacker", 1, 2], ["advance"]]
    if result == "DX":
        return [["eliminate", "defender"], ["nearest", "attacker", 1, 1], ["advance"]]
    if result in EXCHANGES:
        if attack < defence:  # SNO 7.3.2: a DX in reverse
            return [["eliminate", "attacker"], ["reverse"]]
        return [["eliminate", "defender"], ["at_least", "attacker", EXCHANGES[result], 1]]
    if result == "TX":
        return [["eliminate", "defender"], ["eliminate", "attacker"]]
    if result == "AL":
        return [["at_least", "attacker", 1, 1]]
    if result == "AE":
        return [["eliminate", "attacker"]]
    return []  # "-": no effect


def _alive(state: State, uids: list[str]) -> list[str]:
    return [u for u in uids if on_map(state, u)]


def settle(R: Rules, state: State) -> None:
    """Carry out the current attack's steps until one needs a decision or all are done."""
    c = state["combat"]
    cur = c["current"]
    while cur is not None and cur["todo"] and not state.get("pending"):
        step = cur["todo"].pop(0)
        kind = step[0]
        att = _alive(state, cur["attackers"])
        dfd = _alive(state, cur["defenders"])
        f = cur["factors"]
        a_side = R.unit(cur["attackers"][0]).side
        if kind == "eliminate":
            how = step[2] if len(step) > 2 else ""
            if step[1] == "defender" and cur.get("overrun"):
                how = "overrun"  # SNO 10.1.2a: eliminated by an overrun attack
            eliminate(R, state, dfd if step[1] == "defender" else att, how)
        elif kind == "disband":
            disband.involuntary(R, state, dfd)  # SNO 7.3.1 DD, 8.0.2
        elif kind == "disperse":
            for d in dfd:  # SNO 7.3.6, 7.7.2a: dispersed even if they do not retreat
                disperse(R, state, d)
        elif kind == "retreat":
            tactical.open_retreat(R, state, dfd, step[1], cur["hexes"])
        elif kind in ("nearest", "at_least"):  # SNO 7.3.1: HX, DX; EX-4X, AL
            amount = Fraction(cur["defence"] * step[2], step[3])
            if kind == "nearest":
                what = f"as near as possible to {_num(amount)} without exceeding it"
            else:
                what = f"at least {_num(amount)} combat factors"
            # SNO 7.3.3: the HAB, then juggernaut and armor faces, before units
            losses.choose_padded(
                R, state, a_side, kind, amount, {u: f[u] for u in att}, "SNO 7.3.1; 7.3.3",
                f"{cur['result']}: {what}",
            )  # fmt: skip
        elif kind == "reverse":  # SNO 7.3.2
            sets = losses.nearest_sets({d: f[d] for d in dfd}, cur["attack"])
            losses.choose(
                R, state, other(a_side), sets, "SNO 7.3.2",
                f"{cur['result']} with the attacker weaker: as near as possible to "
                f"{cur['attack']} without exceeding it",
            )  # fmt: skip
        elif kind == "advance":
            vacated = vacated_hexes(R, state, cur["hexes"], a_side)
            qualifies = cur["result"] in ADVANCE_RESULTS
            for h in vacated:
                c["cleared"][h] = qualifies
            if qualifies and vacated:
                tactical.open_advance(R, state, att, vacated)
                if not state.get("pending"):
                    advance_by_breaking_down(R, state, att, vacated)
    if cur is not None and not cur["todo"] and not state.get("pending"):
        finish(R, state)


# SNO 10.3.3b
def disperse(R: Rules, state: State, uid: str) -> None:
    """SNO 7.3.6, 7.7.2a: a defender given a DR or (DR) is dispersed - SNO 10.3.3b: a refitted
    armor unit flips to its unrefitted side instead (already unrefitted: dispersed)."""
    unit = R.unit(uid)
    if unit.back_is == "unrefitted" and not state["units"][uid].get("flipped"):
        set_unit(state, uid, flipped=True)  # SNO 10.3.3b
        return
    set_unit(state, uid, dispersed=True)


# SNO 10.1.13
def advance_by_breaking_down(R: Rules, state: State, att: list[str], vacated: list[str]) -> None:
    """SNO 10.1.13: juggernauts of the attack (which never advance, 10.1.3) may break down so
    that their components advance - the advance decision is opened for them even when no other
    unit can advance (the components join it once the juggernaut has broken down)."""
    if any(R.unit(u).juggernaut and held(R, state, u) is None for u in att if on_map(state, u)):
        state["pending"] = {
            "kind": "advance",
            "side": R.unit(att[0]).side,
            "units": [],
            "vacated": list(vacated),
        }


def vacated_hexes(R: Rules, state: State, hexes: list[str], attacker_side: str) -> list[str]:
    """The defended hexes left without a unit of the defending side (7.7.3a a)."""
    return [
        h for h in hexes if not any(R.unit(u).side != attacker_side for u in units_at(state, h))
    ]


def finish(R: Rules, state: State) -> None:
    c = state["combat"]
    cur = c["current"]
    a_side = R.unit(cur["attackers"][0]).side
    for h in vacated_hexes(R, state, cur["hexes"], a_side):
        c["cleared"].setdefault(h, cur["result"] in ADVANCE_RESULTS)
    for a in c["plan"]:
        if a["id"] == cur["id"]:
            a["done"] = True
    c["current"] = None


def _num(x: Any) -> str:
    v = Fraction(x)
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"
