"""Keeping the garbage collector off the long-lived components.

A game's components - the map with its hex and hexside tables, the counters, the charts -
are loaded once and live as long as the process. CPython's collector walks every object it
tracks on each full collection, so with Defiant Russia loaded a full collection took about
10 ms, and the rare decision point that met one took three times the 5 ms that
``legal_actions`` is allowed (benchmarks/README.md). :func:`freeze` moves everything
alive into the collector's permanent generation (:func:`gc.freeze`): later collections walk
only what play creates (a full one then takes well under a millisecond). Long-running processes
call it once after start-up, with the games' components loaded (``ostfront.games.settle``,
which ``ostfront serve`` calls); it changes no game's behaviour.
"""

from __future__ import annotations

import gc


def freeze() -> int:
    """Collect, then move everything alive into the permanent generation. Returns how many
    objects are now frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
