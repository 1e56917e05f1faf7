"""The per-components memo (core/memo.py): a component's facts die with it and are never
given to another object, and no module of the package keeps a cache keyed by ``id()``."""

from __future__ import annotations

import ast
import gc
from pathlib import Path

from ostfront.core import memo

SRC = Path(__file__).resolve().parents[2] / "src" / "ostfront"


class Board:
    """A stand-in component (a map, a counter mix...)."""


def test_facts_stay_with_their_component() -> None:
    board = Board()
    memo.facts_of(board)["steps"] = 1
    assert memo.facts_of(board)["steps"] == 1
    assert memo.known(board, "n", lambda: 1) == 1
    assert memo.known(board, "n", lambda: 2) == 1
    assert memo.facts_of(Board()) == {}


def test_a_collected_component_is_forgotten() -> None:
    board = Board()
    memo.facts_of(board)["steps"] = 1
    place = id(board)
    assert place in memo._FACTS
    del board
    gc.collect()
    assert place not in memo._FACTS


def test_a_new_object_at_the_same_place_gets_no_old_facts() -> None:
    """An id is reused once its object is gone: the new object must not get the old one's
    facts. Objects are made until one takes a collected object's place (CPython reuses the
    freed memory at once for an object of the same size)."""
    old = Board()
    memo.facts_of(old)["steps"] = "old"
    place = id(old)
    del old
    for _ in range(1000):
        new = Board()
        if id(new) == place:
            break
    else:
        raise AssertionError("no object took the collected one's place")
    assert memo.facts_of(new) == {}
    assert memo.known(new, "steps", lambda: "new") == "new"


def test_the_entry_does_not_survive_a_stale_reference() -> None:
    """Even were an entry left behind (its callback not run), it answers only for the very
    object it was made for."""
    board = Board()
    memo.facts_of(board)["steps"] = 1
    other = Board()
    memo._FACTS[id(other)] = memo._FACTS[id(board)]
    assert memo.facts_of(other) == {}


def test_per_components_keeps_answers_with_the_components() -> None:
    calls: list[int] = []

    @memo.per_components(most=2)
    def double(board: Board, n: int) -> int:
        calls.append(n)
        return 2 * n

    a, b = Board(), Board()
    assert [double(a, 1), double(a, 1), double(b, 1)] == [2, 2, 2]
    assert calls == [1, 1]
    double(a, 2)
    double(a, 3)  # beyond ``most``: the answers for ``a`` are forgotten together
    double(a, 1)
    assert calls == [1, 1, 2, 3, 1]


def _id_keyed(tree: ast.AST) -> list[int]:
    """Lines where ``id(...)`` is a subscript, part of a tuple (a key being built) or the
    argument of ``.get``/``.pop``/``.setdefault``: a cache keyed by an object's id."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            keys = [node.slice]
        elif isinstance(node, ast.Tuple):
            keys = list(node.elts)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "pop", "setdefault")
        ):
            keys = list(node.args[:1])
        else:
            continue
        for key in keys:
            parts = key.elts if isinstance(key, ast.Tuple) else [key]
            for part in parts:
                if (
                    isinstance(part, ast.Call)
                    and isinstance(part.func, ast.Name)
                    and part.func.id == "id"
                ):
                    found.append(part.lineno)
    return found


def test_no_cache_is_keyed_by_id() -> None:
    """Only the memo's own table finds an entry by id, and it checks the entry's weak
    reference leads to the very object (test above)."""
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        for line in _id_keyed(ast.parse(path.read_text(), str(path))):
            offenders.append(f"{path.relative_to(SRC)}:{line}")
    assert [o for o in offenders if not o.startswith("core/memo.py:")] == []
    assert offenders, "the scan finds the memo's own id look-up"
