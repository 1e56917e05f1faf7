"""Historical forces for the later Sturm Nach Osten scenarios (SNO 12.B-E), as data:
``data/historical/<scenario>.toml``.

The rulebook defines the 1942a, 1942b, 1943 and 1944 forces by totals of combat factors and
the set-up by areas (12.11(2)-(3)). These files give one *historical* choice for each side:
which counters it takes and on which hex each goes, reconstructed from the order of battle and
the front at the scenario's date (each entry's ``why`` names the army and where it stood, with
the position it stands for as "(55.1N 21.9E)"; sources in ``docs/data/sno-historical.md``).

Loading checks every entry against the rules, so a file that loads is a legal set-up:

- forces (12.5, 12.11(2)): the side's combat factors by :attr:`Unit.force_cf` *exactly* equal
  the scenario's total (we read "totaling N combat factors" as exactly N, as
  :func:`.setup.select_forces` does); the armor minimum; every must-include unit; no excluded
  unit; German only where the rule says so, plus *every* unit of the added nationalities and
  the added units (each available by the start); no unit before its date of availability;
- set-up (12.3, 12.11(3)): every hex on the board, on land, on the side's own side of the
  scenario's front line (:func:`.setup.side_at_start`), not a forbidden hex; every placement the
  scenario fixes for that side's combat units given exactly (``basis = "rulebook"``);
- stacking (4.2, 4.6, 10.6.2): each hex, counted together with the garrisons, factories and
  Zhukov the scenario places itself (:func:`.stacking_limits.stacking_problems`);
- concentrations (12.D(3)): the file's ``[[concentration]]`` entries (40 factors in Voronezh
  and/or in or adjacent to Moscow; 20 on 1810 and/or 2010);
- each reconstructed hex within :data:`.setup.PLACEMENT_TOLERANCE` hexes of the fitted position
  its ``why`` names (:mod:`.geo`).

Problems come as one :class:`~ostfront.core.errors.DataError` naming the file, the entry (side,
index, unit) and the field.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError
from ...core.mapmodel import GameMap
from .board import board
from .counters import CounterMix, Unit, load_counters
from .setup import (
    Scenarios,
    ScenarioSpec,
    load_scenarios,
    reconstruction_problems,
    side_at_start,
)
from .stacking_limits import stacking_problems

DATA = Path(__file__).parent / "data" / "historical"
#: The scenarios with a historical set-up, in order (SNO 12.B-E).
SCENARIOS = ("1942a", "1942b", "1943", "1944")
SIDES = ("axis", "soviet")
#: Map terrain no land unit may set up on.
WATER = frozenset({"sea", "lake"})


class Entry(BaseModel):
    model_config = STRICT
    unit: str
    hex: str = Field(pattern=r"^[0-9]{4}$")
    basis: Literal["rulebook", "reconstruction"]
    why: str = Field(min_length=1)


class Concentration(BaseModel):
    """SNO 12.D(3): at least ``min_cf`` factors of ``side`` on ``hexes`` and/or on or adjacent
    to ``around``."""

    model_config = STRICT
    side: Literal["axis", "soviet"]
    min_cf: int = Field(gt=0)
    hexes: list[str] = []
    around: list[str] = []
    rule: str = Field(min_length=1)


class Header(BaseModel):
    model_config = STRICT
    game: Literal["sno"]
    scenario: str
    title: str = ""
    #: how the counters fall short of or differ from history, in a sentence or two per side
    notes: dict[Literal["axis", "soviet"], str] = {}


class HistoricalFile(BaseModel):
    model_config = STRICT
    historical: Header
    axis: list[Entry]
    soviet: list[Entry]
    concentration: list[Concentration] = []


def _fixed(scen: ScenarioSpec, mix: CounterMix, side: str) -> list[tuple[str, str]]:
    """The scenario's own placements of this side's combat units (12.x(3)), in its order;
    garrisons, factories and Zhukov (12.4, 12.x(4)-(5)) are not forces and are left out."""
    out = []
    for p in scen.placement.units:
        u = mix.units.get(p.unit)
        if u is not None and u.side == side and u.is_combat and u.type != "garrison":
            out.append((p.unit, p.hex))
    return out


def _file_problems(
    spec: HistoricalFile, scens: Scenarios, board: GameMap, scenario_id: str
) -> list[str]:
    mix = scens.mix
    out: list[str] = []
    if spec.historical.scenario != scenario_id:
        out.append(f"historical.scenario: {spec.historical.scenario!r}, not {scenario_id!r}")
        return out
    try:
        scen = scens.scenario(scenario_id)
    except KeyError:
        return [f"historical.scenario: no SNO scenario {scenario_id!r}"]
    # the hexes the scenario fills itself (garrisons, factories, Zhukov, Berlin garrison)
    placed: dict[str, list[Unit]] = defaultdict(list)
    for p in scen.placement.units:
        fixed_unit = mix.units[p.unit]
        if not (fixed_unit.is_combat and fixed_unit.type != "garrison"):
            placed[p.hex].append(fixed_unit)
    seen: set[str] = set()
    chosen: dict[str, list[tuple[Unit, str]]] = {}
    forbidden = set(scen.areas.get("soviet_forbidden", "").split())
    for side in SIDES:
        entries: list[Entry] = getattr(spec, side)
        chosen[side] = []
        for j, e in enumerate(entries, start=1):
            w = f"{side}[{j}: {e.unit}]"
            u = mix.units.get(e.unit)
            if u is None:
                out.append(f"{w}.unit: no such unit in counters.toml")
                continue
            if e.unit in seen:
                out.append(f"{w}.unit: taken twice")
            seen.add(e.unit)
            if u.side != side:
                out.append(f"{w}.unit: a {u.side} unit in the {side} list")
                continue
            if not u.is_combat or u.type == "garrison":
                out.append(f"{w}.unit: {u.type} units are placed by the scenario, not taken (12.5)")
                continue
            if u.available > scen.start:
                out.append(f"{w}.unit: not available before {u.available} (12.11(2))")
            if e.hex not in board.grid:
                out.append(f"{w}.hex: {e.hex} is not on the board")
                continue
            if board.terrain_of(e.hex) in WATER:
                out.append(f"{w}.hex: {e.hex} is {board.terrain_of(e.hex)}")
            if side_at_start(board, scenario_id, e.hex) != side:
                out.append(
                    f"{w}.hex: {e.hex} is not on the {side} side of the {scenario_id} "
                    "front line (12.3)"
                )
            if side == "soviet" and e.hex in forbidden and e.basis != "rulebook":
                out.append(f"{w}.hex: {e.hex} is closed to the Soviet set-up ({scen.rule}(3))")
            if e.basis == "reconstruction":
                out += reconstruction_problems(w, e.hex, e.why)
            placed[e.hex].append(u)
            chosen[side].append((u, e.hex))
        out += _fixed_problems(scen, mix, side, entries)
        out += _force_problems(scen, mix, side, [u for u, _ in chosen[side]])
    for hex_id, units in sorted(placed.items()):
        for prob in stacking_problems(units):
            out.append(f"hex {hex_id}: {prob}")
    for side, f in scen.forces.items():
        # 12.D(3): a scenario with concentrations needs them here, so they are checked
        if f.concentrations and not [c for c in spec.concentration if c.side == side]:
            out.append(
                f"concentration: {scen.rule}(3) demands {f.concentrations!r} of the {side} "
                "set-up; give it as [[concentration]] entries"
            )
    for i, c in enumerate(spec.concentration, start=1):
        got = concentration_cf(board, chosen[c.side], c)
        if got < c.min_cf:
            where = " and/or ".join([*c.hexes, *(f"in or adjacent to {h}" for h in c.around)])
            out.append(
                f"concentration[{i}]: {got} {c.side} factors on {where}, fewer than "
                f"{c.min_cf} ({c.rule})"
            )
    return out


def _fixed_problems(
    scen: ScenarioSpec, mix: CounterMix, side: str, entries: list[Entry]
) -> list[str]:
    """12.x(3): each placement the scenario fixes is given, at its hex, as ``rulebook``."""
    out: list[str] = []
    given = {e.unit: e for e in entries}
    fixed = dict(_fixed(scen, mix, side))
    for uid, hex_id in fixed.items():
        e = given.get(uid)
        if e is None:
            out.append(f"{side}: {uid} is placed by {scen.rule}(3) at {hex_id} but not listed")
        elif e.hex != hex_id:
            out.append(f"{side}[{uid}].hex: {e.hex}, but {scen.rule}(3) places it at {hex_id}")
        elif e.basis != "rulebook":
            out.append(f"{side}[{uid}].basis: placed by {scen.rule}(3): 'rulebook'")
    for e in entries:
        if e.basis == "rulebook" and e.unit not in fixed:
            out.append(f"{side}[{e.unit}].basis: 'rulebook', but {scen.rule}(3) does not place it")
    return out


def _force_problems(scen: ScenarioSpec, mix: CounterMix, side: str, units: list[Unit]) -> list[str]:
    """SNO 12.5, 12.11(2): the side's choice meets its scenario's force rules."""
    f = scen.forces[side]  # type: ignore[index]
    w = f"{side}: forces ({scen.rule}(2))"
    out: list[str] = []
    ids = {u.id for u in units}
    extra = set(f.plus) | {
        u.id
        for u in mix.available_by(scen.start, side)
        if u.nationality in f.plus_nationalities and u.is_combat and u.type != "garrison"
    }
    missing_extra = sorted(extra - ids)
    if missing_extra:
        out.append(
            f"{w}: the units taken besides the total are missing: {', '.join(missing_extra)}"
        )
    counted = [u for u in units if u.id not in extra]
    if f.german_only:
        for u in counted:
            if u.nationality != "german":
                out.append(f"{w}: {u.id} is {u.nationality}; only German units count to the total")
    total = sum(u.force_cf for u in counted)
    if f.total is not None and total != f.total:
        out.append(f"{w}: {total} combat factors by 12.5, not exactly {f.total}")
    armor = sum(u.force_cf for u in counted if u.type in f.armor_counts)
    if armor < f.armor_min:
        out.append(f"{w}: {armor} factors of {'/'.join(f.armor_counts)}, fewer than {f.armor_min}")
    for uid in f.include:
        if uid not in ids:
            out.append(f"{w}: must include {uid}")
    for uid in f.exclude:
        if uid in ids:
            out.append(f"{w}: {uid} may not be taken")
    return out


def concentration_cf(board: GameMap, placed: list[tuple[Unit, str]], c: Concentration) -> int:
    """SNO 12.D(3): the factors (12.5) of ``placed`` on ``c.hexes`` or on/adjacent to
    ``c.around``."""
    zone = set(c.hexes)
    for h in c.around:
        zone.add(h)
        zone.update(board.grid.neighbours(h))
    return sum(u.force_cf for u, h in placed if h in zone)


def _build(spec: HistoricalFile, source: str, scenario_id: str) -> HistoricalFile:
    problems = _file_problems(spec, load_scenarios(), board(), scenario_id)
    if problems:
        raise DataError(source, problems)
    return spec


def load_historical_text(
    text: str, scenario_id: str, source: str = "<historical>"
) -> HistoricalFile:
    """A historical set-up from TOML text, checked as :func:`load_historical` checks a file."""
    raw: Any = parse_text(text, source)
    return _build(validate(raw, HistoricalFile, source, "historical set-up"), source, scenario_id)


@cache
def load_historical(scenario_id: str) -> HistoricalFile:
    """The historical set-up of a scenario (cached), checked against the rules (see above)."""
    if scenario_id not in SCENARIOS:
        raise KeyError(f"no SNO historical set-up for scenario {scenario_id!r} (have {SCENARIOS})")
    path = DATA / f"{scenario_id}.toml"
    raw = read_data_file(path)
    return _build(
        validate(raw, HistoricalFile, str(path), "historical set-up"), str(path), scenario_id
    )


def historical_placement(scenario_id: str, side: str) -> list[tuple[str, str]]:
    """One side's historical forces and set-up for a later scenario (SNO 12.B-E):
    ``[(unit id, hex id), ...]``.

    Included: every *combat* unit the side takes toward its scenario's forces (12.5, 12.11(2)),
    the units taken besides the total (the Romanian, Hungarian and Italian units, 12.B-E(2)),
    and the scenario's own fixed placements of that side's combat units (12.x(3), e.g. the 6th
    Army and 14th Panzer Corps at Stalingrad in 1942b). Order: those fixed placements first, in
    the scenario's order, then the rest from north to south as the file lists them.

    NOT included (the scenario places them itself, ``scenarios.toml``): garrisons (12.x(5),
    the Berlin garrison of 12.4), factories (12.x(4)) and Zhukov (12.4). Nor is any unit's
    status: each is meant to set up on its usual face (juggernauts weaker side up, 12.6; armor
    as 12.7 says), unfortified; fortifying (12.8, 12.D(6)b) is the set-up's own choice.

    Raises KeyError for a scenario without a historical set-up (1941 is fixed by Appendix II)
    or an unknown side, and :class:`DataError` for a broken file.
    """
    if side not in SIDES:
        raise KeyError(f"no side {side!r} (axis or soviet)")
    spec = load_historical(scenario_id)
    entries: list[Entry] = getattr(spec, side)
    fixed = [e for e in entries if e.basis == "rulebook"]
    rest = [e for e in entries if e.basis != "rulebook"]
    order = {
        uid: i
        for i, (uid, _) in enumerate(
            _fixed(load_scenarios().scenario(scenario_id), load_counters(), side)
        )
    }
    fixed.sort(key=lambda e: order.get(e.unit, len(order)))
    return [(e.unit, e.hex) for e in [*fixed, *rest]]


def historical_notes() -> list[str]:
    """One line a scenario (for ``ostfront rules sno``-style notes): the historical set-ups'
    sizes and what they meet."""
    scens = load_scenarios()
    mix = scens.mix
    notes: list[str] = []
    for sid in SCENARIOS:
        if not (DATA / f"{sid}.toml").exists():
            notes.append(f"{sid}: no historical set-up yet (set up freely by 12.x(3))")
            continue
        spec = load_historical(sid)
        parts = []
        for side in SIDES:
            units = [mix.unit(e.unit) for e in getattr(spec, side)]
            cf = sum(u.force_cf for u in units)
            parts.append(f"{side} {len(units)} units ({cf} CF incl. allies)")
        rule = scens.scenario(sid).rule
        notes.append(
            f"{sid} ({rule}) historical set-up: "
            + "; ".join(parts)
            + "; totals exact, minimums, includes, dates, front line, stacking checked"
        )
    notes.append(
        "historical set-ups: reconstructed from the orders of battle (docs/data/sno-historical.md);"
        " garrisons, factories and Zhukov stay as the scenario places them"
    )
    return notes
