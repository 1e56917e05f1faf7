"""How often one client address may start a game (a token bucket per address).

Starting a game writes a row to the database and may start computer players, so one client
must not start hundreds a second. Each address has a bucket of :data:`CREATE_BURST` games
that refills at :data:`CREATE_PER_SECOND`; a request that finds it empty is answered 429 with
``Retry-After``. At most :data:`MAX_CLIENTS` addresses are remembered (the least recently
seen is forgotten first), so a flood of addresses cannot grow the table without bound.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from fastapi.responses import JSONResponse

#: Games one address may start at once.
CREATE_BURST = 60
#: Games one address may start a second, over time.
CREATE_PER_SECOND = 0.5
#: Addresses remembered at once.
MAX_CLIENTS = 4096


class RateLimit:
    """Token buckets keyed by client address, in bounded memory."""

    def __init__(
        self,
        burst: int = CREATE_BURST,
        per_second: float = CREATE_PER_SECOND,
        max_clients: int = MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.max_clients = max_clients
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, client: str) -> float:
        """Take one from ``client``'s bucket: 0.0 if it may go on, else the seconds to wait."""
        now = self.clock()
        with self._lock:
            level, then = self._buckets.pop(client, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.per_second)
            wait = 0.0
            if level >= 1.0:
                level -= 1.0
            else:
                wait = (1.0 - level) / self.per_second
            self._buckets[client] = (level, now)
            while len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)
            return wait

    def __len__(self) -> int:
        return len(self._buckets)


def too_many(wait: float, what: str) -> JSONResponse:
    """The 429 answer, with the whole seconds to wait in ``Retry-After``."""
    seconds = max(1, math.ceil(wait))
    return JSONResponse(
        {"error": f"too many {what} from your address: try again in {seconds} s"},
        status_code=429,
        headers={"Retry-After": str(seconds)},
    )
