"""The price of contact: a unit that ends its move next to the enemy must attack it in the
combat phase that follows (DR 7.0A-B), so the hex a unit moves to - or the hex it stays in -
carries the compulsory attack it brings. Every level that moves (greedy, normal, hard) adds
this price to a move's value (:func:`ostfront.games.dr.ai.moves.move_gain`).

For a unit in hex ``h`` the enemy hexes it would have to attack are those next to ``h`` it
may attack across (7.0, 9.3.4B, 11.4.4). Those that no other friendly unit attacks anyway (one
touching that enemy hex and no other) are its own to attack, all in one battle (7.1B):
their defenders' expected hits against the unit's and its hex-mates'.
Those another friendly unit touches alone are attacked anyway: the unit
may join them, which only helps, and is not priced. Only a bad exchange is priced (expected hits
scored, none beyond the defenders' steps, less expected hits taken, when below zero): the
players' other terms say where to seek a good fight.

A unit staying where it is is priced with its whole stack (the stack would attack together),
so each unit of a stack left in contact it cannot survive sees what stepping back saves
(before, each unit counted its hex-mate as the one who would attack, and neither moved:
issue 34's 8th Tank and 26th Army at 2210).

No price where no attack is forced: an exploitation phase (7.4), Mud (8.3.3D), an intact
fortress (7.0C, 9.1.8D), a stack with an NKVD army (11.9).
"""

from __future__ import annotations

from ..attack import may_attack_across
from ..dice import fortress_intact
from ..losses import total_steps
from ..rules import Rules, State, ground_units_at
from .evaluation import Terrain, supplied_there
from .plan import attack_hits, defence_hits

CONTACT = 2.0  # per expected hit of a compulsory attack's bad exchange (a hit: a step)


def forced(R: Rules, state: State, side: str, h: str, stack: list[str]) -> bool:
    """Must units of ``side`` in ``h`` (with ``stack``) attack in the coming combat phase?"""
    if not state["phase"].endswith("_move") or not state["phase"].startswith(side):
        return False  # DR 7.4: exploitation attacks are optional
    if state.get("weather") == "mud":
        return False  # DR 8.3.3D
    if side == "soviet" and fortress_intact(R, state, h):
        return False  # DR 7.0C, 9.1.8D
    return not any(R.unit(u).type == "nkvd" for u in stack)  # DR 11.9


def _exchange(R: Rules, state: State, scored: float, targets: list[str]) -> float:
    """Expected hits scored (none beyond the defenders' steps, 7.2.4) less those taken."""
    steps = total_steps(R, state, [u for t in targets for u in ground_units_at(R, state, t)])
    taken = sum(defence_hits(R, state, t) for t in targets)
    return min(scored, float(steps)) - taken


def contact_price(
    R: Rules, state: State, view: Terrain, uid: str, h: str, stack: list[str] | None = None
) -> float:
    """The (negative) value of the compulsory attack ``uid`` would make from ``h``, with
    ``stack`` (default: the friendly ground units ending there besides it: those in ``h``
    now, or, for the hex it stands in, its stack) - zero if none is forced or it is a fair
    one."""
    unit = R.unit(uid)
    side = unit.side
    if stack is None:
        stack = [u for u in ground_units_at(R, state, h, side) if u != uid]
    if not unit.is_ground or not forced(R, state, side, h, [uid, *stack]):
        return 0.0
    enemies = [n for n in R.map.grid.neighbours(h) if n in view.enemy_at]
    if not enemies:
        return 0.0
    mine = [uid, *stack]
    supplied = supplied_there(R, view, h) or unit.nationality == "finnish"

    def hits(units: list[str], src: str, target: str, ok: bool) -> float:
        return sum(
            attack_hits(R, state, u, src, target, ok)
            for u in units
            if may_attack_across(R, state, u, src, target)
        )

    def others(target: str) -> bool:
        """Does a friendly unit elsewhere attack ``target`` anyway: one that touches it and
        no other enemy hex (one touching several may attack another, 7.1C)?"""
        for n in R.map.grid.neighbours(target):
            if n == h or not any(m in view.enemy_at for m in R.map.grid.neighbours(n)):
                continue
            if sum(1 for m in R.map.grid.neighbours(n) if m in view.enemy_at) > 1:
                continue
            for u in ground_units_at(R, state, n, side):
                if u != uid and may_attack_across(R, state, u, n, target):
                    return True
        return False

    own = [  # enemy hexes only this stack touches: its own attack (7.0B)
        e
        for e in enemies
        if any(may_attack_across(R, state, u, h, e) for u in mine) and not others(e)
    ]
    if not own:
        return 0.0  # the enemy here is attacked anyway: joining in only helps
    # one battle against them all (7.1B), the terrain most favourable to them
    scored = min(hits(mine, h, e, supplied) for e in own)
    return CONTACT * min(0.0, _exchange(R, state, scored, own))
