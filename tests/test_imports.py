"""How the modules of src/ostfront depend on each other: the layers written down as
import-linter contracts (pyproject.toml) hold, and no module is part of an import cycle.

The cycle check reads every module with :mod:`ast` - imports at the top and inside functions
alike, relative ones resolved, and the packages an import runs on the way - builds the graph of
modules and looks for strongly connected components: any component of more than one module is
a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from importlinter.cli import lint_imports

import ostfront

SRC = Path(ostfront.__file__).parent
ROOT = SRC.parent.parent


# ------------------------------------------------------------------ the module graph
def modules(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package (a package by its
    ``__init__.py``)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ``known`` that the module ``name`` imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, *([node.module] if node.module else [])])
            # ``from package import module`` imports the module; ``from module import name``
            # the module
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            targets = [t for t in targets[:-1] if t in known] or [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules importing it runs: those it names, and the packages above them
    (importing ``a.b.c`` runs ``a/b/__init__.py`` first) unless the importer is inside them."""
    known = modules(package)
    edges = {}
    for name, path in known.items():
        edges[name] = set()
        for target in imported(name, path, known):
            edges[name].add(target)
            parent = target.rpartition(".")[0]
            while parent and not f"{name}.".startswith(f"{parent}."):
                edges[name].add(parent)
                parent = parent.rpartition(".")[0]
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without
    recursion), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


# ------------------------------------------------------------------ the checks
def test_no_module_of_ostfront_is_part_of_an_import_cycle() -> None:
    assert cycles(graph(SRC)) == []


def test_the_layer_contracts_hold() -> None:
    """import-linter's contracts in pyproject.toml: core < games < ai < render < server < cli,
    no game importing another, core importing no game."""
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_logo=True) == 0


def test_a_cycle_is_found_whatever_imports_make_it(tmp_path: Path) -> None:
    """The check fails on a reintroduced cycle: here through a relative import inside a
    function, the way the sequences' handlers used to call back into them."""
    pkg = tmp_path / "pkg"
    (pkg / "games").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "games" / "__init__.py").write_text("")
    (pkg / "games" / "sequence.py").write_text("from . import combat\n")
    (pkg / "games" / "combat.py").write_text(
        "def perform():\n    from .sequence import end_phase\n    end_phase()\n"
    )
    (pkg / "games" / "rules.py").write_text("import pkg.games.combat\n")
    assert cycles(graph(pkg)) == [["pkg.games.combat", "pkg.games.sequence"]]
    (pkg / "games" / "combat.py").write_text("def perform():\n    return 'done'\n")
    assert cycles(graph(pkg)) == []


def test_a_longer_cycle_through_a_package_is_one_component(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from .. import c\n")
    (pkg / "c.py").write_text("from pkg import a\n")
    assert cycles(graph(pkg)) == [["pkg.a", "pkg.c", "pkg.sub.b"]]


def test_importing_a_module_runs_its_package_first(tmp_path: Path) -> None:
    """``from .combat import limits`` runs ``combat/__init__.py``: a cycle through it counts."""
    pkg = tmp_path / "pkg"
    (pkg / "combat").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "combat" / "__init__.py").write_text("from . import losses\n")
    (pkg / "combat" / "limits.py").write_text("")
    (pkg / "combat" / "losses.py").write_text("from .. import overrun\n")
    (pkg / "overrun.py").write_text("from .combat import limits\n")
    assert cycles(graph(pkg)) == [["pkg.combat", "pkg.combat.losses", "pkg.overrun"]]
