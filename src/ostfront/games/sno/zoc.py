"""SNO 3.1 Zones of Control: the six hexes around every combat unit, not across an impassable
hex side, nor (while Hungary is inactive) across the Hungarian border; units being overrun
have none from the moment the overrun is declared (3.1.4, 5.4.1).

>>> from ostfront.games.sno.rules import standard_rules
>>> R = standard_rules()
>>> s = {"turn": "1941-07", "weather": "good", "hungary_active": False,
...      "units": {"sov-5-army": {"at": "1321", "dispersed": False, "fortified": False}}}
>>> sorted(zoc(R, s, "soviet")) == sorted(R.map.grid.neighbours("1321"))
True
"""

from __future__ import annotations

from ...core.memo import facts_of
from .overruns import overrun_units
from .rules import BOX_SET, Rules, State, kept, month_name, other
from .weather import AWL_OF_MONTH, blocked

HUNGARY = "Hungary"  # SNO 5.5.11 names the country; its hexes are the map's


def zoc(R: Rules, state: State, side: str) -> frozenset[str]:  # SNO 3.1.1 (SNO 3.1)
    """SNO 3.1.1: every hex in the ZOC of one of ``side``'s combat units."""
    return frozenset(zoc_table(R, state, side))


def zoc_table(R: Rules, state: State, side: str) -> dict[str, frozenset[str]]:
    """Hex -> the ids of ``side``'s units whose ZOC covers it (kept per arrangement)."""
    silent = overrun_silenced(state)
    key = ("zoc", state["weather"], state["turn"], bool(state.get("hungary_active")), silent)
    return kept(R, state, key, lambda: _zoc_tables(R, state, silent))[side]  # type: ignore[no-any-return]


def overrun_silenced(state: State) -> tuple[str, ...]:
    """SNO 3.1.4, 5.4.1: the units being overrun, which 'are treated as having no ZOC' from
    the instant the overrun is announced (sorted; empty when no overrun is declared)."""
    if not state.get("overruns"):
        return ()
    return tuple(sorted(overrun_units(state)))


def freezing(state: State) -> tuple[str, str | None]:
    """Everything the month's terrain depends on (6.2): the weather, and in Snow the Arctic
    Weather Line in force (frozen hexes and sides) - months that share them share it."""
    snow = state["weather"] == "snow"
    return state["weather"], AWL_OF_MONTH.get(month_name(state["turn"])) if snow else None


def _footprints(R: Rules, state: State) -> dict[str, tuple[str, ...]]:
    """Hex -> the hexes a combat unit there exerts its ZOC into, filled as asked: kept with
    the components per freezing and Hungary's state (they depend on nothing else)."""
    facts = facts_of(R)
    key = ("footprints", *freezing(state), bool(state.get("hungary_active")))
    known: dict[str, tuple[str, ...]] | None = facts.get(key)
    if known is None:
        known = facts[key] = {}
    return known


def footprint(R: Rules, state: State, at: str) -> tuple[str, ...]:
    """SNO 3.1.1-3.1.2: the hexes a combat unit in ``at`` would have in its ZOC (kept)."""
    feet = _footprints(R, state)
    ns = feet.get(at)
    if ns is None:
        ns = feet[at] = _footprint(R, state, at)
    return ns


def _footprint(R: Rules, state: State, at: str) -> tuple[str, ...]:
    """SNO 3.1.1: the six hexes around ``at``, save those across an impassable side (3.1.2)
    or, while Hungary is inactive, across its border (5.5.11)."""
    hungary = R.map.regions.get(HUNGARY)
    closed = hungary.hexes if hungary and not state.get("hungary_active") else None
    out = []
    for n in R.map.grid.neighbours(at):
        if blocked(R, state, at, n):  # SNO 3.1.2: not across a sea or unfrozen lake side
            continue
        if closed is not None and (at in closed) != (n in closed):
            continue  # SNO 5.5.11: ZOCs do not extend across the Hungarian border
        out.append(n)
    return tuple(out)


def _zoc_tables(
    R: Rules, state: State, silent: tuple[str, ...] = ()
) -> dict[str, dict[str, frozenset[str]]]:
    found: dict[str, dict[str, set[str]]] = {"axis": {}, "soviet": {}}
    feet = _footprints(R, state)
    quiet = frozenset(silent)
    for uid, d in state["units"].items():
        at = d["at"]
        if at in BOX_SET:
            continue
        unit = R.unit(uid)
        if not unit.is_combat:  # SNO 3.1.3: factories and Zhukov have none
            continue
        if uid in quiet:  # SNO 3.1.4: lost while it is being overrun
            continue
        ns = feet.get(at)
        if ns is None:
            ns = feet[at] = _footprint(R, state, at)
        table = found[unit.side]
        for n in ns:
            table.setdefault(n, set()).add(uid)
    return {s: {h: frozenset(u) for h, u in t.items()} for s, t in found.items()}


def in_enemy_zoc(R: Rules, state: State, hex_id: str, side: str) -> bool:
    """Is ``hex_id`` in the ZOC of the enemies of ``side``?"""
    return hex_id in zoc_table(R, state, other(side))


def zoc_sources(R: Rules, state: State, hex_id: str, side: str) -> frozenset[str]:
    """The enemy units (of ``side``'s enemy) whose ZOC covers ``hex_id`` (5.2.3a)."""
    return zoc_table(R, state, other(side)).get(hex_id, frozenset())
