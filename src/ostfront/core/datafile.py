"""Reading the project's data files (TOML or JSON) with errors that name the file.

Every loader of components — maps, charts, counters, positions — goes through these two
functions, so a broken file always fails the same way: a :class:`DataError` naming the file,
the entry (with its hex, name or id) and the field.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataError

M = TypeVar("M", bound=BaseModel)

#: How a data file's tables are read: a key the model does not know is an error (a misspelt
#: field is never quietly ignored), and text is stripped.
STRICT = ConfigDict(extra="forbid", str_strip_whitespace=True)


#: How deep data read from outside may nest (a record with an inline map: about 6; a
#: record's snapshot, a game state: about 8).
MAX_DEPTH = 32
#: The largest integer (in magnitude) data read from outside may hold.
MAX_INT = 2**64


def parse_text(text: str, source: str, fmt: str = "toml") -> Any:
    """Plain data from TOML (or JSON) text. Text too deep for the parser, or holding an
    integer too long to read (Python's limit on digits), is refused as invalid."""
    try:
        return json.loads(text) if fmt == "json" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise DataError(source, [f"not valid {fmt.upper()}: {exc}"]) from None
    except RecursionError:
        raise DataError(source, [f"not valid {fmt.upper()}: nested too deeply"]) from None
    except ValueError as exc:  # an integer of thousands of digits (int_max_str_digits)
        raise DataError(source, [f"not valid {fmt.upper()}: {exc}"]) from None


def plain_problem(data: Any) -> str | None:
    """What makes plain data (parsed JSON or TOML) too big to handle, or None: nesting
    deeper than :data:`MAX_DEPTH`, or an integer beyond :data:`MAX_INT` (named by where it
    is, e.g. ``header.seed``). Worked out without recursion."""
    Where = tuple[Any, ...] | None  # (key, the parent's Where): built only when needed
    todo: list[tuple[Any, int, Where]] = [(data, 1, None)]
    while todo:
        item, depth, where = todo.pop()
        if isinstance(item, dict):
            if depth > MAX_DEPTH:
                return f"{_where(where)}nested more than {MAX_DEPTH} deep"
            todo.extend((v, depth + 1, (k, where)) for k, v in item.items())
        elif isinstance(item, list):
            if depth > MAX_DEPTH:
                return f"{_where(where)}nested more than {MAX_DEPTH} deep"
            todo.extend((v, depth + 1, (i + 1, where)) for i, v in enumerate(item))
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_INT:
            return f"{_where(where)}a number larger than 2^64 (of {item.bit_length()} bits)"
    return None


def _where(where: tuple[Any, ...] | None) -> str:
    parts: list[str] = []
    while where is not None:
        key, where = where
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return ("".join(reversed(parts)).lstrip(".") + ": ") if parts else ""


def check_plain(data: Any, source: str) -> None:
    """Raise a :class:`DataError` if ``data`` is too big to handle (:func:`plain_problem`)."""
    problem = plain_problem(data)
    if problem is not None:
        raise DataError(source, [problem])


def read_data_file(path: str | Path) -> Any:
    """Plain data from a ``.toml`` or ``.json`` file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(str(p), [f"cannot read file: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError:
        raise DataError(str(p), ["not a text file"]) from None
    return parse_text(text, str(p), "json" if p.suffix == ".json" else "toml")


def validate(raw: Any, model: type[M], source: str, what: str = "file") -> M:
    """``raw`` checked against ``model``; problems name the entry and field."""
    if not isinstance(raw, dict):
        raise DataError(source, [f"a {what} must be a table of sections"])
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(source, problems(exc, raw)) from None


def problems(exc: ValidationError, raw: Any) -> list[str]:
    """Turn a pydantic error into lines naming the entry (with its hex or name) and field."""
    return [f"{_describe_loc(err['loc'], raw)}: {err['msg']}" for err in exc.errors()]


def _describe_loc(loc: tuple[Any, ...], raw: Any) -> str:
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int):
            label = f"[{key + 1}]"
            try:
                node = node[key]
            except (IndexError, KeyError, TypeError):
                node = None
            if isinstance(node, dict):
                bits = [str(node[k]) for k in ("name", "id", "hex") if node.get(k)]
                if bits:
                    label = f"[{key + 1}: {' '.join(bits)}]"
            parts.append(label)
        else:
            parts.append(("." if parts else "") + str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or "file"
