"""SNO 12.5, 12.11(2)-(3): the forces a player chooses for a later scenario (12.B-E) and the
checks his set-up must pass before it ends.

A scenario whose forces are a total of combat factors (``data/scenarios.toml``:
``forces.<side>.total``) begins with the side's choosable units in the "pool" box; the player
takes one by setting it up (deployment.py), and may send it back. What counts:

- :func:`need`: the side's requirement - the total counted by 12.5 (``Unit.force_cf``: a
  juggernaut's weaker side, an armor unit's refitted side, unfortified factors; garrisons and
  factories extra), the armor minimum (``armor_min`` of the types ``armor_counts`` names), the
  units that count toward it (:func:`setup.force_pool`: available by the start, 12.11(2);
  German only where the scenario says so; never the excluded ones) and the units taken
  besides it (``plus``, ``plus_nationalities``), which must all be set up;
- :func:`may_take`: whether taking one more unit still leaves a way to meet the total
  exactly with the armor minimum (a subset sum over the units left), so that no choice of
  picks can leave a player unable to finish;
- :func:`problems`: why the set-up may not end yet, each naming its rule ("SNO 12.B(2): 14
  armor factors needed, 9 chosen"): the total, the armor minimum, the units taken besides the
  total still to be set up, and the concentrations of 12.D(3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...core.memo import per_components
from .counters import Unit
from .options.common import chosen
from .rules import BOX_SET, Rules, State
from .setup import ScenarioSpec, force_pool, load_scenarios
from .zoc import zoc_table

#: SNO 14.4: the option whose Soviet forces are chosen by a total (14.42)
MODERNIZATION = "modernization"


@dataclass(frozen=True)
class Need:
    """A side's forces in a scenario chosen by totals (SNO 12.11(2))."""

    rule: str  # "12.B(2)"
    total: int
    armor_min: int
    armor_types: frozenset[str]
    pool: tuple[str, ...]  # the units that count toward the total (12.5)
    include: tuple[str, ...]  # units that must be among them
    plus: tuple[str, ...]  # units taken besides the total, all of them set up


def chooses(scen: ScenarioSpec, side: str) -> bool:
    """Whether the side chooses its forces by a total of combat factors (12.B-E), not the
    underlined units of June 1941 (12.A(2))."""
    f = scen.forces.get(side)  # type: ignore[call-overload]
    return f is not None and f.total is not None


@per_components()
def need(R: Rules, scen_id: str, side: str) -> Need:
    # SNO 12.5, 12.11(2): the totals, minimums, named and excluded units are data -
    # SNO 12.B(2), # SNO 12.C(2), # SNO 12.D(2), # SNO 12.E(2) (data/scenarios.toml)
    scen = load_scenarios().scenario(scen_id)
    f = scen.forces[side]  # type: ignore[index]
    pool = tuple(u.id for u in force_pool(R.counters, scen, side))
    plus = tuple(
        u.id
        for u in R.counters.available_by(scen.start, side)
        if (u.id in f.plus or u.nationality in f.plus_nationalities) and u.is_combat
    )
    return Need(
        rule=f"{scen.rule}(2)",
        total=int(f.total or 0),
        armor_min=f.armor_min,
        armor_types=frozenset(f.armor_counts),
        pool=pool,
        include=tuple(f.include),
        plus=plus,
    )


def modernized(state: State, side: str) -> bool:
    """SNO 14.42: the Soviet forces of the Campaign Scenario chosen by a total (option 14.4)."""
    return (
        side == "soviet" and str(state.get("scenario")) == "1941" and chosen(state, MODERNIZATION)
    )


@per_components()
def option_need(R: Rules, option_id: str) -> Need:
    """SNO 14.42: the Soviet combat units the player may select - not factories or garrisons
    (12.5: extra), never the option's ``never`` types (the Shock Armies) - toward the
    option's total (``soviet_total``, counted by 12.5) with its armor minimum
    (``soviet_armor_min`` of the ``armor_counts`` types). Reading: "any Soviet combat units"
    are the counters of the campaign, not the reinforcements (the Shock Armies and the Polish
    1st Army arrive by 11.15, as 14.43 keeps them)."""
    # SNO 14.42: the total, the armor minimum and the excluded type are data
    o = load_scenarios().option(option_id)
    pool = tuple(
        u.id
        for u in sorted(R.counters.of_side("soviet"), key=lambda u: u.id)
        if u.is_combat
        and u.type != "garrison"
        and u.type not in o.never
        and not u.reinforcement
        and u.force_cf > 0
    )
    return Need(
        rule=f"{getattr(o, 'setup_rule', o.rule)}",
        total=int(o.soviet_total or 0),
        armor_min=o.soviet_armor_min,
        armor_types=frozenset(o.armor_counts),
        pool=pool,
        include=(),
        plus=(),
    )


def need_of(R: Rules, state: State, scen: ScenarioSpec, side: str) -> Need | None:
    """The side's forces chosen by a total in this game: the scenario's (12.B-E) or option
    14.4's (14.42), None where the side's units are given (12.A)."""
    if modernized(state, side):
        return option_need(R, MODERNIZATION)
    if chooses(scen, side):
        return need(R, scen.id, side)
    return None


@per_components()
def border_hexes(R: Rules) -> frozenset[str]:
    """SNO 14.42: the hexes within the 1941 Russian borders adjacent to the border (a side of
    the map's "border" hexside feature). Reading: the hexes on the Soviet side, where the
    Soviet units set up."""
    out: set[str] = set()
    for f in R.map.features:
        if f.kind != "border":
            continue
        for s in f.sides:
            for h in s.split("/"):
                if R.map.in_region(h, "Soviet Union"):
                    out.add(h)
    return frozenset(out)


def uncovered(R: Rules, state: State) -> list[str]:
    """SNO 14.42: the border hexes neither holding a Soviet combat unit nor in the ZOC of
    one (3.1)."""
    covered = set(zoc_table(R, state, "soviet"))
    for uid, rec in state["units"].items():
        unit = R.unit(uid)
        if unit.side == "soviet" and unit.is_combat and rec["at"] not in BOX_SET:
            covered.add(str(rec["at"]))
    return sorted(border_hexes(R) - covered)


def covering(R: Rules, state: State) -> frozenset[str]:
    """SNO 14.42: the hexes from which a unit would cover a border hex still uncovered (the
    hex itself or one next to it) - where the set-up offers a Soviet unit first while any is
    (deployment.py), so that random set-ups reach the rule."""
    out: set[str] = set()
    for h in uncovered(R, state):
        out |= {h, *R.map.grid.neighbours(h)}
    return frozenset(out)


def _on_map(state: State, uid: str) -> bool:
    return str(state["units"][uid]["at"]) not in BOX_SET


def taken(R: Rules, state: State, n: Need) -> list[Unit]:
    """The units counting toward the total now set up (SNO 12.5)."""
    return [R.unit(u) for u in n.pool if _on_map(state, u)]


def counts(units: Iterable[Unit], n: Need) -> tuple[int, int]:
    """(combat factors, armor factors) of the units, counted by SNO 12.5."""
    total = armor = 0
    for u in units:
        total += u.force_cf
        if u.type in n.armor_types:
            armor += u.force_cf
    return total, armor


def completes(left: Iterable[Unit], n: Need, have: int, armor: int) -> bool:
    """Whether some of ``left`` bring ``have`` factors (``armor`` of them armor) exactly to
    the total with at least the armor minimum: two subset sums (bit sets), armor and not."""
    short = n.total - have
    if short < 0:
        return False
    mask = (1 << (short + 1)) - 1
    plain = armored = 1
    for u in left:
        if u.type in n.armor_types:
            armored |= (armored << u.force_cf) & mask
        else:
            plain |= (plain << u.force_cf) & mask
    return any(
        armored >> a & 1 and plain >> (short - a) & 1
        for a in range(max(0, n.armor_min - armor), short + 1)
    )


def left_to_take(R: Rules, state: State, n: Need) -> list[Unit]:
    """The units of the total still in the pool."""
    return [R.unit(u) for u in n.pool if state["units"][u]["at"] == "pool"]


def may_take(R: Rules, state: State, n: Need) -> set[str]:
    """The pool units that may be taken now: after each, the total can still be met exactly
    with the armor minimum (SNO 12.11(2)). Worked out once per kind of unit (factors, armor
    or not): units alike in both are alike here."""
    have, armor = counts(taken(R, state, n), n)
    left = left_to_take(R, state, n)
    kinds: dict[tuple[int, bool], list[str]] = {}
    for u in left:
        kinds.setdefault((u.force_cf, u.type in n.armor_types), []).append(u.id)
    out: set[str] = set()
    for (cf, is_armor), ids in kinds.items():
        rest = list(left)
        rest.remove(R.unit(ids[0]))
        if completes(rest, n, have + cf, armor + (cf if is_armor else 0)):
            out.update(ids)
    return out


def problems(R: Rules, state: State, scen: ScenarioSpec, side: str) -> list[str]:
    """Why the side's set-up may not end yet (empty: it may), each naming its rule."""
    out: list[str] = []
    n = need_of(R, state, scen, side)
    if n is not None:
        have, armor = counts(taken(R, state, n), n)
        if have != n.total:
            out.append(f"SNO {n.rule}: {n.total} combat factors needed, {have} chosen (12.5)")
        if armor < n.armor_min:
            kinds = " and/or ".join(t.replace("_", " ") for t in sorted(n.armor_types))
            out.append(f"SNO {n.rule}: {n.armor_min} {kinds} factors needed, {armor} chosen")
        missing = [u for u in (*n.include, *n.plus) if not _on_map(state, u)]
        if missing:
            names = ", ".join(R.unit(u).title for u in missing)
            out.append(f"SNO {n.rule}: set up {names} (taken besides the total or named)")
    if modernized(state, side):
        bare = uncovered(R, state)
        if bare:  # SNO 14.42: every hex adjacent to the border covered
            out.append(
                f"SNO 14.42: every hex adjacent to the 1941 border covered by a Soviet combat "
                f"unit or its ZOC; not yet {', '.join(bare)}"
            )
    for c in scen.concentration:
        if c.side != side:
            continue
        got = concentrated(R, state, c.side, c.hexes, c.around)
        if got < c.min:
            where = " and/or ".join([*c.hexes, *(f"in or adjacent to {h}" for h in c.around)])
            out.append(f"SNO {c.rule}: {c.min} combat factors needed in {where}, {got} there")
    return out


def short_areas(R: Rules, state: State, scen: ScenarioSpec, side: str) -> frozenset[str]:
    """SNO 12.D(3): the hexes of the side's concentrations that still fall short."""
    out: set[str] = set()
    for c in scen.concentration:
        if c.side == side and concentrated(R, state, side, c.hexes, c.around) < c.min:
            out |= _area(R, c.hexes, c.around)
    return frozenset(out)


def _area(R: Rules, hexes: Iterable[str], around: Iterable[str]) -> set[str]:
    area = set(hexes)
    for h in around:
        area |= {h, *R.map.grid.neighbours(h)}
    return area


def concentrated(
    R: Rules, state: State, side: str, hexes: Iterable[str], around: Iterable[str]
) -> int:
    """SNO 12.D(3): the factors (12.5) of the side's units on ``hexes`` or in or adjacent to
    ``around``."""
    area = _area(R, hexes, around)
    return sum(
        R.unit(u).force_cf
        for u, rec in state["units"].items()
        if rec["at"] in area and R.unit(u).side == side and R.unit(u).is_combat
    )


def near_no_fortify(R: Rules, scen: ScenarioSpec, side: str, hex_id: str) -> str | None:
    """SNO 12.D(6)b: the rule barring the side's units in the hex from beginning fortified
    (None: none does)."""
    for n in scen.no_fortify_near:
        if n.side == side and R.map.grid.distance(hex_id, n.hex) <= n.within:
            return n.rule
    return None


__all__ = [
    "Need",
    "chooses",
    "covering",
    "may_take",
    "modernized",
    "need",
    "need_of",
    "problems",
    "uncovered",
]
