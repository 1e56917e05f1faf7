"""The units table both games keep: ``state["units"] = {unit id: {"at": hex or box, ...}}``.

A unit's record says where it is - a hex of the map, or a box off it (the game names its
boxes: eliminated, not yet arrived, ...) - and what the game's rules need of it (reduced,
dispersed, fortified, ...). The table and its records are replaced, never changed in place
(:func:`set_unit`): a state's copy shares the table of the state it was copied from until a
unit changes, so facts of the units' arrangement can be kept with it (:mod:`core.memo`).

>>> s = {"units": {"a": {"at": "0101"}, "b": {"at": "dead"}, "c": {"at": "0101"}}}
>>> occupancy(s, frozenset({"dead"}))
{'0101': ['a', 'c']}
>>> before = s["units"]
>>> set_unit(s, "b", at="0202")
>>> s["units"]["b"], before["b"]
({'at': '0202'}, {'at': 'dead'})
>>> parse_printed("4-6"), parse_printed("3"), printed_text(4, 6), printed_text(3, None)
((4, 6), (3, None), '4-6', '3')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from operator import is_not
from typing import Any, Generic, Protocol, TypeVar

from .memo import by_positions, facts_of
from .state import HasUnits

State = HasUnits
U = TypeVar("U", covariant=True)


#: A counter's printed values as the counters files write them: two numbers, "4-6" (combat
#: and movement), or one, "3" (a counter that prints no movement).
PRINTED = r"^[0-9]+(-[0-9]+)?$"


def parse_printed(text: str) -> tuple[int, int | None]:
    """``"4-6"`` -> ``(4, 6)``; ``"3"`` -> ``(3, None)``."""
    first, _, second = text.partition("-")
    return int(first), int(second) if second else None


def printed_text(first: int, second: int | None) -> str:
    """The printed values as the counter shows them (:func:`parse_printed` reads it back)."""
    return str(first) if second is None else f"{first}-{second}"


class Mix(Protocol[U]):
    """A counter mix: its counters by id, and the look-up that names an unknown id."""

    @property
    def units(self) -> Mapping[str, U]: ...

    def unit(self, unit_id: str) -> U: ...


class Components(Generic[U]):
    """What a game's rules bundle (its ``Rules``: map, counters, tables...) is asked by every
    rule: a counter by id. The bundle is a dataclass naming ``counters`` among its fields."""

    counters: Mix[U]

    def unit(self, uid: str) -> U:
        try:
            return self.counters.units[uid]
        except KeyError:
            return self.counters.unit(uid)  # raises, naming the unknown id


def set_unit(state: State, uid: str, **changes: Any) -> None:
    """Change a unit's record: the record and the units table are replaced, never changed in
    place."""
    units = state["units"]
    state["units"] = {**units, uid: {**units[uid], **changes}}


#: The units table :func:`occupancy` was last asked about, the boxes, and its answer: kept
#: (alive) here, so found by identity, never for another table.
_LAST: list[Any] = [None, None, None]


def changed_records(
    units: Mapping[str, Any], last: tuple[tuple[str, ...], Sequence[Any]] | None
) -> tuple[tuple[str, ...], list[Any], list[int] | None]:
    """A units table read again: its ids and records in the table's order, and the places
    of the records that are not the very ones of ``last`` (the ids and records read before;
    a record is replaced, never changed in place: :func:`set_unit`) - None where the ids
    are not ``last``'s.

    >>> a, b = {"at": "0101"}, {"at": "dead"}
    >>> ids, records, changed = changed_records({"x": a, "y": b}, None)
    >>> changed is None
    True
    >>> changed_records({"x": a, "y": {"at": "0202"}}, (ids, records))[2]
    [1]
    """
    ids = tuple(units)
    records = list(units.values())
    if last is None or ids != last[0]:
        return ids, records, None
    return ids, records, list(compress(range(len(records)), map(is_not, records, last[1])))


def occupancy(state: State, boxes: frozenset[str]) -> dict[str, list[str]]:
    """Hex -> unit ids (sorted), for every occupied hex (a unit in one of ``boxes`` is off
    the map). Kept for the arrangement of the units; not to be changed: it is shared."""
    units = state["units"]
    last = _LAST
    if last[0] is units and last[1] is boxes:  # asked of one table many times running
        return last[2]  # type: ignore[no-any-return]
    facts = by_positions(state)
    known = facts.get("occupancy")
    if known is not None:
        last[:] = (units, boxes, known)
        return known  # type: ignore[no-any-return]
    out: dict[str, list[str]] = {}
    here = out.get
    for u, d in units.items():
        at = d["at"]
        if at in boxes:
            continue
        uids = here(at)
        if uids is None:
            out[at] = [u]
        else:
            uids.append(u)
    for uids in out.values():
        if len(uids) > 1:
            uids.sort()
    facts["occupancy"] = out
    last[:] = (units, boxes, out)
    return out


def counter_ids(mix: Any, key: str, test: Callable[[Any], bool]) -> tuple[str, ...]:
    """The ids of the counters of ``mix`` (a counter mix: ``mix.units``, id -> counter) that
    pass ``test``, sorted: worked out once for the mix (``key`` names the test). Whether a
    unit is in a game, and where, is the state's."""
    facts = facts_of(mix)
    ids: tuple[str, ...] | None = facts.get(("counter_ids", key))
    if ids is None:
        ids = facts["counter_ids", key] = tuple(
            sorted(u for u, unit in mix.units.items() if test(unit))
        )
    return ids


def hexes_by_side(
    state: State,
    boxes: frozenset[str],
    sides: tuple[str, ...],
    counts: Callable[[str], str | None],
) -> dict[str, frozenset[str]]:
    """Side -> the hexes holding at least one of its units that count: ``counts(uid)`` gives
    the unit's side, or None for a unit that does not count (a leader, a factory...)."""
    found: dict[str, set[str]] = {s: set() for s in sides}
    for u, d in state["units"].items():
        at = d["at"]
        if at in boxes:
            continue
        side = counts(u)
        if side is not None:
            found[side].add(at)
    return {s: frozenset(h) for s, h in found.items()}


def shortened(name: str, table: Sequence[tuple[re.Pattern[str], str]]) -> str:
    """A unit's name as short as its counter prints it, by a game's table of (pattern,
    replacement) applied in order.

    >>> shortened("23rd Army", [(re.compile(r"(\\d+)rd"), r"\\1"), (re.compile(r" Army$"), " A")])
    '23 A'
    """
    for pattern, repl in table:
        name = pattern.sub(repl, name)
    return name
