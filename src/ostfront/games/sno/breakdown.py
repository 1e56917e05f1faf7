"""SNO 10.1.9-10.1.13 breaking juggernauts down: at any time of the owner's player-turn
(10.1.9-10.1.10), to absorb losses (10.1.11, with :mod:`combat.losses`) and to advance after
combat (10.1.13, with :mod:`combat.results`).

Any time of his own player-turn while he decides (sequence.py), ``break JUGG`` opens a choice
of the components (``into A+B``, or ``cancel``), a decision this module answers: the decision
in progress, if any, resumes after it.

Readings (in the coverage notes too):

- 10.1.9-10.1.10: the components are chosen among the corps / armies that could enter as
  replacements now (off the map in the "pool" or "dead" box, their date come, 11.7; Guards
  11.7c), RFs aside, their total combat factor no more than the weaker side's; one counter of
  each kind is offered (identical counters are interchangeable). They take the juggernaut's
  place, moved status, dispersal, fortification and Blitz marker; not its HAB (10.2.1: only
  juggernauts and shock armies have it). A juggernaut in an attack or overrun declared and not
  yet resolved, marked to disband, or selected to move, does not break down until that is
  done; one that has attacked passes the attack on to its components (they attack no more,
  7.1.7), and during its attack's losses or advance they join the attacking group (10.1.11,
  10.1.13: results.py and losses.py). In the No Retreat orders step, after the player-turn's
  last stacking check (4.3), only into components that keep the hex within the limit.
"""

from __future__ import annotations

from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import hab
from .breakable import breakdown_options, component_pool, held
from .combat import losses, results, tactical
from .combat.odds import attack_factor
from .juggernauts import (  # the shared queries of 10.1
    SEP,
    juggernauts_on_map,
)
from .rules import (
    Rules,
    State,
    phasing_side,
    set_unit,
    unit_title,
)
from .stacking import check

#: Verbs performed by :func:`perform_anytime` in any phase of the owner's player-turn.
ANYTIME_VERBS: tuple[str, ...] = ("break",)
PENDING_KINDS = ("breakdown",)


#: The decisions in progress during which the phasing player may break a juggernaut down
#: (10.1.9 "at any time"): none, his losses (10.1.11), his advance (10.1.13: the components
#: join it), his overstacked hex (4.4: asked again after). Not while a retreat or a siege or
#: isolation choice names units as they stand, nor inside another break-down.
BREAK_DURING = frozenset({"losses", "advance", "overstack"})


def anytime_actions(R: Rules, state: State) -> list[Action]:
    """SNO 10.1.9: ``break JUGG`` for each of the phasing player's juggernauts that may break
    down now."""
    p = state.get("pending")
    if p and p["kind"] not in BREAK_DURING:
        return []
    side = phasing_side(state)
    acts: list[Action] = []
    on_board = juggernauts_on_map(R, state, side)
    if not on_board:
        return acts
    kinds = component_pool(R, state, side)
    for uid in on_board:
        if held(R, state, uid, kinds) is None:
            acts.append(
                Action(
                    "break",
                    (uid,),
                    f"Break down {unit_title(R, uid)} into its component units",
                    "SNO 10.1.9",
                    side,
                    units=(uid,),
                    group="Break",
                )
            )
    return acts


def perform_anytime(R: Rules, state: State, action: Action) -> None:
    if action.verb != "break":
        raise ValueError(f"not an any-time action: {action.verb}")
    uid = str(action.args[0])
    why = held(R, state, uid)
    if why is not None:
        raise ValueError(f"{unit_title(R, uid)} may not break down: {why}")
    state["pending"] = {
        "kind": "breakdown",
        "side": R.unit(uid).side,
        "uid": uid,
        "resume": state.get("pending"),
    }


def actions(R: Rules, state: State) -> list[Action]:
    """The choice of components for the juggernaut breaking down (SNO 10.1.9)."""
    p = state["pending"]
    uid, side = p["uid"], p["side"]
    acts = []
    for combo in breakdown_options(R, state, uid):
        names = ", ".join(unit_title(R, u) for u in combo)
        label = f"Break {unit_title(R, uid)} into {names}"
        acts.append(
            Action(
                "into",
                (SEP.join(combo),),
                label,
                "SNO 10.1.9",
                side,
                units=tuple(combo),
                group="Into",
            )
        )
    acts.append(
        Action(
            "cancel",
            (),
            f"Keep {unit_title(R, uid)} whole",
            "SNO 10.1.9",
            side,
            role="back",
            group="Cancel",
        )
    )
    return acts


def perform(R: Rules, state: State, action: Action) -> Outcome:
    p = state["pending"]
    state["pending"] = p["resume"]
    if action.verb == "cancel":
        return None
    combo = str(action.args[0]).split(SEP)
    if combo not in breakdown_options(R, state, p["uid"]):
        state["pending"] = p
        raise ValueError(f"{unit_title(R, p['uid'])} may not break down into {combo}")
    if break_down(R, state, p["uid"], combo) == DONE:
        results.settle(R, state)  # SNO 10.1.11: the losses chosen; the attack goes on
    resumed = state["pending"]
    if resumed and resumed["kind"] == "overstack":
        return _check_stacking_again(R, state)
    return None


def prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    return Prompt(
        p["side"],
        f"Break down {unit_title(R, p['uid'])}: choose its component units",
        "SNO 10.1.9",
    )


def _check_stacking_again(R: Rules, state: State) -> Outcome:
    """SNO 4.4: the break-down changed the hex being made legal - the owner's next
    overstacked hex, if any, is asked for; if none is left, the phase ends as it was ending."""
    state["pending"] = None
    if not check(R, state):
        return DONE
    return None


# SNO 10.1.9
# SNO 10.1.11
# SNO 10.1.13
def break_down(R: Rules, state: State, uid: str, components: list[str]) -> Outcome:
    """SNO 10.1.9: the juggernaut leaves the board ("dead": it may be formed again), the
    components take its place and its status; an attack it made passes to them (10.1.11,
    10.1.13). DONE if that closed the attack's losses decision (its next steps follow)."""
    rec = state["units"][uid]
    h = rec["at"]
    credit = _padding_left(R, state, uid)  # SNO 10.1.11: before the components are touched
    for u in components:
        set_unit(
            state, u, at=h, dispersed=bool(rec.get("dispersed")),
            fortified=bool(rec.get("fortified")), flipped=False,
        )  # fmt: skip
    hab.moved(state, uid)
    set_unit(state, uid, at="dead", dispersed=False, fortified=False, flipped=False)
    omp = state.get("omp")
    if omp and uid in omp.get("moved", ()):
        state["omp"] = {**omp, "moved": [*omp["moved"], *components]}  # SNO 5.1.2: moved
    if omp and any(uid in group for group in (omp.get("anchors") or {}).values()):
        anchors = {
            h: [*group, *components] if uid in group else group
            for h, group in omp["anchors"].items()
        }  # SNO 5.2.3b: the components stay where the juggernaut had to
        state["omp"] = {**state["omp"], "anchors": anchors}
    if uid in (state.get("blitz") or ()):
        state["blitz"] = sorted({*state["blitz"], *components})
    return _pass_attack(R, state, uid, components, credit)


def _padding_left(R: Rules, state: State, uid: str) -> int:
    h, s = losses.padding(R, state, uid)
    return h + s


def _pass_attack(R: Rules, state: State, uid: str, components: list[str], credit: int) -> Outcome:
    """The components take over the juggernaut's part in an attack: in the plan (they have
    attacked, 7.1.7), and in the attack being resolved - its losses (10.1.11) and its advance
    (10.1.13)."""
    c = state.get("combat")
    if not c or not state["phase"].endswith("_combat"):
        return None
    for a in c.get("plan", ()):
        if uid in a["attackers"]:
            a["attackers"] = [*a["attackers"], *components]
    cur = c.get("current")
    if not cur or uid not in cur["attackers"]:
        return None
    hexes = cur["hexes"]
    factors = {u: attack_factor(R, state, u, hexes) for u in components}
    cur["attackers"] = [*cur["attackers"], *components]
    cur["factors"] = {**cur["factors"], **factors}
    p = state.get("pending")
    if not p:
        return None
    if p["kind"] == "losses" and p.get("plan"):
        return losses.broken_down(R, state, uid, components, factors, credit)  # SNO 10.1.11
    elif p["kind"] == "advance":  # SNO 10.1.13
        more = [u for u in components if tactical.advance_destinations(R, state, u, p["vacated"])]
        p["units"] = [*p["units"], *more]
    return None


__all__ = [
    "actions",
    "anytime_actions",
    "break_down",
    "breakdown_options",
    "component_pool",
    "held",
    "perform",
    "perform_anytime",
    "prompt",
]
