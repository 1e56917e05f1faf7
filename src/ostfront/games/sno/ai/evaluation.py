"""The static evaluation of a Sturm Nach Osten position and the worth of a hex to a unit.

:func:`evaluate` scores a position for a side: victory cities (15.4-15.6: what wins a
Victory Determination Turn), combat factors on the map and replacement factors banked
(11.2-11.3), units out of supply (9.0-9.5: an isolated unit is lost at the end of its own
Combat Phase unless in a city), and for the Axis how near its units stand to the Soviet-held
victory cities it must take. :func:`hex_worth` is what a unit standing in a hex is worth to
its side, the movement phase's measure: the Axis marches on the nearest Soviet-held victory
city and takes an empty one; the Soviets gather on the victory cities the Axis threatens and
keep out of enemy ZOC away from them (7.1.4: a unit in enemy ZOC must attack or disband); both
stay in supply and within the stacking limits (4.2: the excess is eliminated, 4.4).

The greedy player reads the plain terms; the normal player (``teamwork``) adds the supply of
the destination for both sides (:func:`reaches`: a unit moving on leaves its own supply point
behind) and the Soviet refusal of enemy ZOC.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ....core.paths import distances
from ....core.protocol import Game
from ....core.protocol import State as ProtocolState
from .. import supply, victory
from ..combat import results
from ..combat.tactical import obliged_to_retreat
from ..control import controlled_cities, own_side_of_1941
from ..rules import Rules, State, combat_factor, hex_of, occupancy, on_map, other
from ..state import own
from ..zoc import zoc

VP = 60.0  # a victory city (15.4: Berlin and Moscow two)
FACTOR = 2.0  # a combat factor on the map
BANKED = 1.0  # a replacement factor banked (11.3): less than the factor it came from
ISOLATED = 1.5  # a combat factor out of supply (9.5.1: lost unless in a city)
ADVANCE = 0.15  # an Axis factor a hex nearer the Soviet-held victory city it marches on
FAR = 30  # the distance of a hex no objective reaches
#: SNO 9.4.2, 9.5.2: a Soviet-held victory city with this many Axis combat units within two
#: hexes of it is besieged - stormed month after month and filled again by replacements -
#: and a ``pincer`` style marches on the hexes behind it, to cut it off, instead
BESIEGED = 6
#: in a ``pincer`` style, the steps a besieged city counts as farther than it is: a hex next
#: to it is worth no more than one three steps from the hexes behind it, so the units coming
#: up go round it (those already next to it are mostly held there by its ZOC, 5.2)
SIEGE_OFFSET = 2
NEVER = -50.0  # disband, break down, give up: only when nothing else is left

#: What a combat result is worth to the attacker, as a share of the defenders' strength
#: (7.3.1): the defender eliminated is the whole of it; a retreat a part; the attacker's
#: losses count against.
RESULT_WORTH = {
    "DE": 1.0, "DD": 0.9, "HX": 0.75, "DX": 0.6, "EX": 0.4, "2X": 0.0, "3X": -0.4,
    "4X": -0.8, "TX": -0.2, "DR": 0.35, "(DR)": 0.25, "DR/AL": -0.1, "(DR)/AL": -0.2,
    "-": 0.0, "AL": -0.7, "AE": -1.2,
}  # fmt: skip


def rules_of(game: Game, state: State) -> Rules:
    r: Rules = game.rules_for(state)  # type: ignore[attr-defined]
    return r


def result_value(dist: dict[str, Fraction]) -> float:
    """The expected worth of a combat result distribution (:data:`RESULT_WORTH`), per factor
    of the defence."""
    return sum(float(p) * RESULT_WORTH.get(r, 0.0) for r, p in dist.items())


#: SNO 7.3.1: a DR the defenders need not obey (an infantry-type unit among them in a major
#: or victory city; in any city for a (DR)) leaves them where they stand, only dispersed
#: (7.3.6) - read as no effect, the attacker's losses of a DR/AL still taken
HELD = {"DR": "-", "(DR)": "-", "DR/AL": "AL", "(DR)/AL": "AL"}


def as_fought(
    R: Rules, state: State, dist: dict[str, Fraction], defenders: list[str]
) -> dict[str, Fraction]:
    """SNO 7.3.1: an attack's result distribution with each DR the defenders need not
    retreat from read as what it does (:data:`HELD`): stormed at 2:1 on the Axis CRT, an
    army in Kiev falls to the DX alone, one roll in six."""
    out: dict[str, Fraction] = {}
    for r, p in dist.items():
        if r in HELD:
            kind = "(DR)" if r.startswith("(DR)") else "DR"
            if not obliged_to_retreat(R, state, defenders, kind):
                r = HELD[r]
        out[r] = out.get(r, Fraction(0)) + p
    return out


def fought_distribution(
    R: Rules, state: State, attackers: list[str], defenders: list[str]
) -> dict[str, Fraction]:
    """An attack's exact result distribution (:func:`.combat.results.distribution`, no
    exchange conversion chosen) read as fought (:func:`as_fought`)."""
    return as_fought(
        R, state, results.distribution(R, state, attackers, defenders, False), defenders
    )


@dataclass
class View:
    """What the movement and placement scores read, worked out once per decision."""

    side: str
    #: Hexes -> steps to the nearest victory city the side goes for (the Axis: Soviet-held;
    #: the Soviets: their own threatened ones)
    objective: dict[str, int]
    #: Victory and major city hexes -> their holder
    cities: dict[str, str]
    victory: dict[str, int]  # victory city hex -> its count (15.4)
    enemy_zoc: frozenset[str]
    enemy_hexes: frozenset[str]
    occupancy: dict[str, list[str]]
    supplied: dict[str, frozenset[str]] = field(default_factory=dict)  # by nationality
    #: unit -> its nationality's supply reach with the unit lifted off the map (9.2c: a
    #: supplied unit is a supply point, so a unit moving on leaves its own reach behind)
    without: dict[str, frozenset[str]] = field(default_factory=dict)


def victory_hexes(R: Rules) -> dict[str, int]:
    return {c.hex: c.value for c in R.tables.spec.victory.cities}


def objectives(R: Rules, state: State, side: str) -> list[str]:
    """The victory cities the side's units go for: the Axis every Soviet-held one in the
    Soviet Union (15.6: it needs them), the Soviets their own that an Axis unit is within
    eight hexes of (or all their own if none is)."""
    vc = victory_hexes(R)
    control = state.get("control", {})
    if side == "axis":
        return sorted(h for h in vc if control.get(h) == "soviet")
    mine = sorted(h for h in vc if control.get(h) == "soviet")
    grid = R.map.grid
    axis = [h for h, us in occupancy(state).items() if R.unit(us[0]).side == "axis"]
    threatened = [c for c in mine if any(grid.distance(c, a) <= 8 for a in axis)]
    return threatened or mine


def besieged(R: Rules, state: State, targets: list[str]) -> dict[str, list[str]]:
    """SNO 9.4.2, 9.5.2: the targets the Axis besieges (:data:`BESIEGED` combat units within
    two hexes), each with the hexes behind it - two from the city and farther from every
    Axis unit than the city itself: where units cut it off from the Soviet rear, as Kiev
    was in September 1941. An isolated city supplies only six stacking factors (9.4.2),
    loses half its garrison at the end of each Soviet Combat Phase (9.5.2) and takes no
    replacements; stormed alone, it holds (a DR does not move infantry out of it, 7.3.1)."""
    grid = R.map.grid
    steps = supply.land_steps(R, state)
    axis = [
        (h, sum(1 for u in us if R.unit(u).is_combat))
        for h, us in occupancy(state).items()
        if R.unit(us[0]).side == "axis"
    ]
    out: dict[str, list[str]] = {}
    for c in targets:
        if sum(n for h, n in axis if grid.distance(c, h) <= 2) < BESIEGED:
            continue
        near = min(grid.distance(c, h) for h, _ in axis)
        behind = [
            h
            for h in grid.ring(c, 2)
            if h in steps and min(grid.distance(h, a) for a, _ in axis) > near
        ]
        if behind:
            out[c] = behind
    return out


def view_of(R: Rules, state: State, side: str, pincer: bool = False) -> View:
    """What the movement scores read; ``pincer``: the Axis goes round the cities it
    besieges (:func:`besieged`) rather than at them."""
    occ = occupancy(state)
    enemy = other(side)
    targets = objectives(R, state, side)
    steps = supply.land_steps(R, state)

    def steps_from(sources: list[str]) -> dict[str, int]:
        return distances(sources, lambda h: steps.get(h, ()), None) if sources else {}

    objective = steps_from(targets)
    sieges = besieged(R, state, targets) if pincer and side == "axis" else {}
    if sieges:
        free = steps_from([t for t in targets if t not in sieges])
        at_city = steps_from(list(sieges))
        behind = steps_from(sorted({h for hs in sieges.values() for h in hs}))
        objective = {
            h: min(free.get(h, FAR), at_city.get(h, FAR) + SIEGE_OFFSET, behind.get(h, FAR))
            for h in steps
        }
    control = state.get("control", {})
    cities = {h: control.get(h, "") for h in controlled_cities(R)}
    enemy_hexes = frozenset(h for h, us in occ.items() if R.unit(us[0]).side == enemy)
    return View(
        side,
        objective,
        cities,
        victory_hexes(R),
        zoc(R, state, enemy),
        enemy_hexes,
        occ,
    )


def supplied_hexes(R: Rules, state: State, view: View, nationality: str) -> frozenset[str]:
    if nationality not in view.supplied:
        try:
            view.supplied[nationality] = supply.supplied_area(R, state, view.side, nationality)
        except (KeyError, ValueError, AssertionError):
            view.supplied[nationality] = frozenset()
    return view.supplied[nationality]


def reach_without(R: Rules, state: State, view: View, uid: str) -> frozenset[str]:
    """The supply reach of ``uid``'s nationality once ``uid`` has left its hex (9.1.2, 9.2c):
    where it may go and still be in supply, not counting the supply point it is itself."""
    if uid not in view.without:
        units = {**state["units"], uid: {**state["units"][uid], "at": "out"}}
        lifted = own(dict(state, units=units))  # type: ignore[arg-type]
        try:
            area = supply.supplied_area(R, lifted, view.side, R.unit(uid).nationality)
        except (KeyError, ValueError, AssertionError):
            area = frozenset()
        view.without[uid] = area
    return view.without[uid]


def reaches(
    R: Rules, state: State, view: View, nationality: str, h: str, area: frozenset[str] | None = None
) -> bool:
    """Whether a unit of ``nationality`` standing in ``h`` is in supply (9.1.2): ``h`` is in
    its supply lines' reach (``area``, by default the reach now), or next to it - a hex a
    friendly unit occupies carries a supply line, so the unit's own hex links it to the reach
    next door. Every unit moved so far counts (the reach is worked out again at each
    decision: a supplied unit is a supply point, 9.2c), so units may leapfrog forward, each
    in supply as it stops."""
    if area is None:
        area = supplied_hexes(R, state, view, nationality)
    if h in area:
        return True
    return any(n in area for n in supply.land_steps(R, state).get(h, ()))


def siege_supplied(R: Rules, view: View, h: str) -> bool:
    """SNO 9.4.2, 9.5.1: whether a unit of the view's side standing in ``h`` is kept in
    supply there whatever its supply lines: a victory city the side holds on its own side of
    the 1941 border supplies six stacking factors of units in it when cut off (one army,
    its stacking doubled in the city) - and a unit isolated in a city is never all lost.
    Counting such a city as beyond supply left threatened cities empty: the Soviets placed
    no replacement in Voronezh with the Axis next to it, and the Axis walked in."""
    return (
        h in view.victory and view.cities.get(h) == view.side and own_side_of_1941(R, view.side, h)
    )


def kept_supplied(
    R: Rules, state: State, view: View, nationality: str, h: str, area: frozenset[str] | None = None
) -> bool:
    """Whether a unit of ``nationality`` standing in ``h`` would not be isolated there: in
    its supply lines' reach (:func:`reaches`, ``area`` as there) or in a victory city that
    supplies it when cut off (:func:`siege_supplied`, 9.4.2)."""
    return reaches(R, state, view, nationality, h, area) or siege_supplied(R, view, h)


def material(R: Rules, state: State, side: str) -> tuple[float, float]:
    """(combat factors on the map, factors of them out of supply) of a side."""
    total = 0.0
    cut = 0.0
    status = supply.status(R, state, side)
    for uid in state["units"]:
        if not on_map(state, uid):
            continue
        unit = R.unit(uid)
        if unit.side != side or not unit.is_combat:
            continue
        cf = combat_factor(R, state, uid)
        total += cf
        if not status.get(uid, True):
            cut += cf
    return total, cut


def evaluate(game: Game, protocol_state: ProtocolState, side: str) -> float:
    """The position's score for ``side``: its victory cities against the enemy's, its combat
    factors against his (those out of supply counted as half lost), its replacement factors
    banked, and the Axis march on the Soviet-held victory cities. A won game is worth far
    more than anything else; a drawn one its victory count against the enemy's.

    >>> evaluate(None, {"winner": {"winner": None, "score": {"axis": 9, "soviet": 7}}}, "axis")
    120.0
    """
    state = own(protocol_state)
    winner = state.get("winner")
    if winner:
        won = winner.get("winner")
        if won == side:
            return 1e6
        if won == other(side):
            return -1e6
        # SNO 15.3, 15.7: a draw - judged by the victory count each side holds at the end,
        # the margin a drawn game's players (and the paired comparisons) measure it by
        count = winner.get("score") or {}
        return VP * (float(count.get(side, 0)) - float(count.get(other(side), 0)))
    R = rules_of(game, state)
    score = 0.0
    for s, sign in ((side, 1.0), (other(side), -1.0)):
        score += sign * VP * victory.points(R, state, s)
        total, cut = material(R, state, s)
        score += sign * (FACTOR * total - ISOLATED * cut)
        score += sign * BANKED * float(state.get("rf", {}).get(s, 0))
    march = axis_march(R, state)
    score += -march if side == "axis" else march
    return score


def axis_march(R: Rules, state: State) -> float:
    """How far the Axis combat factors stand from the Soviet-held victory cities (in steps,
    :data:`ADVANCE` a factor-hex)."""
    targets = objectives(R, state, "axis")
    if not targets:
        return 0.0
    steps = supply.land_steps(R, state)
    d = distances(targets, lambda h: steps.get(h, ()), None)
    out = 0.0
    for uid in state["units"]:
        at = hex_of(state, uid)
        if at is None:
            continue
        unit = R.unit(uid)
        if unit.side != "axis" or not unit.is_combat:
            continue
        out += ADVANCE * min(d.get(at, FAR), FAR) * min(combat_factor(R, state, uid), 6) / 3
    return out


def info(R: Rules, state: State) -> dict[str, Any]:
    """A summary for logs and benchmarks: each side's victory count."""
    return {s: victory.points(R, state, s) for s in ("axis", "soviet")}
