"""The supply line of each unit, for people to see (the browser's supply overlay): read from
what :mod:`supply` found, never deciding anything itself.

SNO 9.1.1-9.1.2: a unit is in supply if a chain of hexes that may carry a supply line (held
by a friendly unit, or nearer a supply point than a threat) joins it to a supply point or
source. :mod:`supply` finds that by areas, not by lines; the line shown here is the
shortest such chain inside the area it found, from the unit's hex to a supply source or a
friendly Major/Victory city or port (9.1, 9.2b, 9.4.1.1) - through units in supply on the
way (9.2c), which a line may always pass. Units in supply by other means say how:
siege supply (9.4.2), a port in enemy ZOC (9.4.1.2).

>>> from ostfront.games.sno.rules import standard_rules
>>> from ostfront.games import get
>>> game = get("sno")
>>> s = game.setup("1941", {}, 1)
>>> line(standard_rules(), s, "sov-16-army")["text"]  # Appendix II sets it up in Kiev
'in supply: in Kiev, a supply point (SNO 9.2b)'
"""

from __future__ import annotations

from typing import Any

from ...core.paths import search, walk_back
from . import supply
from .control import controlled_cities
from .rules import Rules, State, hex_of


def line(
    R: Rules, state: State, uid: str, ends: dict[str, frozenset[str]] | None = None
) -> dict[str, Any]:
    """One unit's supply: ``ok`` (as :func:`supply.in_supply` says), the ``path`` of hexes
    from its hex (first) to the ``source`` it reaches (last), a ``note`` when no line is
    drawn, and the ``text`` people read. ``rail`` is always empty (SNO supply lines are
    hexes, whatever the rail lines). ``ends``: where lines may end, by nationality, as far
    as already worked out for this state (filled in here)."""
    here = hex_of(state, uid)
    out: dict[str, Any] = {"ok": False, "path": [], "rail": [], "source": None}
    if here is None:
        out["note"] = "not on the map"
        out["text"] = "not on the map"
        return out
    unit = R.unit(uid)
    facts = supply.facts(R, state, unit.side)
    out["ok"] = facts.supplied.get(uid, True)
    besieged = next((c for c, units in facts.siege.items() if uid in units), None)
    if not out["ok"]:
        if besieged is not None:
            out["note"] = (
                f"{_name(R, besieged)} cannot supply it too: siege supply is full (SNO 9.4.2.2)"
            )
        else:
            out["note"] = "no chain of hexes carries a supply line to it (SNO 9.1.2)"
        out["text"] = "out of supply: " + out["note"]
        return out
    area = supply.supplied_area(R, state, unit.side, unit.nationality)
    if ends is None:
        ends = {}
    if unit.nationality not in ends:
        ends[unit.nationality] = _roots(R, state, unit.side, unit.nationality, facts)
    path = _shortest(R, state, here, area, ends[unit.nationality])
    if path is None:
        if besieged is not None:
            out["source"] = besieged
            out["note"] = f"siege supply from {_name(R, besieged)} (SNO 9.4.2)"
        else:
            out["note"] = "in its port, by sea (SNO 9.4.1.2)"
        out["text"] = "in supply: " + out["note"]
        return out
    out["path"], out["source"] = path, path[-1]
    out["text"] = _words(R, path)
    return out


def lines(R: Rules, state: State, side: str) -> dict[str, dict[str, Any]]:
    """Every combat unit of ``side`` on the map -> :func:`line`."""
    ends: dict[str, frozenset[str]] = {}
    return {u: line(R, state, u, ends) for u in sorted(supply.status(R, state, side))}


def _roots(
    R: Rules, state: State, side: str, nationality: str, facts: supply.SupplyFacts
) -> frozenset[str]:
    """Where a line may end: the nationality's sources not held by the enemy nor in his ZOC
    (9.1, 9.0.2), and the supply points that are places - friendly Major/Victory cities and
    ports (9.2b, 9.4.1.1); units in supply (9.2c) are passed through, not ended at."""
    own = supply.open_sources(R, state, side, nationality)
    cities = set(controlled_cities(R))
    places = {
        h
        for h in facts.points
        if h in cities or (h in R.map.places and R.map.places[h].attrs.get("port_on"))
    }
    return frozenset(own | places)


def _shortest(
    R: Rules, state: State, start: str, area: frozenset[str], roots: frozenset[str]
) -> list[str] | None:
    """The fewest hexes of ``area`` from ``start`` to one of ``roots`` (ties: the first
    found, neighbours in the grid's order), or None."""
    steps = supply.land_steps(R, state)
    prev = search([start], lambda h: steps.get(h, ()), lambda a, b: b in area, goals=roots)
    end = next((h for h in prev if h in roots), None)
    return None if end is None else walk_back(prev, end)[::-1]


def _name(R: Rules, hex_id: str) -> str:
    place = R.map.places.get(hex_id)
    return place.name if place is not None else hex_id


def _words(R: Rules, path: list[str]) -> str:
    """'in supply: 3 hexes to Kiev (SNO 9.1.2)'."""
    end = path[-1]
    where = _name(R, end) if end in R.map.places else f"the map edge at {end}"
    steps = len(path) - 1
    if not steps:
        return f"in supply: in {where}, a supply point (SNO 9.2b)"
    return f"in supply: {steps} hex{'es' if steps > 1 else ''} to {where} (SNO 9.1.2)"


__all__ = ["line", "lines"]
