"""Sturm Nach Osten's five scenarios (SNO 12.A-E) and the strategic options' set-up changes
(SNO 14.x), as data: ``data/scenarios.toml``.

Each scenario gives its start, who moves first, the forces (the underlined units of June 1941,
or totals of combat factors by SNO 12.5 with their must-include and may-not-take units), the
set-up areas, every placement the rulebook fixes (exact) and, for June 1941, the
reconstructed Axis placement and the Ms armored unit (see docs/data/sno-setup.md), the
factories and garrisons. Loading checks that every unit and hex exists, that each hex obeys the
stacking rules (:mod:`.stacking`, SNO 4.x), that the June 1941 forces are exactly the
underlined units, that the rulebook's set-up restrictions hold, and that every scenario's
force totals can be met from the counter mix. Problems come as one
:class:`~ostfront.core.errors.DataError` naming file, entry and field.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.datafile import STRICT, parse_text, read_data_file, validate
from ...core.errors import DataError
from ...core.mapmodel import GameMap
from . import geo
from .board import board
from .counters import CounterMix, Unit, load_counters
from .stacking_limits import stacking_problems

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "scenarios.toml"

_LOOSE = ConfigDict(extra="allow", str_strip_whitespace=True)
_MONTH = r"^19(4[1-5])-(0[1-9]|1[0-2])$"
#: "Town (55.1N 21.9E)" in a reconstruction's `why`: the position the placement stands for.
_POSITION = re.compile(r"\(([0-9.]+)N ([0-9.]+)E\)")
#: How far (hexes) a reconstructed placement may lie from the fitted position of its town.
PLACEMENT_TOLERANCE = 2.0


class Placement(BaseModel):
    model_config = STRICT
    unit: str
    hex: str = Field(pattern=r"^[0-9]{4}$")
    basis: Literal["rulebook", "reconstruction"]
    why: str = Field(min_length=1)


class PlacementBlock(BaseModel):
    model_config = STRICT
    units: list[Placement] = []


class Forces(BaseModel):
    model_config = STRICT
    kind: Literal["underlined", "total"] = "total"
    count: int | None = None
    total: int | None = None
    armor_min: int = 0
    armor_counts: list[str] = ["armor"]
    german_only: bool = False
    plus_nationalities: list[str] = []
    plus: list[str] = []
    include: list[str] = []
    exclude: list[str] = []
    #: 12.D(3) in words (historical.py asks a file to state them); the checked form is the
    #: scenario's ``[[scenario.concentration]]``
    concentrations: str = ""


class Concentration(BaseModel):
    """SNO 12.D(3): units of ``side`` totalling at least ``min`` combat factors (12.5) must
    set up on ``hexes`` and/or in or adjacent to ``around``."""

    model_config = STRICT
    side: Literal["axis", "soviet"]
    min: int = Field(ge=1)
    hexes: list[str] = []
    around: list[str] = []
    rule: str = Field(min_length=1)


class NearHex(BaseModel):
    """SNO 12.D(6)b: ``side``'s units on or within ``within`` hexes of ``hex`` may not begin
    fortified."""

    model_config = STRICT
    side: Literal["axis", "soviet"]
    hex: str = Field(pattern=r"^[0-9]{4}$")
    within: int = Field(ge=0)
    rule: str = Field(min_length=1)


class RefitRoll(BaseModel):
    """SNO 12.D(6)c: after the set-up, one die for each of ``side``'s armor units on the map:
    ``refitted`` faces leave it refitted, the others unrefitted."""

    model_config = STRICT
    side: Literal["axis", "soviet"]
    refitted: list[int]
    rule: str = Field(min_length=1)


class FactoriesSpec(BaseModel):
    model_config = STRICT
    emplaced: list[str]
    evacuated: list[str] = []
    eliminated: list[str] = []


class GarrisonsSpec(BaseModel):
    model_config = STRICT
    soviet: list[str]
    axis: list[str]


Weather = Literal["good", "mud", "snow"]


class ScenarioSpec(BaseModel):
    model_config = STRICT
    id: str
    name: str
    rule: str
    start: str = Field(pattern=_MONTH)
    first: Literal["axis", "soviet"]
    sets_up_first: Literal["axis", "soviet"]
    weather: Weather | None = None
    weather_rule: str = ""
    weather_plan: dict[str, Weather] = {}
    weather_plan_rule: str = ""
    seas: dict[str, Literal["axis", "soviet", "none"]] = {}
    seas_basis: str = ""
    special: list[str] = []
    #: sides that set up exactly as ``placement`` lists (12.A(3): the Soviets, Appendix II)
    fixed: list[Literal["axis", "soviet"]] = []
    #: sides none of whose units may begin fortified (12.8's exception, 12.A(6)b)
    no_fortify: list[Literal["axis", "soviet"]] = []
    forces: dict[Literal["axis", "soviet"], Forces]
    areas: dict[str, str]
    placement: PlacementBlock = PlacementBlock()
    #: 12.D(3): minimum factors in named hexes; 12.D(6)b: no fortifying near a hex;
    #: 12.D(6)c: the refit roll after the set-up
    concentration: list[Concentration] = []
    no_fortify_near: list[NearHex] = []
    refit_roll: RefitRoll | None = None
    factories: FactoriesSpec
    garrisons: GarrisonsSpec


class OptionSpec(BaseModel):
    """A strategic option's set-up changes. Free-form beyond these fields (each option
    changes something different); unit lists are checked against the counters."""

    model_config = _LOOSE
    id: str
    rule: str
    kind: Literal["rule", "start", "playing"]
    scenarios: list[str]
    #: SNO 14.13: the player who selects it (a start and a playing option each at most)
    declared_by: Literal["axis", "soviet"] | None = None
    #: SNO 14.14a: the game ends after this month, won with ``short_victory`` cities
    ends: str | None = Field(default=None, pattern=_MONTH)
    short_victory: int | None = None
    removed: list[str] = []
    dispersed: list[str] = []
    relocate: str | None = None
    relocate_to: str | None = None
    soviet_total: int | None = None
    soviet_armor_min: int = 0
    armor_counts: list[str] = ["armor"]
    never: list[str] = []
    weather_die: dict[Weather, list[int]] = {}


class Header(BaseModel):
    model_config = STRICT
    game: Literal["sno"]
    title: str = ""


class SeaRule(BaseModel):
    """SNO 3.3.2-3.3.5: a sea area is controlled by whoever controls all of ``cities`` (map
    place names) at once, or ``always`` by one side."""

    model_config = STRICT
    cities: list[str] = []
    always: Literal["axis", "soviet"] | None = None
    rule: str = Field(min_length=1)


class ScenariosFile(BaseModel):
    model_config = STRICT
    scenarios: Header
    sea_control: dict[str, SeaRule] = {}
    scenario: list[ScenarioSpec]
    option: list[OptionSpec] = []


@dataclass(frozen=True)
class Scenarios:
    spec: ScenariosFile
    mix: CounterMix

    def scenario(self, scenario_id: str) -> ScenarioSpec:
        for s in self.spec.scenario:
            if s.id == scenario_id:
                return s
        raise KeyError(f"no SNO scenario {scenario_id!r}")

    def option(self, option_id: str) -> OptionSpec:
        for o in self.spec.option:
            if o.id == option_id:
                return o
        raise KeyError(f"no SNO option {option_id!r}")

    def placements(self, scenario_id: str) -> dict[str, list[Unit]]:
        """Hex -> units placed there at the start of a scenario."""
        out: dict[str, list[Unit]] = defaultdict(list)
        for p in self.scenario(scenario_id).placement.units:
            out[p.hex].append(self.mix.unit(p.unit))
        return dict(out)


# ------------------------------------------------------------------ forces
def force_pool(mix: CounterMix, scen: ScenarioSpec, side: str) -> list[Unit]:
    """Units a side may take toward its total (SNO 12.5, 12.11(2)): combat units of that side
    available by the start, German only if the rule says so, less the excluded and the units
    taken besides the total; garrisons and factories are extra (12.5)."""
    # SNO 12.5: counted by Unit.force_cf (weaker, refitted, unfortified; garrisons extra)
    f = scen.forces[side]  # type: ignore[index]
    extra = set(f.plus) | {u.id for u in mix.of_side(side) if u.nationality in f.plus_nationalities}
    return [
        u
        for u in mix.available_by(scen.start, side)
        if u.is_combat
        and u.type != "garrison"
        and u.id not in f.exclude
        and u.id not in extra
        and (not f.german_only or u.nationality == "german")
    ]


def select_forces(mix: CounterMix, scen: ScenarioSpec, side: str) -> list[Unit] | None:
    """One legal choice of units meeting the side's total exactly (with its armor minimum and
    must-include units), or None if the counter mix cannot meet it."""
    f = scen.forces[side]  # type: ignore[index]
    if f.total is None:
        return None
    pool = force_pool(mix, scen, side)
    by_id = {u.id: u for u in pool}
    if any(i not in by_id for i in f.include):
        return None
    chosen = [by_id[i] for i in f.include]
    rest = [u for u in pool if u.id not in f.include]
    armor = [u for u in rest if u.type in f.armor_counts]
    have_armor = sum(u.force_cf for u in chosen if u.type in f.armor_counts)
    for u in sorted(armor, key=lambda u: -u.force_cf):
        if have_armor >= f.armor_min:
            break
        chosen.append(u)
        have_armor += u.force_cf
    if have_armor < f.armor_min:
        return None
    need = f.total - sum(u.force_cf for u in chosen)
    if need < 0:
        return None
    left = [u for u in rest if u not in chosen and u.force_cf > 0]
    # subset sum over the remaining units (small numbers: a table of reachable sums)
    reach: dict[int, list[Unit]] = {0: []}
    for u in left:
        for s, units in list(reach.items()):
            t = s + u.force_cf
            if t <= need and t not in reach:
                reach[t] = [*units, u]
        if need in reach:
            break
    if need not in reach:
        return None
    return chosen + reach[need]


# ------------------------------------------------------------------ checks
def _problems(spec: ScenariosFile, mix: CounterMix, board: GameMap | None) -> list[str]:
    out: list[str] = []
    ids = [s.id for s in spec.scenario]
    if ids != ["1941", "1942a", "1942b", "1943", "1944"]:
        out.append("scenario: the five scenarios of 12.A-E, in order")
    for i, scen in enumerate(spec.scenario, start=1):
        out += _scenario_problems(f"scenario[{i}: {scen.id}]", scen, mix, board)
    out += _sea_problems(spec, board)
    for i, opt in enumerate(spec.option, start=1):
        where = f"option[{i}: {opt.id}]"
        for fld in ("removed", "dispersed"):
            for uid in getattr(opt, fld):
                if uid not in mix.units:
                    out.append(f"{where}.{fld}: no unit {uid!r}")
        faces = sorted(f for fs in opt.weather_die.values() for f in fs)
        if opt.weather_die and faces != [1, 2, 3, 4, 5, 6]:
            out.append(f"{where}.weather_die: each face of the die 1-6 gives one weather")
        if opt.relocate and opt.relocate not in mix.units:
            out.append(f"{where}.relocate: no unit {opt.relocate!r}")
        if opt.relocate_to and board is not None and opt.relocate_to not in board.grid:
            out.append(f"{where}.relocate_to: {opt.relocate_to} is not on the board")
        if opt.soviet_total is not None:
            # 14.41, 14.43: every Soviet unit immediately available, shock armies excepted
            pool = [
                u
                for u in mix.of_side("soviet")
                if u.is_combat and u.type not in ("garrison", *opt.never) and u.id != "pol-1-army"
            ]
            armor = sum(u.force_cf for u in pool if u.type in opt.armor_counts)
            if sum(u.force_cf for u in pool) < opt.soviet_total or armor < opt.soviet_armor_min:
                out.append(f"{where}.soviet_total: the counter mix cannot field it (14.42)")
    return out


def _scenario_problems(
    where: str, scen: ScenarioSpec, mix: CounterMix, board: GameMap | None
) -> list[str]:
    out: list[str] = []
    placed: dict[str, list[Unit]] = defaultdict(list)
    seen: set[str] = set()
    for j, p in enumerate(scen.placement.units, start=1):
        pw = f"{where}.placement.units[{j}: {p.unit}]"
        if p.unit not in mix.units:
            out.append(f"{pw}.unit: no such unit in counters.toml")
            continue
        if p.unit in seen:
            out.append(f"{pw}.unit: placed twice")
        seen.add(p.unit)
        u = mix.units[p.unit]
        if board is not None and p.hex not in board.grid:
            out.append(f"{pw}.hex: {p.hex} is not on the board")
            continue
        if u.available > scen.start and u.type not in ("factory", "garrison", "zhukov"):
            out.append(f"{pw}.unit: not available before {u.available} (12.11(2))")
        if p.basis == "reconstruction":
            out += reconstruction_problems(pw, p.hex, p.why)
        placed[p.hex].append(u)
    for hex_id, units in sorted(placed.items()):
        for prob in stacking_problems(units):
            out.append(f"{where}.placement: hex {hex_id}: {prob}")
    for fac in scen.factories.emplaced:
        if fac not in seen:
            out.append(f"{where}.factories.emplaced: {fac} has no placement")
    for gid in [*scen.garrisons.soviet, *scen.garrisons.axis]:
        if gid not in seen:
            out.append(f"{where}.garrisons: {gid} has no placement")
    facs = {u.id for u in mix.units.values() if u.type == "factory"}
    listed = [*scen.factories.emplaced, *scen.factories.evacuated, *scen.factories.eliminated]
    if sorted(listed) != sorted(facs):
        out.append(f"{where}.factories: every factory is emplaced, evacuated or eliminated")
    if "sov-zhukov" not in seen or "ger-berlin-gar" not in seen:
        out.append(f"{where}.placement: Zhukov and the Berlin garrison begin every scenario (12.4)")
    for side, f in scen.forces.items():
        fw = f"{where}.forces.{side}"
        for uid in [*f.include, *f.plus, *f.exclude]:
            if uid not in mix.units:
                out.append(f"{fw}: no unit {uid!r}")
        if f.kind == "underlined":
            und = {u.id for u in mix.underlined(side)}
            if f.count is not None and len(und) != f.count:
                out.append(f"{fw}.count: {len(und)} underlined {side} units, not {f.count}")
            missing = sorted(und - seen)
            extra = sorted(
                u.id
                for hex_units in placed.values()
                for u in hex_units
                if u.side == side and u.is_combat and u.type != "garrison" and u.id not in und
            )
            if missing:
                out.append(f"{fw}: underlined units without a placement: {', '.join(missing)}")
            if extra:
                out.append(f"{fw}: placed but not underlined: {', '.join(extra)}")
        elif select_forces(mix, scen, side) is None:
            out.append(f"{fw}.total: the counter mix cannot meet {f.total} (armor {f.armor_min})")
    if scen.id == "1941":
        out += _campaign_problems(where, scen, mix, placed, board)
    out += _front_problems(where, scen, placed, board)
    out += _weather_problems(where, scen)
    for c in scen.concentration:
        for h in [*c.hexes, *c.around]:
            if board is not None and h not in board.grid:
                out.append(f"{where}.concentration: {h} is not on the board")
    for n in scen.no_fortify_near:
        if board is not None and n.hex not in board.grid:
            out.append(f"{where}.no_fortify_near: {n.hex} is not on the board")
    if scen.refit_roll is not None and not set(scen.refit_roll.refitted) <= set(range(1, 7)):
        out.append(f"{where}.refit_roll.refitted: faces of one die, 1-6")
    return out


# ------------------------------------------------------------------ weather and seas at the start
#: SNO 6.1.2: the months whose weather is always the same.
FIXED_WEATHER: dict[int, str] = {6: "good", 7: "good", 8: "good", 9: "good"} | {
    12: "snow",
    1: "snow",
    2: "snow",
}
#: SNO 6.1.3: the other months, fixed by the October (and April) rolls.
ROLLED_MONTHS = (3, 4, 5, 10, 11)


def _weather_problems(where: str, scen: ScenarioSpec) -> list[str]:
    """The first month's weather: 6.1.2's where it fixes the month, otherwise (or against it)
    the scenario's own special rule (12.x(6)); the plan 6.1.3 then fixes, months after the
    start that 6.1.2 does not."""
    out: list[str] = []
    month = int(scen.start[5:])
    if scen.weather is None or not scen.weather_rule:
        out.append(f"{where}.weather: every scenario states its first month's weather and rule")
    elif scen.weather != FIXED_WEATHER.get(month) and not scen.weather_rule.startswith("12."):
        out.append(
            f"{where}.weather: {scen.weather} in {scen.start} needs the scenario's own rule "
            f"(12.x(6)), not {scen.weather_rule.split(':')[0]!r} (6.1.2)"
        )
    for m in scen.weather_plan:
        if not re.match(_MONTH, m) or m <= scen.start:
            out.append(f"{where}.weather_plan: {m} is not a month after the start")
        elif int(m[5:]) not in ROLLED_MONTHS:
            out.append(f"{where}.weather_plan: {m} is fixed by 6.1.2, not by a plan")
    if scen.weather_plan and not scen.weather_plan_rule:
        out.append(f"{where}.weather_plan_rule: say which rule fixes the plan (6.1.3)")
    return out


def reconstruction_problems(where: str, hex_id: str, why: str) -> list[str]:
    """A reconstructed placement's check: its ``why`` names the position it stands for, as
    '(55.1N 21.9E)', and its hex lies within :data:`PLACEMENT_TOLERANCE` hexes of it."""
    m = _POSITION.search(why)
    if m is None:
        return [f"{where}.why: a reconstruction names its position as '(55.1N 21.9E)'"]
    d = geo.distance_to(hex_id, float(m[1]), float(m[2]))
    if d > PLACEMENT_TOLERANCE:
        return [f"{where}.hex: {hex_id} is {d:.1f} hexes from the position it stands for"]
    return []


def side_at_start(board: GameMap, scenario_id: str, hex_id: str) -> str:
    """The side of the scenario's front line a hex lies on (12.3; June 1941: the Soviet
    Union's 1941 border, 3.2.2)."""
    if scenario_id == "1941":
        return "soviet" if board.in_region(hex_id, "Soviet Union") else "axis"
    return "axis" if board.in_region(hex_id, f"SNO 12.3 {scenario_id} Axis side") else "soviet"


def expected_seas(spec: ScenariosFile, board: GameMap, scenario_id: str) -> dict[str, str]:
    """SNO 3.3.2-3.3.6 at a scenario's start: each sea's controller by the sides its cities
    begin on ("none" for a sea whose cities are split, 3.3.6)."""
    out: dict[str, str] = {}
    for sea, rule in spec.sea_control.items():
        if rule.always is not None:
            out[sea] = rule.always
            continue
        sides = {side_at_start(board, scenario_id, board.place_named(c).hex) for c in rule.cities}
        out[sea] = sides.pop() if len(sides) == 1 else "none"
    return out


def _sea_problems(spec: ScenariosFile, board: GameMap | None) -> list[str]:
    out: list[str] = []
    areas = {n for n, r in board.regions.items() if r.kind == "sea_area"} if board else None
    for sea, rule in spec.sea_control.items():
        if areas is not None and sea not in areas:
            out.append(f"sea_control.{sea}: the map has no sea area of that name")
        if (rule.always is None) == (not rule.cities):
            out.append(f"sea_control.{sea}: give either the cities or always (3.3)")
        for c in rule.cities:
            if board is not None and not any(p.name == c for p in board.places.values()):
                out.append(f"sea_control.{sea}: the map has no place {c!r}")
    if out or board is None:
        return out
    for i, scen in enumerate(spec.scenario, start=1):
        where = f"scenario[{i}: {scen.id}].seas"
        if set(scen.seas) != set(spec.sea_control):
            out.append(f"{where}: give exactly the sea areas of [sea_control]")
            continue
        if not scen.seas_basis:
            out.append(f"{where}_basis: say why each sea has its controller")
        for sea, side in expected_seas(spec, board, scen.id).items():
            if scen.seas[sea] != side:
                out.append(
                    f"{where}: {sea} is {scen.seas[sea]}, but its cities give {side} "
                    f"({spec.sea_control[sea].rule})"
                )
    return out


def _front_problems(
    where: str, scen: ScenarioSpec, placed: dict[str, list[Unit]], board: GameMap | None
) -> list[str]:
    """SNO 12.3, 12.11(3): each side sets up on its own side of the scenario's front line
    (June 1941: the Russian border). Checked where the map has drawn that line's region."""
    if board is None:
        return []
    axis_region = f"SNO 12.3 {scen.id} Axis side"
    out: list[str] = []
    for hex_id, units in placed.items():
        for u in units:
            if scen.id == "1941":
                if "Soviet Union" not in board.regions:
                    return []
                soviet_side = board.in_region(hex_id, "Soviet Union")
            elif axis_region in board.regions:
                soviet_side = not board.in_region(hex_id, axis_region)
            else:
                return []
            if (u.side == "soviet") != soviet_side:
                out.append(
                    f"{where}.placement: {u.id} at {hex_id} is on the wrong side of the "
                    f"{scen.id} front line (12.3)"
                )
    return out


def _campaign_problems(
    where: str,
    scen: ScenarioSpec,
    mix: CounterMix,
    placed: dict[str, list[Unit]],
    board: GameMap | None,
) -> list[str]:
    """12.A(3): the Axis set-up restrictions of the Campaign Scenario."""
    if board is None:
        return []
    out: list[str] = []
    for hex_id, units in placed.items():
        for u in units:
            problem = campaign_area_problem(board, scen, u, hex_id)
            if problem is not None:
                out.append(f"{where}.placement: {u.id} {problem}")
    points = romania_points(board, scen, ((h, u) for h, us in placed.items() for u in us))
    limit = romania_limit(scen)
    if points > limit:
        out.append(
            f"{where}.placement: {points} German stacking points in Romania, "
            f"more than {limit} (12.A(3))"
        )
    return out


# SNO 12.A(3): the German infantry and mountain infantry that may set up in Romania
GERMANS_IN_ROMANIA = ("infantry", "mountain")


def campaign_area_problem(
    board: GameMap, scen: ScenarioSpec, unit: Unit, hex_id: str
) -> str | None:
    """SNO 12.A(3): why an Axis unit may not set up in a hex (None: it may). The Hungarian
    unit anywhere in Hungary, the Romanians in Romania, German infantry or mountain infantry
    in Germany or Romania (the three stacking points there are :func:`romania_points`'), every
    other unit in Germany; nobody in Memel. The Axis garrison (Berlin, 12.4) is placed by 12.4."""
    areas = scen.areas
    if unit.side != "axis" or unit.type == "garrison":
        return None
    if hex_id == areas.get("axis_forbidden"):
        return f"in Memel {hex_id} (12.A(3))"

    def inside(key: str) -> bool:
        region = areas[key]
        return region in board.regions and board.in_region(hex_id, region)

    own = {"hungarian": "axis_region_hungary", "romanian": "axis_region_romania"}
    key = own.get(unit.nationality)
    if key is not None:
        return None if inside(key) else f"at {hex_id} is not in {areas[key]} (12.A(3))"
    if inside("axis_region_germany"):
        return None
    if unit.type in GERMANS_IN_ROMANIA:
        if inside("axis_region_romania"):
            return None
        return f"at {hex_id} is not in Germany or Romania (12.A(3))"
    return f"at {hex_id} is not in Germany (12.A(3))"


def romania_limit(scen: ScenarioSpec) -> int:
    """SNO 12.A(3): up to THREE stacking points of Germans may set up in Romania."""
    return int(scen.areas.get("axis_german_in_romania_max", "0"))


def romania_points(board: GameMap, scen: ScenarioSpec, placed: Iterable[tuple[str, Unit]]) -> int:
    """SNO 12.A(3): the German stacking points set up in Romania, of (hex, unit) pairs."""
    region = scen.areas.get("axis_region_romania", "")
    if region not in board.regions:
        return 0
    return sum(
        u.stacking for h, u in placed if u.nationality == "german" and board.in_region(h, region)
    )


def region_notes(board: GameMap) -> list[str]:
    """Which 12.A(3) country checks the map allows yet (its regions may not be drawn)."""
    missing = [r for r in ("Germany", "Romania", "Hungary") if r not in board.regions]
    if not missing:
        return ["June 1941 Axis placement checked against the map's Germany, Romania, Hungary"]
    return [
        "map has no region " + ", ".join(missing) + " yet: the 12.A(3) country checks of the "
        "June 1941 Axis placement wait for it (placements checked against the lat/long fit)"
    ]


def _build(spec: ScenariosFile, source: str, mix: CounterMix, board: GameMap | None) -> Scenarios:
    problems = _problems(spec, mix, board)
    if problems:
        raise DataError(source, problems)
    return Scenarios(spec, mix)


def load_scenarios_text(
    text: str,
    source: str = "<scenarios>",
    mix: CounterMix | None = None,
    board: GameMap | None = None,
) -> Scenarios:
    raw: Any = parse_text(text, source)
    spec = validate(raw, ScenariosFile, source, "scenarios file")
    return _build(spec, source, mix or load_counters(), board)


@cache
def load_scenarios(path: str | Path = DEFAULT_PATH) -> Scenarios:
    """The five scenarios and the options (cached), checked against the counters and board."""
    raw = read_data_file(path)
    spec = validate(raw, ScenariosFile, str(path), "scenarios file")
    return _build(spec, str(path), load_counters(), board())


def _spec(scen: ScenarioSpec | str) -> ScenarioSpec:
    return scen if isinstance(scen, ScenarioSpec) else load_scenarios().scenario(scen)


def starting_weather(scen: ScenarioSpec | str) -> str:
    """SNO 6.1.2, 12.B(6), 12.C(6)a, 12.D(6)a: the weather of a scenario's first month
    ("good", "mud" or "snow"). The May 1941 options roll for it instead (14.55, 14.65)."""
    weather = _spec(scen).weather
    if weather is None:
        raise DataError("scenarios.toml", [f"scenario {_spec(scen).id}: no starting weather"])
    return weather


def starting_weather_plan(scen: ScenarioSpec | str) -> dict[str, str]:
    """SNO 6.1.3: later months whose weather the scenario's start already fixes, as the
    state's ``weather_plan`` ({"1943-03": "snow", ...}); empty when nothing is fixed yet."""
    return dict(_spec(scen).weather_plan)


def starting_weather_roll(option: OptionSpec | str) -> dict[int, str]:
    """SNO 14.55, 14.65: a start option whose first month's weather is rolled - die face ->
    weather ({1: "good", ..., 6: "mud"}); empty for an option that does not roll."""
    opt = option if isinstance(option, OptionSpec) else load_scenarios().option(option)
    return {face: w for w, faces in opt.weather_die.items() for face in faces}


def starting_seas(scen: ScenarioSpec | str) -> dict[str, str | None]:
    """SNO 3.3: who controls (or last controlled) each sea area at a scenario's start, as the
    state's ``seas`` (None: neither player, 3.3.6's split Sea of Azov)."""
    return {sea: (None if side == "none" else side) for sea, side in _spec(scen).seas.items()}


def scenario_notes(scens: Scenarios | None = None) -> list[str]:
    scens = scens or load_scenarios()
    notes: list[str] = []
    for s in scens.spec.scenario:
        placements = s.placement.units
        rb = sum(p.basis == "rulebook" for p in placements)
        rc = len(placements) - rb
        totals = "; ".join(
            f"{side} "
            + (
                f"{len(scens.mix.underlined(side))} underlined"
                if f.kind == "underlined"
                else f"{f.total} CF"
            )
            for side, f in s.forces.items()
        )
        seas = ", ".join(
            f"{k.replace('Sea of ', '').replace(' Sea', '')} {v}" for k, v in s.seas.items()
        )
        notes.append(
            f"{s.id} ({s.rule}, {s.start}, {s.first} first): {totals}; "
            f"{rb} placements from the rulebook, {rc} reconstructed; weather {s.weather}; "
            f"seas {seas}"
        )
    notes += region_notes(board())
    notes.append(
        "1942a-1944: only the placements the rulebook fixes are data here; each side takes "
        "units to its total and sets them up by its area (12.x(3), forces.py), totals checked "
        "achievable; one historical choice per side is data/historical (historical.py)"
    )
    return notes
