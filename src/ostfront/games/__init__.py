"""The registry of games: ``ostfront.games.get("dr")``, ``get("sno")``.

Built-in games are imported on first use. Other games (a test game, a variant) join with
:func:`register`, or by naming ``module:attribute`` entries in the ``OSTFRONT_PLUGINS``
environment variable (comma-separated), which the CLI and server read at start.

>>> sorted(names())[:2]
['dr', 'sno']
>>> get("dr").title
'Defiant Russia'
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable

from ..core.errors import UnknownGame
from ..core.heap import freeze
from ..core.protocol import Game, NotPlayable

_BUILTIN: dict[str, str] = {
    "dr": "ostfront.games.dr.game:GAME",
    "sno": "ostfront.games.sno.game:GAME",
}
_registry: dict[str, Game] = {}


def _load(ref: str) -> Game:
    module_name, _, attr = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
        game = getattr(module, attr or "GAME")
    except (ImportError, AttributeError) as exc:
        raise UnknownGame(f"cannot load game {ref!r}: {exc}") from None
    if not isinstance(game, Game):
        raise UnknownGame(f"{ref!r} is not an Ostfront game")
    return game


def register(game: Game, *, replace: bool = False) -> Game:
    """Add a game to the registry under ``game.name``."""
    if not replace and (game.name in _registry or game.name in _BUILTIN):
        existing = _registry.get(game.name)
        if existing is not game:
            raise UnknownGame(f"a game named {game.name!r} is already registered")
    _registry[game.name] = game
    return game


def load_plugins(spec: str | None = None) -> list[str]:
    """Register the games named in ``spec`` (default: ``$OSTFRONT_PLUGINS``)."""
    spec = os.environ.get("OSTFRONT_PLUGINS", "") if spec is None else spec
    loaded = []
    for ref in filter(None, (s.strip() for s in spec.split(","))):
        game = _load(ref)
        register(game, replace=True)
        loaded.append(game.name)
    return loaded


def get(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` names the choices otherwise."""
    if name in _registry:
        return _registry[name]
    if name in _BUILTIN:
        game = _load(_BUILTIN[name])
        _registry[name] = game
        return game
    raise UnknownGame(f"no game {name!r} (games: {', '.join(names())})")


def names() -> list[str]:
    """Names of all games, built-in and registered."""
    return sorted(set(_BUILTIN) | set(_registry))


def settle(games: Iterable[str] = ()) -> int:
    """Load the named games' components (a set-up and its legal actions), then freeze the
    heap (``core.heap.freeze``). Returns how many objects are now frozen. A game that cannot be
    played yet (its rules engine missing) is skipped."""
    for name in games:
        game = get(name)
        try:
            game.legal_actions(game.setup(None, {}, 0))
        except NotPlayable:
            continue
    return freeze()
