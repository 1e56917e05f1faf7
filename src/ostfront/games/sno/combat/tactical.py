"""SNO 7.7 Tactical Movement: retreat after combat (7.7.1a), dispersal (7.7.2a, in results)
and the one-hex advance after combat (7.7.3a a-b). Tactical movement obeys 5.1, 5.2 and 5.5
(7.7.2): the movement rules' :func:`may_enter`, :func:`step_cost` and :func:`allowance`.

Retreat: the defender retreats each unit one, two or three hexes, choosing its final hex
(``retreat UNIT HEX``); the path only has to exist:

- within the unit's movement allowance (a single hex is always allowed, 5.1.4, 7.7.2);
- one hex: not into an unoccupied hex in enemy ZOC; into a friendly-occupied one only if no
  attack on it is still to be resolved this phase (7.7.1a b);
- two or three hexes: each hex farther from the nearest enemy combat unit than the last
  (7.7.1a c) - so no hex of it is in enemy ZOC after the first (5.2.1).

A unit that must retreat and cannot disbands or breaks out instead (7.7.1a d, 7.3.4):
``disband.involuntary`` - unless it could were it not for 4.6, 5.5.11 or 5.5.12 (the rules
barring Romanian and Hungarian units from each other's hexes and lands, and Axis units from an
inactive Hungary): forced to break them, it is eliminated instead (:func:`forced_across`).
Units not obliged to retreat may (7.3.6): ``hold UNIT`` keeps one in place. A fortified unit
that retreats loses its fortified status (10.7.3). A Soviet retreat into Hungary activates it
(5.5.11, 11.19); a Soviet unit whose every retreat would enter an inactive Hungary may be
eliminated instead (``eliminate UNIT``, 5.5.11). A unit retreating or advancing through a Major
or Victory city enters it (3.2.3a, 3.2.4: control.entered).

Advance: surviving attackers may each move one hex into a vacated hex or a hex next to it that
is not enemy-occupied (7.7.3a a), by the rules of 5.1, 5.2 and 5.5: from enemy ZOC to enemy ZOC
only by 5.2.3 a (a different enemy unit's ZOC, at most one movement point) or b (into a hex a
friendly unit holds). Juggernauts never advance (7.7.3a c, 10.1.3). Armor and armored cavalry
may advance two hexes instead, for no more than 2 movement points, the first hex vacated by the
defender, ignoring enemy ZOC (7.7.3a d) - not armor in Mud (6.4.1a), no Axis unit in the Snow
months of the winter of 1941/42 (6.5.3).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.phases import DONE, Outcome
from ....core.protocol import Action, Prompt
from .. import control, disband, weather
from ..movement_rules import (
    allowance,
    hungary_active,
    in_hungary,
    may_enter,
    path_cost,
    step_cost,
)
from ..options import stalin_line
from ..rules import (
    Rules,
    State,
    combat_hexes,
    hex_of,
    hex_title,
    is_dispersed,
    on_map,
    other,
    set_unit,
    unit_title,
    units_at,
)
from ..units import eliminate
from ..zoc import in_enemy_zoc, zoc_sources
from .odds import city_kind


# ------------------------------------------------------------------ retreat
def obliged_to_retreat(R: Rules, state: State, units: list[str], result: str) -> bool:
    """SNO 7.3.1: none must retreat from a DR if any one of them is an infantry-type unit in a
    Major or Victory city, nor from a (DR) if one is in any kind of city (not a town)."""
    needed = {"city"} if result == "(DR)" else {"major_city", "victory_city"}
    for u in units:
        h = hex_of(state, u)
        if h and R.unit(u).is_infantry_type and city_kind(R, h) & needed:
            return False
    return True


def _pending_attack_hexes(state: State) -> set[str]:
    c = state.get("combat") or {}
    cur = c.get("current") or {}
    out: set[str] = set()
    for a in c.get("plan", ()):
        if not a.get("done") and a["id"] != cur.get("id"):
            out.update(a["where"].values())
    return out


# SNO 7.7.1: only the defender retreats, only the attacker advances, at once, retreat first
# SNO 7.7.2: tactical movement under 5.1, 5.2, 5.5 (movement_rules, zoc)
def retreat_destinations(
    R: Rules, state: State, uid: str, borders: bool = True
) -> dict[str, list[str]]:
    """SNO 7.7.1a: final hex -> a legal retreat path to it (start hex first).
    ``borders=False``: as if 5.5.11, 5.5.12 and 4.6 did not bar any hex (:func:`forced_across`)."""
    start = hex_of(state, uid)
    if start is None:
        return {}
    side = R.unit(uid).side
    grid = R.map.grid
    enemies = combat_hexes(R, state, other(side))

    def dist(h: str) -> int:
        return min((grid.distance(h, e) for e in enemies), default=99)

    ma = allowance(R, state, uid)
    attacked = _pending_attack_hexes(state)
    out: dict[str, list[str]] = {}
    # one hex: SNO 7.7.1a b, 5.1.4 (one hex always, if not from enemy ZOC into an unoccupied one)
    for n in grid.neighbours(start):
        if step_cost(R, state, uid, start, n, borders=borders) is None:
            continue
        if in_enemy_zoc(R, state, n, side):
            friends = [u for u in units_at(state, n) if R.unit(u).side == side]
            if not friends or n in attacked:
                continue
        out.setdefault(n, [start, n])
    # two or three hexes: SNO 7.7.1a c, within the allowance (5.1.4, 7.7.2)
    frontier = [[start]]
    for _ in range(3):
        nxt = []
        for path in frontier:
            here = path[-1]
            for n in grid.neighbours(here):
                if n in path or dist(n) <= dist(here):
                    continue
                new = [*path, n]
                cost = path_cost(R, state, uid, new, borders=borders)
                if cost is None or cost > ma:
                    continue
                nxt.append(new)
                if len(new) > 2:
                    out.setdefault(n, new)
        frontier = nxt
    out.pop(start, None)
    return out


def open_retreat(R: Rules, state: State, units: list[str], result: str, hexes: list[str]) -> None:
    if not units:
        return
    side = R.unit(units[0]).side
    state["pending"] = {
        "kind": "retreat",
        "side": side,
        "units": list(units),
        "obliged": obliged_to_retreat(R, state, units, result),
        "result": result,
    }
    _refresh_retreat(R, state)


def _refresh_retreat(R: Rules, state: State) -> None:
    """Close the retreat once no unit is left to move; units obliged to retreat that cannot
    disband or break out instead (7.7.1a d, 7.3.4)."""
    p = state["pending"]
    p["units"] = [u for u in p["units"] if on_map(state, u)]
    able = [u for u in p["units"] if retreat_destinations(R, state, u)]
    if able:
        return
    stuck = list(p["units"])
    state["pending"] = None
    if p["obliged"] and stuck:
        forced = [u for u in stuck if forced_across(R, state, u)]
        eliminate(R, state, forced)  # SNO 4.6, 5.5.11, 5.5.12: eliminated instead
        # SNO 7.3.4, 7.7.1a d: the DR becomes a DD for those that cannot retreat
        disband.involuntary(R, state, [u for u in stuck if u not in forced])


# SNO 4.6: 'If any such unit would otherwise be forced to do so for any reason, it is
# eliminated instead.' SNO 5.5.11: other Axis units forced to enter an inactive Hungary 'are
# eliminated instead'. SNO 5.5.12: 'Any such unit forced to contravene this rule would be
# eliminated instead.'
def forced_across(R: Rules, state: State, uid: str) -> bool:
    """A unit obliged to retreat that can retreat nowhere else but could if 5.5.11, 5.5.12
    and 4.6 did not bar its way (an Axis unit into an inactive Hungary, or the Hungarian unit
    out of it; a Romanian unit into Hungary or Bulgaria, the Hungarian into Romania; a
    Hungarian unit into or through a Romanian's hex, or the reverse): it is forced to break
    them, and so is eliminated - not disbanded by the DD of 7.7.1a d, which gives replacement
    factors back. Reading: the Hungarian unit forced out of an inactive Hungary (5.5.11: it
    'may not leave') is eliminated the same way."""
    return not retreat_destinations(R, state, uid) and bool(
        retreat_destinations(R, state, uid, borders=False)
    )


def retreat_actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    side = p["side"]
    acts = []
    for u in p["units"]:
        name = unit_title(R, u)
        for h, path in sorted(retreat_destinations(R, state, u).items()):
            acts.append(
                Action(
                    "retreat",
                    (u, h),
                    f"Retreat {name} {' -> '.join(hex_title(R, x) for x in path)}",
                    "SNO 7.7.1a",
                    side,
                    role="move",
                    units=(u,),
                    hexes=(h,),
                    path=tuple(path),
                    group="Retreat",
                    highlight="retreat",
                )
            )
        if not p["obliged"]:
            acts.append(
                Action(
                    "hold",
                    (u,),
                    f"{name} stays in place",
                    "SNO 7.3.6",
                    side,
                    units=(u,),
                    group="Stay in place",
                )
            )
        elif _only_into_hungary(R, state, u):
            acts.append(
                Action(
                    "eliminate",
                    (u,),
                    f"{name} is eliminated rather than retreat into Hungary",
                    "SNO 5.5.11",
                    side,
                    units=(u,),
                    group="Eliminate",
                )
            )
    return acts


def _enters_hungary(R: Rules, path: list[str]) -> bool:
    return any(in_hungary(R, h) for h in path[1:])


def _only_into_hungary(R: Rules, state: State, uid: str) -> bool:
    """SNO 5.5.11: a Soviet unit forced to retreat across the border of an inactive Hungary
    (every retreat open to it enters Hungary) - its owner may eliminate it instead."""
    if R.unit(uid).side != "soviet" or hungary_active(state):
        return False
    paths = retreat_destinations(R, state, uid).values()
    return bool(paths) and all(_enters_hungary(R, p) for p in paths)


def perform_retreat(R: Rules, state: State, action: Action) -> Outcome:
    p = state["pending"]
    uid = str(action.args[0])
    if action.verb == "retreat":
        path = retreat_destinations(R, state, uid)[str(action.args[1])]
        set_unit(state, uid, at=path[-1], fortified=False)  # SNO 10.7.3: no longer fortified
        control.entered(R, state, uid, path)  # SNO 3.2.4: the cities it retreated through
        if R.unit(uid).side == "soviet" and _enters_hungary(R, path):
            state["hungary_active"] = True  # SNO 5.5.11, 11.19: a Soviet retreat into Hungary
    elif action.verb == "eliminate":
        eliminate(R, state, [uid])  # SNO 5.5.11: rather than retreat into Hungary
    p["units"] = [u for u in p["units"] if u != uid]
    _refresh_retreat(R, state)
    return _go_on(state)


def _go_on(state: State) -> Outcome:
    """DONE once the decision is closed: the attack's next steps follow (results.settle, which
    the combat phase's handler runs)."""
    return None if state.get("pending") else DONE


# ------------------------------------------------------------------ advance
class Advance(NamedTuple):
    """An advance on offer: its path, the unit's hex first (two hexes: 7.7.3a d)."""

    path: tuple[str, ...]


#: SNO 7.7.3a d: the unit types that may advance two hexes (armor and armored cavalry - not
#: armored infantry), the movement points it may cost, and 6.4.1a: the type barred in Mud.
TWO_HEX_TYPES = frozenset({"armor", "armored_cavalry"})
TWO_HEX_MP = 2
NOT_IN_MUD = "armor"


def advance_destinations(R: Rules, state: State, uid: str, vacated: list[str]) -> list[str]:
    """SNO 7.7.3a: the hexes the unit may advance to - one hex into a vacated hex or one next
    to it (a), by 5.1, 5.2, 5.5; or two hexes for armor and armored cavalry (d,
    :func:`two_hex_advances`). One-hex destinations first, in the map's order."""
    out = one_hex_advances(R, state, uid, vacated)
    out += sorted(h for h in two_hex_advances(R, state, uid, vacated) if h not in out)
    return out


def advance_path(R: Rules, state: State, uid: str, vacated: list[str], to: str) -> list[str]:
    """The path of an advance to ``to`` (start hex first): one step where one will do."""
    frm = hex_of(state, uid) or to
    if to in one_hex_advances(R, state, uid, vacated):
        return [frm, to]
    return two_hex_advances(R, state, uid, vacated)[to]


def one_hex_advances(R: Rules, state: State, uid: str, vacated: list[str]) -> list[str]:
    """SNO 7.7.3a a: one hex into a vacated hex or one next to it, by 5.1, 5.2, 5.5."""
    frm = hex_of(state, uid)
    if frm is None or is_dispersed(state, uid):  # SNO 5.1.7
        return []
    side = R.unit(uid).side
    grid = R.map.grid
    out = []
    for n in grid.neighbours(frm):
        if n not in vacated and not any(grid.adjacent(n, v) for v in vacated):
            continue
        cost = step_cost(R, state, uid, frm, n)
        if cost is None or not may_enter(R, state, uid, n):
            continue
        if in_enemy_zoc(R, state, frm, side) and in_enemy_zoc(R, state, n, side):
            if (frm, n) in stalin_line.steps(R, state, side):
                continue  # SNO 14.33b: never ZOC to ZOC eastwards across the Stalin Line
            held = any(R.unit(u).side == side for u in units_at(state, n))  # SNO 5.2.3b
            different = not (zoc_sources(R, state, n, side) & zoc_sources(R, state, frm, side))
            if not held and not (different and cost <= 1):  # SNO 5.2.3a, 5.2.3c
                continue
        out.append(n)
    return out


def may_advance_two_hexes(R: Rules, state: State, uid: str) -> bool:
    """SNO 7.7.3a d: armor and armored cavalry units have the option of advancing two hexes -
    but no armor unit in Mud (6.4.1a: armored cavalry may), and no Axis unit in the Snow months
    of the winter of 1941/42 (6.5.3)."""
    unit = R.unit(uid)
    if unit.type not in TWO_HEX_TYPES:
        return False
    if state["weather"] == "mud" and unit.type == NOT_IN_MUD:  # SNO 6.4.1a
        return False
    return not (unit.side == "axis" and weather.winter_1941(state))  # SNO 6.5.3


def two_hex_advances(R: Rules, state: State, uid: str, vacated: list[str]) -> dict[str, list[str]]:
    """SNO 7.7.3a d: destination -> path of a two-hex advance: the first hex one vacated by
    the defender in that combat, the whole costing no more than 2 movement points (nor the
    unit's allowance, 7.7.2), every enemy ZOC ignored. Reading: ignoring enemy ZOC, a river
    side costs nothing more (5.5.4 counts it only for a move ending in enemy ZOC)."""
    frm = hex_of(state, uid)
    if frm is None or is_dispersed(state, uid) or not may_advance_two_hexes(R, state, uid):
        return {}
    budget = min(TWO_HEX_MP, allowance(R, state, uid))
    grid = R.map.grid
    out: dict[str, list[str]] = {}
    for first in grid.neighbours(frm):
        if first not in vacated:
            continue
        cost = step_cost(R, state, uid, frm, first, ends_in_zoc=False)
        if cost is None or weather.strait(R, frm, first):  # SNO 5.5.5: ends its move
            continue
        for second in grid.neighbours(first):
            if second == frm or second in out:
                continue
            more = step_cost(R, state, uid, first, second, ends_in_zoc=False)
            if more is None or weather.strait(R, first, second) or cost + more > budget:
                continue
            out[second] = [frm, first, second]
    return out


def open_advance(R: Rules, state: State, attackers: list[str], vacated: list[str]) -> None:
    units = [
        u
        for u in attackers
        if on_map(state, u) and not R.unit(u).juggernaut  # SNO 10.1.3, 7.7.3a c
    ]
    if not units:
        return
    state["pending"] = {
        "kind": "advance",
        "side": R.unit(units[0]).side,
        "units": units,
        "vacated": list(vacated),
    }
    _refresh_advance(R, state)


def _refresh_advance(R: Rules, state: State) -> None:
    p = state["pending"]
    p["units"] = [u for u in p["units"] if advance_destinations(R, state, u, p["vacated"])]
    if not p["units"]:
        state["pending"] = None


def advance_actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    side = p["side"]
    acts = []
    for u in p["units"]:
        name = unit_title(R, u)
        frm = hex_title(R, hex_of(state, u) or "")
        for h in advance_destinations(R, state, u, p["vacated"]):
            path = advance_path(R, state, u, p["vacated"], h)
            via = f" -> {hex_title(R, path[1])}" if len(path) > 2 else ""
            acts.append(
                Action(
                    "advance",
                    (u, h),
                    f"Advance {name} {frm}{via} -> {hex_title(R, h)}",
                    "SNO 7.7.3a",
                    side,
                    Advance(tuple(path)),
                    role="move",
                    units=(u,),
                    hexes=(h,),
                    path=tuple(path),
                    group="Advance",
                    highlight="move",
                )
            )
    acts.append(
        Action(
            "stop",
            (),
            "No further advance after combat",
            "SNO 7.7.3a",
            side,
            role="end",
            group="Stop",
        )
    )
    return acts


def perform_advance(R: Rules, state: State, action: Action) -> Outcome:
    p = state["pending"]
    if action.verb == "stop":
        state["pending"] = None
    else:
        uid, to = str(action.args[0]), str(action.args[1])
        path = advance_path(R, state, uid, p["vacated"], to)
        set_unit(state, uid, at=to)
        control.entered(R, state, uid, path)  # SNO 3.2.3a: the cities it passed through
        p["units"] = [u for u in p["units"] if u != uid]  # SNO 7.7.3a: one advance each
        _refresh_advance(R, state)
    return _go_on(state)


def prompt(R: Rules, state: State) -> Prompt:
    p: dict[str, Any] = state["pending"]
    if p["kind"] == "retreat":
        how = "must" if p["obliged"] else "may"
        return Prompt(
            p["side"],
            f"{p['result']}: the defending units {how} retreat one to three hexes",
            "SNO 7.7.1a",
        )
    return Prompt(
        p["side"],
        "Advance after combat: one hex into " + ", ".join(p["vacated"]) + " or next to it "
        "(armor and armored cavalry: two hexes through a vacated one, SNO 7.7.3a d)",
        "SNO 7.7.3a",
    )
