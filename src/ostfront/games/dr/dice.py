"""DR 7.1.1-7.1.3 Counting the dice of a battle: one die per combat factor on each side, with
every modifier of terrain (9.1-9.3), weather (8.3.4), supply (5.1B-C, 7.1.3), leaders (11.6,
12.7), air points (11.7), fleets (11.5.3), Panzer Shock (7.5) and fortresses (9.1.8D).

:func:`attack_dice` gives the exact dice and hit faces of both sides; :func:`outcome_distribution`
the exact joint distribution of the hits, with the chance of a Workers' Militia appearing
(11.8A) folded in. Both are pure: they never change the state.

Order of the modifiers on an attacking unit (a reading, see docs/rules/defiant-russia.md): an
attacker out of supply counts exactly one (7.1.3C, 5.1B) whatever else applies; otherwise the
printed strength is halved for Snow (8.3.4, Axis but Finns and German/Romanian mountain), then
halved again for Armor attacking a swamp (9.1.4C), each rounding up (1.1, 9.2), and then one
is subtracted for each of: a river hexside (9.1.7C), a strait (9.3.2A), an intact fortress
(9.1.8C), and for Armor a city or major city (9.1.5B, 9.1.6B); never below zero.
A defending unit out of supply is halved (7.1.3B, 5.1C), then gets its per-unit bonuses
(mountain 9.1.2B; strait 9.3.2B when it is the only attack); the hex's total bonuses (forest,
swamp, major city: 9.1.3B, 9.1.4B, 9.1.6C) and leaders' bonuses are added to the side's total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.rng import Distribution, hits
from .air import fleet_strength
from .chart_tables import CombatEffects
from .charts import combat_effects, terrain_in_weather
from .leaders import Bonus, attack_bonus, defense_bonus
from .militia import militia_chances
from .rules import Rules, State, hex_of, printed, units_at
from .supply import in_supply
from .weather import first_snow_turn

SIX = 1  # hit faces: a 6 only
FIVE_SIX = 2  # hit faces: 5 or 6


@dataclass(frozen=True)
class DiceGroup:
    """Dice that hit on the same faces: ``faces`` 1 = on a 6, 2 = on 5-6."""

    dice: int
    faces: int
    why: str


@dataclass(frozen=True)
class BattleDice:
    """Both sides' dice for one attack. ``terrain_hex``: the defending hex whose terrain was
    used (7.1B: the most favourable to the defender when several hexes are attacked)."""

    attacker: tuple[DiceGroup, ...]
    defender: tuple[DiceGroup, ...]
    terrain_hex: str
    bonuses: tuple[Bonus, ...] = ()

    def dice(self, role: str) -> int:
        return sum(g.dice for g in getattr(self, role))

    def by_faces(self, role: str) -> dict[int, int]:
        """Hit faces -> number of dice, e.g. ``{1: 4}`` for four dice hitting on a 6."""
        out: dict[int, int] = {}
        for g in getattr(self, role):
            if g.dice:
                out[g.faces] = out.get(g.faces, 0) + g.dice
        return dict(sorted(out.items()))

    def to_json(self) -> dict[str, Any]:
        return {
            "terrain_hex": self.terrain_hex,
            "attacker": [{"dice": g.dice, "faces": g.faces, "why": g.why} for g in self.attacker],
            "defender": [{"dice": g.dice, "faces": g.faces, "why": g.why} for g in self.defender],
        }


def half_up(n: int) -> int:
    """DR 1.1: divide, rounding any fraction up."""
    return -(-n // 2)  # DR 1.1: round fractions up


# ------------------------------------------------------------------ terrain
def fortress_intact(R: Rules, state: State, h: str) -> bool:
    """DR 9.1.8E: a fortress loses all its benefits once an Axis unit has occupied it."""
    place = R.map.place(h)
    return bool(place and place.is_("fortress") and h not in state.get("fortress_lost", []))


def hex_effects(R: Rules, state: State, h: str) -> list[tuple[str, CombatEffects]]:
    """The combat effects of a defending hex: its terrain as the weather makes it (8.3.4) and
    its city, major city or intact fortress, without the pairs that are not cumulative
    (9.1.8F)."""
    terrain = R.map.terrain_of(h) or "clear"
    _col, row = R.map.grid.parse(h)
    terrain = terrain_in_weather(R.charts, terrain, state.get("weather") or "clear", row)
    out = [(terrain, combat_effects(R.charts, terrain))]  # DR 9.1.1: clear adds nothing
    place = R.map.place(h)
    found: list[tuple[str, CombatEffects]] = []
    if place is not None:
        for kind in ("city", "major_city", "fortress"):
            if place.is_(kind) and (kind != "fortress" or fortress_intact(R, state, h)):
                found.append((kind, combat_effects(R.charts, kind)))
    dropped = {k for _, e in found for k in e.not_cumulative_with}  # DR 9.1.8F
    return out + [(k, e) for k, e in found if k not in dropped]


def hexside_effects(R: Rules, src: str, dst: str) -> list[tuple[str, CombatEffects]]:
    """Effects of the hexside an attack crosses. # DR 9.3.5: the Bosporus, a strait marked
    as a river too, counts as a river only."""
    kinds = R.map.side_kinds(src, dst)
    out = []
    if "river" in kinds:
        out.append(("river", combat_effects(R.charts, "river")))
    elif "strait" in kinds:
        out.append(("strait", combat_effects(R.charts, "strait")))
    return out


def attack_prohibited(R: Rules, state: State, src: str, dst: str) -> bool:
    """No attack across this hexside: the Sivash (9.3.4B). Reading: nor across all-sea or
    unfrozen-lake hexsides, which no ground unit can cross (fleets attack from the sea)."""
    kinds = R.map.side_kinds(src, dst)
    if "no_attack" in kinds and combat_effects(R.charts, "no_attack").attack_prohibited:
        return True  # DR 9.3.4B
    if "sea" in kinds:
        return True
    return "lake" in kinds and state.get("weather") != "snow"  # DR 8.3.4: frozen in Snow


# ------------------------------------------------------------------ hit numbers
def panzer_shock(state: State) -> bool:
    """Turn One (June); under Early Start the May turn instead. # DR 7.5 # DR 12.3A"""
    early = bool(state.get("options", {}).get("early-start"))
    return state.get("turn") == (0 if early else 1)


def attacker_faces(R: Rules, state: State, uid: str) -> int:
    """Hit faces of an attacking unit's dice."""
    unit = R.unit(uid)
    if unit.type == "fleet":
        return SIX  # DR 11.5.3: fleets hit only on a 6, even on the first Snow turn
    if unit.nationality == "german" and unit.type == "armor" and panzer_shock(state):
        return FIVE_SIX  # DR 7.5
    if unit.side == "soviet" and first_snow_turn(state):
        return FIVE_SIX  # DR 8.3.4
    return SIX


def bonus_faces(state: State, side: str, *, armor: bool = False) -> int:
    """Hit faces of an attacker's leader and air dice: as German Armor for Guderian's (7.5),
    5-6 for all Soviet attacks on the first Snow turn (8.3.4), else a 6."""
    if armor and panzer_shock(state):
        return FIVE_SIX  # DR 7.5
    if side == "soviet" and first_snow_turn(state):
        return FIVE_SIX  # DR 8.3.4
    return SIX


# ------------------------------------------------------------------ strengths
def attack_strength(
    R: Rules,
    state: State,
    uid: str,
    src: str,
    dst_effects: list[tuple[str, CombatEffects]],
    side_effects: list[tuple[str, CombatEffects]],
    supplied: bool,
) -> int:
    """One attacking unit's dice (see the module notes for the order)."""
    unit = R.unit(uid)
    if unit.type == "fleet":
        s = fleet_strength(R, state, uid)  # DR 11.5.3
    elif not supplied:
        return 1  # DR 7.1.3C # DR 5.1B
    else:
        s = printed(R, state, uid)[0]
        mountain_exempt = unit.type == "mountain" and unit.nationality in ("german", "romanian")
        if (
            unit.side == "axis"
            and state.get("weather") == "snow"
            and unit.nationality != "finnish"
            and not mountain_exempt
        ):
            s = half_up(s)  # DR 8.3.4
    armor = unit.type == "armor"
    for _, e in dst_effects:
        if armor and e.armor_attack_halved:
            s = half_up(s)  # DR 9.1.4C # DR 9.2: cumulative with the Snow halving
    for _, e in dst_effects + side_effects:
        s -= e.attacker_per_unit_minus  # DR 9.1.7C # DR 9.1.8C # DR 9.3.2A
        if armor:
            s -= e.armor_attacker_minus  # DR 9.1.5B # DR 9.1.6B
    return max(s, 0)


def defense_strength(R: Rules, state: State, uid: str, per_unit: int, supplied: bool) -> int:
    unit = R.unit(uid)
    if unit.type == "fleet":
        return fleet_strength(R, state, uid)  # DR 11.5.3
    s = printed(R, state, uid)[0]
    if not supplied:
        s = half_up(s)  # DR 7.1.3B # DR 5.1C
    return s + per_unit  # DR 9.1.2B # DR 9.3.2B


def supply_of(R: Rules, state: State, uids: Sequence[str]) -> dict[str, bool]:
    """DR 7.1.3A: supply determined now, for every ground unit of the battle."""
    cache: dict[str, set[str]] = {}
    return {u: in_supply(R, state, u, cache) for u in uids if R.unit(u).is_ground}


def defenders_of(R: Rules, state: State, side: str, targets: Sequence[str]) -> list[str]:
    """The units defending the attacked hexes: the whole stacks (7.1A), with fleets
    (11.5.3)."""
    return [
        u
        for t in targets
        for u in units_at(state, t)
        if R.unit(u).side != side and not R.unit(u).is_leader
    ]


# ------------------------------------------------------------------ the dice
def attack_dice(
    R: Rules,
    state: State,
    attackers: Sequence[str],
    defender_hex: str | Sequence[str],
    air: int = 0,
    *,
    supply: dict[str, bool] | None = None,
) -> BattleDice:
    """The dice of both sides for an attack by ``attackers`` on ``defender_hex`` (a hex or
    several hexes attacked together from one hex, 7.1B) with ``air`` Air Points (11.7D).
    ``supply`` overrides the supply traced now (uid -> in supply). # DR 7.1.1 # DR 7.1.2"""
    targets = [defender_hex] if isinstance(defender_hex, str) else list(defender_hex)
    side = R.unit(attackers[0]).side
    if supply is None:
        supply = supply_of(R, state, [*attackers, *defenders_of(R, state, side, targets)])
    options = [_dice_for(R, state, list(attackers), targets, t, air, supply) for t in targets]
    if len(options) == 1:
        return options[0]

    def defender_edge(b: BattleDice) -> tuple[Fraction, int, int]:
        mean = {
            r: sum((Fraction(g.dice * g.faces, 6) for g in getattr(b, r)), Fraction(0))
            for r in ("attacker", "defender")
        }
        return (mean["defender"] - mean["attacker"], b.dice("defender"), -b.dice("attacker"))

    best = options[0]
    for b in options[1:]:  # DR 7.1B: the terrain most favourable to the defender
        if defender_edge(b) > defender_edge(best):
            best = b
    return best


def _dice_for(
    R: Rules,
    state: State,
    attackers: list[str],
    targets: list[str],
    terrain_hex: str,
    air: int,
    supply: dict[str, bool],
) -> BattleDice:
    side = R.unit(attackers[0]).side
    dst = hex_effects(R, state, terrain_hex)  # DR 9.0 # DR 9.1 # DR 7.1.2A-B # DR 8.3
    sources = {hex_of(state, u) for u in attackers}
    att: list[DiceGroup] = []
    strait_only = len(sources) == 1
    for uid in attackers:
        src = hex_of(state, uid)
        assert src is not None
        sides = hexside_effects(R, src, terrain_hex)
        if not any(e.defense_bonus_needs_sole_attack for _, e in sides):
            strait_only = False
        n = attack_strength(R, state, uid, src, dst, sides, supply.get(uid, True))
        att.append(DiceGroup(n, attacker_faces(R, state, uid), uid))
    bonuses = attack_bonus(R, state, attackers)
    for b in bonuses:
        att.append(
            DiceGroup(b.dice, bonus_faces(state, side, armor=b.armor), f"{b.leader} ({b.rule})")
        )
    if air:
        att.append(DiceGroup(air, bonus_faces(state, side), "air points (DR 11.7D)"))

    hits_on = min((e.defender_hits_on for _, e in dst if e.defender_hits_on), default=6)
    def_faces = 7 - hits_on  # DR 9.1.8D: 5-6 in an intact fortress
    per_unit = sum(e.defense_bonus_per_unit for _, e in dst)
    if strait_only:  # DR 9.3.2B: attacked only across the strait
        src = next(iter(sources))
        assert src is not None
        per_unit += sum(e.defense_bonus_per_unit for _, e in hexside_effects(R, src, terrain_hex))
    dfn: list[DiceGroup] = []
    for uid in defenders_of(R, state, side, targets):
        fleet = R.unit(uid).type == "fleet"
        n = defense_strength(R, state, uid, 0 if fleet else per_unit, supply.get(uid, True))
        dfn.append(DiceGroup(n, SIX if fleet else def_faces, uid))  # DR 11.5.3
    for name, e in dst:  # DR 9.1.3B # DR 9.1.4B # DR 9.1.6C: the total's bonuses
        if e.defense_bonus_total:
            dfn.append(DiceGroup(e.defense_bonus_total, def_faces, f"{name} (DR 9.1)"))
    dbon = defense_bonus(R, state, targets)
    for b in dbon:
        dfn.append(DiceGroup(b.dice, def_faces, f"{b.leader} ({b.rule})"))
    return BattleDice(tuple(att), tuple(dfn), terrain_hex, tuple(bonuses))


# ------------------------------------------------------------------ odds
def hits_distribution(groups: Sequence[DiceGroup]) -> Distribution:
    """Exact distribution of the hits of several dice groups."""
    return dict(_hits_of(_groups(groups)))


@lru_cache(maxsize=4096)
def _hits_of(groups: tuple[tuple[int, int], ...]) -> tuple[tuple[int, Fraction], ...]:
    """:func:`hits_distribution` of (dice, faces) groups, in their order: worked out once
    (exact fractions are dear, and a battle's dice recur in every look-ahead)."""
    dist: Distribution = {0: Fraction(1)}
    for dice, faces in groups:
        one = hits(dice, faces)
        nxt: Distribution = {}
        for a, p in dist.items():
            for b, q in one.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + p * q
        dist = nxt
    return tuple(dist.items())


def outcome_distribution(
    R: Rules,
    state: State,
    attackers: Sequence[str],
    defender_hex: str | Sequence[str],
    air: int = 0,
) -> Distribution:
    """Exact joint distribution of ``(hits scored by the attacker, hits scored by the
    defender)`` for an attack, including the chance that a Workers' Militia joins the
    defence first (11.8A). Pure: the state is not changed."""
    targets = [defender_hex] if isinstance(defender_hex, str) else list(defender_hex)
    out: Distribution = {}
    for placed, p in militia_chances(R, state, R.unit(attackers[0]).side, targets):
        view = state
        if placed:
            view = state.copy()
            view["units"] = {
                **state["units"],
                **{m: {"at": h, "reduced": False, "oos": False} for m, h in placed},
            }
        bd = attack_dice(R, view, attackers, targets, air)
        for xy, q in _joint(_groups(bd.attacker), _groups(bd.defender)):
            out[xy] = out.get(xy, Fraction(0)) + (q if p == 1 else p * q)
    return out


def _groups(groups: Sequence[DiceGroup]) -> tuple[tuple[int, int], ...]:
    return tuple((g.dice, g.faces) for g in groups if g.dice)


@lru_cache(maxsize=4096)
def _joint(
    attacker: tuple[tuple[int, int], ...], defender: tuple[tuple[int, int], ...]
) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """The joint distribution of both sides' hits (independent dice), worked out once."""
    return tuple(((x, y), px * py) for x, px in _hits_of(attacker) for y, py in _hits_of(defender))
