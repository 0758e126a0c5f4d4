"""The layer picture of docs/architecture.md §2, checked from the source with ``ast`` (#22 "How we will know").

The import graph of ``src/contractbridge`` has one node a module (a package is its ``__init__``) and an edge for
every ``import``/``from … import`` of another module of the package, at any depth: inside functions and methods
too, but not under ``if TYPE_CHECKING:`` (those never run). ``from package import name`` points at the submodule
when ``name`` is one, else at the package. The graph must have no cycle, and the law (``laws/``, ``director/``)
and the plain values must not import the layers above them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "contractbridge"

Graph = Mapping[str, frozenset[str]]

#: what lies above the law: the table and everything that drives or shows it (docs/architecture.md §2)
ABOVE_LAW = (
    "table",
    "eventlog",
    "players",
    "robots",
    "rubbergame",
    "tablemanager",
    "store",
    "tournament",
    "server",
    "commands",
    "cli",
)
#: the plain values at the bottom (docs/architecture.md §2) and the only modules of the package they may import
VALUES = ("cards", "calls", "contract", "deal", "values", "errors")
#: ``deal`` renders itself in Jupyter through ``formats.diagram`` (which imports ``deal`` for types only); the one
#: upward edge of the values layer, left to the formats registry (#22 item 4)
VALUES_ALLOWED_UP = {("contractbridge.deal", "contractbridge.formats.diagram")}


def _modules(root: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: at any depth, skipping the body of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                yield from _imports_in(other)
            continue
        yield from _imports_in(child)


def _imports_in(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    yield from _imports(node)


def edges(name: str, source: str, modules: Mapping[str, object], *, package: bool = False) -> frozenset[str]:
    """The modules of ``modules`` that module ``name`` (a package's ``__init__`` if ``package``) imports."""

    def known(target: str) -> str | None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        return target or None

    out: set[str] = set()
    for node in _imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = name.split(".") if package else name.split(".")[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        out.update(t for t in map(known, targets) if t is not None and t != name)
    return frozenset(out)


def import_graph(root: Path = SRC) -> dict[str, frozenset[str]]:
    modules = _modules(root)
    return {
        name: edges(name, path.read_text(encoding="utf-8"), modules, package=path.name == "__init__.py")
        for name, path in modules.items()
    }


def find_cycle(graph: Graph) -> list[str] | None:
    """One cycle of ``graph`` as a path that ends where it starts, or None (an iterative depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        path: list[str] = [start]
        stack: list[Iterator[str]] = [iter(sorted(graph.get(start, ())))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def _under(module: str, names: tuple[str, ...]) -> bool:
    return any(module == f"{PACKAGE}.{n}" or module.startswith(f"{PACKAGE}.{n}.") for n in names)


@pytest.fixture(scope="module")
def graph() -> dict[str, frozenset[str]]:
    return import_graph()


def test_the_import_graph_has_no_cycle(graph: Graph) -> None:
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


@pytest.mark.parametrize("lower", ["laws", "director"])
def test_the_law_imports_nothing_above_it(graph: Graph, lower: str) -> None:
    """``laws/`` and ``director/`` never import the table, its drivers or a UI (the table applies what the law
    returns; a law never receives more than it reads, #22 item 1)."""
    wrong = sorted(
        f"{m} -> {d}" for m, deps in graph.items() if _under(m, (lower,)) for d in deps if _under(d, ABOVE_LAW)
    )
    assert not wrong, "\n".join(wrong)


def test_the_director_does_not_import_the_editions(graph: Graph) -> None:
    """The editions build on the director's record and vocabulary; the record finds an edition by name through
    ``rulebooks`` (which ``laws`` fills), never by importing ``laws``."""
    wrong = sorted(
        f"{m} -> {d}" for m, deps in graph.items() if _under(m, ("director",)) for d in deps if _under(d, ("laws",))
    )
    assert not wrong, "\n".join(wrong)


def test_the_values_import_only_values(graph: Graph) -> None:
    wrong = sorted(
        f"{m} -> {d}"
        for m, deps in graph.items()
        if _under(m, VALUES)
        for d in deps
        if not _under(d, VALUES) and (m, d) not in VALUES_ALLOWED_UP
    )
    assert not wrong, "\n".join(wrong)


# ---- the checker itself (so that the tests above can fail) ---------------------------------------------------


def test_find_cycle_reports_a_cycle_as_a_closed_path() -> None:
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "c"}
    assert find_cycle({"a": frozenset({"b"}), "b": frozenset()}) is None


def test_imports_inside_functions_count_and_type_checking_ones_do_not() -> None:
    modules = {"p": 0, "p.a": 0, "p.b": 0, "p.c": 0, "p.d": 0, "p.sub": 0, "p.sub.e": 0}
    source = """
from typing import TYPE_CHECKING
import p.a
if TYPE_CHECKING:
    from p import c
else:
    from p.sub import e
def f():
    from p.b import thing
    from .d import x
class K:
    def g(self):
        from p import sub
"""
    assert edges("p.z", source, modules) == {"p.a", "p.b", "p.d", "p.sub", "p.sub.e"}
