"""Defiant Russia's boxes beside the map (``views.off_map``) are kept by what they are made
of (issue 36: a view after every move): through random games, what is found kept is what
the boxes are made anew, and a position whose boxes are kept is answered with them."""

from __future__ import annotations

from typing import Any

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.memo import facts_of
from ostfront.core.rng import new_rng
from ostfront.games import get
from ostfront.games.dr import views

OPTIONS = ["five-year-plan", "early-start", "universal-conscription", "timoshenko"]


def made_anew(game: Any, state: Any) -> list[dict[str, Any]]:
    facts_of(game.rules_for(state)).pop(views._OFF_MAP, None)
    out: list[dict[str, Any]] = game.off_map(state)
    facts_of(game.rules_for(state)).pop(views._OFF_MAP, None)
    return out


@pytest.mark.parametrize(("options", "seed"), [([], 3), (OPTIONS, 8)])
def test_boxes_kept_are_the_boxes_made_anew(options: list[str], seed: int) -> None:
    game = get("dr")
    state = game.setup(None, options, seed)
    player = RandomPlayer(new_rng(seed))
    hits = 0
    for _ in range(400):
        if game.active_side(state) is None:
            break
        kept = game.off_map(state)  # made, or kept from an earlier position's
        hits += kept is game.off_map(state)
        assert kept == made_anew(game, state)
        game.off_map(state)  # kept again, for the next position
        state = game.apply(state, player.choose_from(game.legal_actions(state)))
    assert hits == 400  # a second look finds the first's


def test_boxes_are_kept_apart_by_options_and_sides() -> None:
    game = get("dr")
    plain, optional = game.setup(None, [], 3), game.setup(None, OPTIONS, 3)
    game.off_map(plain)
    mixed = {**plain, "options": optional["options"]}  # the same units, other options
    assert made_anew(game, mixed) != made_anew(game, plain)  # reinforcements' turns differ
    game.off_map(plain)
    assert game.off_map(mixed) == made_anew(game, mixed)
    R = game.rules_for(plain)
    one_side = views.off_map(R, plain, ["axis"])
    assert {b["side"] for b in one_side} == {"axis"}
    assert views.off_map(R, plain, ["axis", "soviet"]) == made_anew(game, plain)
