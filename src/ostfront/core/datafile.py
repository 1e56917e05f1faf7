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


def parse_text(text: str, source: str, fmt: str = "toml") -> Any:
    """Plain data from TOML (or JSON) text."""
    try:
        return json.loads(text) if fmt == "json" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise DataError(source, [f"not valid {fmt.upper()}: {exc}"]) from None


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
