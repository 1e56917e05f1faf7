"""Both games' sequences of play read as tables (core.phases.Phase): every phase once, in
order, with its rule and title; handlers that say "done" (or leave a decision open) instead of
calling back into the sequence, and import no sequence module."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from types import ModuleType

import pytest

from ostfront.core.phases import DONE
from ostfront.core.protocol import Action
from ostfront.games import get
from ostfront.games.dr import rules as dr_rules
from ostfront.games.dr import sequence as dr_sequence
from ostfront.games.sno import rules as sno_rules
from ostfront.games.sno import sequence as sno_sequence

GAMES = [(dr_sequence, dr_rules, "DR "), (sno_sequence, sno_rules, "SNO ")]


def handlers(sequence: ModuleType) -> list[ModuleType]:
    """Every module the sequence hands a phase or a decision to."""
    found = {p.handler for p in sequence.TABLE if p.handler is not None}
    return sorted(found | set(sequence.PENDING.values()), key=lambda m: m.__name__)


@pytest.mark.parametrize(("sequence", "rules", "prefix"), GAMES)
def test_every_phase_appears_once_in_order_with_its_rule(sequence, rules, prefix) -> None:
    names = [p.name for p in sequence.TABLE]
    assert names == list(rules.PHASES) == list(sequence.PHASES)
    assert len(set(names)) == len(names)
    for phase in sequence.TABLE:
        assert phase.rule.startswith(prefix) and phase.title, phase
        assert all(callable(check) for check in phase.ends), phase
        if phase.handler is not None:
            assert all(hasattr(phase.handler, f) for f in ("actions", "perform", "prompt"))


@pytest.mark.parametrize(("sequence", "rules", "prefix"), GAMES)
def test_each_handler_returns_done_or_goes_on(sequence, rules, prefix) -> None:
    """A handler's perform is declared to return the outcome (DONE, or None while the phase
    or its decision goes on), not to move the sequence on itself."""
    for module in handlers(sequence):
        returns = inspect.signature(module.perform).return_annotation
        assert returns == "Outcome", f"{module.__name__}.perform returns {returns}"


def test_a_handler_says_done_and_the_sequence_moves_on() -> None:
    game = get("dr")
    R = game.rules_for(game.setup("1941", {}, 1))
    s = game.setup("1941", {}, 1)
    setting_up = dr_sequence.BY_NAME["soviet_setup"].handler
    assert setting_up.perform(R, s, Action("historical", ())) is None  # the set-up goes on
    assert s["phase"] == "soviet_setup"
    assert setting_up.perform(R, s, Action("done", ())) == DONE  # over: nothing moved yet
    assert s["phase"] == "soviet_setup"
    dr_sequence.end_phase(R, s)
    assert s["phase"] == "axis_setup"


def imports_of(module: ModuleType) -> list[str]:
    """What the module's import statements name, anywhere in it (``.sequence``, ``..sequence``,
    ``sequence`` of ``from . import sequence``)."""
    found = []
    for node in ast.walk(ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found += [base, *(f"{base}.{a.name}" for a in node.names)]
    return found


@pytest.mark.parametrize(("sequence", "rules", "prefix"), GAMES)
def test_no_handler_imports_a_sequence_module(sequence, rules, prefix) -> None:
    for module in handlers(sequence):
        named = imports_of(module)
        assert not [n for n in named if n.split(".")[-1] == "sequence"], module.__name__
