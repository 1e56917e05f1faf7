"""The normal and greedy players' values of a Defiant Russia combat phase's choices: an
attack by its exact odds (7.1, the engine's own outcome distribution), and for the normal
player the hits that become step losses because the defenders' retreat is closed (6.3.3,
7.2.3C, 7.2.4). Which attack to make, which units and Air Points to add, which hexes to
take in (7.1B) are all scored here; the rest of the evaluation is in :mod:`evaluation`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from ..air import max_air
from ..attack import default_attackers, enemy_hexes, stranded
from ..combat import candidates
from ..dice import outcome_distribution
from ..losses import total_steps
from ..rules import Rules, State, ground_hexes, ground_units_at, hex_of
from .plan import retreat_hexes

AIR_POINT = 0.05  # an Air Point no other attack of the phase wants (11.7B: then lost)
#: per unit of probability that an attack scores the hits that clear the hex (a step loss
#: and a hex of retreat, 7.2.1B-C; all the defenders' steps if fewer): the outcome Air
#: Points are placed to change most (11.7D: each a die)
CLEAR = 1.0
NO_ATTACK = -10.0  # no unit or no hex yet; giving up a compulsory attack is worth as little


def unfinished(unmet: int) -> float:
    """The value of a declaration that would leave ``unmet`` obligations undone (7.0B: it
    may not be rolled yet): below any attack that may be rolled, above no attack at all,
    and the fewer obligations left the better - so that adding the unit or hex an
    obligation needs is always preferred to dropping one, and a declaration is finished
    in as many steps as it needs. (Until round 7 every such declaration was worth -10,
    like giving it up: the player chose among adding, dropping and cancelling at random,
    and one declaration could take seventy steps.)"""
    return -9.5 - 0.1 * min(unmet, 4)


def attack_value(
    R: Rules,
    state: State,
    attackers: list[str],
    targets: list[str],
    air: int,
    pockets: bool = False,
    price: AirPrice | None = None,
    cities: Mapping[str, int] | None = None,
    city: float = 0.0,
) -> float:
    """Expected hits scored less expected hits taken (exact odds, 7.1), plus ``CLEAR`` times
    the chance of the hits that clear the hex, less the Air Points' price (``price``: what
    ``air`` points would gain elsewhere, :func:`air_price`; by default ``AIR_POINT`` each);
    with ``pockets`` (the normal player), no hit beyond the defenders' steps
    counts (7.2.4) and the hits that become step losses because the defenders cannot
    retreat are added (6.3.3, 7.2.3C: :func:`pocket_value`)."""
    ground = [u for u in attackers if R.unit(u).is_ground]
    if not ground or not targets:
        return NO_ATTACK
    unmet = stranded(R, state, ground, targets)
    if unmet:
        return unfinished(len(unmet))
    dist = outcome_distribution(R, state, attackers, targets, air)
    taken = sum(float(p) * float(o[1]) for o, p in dist.items())
    steps = defenders_steps(R, state, targets)
    clear = min(2, steps)  # DR 7.2.1B-C: one step lost, then a hex of retreat
    value = CLEAR * sum(float(p) for o, p in dist.items() if int(o[0]) >= clear) - taken
    value -= price(air) if price is not None else AIR_POINT * air
    points = sum((cities or {}).get(t, 0) for t in targets)
    if city and points:  # a defender holding on takes every hit as a step loss (7.2.1A)
        value += city * points * sum(float(p) for o, p in dist.items() if int(o[0]) >= steps)
    if not pockets:
        return value + sum(float(p) * float(o[0]) for o, p in dist.items())
    # hits beyond the defenders' steps are lost (7.2.4)
    scored = sum(float(p) * min(float(o[0]), steps) for o, p in dist.items())
    return value + scored + pocket_value(R, state, ground, targets, dist, steps)


AirPrice = Callable[[int], float]


#: the last phase's marginal gains of Air Points, by enemy hex (one entry: the state's facts)
_AIR: dict[str, Any] = {"rules": None, "key": None, "gains": {}}


def air_gains(R: Rules, state: State, pockets: bool) -> dict[str, list[float]]:
    """Enemy hex -> what each further Air Point (the first, second, third: 11.7C) adds to
    the value of the attack on it by its default attackers, for every enemy hex still to be
    attacked this phase where Air Points may be used (11.7E-F)."""
    key = (
        state.get("seed"), state["turn"], state["phase"], pockets,
        tuple(state.get("hexes_attacked", ())), tuple(state.get("done", ())),
        tuple(sorted(state.get("pools", {}).items(), key=str)),
        tuple(sorted((u, str(d["at"]), bool(d.get("reduced"))) for u, d in state["units"].items())),
    )  # fmt: skip
    if _AIR["rules"] is R and _AIR["key"] == key:
        cached: dict[str, list[float]] = _AIR["gains"]
        return cached
    gains: dict[str, list[float]] = {}
    for e in enemy_hexes(R, state):
        att = default_attackers(R, state, [e])
        most = max_air(R, state, att)
        if not att or not most or stranded(R, state, att, [e]):
            continue
        free = lambda n: 0.0  # noqa: E731 - the attack's own value, Air Points free
        values = [attack_value(R, state, att, [e], n, pockets, free) for n in range(most + 1)]
        gains[e] = [max(0.0, b - a) for a, b in itertools.pairwise(values)]
    _AIR.update(rules=R, key=key, gains=gains)
    return gains


def air_price(R: Rules, state: State, targets: list[str], pockets: bool) -> AirPrice:
    """DR 11.7: the price of ``n`` Air Points in the attack on ``targets`` - what they would
    have gained in the phase's other attacks, each point placed where it adds most (greedy by
    marginal gain: issue 34, before which points went first come, first served, three on an
    attack already sure of its hits and none left for near-even ones). With ``pool`` points
    left and the others' gains ``g1 >= g2 >= ...``, keeping ``n`` for this attack gives up
    the ``n`` least of the ``pool`` best: ``g[pool-n] + ... + g[pool-1]``."""
    side = state["phase"].split("_")[0]
    pool = int(state.get("pools", {}).get(side, {}).get("air", 0))
    others = sorted(
        (g for e, gs in air_gains(R, state, pockets).items() if e not in targets for g in gs),
        reverse=True,
    )
    best = [max(g, AIR_POINT) for g in others[:pool]] + [AIR_POINT] * max(0, pool - len(others))

    def price(n: int) -> float:
        return sum(best[max(0, pool - n) : pool])

    return price


def defenders_steps(R: Rules, state: State, targets: list[str]) -> int:
    """The steps of the ground units in the target hexes (7.2.4's most hits that count)."""
    return total_steps(R, state, [u for t in targets for u in ground_units_at(R, state, t)])


POCKET = 1.0  # per expected hit that must be a step loss because no retreat is open


def pocket_value(
    R: Rules, state: State, attackers: list[str], targets: list[str], dist: Any, steps: int
) -> float:
    """The expected hits beyond the first that the defenders (``steps`` in all) must take
    as step losses because no hex is open to their retreat (6.3.3, 7.2.1, 7.2.3C), up to
    all their steps (7.2.4); zero if any target hex has a retreat open."""
    side = R.unit(attackers[0]).side
    holders = set(ground_hexes(R, state, side))
    if any(retreat_hexes(R, state, t, holders) for t in targets):
        return 0.0
    return POCKET * sum(
        float(p) * (min(int(o[0]), steps) - min(int(o[0]), 1)) for o, p in dist.items()
    )


def combat_values(
    R: Rules,
    state: State,
    actions: Any,
    pockets: bool = False,
    cities: Mapping[str, int] | None = None,
    city: float = 0.0,
) -> dict[str, float]:
    """Values of the choices of a combat phase: which attack, and how it is declared
    (``pockets``: the normal player's worth of blocked retreats, :func:`pocket_value`;
    ``cities``: the enemy-held victory cities, hex -> points, an attack that clears one
    worth ``city`` a point more - the hard player's last player-turn, :mod:`.styles`)."""
    p = state.get("pending")
    optional = state["phase"].endswith("exploit_combat")  # DR 7.4
    out: dict[str, float] = {}
    if not p:
        for a in actions:
            if a.verb == "attack":
                t = str(a.args[0])
                out[a.text] = attack_value(
                    R, state, default_attackers(R, state, [t]), [t], 0, pockets, None, cities, city
                )
            elif a.verb == "done":
                out[a.text] = 0.0
            elif a.verb == "airstrike":
                out[a.text] = -1.0
        return out
    if p.get("kind") != "attack":
        return out
    att, tgt, air = list(p["attackers"]), list(p["targets"]), int(p["air"])
    cost = air_price(R, state, tgt, pockets)

    def value_of(attackers: list[str], targets: list[str], n: int) -> float:
        return attack_value(R, state, attackers, targets, n, pockets, cost, cities, city)

    for a in actions:
        arg = str(a.args[0]) if a.args else ""
        if a.verb == "roll":  # offered only when no obligation would be left unmet
            out[a.text] = max(value_of(att, tgt, air), -8.0) + 0.001
        elif a.verb == "cancel":
            out[a.text] = 0.0 if optional else NO_ATTACK
        elif a.verb == "with":
            out[a.text] = value_of([*att, arg], tgt, air)
        elif a.verb == "without":
            out[a.text] = value_of([u for u in att if u != arg], tgt, air)
        elif a.verb == "air":  # DR 11.7: priced by what they would gain elsewhere
            out[a.text] = value_of(att, tgt, int(arg))
        elif a.verb == "drop":
            out[a.text] = value_of(att, [t for t in tgt if t != arg], air)
        elif a.verb == "also":  # the units of one hex against several (7.1B)
            more = [*tgt, arg]
            source = p.get("source") or _source_of(state, att)
            with_them = default_attackers(R, state, more, source) if source else att
            if not with_them:  # each is needed elsewhere too (7.0B): those declared, back
                with_them = [u for u in candidates(R, state, more, source) if u in att]
            out[a.text] = value_of(with_them, more, air) - 0.01
    return out


def _source_of(state: State, attackers: list[str]) -> str | None:
    hexes = sorted({h for u in attackers if (h := hex_of(state, u)) is not None})
    return hexes[0] if hexes else None
