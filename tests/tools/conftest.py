"""The tools/ scripts, loaded as modules for their tests (they are not a package)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module."""
    path = Path(__file__).parents[2] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tool_named() -> Callable[[str], ModuleType]:
    return load_tool
