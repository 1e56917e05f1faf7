"""DR 6.2 Stacking: two units a hex, one Soviet army a hex, no Hungarians with Romanians.

Limits hold at the end of every phase; units over the limit are eliminated, the opposing
player choosing which (6.2). Leaders do not count (11.6A); nor do fleets, which are not ground
units (6.0) and share ports with the units they carry (11.5.5). Any two Soviet units may stack
with Stalin (11.6.3D). With Axis Preparation (12.1) three German units may stack in a hex at
set-up, and stay so stacked until one of them leaves: the stacks of three that end the Axis
set-up are kept in ``state["start_stacks"]`` (:func:`record_start_stacks`), and a stack leaves
that record as soon as one of its units moves (``rules.set_unit``).

:func:`stacking_problems` is the rule itself, a pure function of the units in one hex; the
set-up cards (setup.py) and the engine both use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from .counters import SOVIET_ARMY_TYPES
from .leaders import settle
from .losses import eliminate
from .rules import Rules, State, occupancy, other

PENDING_KINDS = ("overstack",)
STACK_LIMIT = 2  # DR 6.2
AXIS_PREPARATION_LIMIT = 3  # DR 12.1
#: Types that do not count for stacking: leaders (DR 11.6A) and fleets (judgement: fleets are
#: not ground units, DR 6.0, and must share ports with the units they carry, DR 11.5.5).
NOT_STACKED = frozenset({"leader", "fleet"})


class Stackable(Protocol):
    """What stacking looks at: a counter's type, side and nationality (and name, for Stalin).

    :class:`~ostfront.games.dr.counters.Unit` satisfies it, and so does :class:`Piece`.
    """

    @property
    def type(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def nationality(self) -> str: ...
    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class Piece:
    """A minimal stackable unit, for callers without a counter at hand (and for tests)."""

    type: str
    side: str
    nationality: str
    name: str = ""


def counts_for_stacking(unit: Stackable) -> bool:
    """Leaders never count (DR 11.6A); nor fleets (judgement, see ``NOT_STACKED``)."""
    return unit.type not in NOT_STACKED


def is_soviet_army(unit: Stackable) -> bool:
    """A Soviet Infantry, Mountain or Shock army (DR 6.2.1), or an NKVD army (DR 11.9)."""
    return unit.side == "soviet" and unit.type in SOVIET_ARMY_TYPES


def stacking_problems(
    units_in_hex: Iterable[Stackable], *, axis_preparation: bool = False
) -> list[str]:
    """What breaks the stacking limits if these units end a phase in one hex (empty if legal).

    ``axis_preparation`` is Axis Preparation (DR 12.1): pass True only for the initial set-up
    with that optional rule in use.

    >>> army, tanks = Piece("infantry", "soviet", "soviet"), Piece("armor", "soviet", "soviet")
    >>> stacking_problems([army, tanks])
    []
    """
    units = list(units_in_hex)
    ground = [u for u in units if counts_for_stacking(u)]  # DR 11.6A
    problems: list[str] = []
    limit = STACK_LIMIT  # DR 6.2: up to two units a hex
    if axis_preparation and ground and all(u.nationality == "german" for u in ground):
        limit = AXIS_PREPARATION_LIMIT  # DR 12.1: three German (not Romanian or Finnish) units
    if len(ground) > limit:
        problems.append(
            f"{len(ground)} units in one hex ({_names(ground)}): the limit is {limit} (DR 6.2"
            + (", 12.1)" if limit == AXIS_PREPARATION_LIMIT else ")")
        )
    with_stalin = any(u.type == "leader" and u.name == "Stalin" for u in units)  # DR 11.6.3D
    armies = [u for u in ground if is_soviet_army(u)]
    if len(armies) > 1 and not with_stalin:  # DR 6.2.1: one Soviet army a hex
        problems.append(f"{len(armies)} Soviet armies in one hex ({_names(armies)}) (DR 6.2.1)")
    nations = {u.nationality for u in ground}
    if {"hungarian", "romanian"} <= nations:  # DR 6.2.2, 11.4.3B: national hatred
        problems.append("Hungarian and Romanian units stacked together (DR 6.2.2)")
    return problems


def _names(units: Iterable[Stackable]) -> str:
    return ", ".join(getattr(u, "id", "") or u.name or u.type for u in units)


# ------------------------------------------------------------------ in play
def stack_problems(R: Rules, state: State, uids: list[str], *, setup: bool = False) -> list[str]:
    """What is wrong with these units sharing one hex now (empty if nothing): at set-up
    (``setup``), or in play, where a stack of three Germans that has not moved since the set-up
    keeps the Axis Preparation limit (DR 12.1)."""
    prep = bool(state["options"].get("axis-preparation")) and (
        setup or unmoved_start_stack(R, state, uids)
    )
    return stacking_problems((R.unit(u) for u in uids), axis_preparation=prep)


def unmoved_start_stack(R: Rules, state: State, uids: list[str]) -> bool:
    """DR 12.1: "Once they leave the hex in which they start play, they must conform to the
    usual stacking limits": True if these units' ground units all belong to one stack set up
    under Axis Preparation none of whose units has left its hex (rules.set_unit drops a stack
    from the record once one of its units moves)."""
    stacks = state.get("start_stacks")
    if not stacks:
        return False
    ground = {u for u in uids if counts_for_stacking(R.unit(u))}
    return any(ground <= set(members) for members in stacks.values())


def record_start_stacks(R: Rules, state: State) -> None:
    """DR 12.1: at the end of the Axis set-up, the stacks above the usual limit that Axis
    Preparation allowed (hex -> their ground units)."""
    if not state["options"].get("axis-preparation"):
        return
    stacks = {
        h: ground
        for h, uids in sorted(occupancy(state).items())
        if len(ground := [u for u in uids if counts_for_stacking(R.unit(u))]) > STACK_LIMIT
        and not stack_problems(R, state, uids, setup=True)
    }
    if stacks:
        state["start_stacks"] = stacks


def overstacked(R: Rules, state: State) -> list[str]:
    """Hexes whose stacks break the limits (a unit alone never does: the limit is two)."""
    occ = occupancy(state)
    return [h for h, uids in occ.items() if len(uids) > 1 and stack_problems(R, state, uids)]


def start_end_of_phase_check(R: Rules, state: State) -> bool:
    """DR 6.2: at the end of a phase, set up the opposing player's eliminations. Returns True
    if a decision is now pending (the phase ends once it is settled)."""
    bad = overstacked(R, state)
    if not bad:
        return False
    h = bad[0]
    owner = R.unit(next(u for u in occupancy(state)[h] if R.unit(u).is_ground)).side
    state["pending"] = {"kind": "overstack", "side": other(owner), "hex": h}
    return True


def actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    h = p["hex"]
    return [
        Action(
            "eliminate",
            (u,),
            f"Eliminate {R.unit(u).title} (over the stacking limit)",
            "DR 6.2",
            p["side"],
            units=(u,),
            group="Eliminate",
        )
        for u in occupancy(state)[h]
        if counts_for_stacking(R.unit(u))
    ]


def perform(R: Rules, state: State, action: Action) -> Outcome:
    eliminate(R, state, str(action.args[0]))
    state["pending"] = None
    settle(R, state, auto=True)  # DR 11.6C-D: leaders with the eliminated unit roll
    if state.get("pending"):
        return None
    return DONE  # the end-of-phase checks again; the phase ends once every stack is legal


def prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    return Prompt(
        p["side"],
        f"Hex {p['hex']} is over the stacking limit: choose a unit of your opponent's to eliminate",
        "DR 6.2",
    )
