"""Writing map TOML by hand (stable, readable, diff-friendly)."""

from __future__ import annotations

from typing import Any


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    return '"' + str(v).replace('"', '\\"') + '"'


def toml_list(items: list[Any]) -> str:
    """A TOML array, on one line if short, else wrapped at about 92 characters."""
    body = ", ".join(toml_value(i) for i in items)
    if len(body) < 80:
        return f"[{body}]"
    out, line = [], ""
    for i in items:
        piece = toml_value(i) + ", "
        if len(line) + len(piece) > 92:
            out.append(line.rstrip())
            line = ""
        line += piece
    out.append(line.rstrip().rstrip(","))
    return "[\n    " + "\n    ".join(out) + "\n]"


def compress(hexes: list[str]) -> list[str]:
    """Hex ids as rulebook ranges: runs that keep the first two digits become 'AABB-CC'."""
    out: list[str] = []
    by_head: dict[str, list[int]] = {}
    for h in sorted(hexes):
        by_head.setdefault(h[:2], []).append(int(h[2:]))
    for head in sorted(by_head):
        tails = sorted(by_head[head])
        start = prev = tails[0]
        for c in [*tails[1:], None]:
            if c is not None and c == prev + 1:
                prev = c
                continue
            out.append(f"{head}{start:02d}" if start == prev else f"{head}{start:02d}-{prev:02d}")
            if c is not None:
                start = prev = c
    return out
