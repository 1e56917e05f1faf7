"""SNO 7.2.1 step six, the attacks of a committed plan resolved one at a time: the overruns
first (5.4.5) on the Overrun/Blitz CRT, blitz attacks and those the player chooses to roll
there before any on the Assault CRT (5.4.9); ``skip N`` and ``retarget N HEX`` when an
attack's defenders are gone (7.1.11a-b)."""

from __future__ import annotations

from typing import Any

from ....core.protocol import Action, roll, roll_result
from ..rules import (
    Rules,
    State,
    on_map,
    phasing_side,
    units_at,
)
from . import limits, results, tactical
from . import odds as odds_mod
from . import plan as plan_mod
from .declare import describe
from .plan import combat_of


def _attack(state: State, n: int) -> dict[str, Any] | None:
    for a in combat_of(state)["plan"]:
        if a["id"] == n:
            return a  # type: ignore[no-any-return]
    return None


def _on_overrun_crt(attack: dict[str, Any], action: Action) -> bool:
    """SNO 5.4.9: overrun and blitz attacks, and attacks the player rolls there by choice
    (``roll N ob``), are resolved on the Overrun/Blitz CRT."""
    return attack.get("kind") in (plan_mod.OVERRUN, plan_mod.BLITZ) or "ob" in action.args[1:]


# ------------------------------------------------------------------ resolving the plan
def overruns_left(state: State) -> list[dict[str, Any]]:
    """SNO 5.4.5, 7.1.11: the overrun attacks not yet resolved - resolved before any other."""
    return [
        a for a in combat_of(state)["plan"] if a.get("kind") == plan_mod.OVERRUN and not a["done"]
    ]


def resolution_actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    c = combat_of(state)
    acts: list[Action] = []
    first = overruns_left(state)
    for a in first or c["plan"]:  # SNO 5.4.5: the overrun attacks first
        if a["done"]:
            continue
        n = a["id"]
        attackers = [u for u in a["attackers"] if on_map(state, u)]
        defenders = results.remaining(state, a)
        where = tuple(sorted({a["where"][d] for d in defenders}))  # the battle's hexes
        if not attackers:  # every attacker gone meanwhile: the attack is not made
            acts.append(_skip(n, side))
            continue
        if defenders and a.get("kind") in (plan_mod.OVERRUN, plan_mod.BLITZ):
            text = describe(R, state, attackers, defenders, "overrun_blitz")
            what = "the overrun" if a["kind"] == plan_mod.OVERRUN else "Blitz attack"
            acts.append(_roll((n,), f"Resolve {what} {n}: {text}", "SNO 5.4.1", side, where))
            continue
        if defenders:
            text = describe(R, state, attackers, defenders)
            must = results.exchange_mandatory(R, state, attackers, defenders)
            if not must and not c.get("assault_rolled") and attackers:
                # SNO 5.4.9: the Overrun/Blitz CRT by choice, before any Assault attack
                ob = odds_mod.assess(R, state, attackers, defenders, "overrun_blitz")
                if ob.column is not None:
                    acts.append(
                        _roll(
                            (n, "ob"),
                            f"Resolve attack {n} on the Overrun/Blitz CRT: "
                            + describe(R, state, attackers, defenders, "overrun_blitz"),
                            "SNO 5.4.9",
                            side,
                            where,
                        )
                    )
            if must:
                acts.append(
                    _roll(
                        (n,),
                        f"Resolve attack {n} with Exchange Conversion, as {must}: {text}",
                        "SNO 7.5.1a",
                        side,
                        where,
                    )
                )
            else:
                acts.append(_roll((n,), f"Resolve attack {n}: {text}", "SNO 7.2.1", side, where))
                acts.append(
                    _roll(
                        (n, "ec"),
                        f"Resolve attack {n} with Exchange Conversion: {text}",
                        "SNO 7.5.1",
                        side,
                        where,
                    )
                )
            continue
        # SNO 7.1.11: the defenders are already gone
        acts.append(_skip(n, side))
        if a.get("kind") == plan_mod.OVERRUN:
            continue  # SNO 5.4.4: an overrun's defenders are fixed
        for h in sorted(set(a["where"].values())):
            others = [
                u
                for u in units_at(state, h)
                if R.unit(u).side != side and plan_mod.attackable(R, u)
            ]
            if others and not limits.attack_problems(R, state, attackers, others):
                acts.append(
                    Action(
                        "retarget",
                        (n, h),
                        f"Attack {n} turns on the other units in {h}: "
                        + describe(R, state, attackers, others),
                        "SNO 7.1.11b",
                        side,
                        role="attack",
                        units=tuple(others),
                        hexes=(h,),
                        group="Attack instead",
                        highlight="attack",
                    )
                )
    if all(a["done"] for a in c["plan"]):
        acts.append(
            Action(
                "end",
                (),
                "End the Combat Phase",
                "SNO 7.0",
                side,
                role="end",
                group="End the phase",
            )
        )
    return acts


def _roll(
    args: tuple[int | str, ...], label: str, rule: str, side: str, hexes: tuple[str, ...]
) -> Action:
    """A roll resolving one attack, naming the defenders' hexes (its battle's hexes)."""
    return Action("roll", args, label, rule, side, role="roll", hexes=hexes, group="Roll")


def _skip(n: int, side: str) -> Action:
    return Action("skip", (n,), f"Attack {n} is not made", "SNO 7.1.11a", side, group="Skip")


def perform_resolution(R: Rules, state: State, action: Action) -> None:
    c = state["combat"]
    attack = _attack(state, int(action.args[0]))
    assert attack is not None
    if action.verb == "roll" and _on_overrun_crt(attack, action):
        resolve_on_overrun_crt(R, state, attack)
    elif action.verb == "roll":
        c["assault_rolled"] = True  # SNO 5.4.9: no Overrun/Blitz CRT by choice after this
        results.resolve(R, state, attack, "ec" in action.args[1:])
    elif action.verb == "retarget":  # SNO 7.1.11b: other defenders in the same hex
        h = str(action.args[1])
        side = phasing_side(state)
        others = [
            u for u in units_at(state, h) if R.unit(u).side != side and plan_mod.attackable(R, u)
        ]
        attack["defenders"] = others
        attack["where"] = {u: h for u in others}
    elif action.verb == "skip":  # SNO 7.1.11a; 7.7.3a b: it may advance into a cleared hex
        hexes = sorted(set(attack["where"].values()))
        side = phasing_side(state)
        vacated = [h for h in results.vacated_hexes(R, state, hexes, side) if c["cleared"].get(h)]
        attack["result"] = "not made"
        c["current"] = {
            "id": attack["id"],
            "result": "not made",
            "attackers": list(attack["attackers"]),
            "defenders": [],
            "hexes": hexes,
            "factors": {},
            "attack": 0,
            "defence": 0,
            "todo": [],
        }
        alive = [u for u in attack["attackers"] if on_map(state, u)]
        if vacated and alive:
            tactical.open_advance(R, state, alive, vacated)
        if attack.get("kind") == plan_mod.OVERRUN:
            _overrun_over(state, attack)
        results.settle(R, state)


# SNO 5.4.1, 5.4.1a, 5.4.9: the Overrun/Blitz CRT
def resolve_on_overrun_crt(R: Rules, state: State, attack: dict[str, Any]) -> None:
    """SNO 7.2.1 step six on the attacker's Overrun/Blitz CRT: no weather shift, no Combat
    Option (5.4.1d, 7.5); below its lowest odds an AE (5.4.1c). An overrun's defenders have
    their ZOC back once it is resolved, if any survive (3.1.4: 'temporarily')."""
    attackers = [u for u in attack["attackers"] if on_map(state, u)]
    defenders = results.remaining(state, attack)
    o = odds_mod.assess(R, state, attackers, defenders, "overrun_blitz")
    die = roll(state, 1, f"attack {attack['id']} at {o.column or 'below the lowest odds'}")[0]
    result = R.crts.result(o.table, o.column, die)  # SNO 5.4.1d, 7.5: never converted
    roll_result(state, result)
    attack.update(
        defenders=defenders, result=result, die=die, odds=o.text, options=[], crt="overrun_blitz"
    )
    if attack.get("kind") == plan_mod.OVERRUN:
        _overrun_over(state, attack)
    results.start(R, state, attack, result, o)


def _overrun_over(state: State, attack: dict[str, Any]) -> None:
    """SNO 3.1.4 'temporarily': an overrun resolved (or not made), its defenders that are
    left have their ZOC back."""
    state["overruns"] = [x for x in state.get("overruns") or () if x["id"] != attack.get("overrun")]
