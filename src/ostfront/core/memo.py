"""Facts worked out once: a game's derived facts remembered while a state is read, kept for
the last few arrangements of its units, and kept with the components they are read from.

Both games' engines ask the same questions many times of one state while they offer actions
(who stands where, zones of control, supply), so a game wraps that work in :func:`reading` and
its queries :func:`remember` their answers. Facts that depend only on where the units stand
are kept by :func:`kept` for the last 16 arrangements, whatever state asks; facts of the whole
units table by :func:`kept_for_table`. Facts of the components alone (a map's step table, a
counter mix's ids of a kind) are kept with the component by :func:`known` and
:func:`per_components`: the per-components memo, which forgets a component when it is
collected and never answers for another object.

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

import functools
import operator
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

#: Any game's state (the memo reads only its units table, :class:`HasUnits`).
State = Mapping[str, Any]

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


#: The last few lists :func:`as_set` was asked about, each kept (so alive) with its set and
#: found again by identity: it cannot answer for another list.
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
#: Both are bounded and cannot answer for another object: an arrangement is found by its
#: value (which units stand where), a table by identity among the tables kept (alive) here,
#: and each fact carries the components it was read with, compared by identity.
_BY_POSITIONS: dict[tuple[tuple[str, ...], tuple[str, ...]], dict[str, Any]] = {}
_BY_TABLE: list[tuple[dict[str, Any], dict[Any, Any], dict[Any, Any]]] = []
_POSITIONS_KEPT = 16
_AT = operator.itemgetter("at")


def by_positions(state: State) -> dict[Any, Any]:
    """The facts kept for this arrangement of the units (see :func:`kept`)."""
    return _table_entry(state)[1]


def _table_entry(state: State) -> tuple[dict[str, Any], dict[Any, Any], dict[Any, Any]]:
    """(units table, facts of its arrangement, facts of the table itself)."""
    units: dict[str, Any] = state["units"]
    last = _BY_TABLE[-1] if _BY_TABLE else None
    if last is not None and last[0] is units:  # most often the one asked about last
        return last
    for i in range(len(_BY_TABLE) - 2, -1, -1):  # the newest first
        if _BY_TABLE[i][0] is units:
            seen = _BY_TABLE.pop(i)  # now the newest: the oldest are forgotten first
            _BY_TABLE.append(seen)
            return seen
    key = (tuple(units), tuple(map(_AT, units.values())))
    facts = _BY_POSITIONS.get(key)
    if facts is None:
        if len(_BY_POSITIONS) >= _POSITIONS_KEPT:
            del _BY_POSITIONS[next(iter(_BY_POSITIONS))]  # the oldest
        facts = _BY_POSITIONS[key] = {}
    if len(_BY_TABLE) >= _POSITIONS_KEPT:
        del _BY_TABLE[0]  # the oldest
    entry: tuple[dict[str, Any], dict[Any, Any], dict[Any, Any]] = (units, facts, {})
    # (it keeps the table alive while it is found here)
    _BY_TABLE.append(entry)
    return entry


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


# ------------------------------------------------------------------ the per-components memo
#: Component -> its facts, found by identity. Each entry holds its component weakly: when the
#: component is collected the entry goes with it (the reference's callback), and a look-up
#: answers only if the reference still leads to the very object asked about - so an entry
#: can never answer for another object that later takes the same place in memory. A fact
#: must not hold its own component (it would keep it, and itself, alive for ever).
_FACTS: dict[int, tuple[weakref.ref[Any], dict[Any, Any]]] = {}


def facts_of(component: object) -> dict[Any, Any]:
    """The facts kept with one component (a map, a counter mix, a rules bundle): a dict the
    caller fills, alive as long as the component is."""
    entry = _FACTS.get(id(component))
    if entry is not None and entry[0]() is component:
        return entry[1]
    return _new_entry(component)


def _new_entry(component: object) -> dict[Any, Any]:
    place = id(component)

    def forget(ref: weakref.ref[Any]) -> None:
        if _FACTS.get(place, (None,))[0] is ref:
            del _FACTS[place]

    facts: dict[Any, Any] = {}
    _FACTS[place] = (weakref.ref(component, forget), facts)
    return facts


def known(component: object, key: Any, work_out: Callable[[], Any], also: object = None) -> Any:
    """The fact ``key`` of ``component``, worked out once. ``also``: another component the
    fact is read from (kept and compared by identity: a fact read with another one is
    worked out again). The answer is shared: not to be changed.

    >>> class Board: pass
    >>> b = Board()
    >>> known(b, "n", lambda: 1), known(b, "n", lambda: 2), known(Board(), "n", lambda: 3)
    (1, 1, 3)
    """
    facts = facts_of(component)
    found = facts.get(key)
    if found is None or found[0] is not also:
        found = facts[key] = (also, work_out())
    return found[1]


F = TypeVar("F", bound=Callable[..., Any])


def per_components(most: int | None = None) -> Callable[[F], F]:
    """A function of the components (its first argument) and a few hashable arguments,
    worked out once for each: like ``functools.cache``, but kept with the components, so
    forgotten with them. ``most``: how many answers to keep for one components (the oldest
    are forgotten all together beyond it), for arguments taken from a state.

    >>> @per_components()
    ... def double(board: object, n: int) -> int:
    ...     return 2 * n
    >>> double(known, 4)
    8
    """

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def kept(components: Any, *args: Any) -> Any:
            entry = _FACTS.get(id(components))  # facts_of, written out: a hot path
            facts = entry[1] if entry is not None and entry[0]() is components else None
            answers = None if facts is None else facts.get(fn)
            if answers is not None and args in answers:
                return answers[args]
            if answers is None:
                answers = facts_of(components).setdefault(fn, {})
            if most is not None and len(answers) >= most:
                answers.clear()
            found = answers[args] = fn(components, *args)
            return found

        return kept  # type: ignore[return-value]

    return wrap
