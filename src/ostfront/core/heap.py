"""Keeping the garbage collector off the long-lived components.

A game's components - the map with its hex and hexside tables, the counters, the charts -
are loaded once and live as long as the process. CPython's collector walks every object it
tracks on each full collection, so with Defiant Russia loaded a full collection took about
10 ms, and the rare decision point that met one took three times the 5 ms that
``legal_actions`` is allowed (benchmarks/README.md). :func:`settle` loads the components
of the games named, then moves everything alive into the collector's permanent generation
(:func:`gc.freeze`): later collections walk only what play creates (a full one then takes
well under a millisecond). Long-running processes call it once after start-up
(``ostfront serve``); it changes no game's behaviour.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable


def settle(games: Iterable[str] = ()) -> int:
    """Load the named games' components (a set-up and its legal actions), then freeze the
    heap. Returns how many objects are now frozen. A game that cannot be played yet (its
    rules engine missing) is skipped."""
    from ..games import get
    from .protocol import NotPlayable

    for name in games:
        game = get(name)
        try:
            game.legal_actions(game.setup(None, {}, 0))
        except NotPlayable:
            continue
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
