"""How the Sturm Nach Osten computer players score the Combat Phase (7.0) and the
Disbandment and Break-out Phase that ends it (8.0). :class:`.moves.SturmNachOstenEvaluator`
reads these, keeping what it has seen of the phase in a :class:`CombatMemory`.

- the whole plan is worked out first (:mod:`.attacks`: the obligations of 7.1.4-7.1.10 and
  the odds limits of 7.4, checked by the engine's own tests; the Soviets also go for the
  victory cities the Axis has taken, 15.2 - :func:`wanted`) and declared attack by attack
  (:func:`follow`);
- only if no such plan is found, an attack by the expected worth of its exact result
  distribution (:func:`attack_worth`: the CRT column after every shift, 7.2.1, exchange
  conversion and No Retreat applied), built from every unit that may join it
  (:func:`joiners`), and a unit disbands instead of attacking (7.1.12) only when nothing
  else is left: after :data:`DROPS` attacks taken out of the plan or :data:`TRIES` tries
  at one attack; after :data:`STEPS` decisions, :data:`LAST_RESORT`;
- losses (7.3.5) with more than :data:`LOOKAHEAD_SETS` sets to choose from are scored by the
  combat factors each set takes off the map (:func:`loss_values`), not each played out;
- Disbandment and Breakout (8.0): never voluntary, except an isolated unit outside a city,
  which is lost anyway at the end of the Combat Phase (9.5.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ....core.protocol import Action
from .. import supply
from ..combat.losses import FLIP, HAB, padding
from ..combat.plan import combat_of, enemies_in_zoc
from ..rules import Rules, State, combat_factor, enemy_at, hex_of, other, units_at
from .attacks import Planned, build, defenders_at
from .evaluation import FACTOR, NEVER, VP, View, fought_distribution, result_value, view_of

MIN_ATTACK = 0.05  # the least expected worth (per defending factor) an attack is made for
DROPS = 3  # attacks taken out of a plan before units disband instead (7.1.12)
TRIES = 3  # times one attack is put together before it is given up
STEPS = 400  # combat decisions in one phase before the last resort
#: The last resort: every attack given up, units disband where the rules oblige (7.1.12)
LAST_RESORT = {"commit": 10.0, "end": 10.0, "roll": 9.0, "declare": 6.0, "drop": 5.0,
               "cancel": 5.0, "disband": 4.0}  # fmt: skip
GIVE_UP = 12  # attacks taken out before no more are declared
#: a loss decision with more sets than this is scored by what each set loses, not played out:
#: a 2X on fifteen attackers offers 4,733 sets (seed 26, October 1941), each a copy of the
#: game to look at - for every look-ahead of the hard player's rollouts
LOOKAHEAD_SETS = 24


@dataclass
class CombatMemory:
    """What an evaluator remembers of the Combat Phase it is scoring (one side's, keyed by
    seed, game-turn, phase and side)."""

    combat_key: tuple[Any, ...] = ()
    drops: int = 0  # attacks taken out of the plan this Combat Phase
    planned: int = 0  # attacks in the plan when last seen
    #: attacks opened, by their defenders
    tried: dict[tuple[str, ...], int] = field(default_factory=dict)
    draft_dirty: bool = False
    steps: int = 0  # combat decisions scored this Combat Phase
    left_out: set[str] = field(default_factory=set)  # units left out of the attack drafted
    planned_key: tuple[Any, ...] = ()
    target: Planned | None = None  # the plan worked out whole (:mod:`.attacks`)


def attack_worth(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> float:
    """The expected worth of an attack: its exact result distribution, weighed by the
    defence (per factor, :data:`evaluation.RESULT_WORTH`)."""
    if not attackers or not defenders:
        return 0.0
    try:
        dist = fought_distribution(R, state, attackers, defenders)
    except (KeyError, ValueError, AssertionError, ZeroDivisionError):
        return -1.0
    defence = sum(combat_factor(R, state, d) for d in defenders)
    return result_value(dist) * max(defence, 1)


def wanted(R: Rules, state: State, side: str, retake: float) -> dict[str, float]:
    """SNO 15.2: the enemy-occupied victory cities the side attacks though no rule obliges
    it (``retake``, its style's weight: the Soviets' own, taken by the Axis), each worth
    its count of what the evaluation gives a city, in the attack plan's units (a defending
    factor eliminated is one)."""
    if not retake:
        return {}
    control = state.get("control", {})
    out: dict[str, float] = {}
    for city in R.tables.spec.victory.cities:
        if control.get(city.hex) == side:
            continue
        if enemy_at(R, state, city.hex, side):
            out[city.hex] = retake * city.value * VP / FACTOR
    return out


def combat_values(
    R: Rules,
    state: State,
    side: str,
    memory: CombatMemory,
    retake: float,
    actions: Sequence[Action],
) -> dict[str, float]:
    """SNO 7.0: the plan worked out whole while it holds (:func:`follow`), else each
    decision scored step by step; ``retake``: the weight of :func:`wanted`."""
    m = memory
    c = combat_of(state)
    key = (state.get("seed"), state["turn"], state["phase"], side)
    if not c.get("committed"):
        if key != m.planned_key:
            m.planned_key = key
            m.target = build(R, state, wanted(R, state, side, retake))
        if m.target is not None:
            found = follow(state, c, m.target, actions)
            if found is not None:
                return found
            m.target = None  # the state left the plan: the step by step scores
    if key != m.combat_key:
        m.combat_key, m.drops, m.planned = key, 0, 0
        m.tried, m.draft_dirty = {}, False
        m.steps = 0
    m.steps += 1
    if m.steps > STEPS:  # a safety net: no plan found, the phase ends (7.1.12)
        return {a.text: LAST_RESORT.get(a.verb, 2 * NEVER) for a in actions}
    if c.get("draft") is None:
        m.left_out = set()
    if len(c["plan"]) < m.planned:
        m.drops += 1  # an attack was taken out
    m.planned = len(c["plan"])
    draft = c.get("draft")
    if draft is not None:  # each attack is put together once, never undone step by step
        first = tuple(sorted(draft["defenders"]))
        if not m.draft_dirty:  # opened (again): each opening is a try
            m.tried[first] = m.tried.get(first, 0) + 1
        m.draft_dirty = True
    else:
        m.draft_dirty = False
    verbs = {a.verb for a in actions}
    obliged = "commit" not in verbs and "end" not in verbs
    out: dict[str, float] = {}
    for a in actions:
        v = a.verb
        if v in ("end", "commit"):
            out[a.text] = 0.0
        elif v == "attack":
            h = str(a.args[0])
            defenders = [u for u in units_at(state, h) if R.unit(u).side == other(side)]
            attackers = joiners(R, state, defenders)
            worth = attack_worth(R, state, attackers, defenders)
            per = worth / max(1, sum(combat_factor(R, state, d) for d in defenders))
            tries = m.tried.get(tuple(sorted(defenders)), 0)
            attacked = {d for p in c["plan"] for d in p["defenders"]}
            if m.drops >= GIVE_UP or tries >= TRIES:  # no plan: disband (7.1.12)
                out[a.text] = -9.0 if m.drops < 2 * GIVE_UP else 2 * NEVER
            elif set(defenders) <= attacked:  # attacked already (7.4.3: odds alike)
                out[a.text] = -5.0 if per < 0.5 else 0.5 + worth
            elif obliged:  # SNO 7.1.4, 7.1.6: the defenders fewest units can reach first
                out[a.text] = 10.0 - len(attackers) + min(per, 0.99)
            elif per >= MIN_ATTACK:
                out[a.text] = 1.0 + worth
            else:
                out[a.text] = -5.0
        elif v == "declare" and draft is not None:
            worth = attack_worth(R, state, draft["attackers"], draft["defenders"])
            out[a.text] = 2.0 + worth if (worth > 0 or obliged) else -3.0
        elif v == "with" and draft is not None:  # while it makes the attack better
            uid = str(a.args[0])
            now = attack_worth(R, state, draft["attackers"], draft["defenders"])
            more = attack_worth(R, state, [*draft["attackers"], uid], draft["defenders"])
            out[a.text] = 1.0 if uid not in m.left_out and more > now else -0.6
        elif v == "target" and draft is not None:
            # SNO 7.1.10: every enemy unit next to an attacker is attacked; one more
            # defender in the same attack, if the odds stay good
            e = str(a.args[0])
            wider = [*draft["defenders"], e]
            # SNO 7.1.7: the attackers not next to it leave the attack
            kept = [u for u in draft["attackers"] if e in enemies_in_zoc(R, state, u)]
            worth = attack_worth(R, state, kept, wider)
            now = attack_worth(R, state, draft["attackers"], draft["defenders"])
            attacked = {d for p in c["plan"] for d in p["defenders"]}
            required = e not in attacked and any(
                e in enemies_in_zoc(R, state, u) for u in draft["attackers"]
            )
            if required:  # else the plan cannot be committed
                out[a.text] = 3.0 + max(worth, now)
            elif e in attacked:  # SNO 7.4.3: two attacks on one hex at unlike odds
                out[a.text] = -0.2
            else:  # a better attack for each factor of the defence
                defence = sum(combat_factor(R, state, d) for d in draft["defenders"])
                ecf = combat_factor(R, state, e)
                better = worth / (defence + ecf) > now / max(1, defence)
                out[a.text] = 2.5 + worth if better and worth > 0 else -0.2
        elif v == "without" and draft is not None:
            uid = str(a.args[0])
            out[a.text] = without_value(R, state, c, draft, uid)
            if out[a.text] > 0:
                m.left_out.add(uid)  # scored best only if chosen: see below
        elif v == "untarget":
            out[a.text] = NEVER
        elif v == "cancel":
            out[a.text] = -1.0
        elif v == "drop":  # a plan that cannot be committed: its worst attack first
            attack = next((p for p in c["plan"] if str(p["id"]) == str(a.args[0])), None)
            per = 0.0
            if attack is not None:
                worth = attack_worth(R, state, attack["attackers"], attack["defenders"])
                defence = sum(combat_factor(R, state, d) for d in attack["defenders"])
                per = worth / max(1, defence)
            out[a.text] = -10.0 - 0.1 * per
        elif v == "keep":  # SNO 7.1.12: a unit marked to leave is not taken back (round 17:
            # marking and unmarking went back and forth hundreds of times in seeds 12, 22, 46)
            out[a.text] = NEVER
        elif v == "roll":
            out[a.text] = -0.5 if len(a.args) > 1 else 0.0
        elif v == "disband":  # SNO 7.1.12: only once no plan could be committed
            given_up = any(t >= TRIES for t in m.tried.values())
            out[a.text] = -8.0 if m.drops >= DROPS or given_up else NEVER
        elif v == "skip":  # SNO 7.1.11a: its defenders are gone - the attack is not made
            out[a.text] = 0.0
        elif v == "retarget":  # SNO 7.1.11b: the other units of the hex, if worth it
            out[a.text] = retarget_worth(R, state, c, a)
        else:  # break down (10.1.9): never amid the attacks
            out[a.text] = NEVER
    return out


def retarget_worth(R: Rules, state: State, c: dict[str, Any], action: Action) -> float:
    """SNO 7.1.11b: attack ``n``'s group turning on the other enemy units in hex ``h``
    (``retarget n h``) - its expected worth if that is more than not attacking (0), else
    -1."""
    n, h = str(action.args[0]), str(action.args[1])
    attack = next((p for p in c["plan"] if str(p["id"]) == n), None)
    if attack is None:
        return -1.0
    worth = attack_worth(R, state, list(attack["attackers"]), defenders_at(R, state, h))
    return worth if worth > 0 else -1.0


def follow(
    state: State, c: dict[str, Any], target: Planned, actions: Sequence[Action]
) -> dict[str, float] | None:
    """Scores that declare ``target`` attack by attack and commit it (None: the plan on
    the board is no longer a part of it)."""
    wanted = {tuple(sorted(d)) for _, d in target.attacks}
    declared = [tuple(sorted(a["defenders"])) for a in c["plan"] if a.get("kind") != "overrun"]
    if not set(declared) <= wanted or not set(c["disbanding"]) <= set(target.disband):
        return None
    todo = [(a, d) for a, d in target.attacks if tuple(sorted(d)) not in declared]
    draft = c.get("draft")
    out: dict[str, float] = {}
    if draft is None:
        # SNO 7.1.12: the units with no attack but one below 1:6 disband first
        leaving = [u for u in target.disband if u not in c["disbanding"]]
        first = {hex_of(state, d[0]) for _, d in todo[:1]}
        for a in actions:
            if leaving:
                out[a.text] = 100.0 if a.verb == "disband" and a.args[0] in leaving else -100.0
            elif a.verb in ("commit", "end"):
                out[a.text] = 100.0 if not todo else -100.0
            elif a.verb == "attack" and str(a.args[0]) in first:
                out[a.text] = 100.0
            else:
                out[a.text] = -100.0
        return out if max(out.values(), default=-100.0) > 0 else None
    if not todo:
        return None
    att, dfd = todo[0]
    if not set(draft["defenders"]) <= set(dfd) or not set(att) <= set(draft["attackers"]):
        return {a.text: (100.0 if a.verb == "cancel" else -100.0) for a in actions}
    for a in actions:
        v = a.verb
        arg = str(a.args[0]) if a.args else ""
        if v == "declare":
            done = sorted(draft["attackers"]) == sorted(att)
            done = done and sorted(draft["defenders"]) == sorted(dfd)
            out[a.text] = 100.0 if done else -100.0
        elif v == "without":
            out[a.text] = 50.0 if arg not in att else -100.0
        elif v == "target":
            out[a.text] = 40.0 if arg in dfd else -100.0
        elif v == "cancel":
            out[a.text] = -50.0
        else:
            out[a.text] = -100.0
    return out


def without_value(
    R: Rules, state: State, c: dict[str, Any], draft: dict[str, Any], uid: str
) -> float:
    """SNO 7.1.4, 7.1.10: a unit next to enemy units no attack reaches yet is left for
    them, if the attack keeps others."""
    if len(draft["attackers"]) <= 1:
        return -2.0
    attacked = {d for a in c["plan"] for d in a["defenders"]} | set(draft["defenders"])
    if set(enemies_in_zoc(R, state, uid)) - attacked:
        return 0.8
    return -0.5


def joiners(R: Rules, state: State, defenders: list[str]) -> list[str]:
    """The units that may join an attack on ``defenders`` now (7.1.9)."""
    from ..combat.declare import available

    want = set(defenders)
    return [u for u in available(R, state) if want <= set(enemies_in_zoc(R, state, u))]


# -- Disbandment and Breakout (8.0) ---------------------------------------------
def disband_values(
    R: Rules, state: State, side: str, actions: Sequence[Action]
) -> dict[str, float]:
    """SNO 8.0: no unit disbands or breaks out by choice, but an isolated one outside a
    city, lost anyway at the end of the Combat Phase (9.5.1), breaks out; and a unit the
    plan marked to leave instead of attacking (7.1.12) disbands, else breaks out."""
    out: dict[str, float] = {}
    view: View | None = None
    marked = set(combat_of(state)["disbanding"])
    for a in actions:
        if a.verb == "end":
            out[a.text] = 0.0
        elif a.verb in ("disband", "breakout") and str(a.args[0]) in marked:
            out[a.text] = 2.0 if a.verb == "disband" else 1.5  # SNO 8.1.1: disbanding costs less
        elif a.verb == "breakout":
            uid = str(a.args[0])
            if view is None:
                view = view_of(R, state, side)
            at = hex_of(state, uid) or ""
            lost = not supply.in_supply(R, state, uid) and at not in view.cities
            out[a.text] = 1.0 if lost else NEVER
        else:
            out[a.text] = NEVER
    return out


# SNO 7.3.5
def loss_values(R: Rules, state: State, actions: Sequence[Action]) -> dict[str, float]:
    """SNO 7.3.5 (7.3.3): each loss set on offer by the combat factors it takes off the map -
    a unit its factors, a flip the difference between its faces; a HAB nothing, as it goes
    at the end of the Combat Phase anyway (10.2.2) - on the evaluation's scale (a gain)."""
    out: dict[str, float] = {}
    for a in actions:
        if a.verb != "lose":
            continue
        lost = 0
        for token in a.units:
            if token.startswith(FLIP):
                lost += padding(R, state, token[len(FLIP) :])[1]
            elif not token.startswith(HAB):
                lost += combat_factor(R, state, token)
        out[a.text] = -FACTOR * lost
    return out
