"""SNO 7.1 How Combat Occurs: who may attack whom, the obligations to attack (7.1.4-7.1.6,
7.1.10), and the attack plan the phasing player declares whole before resolving any attack
(7.1.11).

The plan lives in ``state["combat"]``::

    plan        [{"id", "attackers", "defenders", "where": {defender: hex}, "done", "result",
                  "odds", "die", "kind", "crt"}]  - every attack, in the order declared; kind:
                  "overrun" (declared in the OMP, 5.4.1: in the plan from the phase's start,
                  never dropped), "blitz" (an attacker marked Blitz, 5.4.1a) or "assault";
                  crt: "overrun_blitz" once an assault is rolled on that CRT by choice (5.4.9)
    assault_rolled  an attack has been rolled on an Assault CRT: the Overrun/Blitz CRT may no
                longer be chosen (5.4.9)
    draft       the attack being put together (attackers, defenders), or None
    disbanding  phasing units marked to disband or break out instead of attacking (7.1.12);
                the disband phase (disband.py) carries it out
    committed   the plan is final; attacks are resolved in the player's order (7.1.11)
    current     the attack being resolved: its result and the steps still to carry out
    cleared     {hex: bool} hexes vacated by a resolved attack, and whether by a result that
                allows an advance (7.7.3a b)
    next_id     the next attack's number

Readings: 7.1.4's "adjacent" enemy units are those in the unit's ZOC (3.1: not across a sea or
unfrozen lake side, 7.1.5; not across the Hungarian border while Hungary is inactive, 5.5.11)
that it may attack (no Soviet attack into the Finnish-occupied area, 5.5.9). 7.1.4's
combination of (b), (d) and (f) is read per enemy hex: each is across a river or strait side, or
it and the unit are both next to a fortified friendly combat unit.
"""

from __future__ import annotations

from typing import Any

from ....core.memo import kept_for_table
from .. import units, weather
from ..disband import can_leave
from ..movement_rules import (
    finland_closed,
    finnish_area,
    hungary_active,
    in_hungary,
    side_passable,
    thawing_lake,
)
from ..options import stalin_line
from ..rules import (
    SIDES,
    Rules,
    State,
    hex_of,
    hex_title,
    is_fortified,
    kept,
    occupancy,
    phasing_side,
    side_units,
    unit_title,
    units_at,
)
from ..zoc import overrun_silenced, zoc_table
from . import odds as odds_mod


def fresh() -> dict[str, Any]:
    return {
        "plan": [],
        "draft": None,
        "disbanding": [],
        "committed": False,
        "current": None,
        "cleared": {},
        "next_id": 1,
        "assault_rolled": False,
    }


def combat_of(state: State) -> dict[str, Any]:
    """The combat phase's record (a fresh one, not stored, if the phase has none yet)."""
    c = state.get("combat")
    return c if c else fresh()


def ensure(state: State) -> dict[str, Any]:
    if not state.get("combat"):
        state["combat"] = fresh()
    c: dict[str, Any] = state["combat"]
    return c


# ------------------------------------------------------------------ who may attack whom
def hungary_inactive_block(R: Rules, state: State, uid: str) -> bool:
    """SNO 5.5.11: before activation the Hungarian unit may not attack from Hungary."""
    if R.unit(uid).nationality != "hungarian":
        return False

    if hungary_active(state):
        return False
    h = hex_of(state, uid)
    return h is not None and in_hungary(R, h)


# SNO 7.1.1: combat only in the Combat Phase, between opposing combat units next to each
# other; the phasing player attacks.
# SNO 7.1.3: whether he must attack is 7.1.4-7.1.10's question (:func:`problems`).
# SNO 7.1.2: combat in the OMP is overrun (5.4, overrun.py), resolved in the Combat Phase
# before any other attack (combat/__init__.py)
def may_attack(R: Rules, state: State, uid: str) -> bool:
    """A phasing unit able to attack at all: a combat unit on the map that is not a garrison
    (10.5.3), not fortified (10.7.4), not marked to disband (7.1.12), not overrunning
    (5.4.3: it takes part in no other attack)."""
    unit = R.unit(uid)
    if hex_of(state, uid) is None or not unit.is_combat or unit.side != phasing_side(state):
        return False
    if unit.type == "factory" or not units.may_attack(R, uid, state):  # SNO 10.5.3, 10.7.4
        return False
    if uid in combat_of(state)["disbanding"]:
        return False
    if uid in overrunning(state):  # SNO 5.4.3
        return False
    return not hungary_inactive_block(R, state, uid)


def overrunning(state: State) -> frozenset[str]:
    """SNO 5.4.3: the units making an overrun attack this player-turn."""
    return frozenset(u for o in state.get("overruns") or () for u in o["attackers"])


#: The kinds of attack (SNO 5.4.9): overrun and blitz attacks are resolved on the attacker's
#: Overrun/Blitz CRT; the others on his Assault CRT unless he chooses the Overrun/Blitz CRT.
OVERRUN, BLITZ, ASSAULT = "overrun", "blitz", "assault"


def kind_of(state: State, attackers: list[str]) -> str:
    """SNO 5.4.1a: an attack with a unit marked Blitz (5.4.1b) is a Blitz attack."""
    marked = state.get("blitz") or ()
    return BLITZ if any(u in marked for u in attackers) else ASSAULT


def crt_of(attack: dict[str, Any]) -> str:
    """The CRT kind an attack of the plan is resolved on (SNO 5.4.1, 5.4.1a, 5.4.9)."""
    if attack.get("kind") in (OVERRUN, BLITZ) or attack.get("crt") == "overrun_blitz":
        return "overrun_blitz"
    return "assault"


def enemies_in_zoc(R: Rules, state: State, uid: str) -> list[str]:
    """The enemy units in ``uid``'s ZOC that it may attack (7.1.5, 7.1.7; 5.5.9)."""
    # SNO 7.1.5: the ZOC does not reach across sea or unfrozen lake sides (zoc.py, 3.1.2)
    key = (
        "combat_reach",
        state["weather"],
        state["turn"],
        bool(state.get("hungary_active")),
        overrun_silenced(state),  # SNO 3.1.4: the units being overrun have no ZOC
    )
    table: dict[str, list[str]] = kept(R, state, key, lambda: _reach_table(R, state))
    return table.get(uid, [])


# SNO 10.4.2: factories defend (with a factor of 1), though they are no combat units for
# 3.4.2 and have no ZOC (3.1.3's reading)
def attackable(R: Rules, uid: str) -> bool:
    """A unit an attack may take on: a combat unit (7.1.1), or a factory (10.4.2, 10.4.6)."""
    unit = R.unit(uid)
    return unit.is_combat or unit.type == "factory"


def _reach_table(R: Rules, state: State) -> dict[str, list[str]]:
    """Unit -> the enemy combat units in its ZOC it may attack (kept per arrangement)."""
    occ = occupancy(state)
    closed = finland_closed(state)
    out: dict[str, list[str]] = {}
    for side in SIDES:
        for h, sources in sorted(zoc_table(R, state, side).items()):
            foes = [u for u in occ.get(h, ()) if R.unit(u).side != side and attackable(R, u)]
            if not foes:
                continue
            if side == "soviet" and closed and h in finnish_area(R):
                continue  # SNO 5.5.9: no Soviet attacks into the Finnish-occupied area
            for src in sorted(sources):
                out.setdefault(src, []).extend(foes)
    # SNO 6.3.4: a unit on an all-lake hex in a Thaw 'may ... attack from that hex to any
    # permitted hex, treating the lake hex sides as if they were river hex sides' (never into
    # another all-lake hex, nor across a sea side: movement_rules.side_passable)
    for h, here in sorted(occ.items()):
        if not thawing_lake(R, state, h):
            continue
        for n in R.map.grid.neighbours(h):
            if not side_passable(R, state, h, n):
                continue
            for u in here:
                side = R.unit(u).side
                if not R.unit(u).is_combat:
                    continue
                if side == "soviet" and closed and n in finnish_area(R):
                    continue  # SNO 5.5.9
                foes = [e for e in occ.get(n, ()) if R.unit(e).side != side and attackable(R, e)]
                known = out.setdefault(u, [])
                known.extend(e for e in foes if e not in known)
    return out


# SNO 7.1.8: a defending unit may be in several attacks
# SNO 7.1.9: an attack's units may stand in several hexes and attack units in several hexes
# (the draft, combat/__init__.py)
def planned(state: State) -> tuple[set[str], set[str]]:
    """Units attacking and units attacked in the plan (and the draft)."""
    c = combat_of(state)
    att: set[str] = set()
    dfd: set[str] = set()
    for a in c["plan"]:
        att.update(a["attackers"])
        dfd.update(a["defenders"])
    return att, dfd


# ------------------------------------------------------------------ obligations
def relief(R: Rules, state: State, uid: str) -> str | None:
    """Why a phasing unit is not obliged to attack (7.1.4 a, b, d, e, f and their
    combination; 10.5.3; 7.1.12), or None. 7.1.4c depends on the plan: see :func:`problems`."""
    # SNO 7.1.12: marked to disband or break out instead - while it still can (8.0)
    if uid in combat_of(state)["disbanding"] and can_leave(R, state, uid):
        return "disbands or breaks out instead (SNO 7.1.12)"
    key = (
        "combat_relief",
        uid,
        state["weather"],
        state["turn"],
        bool(state.get("hungary_active")),
        overrun_silenced(state),
    )
    found: str | None = kept_for_table(R, state, key, lambda: _relief(R, state, uid))
    return found


def _relief(R: Rules, state: State, uid: str) -> str | None:
    unit = R.unit(uid)
    at = hex_of(state, uid)
    if at is None:
        return "not on the map"
    if unit.type == "factory" or not units.may_attack(R, uid):
        return "garrisons never attack (SNO 10.5.3)"
    if odds_mod.major_or_victory(R, at):
        return "in a Major or Victory city (SNO 7.1.4a)"
    if is_fortified(state, uid):  # SNO 10.7.4: a fortified unit never attacks
        return "fortified (SNO 7.1.4d)"
    side = unit.side
    forts = {
        u
        for u in units_at(state, at)
        if u != uid and R.unit(u).side == side and R.unit(u).is_combat and is_fortified(state, u)
    }
    if forts:  # SNO 10.7.4a
        return "stacked with a fortified unit (SNO 7.1.4e)"
    if hungary_inactive_block(R, state, uid):
        return "Hungary is not active (SNO 5.5.11)"
    # SNO 7.1.4 b, f and their combination with d: every enemy hex is across a river or
    # strait side, or both it and this unit are next to a fortified friendly combat unit
    fort_hexes = {
        hex_of(state, u)
        for u in _side_units(R, state, side)
        if u != uid and is_fortified(state, u) and R.unit(u).is_combat
    }
    grid = R.map.grid
    reasons: set[str] = set()
    for h in sorted({h for e in enemies_in_zoc(R, state, uid) if (h := hex_of(state, e))}):
        if across_river_or_strait(R, state, side, at, h):
            reasons.add("b")
            continue
        if any(f is not None and grid.adjacent(f, h) and grid.adjacent(f, at) for f in fort_hexes):
            reasons.add("f")
            continue
        return None
    if reasons == {"b"}:
        return "next to the enemy only across river or strait sides (SNO 7.1.4b)"
    if reasons == {"f"}:
        return "it and the enemy are next to a fortified friendly unit (SNO 7.1.4f)"
    if reasons:
        return "rivers, straits and fortified neighbours together (SNO 7.1.4 b, d, f)"
    return "no enemy unit in its ZOC"


def across_river_or_strait(R: Rules, state: State, side: str, at: str, h: str) -> bool:
    """SNO 7.1.4b: a unit of ``side`` in ``at`` is next to the enemy in ``h`` only across an
    unfrozen river side (5.6.4, 5.6.8; the Stalin Line's, 14.33, to Axis units from the west)
    or a strait side (5.6.5)."""
    return (
        odds_mod.river_effect(R, state, at, h)
        or stalin_line.crossing(R, state, side, at, h)
        or weather.strait(R, at, h)
    )


def _side_units(R: Rules, state: State, side: str) -> list[str]:
    return side_units(R, state, side)


def others_reach(R: Rules, state: State) -> frozenset[str]:
    """SNO 5.4.7: the enemy units beside an overrunning unit that some phasing unit outside
    the overruns can attack. Such a unit must be attacked by other units - where none can,
    the obligation lapses (reading: the overrun was legal, 5.4.7 allows it): none beside it
    may attack (:func:`may_attack`), or none at odds an attack may be declared at
    (:func:`odds_allow`; before, seeds 7 and 66 of round 19 found Combat Phases that could
    never be ended: the one attack left to make was forbidden)."""
    beside = {e for u in overrunning(state) for e in enemies_in_zoc(R, state, u)}
    free = free_units(R, state)
    helpers: dict[str, list[str]] = {}
    for u in free:
        for e in enemies_in_zoc(R, state, u):
            if e in beside:
                helpers.setdefault(e, []).append(u)
    return frozenset(e for e, us in helpers.items() if odds_allow(R, state, us, e, free))


def free_units(R: Rules, state: State) -> list[str]:
    """The phasing units able to attack (:func:`may_attack`)."""
    return [u for u in _side_units(R, state, phasing_side(state)) if may_attack(R, state, u)]


def odds_allow(
    R: Rules, state: State, attackers: list[str], defender: str, free: list[str] | None = None
) -> bool:
    """Whether some of ``attackers`` (the free units beside ``defender``) can attack it at
    odds an attack may be declared at (7.4.7: 1:6; 5.4.1c: a Blitz's minimum, on the
    Overrun/Blitz CRT, if any is marked Blitz, 5.4.1a) - all of them, those not marked
    Blitz, or any one alone - taking on with it every enemy unit in their ZOC that no
    other unit can attack (7.1.10: else the plan could never be completed). ``free``: the
    units able to attack (:func:`free_units`), if the caller has them already."""
    marked = state.get("blitz") or ()
    groups = [attackers, [u for u in attackers if u not in marked], *([u] for u in attackers)]
    if free is None:
        free = free_units(R, state)
    attacked = {d for a in combat_of(state)["plan"] for d in a["defenders"]}
    for group in groups:
        if not group:
            continue
        others = {e for u in free if u not in group for e in enemies_in_zoc(R, state, u)}
        brought = {e for u in group for e in enemies_in_zoc(R, state, u)}
        defenders = [defender, *sorted(brought - others - attacked - {defender})]
        crt = "overrun_blitz" if kind_of(state, group) == BLITZ else "assault"
        if odds_mod.assess(R, state, group, defenders, crt).column is not None:
            return True
    return False


def obliged(R: Rules, state: State, uid: str) -> bool:
    """Must attack unless 7.1.4c relieves it (or it disbands, 7.1.12)."""
    return bool(enemies_in_zoc(R, state, uid)) and relief(R, state, uid) is None


def problems(R: Rules, state: State, plan: list[dict[str, Any]]) -> list[str]:
    """What the plan leaves undone of 7.1.4, 7.1.6 and 7.1.10 (empty: the obligations are met)."""
    side = phasing_side(state)
    attacking: set[str] = set()
    attacked: set[str] = set()
    for a in plan:
        attacking.update(a["attackers"])
        attacked.update(a["defenders"])
    out: list[str] = []
    must_be_attacked: dict[str, str] = {}
    for uid in _side_units(R, state, side):
        if not R.unit(uid).is_combat:
            continue
        foes = enemies_in_zoc(R, state, uid)
        if not foes:
            continue
        name = unit_title(R, uid)
        if uid in attacking:
            # SNO 7.1.10: an attacking unit's whole ZOC must be attacked, unless its hex holds
            # another fortified combat unit (which does not attack, 10.7.4)
            at = hex_of(state, uid)
            fort = at is not None and any(
                u != uid and R.unit(u).side == side and is_fortified(state, u)
                for u in units_at(state, at)
            )
            if not fort:
                why = f"{name} attacks (SNO 7.1.10)"
                if uid in overrunning(state):  # SNO 5.4.7: by other units, if any can
                    why = f"{name} overruns beside it (SNO 5.4.7)"
                    foes = [e for e in foes if e in others_reach(R, state)]
                for e in foes:
                    must_be_attacked.setdefault(e, why)
            continue
        if relief(R, state, uid) is not None:
            continue
        # SNO 7.1.6: every enemy unit next to a phasing unit not relieved must be attacked
        for e in foes:
            must_be_attacked.setdefault(e, f"it is next to {name} (SNO 7.1.6)")
        # SNO 7.1.4: it attacks, or (c) all enemy units in its ZOC are attacked by others
        if not all(e in attacked for e in foes):
            where = hex_title(R, hex_of(state, uid) or "")
            out.append(f"{name} in {where} must attack (SNO 7.1.4)")
    for e, why in sorted(must_be_attacked.items()):
        if e not in attacked:
            where = hex_title(R, hex_of(state, e) or "")
            out.append(f"{unit_title(R, e)} in {where} must be attacked: {why}")
    return out


def _fort_exempt(R: Rules, state: State, uid: str) -> bool:
    """SNO 7.1.10: the attacking unit's hex holds another fortified combat unit of its side."""
    at = hex_of(state, uid)
    side = R.unit(uid).side
    return at is not None and any(
        u != uid and R.unit(u).side == side and is_fortified(state, u) for u in units_at(state, at)
    )


# SNO 7.1.10, 7.1.7: an attack that would leave an enemy unit in an attacker's ZOC that no
# other attack takes on and no unit outside the plan can attack: the plan could never be
# completed with it (its attackers take part in no other attack, 7.1.7)
def stranded(
    R: Rules, state: State, attackers: list[str], defenders: list[str], plan: list[dict[str, Any]]
) -> list[str]:
    """What the attack of ``attackers`` on ``defenders``, added to ``plan``, leaves no unit
    to attack (empty: every enemy unit 7.1.10 makes it bring in can still be attacked)."""
    side = phasing_side(state)
    busy = {u for a in plan for u in a["attackers"]} | set(attackers)
    attacked = {d for a in plan for d in a["defenders"]} | set(defenders)
    free = [u for u in _side_units(R, state, side) if u not in busy and may_attack(R, state, u)]
    reach = {e for u in free for e in enemies_in_zoc(R, state, u)}
    out: dict[str, str] = {}
    for u in attackers:
        if _fort_exempt(R, state, u):
            continue
        for e in enemies_in_zoc(R, state, u):
            if e in attacked or e in reach or e in out:
                continue
            where = hex_title(R, hex_of(state, e) or "")
            out[e] = (
                f"{unit_title(R, e)} in {where} must be attacked too: {unit_title(R, u)} "
                "attacks and no unit outside this attack can reach it (SNO 7.1.10): "
                f"leave {unit_title(R, u)} out or attack {where} too"
            )
    return list(out.values())
