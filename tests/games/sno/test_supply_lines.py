"""The supply lines the browser draws (games/sno/supply_lines.py): read from what supply.py
found (SNO 9.1.1-9.1.2) - in supply exactly when supply.status says so, a path of adjacent
hexes inside the supplied area from the unit to a source or a friendly city, or a note
saying how else the unit is supplied (siege supply, 9.4.2) or why it is not."""

from __future__ import annotations

from itertools import pairwise

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.games.sno import supply, supply_lines

from .arrangements import AROUND_LENINGRAD, RING_1209


def test_9_1_2_a_line_to_the_map_edge_and_a_unit_in_a_supply_point(R, make_state) -> None:
    """The Soviet 3rd Army at 1906 traces five hexes east to the map edge at 2001 (9.1a); a
    German corps in Warsaw (0922, Axis-controlled) stands in a supply point (9.2b)."""
    s = make_state({"ger-5-corps": "0922", "sov-3-army": "1906"})
    soviet = supply_lines.line(R, s, "sov-3-army")
    assert soviet["ok"] is True
    assert soviet["path"] == ["1906", "2005", "2004", "2003", "2002", "2001"]
    assert soviet["source"] == "2001"
    assert soviet["text"] == "in supply: 5 hexes to the map edge at 2001 (SNO 9.1.2)"
    german = supply_lines.line(R, s, "ger-5-corps")
    assert german["path"] == ["0922"]
    assert german["text"] == "in supply: in Warsaw, a supply point (SNO 9.2b)"


def test_9_0_a_ringed_unit_has_no_line(R, make_state) -> None:
    s = make_state({"ger-7-corps": "1209", **RING_1209})
    line = supply_lines.line(R, s, "ger-7-corps")
    assert line["ok"] is False and line["path"] == [] and line["source"] is None
    assert line["text"] == (
        "out of supply: no chain of hexes carries a supply line to it (SNO 9.1.2)"
    )


def test_9_4_2_siege_supply_is_named_not_drawn(R, make_state) -> None:
    """Two armies in besieged Leningrad (8 factors against 6): the 11th is supplied by the
    siege, the 8th is not (siege.supplied's order until the owner chooses)."""
    s = make_state(
        {**AROUND_LENINGRAD, "sov-8-army": "0308", "sov-11-army": "0308"},
        turn="1941-09",
        control={},
        seas={"Baltic Sea": "axis"},
    )
    lines = supply_lines.lines(R, s, "soviet")
    assert lines["sov-11-army"]["text"] == "in supply: siege supply from Leningrad (SNO 9.4.2)"
    assert lines["sov-11-army"]["source"] == "0308" and lines["sov-11-army"]["path"] == []
    assert lines["sov-8-army"]["text"] == (
        "out of supply: Leningrad cannot supply it too: siege supply is full (SNO 9.4.2.2)"
    )


def test_lines_agree_with_supply_across_a_random_campaign(R) -> None:
    """Every 25th position of a random 1941 campaign: a line for exactly the units
    supply.status judges, in supply exactly as it says, each path starting at the unit's hex,
    stepping between neighbours, inside the supplied area, ending at its source."""
    game = get("sno")
    state = game.setup("1941", {}, 7)
    player = RandomPlayer(new_rng(7))
    checked = 0
    while game.active_side(state) is not None and state["turn"] < "1941-09":
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
        if state["step"] % 25 or state["phase"].endswith("setup"):
            continue
        for side in ("axis", "soviet"):
            status = supply.status(R, state, side)
            lines = supply_lines.lines(R, state, side)
            assert set(lines) == set(status)
            for uid, line in lines.items():
                assert line["ok"] is status[uid], uid
                path = line["path"]
                if not path:
                    continue
                unit = R.unit(uid)
                area = supply.supplied_area(R, state, side, unit.nationality)
                assert path[0] == state["units"][uid]["at"] and path[-1] == line["source"]
                assert all(h in area for h in path)
                assert all(b in R.map.grid.neighbours(a) for a, b in pairwise(path))
                checked += 1
    assert checked > 500
