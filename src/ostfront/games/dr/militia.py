"""DR 11.8 Workers' Militia: when the Axis attacks a city held by a single defending unit, a
die may raise a militia there (on a 6 in a minor city, on 4-6 in a major city or fortress).

The militia counters are one-step corps (11.8B); at most two are in play at once (11.8C). A
militia counter may be raised if it waits in the reserve or was eliminated (dead box).
Readings: the roll is made when the attack is rolled, before the battle's dice, and the
militia defends in that battle; a fortress that the Axis has occupied counts as the city it
is (9.1.8E: its benefits are lost); with both militias in play no die is rolled. When several
hexes are attacked together (7.1B) each qualifying city rolls. The USSR may disband a militia
in its Organization Phase (11.8C): the counter goes back to the reserve, not to the eliminated
units (disbanding is no loss in 13.0E), and may be raised again; a militia that is the last
ground unit with a Soviet leader is not offered (11.6 moves leaders only after eliminations).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...core.protocol import roll
from .rules import BOXES, Rules, State, ground_units_at, hex_of, set_unit, units_at

MAX_IN_PLAY = 2  # DR 11.8C
MINOR_FACES = (6,)  # DR 11.8A
MAJOR_FACES = (4, 5, 6)  # DR 11.8A


def militia_counters(R: Rules) -> list[str]:
    return sorted(u for u, unit in R.counters.units.items() if unit.type == "militia")


def available(R: Rules, state: State) -> list[str]:
    """Militia counters that may be placed now (none once two are in play). # DR 11.8C"""
    ids = militia_counters(R)
    on_map = [u for u in ids if state["units"][u]["at"] not in BOXES]
    if len(on_map) >= MAX_IN_PLAY:
        return []
    return [u for u in ids if state["units"][u]["at"] in ("reserve", "dead")]


def faces(R: Rules, state: State, h: str) -> tuple[int, ...]:
    """Die faces that raise a militia in hex ``h`` (empty: not a city)."""
    place = R.map.place(h)
    if place is None:
        return ()
    intact_fortress = place.is_("fortress") and h not in state.get("fortress_lost", [])
    if place.is_("major_city") or intact_fortress:
        return MAJOR_FACES
    if place.is_("city") or place.is_("fortress"):
        return MINOR_FACES
    return ()


def qualifies(R: Rules, state: State, attacker_side: str, h: str) -> bool:
    """DR 11.8A: an Axis attack on a city with one defending unit."""
    return (
        attacker_side == "axis"
        and bool(faces(R, state, h))
        and len(ground_units_at(R, state, h, "soviet")) == 1
    )


def militia_chances(
    R: Rules, state: State, attacker_side: str, targets: Sequence[str]
) -> list[tuple[tuple[tuple[str, str], ...], Fraction]]:
    """Every way militias may appear for this attack: ((militia, hex) placed, probability)."""
    ways: list[tuple[tuple[tuple[str, str], ...], Fraction]] = [((), Fraction(1))]
    free = available(R, state)
    for h in targets:
        if not qualifies(R, state, attacker_side, h):
            continue
        p = Fraction(len(faces(R, state, h)), 6)
        nxt: list[tuple[tuple[tuple[str, str], ...], Fraction]] = []
        for placed, q in ways:
            left = [m for m in free if m not in {x for x, _ in placed}]
            if not left:
                nxt.append((placed, q))
                continue
            nxt.append(((*placed, (left[0], h)), q * p))
            nxt.append((placed, q * (1 - p)))
        ways = nxt
    return ways


def raise_militia(R: Rules, state: State, attacker_side: str, targets: Sequence[str]) -> list[str]:
    """Roll for each qualifying city and place the militias raised. # DR 11.8A"""
    raised = []
    for h in targets:
        free = available(R, state)
        if not free or not qualifies(R, state, attacker_side, h):
            continue
        die = roll(state, 1, f"Workers' Militia in {h} (DR 11.8A)")[0]
        if die in faces(R, state, h):
            uid = free[0]
            set_unit(state, uid, at=h, reduced=False, oos=False)
            raised.append(uid)
    return raised


def disbandable(R: Rules, state: State) -> list[str]:
    """Militia counters in play, which the USSR may disband now. # DR 11.8C"""
    out = []
    for u in militia_counters(R):
        h = hex_of(state, u)
        if h is None:
            continue
        others = [g for g in ground_units_at(R, state, h, "soviet") if g != u]
        if others or not any(R.unit(x).is_leader for x in units_at(state, h)):
            out.append(u)
    return out


def disband(state: State, uid: str) -> None:
    """DR 11.8C: the militia leaves play, back to the counters that may be raised."""
    set_unit(state, uid, at="reserve", reduced=False, oos=False)
