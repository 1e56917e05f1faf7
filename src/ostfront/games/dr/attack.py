"""DR 7.0-7.1, 7.4 Declaring attacks: who may attack what, and who must.

In the regular Combat Phase every active unit adjacent to an enemy unit must attack, and every
enemy unit adjacent to an active unit must be attacked (7.0A-B). A hex is attacked as a whole
(7.1A), once a phase (7.1C); a unit attacks once a phase (7.1C); units of one hex may attack
several adjacent hexes together, with the terrain most favourable to the defender (7.1B). In
the Exploitation Combat Phase attacking is optional and only units able to make exploitation
moves may attack (7.0D, 7.4, 4.6, 4.11).

Not obliged to attack (but they may): units in an intact fortress (7.0C, 9.1.8D); NKVD armies
and units stacked with them (11.9); Romanian and Finnish units in May under Early Start
(12.3E); anyone in Mud (8.3.3D, read as "in Mud no unit is forced to attack"). Never allowed
to attack: across the Sivash 2418/2517 (9.3.4B); Romanian Home Defense units across a
Romanian border (11.4.4); Romanian and Finnish units across their borders in May (12.3E).
Reading of 9.3: nothing makes an attack across a strait optional, so the obligation holds
there too (:data:`STRAIT_ATTACKS_MANDATORY`).

How it is enforced: ``done`` is offered once no obliged unit still has an enemy hex it could
attack; an attack may be rolled only if it strands no obligation — it may not leave an obliged
unit without any hex it could still attack, nor leave an enemy hex that must be attacked
without any obliged unit that could still attack it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .air import exploitation, fleet_strength, is_fleet
from .charts import combat_effects, exploitation_mp
from .dice import attack_prohibited, fortress_intact, hexside_effects
from .leaders import leader_on_map
from .rules import (
    BOXES,
    Rules,
    State,
    ground_hexes,
    hex_of,
    kept_for_table,
    occupancy,
    other,
    phasing_side,
    remember,
    remembered,
)
from .zoc import country

Occupancy = dict[str, list[str]]

STRAIT_ATTACKS_MANDATORY = True
HOME = {"romanian": "Romania", "finnish": "Finland"}


# ------------------------------------------------------------------ who may attack
def may_attack_across(R: Rules, state: State, uid: str, src: str, dst: str) -> bool:
    """May this unit attack from ``src`` into the adjacent ``dst``?"""
    unit = R.unit(uid)
    if unit.is_ground and attack_prohibited(R, state, src, dst):
        return False  # DR 9.3.4B (and water hexsides)
    if not unit.is_ground and "no_attack" in R.map.side_kinds(src, dst):
        return False  # DR 9.3.4B
    if unit.home_defense and country(R, src) == "Romania" and country(R, dst) != "Romania":
        return False  # DR 11.4.4
    home = HOME.get(unit.nationality)
    # DR 12.3E: no attack across the home border in May
    return not (home and may_month(state) and country(R, src) == home and country(R, dst) != home)


def across_strait(R: Rules, src: str, dst: str) -> bool:
    """An attack across a strait (the Bosporus counts as a river, 9.3.5)."""
    return any(k == "strait" for k, _ in hexside_effects(R, src, dst))


def may_month(state: State) -> bool:
    """DR 12.3E: the May turn of an Early Start game."""
    return bool(state.get("options", {}).get("early-start")) and state.get("turn") == 0


def dropped_now(state: State, uid: str) -> bool:
    """DR 11.3.1E, 11.3.2E: an airborne unit dropped in this turn's exploitation movement may
    attack in the exploitation combat phase that follows. Reads ``state["airborne_drops"]``:
    a list of ``{"unit", "turn", "phase"}`` kept by the movement rules."""
    phase = state["phase"].replace("_combat", "")
    return any(
        d.get("unit") == uid and d.get("turn") == state.get("turn") and d.get("phase") == phase
        for d in state.get("airborne_drops", [])
    )


def can_exploit_attack(R: Rules, state: State, uid: str) -> bool:
    """Only units capable of exploitation movement (charts: 6.6.1-6.6.3, Guderian in Light
    Mud, none in Mud). # DR 7.4 # DR 7.0D # DR 4.6 # DR 4.11 # DR 8.3.2 # DR 11.6.1E"""
    unit = R.unit(uid)
    if not unit.is_ground:
        return False  # fleets move only in the initial movement phase (11.5.1B)
    if unit.type == "airborne":
        return dropped_now(state, uid)  # DR 11.3.1E # DR 11.3.2E
    h = hex_of(state, uid)
    gud = leader_on_map(R, state, "Guderian")
    with_guderian = gud is not None and h is not None and hex_of(state, gud) == h
    return (
        exploitation_mp(
            R.charts,
            state.get("weather") or "clear",
            unit.nationality,
            unit.type,
            with_guderian=with_guderian,
        )
        > 0
    )


def eligible(R: Rules, state: State, uid: str) -> bool:
    """An active unit that may still attack in this phase. # DR 7.1C"""
    d = state["units"][uid]
    unit = R.unit(uid)
    if d["at"] in BOXES or unit.is_leader or unit.side != phasing_side(state):
        return False
    if uid in state.get("done", []):
        return False  # DR 7.1C: once a phase
    if is_fleet(R, uid):  # DR 11.5.3: with land units only (checked when declaring)
        return not exploitation(state) and fleet_strength(R, state, uid) > 0
    if exploitation(state):
        return can_exploit_attack(R, state, uid)
    return True


def combat_facts(R: Rules, state: State) -> dict[str, Any]:
    """What this phase's attacks may be, worked out once for the units as they are and the
    phase as it stands: enemy hexes, each unit's attack directions, each hex's possible
    attackers, the obligations. The key names every part of the state they read besides the
    units (the phase, turn and weather; who has attacked and been attacked; fortresses lost;
    airborne drops; Early Start's May): a declaration's steps, which change none of these,
    find them ready. While a state is read (``core.memo.reading``) they are found at once."""
    found = remembered(state, "combat_facts")
    if found is not None:
        return found  # type: ignore[no-any-return]
    key = (
        "attacks",
        state["phase"],
        state.get("turn"),
        state.get("weather"),
        bool(state.get("options", {}).get("early-start")),
        tuple(state.get("done", ())),
        tuple(state.get("hexes_attacked", ())),
        tuple(state.get("fortress_lost", ())),
        tuple(
            (d.get("unit"), d.get("turn"), d.get("phase")) for d in state.get("airborne_drops", ())
        ),
    )
    facts = kept_for_table(R, state, key, lambda: {"directions": {}, "attackers": {}})
    return remember(state, "combat_facts", facts)  # type: ignore[no-any-return]


def enemy_hexes(R: Rules, state: State) -> list[str]:
    """Hexes holding enemy ground units not yet attacked this phase (7.1C)."""
    facts = combat_facts(R, state)
    if "enemy" not in facts:
        attacked = set(state.get("hexes_attacked", ()))
        enemy = ground_hexes(R, state, other(phasing_side(state)))
        facts["enemy"] = tuple(sorted(h for h in enemy if h not in attacked))
    return list(facts["enemy"])


def targets_of(
    R: Rules, state: State, uid: str, open_hexes: Iterable[str] | None = None
) -> list[str]:
    """Enemy hexes this unit could attack now (among ``open_hexes``, if given)."""
    pool = enemy_hexes(R, state) if open_hexes is None else open_hexes
    if not isinstance(pool, set | frozenset):
        pool = set(pool)
    return [n for n in attack_directions(R, state, uid) if n in pool]


def attack_directions(R: Rules, state: State, uid: str) -> tuple[str, ...]:
    """The adjacent hexes this unit may attack into now, enemy-held or not (none if it may
    not attack in this phase)."""
    known = combat_facts(R, state)["directions"]
    found: tuple[str, ...] | None = known.get(uid)
    if found is None:
        if not eligible(R, state, uid):
            found = ()
        else:
            src = hex_of(state, uid)
            assert src is not None
            found = tuple(
                n for n in R.map.grid.neighbours(src) if may_attack_across(R, state, uid, src, n)
            )
        known[uid] = found
    return found


def attackers_of(R: Rules, state: State, target: str) -> list[str]:
    """Units that could attack ``target`` now (ground units first, then fleets)."""
    known = combat_facts(R, state)["attackers"]
    if target in known:
        return list(known[target])
    occ = occupancy(state)
    side = phasing_side(state)
    units = [
        u
        for n in R.map.grid.neighbours(target)
        for u in occ.get(n, [])
        if R.unit(u).side == side and target in attack_directions(R, state, u)
    ]
    found = sorted(units, key=lambda u: (is_fleet(R, u), u))
    known[target] = tuple(found)
    return found


# ------------------------------------------------------------------ who must attack
def obliged(R: Rules, state: State, uid: str, occ: Occupancy | None = None) -> bool:
    """Must this active unit attack? # DR 7.0A-B"""
    unit = R.unit(uid)
    if exploitation(state) or not unit.is_ground:
        return False  # DR 7.0D, 7.4; fleets join attacks only by choice (11.5.3)
    if state.get("weather") == "mud":
        return False  # DR 8.3.3D (reading: no unit is forced to attack in Mud)
    h = hex_of(state, uid)
    assert h is not None
    if (
        fortress_intact(R, state, h)
        and combat_effects(R.charts, "fortress").defender_never_forced_to_attack
    ):
        return False  # DR 7.0C, 9.1.8D
    here = (occupancy(state) if occ is None else occ).get(h, [])
    if any(R.unit(u).type == "nkvd" and R.unit(u).side == unit.side for u in here):
        return False  # DR 11.9
    return not (unit.nationality in HOME and may_month(state))  # DR 12.3E


def obligations(
    R: Rules,
    state: State,
    used: Iterable[str] = (),
    attacked: Iterable[str] = (),
) -> dict[str, list[str]]:
    """Obliged units still able to attack -> the enemy hexes they could attack, as if
    ``used`` had attacked and ``attacked`` had been attacked."""
    used_set, attacked_set = set(used), set(attacked)
    out = {}
    for uid, hexes in _obligations_now(R, state).items():
        if uid in used_set:
            continue
        left = [h for h in hexes if h not in attacked_set]
        if left:
            out[uid] = left
    return out


def _obligations_now(R: Rules, state: State) -> dict[str, list[str]]:
    """:func:`obligations` before any further attack (see :func:`combat_facts`)."""
    facts = combat_facts(R, state)
    if "obligations" in facts:
        return facts["obligations"]  # type: ignore[no-any-return]
    occ = occupancy(state)
    open_hexes = set(enemy_hexes(R, state))
    near = {n for h in open_hexes for n in R.map.grid.neighbours(h)}
    side = phasing_side(state)
    out = {}
    for uid in sorted(u for h in near for u in occ.get(h, [])):
        if R.unit(uid).side != side or not obliged(R, state, uid, occ):
            continue
        t = targets_of(R, state, uid, open_hexes)
        if not STRAIT_ATTACKS_MANDATORY:
            src = hex_of(state, uid)
            assert src is not None
            t = [h for h in t if not across_strait(R, src, h)]
        if t:
            out[uid] = t
    facts["obligations"] = out
    return out


def must_be_attacked(pairs: dict[str, list[str]]) -> dict[str, list[str]]:
    """Enemy hex -> the obliged units that could attack it. # DR 7.0B"""
    out: dict[str, list[str]] = {}
    for uid, hexes in pairs.items():
        for h in hexes:
            out.setdefault(h, []).append(uid)
    return out


def obligations_met(R: Rules, state: State) -> bool:
    """``done`` may be chosen: no mandatory attack is left that could still be made."""
    return not obligations(R, state)


def stranded(R: Rules, state: State, attackers: list[str], targets: list[str]) -> list[str]:
    """What rolling this attack would leave undone for good (empty: the attack is allowed)."""
    before = obligations(R, state)
    after = obligations(R, state, used=attackers, attacked=targets)
    out = []
    for uid, hexes in before.items():
        if uid not in attackers and uid not in after and hexes:
            out.append(f"{R.unit(uid).title} would have no enemy left to attack (DR 7.0B)")
    need_before = must_be_attacked(before)
    need_after = must_be_attacked(after)
    for h in need_before:
        if h not in targets and h not in need_after:
            out.append(f"the enemy in {h} could no longer be attacked (DR 7.0B)")
    return out


def default_attackers(
    R: Rules, state: State, targets: list[str], source: str | None = None
) -> list[str]:
    """All eligible ground units adjacent to the target (in ``source``, for an attack on
    several hexes), less any whose part in the attack would leave another enemy hex that
    must be attacked without an attacker."""
    chosen = [u for u in attackers_of(R, state, targets[0]) if not is_fleet(R, u)]
    if len(targets) > 1:
        chosen = [
            u
            for u in chosen
            if hex_of(state, u) == source and all(t in targets_of(R, state, u) for t in targets)
        ]
    before = must_be_attacked(obligations(R, state))
    for _ in range(len(chosen)):
        after = must_be_attacked(obligations(R, state, used=chosen, attacked=targets))
        lost = [h for h in before if h not in targets and h not in after]
        if not lost:
            break
        drop = [u for u in chosen if lost[0] in targets_of(R, state, u)]
        if not drop:
            break
        chosen.remove(drop[-1])
    return chosen


def multi_target_options(
    R: Rules, state: State, attackers: list[str], targets: list[str]
) -> list[str]:
    """Hexes that may join the attack: all attackers in one hex adjacent to them. # DR 7.1B"""
    sources = {hex_of(state, u) for u in attackers}
    if len(sources) != 1 or not attackers:
        return []
    src = next(iter(sources))
    assert src is not None
    open_hexes = set(enemy_hexes(R, state))
    near = [h for h in R.map.grid.neighbours(src) if h in open_hexes and h not in targets]
    return sorted(h for h in near if all(h in targets_of(R, state, u, [h]) for u in attackers))
