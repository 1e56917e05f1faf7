"""A view sent as what changed since the views the client holds (issue 36, item 3).

Each live view carries ``hash``, the hash of the position it shows (the record's hash of
that step). A client that sends ``have=h3,h2,h1`` with a post or a fetch (the hash of the
view it shows, then those of the few before whose actions it kept) is sent ``delta`` in
place of the whole ``counters`` and ``boxes`` (about 98% of a view: each counter carries its
drawing) and of the legal ``actions``: the items new or changed, the keys of those gone,
and their order only when merging would not give it (an action's ``index`` is its place in
the merged list, so it is not compared; a box changed sends its units as changes too).
Counters and boxes change from the view shown;
the actions from whichever held list is nearest (``actions.base`` names it: a move's
answer lists the units left to move, much as two views before). The rest of the view
(prompt, the decision pending, the phase, the odds) is small and sent whole; the log was
already sent from where the client's ends.

The client merges with :func:`merged`'s rule (``web/game/connection.js`` does the same) and
asks for the whole view when ``delta.base`` is not the hash it shows, or when it
reconnects. The server sends a delta only from a position whose lists it still has (this
process made a view of it lately: :class:`PartsCache`), so a delta is always against
exactly the client's lists; otherwise it sends them whole. The hashes are the record's
(an exported record carries them too); they tell nothing of the dice (the seed has 63
random bits).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from itertools import compress
from operator import is_not
from typing import Any

#: The positions whose lists a game keeps, newest last (a post's base is the one before).
KEEP = 4

Item = dict[str, Any]
Key = Callable[[Item], str]


def counter_key(c: Item) -> str:
    return str(c["id"])


def box_key(b: Item) -> str:
    """A box is one box of one side (``side`` may be null: '' then)."""
    return f"{b['box']}/{b.get('side') or ''}"


def action_key(a: Item) -> str:
    return str(a["text"])


#: The lists a view sends as changes, and how their items are told apart.
KEYED: dict[str, Key] = {"counters": counter_key, "boxes": box_key}
Inner = tuple[str, Key]
#: The lists whose items hold a list of their own, sent as changes too: a box's units (one
#: unit leaving a box of a hundred sends that unit's id, not the box).
INNER: dict[str, Inner] = {"boxes": ("units", counter_key)}
#: What is not compared: it follows from the item's place in the list.
PLACE = "index"


def actions_slot(held: set[str]) -> str:
    """Where a position's legal actions are kept for the holder of ``held`` (they are
    listed only to the seat to move)."""
    return "actions:" + ",".join(sorted(held))


class PartsCache:
    """The lists of the last few positions viewed, by the position's hash (the same for
    every viewer: counters and boxes show no side's secrets)."""

    def __init__(self) -> None:
        self._parts: OrderedDict[str, dict[str, list[Item]]] = OrderedDict()

    def get(self, digest: str | None) -> dict[str, list[Item]] | None:
        """The lists kept for a position: ``counters``, ``boxes`` and, under
        :func:`actions_slot`, the actions each seat was sent."""
        return None if digest is None else self._parts.get(digest)

    def put(self, digest: str, parts: dict[str, list[Item]]) -> None:
        self._parts[digest] = parts
        self._parts.move_to_end(digest)
        while len(self._parts) > KEEP:
            self._parts.popitem(last=False)


#: The most hashes a client may name in ``have``.
MAX_HAVE = KEEP


def held(have: str | None) -> list[str]:
    """The hashes ``have`` names, the position the client shows first."""
    return [h for h in (have or "").split(",")[:MAX_HAVE] if h]


def base_hash(have: str | None) -> str | None:
    names = held(have)
    return names[0] if names else None


def held_by_client(
    session: Any, have: str | None, slot: str, actions: list[Item]
) -> tuple[dict[str, list[Item]] | None, tuple[list[Item], str] | None]:
    """The lists the client shows, if this game still keeps them (counters and boxes of
    the first hash named), and the kept actions nearest ``actions`` among the hashes named
    (with that hash), for the seat ``slot`` names."""
    names = held(have)
    shown = session.parts.get(names[0]) if names else None
    base = None if shown is None else {k: shown[k] for k in ("counters", "boxes")}
    texts = _texts(actions)
    best: tuple[list[Item], str] | None = None
    best_apart = None
    for name in names:  # the nearest: the fewest actions in one list and not the other
        kept = session.parts.get(name)
        if kept is None or slot not in kept:
            continue
        apart = len(texts.symmetric_difference(_texts(kept[slot])))
        if best_apart is None or apart < best_apart:
            best, best_apart = (kept[slot], name), apart
    return base, best


def _texts(actions: list[Item]) -> frozenset[str]:
    """The actions' texts; those of the last few lists asked about kept (alive, found by
    identity and length: a position's kept actions are never changed), as a post asks
    again about the lists the positions before it kept."""
    for lst, n, found in _TEXTS:
        if lst is actions and n == len(actions):
            return found
    found = frozenset(map(action_key, actions))
    _TEXTS.insert(0, (actions, len(actions), found))
    del _TEXTS[8:]
    return found


_TEXTS: list[tuple[list[Item], int, frozenset[str]]] = []


def merged(
    old: list[Item], change: dict[str, Any], key: Key, inner: Inner | None = None
) -> list[Item]:
    """``old`` with ``change`` applied: the changed items in place of theirs, the gone ones
    left out, the new ones after, in the order sent; then ``order`` if sent. With
    ``inner`` (field, key), a changed item may carry ``<field>_change``: the changes to the
    list its old self held in ``field``."""
    gone = set(change.get("gone", ()))
    old_by = {key(x): x for x in old}

    def resolved(x: Item) -> Item:
        if inner is None or f"{inner[0]}_change" not in x:
            return x
        field, inner_key = inner
        out = {k: v for k, v in x.items() if k != f"{field}_change"}
        out[field] = merged(old_by[key(x)][field], x[f"{field}_change"], inner_key)
        return out

    fresh = {key(x): resolved(x) for x in change.get("changed", ())}
    out = [fresh.get(key(x), x) for x in old if key(x) not in gone]
    out.extend(fresh[key(x)] for x in change.get("changed", ()) if key(x) not in old_by)
    order = change.get("order")
    if order is not None:
        by = {key(x): x for x in out}
        out = [by[k] for k in order]
    if out and PLACE in out[0]:
        out = [x if x.get(PLACE) == i else {**x, PLACE: i} for i, x in enumerate(out)]
    return out


def _same(old: Item | None, new: Item) -> bool:
    """Whether ``new`` is ``old``, its place aside."""
    if old is new:  # a kept item (describe.counter_item)
        return True
    if old is None or old.get(PLACE) == new.get(PLACE):
        return old == new
    return {**old, PLACE: None} == {**new, PLACE: None}


def diff(
    old: list[Item], new: list[Item], key: Key, inner: Inner | None = None
) -> dict[str, Any] | None:
    """What turns ``old`` into ``new`` under :func:`merged`; None when keys repeat (then the
    list is sent whole). With ``inner``, an item that was there already sends its own list
    as changes too."""
    if inner is None and len(old) == len(new):
        quick = _in_place(old, new, key)
        if quick is not None:
            return quick
    old_by = {key(x): x for x in old}
    new_keys = [key(x) for x in new]
    if len(old_by) != len(old) or len(set(new_keys)) != len(new):
        return None
    _known_apart(new, key)
    changed = []
    for x in new:
        before = old_by.get(key(x))
        if _same(before, x):
            continue
        if inner is not None and before is not None:
            field, inner_key = inner
            if isinstance(before.get(field), list) and isinstance(x.get(field), list):
                sub = diff(before[field], x[field], inner_key)
                if sub is not None:
                    x = {**{k: v for k, v in x.items() if k != field}, f"{field}_change": sub}
        changed.append(x)
    gone = set(old_by) - set(new_keys)
    change: dict[str, Any] = {"changed": changed, "gone": sorted(gone)}
    # the order merged gives: the old items kept, in their order, then the new ones
    kept = [k for k in old_by if k not in gone]
    if kept + [k for k in new_keys if k not in old_by] != new_keys:
        change["order"] = new_keys
    return change


def _in_place(old: list[Item], new: list[Item], key: Key) -> dict[str, Any] | None:
    """:func:`diff`'s answer when ``new`` is ``old`` with a few items replaced by items of
    the same keys in their places (a counter moved: the others the very items kept,
    :func:`~.describe.counter_item`), found without reading every item's key: the replaced
    items that differ, none gone, the order kept. None otherwise (then :func:`diff` looks
    at every item), or when the keys repeat."""
    apart = list(compress(range(len(new)), map(is_not, old, new)))
    if len(apart) > len(new) // 4:
        return None
    for i in apart:
        if key(old[i]) != key(new[i]):
            return None
    if not _keys_apart(old, key):
        return None
    _known_apart(new, key)  # the same keys in the same places
    return {"changed": [new[i] for i in apart if not _same(old[i], new[i])], "gone": []}


#: The last few lists whose keys were found all different (kept alive here, found by
#: identity, with their length and key): the views' lists are never changed once made.
_APART: list[tuple[list[Item], int, Key]] = []


def _keys_apart(items: list[Item], key: Key) -> bool:
    """Whether no two items have the same key."""
    for lst, n, k in _APART:
        if lst is items and n == len(items) and k is key:
            return True
    if len(set(map(key, items))) != len(items):
        return False
    _known_apart(items, key)
    return True


def _known_apart(items: list[Item], key: Key) -> None:
    if _APART and _APART[0][0] is items and _APART[0][1] == len(items) and _APART[0][2] is key:
        return
    _APART.insert(0, (items, len(items), key))
    del _APART[8:]


def delta(base: dict[str, list[Item]], parts: dict[str, list[Item]]) -> dict[str, Any]:
    """The changes from ``base``'s lists to ``parts``' for each list both have (a list
    left out is sent whole)."""
    out: dict[str, Any] = {}
    for name, key in KEYED.items():
        if name in base and name in parts:
            change = diff(base[name], parts[name], key, INNER.get(name))
            if change is not None:
                out[name] = change
    return out
