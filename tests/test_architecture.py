"""The layer picture of docs/architecture.md §2, checked from the source with ``ast`` (#22 "How we will know").

The import graph of ``src/contractbridge`` has one node a module (a package is its ``__init__``) and an edge for
every ``import``/``from … import`` of another module of the package, at any depth: inside functions and methods
too, but not under ``if TYPE_CHECKING:`` (those never run). ``from package import name`` points at the submodule
when ``name`` is one, else at the package. (Python also runs the ``__init__`` of a module's package first; those
implicit edges are not counted: with them one more loop shows, ``deal`` → ``formats/__init__`` →
``formats.record`` → ``deal``, through ``Deal._repr_html_``'s import of ``formats.diagram``, left to the formats
registry, #22 item 4.) The graph must have no cycle, and the law (``laws/``, ``director/``) and the plain values
must not import the layers above them.
"""

from __future__ import annotations

import ast
import re
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
#: ``rulebooks`` is the editions' lookup by name: it imports only ``errors`` (the laws load by name at run time), so
#: a value's refusal cites the default edition's law for its topic (``rulebooks.refusal``) and a table re-cites it
VALUES = ("cards", "calls", "contract", "deal", "values", "errors", "rulebooks")
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


# ---- law only in laws/ (#22 item 3) ----------------------------------------------------------------------------

#: A law citation in a string: a WBF17 law with its letters (``L44C``, ``L68D2(b)``, ``L12C1(c)``) or a bare one
#: with a letter (``70A``, ``68B2``, ``27B1(a)``; not a bid: two digits, or one digit then a letter then a digit),
#: an NBB30 rule (``NBB R54``, ``R10(2)``), an Estonian law or scoring rule (``EST-L41``, ``EST-S11``), a Dutch
#: article (``NL36 29``, ``NL75 Art.21``). The bidding systems' book (``EST-B…``) is not law (the issue excepts it).
CITATION = re.compile(
    r"(?<![A-Za-z0-9-])(?:"
    r"L\d{1,2}(?:[A-H]\d?(?:\([a-z]\))?)?"
    r"|(?:NBB )?R\d{1,2}(?:\(\d\))?"
    r"|EST-[LS]\d+"
    r"|NL(?:36|75) (?:Art\.\s?)?\d+"
    r"|[1-9]\d[A-H]\d?(?:\([a-z]\))?"
    r"|[1-9][A-H]\d(?:\([a-z]\))?"
    r")(?![A-Za-z0-9])"
)

#: Modules outside laws/ that still cite a law in a message, each with why; the test fails when one no longer does
#: (shrink the list) or when another module starts to (move the citation into the edition: ``Edition.cited``).
CITATION_ALLOWLIST: Mapping[str, str] = {
    "scoring/duplicate.py": "duplicate scoring is L77/L79 by definition (the scoring module of WBF17's table)",
    "scoring/compare.py": "assigned scores (L12C1(c)): the duplicate comparison's own input check",
    "tournament/event.py": "a duplicate event's result checks (L8, L77, L79A): WBF17's by definition, as scoring/",
    "tournament/handrecords.py": "board numbering (L2) of an event's boards: a value, as deal.py",
    "tournament/movements.py": "a movement's checks (L8, L15A): duplicate is WBF17's by definition (helper tournament)",
    "tournament/pbn_scores.py": "a published result's re-scoring (L2, L12C2, L77-L79): WBF17's by definition",
    "tournament/results.py": "an event's results (L12, L77-L79): duplicate scoring, as scoring/duplicate.py",
    "tournament/usebio.py": "a USEBIO adjusted score (L12C2): duplicate scoring, as scoring/",
    "commands/event.py": "the event command's help (L12C2, L77): helper tournament's file",
    "commands/scoring.py": "the duplicate score's headings (L22B, L77)",
    "commands/__init__.py": "the CLI's command index: the first paragraph of each command's help (#28)",
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of every string that stands alone as a statement (docstrings, attribute docs): documentation."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def _strings(tree: ast.AST) -> Iterator[ast.Constant]:
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node


def _outside_laws() -> Iterator[tuple[str, ast.AST]]:
    """Every module outside ``laws/`` and ``systems/`` (the bidding systems cite their own book), parsed."""
    root = SRC / PACKAGE
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if not rel.startswith(("laws/", "systems/")):
            yield rel, ast.parse(path.read_text(encoding="utf-8"))


def citations_outside_laws() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for rel, tree in _outside_laws():
        for node in _strings(tree):
            for found in CITATION.finditer(node.value):
                out.setdefault(rel, []).append(f"{rel}:{node.lineno}: {found.group(0)}")
    return out


def test_no_law_citation_outside_laws_but_the_listed() -> None:
    found = citations_outside_laws()
    unlisted = [line for rel, lines in found.items() if rel not in CITATION_ALLOWLIST for line in lines]
    assert not unlisted, "cite through the edition (Edition.cited):\n" + "\n".join(unlisted)
    stale = sorted(set(CITATION_ALLOWLIST) - set(found))
    assert not stale, f"no longer cite a law: drop from CITATION_ALLOWLIST: {stale}"


def test_the_citation_pattern() -> None:
    text = "must follow suit (L44C; a revoke, L61), L68D2(b), 70A, 27B1(a), NBB R54, R10(2), EST-L41, NL36 29"
    assert [m.group(0) for m in CITATION.finditer(text)] == [
        "L44C", "L61", "L68D2(b)", "70A", "27B1(a)", "NBB R54", "R10(2)", "EST-L41", "NL36 29",
    ]  # fmt: skip
    assert not CITATION.findall("1C 2D 3H 4S 7NT, EST-B13, level 2, SA HK, board 12, 1NT-P-2C")


def _edition_classes() -> frozenset[str]:
    import contractbridge.laws as laws

    seen: set[str] = set()  # the base class itself is no branch: ``isinstance(x, Edition)`` tells a name from a book
    todo: list[type] = list(laws.Edition.__subclasses__())
    while todo:
        klass = todo.pop()
        seen.add(klass.__name__)
        todo.extend(klass.__subclasses__())
    return frozenset(seen)


def test_no_edition_branch_outside_laws() -> None:
    """No ``isinstance`` on an edition class and no comparison with an edition's name outside ``laws/``: what
    varies between books is the edition's data and methods (docs/architecture.md §3.4). A name as a default
    (``rulebooks.DEFAULT_EDITION``, a parameter's default) is not a branch."""
    from contractbridge.laws import EDITIONS

    classes, names = _edition_classes(), {n.upper() for n in EDITIONS}
    wrong: list[str] = []
    for rel, tree in _outside_laws():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                kinds = node.args[1] if len(node.args) == 2 else None
                named = [e for e in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]) if e is not None]
                if any(isinstance(e, ast.Name | ast.Attribute) and ast.unparse(e).split(".")[-1] in classes
                       for e in named):  # fmt: skip
                    wrong.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Compare):
                for side in [node.left, *node.comparators]:
                    if isinstance(side, ast.Constant) and isinstance(side.value, str) and side.value.upper() in names:
                        wrong.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert not wrong, "\n".join(wrong)
