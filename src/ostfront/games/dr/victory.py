"""DR 13.0 Winning the Game: victory cities, Stalin, the casualty point, automatic victory."""

from __future__ import annotations

from ...core.state import Winner
from .charts import casualty_weight, victory_cities
from .rules import Rules, State, on_map

LAST_TURN = 7  # DR 4.12: seven turns, June to December 1941


def turns_to_go(state: State) -> int | None:
    """DR 4.12: the turns the game has after this one (0 in December 1941, its last); None
    for a scenario card's game, which ends by its own rules."""
    return None if state.get("card") else max(0, LAST_TURN - int(state["turn"]))


def last_turn(state: State) -> bool:
    """DR 4.12, 13.0A: is this the game's last turn (December 1941), after which only the
    points of 13.0 count? (A scenario card's game ends by its own rules: never.)"""
    return turns_to_go(state) == 0


def city_points(R: Rules, state: State) -> dict[str, int]:
    """DR 13.0B-C: each side's points for the victory cities it controls."""
    score = {"axis": 0, "soviet": 0}
    for name, points in victory_cities(R.charts).items():
        holder = state["control"].get(R.map.place_named(name).hex)
        if holder in score:
            score[holder] += points
    return score


def casualties(R: Rules, state: State) -> dict[str, int]:
    """DR 13.0E: each side's weighted count of its units not in play at the end (units taken
    out without being eliminated, 11.4.5 and 12.9, do not count)."""
    out = {"axis": 0, "soviet": 0}
    for uid, d in state["units"].items():
        if d["at"] in ("dead", "lost"):
            unit = R.unit(uid)
            leader = unit.name if unit.is_leader else ""
            out[unit.side] += casualty_weight(R.charts, unit.nationality, unit.type, leader)
    return out


def stalin_point(state: State) -> str:
    """DR 13.0D: the side that scores for Stalin - the Soviets while he lives."""
    return "soviet" if state.get("stalin", "alive") == "alive" else "axis"


def casualty_point(lost: dict[str, int]) -> str:
    """DR 13.0E-F: the side that eliminated more (``lost``: each side's weighted losses,
    :func:`casualties`) scores; a tie goes to the Soviets."""
    return "axis" if lost["soviet"] > lost["axis"] else "soviet"


def score(R: Rules, state: State) -> tuple[dict[str, int], list[str]]:
    """Points of each side at the end of play, and how they were earned."""
    pts = city_points(R, state)
    why = [f"victory cities: Axis {pts['axis']}, Soviet {pts['soviet']}"]
    stalin = stalin_point(state)
    pts[stalin] += 1
    why.append(f"Stalin {'lives' if stalin == 'soviet' else 'is dead'}: {stalin} +1")
    lost = casualties(R, state)
    taker = casualty_point(lost)
    pts[taker] += 1
    why.append(
        f"casualties (weighted): Axis lost {lost['axis']}, Soviets lost "
        f"{lost['soviet']}: {taker} +1"
    )
    return pts, why


def automatic_victory(R: Rules, state: State) -> str | None:
    """DR 13.0H: the Axis holding Leningrad, Moscow and Stalingrad at once, or the Soviets
    holding Berlin."""

    def holds(side: str, name: str) -> bool:
        return bool(state["control"].get(R.map.place_named(name).hex) == side)

    if all(holds("axis", n) for n in ("Leningrad", "Moscow", "Stalingrad")):
        return "axis"
    if holds("soviet", "Berlin"):
        return "soviet"
    return None


def survival(R: Rules, state: State) -> None:
    """Defiant Poland's victory (research notes §5): the Poles win if any of their units is
    still on the map at the end of the turn, the Germans if none is."""
    alive = [
        u
        for u in state["units"]
        if R.unit(u).side == "soviet" and R.unit(u).is_ground and on_map(state, u)
    ]
    winner = "soviet" if alive else "axis"
    reason = (
        f"{len(alive)} Polish units survive: Poland fights on"
        if alive
        else "no Polish unit is left on the map"
    )
    state["winner"] = {"winner": winner, "score": {"polish_units": len(alive)}, "reason": reason}


def check_automatic(R: Rules, state: State) -> bool:
    """End the game at once if a side has won automatically. # DR 13.0H"""
    if state.get("card"):
        return False  # a scenario card's own condition replaces 13.0H
    side = automatic_victory(R, state)
    if side is None:
        return False
    state["winner"] = {
        "winner": side,
        "score": {},
        "reason": f"automatic victory for the {side} player (DR 13.0H)",
    }
    return True


def end_of_turn(R: Rules, state: State) -> None:
    """DR 4.12 / 13.0A: after the December turn the player with more points wins."""
    card = state.get("card")
    if card:
        if state["turn"] >= card["last_turn"] and card["victory"] == "survival":
            survival(R, state)
        return
    if check_automatic(R, state) or not last_turn(state):
        return
    pts, why = score(R, state)
    winner = max(pts, key=lambda s: pts[s])
    loser = "axis" if winner == "soviet" else "soviet"
    result: Winner = {
        "winner": winner,
        "score": pts,
        "reason": f"{winner} wins {pts[winner]}-{pts[loser]}: " + "; ".join(why),
    }
    state["winner"] = result
