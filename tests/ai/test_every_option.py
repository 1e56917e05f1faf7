"""The computer players play with every optional rule of Defiant Russia on (12.1-12.9):
each of their choices is legal and the game goes on through the first turn."""

from __future__ import annotations

import pytest

from ostfront.ai.players import make_player
from ostfront.games import get

GAME = get("dr")
EVERY_OPTION = [o.id for o in GAME.options() if o.applies_to("1941")]


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_a_level_plays_the_first_turn_with_every_option(level: str) -> None:
    s = GAME.setup("1941", EVERY_OPTION, 4)
    assert s["turn"] == 0  # DR 12.3: Early Start's May turn comes first
    players = {side: make_player(level, 40 + i) for i, side in enumerate(GAME.sides)}
    steps = 0
    while GAME.active_side(s) is not None and s["turn"] < 2 and steps < 5000:
        side = GAME.active_side(s)
        a = players[side].choose(GAME, s)
        assert a in GAME.legal_actions(s)
        s = GAME.apply(s, a)
        steps += 1
    assert s["turn"] == 2, (s["turn"], s["phase"], steps)
