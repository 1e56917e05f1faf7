"""DR 11.6 and 12.7 in the movement phases: leaders travel with the units they accompany
(Guderian 11.6.1B, Mannerheim 11.6.2A-B, Zhukov 11.6.4D, Timoshenko 12.7C; Stalin never,
11.6.3C), and Zhukov and Timoshenko also move on their own: three hexes in the movement
phase (after a rail move, 11.6.4B, 12.7A), two in exploitation (11.6.4C, 12.7B), terrain
ignored, ZOC blocking as normal, ending stacked with a Soviet ground unit and never in one
hex together (12.7F). Their combat effects and fates are in :mod:`leaders`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.memo import facts_of
from ...core.paths import Step, any_within, distances, reach
from .movement_rules import entry_rule, is_sivash, kind, record
from .rules import Rules, State, ground_hexes, hex_of, occupancy, other
from .zoc import zoc_hexes

#: Who each leader accompanies (11.6.1B, 11.6.2B, 11.6.4D, 12.7C).
# DR 11.6.3C: Stalin is in none of these: he never moves with a unit, nor on his own.
# DR 11.6.2B: Mannerheim goes with a Finnish unit (and stays in Finland, 11.6.2A).
COMPANIONS: dict[str, Callable[[Any], bool]] = {
    "Guderian": lambda u: u.nationality == "german" and u.type == "armor",  # DR 11.6.1B
    "Mannerheim": lambda u: u.nationality == "finnish" and u.is_ground,
    "Zhukov": lambda u: u.side == "soviet" and u.is_ground,
    "Timoshenko": lambda u: u.side == "soviet" and u.is_ground,
}
#: Leaders that also move on their own: hexes in the movement / exploitation phase.
MARSHAL_HEXES = {"move": 3, "exploit": 2}  # DR 11.6.4B-C, 12.7A-B
RIVAL = {"Zhukov": "Timoshenko", "Timoshenko": "Zhukov"}  # DR 12.7F


def companions_of(R: Rules, state: State, leader: str, h: str, but: str) -> list[str]:
    accepts = COMPANIONS.get(R.unit(leader).name)
    if accepts is None:
        return []
    return [u for u in occupancy(state).get(h, []) if u != but and accepts(R.unit(u))]


def escorts(R: Rules, state: State, uid: str) -> tuple[list[str], list[str]]:
    """Leaders in the unit's hex who go with it when it moves: (forced, optional)."""
    h = hex_of(state, uid)
    if h is None or not R.unit(uid).is_ground:
        return [], []
    forced: list[str] = []
    optional: list[str] = []
    for lid in occupancy(state).get(h, []):
        accepts = COMPANIONS.get(R.unit(lid).name) if R.unit(lid).is_leader else None
        if accepts is None or not accepts(R.unit(uid)):
            continue
        (optional if companions_of(R, state, lid, h, uid) else forced).append(lid)
    return forced, optional


def carried(R: Rules, state: State, uid: str) -> list[str]:
    """Leaders who move with ``uid`` now (DR 11.6.1B, 11.6.2B): those who would otherwise be
    left without a companion, and the others unless the player leaves them behind."""
    forced, optional = escorts(R, state, uid)
    leave = record(state)["leave"]
    return forced + [lid for lid in optional if lid not in leave]


def marshal_reach(R: Rules, state: State, uid: str) -> dict[str, Step]:
    """DR 11.6.4B-D, 12.7A-C: three hexes (two in exploitation), terrain ignored, ZOC blocking
    as normal, ending stacked with a Soviet ground unit and never with the rival marshal."""
    move = marshal_move(R, state, uid)
    return {} if move is None else marshal_reach_from(R, state, uid, *move)


def marshal_move(R: Rules, state: State, uid: str) -> tuple[str, int] | None:
    """Where the marshal starts and how many hexes he may move now (None: he may not)."""
    start = hex_of(state, uid)
    if start is None or uid in state["done"]:
        return None
    if kind(state) == "exploit" and state["weather"] not in R.charts.exploitation.soviet_weather:
        return None  # DR 6.6.3, 8.3.2: no Soviet exploitation phase in this weather
    return start, MARSHAL_HEXES[kind(state)]


def marshal_may_move(R: Rules, state: State, uid: str) -> bool:
    """Is there a hex but his own where :func:`marshal_reach` lets him end the move
    (:func:`end_rule`)? The same search, stopped at the first such hex."""
    move = marshal_move(R, state, uid)
    if move is None:
        return False
    start, hexes = move
    step, stops = marshal_rules(R, state, uid)
    ends = end_rule(R, state, uid, occupancy(state))
    return any_within(start, hexes, R.map.grid.neighbours, step, stops, ends)


MarshalRules = tuple[Callable[[str, str], bool], Callable[[str], bool]]


def marshal_rules(R: Rules, state: State, uid: str) -> MarshalRules:
    """How a marshal moves (11.6.4B, 12.7A): ``step(a, b)`` - one hex whatever the terrain,
    never onto water or into enemy units, not ZOC to ZOC (6.3.1B); ``stops(h)`` - entering
    an enemy ZOC without a friendly unit ends the move (6.3.1A)."""
    side = R.unit(uid).side
    zoc, friends = zoc_hexes(R, state, other(side)), ground_hexes(R, state, side)
    by_map = _land_steps(R, state["weather"] != "snow")  # DR 8.3.4: lakes freeze in Snow
    allowed: dict[str, bool] = {}  # may_enter, hex by hex, worked out once
    enterable = entry_rule(R, state, uid)

    def step(a: str, b: str) -> bool:
        if b not in by_map.get(a, ()):
            return False
        if a in zoc and b in zoc and not (a in friends and b in friends):  # DR 6.3.1B
            return False
        ok = allowed.get(b)
        if ok is None:
            ok = allowed[b] = enterable(b)
        return ok

    return step, lambda h: h in zoc and h not in friends


def _land_steps(R: Rules, wet: bool) -> dict[str, frozenset[str]]:
    """Hex -> the neighbours a marshal may step to by the map alone: not onto sea or an
    unfrozen lake, nor across a sea or unfrozen lake hexside or the Sivash (9.3.4A)."""
    facts = facts_of(R.map)
    cached: dict[str, frozenset[str]] | None = facts.get(("marshal_steps", wet))
    if cached is not None:
        return cached

    def by_map(a: str, b: str) -> bool:
        terrain = R.map.terrain_of(b)
        if terrain in (None, "sea") or (terrain == "lake" and wet):
            return False
        kinds = R.map.side_kinds(a, b)
        return not ("sea" in kinds or ("lake" in kinds and wet) or is_sivash(R, a, b))

    table = {
        a: frozenset(b for b in R.map.grid.neighbours(a) if by_map(a, b)) for a in R.map.terrain
    }
    facts["marshal_steps", wet] = table
    return table


def marshal_reach_from(R: Rules, state: State, uid: str, start: str, hexes: int) -> dict[str, Step]:
    """Hexes a marshal reaches in ``hexes`` steps from ``start``, with paths."""
    step, stops = marshal_rules(R, state, uid)
    return reach(
        start, hexes, R.map.grid.neighbours, lambda a, b, spent: 1 if step(a, b) else None, stops
    )


def marshal_sources(R: Rules, state: State, uid: str, hexes: int) -> set[str]:
    """Every hex from which the marshal could end a move of ``hexes`` hexes where he may
    end it (11.6.4D, 12.7C, 12.7F): a backward search from those hexes, passing only
    through hexes where he would not have to stop."""
    step, stops = marshal_rules(R, state, uid)
    occ = occupancy(state)
    may_end_in = end_rule(R, state, uid, occ)
    ends = {h for h in occ if may_end_in(h)}
    return set(
        distances(
            ends,
            R.map.grid.neighbours,
            lambda y, x: step(x, y) and (y in ends or not stops(y)),
            limit=hexes,
        )
    )


def may_end(R: Rules, state: State, uid: str, h: str, occ: dict[str, list[str]]) -> bool:
    """May the move end in ``h``? A marshal ends stacked with a Soviet ground unit
    (11.6.4D, 12.7C); Zhukov and Timoshenko never share a hex (12.7F), even when carried."""
    return end_rule(R, state, uid, occ)(h)


def end_rule(R: Rules, state: State, uid: str, occ: dict[str, list[str]]) -> Callable[[str], bool]:
    """:func:`may_end` for one unit, as a test of the hex (what it carries looked up once)."""
    unit = R.unit(uid)
    carrying = [] if unit.is_leader else carried(R, state, uid)
    names = {unit.name} if unit.is_leader else {R.unit(lid).name for lid in carrying}
    rivals = {RIVAL[n] for n in names if n in RIVAL}

    def no_rival(h: str) -> bool:  # DR 12.7F
        return not rivals or not any(R.unit(u).name in rivals for u in occ.get(h, ()))

    if not unit.is_leader:
        return no_rival

    def with_ground_unit(h: str) -> bool:  # DR 11.6.4D, 12.7C
        here = occ.get(h, ())
        return any(R.unit(u).is_ground and R.unit(u).side == unit.side for u in here) and (
            no_rival(h)
        )

    return with_ground_unit


def marshal_destinations(R: Rules, state: State, uid: str, start: str, hexes: int) -> list[str]:
    """Where a marshal may end a move of ``hexes`` hexes from ``start``."""
    ends = end_rule(R, state, uid, occupancy(state))
    return sorted(
        h for h in marshal_reach_from(R, state, uid, start, hexes) if h != start and ends(h)
    )
