"""The two defensive orders of the SNO computer players that judge (normal, hard): No Retreat
(7.5.2-7.6) and where Zhukov goes (10.6.5-10.6.6).

Both weigh the same thing: what the enemy's attacks of his next player-turn are expected to
cost the side, read from the exact CRT column (:func:`odds.assess`: terrain, weather, Zhukov,
7.2.1) and the six results of the die (:meth:`Crts.result`, with the Combat Options' conversion
and 7.6.1's die roll of 1). The attack each own hex is expected to meet is the plainest strong
one: every enemy unit next to it that may attack (10.5.3) attacking it alone, as the units
stand now. The enemy moves before he attacks, so it is an estimate - but a cheap one (a
player-turn has some forty front hexes), and the hexes next to his units now are the ones his
attacks reach first. Each result is worth to the defender what the attack planner says it is
worth to the attacker, :data:`evaluation.RESULT_WORTH` (a share of the defence's factors),
and where it leaves the hex to the enemy (7.3.1: eliminated and advanced into, 7.7.3a;
retreated from) a victory city's count in factors (:data:`HOLD`: 60 a count, 2 a factor -
the evaluation's weights). Two readings of 7.3.1 and 7.7.1a decide a retreat result:

- infantry-type units in a Major or Victory city need not retreat from a DR, nor in any city
  from a (DR) (:func:`tactical.obliged_to_retreat`): such a result leaves them in place and
  costs nothing but the dispersal - so No Retreat only loses there (DR becomes DX);
- units that must retreat and have nowhere to go disband instead (7.7.1a d): a DR or (DR) is
  a DD for them (:func:`tactical.retreat_destinations`, as the map stands).

**No Retreat** (:func:`no_retreat_hexes`): an order is worth its hex's expected cost without
it less the cost with it (the CRT's No Retreat column, 7.5.3); the Axis orders each German
hex where that gain is over :data:`MARGIN` (7.5.2c), the Soviets all their units when the
gains of all their threatened hexes sum over it (7.5.2b: all or none).

**Zhukov** (:func:`zhukov_hex`): a hex is worth, for him, the expected cost his one column
left (10.6.6) saves on every threatened Soviet hex in or next to it, less the risk of his
loss with the hex's units (10.6.3: :data:`ZHUKOV_LOST` times the chance they are all
eliminated); staying a whole OMP in Moscow is worth :data:`AD_WORTH` (10.6.7: his AD side).
He is placed (10.6.5) where he is worth most if that beats where he is by :data:`MARGIN`,
else back in Moscow if he is elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....core.protocol import Action
from .. import zhukov
from ..combat import odds as odds_mod
from ..combat import orders as orders_mod
from ..combat import results, tactical
from ..combat.plan import attackable
from ..crt import Crts, shift_column
from ..rules import Rules, State, combat_factor, occupancy, other
from ..units import may_attack, may_move
from .evaluation import FACTOR, RESULT_WORTH, VP, victory_hexes

HOLD = VP / FACTOR  # a victory city's count, in defending factors (the evaluation's weights)
MARGIN = 1.0  # the least gain, in defending factors, an order or a placement is made for
#: SNO 7.7.3a: an exchange leaves the hex empty and the attacker does not advance; the hex
#: may be entered again before the enemy takes it, so it counts half lost
EMPTIED = 0.5
ELIMINATED = ("DE", "DD", "HX", "DX")  # SNO 7.3.1: the defenders gone, the attacker advances
EXCHANGES = ("EX", "2X", "3X", "4X", "TX")  # SNO 7.3.1: the defenders gone, no advance
RETREATS = {"DR": "DR", "(DR)": "(DR)", "DR/AL": "DR", "(DR)/AL": "(DR)"}  # SNO 7.3.7
PLACE = 1000.0  # the placement chosen: before any move (SNO 10.6.5)
ZHUKOV_LOST = 10.0  # SNO 10.6.3-10.6.4: Zhukov eliminated, gone for twelve months
AD_WORTH = 1.0  # SNO 10.6.7: a whole OMP in Moscow turns him to his AD side


@dataclass(frozen=True)
class Threat:
    """An own hex the enemy may attack next player-turn, and the attack it is expected to
    meet (every enemy unit next to it that may attack)."""

    hex: str
    defenders: tuple[str, ...]
    attackers: tuple[str, ...]


def threats(R: Rules, state: State, side: str) -> list[Threat]:
    """The side's hexes next to enemy units that may attack them (5.6.7: not across a sea or
    lake side), each with those units."""
    occ = occupancy(state)
    grid = R.map.grid
    enemy = other(side)
    out: list[Threat] = []
    for h, ids in sorted(occ.items()):
        defenders = tuple(u for u in ids if R.unit(u).side == side and attackable(R, u))
        if not defenders:
            continue
        attackers = tuple(
            u
            for n in grid.neighbours(h)
            for u in occ.get(n, ())
            if R.unit(u).side == enemy
            and R.unit(u).is_combat
            and may_attack(R, u)  # SNO 10.5.3: a garrison only defends
            and odds_mod.pairs(R, state, u, [h])
        )
        if attackers:
            out.append(Threat(h, defenders, attackers))
    return out


@dataclass(frozen=True)
class Exposure:
    """What a threatened hex stands to lose: its attack's CRT and columns, the defence's
    factors, what the hex is worth to hold, and how a retreat result ends there."""

    threat: Threat
    crts: Crts
    table: str
    columns: tuple[str, ...]
    raw: str | None  # step four (7.2.1), before any shift
    shift: int  # the shifts of step five other than Zhukov's
    zhukov: int  # Zhukov's shift as he stands (SNO 10.6.6)
    ec: bool  # SNO 7.5.1a: Exchange Conversion mandatory
    factors: int  # the defence's combat factors (the evaluation's measure)
    hold: float  # SNO 15.4: a victory city's count, in factors (0: any other hex)
    stays: dict[str, bool]  # "DR", "(DR)" -> the defenders need not retreat (7.3.1)
    cornered: bool  # SNO 7.7.1a d: none of them can retreat


def exposure(R: Rules, state: State, side: str, threat: Threat) -> Exposure:
    attackers, defenders = list(threat.attackers), list(threat.defenders)
    o = odds_mod.assess(R, state, attackers, defenders)
    near = o.shifts.count("SNO 10.6.6")  # Zhukov's columns left
    right = o.shifts.count("SNO 10.6.7")
    held = state.get("control", {}).get(threat.hex) == side
    combat = [d for d in defenders if R.unit(d).is_combat]
    return Exposure(
        threat,
        R.crts,
        o.table,
        R.crts.table(o.table).columns,
        o.raw,
        right - (len(o.shifts) - right - near),
        -near,
        bool(results.exchange_mandatory(R, state, attackers, defenders)),
        max(1, sum(combat_factor(R, state, d) for d in combat)),
        HOLD * victory_hexes(R).get(threat.hex, 0) if held else 0.0,
        {r: not tactical.obliged_to_retreat(R, state, defenders, r) for r in ("DR", "(DR)")},
        bool(combat) and not any(tactical.retreat_destinations(R, state, d) for d in combat),
    )


def result_cost(e: Exposure, result: str) -> float:
    """What one result costs the defender, in defending factors: its worth to the attacker
    (:data:`RESULT_WORTH`) and, where the hex is left to him, what holding it is worth."""
    retreat = RETREATS.get(result)
    if retreat is not None:
        extra = RESULT_WORTH[result] - RESULT_WORTH[retreat]  # SNO 7.3.7: an AL as well
        if e.stays[retreat]:  # SNO 7.3.1: they stay, dispersed (7.3.6)
            return (RESULT_WORTH["-"] + extra) * e.factors
        if e.cornered:  # SNO 7.7.1a d: unable to retreat, they disband
            return (RESULT_WORTH["DD"] + extra) * e.factors + e.hold
        return RESULT_WORTH[result] * e.factors + e.hold
    lost = 1.0 if result in ELIMINATED else EMPTIED if result in EXCHANGES else 0.0
    return RESULT_WORTH.get(result, 0.0) * e.factors + lost * e.hold


def expected_cost(e: Exposure, no_retreat: bool, zhukov: int | None = None) -> float:
    """The expected cost of the hex's attack: with or without No Retreat (7.5.3, 7.6.1) and
    with ``zhukov`` columns of his (10.6.6; None: as he stands)."""
    z = e.zhukov if zhukov is None else zhukov
    column = shift_column(e.raw, e.shift + z, e.columns)
    total = 0.0
    for die in range(1, 7):
        result = e.crts.result(
            e.table, column, die, exchange_conversion=e.ec, no_retreat=no_retreat
        )
        total += result_cost(e, result)
    return total / 6


def lost_with(e: Exposure, zhukov: int) -> float:
    """SNO 10.6.3: the chance every defender is eliminated (so Zhukov with them)."""
    column = shift_column(e.raw, e.shift + zhukov, e.columns)
    gone = 0
    for die in range(1, 7):
        result = e.crts.result(e.table, column, die, exchange_conversion=e.ec)
        gone += result in ELIMINATED or result in EXCHANGES
    return gone / 6


# ------------------------------------------------------------------ SNO 7.5.2 No Retreat
def no_retreat_gains(R: Rules, state: State, side: str) -> dict[str, float]:
    """Own hex -> what a No Retreat order there is expected to save (7.5.3): its attack's
    cost without the order less its cost with it, in defending factors. SNO 7.5.2c: the
    Axis may order only German hexes without Romanian, Hungarian or Italian units."""
    allowed = set(orders_mod.axis_hexes(R, state)) if side == "axis" else None
    out: dict[str, float] = {}
    for t in threats(R, state, side):
        if allowed is not None and t.hex not in allowed:
            continue
        e = exposure(R, state, side, t)
        out[t.hex] = expected_cost(e, False) - expected_cost(e, True)
    return out


def no_retreat_hexes(R: Rules, state: State, side: str) -> frozenset[str]:
    """SNO 7.5.2: the hexes the side orders No Retreat for - the Axis each hex whose order
    gains more than :data:`MARGIN` (c); the Soviets every hex they hold when the gains sum
    over it (b: all or none), else none."""
    gains = no_retreat_gains(R, state, side)
    if side == "axis":  # SNO 7.5.2c
        return frozenset(h for h, g in gains.items() if g > MARGIN)
    if sum(gains.values()) > MARGIN:  # SNO 7.5.2b
        return frozenset(gains)
    return frozenset()


def order_values(
    R: Rules, state: State, side: str, chosen: frozenset[str], actions: Sequence[Action]
) -> dict[str, float]:
    """Scores for the orders phase (7.5.2a) and a first player-turn's orders at set-up
    (12.10): order what ``chosen`` holds, cancel the rest, then end."""
    out: dict[str, float] = {}
    for a in actions:
        arg = str(a.args[0]) if a.args else ""
        if a.verb == "order" and arg == "all":  # SNO 7.5.2b
            out[a.text] = 1.0 if chosen else -1.0
        elif a.verb == "order" and arg == "none":
            out[a.text] = -1.0 if chosen else 1.0
        elif a.verb == "order":  # SNO 7.5.2c
            out[a.text] = 1.0 if arg in chosen else -1.0
        elif a.verb == "cancel":
            out[a.text] = -1.0 if arg in chosen else 1.0
    return out


# ------------------------------------------------------------------ SNO 10.6 Zhukov
def zhukov_values(R: Rules, state: State) -> dict[str, float]:
    """Hex -> what Zhukov standing there is worth to the Soviets in the Axis's next
    player-turn (10.6.6): the expected cost his column saves on each threatened Soviet hex
    in or next to it, less the risk of his loss (10.6.3); only hexes some threat is in or
    next to appear."""
    grid = R.map.grid
    out: dict[str, float] = {}
    for t in threats(R, state, "soviet"):
        e = exposure(R, state, "soviet", t)
        saved = expected_cost(e, False, 0) - expected_cost(e, False, -1)
        for h in (t.hex, *grid.neighbours(t.hex)):
            out[h] = out.get(h, 0.0) + saved
        out[t.hex] -= ZHUKOV_LOST * lost_with(e, -1)
    return out


def zhukov_hex(R: Rules, state: State, at: str, home: str | None) -> str | None:
    """SNO 10.6.5: the hex to place Zhukov in at the beginning of the Soviet OMP (None: he
    stays where he is, ``at``): where he is worth most, if that beats staying by
    :data:`MARGIN`; else Moscow (``home``) if he is elsewhere. Staying a whole OMP in
    Moscow is worth :data:`AD_WORTH` more (10.6.7)."""
    values = zhukov_values(R, state)
    soviet = {h for h, ids in occupancy(state).items() if companions(R, ids)}
    here = values.get(at, 0.0) + (AD_WORTH if at == home else 0.0)
    # the most worth, the lowest hex id among equals (the same game for the same seed)
    ranked = sorted((-v, h) for h, v in values.items() if h in soviet)
    if ranked and -ranked[0][0] > here + MARGIN:
        return ranked[0][1]
    if at != home and home in soviet:
        return home
    return None


def companions(R: Rules, ids: Sequence[str]) -> list[str]:
    """SNO 10.6.2: the Soviet units Zhukov may be with in a hex (any but himself)."""
    return [u for u in ids if R.unit(u).side == "soviet" and R.unit(u).type != "zhukov"]


def zhukov_unit(R: Rules, state: State, h: str) -> str | None:
    """SNO 10.6.5: the unit in ``h`` to place Zhukov with - he moves with it for the rest of
    the OMP, so one that will not: a unit that may not move (10.5.2 a garrison, 10.7.3 a
    fortified unit), then a factory (the players move none in the OMP), then the first."""
    ids = companions(R, occupancy(state).get(h, ()))

    def staying(u: str) -> tuple[bool, bool, str]:
        return (may_move(R, state, u), R.unit(u).type != "factory", u)

    return min(ids, key=staying, default=None)


def zhukov_scores(R: Rules, state: State, actions: Sequence[Action]) -> dict[str, float]:
    """Scores for the ``zhukov UNIT`` actions at the beginning of the Soviet OMP (10.6.5):
    far above any move for the one placement chosen (it must come before any unit moves),
    below ending the phase for the others. None offered: nothing."""
    offered = [a for a in actions if a.verb == "zhukov"]
    if not offered:
        return {}
    at = zhukov.where(R, state)
    target = zhukov_hex(R, state, at, zhukov.home(R)) if at is not None else None
    unit = zhukov_unit(R, state, target) if target is not None else None
    return {a.text: (PLACE if str(a.args[0]) == unit else -2.0) for a in offered}
