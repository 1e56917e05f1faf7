"""Computer players, run in a worker process so that their thinking never holds the server.

:func:`choose` is what the server submits to its process pool: it builds (once per game, side
and level) a player with :func:`ostfront.ai.players.make_player` and returns the text of the
action it picks. Players are kept between calls so that a seeded player's generator moves on.
"""

from __future__ import annotations

import signal
from typing import Any

from .. import games
from ..ai.players import Player, make_player
from ..core.protocol import State

_PLAYERS: dict[str, Player] = {}


def choose(
    game_name: str, key: str, level: str, seed: int, budget: float | None, state: State
) -> str:
    """The text of the action the ``level`` player picks in ``state``."""
    games.load_plugins()
    game = games.get(game_name)
    player = _PLAYERS.get(key)
    if player is None:
        if len(_PLAYERS) > 64:
            _PLAYERS.clear()
        player = _PLAYERS[key] = make_player(level, seed=seed, budget=budget)
    action: Any = player.choose(game, state)
    return str(action.text)


def quiet() -> None:
    """Worker start-up: Ctrl-C in the terminal is the server's to handle (it stops the
    workers itself), so a worker ignores SIGINT rather than print a traceback. The worker was
    started with SIGINT blocked (:func:`.ai_pool.sigint_blocked`), so a Ctrl-C during its
    start-up waits, pending, and is dropped here with the block."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
