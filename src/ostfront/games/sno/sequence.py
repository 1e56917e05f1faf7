"""SNO 1.0 Sequence of Play: the phases of a month, who acts in each, and moving between them.

A game-turn is one month: A. Weather Determination, B. the Axis player-turn, C. the Soviet
player-turn. Each player-turn has four phases - Replacement/Reinforcement (RRP), Operational
Movement (OMP), Recovery, Combat - and Ostfront splits the end of the Combat Phase into the
steps the rules put there: voluntary disbandment and break-out (8.0.2), then, automatically,
isolation (9.5) and stacking (4.3); and the No Retreat orders a player declares at the end of
his own player-turn (7.5.2a).

Each phase kind has a *handler* module offering the phasing player's actions (``actions``,
``perform``, ``prompt``, and ``begin`` on entering the phase). A decision in progress
(``state["pending"]``) belongs to the module that lists its ``kind`` in ``PENDING_KINDS`` and
may fall to either side. When the phasing player ends a phase, :func:`end_phase` runs the
phase's end-of-phase checks - each may open a decision, and its owner calls :func:`end_phase`
again once it is answered - and then steps on, carrying out whatever the next phase does by
itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from ...core import phases
from ...core.protocol import Action, Prompt
from .rules import Rules, State, next_month, other, turn_title

#: The phases of one player-turn (SNO 1.0 B), each with the rule that defines it.
PLAYER_TURN = (  # SNO 1.0
    ("rrp", "SNO 1.0 B; 11.0"),
    ("omp", "SNO 1.0 B; 5.0"),
    ("form", "SNO 10.1.7"),
    ("recovery", "SNO 1.0 B"),
    ("combat", "SNO 1.0 B; 7.0"),
    ("disband", "SNO 8.0.2; 9.5; 4.3"),
    ("orders", "SNO 7.5.2a"),
)
KINDS = tuple(kind for kind, _ in PLAYER_TURN)
#: Before the first month: the player moving second sets up first (SNO 12.12).
SETUP = ("soviet_setup", "axis_setup")
PHASES = (
    *SETUP,
    "weather",
    *(f"{side}_{kind}" for side in ("axis", "soviet") for kind in KINDS),
)
RULE = (
    {"weather": "SNO 1.0 A; 6.1"}
    | {phase: "SNO 12.11-12.12" for phase in SETUP}
    | {f"{side}_{kind}": rule for side in ("axis", "soviet") for kind, rule in PLAYER_TURN}
)
KIND_TITLES = {
    "rrp": "Replacement/Reinforcement Phase",
    "omp": "Operational Movement Phase",
    "form": "forming juggernauts",
    "setup": "set-up",
    "recovery": "Recovery Phase",
    "combat": "Combat Phase",
    "disband": "Disbandment and Break-out",
    "orders": "No Retreat orders",
}


def phase_side(phase: str) -> str | None:
    """The phasing side of a phase (None for the weather step)."""
    side, _, _ = phase.partition("_")
    return side if side in ("axis", "soviet") else None


def phase_kind(phase: str) -> str:
    side = phase_side(phase)
    return phase[len(side) + 1 :] if side else phase


def phase_title(phase: str) -> str:
    side = phase_side(phase)
    if side is None:
        return "Weather Determination"
    return f"{side.title()} {KIND_TITLES[phase_kind(phase)]}"


# ------------------------------------------------------------------ handlers
@cache
def handlers() -> dict[str, ModuleType]:
    """Phase kind or pending kind -> the module that handles it."""
    from . import (
        combat,
        deployment,
        disband,
        isolation,
        juggernauts,
        movement,
        replacements,
        stacking,
    )
    from .combat import orders

    modules = (
        deployment, replacements, movement, juggernauts, combat, orders, disband, stacking,
        isolation,
    )  # fmt: skip
    return {
        "setup": deployment,
        "rrp": replacements,
        "omp": movement,
        "form": juggernauts,
        "combat": combat,
        "disband": disband,
        "orders": orders,
        **{kind: m for m in modules for kind in getattr(m, "PENDING_KINDS", ())},
    }


def handler(state: State) -> ModuleType:
    module: ModuleType = phases.handler_of(state, handlers(), phase_kind)
    return module


def active_side(state: State) -> str | None:
    return phases.deciding_side(state, phase_side)


def _anytime(state: State) -> bool:
    """Whether the phasing player's any-time choices are open now: in his own player-turn,
    while he is the one deciding (SNO 10.1.9: a juggernaut breaks down "at any time during
    his player-turn")."""
    side = phase_side(state["phase"])
    if side is None or phase_kind(state["phase"]) == "setup" or state.get("winner"):
        return False
    return active_side(state) == side


def actions(R: Rules, state: State) -> list[Action]:
    from . import juggernauts

    acts = phases.offered(R, state, handler(state))
    if _anytime(state):
        acts = acts + juggernauts.anytime_actions(R, state)  # SNO 10.1.9
    return acts


def perform(R: Rules, state: State, action: Action) -> None:
    from . import control, juggernauts, zhukov

    if action.verb in juggernauts.ANYTIME_VERBS and _anytime(state):
        juggernauts.perform_anytime(R, state, action)  # SNO 10.1.9
    else:
        handler(state).perform(R, state, action)
    control.update(R, state)  # SNO 3.2.3-3.2.4, 3.3: control follows every change
    zhukov.update(R, state)  # SNO 10.6.2: never alone in a hex


def prompt(R: Rules, state: State) -> Prompt:
    if state.get("winner") is not None:
        w = state["winner"]
        return Prompt(None, f"The game is over: {w['reason']}", "SNO 15.0")
    p: Prompt = handler(state).prompt(R, state)
    return p


# ------------------------------------------------------------------ moving on
def _end_checks(kind: str) -> tuple[Callable[[Rules, State], bool], ...]:
    """What is checked at the end of a phase, in order; each returns True if it opened a
    decision (the phase then waits for it and is ended again once it is answered)."""
    from . import isolation, movement, stacking

    if kind == "omp":
        return (movement.finish,)  # SNO 5.5.9
    if kind == "form":
        return (stacking.check,)  # SNO 10.1.7 forms before 4.3 checks: end of the OMP
    if kind == "disband":
        return (isolation.isolation, stacking.check)  # SNO 9.5, then 4.3: end of Combat Phase
    return ()


def end_phase(R: Rules, state: State) -> None:
    """The phasing player has finished the phase (or answered a decision opened by its
    end-of-phase checks): run the checks, then step into the next phase. SNO 1.0"""
    kind = phase_kind(state["phase"])
    for check in _end_checks(kind):
        if check(R, state):
            return
        if state.get("winner") is not None:
            return
    advance(R, state)


def advance(R: Rules, state: State) -> None:
    """Step into the next phase (or player-turn, or month) and carry out its automatic parts."""
    phase = state["phase"]
    side = phase_side(phase)
    if side is None:  # the weather is settled: the first player-turn of the month
        begin_player_turn(R, state, first_side(state))
        return
    kind = phase_kind(phase)
    if kind == "setup":  # SNO 12.12: the player moving first sets up second
        if side != first_side(state):
            enter_phase(R, state, f"{other(side)}_setup")
        else:
            begin_month(R, state, state["turn"])
        return
    if kind == "orders":
        end_player_turn(R, state, side)
        return
    nxt = KINDS[KINDS.index(kind) + 1]
    enter_phase(R, state, f"{side}_{nxt}")


def enter_phase(R: Rules, state: State, phase: str) -> None:
    """Begin a phase: its handler's ``begin`` hook; the Recovery Phase is automatic, and a
    phase whose handler says there is nothing to decide in it (``skip``) is stepped over."""
    state["phase"] = phase
    side, kind = phase_side(phase), phase_kind(phase)
    if kind == "recovery":
        recovery(R, state, side or "axis")
        enter_phase(R, state, f"{side}_combat")
        return
    module = handlers()[kind]
    module.begin(R, state)
    skip = getattr(module, "skip", None)
    if skip is not None and skip(R, state) and state["phase"] == phase and not state.get("pending"):
        end_phase(R, state)


def recovery(R: Rules, state: State, side: str) -> None:
    """SNO 1.0 B Recovery Phase (7.7.2a): the phasing player removes the "dispersed" markers
    from all of his units."""
    from . import armor
    from .rules import set_unit

    armor.refit(R, state, side)  # SNO 10.3.5: flipped back in the Recovery Phase
    for uid, rec in list(state["units"].items()):
        if rec.get("dispersed") and R.unit(uid).side == side:
            set_unit(state, uid, dispersed=False)


def first_side(state: State) -> str:
    """The side whose player-turn opens this month: the Axis's (1.0 B), except in a scenario
    that begins with a Soviet player-turn, whose first month omits the Axis one (12.11(1))."""
    if state.get("first") == "soviet" and state["turn"] == state.get("start_turn"):
        return "soviet"
    return "axis"


def begin_player_turn(R: Rules, state: State, side: str) -> None:
    """A player-turn begins: the No Retreat orders its opponent declared take effect for it
    (7.5.2a), then its Replacement/Reinforcement Phase."""
    from .combat import orders

    orders.take_effect(state)
    enter_phase(R, state, f"{side}_rrp")


def end_player_turn(R: Rules, state: State, side: str) -> None:
    """A player-turn ends: units left on an all-lake hex after a thaw are lost (6.3.4), the
    victory check of a Victory Determination Turn (15.1), then the other player-turn or the
    next month."""
    from . import movement, victory

    movement.thaw_losses(R, state, side)  # SNO 6.3.4
    victory.check(R, state)
    if state.get("winner") is not None:
        return
    if side == "axis":
        begin_player_turn(R, state, "soviet")
        return
    begin_month(R, state, next_month(state["turn"]))


def begin_month(R: Rules, state: State, turn: str) -> None:
    """SNO 1.0 A: a new game-turn; its weather is determined, then the first player-turn."""
    from . import weather

    state["turn"] = turn
    state["phase"] = "weather"
    weather.determine(R, state)
    advance(R, state)


def title(state: State) -> str:
    return f"{turn_title(state['turn'])}, {phase_title(state['phase'])}"


def describe(state: State) -> dict[str, Any]:
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "title": title(state),
        "rule": RULE[state["phase"]],
        "weather": state.get("weather"),
    }


__all__ = [
    "PHASES",
    "actions",
    "active_side",
    "advance",
    "end_phase",
    "other",
    "perform",
    "prompt",
]
