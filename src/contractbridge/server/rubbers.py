"""Rubber scoring at a web table (NBB30, EST30): the score sheets of the boards played, and the vulnerability
they give the next board (a side that has won a game is vulnerable, NBB R29). The sheets are rebuilt from the
stored boards, so they can never disagree with the event logs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from contractbridge.cards import Side
from contractbridge.deal import Vulnerability
from contractbridge.errors import ScoringError
from contractbridge.scoring.rubber import Rubber, rubber_rules
from contractbridge.table import Table

__all__ = ["has_rubber_scoring", "record", "sheet_summary", "sheets", "vulnerability"]


def has_rubber_scoring(edition: str) -> bool:
    try:
        rubber_rules(edition)
    except ScoringError:
        return False
    return True


def sheets(edition: str, tables: Iterable[Table]) -> list[Rubber]:
    """The rubbers of the finished boards, in order; the last one may be unfinished (or new and empty)."""
    out = [Rubber(edition)]
    for table in tables:
        if table.result is not None:
            record(out, table)
    return out


def record(rubbers: list[Rubber], table: Table) -> None:
    """Enter a finished board on the current sheet, honours read from the deal; a finished rubber is followed
    by a new sheet (NBB R35)."""
    result = table.result
    assert result is not None
    rubbers[-1].record_deal(result.contract, result.declarer, result.tricks, table.board.deal)
    if rubbers[-1].is_finished:
        rubbers.append(Rubber(rubbers[-1].rules.edition))


def vulnerability(sheet: Rubber) -> Vulnerability:
    """The vulnerability of the next deal of ``sheet`` (NBB R29)."""
    return Vulnerability.of_sides(sheet.vulnerable(Side.NS), sheet.vulnerable(Side.EW))


def sheet_summary(number: int, sheet: Rubber) -> dict[str, Any]:
    """What the page shows of a rubber: totals, games, the part-scores below the line, the result when over."""
    result = sheet.result() if sheet.is_finished else None
    return {
        "rubber": number,
        "total": {s.name: sheet.total(s) for s in Side},
        "games": {s.name: sheet.games(s) for s in Side},
        "below": {s.name: sheet.below_line(s) for s in Side},
        "finished": sheet.is_finished,
        "winner": None if result is None or result.winner is None else result.winner.name,
        "margin": None if result is None else result.points,
    }
