"""The paths the game page draws: each unit's supply line (DR 5.0) and the way a move will go,
through the API and against the engine's own answers; the units off the map as counters."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import act, new_game, view

from ostfront import games
from ostfront.core.paths import path_to
from ostfront.core.protocol import State
from ostfront.games.dr import movement, rail, supply
from ostfront.games.dr.rules import reading, set_unit
from ostfront.server.paths import supply_lines

TO_AXIS_MOVE = ("historical", "done", "historical", "done", "done")


@pytest.fixture(scope="module")
def axis_move() -> State:
    """A DR 1941 game at the Axis Movement Phase of Turn 1 (both sides set up historically)."""
    game = games.get("dr")
    state = game.setup("1941", {}, 11)
    for text in TO_AXIS_MOVE:
        state = game.apply(state, text)
    return state


def check_lines(state: State, side: str, lines: dict[str, dict[str, Any]]) -> None:
    """Every line is a real supply line: as long as the rules allow, through open hexes, along
    rail to one of the sources; and a unit has one exactly when the engine says it is in
    supply (save the two rules that need no path)."""
    game = games.get("dr")
    R = game.rules_for(state)
    grid = R.map.grid
    with reading(state):
        blocked = supply.blocked_hexes(R, state, side)
        for uid, line in lines.items():
            assert line["ok"] == supply.in_supply(R, state, uid), uid
            if line.get("note", "").startswith(("in supply anywhere in Finland", "Leningrad")):
                continue
            assert bool(line["path"]) == line["ok"], (uid, line)
            if not line["ok"]:
                assert "no path of" in line["note"] and "DR 5.0" in line["note"]
                continue
            path, line_rail = line["path"], line["rail"]
            kind = supply.supply_kind(R, uid)
            assert path[0] == state["units"][uid]["at"]
            assert len(path) - 1 <= supply.path_length(R, state, side, kind)
            assert all(b in grid.neighbours(a) for a, b in pairwise(path))
            assert line_rail[0] == path[-1]
            assert all(b in R.map.rail_neighbours(a) for a, b in pairwise(line_rail))
            assert line["source"] == line_rail[-1]
            assert line["source"] in supply.sources(R, side, kind, state)
            assert not (set(path[1:]) | set(line_rail)) & blocked, uid


# ------------------------------------------------------------------ supply lines
def test_supply_overlay_sends_each_units_line(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_MOVE)
    at = {c["id"]: c["hex"] for c in v["counters"]}
    for side in ("axis", "soviet"):
        o = client.get(f"/api/games/{gid}/overlay/supply", params={"side": side}).json()
        assert o["lines"] and set(o["lines"]) == set(o["units"])
        assert all(o["units"][u] == line["ok"] for u, line in o["lines"].items())
        drawn = [line for line in o["lines"].values() if line["path"]]
        assert drawn, "units in supply have their path to the rail line"
        for uid, line in o["lines"].items():
            assert not line["path"] or line["path"][0] == at[uid]
    o = client.get(f"/api/games/{gid}/overlay/supply", params={"side": "axis"}).json()
    finns = [line for u, line in o["lines"].items() if u.startswith("fin-")]
    assert finns and all("Finland" in line["note"] for line in finns)  # DR 5.3
    sources = {line["source"] for line in o["lines"].values() if line["source"]}
    assert sources <= {"1702", "2204"}  # Berlin, Vienna


def test_supply_lines_are_the_rules_lines(axis_move: State) -> None:
    for side in ("axis", "soviet"):
        lines = supply_lines(games.get("dr"), axis_move, side)
        assert lines
        check_lines(axis_move, side, lines)


def test_a_unit_cut_off_has_no_line(axis_move: State) -> None:
    state = dict(axis_move)
    state["units"] = {u: dict(d) for u, d in axis_move["units"].items()}
    set_unit(state, "sov-10-army", at="1905")  # Breslau, behind the Axis lines
    lines = supply_lines(games.get("dr"), state, "soviet")
    cut = lines["sov-10-army"]
    assert not cut["ok"] and cut["path"] == [] and "Saratov" in cut["note"]
    check_lines(state, "soviet", lines)


def test_snow_shortens_axis_paths(axis_move: State) -> None:
    state = dict(axis_move, weather="snow")
    lines = supply_lines(games.get("dr"), state, "axis")
    german = [line for u, line in lines.items() if line["kind"] == "axis" and line["path"]]
    assert german and max(len(line["path"]) - 1 for line in german) <= 2  # DR 5.2
    check_lines(state, "axis", lines)


# ------------------------------------------------------------------ move paths
def test_moves_carry_the_path_the_engine_takes(client: TestClient, axis_move: State) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_MOVE, "select ger-xxiv-pz")
    start = next(c["hex"] for c in v["counters"] if c["id"] == "ger-xxiv-pz")
    moves = [a for a in v["actions"] if a["verb"] in ("to", "rail")]
    assert {a["verb"] for a in moves} == {"to", "rail"}
    game = games.get("dr")
    state = game.apply(axis_move, "select ger-xxiv-pz")
    R = game.rules_for(state)
    for a in moves:
        path = a["path"]
        assert path[0] == start and path[-1] == a["hex"], a
        if a["verb"] == "to":  # the search `to` makes when applied (movement.perform)
            assert path == path_to(
                movement.reach_of(R, state, "ger-xxiv-pz", goal=a["hex"]), a["hex"]
            )
        else:  # rail.rail_move's
            assert path == path_to(rail.rail_reach(R, state, "ger-xxiv-pz"), a["hex"])
    assert all(a["path"] is None for a in v["actions"] if a["verb"] not in ("to", "rail"))
    # and the unit does go that way: every hex of the path is Axis-controlled afterwards
    longest = max((a for a in moves if a["verb"] == "to"), key=lambda a: len(a["path"]))
    after = game.apply(state, longest["text"])
    assert all(after["control"].get(h) == "axis" for h in longest["path"])


# ------------------------------------------------------------------ off the map
def test_units_off_the_map_are_drawn_as_counters(client: TestClient) -> None:
    v = view(client, new_game(client))
    units = [u for b in v["boxes"] for u in b["units"]]
    assert units and all(f'data-counter="{u["id"]}"' in u["svg"] for u in units)
    assert all(u["svg"].startswith('<g class="counter') for u in units)
