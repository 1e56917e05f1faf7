"""The June 1941 Campaign Scenario (SNO 12.A) played: random legal play from the set-up through
its first months, no crash, no dead end, no broken invariant after any action, and the record
replays to the same state, bit for bit.

The campaign puts every counter type in play: armor, juggernauts, shock armies, factories,
Zhukov. The large run (``ostfront simulate sno --games N``) is reported in
docs/rules/sturm-nach-osten.md.
"""

from __future__ import annotations

from typing import Any

from ostfront.ai.random_player import RandomPlayer
from ostfront.core import record as rec
from ostfront.core.protocol import Action, Game, State
from ostfront.core.rng import choice_index, new_rng
from ostfront.games import get
from ostfront.games.sno.rules import standard_rules

R = standard_rules()


class FightingPlayer(RandomPlayer):
    """A random player that seldom ends a phase, fortifies or disbands while it has something
    else to do (a uniform one fortifies its whole line and the armies never meet); uniform in
    the set-up."""

    RARE = frozenset({"fortify", "disband", "breakout", "end", "cancel", "order"})

    def choose(self, game: Game, state: State) -> Action:
        legal = game.legal_actions(state)
        if state["phase"].endswith("_setup"):
            return super().choose_from(legal)  # uniform: the set-up ends soon enough
        common = [a for a in legal if a.verb not in self.RARE and a.verb != "undo"]
        if common and choice_index(self.rng, 10) < 9:
            return super().choose_from(common)
        return super().choose_from(legal)


def play(seed: int, until: str, **options: Any) -> tuple[State, rec.Record]:
    """A fixed-seed campaign played by two fighting random players until the month ``until``
    begins (or the game ends), checking the invariants after every action."""
    game = get("sno")
    state = game.setup("1941", options, seed)
    record = rec.new_record(game, state)
    players = {s: FightingPlayer(new_rng(seed * 2 + i)) for i, s in enumerate(game.sides)}
    while game.active_side(state) is not None and state["turn"] < until:
        side = game.active_side(state)
        assert side is not None
        legal = game.legal_actions(state)
        assert legal, f"dead end: {game.prompt(state).text}"
        state = rec.append(record, game, state, players[side].choose(game, state))
        broken = game.invariants(state)
        assert not broken, broken
    return state, record


def test_a_campaign_plays_its_first_months_and_replays(seed: int = 1) -> None:
    game = get("sno")
    state, record = play(seed, "1941-08")
    assert state["turn"] == "1941-08" or state["winner"] is not None
    replay = rec.replay(game, record, verify=True)
    assert replay.ok, replay.divergence and replay.divergence.describe()


def test_a_short_campaign_ends_at_its_agreed_december() -> None:
    state, _ = play(3, "1942-01", end="1941-12")
    assert state["winner"] is not None  # SNO 15.7: won in December 1941, or a draw
    assert state["turn"] == "1941-12"
