"""Paths the game page draws for Defiant Russia: each unit's supply line and the way a move
will go. Read-only, like :mod:`describe`: callers hold the manager's engine lock.

**Supply lines** (DR 5.0): a unit is in supply when a path of at most three hexes (two for
non-Finnish Axis units in Snow, 5.2) joins its hex to a rail line that leads to its sources
(Berlin or Vienna; the east edge, Saratov or Grozny for the Soviets; Helsinki for Finns
outside Finland, 5.3; Istanbul, Berlin or Vienna for Turks, 12.5C). The engine answers
*whether* (:func:`ostfront.games.dr.supply.in_supply`); this module finds *which* path, with
the same searches the engine makes — a breadth-first search out from the rail network over
the same hexes (:func:`supply.blocked_hexes`: no enemy unit or enemy ZOC unless a friendly unit
stands there; :func:`supply.passable`; no sea or unfrozen lake hexside), then back along the
rail line (the rail hexes :func:`supply.rail_network` joins to a source) to the nearest source.

**Move paths**: the engine's ``to <hex>`` moves the selected unit along the cheapest path
(:func:`ostfront.games.dr.movement.reach_of` with :func:`ostfront.core.paths.path_to`) and
``rail <hex>`` along :func:`ostfront.games.dr.rail.rail_reach`'s; :func:`move_paths` reports
those same paths so the browser can draw them before the player commits.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from ..core.paths import path_to
from ..core.protocol import Game, State

#: What each supply kind's sources are called (DR 5.0, 5.3, 12.5C), for the legend.
SOURCE_NAMES = {
    "axis": "Berlin or Vienna",
    "soviet": "the east edge, Saratov or Grozny",
    "finnish": "Helsinki",
    "turkish": "Istanbul, Berlin or Vienna",
}


def search(
    starts: Iterable[str],
    neighbours: Callable[[str], Iterable[str]],
    ok: Callable[[str, str], bool],
    limit: int | None = None,
) -> dict[str, str | None]:
    """Breadth-first from ``starts``: each hex found -> the hex it was entered from (None for
    a start). ``ok(a, b)``: may a path step from ``a`` into ``b``; ``limit``: at most so many
    steps (the same search as :func:`ostfront.core.paths.distances`, remembering the way)."""
    prev: dict[str, str | None] = {}
    depth: dict[str, int] = {}
    queue: deque[str] = deque()
    for s in sorted(starts):
        if s not in prev:
            prev[s], depth[s] = None, 0
            queue.append(s)
    while queue:
        here = queue.popleft()
        if limit is not None and depth[here] >= limit:
            continue
        for nxt in neighbours(here):
            if nxt not in prev and ok(here, nxt):
                prev[nxt], depth[nxt] = here, depth[here] + 1
                queue.append(nxt)
    return prev


def walk_back(prev: dict[str, str | None], start: str) -> list[str]:
    """``start`` and the hexes back to where the search began."""
    out = [start]
    while (p := prev[out[-1]]) is not None:
        out.append(p)
    return out


class SupplyLines:
    """Each supply kind's searches for one position and side, made once and shared by its
    units (call inside :func:`ostfront.games.dr.rules.reading`)."""

    def __init__(self, R: Any, state: State, side: str) -> None:
        from ..games.dr import supply

        self.R, self.state, self.side = R, state, side
        self.blocked = supply.blocked_hexes(R, state, side)
        self._kinds: dict[str, tuple[dict[str, str | None], dict[str, str | None], int]] = {}

    def _open(self, a: str, b: str) -> bool:
        from ..games.dr import supply

        return b not in self.blocked and supply.passable(self.R, self.state, b)

    def _no_water(self, a: str, b: str) -> bool:
        # the engine's own test (a sea hexside, or a lake one unless frozen, 8.3.4); it has
        # no public name yet
        from ..games.dr import supply

        return not supply._water_between(self.R, self.state, a, b)

    def searches(self, kind: str) -> tuple[dict[str, str | None], dict[str, str | None], int]:
        """(rail: network hex -> the rail hex towards a source, path: supplied hex -> the hex
        towards the network, the path's length) for one supply kind."""
        if kind not in self._kinds:
            from ..games.dr import supply

            R, state = self.R, self.state
            starts = {h for h in supply.sources(R, self.side, kind, state) if h not in self.blocked}
            rail = search(starts, R.map.rail_neighbours, self._open)
            length = supply.path_length(R, state, self.side, kind)
            path = search(
                rail,
                R.map.grid.neighbours,
                lambda a, b: self._open(a, b) and self._no_water(a, b),
                limit=length,
            )
            self._kinds[kind] = (rail, path, length)
        return self._kinds[kind]

    def line(self, uid: str) -> dict[str, Any]:
        """One unit's supply: ``ok`` (as :func:`supply.in_supply` says), the ``path`` from its
        hex to the rail line (the unit's hex first, the rail hex last), the ``rail`` line from
        there to a ``source``, and a ``note`` when no path is needed or none is found."""
        from ..games.dr import supply
        from ..games.dr.rules import hex_of
        from ..games.dr.zoc import country

        R, state = self.R, self.state
        here = hex_of(state, uid)
        ok = supply.in_supply(R, state, uid)
        kind = supply.supply_kind(R, uid)
        out: dict[str, Any] = {"ok": ok, "kind": kind, "path": [], "rail": [], "source": None}
        if here is None:
            return out
        unit = R.unit(uid)
        place = R.map.place(here)
        if unit.nationality == "finnish" and country(R, here) == "Finland":
            out["note"] = "in supply anywhere in Finland (DR 5.3)"
            return out
        if (
            unit.side == "soviet"
            and place is not None
            and place.name == "Leningrad"
            and here not in state.get("fortress_lost", [])
        ):
            out["note"] = "Leningrad, a fortress, is always in supply (DR 10.1.5A)"
            return out
        rail, path, length = self.searches(kind)
        if here not in path:
            out["note"] = (
                f"no path of {length} hexes or fewer to a rail line that leads to "
                f"{SOURCE_NAMES.get(kind, 'a source')} (DR 5.0)"
            )
            return out
        out["path"] = walk_back(path, here)
        out["rail"] = walk_back(rail, out["path"][-1])
        out["source"] = out["rail"][-1]
        return out


def supply_lines(game: Game, state: State, side: str) -> dict[str, dict[str, Any]]:
    """Every ground unit of ``side`` on the map -> :meth:`SupplyLines.line` (DR only)."""
    if game.name != "dr":
        return {}
    from ..games.dr.rules import reading

    R = game.rules_for(state)  # type: ignore[attr-defined]
    out: dict[str, dict[str, Any]] = {}
    with reading(state):
        lines = SupplyLines(R, state, side)
        for uid, d in sorted(state.get("units", {}).items()):
            unit = R.unit(uid)
            if unit.side == side and unit.is_ground and str(d.get("at", "")).isdigit():
                out[uid] = lines.line(uid)
    return out


def move_paths(
    game: Game, state: State, unit: str | None, actions: Iterable[Any]
) -> dict[str, list[str]]:
    """Action text -> the hexes the selected ``unit`` will pass through (its own hex first)
    for each ``to`` and ``rail`` move among ``actions``: the same paths the engine takes."""
    acts = [a for a in actions if a.verb in ("to", "rail") and a.args]
    if game.name != "dr" or unit is None or not acts:
        return {}
    from ..games.dr import movement, rail
    from ..games.dr.rules import reading

    R = game.rules_for(state)  # type: ignore[attr-defined]
    out: dict[str, list[str]] = {}
    with reading(state):
        found = {
            "to": movement.reach_of(R, state, unit) if any(a.verb == "to" for a in acts) else {},
            "rail": rail.rail_reach(R, state, unit) if any(a.verb == "rail" for a in acts) else {},
        }
        for a in acts:
            dest = str(a.args[0])
            if dest in found[a.verb]:
                out[a.text] = path_to(found[a.verb], dest)
    return out
