"""DR 12.0 Optional Rules that act on their own: Defiant Turkey's entry roll (12.5) and the
Hungarian Fast Corps going home (12.9). The other options change set-up (12.1-12.3, 12.6-12.8),
replacements (12.4) or counters in play, where those rules live."""

from __future__ import annotations

from ...core.phases import Outcome
from ...core.protocol import Action, Prompt, roll
from .control import set_control
from .rules import Rules, State, set_unit, side_units, units_at
from .setting_up import option_rules
from .setup import load_setup
from .stacking import stack_problems
from .zoc import country

PENDING_KINDS = ("turkish_third_army",)
THIRD_ARMY = "Turkish Third Army"  # its set-up code on the counters

TURKEY_ENTERS_ON = 12  # DR 12.5: a modified roll of 12 or more
# DR 12.0: the options themselves are chosen when a game is created (game.py)


def turkey_entry_roll(R: Rules, state: State) -> None:
    """DR 12.5: at the start of the Axis Organization Phase, two dice, modified, 12+ and
    Turkey enters the war; its units are placed as its set-up card shows."""
    if not state["options"].get("defiant-turkey") or state.get("turkey_at_war"):
        return
    dice = roll(state, 2, "Defiant Turkey (DR 12.5)")
    total = sum(dice) + turkey_modifier(R, state)
    if total < TURKEY_ENTERS_ON:
        return

    state["turkey_at_war"] = True
    for uid, h in load_setup().entry_placement(option_rules(state)).items():
        unit = R.unit(uid)
        if (
            unit.nationality == "turkish"
            and state["units"][uid]["at"] == "reserve"
            and unit.setup != THIRD_ARMY
        ):  # the First and Second Armies: fixed hexes
            set_unit(state, uid, at=h)
    set_control(state, R.map.regions["Turkey"].hexes, "axis")
    if third_army_to_place(R, state):  # DR 12.5: the Axis player places the Third Army
        state["pending"] = {"kind": "turkish_third_army", "side": "axis"}


def third_army_to_place(R: Rules, state: State) -> list[str]:
    return [
        u
        for u, d in sorted(state["units"].items())
        if d["at"] == "reserve" and R.unit(u).setup == THIRD_ARMY
    ]


def third_army_hexes(R: Rules, state: State, uid: str) -> list[str]:
    """DR 12.5: hexes in Turkey within two hexes of the Turkish-Soviet border."""
    turkey = R.map.regions["Turkey"].hexes
    soviet = R.map.regions["Soviet Union"].hexes
    border = {h for h in turkey if any(n in soviet for n in R.map.grid.neighbours(h))}
    near = {h for b in border for h in R.map.grid.within(b, 1) if h in turkey}  # 2 with border
    return sorted(
        h
        for h in near
        if R.map.terrain_of(h) not in ("sea", "lake")
        and not stack_problems(R, state, [*units_at(state, h), uid])
    )


def actions(R: Rules, state: State) -> list[Action]:
    uid = third_army_to_place(R, state)[0]
    return [
        Action(
            "place",
            (uid, h),
            f"Place {R.unit(uid).name} in {h}",
            "DR 12.5",
            "axis",
            role="move",
            units=(uid,),
            hexes=(h,),
            group="Set up in",
            highlight="place",
        )
        for h in third_army_hexes(R, state, uid)
    ]


def perform(R: Rules, state: State, action: Action) -> Outcome:
    set_unit(state, str(action.args[0]), at=str(action.args[1]))
    if not third_army_to_place(R, state):
        state["pending"] = None
    return None  # the phase it came in goes on


def prompt(R: Rules, state: State) -> Prompt:
    n = len(third_army_to_place(R, state))
    return Prompt(
        "axis",
        f"Turkey enters the war: place the Third Army ({n} units) within two "
        "hexes of the Soviet border",
        "DR 12.5",
    )


def turkey_modifier(R: Rules, state: State) -> int:
    """DR 12.5: +1 for each Soviet major city and fortress the Axis controls; -3 in Snow,
    -2 in Mud; -2 if at least three Soviet units are adjacent to the Turkish border."""
    mod = 0
    for p in R.map.places.values():
        soviet_place = country(R, p.hex) == "Soviet Union"
        if (
            soviet_place
            and (p.is_("major_city") or p.is_("fortress"))
            and state["control"].get(p.hex) == "axis"
        ):
            mod += 1
    mod -= {"snow": 3, "mud": 2}.get(state.get("weather") or "", 0)
    turkey = R.map.regions["Turkey"].hexes
    near = {n for h in turkey for n in R.map.grid.neighbours(h) if n not in turkey}
    soviets = [
        u
        for h in near
        for u in units_at(state, h)
        if R.unit(u).side == "soviet" and R.unit(u).is_ground
    ]
    if len(soviets) >= 3:
        mod -= 2
    return mod


def hungarian_fast_corps_roll(R: Rules, state: State) -> None:
    """DR 12.9: from September, on a 1 (1-2 in October, 1-3 November, 1-4 December) the
    Hungarian Fast Corps leaves the game without counting as a casualty."""
    if not state["options"].get("hungarian-fast-corps") or state["turn"] < 4:
        return
    corps = [
        u
        for u in side_units(R, state, "axis")
        if R.unit(u).nationality == "hungarian" and R.unit(u).designation == "Mob"
    ]
    if not corps:
        return
    die = roll(state, 1, "Hungarian Fast Corps (DR 12.9)")[0]
    if die <= state["turn"] - 3:  # DR 12.9: 1 in September, one more each month
        for uid in corps:
            set_unit(state, uid, at="removed")
