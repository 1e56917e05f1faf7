"""How the computer players declare overruns in their Operational Movement Phase (SNO 5.4).

An overrun at 5:1 or better on the Axis's Overrun/Blitz CRT (6:1 on the Soviets') always
eliminates the units overrun (5.4.5), and from its declaration they have no ZOC (3.1.4): the
units behind may move past and through them (5.4.2) and attack beyond as Blitz attacks
(5.4.1a). Every judging level declares one wherever the units already in contact can make it,
before it moves another unit, and so:

- *the units overrun*: every enemy combat unit of the hex, else the strongest one alone
  (5.4.6: those left keep their ZOC);
- *the units overrunning*: the fewest of those in contact - the fastest left out first, then
  the strongest - that still make the odds (5.4.4), so the armor is free to drive through the
  gap (an overrunning unit moves no more, 5.4.3);
- *what they leave*: an overrunning unit joins no other attack (5.4.3), so any other enemy unit
  in its ZOC must be attacked by units not overrunning (5.4.7): an overrun is declared only
  where another unit of the side, free to attack, has each such enemy in its ZOC.

The overrun is worked out when ``overrun HEX`` is scored (:func:`plan`, from the units that
action opens the overrun with) and the draft is then steered to it: defenders left out,
attackers left out, declared (:func:`draft_values`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ....core.protocol import Action
from .. import overrun
from ..combat.odds import attack_factor, defence_factor
from ..combat.plan import enemies_in_zoc, may_attack
from ..movement_rules import allowance
from ..overruns import overrun_units, overrunning_units
from ..rules import Rules, State, hex_of, phasing_side, side_units
from .evaluation import FACTOR

OVERRUN = 50.0  # an overrun that can be made: before any move (the gap is what moves use)
STEER = 100.0  # each step of the draft toward the overrun worked out
NOT_USED = -2.0  # the other overrun actions


Overrun = tuple[tuple[str, ...], tuple[str, ...]]  # (attackers, defenders), each sorted


def plan(
    R: Rules, state: State, attackers: Sequence[str], defenders: Sequence[str]
) -> Overrun | None:
    """The overrun to declare out of ``attackers`` and ``defenders`` (an ``overrun HEX``'s
    opening, :func:`overrun.opening`): the units overrun and the fewest units overrunning
    them, or None if none may be declared so."""
    for dfd in _defender_choices(R, state, defenders):
        able = [u for u in attackers if set(dfd) <= set(enemies_in_zoc(R, state, u))]
        covered = _covered(R, state, able)
        able = [u for u in able if _others(R, state, [u], dfd) <= covered]
        if able and acceptable(R, state, able, dfd):
            return tuple(sorted(_fewest(R, state, able, dfd))), tuple(sorted(dfd))
    return None


def _defender_choices(R: Rules, state: State, defenders: Sequence[str]) -> Iterator[list[str]]:
    """SNO 5.4.6: all the units of the hex, then each alone, the strongest first."""
    yield sorted(defenders)
    if len(defenders) > 1:
        for d in sorted(defenders, key=lambda u: (-defence_factor(R, state, u), u)):
            yield [d]


def _fewest(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> list[str]:
    """SNO 5.4.3-5.4.4: the units left out one at a time, the fastest first and then the
    strongest, while the rest still make the overrun."""
    hexes = sorted({h for d in defenders if (h := hex_of(state, d)) is not None})

    def order(u: str) -> tuple[int, int, str]:
        return (-allowance(R, state, u), -attack_factor(R, state, u, hexes), u)

    kept = list(attackers)
    for u in sorted(attackers, key=order):
        rest = [a for a in kept if a != u]
        if rest and acceptable(R, state, rest, defenders):
            kept = rest
    return kept


def acceptable(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> bool:
    """May the overrun be declared (5.4.1-5.4.8: :func:`overrun.problems`), and is every
    other enemy unit in the overrunning units' ZOC left to a unit that may still attack it
    (5.4.3, 5.4.7)?"""
    if overrun.problems(R, state, attackers, defenders):
        return False
    others = _others(R, state, attackers, defenders)
    return not others or others <= _covered(R, state, attackers)


def _others(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> set[str]:
    """The enemy units in the ZOC of ``attackers`` neither in this overrun nor in another."""
    done = set(defenders) | overrun_units(state)
    return {e for u in attackers for e in enemies_in_zoc(R, state, u)} - done


def _covered(R: Rules, state: State, attackers: list[str]) -> set[str]:
    """SNO 5.4.7: the enemy units in the ZOC of a unit of the side that may attack them,
    neither among ``attackers`` nor in an overrun already."""
    busy = set(attackers) | overrunning_units(state)
    free = [
        u
        for u in side_units(R, state, phasing_side(state))
        if u not in busy and may_attack(R, state, u)
    ]
    return {e for u in free for e in enemies_in_zoc(R, state, u)}


def worth(R: Rules, state: State, made: Overrun) -> float:
    """What an overrun that can be made is worth: :data:`OVERRUN` and the defence's factors
    eliminated (5.4.5), in the evaluation's units."""
    return OVERRUN + FACTOR * sum(defence_factor(R, state, d) for d in made[1])


def draft_values(R: Rules, state: State, actions: Sequence[Action]) -> dict[str, float]:
    """The overrun being put together, steered to :func:`plan`'s: the defenders and then
    the attackers it leaves out taken out one at a time, then declared; given up if the
    draft holds none."""
    draft = state.get("overrun_draft") or {}
    target = plan(R, state, draft.get("attackers", ()), draft.get("defenders", ()))
    out = {a.text: NOT_USED for a in actions}
    if target is None:
        out |= {a.text: STEER for a in actions if a.verb == "overrun_cancel"}
        return out
    attackers, defenders = target
    for a in actions:
        arg = str(a.args[0]) if a.args else ""
        if a.verb == "overrun_untarget" and arg not in defenders:
            out[a.text] = STEER + 2
        elif a.verb == "overrun_without" and arg not in attackers:
            out[a.text] = STEER + 1
        elif a.verb == "overrun_declare":
            out[a.text] = STEER
    return out
