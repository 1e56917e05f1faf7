"""The normal player's attack plan for a Defiant Russia movement or exploitation phase (the
Axis's).

Attacks are compulsory for every unit that ends next to the enemy (7.0), so a unit that
walks into contact alone attacks at poor odds. Moving one unit at a time cannot see that
three units together would attack well; so at the start of the phase the planner picks
enemy hexes to attack and the units to attack each of them, before any unit moves:

* the attack hexes next to a target touch no enemy hex but it and the targets already
  chosen (no unwanted battle) and trace supply (an attacker out of supply rolls one die,
  7.1.3C);
* each hex ends with at most two units, counting those there that the plan does not move
  away (6.2), strongest dice first, until the hits expected are ``ENOUGH`` times those
  taken;
* a target is kept when the expected hits scored are at least ``ODDS`` times the hits
  taken, counted with the engine's own dice rules (terrain, rivers, Panzer Shock, Snow);
* targets are taken best first: expected exchange, a victory city, the nearer the
  objective the better.

The plan is only a preference: a unit whose planned hex is no longer open to it moves as
it would have without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.protocol import State
from ..games.dr import movement
from ..games.dr.attack import can_exploit_attack, may_attack_across
from ..games.dr.dice import (
    attack_strength,
    attacker_faces,
    defense_strength,
    fortress_intact,
    hex_effects,
    hexside_effects,
)
from ..games.dr.rules import Rules, hex_of, occupancy
from ..games.dr.stacking import stack_problems
from .dr_eval import Terrain, supplied_there

ODDS = 1.5  # expected hits scored per hit taken, at least (2.0 and 1.2 measured too)
ENOUGH = 4.0  # no more units once the expected exchange is this good
CITY = 2.0  # per victory point of a target standing in a victory city
NEARER = 0.1  # per hex of the target from the nearest objective


@dataclass
class Plan:
    """Unit -> the hex it should attack from; the enemy hexes chosen (target -> units)."""

    moves: dict[str, str] = field(default_factory=dict)
    targets: dict[str, list[str]] = field(default_factory=dict)


def defence_hits(R: Rules, state: State, target: str) -> float:
    """Expected hits the defenders of ``target`` score (their dice, terrain bonuses)."""
    effects = hex_effects(R, state, target)
    hits_on = min((e.defender_hits_on for _, e in effects if e.defender_hits_on), default=6)
    per_unit = sum(e.defense_bonus_per_unit for _, e in effects)
    dice = sum(e.defense_bonus_total for _, e in effects)
    for u in occupancy(state).get(target, ()):
        unit = R.unit(u)
        if unit.is_ground:
            supplied = not state["units"][u].get("oos")
            dice += defense_strength(R, state, u, per_unit, supplied)
    faces = 7 - hits_on
    if fortress_intact(R, state, target):
        faces = max(faces, 2)
    return dice * faces / 6


def attack_hits(R: Rules, state: State, uid: str, src: str, target: str, supplied: bool) -> float:
    """Expected hits ``uid`` would score attacking ``target`` from ``src``."""
    dice = attack_strength(
        R, state, uid, src, hex_effects(R, state, target), hexside_effects(R, src, target), supplied
    )
    return dice * attacker_faces(R, state, uid) / 6


def make_plan(R: Rules, state: State, view: Terrain, movers: list[str]) -> Plan:
    """The plan for this movement phase: ``movers`` are the units that may still move."""
    enemy = set(view.enemy_at)
    reach: dict[str, set[str]] = {}
    for uid in movers:
        here = hex_of(state, uid)
        if here is not None:
            reach[uid] = set(movement.reachable(R, state, uid)) | {here}
    plan = Plan()
    free = set(reach)
    while True:
        best: tuple[float, str, dict[str, str]] | None = None
        for target in sorted(enemy - set(plan.targets)):
            found = _assign(R, state, view, target, free, reach, plan, enemy)
            if found is not None and (best is None or found[0] > best[0]):
                best = (found[0], target, found[1])
        if best is None:
            return plan
        _, target, moves = best
        plan.moves.update(moves)
        plan.targets[target] = sorted(moves)
        free -= set(moves)


def _assign(
    R: Rules,
    state: State,
    view: Terrain,
    target: str,
    free: set[str],
    reach: dict[str, set[str]],
    plan: Plan,
    enemy: set[str],
) -> tuple[float, dict[str, str]] | None:
    """The best units for an attack on ``target`` and its score, if the odds are good."""
    taken = defence_hits(R, state, target)
    if taken <= 0:
        return None
    allowed = {target, *plan.targets}
    spots = [
        a
        for a in R.map.grid.neighbours(target)
        if a not in enemy
        and R.map.terrain_of(a) is not None
        and all(n in allowed for n in R.map.grid.neighbours(a) if n in enemy)
    ]
    # who will be in each hex: those there that the plan does not send away, and those it
    # sends there (6.2: the plan never over-stacks a hex)
    stacked: dict[str, list[str]] = {a: [] for a in spots}
    for a in spots:
        for u in occupancy(state).get(a, ()):
            if R.unit(u).is_ground and plan.moves.get(u, a) == a:
                stacked[a].append(u)
    for u, h in plan.moves.items():
        if h in stacked and u not in stacked[h]:
            stacked[h].append(u)
    options: list[tuple[float, str, str]] = []
    exploit = state["phase"].endswith("exploit")  # only exploiting units attack then (7.4)
    for a in spots:
        supplied = supplied_there(R, view, a)
        for uid in sorted(free):
            if exploit and not can_exploit_attack(R, state, uid):
                continue
            if a not in reach[uid] or not may_attack_across(R, state, uid, a, target):
                continue
            if not supplied and R.unit(uid).nationality != "finnish":
                continue
            options.append((attack_hits(R, state, uid, a, target, True), uid, a))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    scored = sum(
        attack_hits(R, state, u, a, target, supplied_there(R, view, a))
        for a in spots
        for u in stacked[a]
        if not exploit or can_exploit_attack(R, state, u)
    )
    moves = {u: a for a in spots for u in stacked[a] if u in free}  # these stay and attack
    for hits, uid, a in options:
        if scored >= ENOUGH * taken:
            break
        if uid in moves or uid in stacked[a] or hits <= 0:
            continue
        if stack_problems(R, state, [*stacked[a], uid]):
            continue
        moves[uid] = a
        stacked[a].append(uid)
        scored += hits
    if scored < ODDS * taken or all(hex_of(state, u) == a for u, a in moves.items()):
        return None
    value = scored - taken + CITY * view.enemy_cities.get(target, 0)
    value -= NEARER * view.objective.get(target, 20)
    return value, moves
