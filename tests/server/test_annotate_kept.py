"""The legal actions' items (``describe.annotate``) found kept by the action's identity
are the items made anew, in whichever place of the list the action comes (DR keeps its
``select`` actions, SNO makes its actions anew)."""

from __future__ import annotations

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.server import describe


@pytest.mark.parametrize("name", ["dr", "sno"])
def test_annotated_kept_are_the_items_made_anew(name: str) -> None:
    game = get(name)
    state = game.setup(None, [], 11)
    player = RandomPlayer(new_rng(11))
    hits = 0
    seen: dict[str, object] = {}  # each text's item last made
    legal = []
    for _ in range(200):
        if game.active_side(state) is None:
            break
        legal = game.legal_actions(state)
        kept = describe.annotate(game, state, legal)
        hits += sum(1 for item in kept if item is seen.get(item["text"]))
        assert kept == [describe._annotated(a, i) for i, a in enumerate(legal)]
        seen.update({item["text"]: item for item in kept})
        quick = [a for a in legal if a.text == "historical"]  # DR: the set-up at once
        state = game.apply(state, quick[0] if quick else player.choose_from(legal))
    if name == "dr":
        assert hits > 500
    shifted = legal[::-1]  # the same actions in other places: made for their places
    assert describe.annotate(game, state, shifted) == [
        describe._annotated(a, i) for i, a in enumerate(shifted)
    ]
