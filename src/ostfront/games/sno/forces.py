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
from .rules import BOX_SET, Rules, State
from .setup import ScenarioSpec, force_pool, load_scenarios


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
    if chooses(scen, side):
        n = need(R, scen.id, side)
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


__all__ = ["Need", "chooses", "may_take", "need", "problems"]
