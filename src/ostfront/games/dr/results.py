"""DR 7.2-7.3 Combat results: losses, retreats, maximum loss, the order of battle and the
advance after combat (with the Fleets' displacement, 11.5.2, and the leaders' death rolls,
11.6C-D, that follow eliminations).

A battle in progress lives in ``state["pending"]["battle"]``; the pending ``kind`` says whose
decision it is: ``losses`` (the side satisfying hits), ``leader`` (placing a surviving leader),
``displace`` (moving the Black Sea Fleet out of an entered hex), ``advance`` (the attacker).

Readings (recorded in docs/rules/defiant-russia.md; where units may retreat: :mod:`retreat`):

* A defending stack retreats as a whole (7.2.1A), one hex per action, and may interleave
  retreats with reductions once one of its units has been reduced (7.2.1B-C).
* Fleets take part in a defence (11.5.3) and may take hits (11.5.6B); attacking Fleets take
  no losses. Maximum loss (7.2.4) counts the Fleets' steps too.
* The leaders' death rolls are made once a side's losses are settled (11.6C-D).
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import Action, Prompt
from . import leaders
from .losses import eliminate, reduce, steps_left, total_steps
from .retreat import (
    displacement_options,
    enterable,
    move_group,
    preferred,
    retreat_options,
    stack_fits,
    steps,
)
from .rules import BOXES, Rules, State, ground_units_at, hex_of, other, set_unit, units_at
from .stacking import stack_problems

Battle = dict[str, Any]


def owner(battle: Battle, role: str) -> str:
    side: str = battle["side"]
    return side if role == "attacker" else other(side)


def start(R: Rules, state: State, battle: Battle) -> None:
    """After the roll: the side with more hits settles first, the attacker on a tie. # DR 7.2.5"""
    on_att, on_def = battle["hits"]["attacker"], battle["hits"]["defender"]
    battle["order"] = ["defender", "attacker"] if on_def > on_att else ["attacker", "defender"]
    battle.update(
        role=None,
        left=0,
        att_retreat=None,
        att_retreated=False,
        att_reduced=False,
        relocate=[],
        displace=[],
        advanced=[],
        advance_over=False,
        max_loss=[],
    )
    battle["stacks"] = {
        t: {
            "units": [
                u
                for u in units_at(state, t)
                if R.unit(u).is_ground and R.unit(u).side != battle["side"]
            ],
            "at": t,
            "moved": 0,
            "reduced": False,
            "must_move": False,
        }
        for t in battle["targets"]
    }
    battle["sources"] = {u: hex_of(state, u) for u in battle["attackers"]}
    proceed(R, state, battle)


def loss_takers(R: Rules, state: State, battle: Battle, role: str) -> list[str]:
    """Units that satisfy the hits: the attacking land units (fleets never), or every
    defending unit, fleets included. # DR 7.2 # DR 11.5.6B"""
    units = battle["attackers"] if role == "attacker" else battle["defenders"]
    out = [u for u in units if state["units"][u]["at"] not in BOXES]
    if role == "attacker":
        out = [u for u in out if R.unit(u).is_ground]
    return out


def proceed(R: Rules, state: State, battle: Battle) -> None:
    """Carry the battle on until somebody has a decision to make, or it is over."""
    while True:
        if battle["role"] is None and battle["order"]:
            role = battle["order"].pop(0)
            battle["role"], battle["left"] = role, battle["hits"][role]
            units = loss_takers(R, state, battle, role)
            if battle["left"] > total_steps(R, state, units):  # DR 7.2.4: all eliminated
                for u in units:
                    eliminate(R, state, u)
                battle["left"] = 0
                battle["max_loss"].append(role)
        role = battle["role"]
        if role is not None:
            if battle["left"] > 0 and loss_takers(R, state, battle, role):
                state["pending"] = {"kind": "losses", "side": owner(battle, role), "battle": battle}
                return
            battle["role"] = None
            battle["relocate"] += leaders.settle(R, state)  # DR 11.6C-E
            continue
        if battle["relocate"]:
            c = battle["relocate"][0]
            state["pending"] = {"kind": "leader", "side": c["side"], "battle": battle}
            return
        if battle["displace"]:
            fleet = battle["displace"][0]
            options = displacement_options(R, state, fleet)
            if len(options) > 1:
                state["pending"] = {"kind": "displace", "side": "soviet", "battle": battle}
                return
            battle["displace"].pop(0)
            if options:
                set_unit(state, fleet, at=options[0])  # DR 11.5.2B
            else:
                eliminate(R, state, fleet)  # DR 11.5.2C
            continue
        if not battle["advance_over"] and advance_actions(R, state, battle):
            state["pending"] = {"kind": "advance", "side": battle["side"], "battle": battle}
            return
        state["pending"] = None
        return


def move(
    R: Rules, state: State, battle: Battle, moving: list[str], src: str, dst: str, retreat: bool
) -> None:
    """Move units one hex; Fleets in a hex the Axis entered wait to be displaced (11.5.2)."""
    for fleet in move_group(R, state, moving, src, dst, retreat):
        if fleet not in battle["displace"]:
            battle["displace"].append(fleet)


# ------------------------------------------------------------------ losses (7.2)
def att_groups(R: Rules, state: State, battle: Battle) -> dict[str, list[str]]:
    """Surviving attacking land units by the hex they attacked from."""
    out: dict[str, list[str]] = {}
    for u in loss_takers(R, state, battle, "attacker"):
        out.setdefault(battle["sources"][u], []).append(u)
    return dict(sorted(out.items()))


def attacker_away(battle: Battle, src: str) -> list[str]:
    return [src, *battle["targets"]]


def loss_actions(R: Rules, state: State) -> list[Action]:
    battle = state["pending"]["battle"]
    role, side = battle["role"], state["pending"]["side"]
    groups = att_groups(R, state, battle)
    if battle["att_retreat"]:  # DR 7.2.2D: the other attacking hexes retreat too
        src = battle["att_retreat"][0]
        return _retreat_actions(
            R,
            state,
            groups[src],
            src,
            src,
            1,
            attacker_away(battle, src),
            several=True,
            key=src,
            side=side,
            free=True,
        )
    acts: list[Action] = []
    moving = [o for o, st in battle["stacks"].items() if st["must_move"]]
    if role == "defender" and moving:  # DR 7.2.3B: may not stop over the stacking limit
        st = battle["stacks"][moving[0]]
        return _retreat_actions(
            R,
            state,
            _alive(state, st["units"]),
            moving[0],
            st["at"],
            battle["left"],
            [moving[0]],
            several=len(battle["stacks"]) > 1,
            key=moving[0],
            side=side,
        )
    for u in loss_takers(R, state, battle, role):
        what = "eliminate" if steps_left(R, state, u) == 1 else "reduce"
        acts.append(
            Action(
                "reduce",
                (u,),
                f"{what.capitalize()} {R.unit(u).title}",
                "DR 7.2",
                side,
                units=(u,),
                group="Losses",
            )
        )
    if role == "defender":
        for origin, st in battle["stacks"].items():
            alive = _alive(state, st["units"])
            if st["reduced"] and alive and not st.get("split"):  # DR 7.2.1B
                whole = _retreat_actions(
                    R,
                    state,
                    alive,
                    origin,
                    st["at"],
                    battle["left"],
                    [origin],
                    several=len(battle["stacks"]) > 1,
                    key=origin,
                    side=side,
                )
                acts += whole or _split_actions(R, state, alive, origin, st["at"], side)
    elif battle["att_reduced"] and not battle["att_retreated"] and groups:  # DR 7.2.2A-B
        able = all(
            retreat_options(R, state, g, s, s, 1, attacker_away(battle, s))
            for s, g in groups.items()
        )
        if able:
            src = next(iter(groups))
            acts += _retreat_actions(
                R,
                state,
                groups[src],
                src,
                src,
                1,
                attacker_away(battle, src),
                several=len(groups) > 1,
                key=src,
                side=side,
            )
    return acts


def _split_actions(
    R: Rules, state: State, alive: list[str], origin: str, cur: str, side: str
) -> list[Action]:
    """DR 7.2.3B: a stack that cannot end a retreat within the stacking limits may retreat
    the minimum number of its units - one - a hex to where it fits; the hits left are then
    taken as losses. Reading in docs/rules/defiant-russia.md."""
    if len(alive) < 2:
        return []
    acts = []
    for uid in alive:
        for tier in preferred(R, state, side, cur, steps(R, state, [uid], cur, [origin])):
            fits = [h for h in tier if stack_fits(R, state, [uid], cur, h)]
            if fits:  # DR 7.2.3A: the preferred direction first
                acts += [
                    Action(
                        "split",
                        (origin, uid, h),
                        f"Retreat {R.unit(uid).title} alone from {cur} to {h} (one hit; the "
                        "other hits are losses)",
                        "DR 7.2.3B",
                        side,
                        role="move",
                        units=(uid,),
                        hexes=(h, origin),
                        group="Split",
                    )
                    for h in fits
                ]
                break
    return acts


def _alive(state: State, units: list[str]) -> list[str]:
    return [u for u in units if state["units"][u]["at"] not in BOXES]


def _retreat_actions(
    R: Rules,
    state: State,
    moving: list[str],
    origin: str,
    cur: str,
    left: int,
    away: list[str],
    *,
    several: bool,
    key: str,
    side: str,
    free: bool = False,
) -> list[Action]:
    if not moving:
        return []
    options = retreat_options(R, state, moving, origin, cur, left, away)
    if not options and free:  # later attacking hexes: stacking is checked at phase end
        for tier in preferred(R, state, side, cur, steps(R, state, moving, cur, away)):
            if tier:
                options = tier
                break
    names = ", ".join(R.unit(u).title for u in moving)
    return [
        Action(
            "retreat",
            (key, h) if several else (h,),
            f"Retreat {names} from {cur} to {h}" + ("" if free else " (one hit)"),
            "DR 7.2.3",
            side,
            role="move",
            units=tuple(moving),
            hexes=(h,),
            group="Retreat",
            highlight="retreat",
        )
        for h in options
    ]


def perform_loss(R: Rules, state: State, action: Action) -> None:
    battle = state["pending"]["battle"]
    role = battle["role"]
    if action.verb == "reduce":
        uid = str(action.args[0])
        here = hex_of(state, uid)
        reduce(R, state, uid)
        battle["left"] -= 1
        if role == "attacker":
            battle["att_reduced"] = True
        else:
            for origin, st in battle["stacks"].items():
                if uid in st["units"] or (R.unit(uid).type == "fleet" and here == origin):
                    st["reduced"] = True  # DR 7.2.1B, 11.5.6B
    elif action.verb == "split":  # DR 7.2.3B
        origin, uid, dst = (str(a) for a in action.args)
        st = battle["stacks"][origin]
        move(R, state, battle, [uid], st["at"], dst, retreat=True)
        battle["left"] -= 1
        st["split"] = True  # the hits left are taken as losses
    else:
        dst = str(action.args[-1])
        if battle["att_retreat"] is not None:
            src = battle["att_retreat"].pop(0)
            _retreat_attackers(R, state, battle, src, dst)
        elif role == "attacker":
            groups = att_groups(R, state, battle)
            src = str(action.args[0]) if len(action.args) > 1 else next(iter(groups))
            battle["att_retreated"] = True  # DR 7.2.2A: satisfies one hit
            battle["left"] -= 1
            battle["att_retreat"] = [s for s in groups if s != src]
            _retreat_attackers(R, state, battle, src, dst)
        else:
            key = str(action.args[0]) if len(action.args) > 1 else next(iter(battle["stacks"]))
            st = battle["stacks"][key]
            moving = _alive(state, st["units"])
            move(R, state, battle, moving, st["at"], dst, retreat=True)
            st["at"], st["moved"] = dst, st["moved"] + 1
            battle["left"] -= 1  # DR 7.2.1C: each hex retreated satisfies one hit
            st["must_move"] = not stack_fits(R, state, moving, dst, dst)
        if battle["att_retreat"] == []:
            battle["att_retreat"] = None
    if battle["att_retreat"]:
        state["pending"]["battle"] = battle
        return
    proceed(R, state, battle)


def _retreat_attackers(R: Rules, state: State, battle: Battle, src: str, dst: str) -> None:
    """DR 7.2.2B, D: every attacking land unit of ``src`` retreats one hex."""
    move(R, state, battle, att_groups(R, state, battle)[src], src, dst, retreat=True)


# ------------------------------------------------------------------ advance (7.3)
def cleared(R: Rules, state: State, battle: Battle) -> list[str]:
    """Attacked hexes with no defending ground unit left. # DR 7.3A"""
    return [t for t in battle["targets"] if not ground_units_at(R, state, t, other(battle["side"]))]


def advance_actions(R: Rules, state: State, battle: Battle | None = None) -> list[Action]:
    battle = battle or state["pending"]["battle"]
    if battle["att_retreated"]:
        return []  # DR 7.3C
    side = battle["side"]
    hexes = cleared(R, state, battle)
    acts = []
    for t in hexes:
        for u in loss_takers(R, state, battle, "attacker"):
            src = hex_of(state, u)
            if u in battle["advanced"] or src != battle["sources"][u] or src is None:
                continue
            if R.unit(u).is_leader or not enterable(R, state, [u], src, t):
                continue
            if stack_problems(R, state, [*units_at(state, t), u]):
                continue  # DR 7.3A: stacking limits still apply
            acts.append(
                Action(
                    "advance",
                    (u, t) if len(hexes) > 1 else (u,),
                    f"Advance {R.unit(u).title} into {t}",
                    "DR 7.3",
                    side,
                    role="move",
                    units=(u,),
                    hexes=(t,),
                    group="Advance",
                )
            )
    if acts:
        acts.append(
            Action("stop", (), "Advance no further", "DR 7.3", side, role="end", group="Stop")
        )
    return acts


def perform_advance(R: Rules, state: State, action: Action) -> None:
    battle = state["pending"]["battle"]
    if action.verb == "stop":
        battle["advance_over"] = True
    else:
        uid = str(action.args[0])
        t = str(action.args[1]) if len(action.args) > 1 else cleared(R, state, battle)[0]
        src = hex_of(state, uid)
        assert src is not None
        move(R, state, battle, [uid], src, t, retreat=False)  # DR 7.3B: no MP, no ZOC
        battle["advanced"].append(uid)
    proceed(R, state, battle)


# ------------------------------------------------------------------ leaders and fleets
def leader_actions(R: Rules, state: State) -> list[Action]:
    battle = state["pending"]["battle"]
    c = battle["relocate"][0]
    name = leaders.name_of(R, c["leader"])
    return [
        Action(
            "place",
            (c["leader"], h),
            f"Place {name} in {h}",
            "DR 11.6E",
            c["side"],
            role="move",
            units=(c["leader"],),
            hexes=(h,),
            group="Set up in",
            highlight="place",
        )
        for h in c["choices"]
    ]


def perform_leader(R: Rules, state: State, action: Action) -> None:
    battle = state["pending"]["battle"]
    battle["relocate"].pop(0)
    leaders.place(R, state, str(action.args[0]), str(action.args[1]))
    proceed(R, state, battle)


def displace_actions(R: Rules, state: State) -> list[Action]:
    fleet = state["pending"]["battle"]["displace"][0]
    return [
        Action(
            "displace",
            (fleet, h),
            f"Move the {R.unit(fleet).name} to {h}",
            "DR 11.5.2",
            "soviet",
            role="move",
            units=(fleet,),
            hexes=(h,),
            group="Displace",
        )
        for h in displacement_options(R, state, fleet)
    ]


def perform_displace(R: Rules, state: State, action: Action) -> None:
    battle = state["pending"]["battle"]
    fleet = battle["displace"].pop(0)
    set_unit(state, fleet, at=str(action.args[1]))  # DR 11.5.2B
    proceed(R, state, battle)


def prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    battle = p["battle"]
    kind = p["kind"]
    where = ", ".join(battle["targets"])
    if kind == "losses":
        role = battle["role"]
        if battle["att_retreat"]:
            return Prompt(
                p["side"], "Retreat your other attacking units one hex (DR 7.2.2D)", "DR 7.2.2"
            )
        rule = "DR 7.2.1" if role == "defender" else "DR 7.2.2"
        return Prompt(
            p["side"],
            f"Battle for {where}: satisfy {battle['left']} hit"
            f"{'s' if battle['left'] != 1 else ''} as the {role} (reduce units; "
            "after one reduction you may retreat)",
            rule,
        )
    if kind == "leader":
        c = battle["relocate"][0]
        return Prompt(p["side"], f"Choose where {leaders.name_of(R, c['leader'])} goes", "DR 11.6E")
    if kind == "displace":
        return Prompt("soviet", "Move the Fleet out of the hex the Axis entered", "DR 11.5.2")
    return Prompt(p["side"], f"Advance into {where} with surviving attackers, or stop", "DR 7.3")
