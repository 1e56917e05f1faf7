"""SNO 6.0 Weather: the month's weather (6.1), what freezes (6.2), and what weather does to
movement allowances (6.3, 6.5.1-6.5.2).

The weather table is data (``tables.toml [weather]``); the Arctic Weather Lines, the freeze
points and the Gorki river system are map data (regions ``SNO 6.2.1 on or north-east of the …
AWL``, lines ``SNO 6.2.2 freeze points, … AWL``, the tag ``gorki_river_system``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ...core.hexgrid import hexside_id, split_hexside
from ...core.memo import per_components, remember, remembered
from ...core.protocol import roll, roll_result
from .options import may1941
from .rules import Rules, State, month_name, next_month
from .tables import april_weather, october_weather

#: SNO 6.2.1: which Arctic Weather Line each Snow month uses (names as on the map).
AWL_OF_MONTH = {
    "January": "January",
    "December": "December and February",
    "February": "December and February",
    "November": "November and March",
    "March": "November and March",
}


# ------------------------------------------------------------------ 6.1 determination
def determine(R: Rules, state: State) -> None:
    """SNO 6.1.1: the weather of ``state["turn"]``, decided at the start of the game-turn.

    6.1.2 fixes June-September (Good) and December-February (Snow); 6.1.3 rolls one die each
    October (and, after a Good October, each April) and fixes the months that follow in
    ``state["weather_plan"]``. A month neither fixed nor planned (a game begun from a
    position after October) is decided by the October roll made then - the reading the
    coverage table records for 6.1.3."""
    # SNO 6.0: one weather for the month
    # SNO 6.1.1: decided as the game-turn begins, for both player-turns
    turn = state["turn"]
    name = month_name(turn)
    plan = state.setdefault("weather_plan", {})
    fixed = R.tables.spec.weather.fixed
    if plan.get(turn) == may1941.ROLL:  # SNO 14.55, 14.65: May 1941 rolled
        may1941.roll_weather(R, state)
        return
    if turn == state.get("start_turn") and plan.get(turn) in ("good", "mud", "snow"):
        # SNO 12.B(6), 12.C(6)a, 12.D(6)a: a scenario's first month has the scenario's
        # weather (June 1943's Mud against 6.1.2 too), planned at its start (deployment.py)
        state["weather"] = plan[turn]
        return
    if name in fixed:  # SNO 6.1.2
        state["weather"] = fixed[name]
        return
    if turn in plan:
        if name == "April" and plan[turn] == "roll":  # SNO 6.1.3b: another die in April
            die = roll(state, 1, "SNO 6.1.3b April weather")[0]
            row = april_weather(R.tables, die)
            state["weather"] = row.april
            roll_result(state, str(row.april))
            _plan(state, turn, row.then)
            return
        state["weather"] = plan[turn]
        return
    # SNO 6.1.3: the October roll (or, unplanned, the roll for the rest of this winter)
    die = roll(state, 1, "SNO 6.1.3 October weather")[0]
    orow = october_weather(R.tables, die)
    if name == "October":
        state["weather"] = orow.october
        roll_result(state, str(orow.october))
    _plan(state, turn, orow.then)
    if orow.april_roll:
        _plan(state, turn, {"April": "roll"})
    if name != "October":
        state["weather"] = state["weather_plan"].get(turn, orow.october)


def _plan(state: State, turn: str, then: Mapping[Any, str]) -> None:
    """Write 'the following' months of ``then`` into the plan, the next of each name."""
    plan = dict(state.get("weather_plan") or {})
    for month, weather in then.items():
        m = turn
        for _ in range(12):
            if month_name(m) == month and (m != turn or month == month_name(turn)):
                break
            m = next_month(m)
        plan[m] = weather
    state["weather_plan"] = plan


def winter_1941(state: State) -> bool:  # SNO 6.5
    """A Snow month of the winter of 1941/42 (6.5)."""
    return bool(state["weather"] == "snow" and "1941-10" <= state["turn"] <= "1942-04")


# ------------------------------------------------------------------ 6.2 what freezes
def awl_region(R: Rules, state: State) -> frozenset[str]:  # SNO 6.2.1 (SNO 6.2)
    """SNO 6.2.1: the hexes on or north-east of this month's Arctic Weather Line in a Snow
    month (empty when the weather is not Snow: 'the AWL has no significance')."""
    if state["weather"] != "snow":
        return frozenset()
    line = AWL_OF_MONTH.get(month_name(state["turn"]))
    if line is None:
        return frozenset()
    return _awl_hexes(R, line)


@per_components()
def _awl_hexes(R: Rules, line: str) -> frozenset[str]:
    region = R.map.regions.get(f"SNO 6.2.1 on or north-east of the {line} AWL")
    return region.hexes if region else frozenset()


def awl(R: Rules, state: State, hex_id: str) -> bool:
    """On or north of the Arctic Weather Line in a Snow month (6.3.3, 8.2.2c, 6.5)."""
    return hex_id in awl_region(R, state)


def frozen_hexes(R: Rules, state: State) -> frozenset[str]:
    """SNO 6.2.1: swamp and lake hexes on or north-east of the month's AWL in Snow."""
    region = awl_region(R, state)
    if not region:
        return frozenset()
    return _frozen_hexes(R, region)


@per_components()
def _frozen_hexes(R: Rules, region: frozenset[str]) -> frozenset[str]:
    return frozenset(h for h in region if R.map.terrain.get(h) in ("swamp", "lake"))


def frozen_sides(R: Rules, state: State) -> frozenset[str]:
    """SNO 6.2.1-6.2.2: the river, canal and lake hex sides frozen this month."""
    if state["weather"] != "snow":
        return frozenset()
    return _frozen_sides(R, AWL_OF_MONTH.get(month_name(state["turn"]), ""))


@per_components()
def _frozen_sides(R: Rules, line: str) -> frozenset[str]:
    region = _awl_hexes(R, line) if line else frozenset()
    gorki = frozenset(h for h, tags in R.map.tags.items() if "gorki_river_system" in tags)
    points = R.map.lines.get(f"SNO 6.2.2 freeze points, {line} AWL")
    freeze_at = set(points.sides) if points else set()
    out: set[str] = set()
    for feature in R.map.features:
        if feature.kind not in ("river", "canal", "lake"):
            continue
        upstream = False
        # SNO 6.2.2: frozen upstream of the point where the river flows north-east of the AWL
        # (the freeze lines, # SNO 5.5.7; the sides are listed from source to mouth, so
        # upstream is 'before')
        if feature.kind == "river" and freeze_at.intersection(feature.sides):
            upstream = True
        for side in feature.sides:
            a, b = split_hexside(side)
            if upstream or (a in region and b in region):  # 6.2.1
                out.add(side)
            elif feature.kind == "river" and a in gorki and b in gorki:
                out.add(side)  # 6.2.2: the Gorki system freezes whole in any Snow month
            if side in freeze_at:
                upstream = False
    return frozenset(out)


def terrain(R: Rules, state: State, hex_id: str) -> str | None:
    """A hex's terrain for movement and combat: frozen swamp and lake are clear (6.2.3)."""
    t = R.map.terrain.get(hex_id)
    if t in ("swamp", "lake") and hex_id in frozen_hexes(R, state):
        return "clear"  # SNO 6.2.3
    return t


def blocked(R: Rules, state: State, a: str, b: str) -> bool:
    """The side between adjacent ``a`` and ``b`` may not be moved, traced or attacked across,
    nor does a ZOC reach across it (5.1.6, 3.1.2, 5.6.7, 9.1.2): a sea side, an unfrozen lake
    side, or an unfrozen all-lake or sea hex on either side."""
    key = (a, b)
    memo = remembered(state, "blocked")
    if memo is None:
        memo = remember(state, "blocked", {})
    if memo is not None and key in memo:
        return bool(memo[key])
    kinds = R.map.side_kinds(a, b)
    out = "sea" in kinds  # SNO 6.2.4: sea sides and hexes (the Baltic's too) never freeze
    if not out and "lake" in kinds:
        out = hexside_id(a, b) not in frozen_sides(R, state)
    if not out:
        out = terrain(R, state, a) in ("lake", "sea") or terrain(R, state, b) in ("lake", "sea")
    if memo is not None:
        memo[key] = out
    return out


def river(R: Rules, state: State, a: str, b: str) -> bool:
    """An unfrozen river (or the canal, 5.5.8) on the side between ``a`` and ``b`` (6.2.3:
    frozen rivers are clear)."""
    kinds = R.map.side_kinds(a, b)
    if "river" not in kinds and "canal" not in kinds:
        return False
    return hexside_id(a, b) not in frozen_sides(R, state)


def strait(R: Rules, a: str, b: str) -> bool:
    """SNO 5.5.5: the Kerch Straits and the sides treated in the same manner."""
    return "strait" in R.map.side_kinds(a, b)


# ------------------------------------------------------------------ 6.3 movement
def halved(mf: int, round_up: bool) -> int:
    """Half, rounded as 6.3 says: ``halved(5, True) == 3``, ``halved(5, False) == 2``."""
    return (mf + 1) // 2 if round_up else mf // 2


def allowance(R: Rules, state: State, side: str, mf: int, bonus: int = 0) -> int:  # SNO 6.3
    """A unit's movement allowance from its printed factor ``mf`` and any strategic bonus.

    - SNO 6.3.1 Mud: halved, rounded up for Soviet units and down for Axis ones, and never
      more than 3 - 'also applied to the Strategic Movement Bonus': the reading (coverage
      table, 6.3.1 vs 5.3.2) is that the bonus is not halved (5.3.2: 'unaffected by weather')
      but the allowance with the bonus is capped at 3 all the same.
    - SNO 6.3.2 Snow: halved, rounded up for both sides; 6.5.2: Axis fractions rounded down
      in the Snow months of the winter of 1941/42. The bonus is added whole (5.3.2).
    """
    weather = state["weather"]
    if weather == "mud":  # SNO 6.3.1
        cap = R.tables.spec.movement.mud_maximum
        return min(cap, halved(mf, side == "soviet") + bonus)
    if weather == "snow":  # SNO 6.3.2
        round_up = not (side == "axis" and winter_1941(state))  # SNO 6.5.2
        return halved(mf, round_up) + bonus
    return mf + bonus


def bonus(R: Rules, side: str) -> int:
    """SNO 5.3.2: the strategic movement bonus, two for the Axis, three for the Soviets."""
    by_side = cast(Mapping[str, int], R.tables.spec.movement.strategic_bonus)
    return int(by_side[side])
