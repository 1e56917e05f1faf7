"""The states of an undo chain, kept as the changes back from the state after each.

The server undoes without replaying the phase (issue 36, item 3) by keeping the state each
step of the current undo chain was taken in. A chain can be a whole Movement Phase (a hundred
steps), and each state whole is tens of kilobytes in memory (a game's tables, copied per
step); kept so for a hundred live games they were most of the server's memory, and their lists
(each state's log) most of what the garbage collector walked. So the chain keeps, for each
step, only what the step changed: the values of the state before it that are not the same as
in the state after it. The state before the last step is the current state with those values
put back; after an undo the current state is that state again (but for the undo's own
bookkeeping, which is kept), and the next change back applies to it.

"The same" is exact: the same object, or plain data of the same types and values in the same
order (``True`` is not ``1``, a dict's keys keep their order), so a state put back is, item
for item and in order, the state that was left. A top-level dict is kept a key at a time (a
game's units table: the units that changed); a list that only grew (the log) by the length
it had; anything else whole (a reference: states are values, never changed in place).
"""

from __future__ import annotations

import math
from itertools import compress
from operator import is_, is_not
from typing import Any, cast

from ..core.protocol import State

#: Where a change back keeps the keys of the state before the step, in order, when they are
#: not those of the state after it (no state key is empty).
KEYS = ""
#: How a value of the state before a step is kept: the same as after it (nothing kept), a
#: dict's changed keys, a list's length (the list after it began with it), or whole.
_DICT, _PREFIX, _WHOLE = 0, 1, 2


def same(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same plain data: the same object, or equal with the
    same types throughout (a bool is not an int, -0.0 is not 0.0) and dicts' keys in the
    same order."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        if len(a) != len(b):
            return False
        for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True):
            if not (same(ka, kb) and same(va, vb)):
                return False
        return True
    if kind is list or kind is tuple:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if kind is float:
        return bool(a == b and math.copysign(1.0, a) == math.copysign(1.0, b))
    if kind in (str, int, bool, bytes, type(None)):
        return bool(a == b)
    return False  # anything else: kept whole


def _same_keys(a: dict[Any, Any], b: dict[Any, Any]) -> bool:
    # the same key objects (a copied table's, C-speed), else compared one by one
    return len(a) == len(b) and (all(map(is_, a, b)) or all(map(same, a, b)))


def back(before: State, after: State) -> dict[str, Any]:
    """What puts ``after`` back to ``before``: for each top-level key of ``before`` whose
    value is not the same in ``after``, how it is kept; under :data:`KEYS`, ``before``'s
    keys in order when ``after``'s are not the same (a phase added or dropped one)."""
    old_state: dict[str, Any] = cast(dict[str, Any], before)
    new_state: dict[str, Any] = cast(dict[str, Any], after)
    out: dict[str, Any] = {}
    if not _same_keys(old_state, new_state):
        out[KEYS] = tuple(old_state)
    for key, old in old_state.items():
        if key not in new_state:
            out[key] = (_WHOLE, old)
            continue
        new = new_state[key]
        if old is new:
            continue
        if type(old) is dict and type(new) is dict and _same_keys(old, new):
            # the values that are not the very objects of the table after (C-speed: a move
            # changes one unit of hundreds), then those compared
            others = compress(old.items(), map(is_not, old.values(), new.values()))
            changed = {k: v for k, v in others if not same(v, new[k])}
            if changed:
                out[key] = (_DICT, changed)
        elif (
            type(old) is list
            and type(new) is list
            and len(new) >= len(old)
            and (all(map(is_, old, new)) or all(map(same, old, new)))
        ):
            if len(new) != len(old):
                out[key] = (_PREFIX, len(old))
        elif not same(old, new):
            out[key] = (_WHOLE, old)
    return out


def put_back(current: State, change: dict[str, Any]) -> State:
    """The state ``change`` (from :func:`back`) was made from, put back from ``current``:
    the state after it (or one with the same values where ``change`` keeps none)."""
    now: dict[str, Any] = cast(dict[str, Any], current)
    out: dict[str, Any] = {}
    for key in change.get(KEYS) or now:
        how = change.get(key)
        if how is None:
            out[key] = now[key]
        elif how[0] == _DICT:
            out[key] = {**now[key], **how[1]}
        elif how[0] == _PREFIX:
            out[key] = now[key][: how[1]]
        else:
            out[key] = how[1]
    return cast(State, out)


class UndoChain:
    """The states of the undo chain the current state ends: :meth:`before` is the one its
    last step was taken in; :meth:`push` after each step that may be undone, :meth:`drop`
    after each undo. ``len``: how many are kept."""

    __slots__ = ("_backs",)

    def __init__(self) -> None:
        #: For each step: the changes back from the state after it (:func:`back`).
        self._backs: list[dict[str, Any]] = []

    def __len__(self) -> int:
        return len(self._backs)

    def push(self, before: State, after: State) -> None:
        """Keep ``before``, the state the step that led to ``after`` was taken in."""
        self._backs.append(back(before, after))

    def before(self, current: State) -> State:
        """The state the last step kept was taken in, put back from ``current``: the state
        after that step, or (after undoing the steps since) that state again."""
        return put_back(current, self._backs[-1])

    def drop(self) -> None:
        """Forget the last state kept (it has been undone to)."""
        self._backs.pop()

    def copy(self) -> UndoChain:
        out = UndoChain()
        out._backs = list(self._backs)
        return out
