"""List a rulebook's numbered rules, and add rows for missing ones to its coverage table.

    uv run python tools/rules_index.py dr        # add missing rows to its coverage table
    uv run python tools/rules_index.py sno --list    # just print the rules found

The rulebooks live beside the checkout in ../shared/rules/ (they are not part of Ostfront).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = {"dr": "defiant-russia.txt", "sno": "sturm-nach-osten.txt"}
PREFIX = {"dr": "DR", "sno": "SNO"}
TABLES = {"dr": "defiant-russia", "sno": "sturm-nach-osten"}
HEADING = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+(\S.*)$")
SCENARIO = re.compile(r"^([A-E])\.\s+(\S.*)$")
APPENDIX = re.compile(r"^(APPENDIX [IVX]+)\s*(.*)$")
HEADER = "| Rule | Title | Status | Code | Tests | Notes |\n|---|---|---|---|---|---|\n"


def rulebook_path(game: str) -> Path:
    return ROOT.parent / "shared" / "rules" / RULEBOOKS[game]


def rules_in(game: str, text: str) -> list[tuple[str, str]]:
    """(rule id, title) for every numbered rule, in rulebook order, from the body text
    (the table of contents at the top is skipped)."""
    lines = text.splitlines()
    start = next(
        i
        for i, line in enumerate(lines)
        if HEADING.match(line) and i > 0 and not line.startswith("- ")
    )
    found: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    section = ""
    for line in lines[start:]:
        line = line.strip()
        m = HEADING.match(line)
        rule = title = None
        if m and not line.startswith("- "):
            number = m.group(1)
            if "." not in number:
                continue  # a bare integer starts a sentence, not a rule
            rule, title = number, m.group(2)
            section = number.split(".")[0]
        elif game == "sno" and section == "12" and (s := SCENARIO.match(line)):
            rule, title = f"12.{s.group(1)}", s.group(2)
        elif game == "sno" and (a := APPENDIX.match(line)):
            rule, title = "Appendix " + a.group(1).split()[1], a.group(2) or a.group(1)
            section = rule
        if rule is None:
            continue
        title = re.sub(r"\s+", " ", title).rstrip(".")
        if len(title) > 70:
            title = title[:67].rstrip() + "..."
        title = title.replace("|", "/")
        key = (rule, title)
        if key not in seen:
            seen.add(key)
            found.append(key)
    return found


def table_rows(path: Path) -> list[list[str]]:
    rows = []
    if not path.exists():
        return rows
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| Rule ") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(RULEBOOKS))
    ap.add_argument("--list", action="store_true", help="print the rules and stop")
    args = ap.parse_args()
    book = rulebook_path(args.game)
    if not book.exists():
        print(f"rulebook not found at {book}", file=sys.stderr)
        return 2
    rules = rules_in(args.game, book.read_text(encoding="utf-8"))
    prefix = PREFIX[args.game]
    if args.list:
        for rule, title in rules:
            print(f"{prefix} {rule}\t{title}")
        return 0
    table = ROOT / "docs" / "rules" / f"{TABLES[args.game]}.md"
    have = {(r[0], r[1]) for r in table_rows(table)}
    missing = [(f"{prefix} {r}", t) for r, t in rules if (f"{prefix} {r}", t) not in have]
    if not table.exists():
        table.write_text(
            f"# {prefix} rules coverage\n\nFormat: see `README.md` in this folder.\n\n" + HEADER,
            encoding="utf-8",
        )
    with table.open("a", encoding="utf-8") as fh:
        for rule, title in missing:
            fh.write(f"| {rule} | {title} | pending | | | |\n")
    print(f"{len(missing)} rows added to {table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
