"""One table-driving loop (issue #22 item 3): only ``players.py`` loops over a table's turns. Every other loop
in the source whose condition reads a table's progress (``phase``, ``actor``, ``turn``, ``claim_state``,
``is_over``), or whose body asks a player for a call or a card from a seat's view, is listed here with why it is
not a table driver — or it is pending conversion to ``players.Driver``."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Final

SRC: Final = Path(__file__).resolve().parents[1] / "src" / "contractbridge"
DRIVER: Final = "players.py"
#: loops that are not a table's: (file, function) → why
NOT_A_TABLE: Final = {
    ("formats/pbn_values.py", "closed"): "completes a PBN file's auction with the passes its 'AP' stands for",
    ("robots/bidder.py", "bid_deal"): "four bidding robots over a bare Auction (no table: no claims or rulings)",
    ("tablemanager/client.py", "_play_board"): "one seat following a board over the protocol (no table: the table "
    "manager's server drives the table through players.Driver)",
}
#: files whose table loop is still to be converted to players.Driver
PENDING: Final[set[str]] = set()
PROGRESS: Final = re.compile(r"\b(phase|actor|turn|claim_state|is_over)\b")


def _asks_a_player(loop: ast.While | ast.For) -> bool:
    """Whether the loop's body asks for a call or a card from a view: ``x.call(...view...)`` / ``x.play(...)``."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("call", "play")
        and any("view" in ast.unparse(arg) for arg in node.args)
        for node in ast.walk(loop)
    )


def _table_loops() -> list[tuple[str, str, int]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for loop in ast.walk(function):
                drives = isinstance(loop, ast.While) and PROGRESS.search(ast.unparse(loop.test))
                if isinstance(loop, ast.While | ast.For) and (drives or _asks_a_player(loop)):
                    found.append((name, function.name, loop.lineno))
    return found


def test_the_table_driver_is_the_only_loop_over_a_table() -> None:
    loops = _table_loops()
    others = [(n, f, line) for n, f, line in loops if n != DRIVER and (n, f) not in NOT_A_TABLE and n not in PENDING]
    assert others == [], f"a table-driving loop outside players.py (use players.Driver / drive): {others}"


def test_drive_loops_over_the_driver_steps() -> None:
    """``players.drive`` is the loop: over ``Driver.step`` (the interfaces loop over ``step`` too, or call it
    from their own transport: the decisions are the driver's)."""
    tree = ast.parse((SRC / DRIVER).read_text(encoding="utf-8"))
    [drive] = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "drive"]
    assert any(isinstance(n, ast.While) and ".step()" in ast.unparse(n.test) for n in ast.walk(drive))


def test_the_exceptions_are_still_there() -> None:
    """An entry of NOT_A_TABLE whose loop has gone is stale: remove it."""
    seen = {(n, f) for n, f, _ in _table_loops()}
    assert set(NOT_A_TABLE) <= seen
