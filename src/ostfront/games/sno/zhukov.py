"""SNO 10.6 Zhukov: the marker's placement, its companions, its removal and elimination, its
AD side and the column shifts it gives.

Zhukov is a unit record of type ``zhukov`` (no combat factor, no ZOC, stacking 0: 3.1.3,
4.5). It begins in Moscow on its D side (10.6.1; the map marks Moscow ``zhukov_home``).

- SNO 10.6.5: at the beginning of the Soviet OMP, before any unit moves, the Soviet player may
  place him with any Soviet unit (``zhukov UNIT``, offered by :func:`actions`, which movement
  lists in the OMP); he then moves with that unit for the rest of the OMP (movement asks
  :func:`carried` and calls :func:`follow` after moving a unit). He never moves tactically
  (10.6.2): retreats and advances leave him behind.
- SNO 10.6.2: left alone in a hex he is taken off the map (the "reserve" box) until the
  beginning of the next Soviet OMP, when he reappears; SNO 10.6.3-10.6.4: if every Soviet unit
  with him was eliminated by assault combat or overrun (in the Axis OMP or Combat Phase) he is
  eliminated ("dead") and reappears at the beginning of the Soviet OMP twelve months later.
  A returning Zhukov is put with a Soviet unit in Moscow (or, if none, the first Soviet unit
  by id), and the player may then place him anywhere by 10.6.5.
- SNO 10.6.6 / 10.6.7: :func:`column_shift` for the odds (one column left for an Axis attack
  on defenders in or next to his hex; one right for one Soviet attack on Axis units within
  two hexes while his AD side is up). He flips to AD after a whole Soviet OMP in Moscow, gives
  the shift in the Combat Phase of the following Soviet player-turn, and flips back at its
  end unless he is in Moscow.

:func:`update` runs after every action (sequence.perform) and carries out what happens by
itself: the start and end of the Soviet OMP and Combat Phase, and the companions' fate.

State key ``zhukov``: {"returns": "YYYY-MM" | None (eliminated: the month he comes back,
10.6.4), "with": uid | None (the unit he moves with this OMP, 10.6.5), "placed": bool (placed
this OMP), "away": bool (he left Moscow during this Soviet OMP, 10.6.7), "ad": "YYYY-MM" |
None (the month of the OMP that flipped him to AD), "spent": attack id | None (the attack of
this Combat Phase given the AD shift), "eligible": [attack ids] (Soviet attacks that could
take it), "company": [uids] (the Soviet units with him after the last action), "seen":
[turn, phase index] (the last point of the sequence :func:`update` saw)}.

Readings (docs/rules/sturm-nach-osten.md): "the Combat Phase of the following Soviet
player-turn" is the next month's (the flip back "unless it is still on Moscow" presumes he may
have left it, which he cannot between an OMP and its Combat Phase); the "one attack" is the
first attack resolved that the shift fits - the player chooses it by the order he resolves
his attacks in.
"""

from __future__ import annotations

from typing import Any

from ...core.memo import per_components
from ...core.protocol import Action
from .rules import (
    BOX_SET,
    PHASES,
    Rules,
    State,
    counter_ids,
    hex_of,
    hex_title,
    next_month,
    occupancy,
    set_unit,
    unit_title,
)

#: Verbs of :func:`actions`, performed by :func:`perform` (movement lists and sends them).
VERBS: tuple[str, ...] = ("zhukov",)
HOME = "zhukov_home"  # the map's mark on Moscow (SNO 10.6.1, 10.6.7)
REACH = 2  # SNO 10.6.7: attacks on Axis units within two hexes
OFF = "reserve"  # SNO 10.6.2: off the map until the next Soviet OMP
DEAD = "dead"  # SNO 10.6.3: eliminated, back twelve months later (10.6.4)
ASSAULT_PHASES = ("axis_omp", "axis_combat")  # SNO 10.6.3: overrun, assault combat


# ------------------------------------------------------------------ who and where
def zhukov_id(R: Rules) -> str | None:
    ids = counter_ids(R, "zhukov", lambda u: u.type == "zhukov")
    return ids[0] if ids else None


@per_components()
def home(R: Rules) -> str | None:
    """SNO 10.6.1: Moscow, the hex the map marks as Zhukov's."""
    # SNO 10.6.1: he begins there (scenario data), no combat factor, no ZOC (3.1.3)
    return next((h for h, p in sorted(R.map.places.items()) if p.attrs.get(HOME)), None)


def record(state: State) -> dict[str, Any]:
    rec: dict[str, Any] = state.get("zhukov") or {}
    return rec


def _write(state: State, **changes: Any) -> None:
    state["zhukov"] = {**record(state), **changes}


def where(R: Rules, state: State) -> str | None:
    """Zhukov's hex (None: off the map or not in this game)."""
    z = zhukov_id(R)
    if z is None or z not in state["units"]:
        return None
    return hex_of(state, z)


def companions(R: Rules, state: State, hex_id: str) -> list[str]:
    """SNO 10.6.2: the other Soviet units in a hex (a factory is one)."""
    return [
        u
        for u in occupancy(state).get(hex_id, ())
        if R.unit(u).side == "soviet" and R.unit(u).type != "zhukov"
    ]


def is_ad(R: Rules, state: State) -> bool:
    z = zhukov_id(R)
    return z is not None and bool(state["units"][z].get("flipped"))


# ------------------------------------------------------------------ 10.6.5 placement
def _omp_unmoved(state: State) -> bool:
    """Before any unit has moved in this OMP (SNO 10.6.5)."""
    omp = state.get("omp") or {}
    return not omp.get("moved") and not omp.get("selected")


def actions(R: Rules, state: State) -> list[Action]:
    """SNO 10.6.5: at the beginning of the Soviet OMP, before any unit moves, place Zhukov with
    any Soviet unit (once: he then stays with it)."""
    if state["phase"] != "soviet_omp" or record(state).get("placed") or not _omp_unmoved(state):
        return []
    at = where(R, state)
    if at is None:
        return []
    out = []
    for h, ids in sorted(occupancy(state).items()):
        for u in ids:
            unit = R.unit(u)
            if unit.side != "soviet" or unit.type == "zhukov":
                continue
            out.append(
                Action(
                    "zhukov",
                    (u,),
                    f"Place Zhukov with {unit_title(R, u)} at {hex_title(R, h)}",
                    "SNO 10.6.5",
                    "soviet",
                    role="move",
                    units=(u,),
                    hexes=(h,),
                    group="Zhukov",
                )
            )
    return out


def perform(R: Rules, state: State, action: Action) -> None:
    if action.verb != "zhukov" or action not in actions(R, state):
        raise ValueError(f"SNO 10.6.5: Zhukov cannot be placed now: {action.text!r}")
    uid = str(action.args[0])
    z = zhukov_id(R)
    assert z is not None
    set_unit(state, z, at=state["units"][uid]["at"])  # SNO 10.6.5: unlimited movement
    _write(state, placed=True, **{"with": uid})


def carried(state: State, uid: str) -> bool:
    """SNO 10.6.5: whether Zhukov moves with this unit (in the Soviet OMP only)."""
    return state["phase"] == "soviet_omp" and record(state).get("with") == uid


def follow(R: Rules, state: State, uid: str) -> None:
    """SNO 10.6.5: after ``uid`` moved in the OMP, Zhukov, if he is with it, is where it is."""
    z = zhukov_id(R)
    if z is not None and carried(state, uid) and on_board(state, uid):
        set_unit(state, z, at=state["units"][uid]["at"])


def on_board(state: State, uid: str) -> bool:
    return state["units"][uid]["at"] not in BOX_SET


# ------------------------------------------------------------------ 10.6.6, 10.6.7 odds
def column_shift(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> int:
    """The column shift Zhukov gives an attack (7.2.1 step five): -1 for an Axis attack on a
    defending group with a Soviet unit in or next to his hex (SNO 10.6.6); +1 for the one
    Soviet attack on Axis units within two hexes of him while his AD side is up, in the Combat
    Phase of a Soviet player-turn after the one that flipped him (SNO 10.6.7)."""
    at = where(R, state)
    if at is None or not attackers or not defenders:
        return 0
    grid = R.map.grid
    hexes = [h for d in defenders if (h := hex_of(state, d)) is not None]
    if R.unit(attackers[0]).side == "axis":
        near = any(
            R.unit(d).side == "soviet" and (h == at or grid.adjacent(h, at))
            for d, h in zip(defenders, hexes, strict=False)
        )
        return -1 if near else 0  # SNO 10.6.6
    if not _ad_open(R, state) or not any(grid.distance(h, at) <= REACH for h in hexes):
        return 0
    spent = record(state).get("spent")
    if spent is None:
        return 1  # SNO 10.6.7
    attack = _plan_attack(state, spent)
    return 1 if attack is not None and set(attack["attackers"]) == set(attackers) else 0


def _ad_open(R: Rules, state: State) -> bool:
    """SNO 10.6.7: the AD shift can be had now: AD side up since an earlier month's OMP, in the
    Soviet Combat Phase."""
    ad = record(state).get("ad")
    return (
        state["phase"] == "soviet_combat"
        and is_ad(R, state)
        and ad is not None
        and ad < state["turn"]
    )


def _plan_attack(state: State, attack_id: int) -> dict[str, Any] | None:
    for a in (state.get("combat") or {}).get("plan", ()):
        if a.get("id") == attack_id:
            return a  # type: ignore[no-any-return]
    return None


def _note_ad_attacks(R: Rules, state: State) -> None:
    """SNO 10.6.7 "any one attack": the first attack resolved that the shift fits takes it."""
    if not _ad_open(R, state) or record(state).get("spent") is not None:
        return
    plan = (state.get("combat") or {}).get("plan", ())
    eligible = set(record(state).get("eligible", ()))
    for a in plan:
        if a.get("done") and a["id"] in eligible:
            _write(state, spent=a["id"], eligible=[])
            return
    now = [
        a["id"]
        for a in plan
        if not a.get("done") and column_shift(R, state, a["attackers"], a["defenders"]) == 1
    ]
    if now != sorted(eligible):
        _write(state, eligible=now)


# ------------------------------------------------------------------ after every action
def _position(state: State) -> tuple[str, int]:
    return (state["turn"], PHASES.index(state["phase"]))


def _crossed(before: tuple[str, int], now: tuple[str, int], phase: str) -> bool:
    """Whether the sequence passed the start of ``phase`` (of the current or the previous
    month) between two points."""
    i = PHASES.index(phase)
    return any(before < (turn, i) <= now for turn in {before[0], now[0]})


# SNO 10.0: the special units - Zhukov here (10.6), factories in factories.py (10.4)
def update(R: Rules, state: State) -> None:  # SNO 10.6
    """What happens to Zhukov by itself, after every action: his reappearance and the new OMP
    (10.6.2, 10.6.4, 10.6.5), the AD flip after a whole OMP in Moscow and its end (10.6.7),
    and being left alone or losing his hex's units (10.6.2-10.6.3)."""
    z = zhukov_id(R)
    if z is None or z not in state["units"] or state["units"][z]["at"] == "out":
        return
    now = _position(state)
    seen = record(state).get("seen")
    before = (str(seen[0]), int(seen[1])) if seen else now
    if before != now:
        if _crossed(before, now, "soviet_omp"):
            begin_omp(R, state)
        if _crossed(before, now, "soviet_form"):
            end_omp(R, state)
        if _crossed(before, now, "soviet_disband"):
            end_combat(R, state)
    at = where(R, state)
    if at is not None:
        if state["phase"] == "soviet_omp" and at != home(R):
            _write(state, away=True)
        if not companions(R, state, at):
            alone(R, state, z)
    if state["phase"] == "soviet_combat":
        _note_ad_attacks(R, state)
    at = where(R, state)
    company = companions(R, state, at) if at is not None else []
    if record(state).get("company") != company or seen is None or list(before) != list(now):
        _write(state, company=company, seen=list(now))


def start(R: Rules, state: State, turn: str, phase: str) -> None:
    """Play begins at ``phase`` of ``turn`` (a scenario's first set-up step, a position's
    phase): :func:`update` sees that phase begin as in a played game - the Soviet OMP's
    beginning (10.6.2, 10.6.4, 10.6.5), so a position starting in it counts the whole OMP
    for 10.6.7 - but not the end of a phase it did not see (the OMP before a Combat Phase)."""
    z = zhukov_id(R)
    if z is None or z not in state["units"] or state["units"][z]["at"] == "out":
        return
    if phase == "soviet_omp":
        begin_omp(R, state)  # SNO 10.6.5: the OMP's beginning, before any unit moves
    _write(state, seen=[turn, PHASES.index(phase)])
    update(R, state)


def alone(R: Rules, state: State, z: str) -> None:
    """SNO 10.6.2-10.6.3: Zhukov is alone in his hex: eliminated if every Soviet unit that was
    with him has just been eliminated by assault combat or overrun (the Axis OMP or Combat
    Phase), else taken off the map until the next Soviet OMP."""
    company = record(state).get("company") or []
    gone = bool(company) and all(state["units"][u]["at"] in ("dead", "lost") for u in company)
    if gone and state["phase"] in ASSAULT_PHASES:
        returns = next_year(state["turn"])  # SNO 10.6.4: exactly twelve months later
        set_unit(state, z, at=DEAD, flipped=False)
        _write(state, returns=returns, **{"with": None})
    else:
        set_unit(state, z, at=OFF)  # SNO 10.6.2
        _write(state, **{"with": None})


def begin_omp(R: Rules, state: State) -> None:
    """The beginning of the Soviet OMP: Zhukov reappears if he was off the map (10.6.2) or
    his twelve months are up (10.6.4), and may be placed (10.6.5)."""
    z = zhukov_id(R)
    assert z is not None
    rec = state["units"][z]
    returns = record(state).get("returns")
    back = returns is not None and returns <= state["turn"]  # SNO 10.6.4
    due = rec["at"] == OFF or (rec["at"] == DEAD and back)
    if due:
        host = _host(R, state)
        if host is not None:
            set_unit(state, z, at=host)
            _write(state, returns=None)
    _write(state, placed=False, away=False, spent=None, eligible=[], **{"with": None})


def _host(R: Rules, state: State) -> str | None:
    """Where a returning Zhukov appears: with a Soviet unit in Moscow, else with the first
    Soviet unit by id (the player may then place him, 10.6.5)."""
    moscow = home(R)
    if moscow is not None and companions(R, state, moscow):
        return moscow
    for u, rec in sorted(state["units"].items()):
        unit = R.unit(u)
        if unit.side == "soviet" and unit.type != "zhukov" and rec["at"] not in BOX_SET:
            return str(rec["at"])
    return None


def end_omp(R: Rules, state: State) -> None:
    """SNO 10.6.7: after a whole Soviet OMP in Moscow Zhukov turns to his AD side."""
    z = zhukov_id(R)
    assert z is not None
    whole = where(R, state) == home(R) is not None and not record(state).get("away")
    if whole and not is_ad(R, state):
        set_unit(state, z, flipped=True)
        _write(state, ad=state["turn"])
    _write(state, **{"with": None})


def end_combat(R: Rules, state: State) -> None:
    """SNO 10.6.7: the end of the Soviet Combat Phase after the flip: back to the D side
    unless he is in Moscow."""
    z = zhukov_id(R)
    assert z is not None
    ad = record(state).get("ad")
    if is_ad(R, state) and ad is not None and ad < state["turn"] and where(R, state) != home(R):
        set_unit(state, z, flipped=False)
        _write(state, ad=None)
    _write(state, spent=None, eligible=[])


def next_year(turn: str) -> str:
    out = turn
    for _ in range(12):
        out = next_month(out)
    return out


__all__ = [
    "VERBS",
    "actions",
    "carried",
    "column_shift",
    "follow",
    "perform",
    "start",
    "update",
]
