"""DR 7.0 Combat: the handler of the Combat and Exploitation Combat Phases.

The phasing player picks a hex to attack (``attack HEX``), adjusts the attackers (``with UNIT``,
``without UNIT``; by default every eligible adjacent unit), may add further hexes the same
attackers are adjacent to (``also HEX`` / ``drop HEX``, 7.1B), chooses Air Points (``air N``,
11.7) and rolls (``roll``) — or gives up the declaration (``cancel``). The Axis may also send
Air Points against a Fleet (``airstrike FLEET N``, 11.5.4). After the roll each side settles
its own hits in the order of 7.2.5 (:mod:`results`), then the attacker may advance. ``done``
ends the phase once every mandatory attack has been made or can no longer be (7.0A-B,
:mod:`attack`).

The dice are counted in :mod:`dice` (:func:`dice.attack_dice`, exact odds in
:func:`dice.outcome_distribution`); leaders in :mod:`leaders`, Air Points and Fleets in
:mod:`air`, the Workers' Militia in :mod:`militia`.
"""

from __future__ import annotations

import copy
from typing import Any

from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt, roll
from ...core.rng import Distribution, hits
from . import air, attack, dice, leaders, militia, results
from .rules import (
    Rules,
    State,
    ground_units_at,
    hex_of,
    hex_title,
    other,
    phasing_side,
    reading,
    set_unit,
)

PENDING_KINDS = ("attack", "losses", "advance", "leader", "displace")

# re-exported for the AI and the browser's odds preview
attack_dice = dice.attack_dice
outcome_distribution = dice.outcome_distribution


def roll_distribution(R: Rules, state: State, action: Action) -> Distribution | None:
    """The exact outcome of the dice ``action`` would roll, for ``Game.roll_distribution``:
    ``roll`` in a declared attack -> {(hits scored by the attacker, hits scored by the
    defender): p}; ``airstrike FLEET N`` -> {hits on the Fleet: p} (11.5.4B). None for
    actions that roll no combat dice."""
    p = state.get("pending")
    if action.verb == "roll" and p and p.get("kind") == "attack" and p["attackers"]:
        return outcome_distribution(R, state, p["attackers"], p["targets"], p["air"])
    if action.verb == "airstrike" and not p:
        return hits(int(action.args[1]), len(air.STRIKE_FACES))
    return None


# ------------------------------------------------------------------ the handler
def actions(R: Rules, state: State) -> list[Action]:  # DR 4.4, # DR 4.9
    p = state.get("pending")
    if not p:
        return main_actions(R, state)
    kind = p["kind"]
    if kind == "attack":
        return declare_actions(R, state)
    if kind == "losses":
        return results.loss_actions(R, state)
    if kind == "advance":
        return results.advance_actions(R, state)
    if kind == "leader":
        return results.leader_actions(R, state)
    return results.displace_actions(R, state)


def perform(R: Rules, state: State, action: Action) -> Outcome:
    p = state.get("pending")
    if not p:
        return perform_main(R, state, action)
    elif p["kind"] == "attack":
        perform_declare(R, state, action)
    elif p["kind"] == "losses":
        results.perform_loss(R, state, action)
    elif p["kind"] == "advance":
        results.perform_advance(R, state, action)
    elif p["kind"] == "leader":
        results.perform_leader(R, state, action)
    else:
        results.perform_displace(R, state, action)
    return None


def prompt(R: Rules, state: State) -> Prompt:
    p = state.get("pending")
    side = phasing_side(state)
    if not p:
        left = attack.obligations(R, state)
        if left:
            names = ", ".join(sorted(R.unit(u).title for u in left)[:4])
            return Prompt(
                side,
                f"Attacks still required (DR 7.0B): {names}" + (" …" if len(left) > 4 else ""),
                "DR 7.0",
            )
        return Prompt(side, "Make your attacks, then end the phase", "DR 7.0")
    if p["kind"] == "attack":
        blocked = attack.stranded(R, state, _ground(R, p["attackers"]), p["targets"])
        text = (
            f"Attack on {', '.join(hex_title(R, t) for t in p['targets'])}: "
            f"{len(p['attackers'])} unit(s), "
            f"{p['air']} Air Point(s)"
        )
        if not _ground(R, p["attackers"]):
            text += "; choose at least one land unit"
        elif blocked:
            text += "; cannot roll: " + blocked[0]
        return Prompt(side, text, "DR 7.1")
    return results.prompt(R, state)


# ------------------------------------------------------------------ the phase's own actions
def main_actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    acts = []
    for h in attack.enemy_hexes(R, state):
        if any(R.unit(u).is_ground for u in attack.attackers_of(R, state, h)):
            acts.append(
                Action(
                    "attack",
                    (h,),
                    _attack_label(R, state, h),
                    "DR 7.1",
                    side,
                    role="attack",
                    units=_defenders(R, state, h),
                    hexes=(h,),
                    group="Attack",
                    highlight="attack",
                )
            )
    acts += air.strike_actions(R, state)
    if attack.obligations_met(R, state):  # DR 7.0A-B (7.4: nothing is required)
        acts.append(Action("done", (), "End the phase", "DR 7.0", side, role="end", group="Done"))
    return acts


def _defenders(R: Rules, state: State, h: str) -> tuple[str, ...]:
    """The ground units an attack on ``h`` is made against."""
    return tuple(ground_units_at(R, state, h, other(phasing_side(state))))


def _attack_label(R: Rules, state: State, h: str, verb: str = "Attack", then: str = "") -> str:
    """'Attack Brest (1710): Soviet 4th Army, Soviet 14th Tank Corps' - the place and its
    defenders, so that a player need not look the hex up."""
    defenders = _defenders(R, state, h)
    return f"{verb} {hex_title(R, h)}{then}: {', '.join(R.unit(u).title for u in defenders)}"


def perform_main(R: Rules, state: State, action: Action) -> Outcome:
    if action.verb == "done":
        return DONE
    if action.verb == "airstrike":
        air.strike(R, state, str(action.args[0]), int(action.args[1]))  # DR 11.5.4
    else:
        target = str(action.args[0])
        with reading(state):  # the state changes only once they are chosen
            attackers = attack.default_attackers(R, state, [target])
        state["pending"] = {
            "kind": "attack",
            "side": phasing_side(state),
            "targets": [target],
            "attackers": attackers,
            "air": 0,
        }
    return None


# ------------------------------------------------------------------ declaring an attack
def _ground(R: Rules, uids: list[str]) -> list[str]:
    return [u for u in uids if R.unit(u).is_ground]


def candidates(R: Rules, state: State, targets: list[str], source: str | None = None) -> list[str]:
    """Units that may take part in an attack on all of ``targets`` (from ``source`` only,
    when several hexes are attacked together, 7.1B)."""
    return [
        u
        for u in attack.attackers_of(R, state, targets[0])
        if all(t in attack.targets_of(R, state, u) for t in targets[1:])
        and (len(targets) == 1 or hex_of(state, u) == source)
    ]


def declare_actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    side = p["side"]
    chosen, targets = p["attackers"], p["targets"]
    acts = []
    for u in candidates(R, state, targets, p.get("source")):
        name = R.unit(u).title
        if u in chosen:
            acts.append(_leave_out(u, f"Leave {name} out of the attack", side))
        elif not air.is_fleet(R, u) or _ground(R, chosen):  # DR 11.5.3: with land units
            acts.append(
                Action(
                    "with",
                    (u,),
                    f"Add {name} to the attack",
                    "DR 7.1",
                    side,
                    role="attack",
                    units=(u,),
                    group="Add to the attack",
                )
            )
    acts += _more_targets(R, state, _ground(R, chosen), targets, side)
    for n in range(air.max_air(R, state, chosen) + 1):
        if n != p["air"]:
            # a step sideways, taken back as often as forward (ai.random_player's patience)
            acts.append(
                Action(
                    "air",
                    (n,),
                    f"Use {n} Air Point(s)",
                    "DR 11.7",
                    side,
                    role="back",
                    group="Air support",
                )
            )
    ground = _ground(R, chosen)
    if ground and not attack.stranded(R, state, ground, targets):
        acts.append(
            Action(
                "roll",
                (),
                f"Roll the attack on {', '.join(hex_title(R, t) for t in targets)}",
                "DR 7.1.1",
                side,
                role="roll",
                hexes=tuple(targets),
                group="Roll",
            )
        )
    acts.append(
        Action("cancel", (), "Give up this attack", "DR 7.1", side, role="back", group="Cancel")
    )
    return acts


def _leave_out(u: str, label: str, side: str) -> Action:
    return Action(
        "without",
        (u,),
        label,
        "DR 7.1",
        side,
        role="back",
        units=(u,),
        group="Leave out of the attack",
    )


def _more_targets(
    R: Rules, state: State, ground: list[str], targets: list[str], side: str
) -> list[Action]:
    """DR 7.1B: hexes to attack in the same battle, and the extra ones to leave out again."""
    acts = [
        Action(
            "also",
            (h,),
            _attack_label(R, state, h, "Also attack", " in the same battle"),
            "DR 7.1B",
            side,
            role="attack",
            units=_defenders(R, state, h),
            hexes=(h,),
            group="Attack also",
            highlight="attack",
        )
        for h in attack.multi_target_options(R, state, ground, targets)
    ]
    acts += [
        Action(
            "drop",
            (h,),
            f"Do not attack {hex_title(R, h)} in this battle",
            "DR 7.1B",
            side,
            role="back",
            hexes=(h,),
            group="Drop",
            highlight="other",
        )
        for h in targets[1:]
    ]
    return acts


def perform_declare(R: Rules, state: State, action: Action) -> None:
    p = state["pending"]
    verb = action.verb
    if verb == "cancel":
        state["pending"] = None
        return
    if verb == "roll":
        resolve(R, state, p)
        return
    if verb == "with":
        p["attackers"] = sorted({*p["attackers"], str(action.args[0])})
    elif verb == "without":
        p["attackers"] = [u for u in p["attackers"] if u != str(action.args[0])]
        if not _ground(R, p["attackers"]):
            p["attackers"] = []  # DR 11.5.3: a Fleet attacks only with land units
    elif verb == "also":  # DR 7.1B: the units of one hex against several hexes
        source = hex_of(state, _ground(R, p["attackers"])[0])
        targets = [*p["targets"], str(action.args[0])]
        with reading(state):  # the state changes only once they are chosen
            attackers = attack.default_attackers(R, state, targets, source)
        p.update(source=source, targets=targets, attackers=attackers)
    elif verb == "drop":
        p["targets"] = [t for t in p["targets"] if t != str(action.args[0])]
        if len(p["targets"]) == 1:
            p["source"] = None
    elif verb == "air":
        p["air"] = int(action.args[0])
    p["air"] = min(p["air"], air.max_air(R, state, p["attackers"]))


# ------------------------------------------------------------------ rolling
def resolve(R: Rules, state: State, decl: dict[str, Any]) -> None:
    """Roll an attack and start settling its results. # DR 7.1.1"""
    side = decl["side"]
    targets: list[str] = decl["targets"]
    attackers: list[str] = list(decl["attackers"])
    militia.raise_militia(R, state, side, targets)  # DR 11.8A
    defenders = dice.defenders_of(R, state, side, targets)
    supply = dice.supply_of(R, state, [*attackers, *defenders])  # DR 7.1.3A
    for uid, ok in supply.items():
        set_unit(state, uid, oos=not ok)
    bd = dice.attack_dice(R, state, attackers, targets, decl["air"], supply=supply)
    air.spend(state, side, decl["air"])
    leaders.record_zhukov(state, list(bd.bonuses))
    scored = {}
    for role in ("attacker", "defender"):
        n = 0
        for faces, count in bd.by_faces(role).items():
            hit_on = "6" if faces == 1 else f"{7 - faces}-6"
            rolled = roll(state, count, f"{role}: {count} dice hitting on {hit_on} (DR 7.1.1)")
            n += sum(1 for d in rolled if d > 6 - faces)
        scored[role] = n
    state["done"] = sorted({*state.get("done", []), *attackers, *defenders})  # DR 7.1C
    state["hexes_attacked"] = sorted({*state.get("hexes_attacked", []), *targets})
    battle = {
        "side": side,
        "targets": targets,
        "attackers": attackers,
        "defenders": defenders,
        "dice": bd.to_json(),
        "hits": {"defender": scored["attacker"], "attacker": scored["defender"]},
        "sources": {u: hex_of(state, u) for u in attackers},
    }
    air.phase_book(state, write=True)["last"] = copy.deepcopy(
        {k: battle[k] for k in ("targets", "attackers", "defenders", "dice", "hits")}
    )
    state["pending"] = None
    results.start(R, state, battle)


def last_battle(state: State) -> dict[str, Any] | None:
    """The last battle rolled in this phase: targets, attackers, defenders, dice and the hits
    each role had to satisfy (``hits["defender"]`` = hits scored by the attacker)."""
    last: dict[str, Any] | None = air.phase_book(state).get("last")
    return last
