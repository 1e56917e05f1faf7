"""Random legal play of Sturm Nach Osten from the shipped custom positions: no crash, no dead
end, no broken invariant (invariants.py) after any action, and the record replays to the same
state, bit for bit.

The large run (500 games: ``ostfront simulate sno --position FILE --games 125`` for each of the
four positions) is reported in docs/rules/sturm-nach-osten.md; this is its fixed-seed sample,
kept small for the test suite's time budget.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.ai.simulate import play_one
from ostfront.core.position import load_position
from ostfront.core.protocol import Action, Game, State, canonical_json
from ostfront.core.rng import choice_index, new_rng
from ostfront.games import get

POSITIONS = Path(__file__).resolve().parents[3] / "src/ostfront/games/sno/data/positions"
NAMES = sorted(p.stem for p in POSITIONS.glob("*.toml"))


def position(name: str) -> dict:
    return load_position(POSITIONS / f"{name}.toml")


def test_the_shipped_positions_are_there() -> None:
    assert NAMES == ["crimea-1941-11", "kiev-1941-08", "leningrad-1941-09", "smolensk-1941-07"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_play_to_the_end_and_replay(name: str, seed: int) -> None:
    report = play_one(get("sno"), seed, None, {}, check=True, position=position(name))
    assert report.problem is None, report.problem
    assert report.turns == "1941-12"  # each position ends at the December 1941 VDT (15.7)
    assert report.winner in ("axis", "soviet", None)


class FightingPlayer(RandomPlayer):
    """A random player that seldom fortifies, disbands or breaks out, and seldom ends a
    phase while it has something else to do: a uniform player takes one of those many
    actions nearly every time, fortifies its whole line (so no one need attack, 7.1.4d) and
    disbands its army, and the games never reach retreats, losses or advances."""

    RARE = frozenset({"fortify", "disband", "breakout", "end", "cancel", "order"})

    def choose(self, game: Game, state: State) -> Action:
        legal = game.legal_actions(state)
        common = [a for a in legal if a.verb not in self.RARE and a.verb != "undo"]
        if common and choice_index(self.rng, 10) < 9:
            return super().choose_from(common)
        return super().choose_from(legal)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [5, 6])
def test_fighting_games_play_to_the_end_and_replay(name: str, seed: int) -> None:
    players = {
        side: FightingPlayer(new_rng(seed * 2 + i)) for i, side in enumerate(("axis", "soviet"))
    }
    report = play_one(get("sno"), seed, None, {}, True, players, position(name))
    assert report.problem is None, report.problem
    assert report.turns == "1941-12"


@pytest.mark.parametrize("name", ["smolensk-1941-07", "kiev-1941-08"])
def test_apply_never_changes_the_state_it_is_given(name: str, seed: int = 3) -> None:
    """States are values: a copy shares the units table of the state it came from (a rule
    replaces it, ``rules.set_unit``, and never changes it or a unit's record in place)."""
    game = get("sno")
    state = game.setup(None, {}, seed, position=position(name))
    player = RandomPlayer(new_rng(seed))
    steps = 0
    while game.active_side(state) is not None:
        before = canonical_json({k: v for k, v in state.items() if k not in ("undo", "log")})
        after = game.apply(state, player.choose_from(game.legal_actions(state)))
        assert canonical_json({k: v for k, v in state.items() if k not in ("undo", "log")}) == (
            before
        ), steps
        state, steps = after, steps + 1
    assert steps > 50
