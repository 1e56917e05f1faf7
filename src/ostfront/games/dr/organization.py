"""DR 4.2 / 4.7 Organization Phases: supply, replacements, air points, partisans, reinforcements.

# DR 4.2, # DR 4.7

On entering the phase the engine traces supply (4.2A, 4.7A), applies conquest (11.4.5),
hands out air points (11.7) and, for the Soviets from Turn Four, rolls for partisans (11.2).
The phasing player then spends replacement points (10.1) and places reinforcements (10.2).
"""

from __future__ import annotations

from typing import Any

from ...core.paths import connected_numbered
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt, roll
from .charts import air_points, armor_replacement_limit, rebuild_places, replacement_points
from .leaders import settle
from .losses import reduce
from .militia import disband, disbandable
from .optional import hungarian_fast_corps_roll, turkey_entry_roll
from .rules import (
    Rules,
    State,
    black_sea_fleet_in_play,
    ground_hexes,
    hex_index,
    hex_of,
    kept,
    other,
    rail_steps,
    remember,
    remembered,
    set_unit,
    side_units,
    units_at,
)
from .setting_up import option_rules
from .stacking import stack_problems
from .supply import determine_supply, in_supply
from .zoc import border_open, zoc_hexes

PENDING_KINDS = ("partisans",)
SOVIET_RAIL_GOALS = ("Saratov", "Grozny")


def side_of(state: State) -> str:
    return "axis" if state["phase"] == "axis_org" else "soviet"


# ------------------------------------------------------------------ entering the phase
def enter(R: Rules, state: State) -> None:  # DR 10.0: new units arrive here

    side = side_of(state)
    if side == "axis":
        turkey_entry_roll(R, state)  # DR 12.5: at the start of the Axis Organization Phase
        hungarian_fast_corps_roll(R, state)  # DR 12.9
    conquest(R, state)
    determine_supply(R, state, side)  # DR 4.2A, 4.7A
    state["pools"][side]["air"] = air_points(R.charts, state["turn"], side)  # DR 11.7A-B
    points = replacement_budget(R, state, side)
    # DR 12.5B: once Turkey is at war, one Turkish replacement a turn, for Turkish units only
    turkish = (
        R.charts.replacements.axis.turkish_points
        if (side == "axis" and state.get("turkey_at_war"))
        else 0
    )
    state["org"] = {
        "step": "replacements" if points or turkish else "reinforcements",
        "points": points,
        "turkish": turkish,
        "armor": 0,
        "rebuilt": [],
    }
    if side == "soviet" and state["turn"] >= 4:  # DR 4.7D, 11.2
        partisans(R, state)


def conquest(R: Rules, state: State) -> None:  # DR 11.4.5
    """DR 11.4.5: Soviets in Helsinki, Bucharest or Budapest in any Organization Phase remove
    every Finnish, Romanian or the Hungarian unit from play."""
    for city, nationality in (
        ("Helsinki", "finnish"),
        ("Bucharest", "romanian"),
        ("Budapest", "hungarian"),
    ):
        h = R.map.place_named(city).hex
        if any(R.unit(u).side == "soviet" and R.unit(u).is_ground for u in units_at(state, h)):
            for uid, d in list(state["units"].items()):
                if R.unit(uid).nationality == nationality and d["at"] not in ("out", "lost"):
                    set_unit(state, uid, at="removed")


def partisans(R: Rules, state: State) -> None:
    """DR 11.2: on a 6 the Axis player reduces one Infantry unit (not a Finnish one)."""
    die = roll(state, 1, "partisans (DR 11.2)")[0]
    if die == 6 and partisan_targets(R, state):
        state["pending"] = {"kind": "partisans", "side": "axis"}


def partisan_targets(R: Rules, state: State) -> list[str]:
    return [
        u
        for u in side_units(R, state, "axis")
        if R.unit(u).type == "infantry" and R.unit(u).nationality != "finnish"
    ]


# ------------------------------------------------------------------ replacements (10.1)
def replacement_budget(R: Rules, state: State, side: str) -> int:  # DR 12.4
    """Points this turn: the chart's base, less the Soviet city deductions (10.1.4B-C, 10.1.5B)."""
    points = replacement_points(
        R.charts,
        side,
        state["turn"],
        universal_conscription=bool(state["options"].get("universal-conscription")),
    )
    if side == "soviet" and points:
        for name in R.charts.replacements.soviet.minus_one_cities:
            h = R.map.place_named(name).hex
            if state["control"].get(h) == "axis":
                points -= 1  # DR 10.1.4B
            elif not rail_to_the_east(R, state, h, strict=name == "Leningrad"):
                points -= 1  # DR 10.1.4C, 10.1.5B
    return max(points, 0)


def rail_to_the_east(R: Rules, state: State, start: str, *, strict: bool = False) -> bool:
    """A rail line free of Axis units from ``start`` to the east edge, Saratov or Grozny
    (10.1.4C); ``strict`` also bars Axis ZOC not negated by a Soviet unit (10.1.5B, 10.2E)."""
    return start in R.map.rail_hexes and start in linked_east(R, state, strict)


def linked_east(R: Rules, state: State, strict: bool) -> frozenset[str]:
    """The hexes from which :func:`rail_to_the_east` finds a rail line (found once for
    every start: the rail lines are the same both ways)."""
    key = f"rail-east-{strict}"
    known = remembered(state, key)
    if known is not None:
        return known  # type: ignore[no-any-return]
    if state.get("card"):
        return remember(state, key, _linked_east(R, state, strict))  # type: ignore[no-any-return]
    # the same for every state with these units where they are (and for strict, this ZOC)
    facts = ("rail-east", strict, state.get("weather") == "snow", border_open(state, "axis"))
    found = kept(R, state, facts, lambda: _linked_east(R, state, strict))
    return remember(state, key, found)  # type: ignore[no-any-return]


def _linked_east(R: Rules, state: State, strict: bool) -> frozenset[str]:
    barred = set(ground_hexes(R, state, "axis"))
    if strict:
        barred |= zoc_hexes(R, state, "axis") - ground_hexes(R, state, "soviet")
    goals = {R.map.place_named(n).hex for n in SOVIET_RAIL_GOALS}
    goals |= {h for h in R.map.edges.get("east", ()) if h in R.map.rail_hexes}
    index = hex_index(R)
    sources = [index.num[h] for h in sorted(goals) if h not in barred]
    net = connected_numbered(sources, rail_steps(R), index.mask(barred))
    return frozenset(index.ids[h] for h in net)


def may_receive(R: Rules, uid: str) -> bool:  # DR 11.4.1A
    """DR 11.4.1A, 12.5B, 12.8C: no replacements for these nationalities."""
    unit = R.unit(uid)
    if unit.side == "axis":
        return unit.nationality not in R.charts.replacements.axis.not_for
    return unit.type not in ("leader", "militia")  # DR 11.8B: militia are one-step, unrebuilt


def armor_ok(R: Rules, state: State, uid: str) -> bool:
    """DR 10.1.3C, 10.1.4E-F: a turn's limit of Armor units receiving replacements."""
    side = R.unit(uid).side
    if R.unit(uid).type != "armor":
        return True
    return bool(state["org"]["armor"] < armor_replacement_limit(R.charts, side, state["turn"]))


def restorable(R: Rules, state: State, side: str) -> list[str]:  # DR 10.1.1
    """Reduced units that one point brings to full strength (10.1.1A, D; 10.1.1C)."""
    org = state["org"]
    cost = R.charts.replacements.restore_cost
    cache: dict[str, set[str]] = {}
    return [
        u
        for u in side_units(R, state, side)
        if state["units"][u]["reduced"]
        and (  # DR 12.5B: Turkish units only from the Turkish point
            org.get("turkish", 0) >= cost
            if R.unit(u).nationality == "turkish"
            else org["points"] >= cost and may_receive(R, u)
        )
        and armor_ok(R, state, u)
        and u not in org["rebuilt"]
        and in_supply(R, state, u, cache)
    ]


def rebuild_sites(R: Rules, state: State, uid: str) -> list[str]:  # DR 10.1.3B, 10.1.4D
    """Where an eliminated unit may come back (10.1.3B, 10.1.4D, 10.1.5B, 11.4.1B)."""
    unit = R.unit(uid)
    sites = []
    for name in rebuild_places(R.charts, unit.side, unit.nationality):
        h = R.map.place_named(name).hex
        if state["control"].get(h) != unit.side:
            continue
        if unit.side == "soviet" and not rail_to_the_east(R, state, h, strict=name == "Leningrad"):
            continue
        if stack_problems(R, state, [*units_at(state, h), uid]):
            continue
        sites.append(h)
    return sites


def rebuildable(R: Rules, state: State, side: str) -> list[tuple[str, str]]:
    org = state["org"]
    if org["points"] < R.charts.replacements.rebuild_cost:
        return []
    out = []
    for uid, d in sorted(state["units"].items()):
        if (
            d["at"] == "dead"
            and R.unit(uid).side == side
            and may_receive(R, uid)
            and armor_ok(R, state, uid)
        ):
            out += [(uid, h) for h in rebuild_sites(R, state, uid)]
    return out


# ------------------------------------------------------------------ reinforcements (10.2)
def arriving(R: Rules, state: State, side: str) -> list[str]:
    """This turn's reinforcements of the side still to be placed (10.2A)."""
    rules = option_rules(state)
    return [
        u
        for u, d in sorted(state["units"].items())
        if d["at"] == "reserve"
        and R.unit(u).side == side
        and (arrives := R.unit(u).arrival_turn(rules)) is not None
        and arrives <= state["turn"]
    ]


def entry_hexes(R: Rules, state: State, uid: str) -> list[str]:
    """Where a reinforcement may enter (10.2C-G)."""
    unit = R.unit(uid)
    m = R.map
    if unit.side == "axis":  # DR 10.2C
        cands = [m.place_named(n).hex for n in ("Berlin", "Vienna")]
        cands = [h for h in cands if state["control"].get(h) == "axis"]
    else:
        used = state["org"].get("entered_at", [])

        fleet = black_sea_fleet_in_play(R, state)
        cands = []
        for p in sorted(m.places.values(), key=lambda p: p.hex):
            if state["control"].get(p.hex) != "soviet" or p.hex in used:
                continue
            if p.is_("major_city"):
                if p.name == "Leningrad" and not rail_to_the_east(R, state, p.hex, strict=True):
                    continue  # DR 10.2E
                cands.append(p.hex)  # DR 10.2D
            elif p.name in ("Sevastopol", "Odessa") and fleet:
                cands.append(p.hex)  # DR 10.2F
        cands = [h for h in cands if not stack_problems(R, state, [*units_at(state, h), uid])]
        if not cands or unit.is_leader:  # DR 10.2G
            edge = [h for h in m.edges.get("east", ()) if h in m.rail_hexes]
            edge += [m.place_named(n).hex for n in SOVIET_RAIL_GOALS]
            cands += [
                h
                for h in edge
                if state["control"].get(h) == "soviet"
                and not stack_problems(R, state, [*units_at(state, h), uid])
            ]
    if unit.is_leader:
        cands = [
            h
            for h in cands
            if any(R.unit(u).is_ground and R.unit(u).side == unit.side for u in units_at(state, h))
        ] or cands
    return sorted(set(cands))


# ------------------------------------------------------------------ the player's choices
def actions(R: Rules, state: State) -> list[Action]:
    pending = state.get("pending")
    if pending and pending["kind"] == "partisans":
        return [
            Action(
                "reduce",
                (u,),
                f"Partisans: reduce {R.unit(u).title}",
                "DR 11.2",
                "axis",
                units=(u,),
                group="Losses",
            )
            for u in partisan_targets(R, state)
        ]
    side = side_of(state)
    org = state["org"]
    if org["step"] == "replacements":
        acts = [
            Action(
                "restore",
                (u,),
                f"Restore {R.unit(u).title} to full strength (1 point)",
                "DR 10.1.1A",
                side,
                units=(u,),
                group="Replacements",
            )
            for u in restorable(R, state, side)
        ]
        acts += [
            Action(
                "rebuild",
                (u, h),
                f"Rebuild {R.unit(u).title} in {h} (2 points)",
                "DR 10.1.1B",
                side,
                role="move",
                units=(u,),
                hexes=(h,),
                group="Rebuild",
                highlight="place",
            )
            for u, h in rebuildable(R, state, side)
        ]
        label = "End replacements" + (
            f" ({org['points']} points unused are lost)" if org["points"] else ""
        )
        return [
            *acts,
            *disbanding(R, state, side),
            Action("next", (), label, "DR 10.1.2A", side, role="end", group="Next"),
        ]
    acts = [
        Action(
            "enter",
            (u, h),
            f"{R.unit(u).title} enters at {h}",
            "DR 10.2",
            side,
            role="move",
            units=(u,),
            hexes=(h,),
            group="Reinforcements",
            highlight="place",
        )
        for u in arriving(R, state, side)
        for h in entry_hexes(R, state, u)
    ]
    if not acts:
        acts = [
            Action(
                "done", (), "End the Organization Phase", "DR 4.0", side, role="end", group="Done"
            )
        ]
    return [*disbanding(R, state, side), *acts]


def disbanding(R: Rules, state: State, side: str) -> list[Action]:
    """DR 11.8C: the USSR may disband its Workers' Militia during its Organization Phase."""
    if side != "soviet":
        return []
    return [
        Action(
            "disband",
            (u,),
            f"Disband {R.unit(u).title} in {h}",
            "DR 11.8C",
            side,
            units=(u,),
            hexes=(h,),
            group="Militia",
        )
        for u in disbandable(R, state)
        if (h := hex_of(state, u)) is not None
    ]


def perform(R: Rules, state: State, action: Action) -> Outcome:
    pending = state.get("pending")
    if pending and pending["kind"] == "partisans":
        reduce(R, state, str(action.args[0]))  # DR 11.2
        state["pending"] = None
        settle(R, state, auto=True)  # DR 11.6C-D if the unit was eliminated
        return None
    org: dict[str, Any] = state["org"]
    verb = action.verb
    if verb == "restore":
        uid = str(action.args[0])
        set_unit(state, uid, reduced=False)
        pool = "turkish" if R.unit(uid).nationality == "turkish" else "points"
        org[pool] -= R.charts.replacements.restore_cost
        org["armor"] += R.unit(uid).type == "armor"
    elif verb == "rebuild":
        uid, h = str(action.args[0]), str(action.args[1])
        set_unit(state, uid, at=h, reduced=R.unit(uid).reduced is not None, oos=False)
        org["points"] -= R.charts.replacements.rebuild_cost
        org["armor"] += R.unit(uid).type == "armor"
        org["rebuilt"].append(uid)  # DR 10.1.1C: not to full strength this turn
    elif verb == "next":
        org["points"] = 0  # DR 10.1.2A: not accumulated
        org["turkish"] = 0
        org["step"] = "reinforcements"
    elif verb == "enter":
        uid, h = str(action.args[0]), str(action.args[1])
        set_unit(state, uid, at=h)
        if R.unit(uid).side == "soviet" and R.unit(uid).is_ground:
            org.setdefault("entered_at", []).append(h)  # DR 10.2D: one per major city
    elif verb == "disband":
        disband(state, str(action.args[0]))  # DR 11.8C
    elif verb == "done":
        state.pop("org", None)
        return DONE
    return None


def prompt(R: Rules, state: State) -> Prompt:
    pending = state.get("pending")
    if pending and pending["kind"] == "partisans":
        return Prompt("axis", "Partisans strike: reduce one Infantry unit", "DR 11.2")
    side = side_of(state)
    org = state["org"]
    if org["step"] == "replacements":
        return Prompt(side, f"Spend replacement points ({org['points']} left)", "DR 10.1")
    n = len(arriving(R, state, side))
    if n:
        return Prompt(side, f"Place your reinforcements ({n} to enter)", "DR 10.2")
    return Prompt(side, "Organization complete: end the phase", "DR 4.0")


__all__ = ["actions", "enter", "other", "perform", "prompt"]
