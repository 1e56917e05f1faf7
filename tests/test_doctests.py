"""The examples in the docstrings are run: a docstring's example that no longer holds is a
defect like any other."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ostfront

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(ostfront.__path__, "ostfront.")
    if not m.name.endswith("__main__")  # importing it runs the command
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
