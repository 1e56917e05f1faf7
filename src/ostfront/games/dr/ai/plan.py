"""The normal player's attack plan for a Defiant Russia movement or exploitation phase (the
Axis's).

Attacks are compulsory for every unit that ends next to the enemy (7.0), so a unit that
walks into contact alone attacks at poor odds. Moving one unit at a time cannot see that
three units together would attack well; so at the start of the phase the planner picks
enemy hexes to attack and the units to attack each of them, before any unit moves:

* the attack hexes next to a target touch no enemy hex but it, the targets already
  chosen and the enemy hexes in contact when the phase begins (no unwanted battle: those
  must be attacked anyway, 7.0B; in the exploitation phase any, attacks being optional,
  7.4) and trace supply (an attacker out of supply rolls one die, 7.1.3C);
* each hex ends with at most two units, counting those there that the plan does not move
  away (6.2), strongest dice first, until the hits expected are ``ENOUGH`` times those
  taken;
* a target is kept when the expected hits scored are at least ``ODDS`` times the hits
  taken, counted with the engine's own dice rules (terrain, rivers, Panzer Shock, Snow);
* targets are taken best first: expected exchange, a victory city, the nearer the
  objective the better. The exchange counts the first hit in full, each further one at
  ``PUSHED`` (the defender may take it as a hex of retreat, 7.2.1C) and none beyond the
  defenders' steps (7.2.4);
* pockets (6.3.3, 7.2.3C): a defender whose every retreat hex is in the Axis ZOC must take
  each hit as a step loss, so a target is worth more when the planned positions close its
  retreat. When only a few retreat hexes stay open, up to ``BLOCKERS`` more units (armor
  first) are sent to hexes whose ZOC closes them: hexes next to the target (they attack
  too) or hexes touching no enemy unit (no compulsory attack, 7.0). The blockers are kept
  only if they close the retreat completely.

The plan is only a preference: a unit whose planned hex is no longer open to it moves as
it would have without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import movement
from ..attack import can_exploit_attack, may_attack_across
from ..dice import (
    attack_strength,
    attacker_faces,
    defense_strength,
    fortress_intact,
    hex_effects,
    hexside_effects,
)
from ..losses import total_steps
from ..retreat import enterable, preferred
from ..rules import Rules, State, ground_units_at, hex_of, occupancy, other, printed
from ..stacking import stack_problems
from ..zoc import extends
from .evaluation import Terrain, supplied_there

ODDS = 1.0  # expected hits scored per hit taken, at least (0.8, 1.2, 1.5, 2.0 measured too)
ENOUGH = 4.0  # no more units once the expected exchange is this good
CITY = 2.0  # per victory point of a target standing in a victory city
NEARER = 0.1  # per hex of the target from the nearest objective
BLOCKED = 1.0  # per expected hit that becomes a step loss because no retreat is open
# per expected hit beyond the first a defender with a retreat open may take as a hex of
# retreat (0.25, 0.75 and 1.0 measured too: docs/ai-rounds.md, round 8)
PUSHED = 0.5
BLOCKERS = 2  # at most this many units sent to close one target's retreat


@dataclass(frozen=True)
class Style:
    """How boldly a plan attacks: the numbers above, and enemy hexes it leaves alone. The
    normal player plans with the defaults; other styles are for trying variations (a
    search over styles was measured and dropped: docs/ai.md)."""

    odds: float = ODDS
    enough: float = ENOUGH
    city: float = CITY
    nearer: float = NEARER
    blocked: float = BLOCKED
    pushed: float = PUSHED
    blockers: int = BLOCKERS
    spare: frozenset[str] = frozenset()  # enemy hexes not to choose as targets
    #: only enemy hexes in the enemy's victory cities are targets (a side's last
    #: player-turn: nothing else counts once the game ends, 13.0A-B; :mod:`.styles`)
    cities_only: bool = False


DEFAULT = Style()


@dataclass
class Plan:
    """Unit -> the hex it should attack from; the enemy hexes chosen (target -> units)."""

    moves: dict[str, str] = field(default_factory=dict)
    targets: dict[str, list[str]] = field(default_factory=dict)
    #: enemy hexes next to an Axis unit when the phase begins: they must be attacked
    #: anyway (7.0B), so touching them adds no obligation
    contact: set[str] = field(default_factory=set)


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


def make_plan(
    R: Rules, state: State, view: Terrain, movers: list[str], style: Style = DEFAULT
) -> Plan:
    """The plan for this movement phase: ``movers`` are the units that may still move."""
    enemy = set(view.enemy_at)
    reach: dict[str, set[str]] = {}
    for uid in movers:
        here = hex_of(state, uid)
        if here is not None:
            reach[uid] = set(movement.reachable(R, state, uid)) | {here}
    plan = Plan()
    plan.contact = {
        n
        for h in holders_after(R, state, {}, view.side)
        for n in R.map.grid.neighbours(h)
        if n in enemy
    }
    free = set(reach)
    while True:
        best: tuple[float, str, dict[str, str]] | None = None
        for target in sorted(enemy - set(plan.targets) - style.spare):
            if style.cities_only and target not in view.enemy_cities:
                continue
            found = _assign(R, state, view, target, free, reach, plan, enemy, style)
            if found is not None and (best is None or found[0] > best[0]):
                best = (found[0], target, found[1])
        if best is None:
            return plan
        _, target, moves = best
        plan.moves.update(moves)
        plan.targets[target] = sorted(moves)
        free -= set(moves)


def holders_after(R: Rules, state: State, moves: dict[str, str], side: str = "axis") -> set[str]:
    """Hexes holding a ground unit of ``side`` once ``moves`` (unit -> hex) are made."""
    out: set[str] = set()
    for h, uids in occupancy(state).items():
        for u in uids:
            unit = R.unit(u)
            if unit.is_ground and unit.side == side:
                out.add(moves.get(u, h))
    return out


def in_zoc_of(R: Rules, state: State, holders: set[str], h: str, side: str) -> bool:
    """DR 6.3: does a ZOC of ``side`` reach ``h`` from one of the hexes ``holders``?"""
    return any(n in holders and extends(R, state, n, h, side) for n in R.map.grid.neighbours(h))


def retreat_hexes(R: Rules, state: State, target: str, holders: set[str]) -> list[str]:
    """The hexes the defenders of ``target`` could retreat into (the first hex of a
    retreat) if the attacking side held exactly the hexes ``holders``: DR 7.2.3A (away,
    toward the friendly edge, else toward a friendly city), 6.3.3 and 7.2.3C (not into an
    enemy ZOC unless a friendly unit is there). A hex held by the defenders' side is open
    only if they fit there (7.2.3B; going on through it needs more hits)."""
    units = ground_units_at(R, state, target)
    if not units:
        return []
    side = R.unit(units[0]).side
    enemy = other(side)
    cands = []
    for n in R.map.grid.neighbours(target):
        if n in holders or not enterable(R, state, units, target, n):
            continue
        friends = ground_units_at(R, state, n, side)
        if not friends and in_zoc_of(R, state, holders, n, enemy):
            continue
        if friends and stack_problems(R, state, [*friends, *units]):
            continue
        cands.append(n)
    edge, city = preferred(R, state, side, target, cands)
    return edge or city


def _ending_at(R: Rules, state: State, h: str, moves: dict[str, str]) -> list[str]:
    """The ground units in ``h`` once ``moves`` are made (those there that stay, those sent)."""
    here = [u for u in occupancy(state).get(h, ()) if R.unit(u).is_ground and moves.get(u, h) == h]
    return here + [u for u, a in moves.items() if a == h and u not in here]


def _blockers(
    R: Rules,
    state: State,
    view: Terrain,
    target: str,
    free: set[str],
    reach: dict[str, set[str]],
    moves: dict[str, str],
    enemy: set[str],
    allowed: set[str],
    most: int = BLOCKERS,
) -> dict[str, str] | None:
    """Units to send so that no retreat from ``target`` stays open (6.3.3), or None.

    A blocker's hex must not be enemy-held, must touch no enemy hex but ``allowed`` (no
    unplanned compulsory attack, 7.0), must trace supply and must not over-stack (6.2)."""
    grid = R.map.grid
    added: dict[str, str] = {}
    for _ in range(most + 1):
        gaps = retreat_hexes(R, state, target, holders_after(R, state, moves | added, view.side))
        if not gaps:
            return added
        if len(added) == most:
            return None
        spots = {b for g in gaps for b in (g, *grid.neighbours(g))}
        best: tuple[tuple[float, ...], str, str] | None = None
        for b in sorted(spots):
            if b in enemy or R.map.terrain_of(b) is None or not supplied_there(R, view, b):
                continue
            if any(n in enemy and n not in allowed for n in grid.neighbours(b)):
                continue
            closes = sum(
                1
                for g in gaps
                if g == b or (g in grid.neighbours(b) and extends(R, state, b, g, view.side))
            )
            if not closes:
                continue
            there = _ending_at(R, state, b, moves | added)
            for uid in sorted(free):
                if uid in moves or uid in added or b not in reach[uid]:
                    continue
                if stack_problems(R, state, [*there, uid]):
                    continue
                armor = R.unit(uid).type == "armor"
                key = (closes, 1.0 if armor else 0.0, -printed(R, state, uid)[0])
                if best is None or key > best[0]:
                    best = (key, uid, b)
        if best is None:
            return None
        added[best[1]] = best[2]
    return None


def expected_kills(scored: float, steps: int, blocked: bool) -> float:
    """Rough step losses from ``scored`` expected hits: every hit up to the defenders' steps
    when their retreat is blocked (6.3.3), else the one the defender must take (7.2.1B)."""
    return min(scored, float(steps)) if blocked else min(scored, 1.0)


def _assign(
    R: Rules,
    state: State,
    view: Terrain,
    target: str,
    free: set[str],
    reach: dict[str, set[str]],
    plan: Plan,
    enemy: set[str],
    style: Style = DEFAULT,
) -> tuple[float, dict[str, str]] | None:
    """The best units for an attack on ``target`` and its score, if the odds are good."""
    taken = defence_hits(R, state, target)
    if taken <= 0:
        return None
    exploit = state["phase"].endswith("exploit")  # only exploiting units attack then (7.4)
    # an attack hex touches no enemy hex the plan does not attack (7.0: attacks are
    # compulsory), except in the exploitation phase, where they are optional (7.4)
    allowed = set(enemy) if exploit else {target, *plan.targets, *plan.contact}
    spots = [
        a
        for a in R.map.grid.neighbours(target)
        if a not in enemy
        and R.map.terrain_of(a) is not None
        and all(n in allowed for n in R.map.grid.neighbours(a) if n in enemy)
    ]
    # who will be in each hex: those there that the plan does not send away, and those it
    # sends there (6.2: the plan never over-stacks a hex)
    stacked = {a: _ending_at(R, state, a, plan.moves) for a in spots}
    options: list[tuple[float, str, str]] = []
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
    # units already given to another target share the hex but attack there (7.1C)
    committed = {u for units in plan.targets.values() for u in units}
    scored = sum(
        attack_hits(R, state, u, a, target, supplied_there(R, view, a))
        for a in spots
        for u in stacked[a]
        if u not in committed and (not exploit or can_exploit_attack(R, state, u))
    )
    moves = {u: a for a in spots for u in stacked[a] if u in free}  # these stay and attack

    def add_attackers(enough: float) -> None:
        nonlocal scored
        for hits, uid, a in options:
            if scored >= enough:
                break
            if uid in moves or uid in stacked[a] or hits <= 0:
                continue
            if stack_problems(R, state, [*stacked[a], uid]):
                continue
            moves[uid] = a
            stacked[a].append(uid)
            scored += hits

    steps = total_steps(R, state, ground_units_at(R, state, target))
    # a city is taken only once every defender is gone: one that holds on takes each hit
    # as a step loss (7.2.1A), so the plan gathers more hits than the defenders have steps
    wanted = style.enough * taken
    add_attackers(max(wanted, steps + 1.0) if style.cities_only else wanted)
    if scored < style.odds * taken or all(hex_of(state, u) == a for u, a in moves.items()):
        return None
    blockers = _blockers(
        R, state, view, target, free, reach, plan.moves | moves, enemy, allowed, style.blockers
    )
    if blockers is not None:  # a pocket: more hits are more losses, up to them all (7.2.4)
        for uid, b in blockers.items():
            moves[uid] = b
            if b in stacked:
                stacked[b].append(uid)
                if not exploit or can_exploit_attack(R, state, uid):
                    scored += attack_hits(R, state, uid, b, target, True)
        add_attackers(max(style.enough * taken, steps + 1.0))
    kills = expected_kills(scored, steps, blockers is not None)
    value = kills + style.pushed * (min(scored, float(steps)) - kills) - taken
    value += style.city * view.enemy_cities.get(target, 0)
    value += style.blocked * (kills - min(scored, 1.0))
    value -= style.nearer * view.objective.get(target, 20)
    return value, moves
