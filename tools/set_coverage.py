"""Set rows of a rules coverage table from a small TOML file of updates.

    uv run python tools/set_coverage.py dr updates.toml

Each entry: rule = "DR 6.2", status, code = ["games/dr/stacking.py"], tests = [...], notes.
Rows are matched by rule number (and title, if the number is printed twice).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLES = {"dr": "defiant-russia", "sno": "sturm-nach-osten"}


def main() -> int:
    game, updates = sys.argv[1], Path(sys.argv[2])
    table = ROOT / "docs" / "rules" / f"{TABLES[game]}.md"
    entries = tomllib.loads(updates.read_text(encoding="utf-8"))["rows"]
    by_rule = {e["rule"]: e for e in entries}
    lines = table.read_text(encoding="utf-8").splitlines()
    seen = set()
    for i, line in enumerate(lines):
        if not line.startswith("| ") or line.startswith("| Rule "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        e = by_rule.get(cells[0])
        if e is None or (e.get("title") and e["title"] != cells[1]):
            continue
        seen.add(cells[0])
        code = ", ".join(f"`{c}`" for c in e.get("code", []))
        tests = ", ".join(f"`{t}`" for t in e.get("tests", []))
        notes = e.get("notes", "").replace("|", "/")
        lines[i] = f"| {cells[0]} | {cells[1]} | {e['status']} | {code} | {tests} | {notes} |"
    missing = set(by_rule) - seen
    if missing:
        print(f"no rows for: {', '.join(sorted(missing))}", file=sys.stderr)
        return 1
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(seen)} rows set in {table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
