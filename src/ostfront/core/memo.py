"""Facts worked out once: a game's derived facts remembered while a state is read, and kept for
the last few arrangements of its units.

Both games' engines ask the same questions many times of one state while they offer actions
(who stands where, zones of control, supply), so a game wraps that work in :func:`reading` and
its queries :func:`remember` their answers. Facts that depend only on where the units stand
are kept by :func:`kept` for the last 16 arrangements, whatever state asks; facts of the whole
units table by :func:`kept_for_table`.

A state's units table is ``state["units"]``: ``{unit id: {"at": hex or box, ...}}``, replaced
whole when a unit changes (never changed in place), so a state's copies share it until then.

>>> s = {"units": {"a": {"at": "0101"}, "b": {"at": "dead"}}}
>>> with reading(s):
...     remember(s, "x", 1), remembered(s, "x")
(1, 1)
>>> remembered(s, "x") is None
True
>>> kept(None, s, ("n",), lambda: 7), kept(None, s, ("n",), lambda: 8)
(7, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

State = dict[str, Any]

#: While legal actions are worked out nothing changes the state, so derived facts are worked
#: out once. The memo holds one state and is cleared on leaving :func:`reading`.
_MEMO: dict[str, Any] = {"state": None}


@contextmanager
def reading(state: State) -> Iterator[None]:
    """Within this block ``state`` is not changed: queries may remember their answers."""
    outer = dict(_MEMO)
    _MEMO.clear()
    _MEMO["state"] = state
    try:
        yield
    finally:
        _MEMO.clear()
        _MEMO.update(outer)


def remembered(state: State, key: str) -> Any:
    """The memo's answer for ``key`` on this state, or None."""
    return _MEMO.get(key) if _MEMO["state"] is state else None


def remember(state: State, key: str, value: Any) -> Any:
    if _MEMO["state"] is state:
        _MEMO[key] = value
    return value


_SETS: list[tuple[list[str], frozenset[str]]] = []


def as_set(items: list[str]) -> frozenset[str]:
    """The hexes of a list in the state as a set, for quick membership tests. The last few
    lists asked about are remembered by identity (the state's lists are read, not built)."""
    for lst, found in _SETS:
        if lst is items and len(found) == len(items):
            return found
    found = frozenset(items)
    _SETS.insert(0, (items, found))
    del _SETS[4:]
    return found


#: The facts that depend only on where the units stand are kept for the last few
#: arrangements of the units, whatever state they were read from: most steps move no unit
#: (a selection, a declaration, a loss choice), so the next position finds them ready. A
#: state's units table is shared by its copies until a unit changes, so the table itself
#: finds its facts; another table with the same arrangement finds them by where each unit
#: stands.
_BY_POSITIONS: dict[tuple[tuple[str, ...], tuple[str, ...]], dict[str, Any]] = {}
_BY_TABLE: dict[int, tuple[dict[str, Any], dict[Any, Any], dict[Any, Any]]] = {}
_POSITIONS_KEPT = 16


def by_positions(state: State) -> dict[Any, Any]:
    """The facts kept for this arrangement of the units (see :func:`kept`)."""
    return _table_entry(state)[1]


def _table_entry(state: State) -> tuple[dict[str, Any], dict[Any, Any], dict[Any, Any]]:
    """(units table, facts of its arrangement, facts of the table itself)."""
    known = remembered(state, "table")
    if known is not None:
        return known  # type: ignore[no-any-return]
    units = state["units"]
    entry = _BY_TABLE.get(id(units))
    if entry is None or entry[0] is not units:
        key = (tuple(units), tuple([d["at"] for d in units.values()]))
        facts = _BY_POSITIONS.get(key)
        if facts is None:
            if len(_BY_POSITIONS) >= _POSITIONS_KEPT:
                del _BY_POSITIONS[next(iter(_BY_POSITIONS))]  # the oldest
            facts = _BY_POSITIONS[key] = {}
        if len(_BY_TABLE) >= _POSITIONS_KEPT:
            del _BY_TABLE[next(iter(_BY_TABLE))]
        entry = _BY_TABLE[id(units)] = (units, facts, {})  # keeps the table, and its id, alive
    return remember(state, "table", entry)  # type: ignore[no-any-return]


def kept_for_table(R: Any, state: State, key: tuple[Any, ...], work_out: Callable[[], Any]) -> Any:
    """Like :func:`kept`, for a fact that depends on the units' whole records (strength
    and supply as well as place): kept with the units table, which a state shares with its
    copies until a unit changes. ``key`` names everything else it depends on."""
    facts = _table_entry(state)[2]
    found = facts.get(key)
    if found is None or found[0] is not R:
        if len(facts) > 256:
            facts.clear()
        found = facts[key] = (R, work_out())
    return found[1]


def kept(R: Any, state: State, key: tuple[Any, ...], work_out: Callable[[], Any]) -> Any:
    """A fact that depends only on where the units stand, on the components ``R`` and on
    whatever else ``key`` names (the weather, say): worked out once for each arrangement.
    The answer is shared: not to be changed."""
    facts = by_positions(state)
    found = facts.get(key)
    if found is None or found[0] is not R:
        found = facts[key] = (R, work_out())
    return found[1]
