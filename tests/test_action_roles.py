"""Readers outside a game read the fields its actions carry, never their labels or verbs
(issue 30): every action offered in random play of both games has a role and a group, a
move names its destination and ends its path there; and the generic layers (server, the
players' framework, cli, render, the browser client) hold no reading of labels and no
list of a game's verbs."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.core.protocol import HIGHLIGHTS, ROLES, Action, State
from ostfront.core.rng import new_rng
from ostfront.games import get

SRC = Path(__file__).resolve().parent.parent / "src" / "ostfront"
#: the JSON names another part of the system (the API's response models) relies on
FIELDS = {"role": str, "units": list, "hexes": list, "path": list, "group": str}


def offered(
    game_name: str, seed: int, steps: int, start: list[str]
) -> Iterator[tuple[State, Action]]:
    """Every action offered along ``steps`` random steps after the ``start`` actions."""
    game = get(game_name)
    state = game.setup(None, {}, seed)
    for text in start:
        state = game.apply(state, text)
    player = RandomPlayer(new_rng(seed))
    for _ in range(steps):
        if game.active_side(state) is None:
            return
        for a in game.legal_actions(state):
            yield state, a
        state = game.apply(state, player.choose(game, state))


GAMES = [
    ("dr", 1, 200, []),  # the set-up, then the first turn
    ("dr", 2, 400, ["historical", "done", "historical", "done"]),  # movement and combat
    ("sno", 1, 300, []),  # the 1941 campaign's set-up and first turn
]


@pytest.mark.parametrize(("game_name", "seed", "steps", "start"), GAMES)
def test_every_action_offered_says_what_it_is(
    game_name: str, seed: int, steps: int, start: list[str]
) -> None:
    roles = set()
    for state, a in offered(game_name, seed, steps, start):
        roles.add(a.role)
        assert a.role in ROLES and a.group, a
        assert a.highlight is None or (a.highlight in HIGHLIGHTS and a.hexes), a
        assert all(isinstance(x, str) for x in (*a.units, *a.hexes, *a.path)), a
        if a.role == "move":
            assert a.hexes, a
            assert not a.path or a.path[-1] == a.hexes[0], a
        if a.highlight in ("move", "rail"):  # a move by land or rail: the way it goes
            assert len(a.path) > 1 and a.path[0] == state["units"][a.units[0]]["at"], a
        d = a.to_json()
        assert {k: type(d[k]) for k in FIELDS} == FIELDS, d
        assert d["cost"] is None or isinstance(d["cost"], int | float)
    assert roles == set(ROLES)  # each role is met in a few hundred steps of either game


def test_the_fields_are_descriptive_and_the_role_one_of_the_roles() -> None:
    move = Action(
        "to",
        ("0102",),
        "A to 0102 (2 MP)",
        role="move",
        units=("a",),
        hexes=("0102",),
        path=("0101", "0102"),
        cost=2,
        group="Move to",
        highlight="move",
    )
    assert move == Action.parse("to 0102") and move.text == "to 0102"
    d = move.to_json()
    assert {k: d[k] for k in ("role", "units", "hexes", "path", "cost", "group", "highlight")} == {
        "role": "move",
        "units": ["a"],
        "hexes": ["0102"],
        "path": ["0101", "0102"],
        "cost": 2,
        "group": "Move to",
        "highlight": "move",
    }
    plain = Action("end").to_json()
    assert (plain["role"], plain["units"], plain["cost"], plain["group"]) == (
        "choose",
        [],
        None,
        "",
    )
    with pytest.raises(ValueError, match="role"):
        Action("end", role="finish")


# ------------------------------------------------------------------ no reading of labels
#: the generic modules: they know no game
GENERIC = [
    *sorted((SRC / "server").glob("*.py")),
    *sorted((SRC / "cli").glob("*.py")),
    *sorted((SRC / "render").glob("*.py")),
    *(SRC / "ai" / f"{m}.py" for m in ("players", "random_player", "greedy", "normal", "hard")),
    *(SRC / "ai" / f"{m}.py" for m in ("odds", "simulate", "tournament")),
]
#: the one verb the protocol itself defines (core.protocol's undo)
CORE_VERBS = {"undo"}
_SEARCHES = {"search", "match", "fullmatch", "findall", "finditer", "sub", "split"}
_SEARCHES |= {"startswith", "endswith", "find", "index", "count", "partition"}


def _reads(node: ast.AST, attr: str) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == attr for n in ast.walk(node))


def _constants(node: ast.AST) -> set[object]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)}


def _compares_words(n: ast.Compare) -> bool:
    """A label compared with a word; a verb compared with a word other than the protocol's
    own, or with a name or a collection (a table of verbs)."""
    sides = [n.left, *n.comparators]
    for attr, allowed in (("label", set()), ("verb", CORE_VERBS)):
        mine = [s for s in sides if _reads(s, attr)]
        if not mine:
            continue
        others = [s for s in sides if s not in mine]
        words = {c for s in others for c in _constants(s) if isinstance(c, str)}
        if words - allowed:
            return True
        if attr == "verb" and any(not isinstance(s, ast.Constant) for s in others):
            return True
    return False


def decisions_on_words(source: str) -> list[str]:
    """Where the code decides by an action's label or a verb's name: a label compared with
    or searched for a word, a verb compared with a word other than the protocol's own or
    looked up in a table."""
    found = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Compare) and _compares_words(n):
            found.append(f"line {n.lineno}: {ast.unparse(n)}")
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr in _SEARCHES and any(
                _reads(x, "label") for x in (n.func.value, *n.args)
            ):
                found.append(f"line {n.lineno}: {ast.unparse(n)}")
            if n.func.attr == "get" and any(_reads(x, "verb") for x in n.args):
                found.append(f"line {n.lineno}: {ast.unparse(n)}")
        elif isinstance(n, ast.Subscript) and _reads(n.slice, "verb"):
            found.append(f"line {n.lineno}: {ast.unparse(n)}")
    return found


#: the state keys every game's state has (core/state.py ``CoreState``): the generic modules
#: read no other (a game's turn, phase, decision in progress and points come through hooks)
CORE_KEYS = {"game", "scenario", "options", "seed", "rng", "step", "undo", "log", "map"}
_STATE_KEY = re.compile(r"""\bstate(?:\.get\(|\[)["']([A-Za-z_]+)["']""")


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(SRC)))
def test_no_generic_module_reads_a_games_state_keys(path: Path) -> None:
    assert set(_STATE_KEY.findall(path.read_text())) <= CORE_KEYS


def test_the_check_finds_what_it_looks_for() -> None:
    bad = """
if a.verb == "roll": pass
if a.verb in BACKWARD: pass
x = GROUPS[a.verb]
y = HIGHLIGHTS.get(a.verb)
m = _MP.search(a.label or "")
if "attack" in a.label.lower(): pass
"""
    assert len(decisions_on_words(bad)) == 6
    good = """
pool = [a for a in legal if a.verb != "undo"]
if a.role == "roll" and a.label != a.text: pass
"""
    assert decisions_on_words(good) == []


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(SRC)))
def test_no_generic_module_decides_by_labels_or_verbs(path: Path) -> None:
    assert decisions_on_words(path.read_text()) == []


#: in the browser client: a verb compared with a word (other than undo), a list of verbs, a
#: label searched with a regular expression, a log entry's action, text or phase title
#: searched (its role, hexes, set-up note and the title's parts are sent with it), a game's
#: name or rule prefix, a regular expression looking for set-up
_JS = [
    re.compile(r"\.verb\s*[!=]==?\s*\"(?!undo\")"),
    re.compile(r"\.verb\s*[!=]==?\s*[A-Za-z_]"),
    re.compile(r"\.includes\([^)]*\.verb\b"),
    re.compile(r"\[[^\]]*\.verb\]"),
    re.compile(r"\.label\b[^;]*\.(test|match|search|replace)\("),
    re.compile(r"\.(test|match|search)\([^)]*\.label\b"),
    re.compile(r"VERB_GROUPS"),
    re.compile(r"\.(action|text|title|phase)\b[^;]*\.(test|match|search|replace|startsWith)\("),
    re.compile(r"\.(test|match|search)\([^)]*\.(action|text|title|phase)\b"),
    re.compile(r"\bDR\b|\bSNO\b|\bdr\b|\bsno\b|Defiant|Sturm"),
    re.compile(r"/[^/\n]*set\W{0,3}up[^/\n]*/", re.IGNORECASE),  # a regular expression
]


def js_leaks(line: str) -> bool:
    """Whether a line of the client's code (not a comment: comments may name the games whose
    ways they explain) holds one of the readings above."""
    return not line.lstrip().startswith("//") and any(p.search(line) for p in _JS)


def test_the_browser_check_finds_what_it_looks_for() -> None:
    bad = [
        'if (!/^roll\\b/.test(e.action || "")) continue;',
        'if (/^(attack|roll)\\b/.test(f.action || "")) break;',
        'const target = ((b.roll.text || "").match(/\\d{4}/g) || []).join(", ");',
        'r.why.replace(/\\s*\\((DR|SNO) [^)]*\\)$/, "")',
        "theirs.some(e => !/set-?up/i.test(`${e.phase} ${e.title}`))",
        'if (page.view.game === "sno") x();',
        'const named = ((e.title || "").match(/^([^,]+), /) || [])[1];',
    ]
    assert [line for line in bad if not js_leaks(line)] == []
    good = [
        'if (e.role === "roll" && e.hexes.length) x();',
        "const target = (b.roll.hexes || []).join(', ');",
        "theirs.some(e => !e.setup)",
        'why.replace(/\\s*\\([A-Z]+ \\d[^()]*\\)$/, "")',
    ]
    assert [line for line in good if js_leaks(line)] == []


@pytest.mark.parametrize("path", sorted((SRC / "web").rglob("*.js")), ids=lambda p: p.name)
def test_the_browser_client_reads_fields_not_labels_or_verbs(path: Path) -> None:
    lines = path.read_text().splitlines()
    found = [f"{i}: {line.strip()}" for i, line in enumerate(lines, 1) if js_leaks(line)]
    assert found == []
