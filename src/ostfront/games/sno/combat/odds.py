"""SNO 7.2 How Combat is Resolved, steps one to five: the modified combat factors (5.6, 10.5.3,
10.7.5), the odds column rounded in the defender's favour (7.2.1 step four) and capped at the
CRT's highest odds (7.4.8), then the column shifts of terrain and weather (5.6.4, 6.4).

Readings (written in the coverage notes too):

- 5.6.3 'attacking into mountain hexes': an attacking unit gains the mountain bonus when every
  defending hex it attacks is a mountain hex (so adding a clear hex to an attack never earns
  it, nor does adding a mountain hex gain it against a clear one). A mountain unit's factor is
  doubled and takes no +1 as well; an infantry-type unit that is not mountain-type takes +1.
- Defence: the fortified face first (10.7.5), then the mountain doubling, then the +1s of
  5.6.3 and 5.6.2; garrisons (10.5.3) and factories (10.4.2) are never modified.
- 5.6.4 / 5.6.5: an attacking unit attacks 'across a non-river side' when at least one side
  between it and a defending hex it attacks is not a river side; the exception compares the
  total modified factors of such units with the defending group's total (before any Kerch
  doubling). The Kerch doubling applies to the defenders in hexes attacked across a strait.
- 5.6.6: a river side of a Major or Victory city's hex, of the river the map says runs through
  it (place attribute ``river_through``), has no effect on combat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .. import factories, hab, units, weather, zhukov
from ..crt import odds_column, odds_value, shift_column
from ..movement_rules import side_passable, thawing_lake
from ..options import stalin_line
from ..rules import Rules, State, combat_factor, hex_of

#: SNO 5.6.2 'in the Soviet Union': the map's country region of that name.
SOVIET_UNION = "Soviet Union"


@dataclass(frozen=True)
class Odds:
    """An attack assessed: the CRT, the modified strengths, the column before and after the
    shifts, and why it shifted."""

    table: str
    attack: int
    defence: int
    factors: dict[str, int] = field(default_factory=dict)
    raw: str | None = None  # step four, capped (7.4.8); None below the lowest column
    column: str | None = None  # after step five; None below the lowest column (7.4.7)
    shifts: tuple[str, ...] = ()  # the rules that shifted it, one per column
    lowest: str = "1:6"  # the table's lowest odds (7.4.7; 5.4.1c on the Overrun/Blitz CRT)

    @property
    def value(self) -> Fraction | None:
        """SNO 7.4.6: the odds as a fraction (None below 1:6)."""
        return None if self.column is None else odds_value(self.column)

    @property
    def text(self) -> str:
        col = self.column or f"below {self.lowest}"
        return f"{self.attack}:{self.defence} -> {col}"


LOWEST = "1:6"


def city_kind(R: Rules, hex_id: str) -> set[str]:
    place = R.map.place(hex_id)
    return set(place.kinds) if place is not None else set()


def major_or_victory(R: Rules, hex_id: str) -> bool:
    return bool(city_kind(R, hex_id) & {"major_city", "victory_city"})


def mountain(R: Rules, state: State, hex_id: str) -> bool:
    return weather.terrain(R, state, hex_id) == "mountain"


# SNO 5.6.1: terrain changes combat factors (5.6.2, 5.6.3, 5.6.5) and columns (5.6.4)
def river_effect(R: Rules, state: State, a: str, b: str) -> bool:
    """An unfrozen river side between ``a`` and ``b`` that counts in combat: SNO 5.6.4, 5.6.8;
    SNO 5.6.6 - not the river running through a Major or Victory city on either side. SNO
    6.3.4: a side of an all-lake hex in a Thaw, attacked across from it, counts as a river."""
    if thawing_lake(R, state, a) and side_passable(R, state, a, b):  # SNO 6.3.4
        return True
    if not weather.river(R, state, a, b):  # SNO 5.6.8: a frozen river is clear
        return False
    name = R.map.side_kinds(a, b).get("river") or R.map.side_kinds(a, b).get("canal")
    for h in (a, b):
        place = R.map.place(h)
        if (
            place is not None
            and major_or_victory(R, h)
            and place.attrs.get("river_through") == name
        ):
            return False  # SNO 5.6.6
    return True


def _mountain_bonus(R: Rules, uid: str, cf: int) -> int:
    """SNO 5.6.3: mountain-type doubled, other infantry-type +1 (per unit)."""
    unit = R.unit(uid)
    if unit.type == "mountain":
        return cf * 2
    if unit.is_infantry_type:
        return cf + 1
    return cf


def attack_factor(R: Rules, state: State, uid: str, hexes: list[str]) -> int:
    """SNO 7.2.1 step one for one unit attacking ``hexes``: terrain (5.6.3), then the Heavy
    Artillery Bonus of a unit attacking adjacent units (10.2.3)."""
    cf = combat_factor(R, state, uid, defending=False)
    if hexes and all(mountain(R, state, h) for h in hexes):  # SNO 5.6.3
        cf = _mountain_bonus(R, uid, cf)
    if hexes:
        cf += hab.bonus(R, state, uid)  # SNO 10.2.3
    return cf


def weather_shifts(state: State, side: str, crt: str = "assault") -> list[str]:
    """SNO 6.4: the columns left the month's weather shifts ``side``'s attacks on the ``crt``
    table, cumulative with the others (7.2.1 step five) - Assault attacks only: overrun and
    blitz attacks never shift for the weather (5.4.1d)."""
    if crt != "assault":
        return []
    if state.get("weather") == "mud":  # SNO 6.4.1
        return ["SNO 6.4.1"]
    if state.get("weather") == "snow" and side == "axis":  # SNO 6.4.2
        return ["SNO 6.4.2"]
    return []


def zhukov_shift(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> int:
    """SNO 10.6.6-10.6.7: Zhukov's column shift on this attack (zhukov.py)."""
    return zhukov.column_shift(R, state, attackers, defenders)


def defence_factor(R: Rules, state: State, uid: str) -> int:
    """SNO 7.2.1 step two for one defending unit, where it stands."""
    unit = R.unit(uid)
    if unit.type == "factory":
        return factories.defence_factor(R, uid)  # SNO 10.4.2: 1, never modified
    cf = combat_factor(R, state, uid, defending=True)  # SNO 10.7.5: the fortified face
    if not units.terrain_modifies(R, uid):
        return cf  # SNO 10.5.3: never modified
    h = hex_of(state, uid)
    if h is None:
        return cf
    if mountain(R, state, h):  # SNO 5.6.3
        cf = _mountain_bonus(R, uid, cf)
    if (
        unit.side == "soviet"
        and unit.is_infantry_type
        and major_or_victory(R, h)
        and R.map.region_of_kind(h, "country") == SOVIET_UNION
    ):
        cf += 1  # SNO 5.6.2
    return cf


def pairs(R: Rules, state: State, uid: str, def_hexes: list[str]) -> list[tuple[str, str]]:
    """The sides across which ``uid`` attacks: (its hex, a defending hex next to it)."""
    a = hex_of(state, uid)
    if a is None:
        return []
    # SNO 5.6.7: never across a sea or unfrozen lake side (6.3.4: save from an all-lake hex
    # in a Thaw, its sides then rivers: movement_rules.side_passable)
    return [
        (a, d) for d in def_hexes if R.map.grid.adjacent(a, d) and side_passable(R, state, a, d)
    ]


#: The two kinds of CRT a side attacks on (5.4.9): its Assault CRT and its Overrun/Blitz CRT.
CRT_KINDS = ("assault", "overrun_blitz")


def assess(
    R: Rules, state: State, attackers: list[str], defenders: list[str], crt: str = "assault"
) -> Odds:
    """SNO 7.2.1 steps one to five for one attack as it stands now, on the attacker's
    ``crt``: "assault" or "overrun_blitz" (SNO 5.4.9; step three)."""
    side = R.unit(attackers[0]).side if attackers else "axis"
    table = R.crts.for_side(side, crt)  # SNO 7.2.1 step three
    def_hexes = sorted({h for d in defenders if (h := hex_of(state, d)) is not None})
    factors: dict[str, int] = {}
    across: dict[str, list[tuple[str, str]]] = {}
    for u in attackers:
        across[u] = pairs(R, state, u, def_hexes)
        factors[u] = attack_factor(R, state, u, sorted({d for _, d in across[u]}))
    for d in defenders:
        factors[d] = defence_factor(R, state, d)
    attack = sum(factors[u] for u in attackers)
    defence = sum(factors[d] for d in defenders)
    # SNO 5.6.5: across the Kerch Straits (and the sides treated the same) the defenders'
    # factors are doubled, unless attackers of at least their strength attack across other sides
    strait_hexes = {d for u in attackers for a, d in across[u] if weather.strait(R, a, d)}
    if strait_hexes:
        other = sum(
            factors[u] for u in attackers if any(not weather.strait(R, a, d) for a, d in across[u])
        )
        if other < defence:
            for d in defenders:
                if hex_of(state, d) in strait_hexes:
                    factors[d] *= 2
            defence = sum(factors[d] for d in defenders)
    # SNO 7.2.1 step four, rounding in the defender's favour (crt.odds_column)
    # SNO 7.4.8: odds above the CRT's highest are reduced to it before step five
    raw = odds_column(attack, defence, table.columns)
    shifts: list[str] = []
    # SNO 5.6.4: attacked across an unfrozen river, one column left - unless attackers of at
    # least the defenders' strength attack across non-river sides
    if any(river_effect(R, state, a, d) for u in attackers for a, d in across[u]):
        other = sum(
            factors[u]
            for u in attackers
            if any(not river_effect(R, state, a, d) for a, d in across[u])
        )
        if other < defence:
            shifts.append("SNO 5.6.4")
    # SNO 14.33: an Axis attack across the Stalin Line from the west shifts as across a river
    # (the same exception); # SNO 14.34: cumulative with a river on the same side
    line = stalin_line.steps(R, state, side)
    if line and any((a, d) in line for u in attackers for a, d in across[u]):
        other = sum(factors[u] for u in attackers if any((a, d) not in line for a, d in across[u]))
        if other < defence:
            shifts.append("SNO 14.33")
    shifts += weather_shifts(state, side, crt)
    right: list[str] = []
    # SNO 10.6.6-10.6.7: Zhukov, one column left on Axis attacks near him, right on his one
    # Soviet attack; cumulative with the rest (7.2.1 step five)
    z = zhukov_shift(R, state, attackers, defenders) if attackers and defenders else 0
    if z < 0:
        shifts.extend(["SNO 10.6.6"] * -z)
    elif z > 0:
        right.extend(["SNO 10.6.7"] * z)
    column = shift_column(raw, len(right) - len(shifts), table.columns)
    return Odds(
        table.id, attack, defence, factors, raw, column, tuple(shifts + right), table.columns[0]
    )
