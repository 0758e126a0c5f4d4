"""One durability contract for a board's log (docs/architecture.md §5.1, issue #18 item 6, issue #14): the
terminal's file (``eventlog.EventLog``) and the web table's database (``store.StoredLog``) implement the same
interface, ``eventlog.DurableLog``, and each test here runs against both."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from contractbridge.deal import Board, Deal
from contractbridge.errors import EventLogError
from contractbridge.eventlog import DurableLog, EventLog, EventLogLockedError, read_table
from contractbridge.store import Store, StoredLog, TableRecord
from contractbridge.table import Table


def board_table() -> Table:
    return Table(Board(1, Deal.random("store-contract")))


@dataclass
class Keeper:
    """How to make, reopen and read back one kind of log."""

    make: Callable[[Table], DurableLog]
    reopen: Callable[[], DurableLog]
    stored: Callable[[], list[dict[str, Any]]]  # what a fresh reader finds


@pytest.fixture(params=["file", "store"])
def keeper(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Keeper]:
    if request.param == "file":
        path = tmp_path / "board.jsonl"
        yield Keeper(
            lambda table: EventLog.create(path, table),
            lambda: EventLog.open(path)[0],
            lambda: read_table(path).to_events(),
        )
        return
    url = f"sqlite:///{tmp_path / 'club.db'}"
    store = Store(url)
    store.create_table(TableRecord("t", "Contract", "WBF17", seed="s"), director_token_hash=None)
    made: list[StoredLog] = []

    def make(table: Table) -> DurableLog:
        made.append(store.create_log("t", 1, table.to_events()[0]))
        return made[-1]

    def stored() -> list[dict[str, Any]]:
        fresh = Store(url)  # another connection: only what was committed
        try:
            return fresh.board(made[0].board_id).events
        finally:
            fresh.close()

    yield Keeper(make, lambda: store.open_log(made[0].board_id), stored)
    store.close()


def test_both_keepers_implement_the_one_interface() -> None:
    assert issubclass(EventLog, DurableLog) and issubclass(StoredLog, DurableLog)


def test_never_empty_write_ahead_and_undo_as_truncation(keeper: Keeper) -> None:
    table = board_table()
    log = keeper.make(table)
    try:
        assert len(log) == 1 and keeper.stored() == table.to_events()  # point 1: the board event, never empty
        for call in ("1NT", "P", "3NT"):
            table.call(call)
            log.append(table.to_events()[-1])
            assert keeper.stored() == table.to_events()  # point 2: durable when append returns
        table.undo()
        log.sync(table.to_events())  # point 3: the log is cut back to the table's events
        assert len(log) == 3 and keeper.stored() == table.to_events()
        table.call("2NT")
        log.sync(table.to_events())
        assert keeper.stored() == table.to_events() and Table.from_events(keeper.stored()).auction.calls[-1].level == 2
        with pytest.raises(EventLogError, match="board event stays"):
            log.undo(len(log))
        assert keeper.stored() == table.to_events()  # a refused undo changes nothing
    finally:
        log.close()


def test_one_writer_at_a_time(keeper: Keeper) -> None:
    log = keeper.make(board_table())
    with pytest.raises(EventLogLockedError):  # point 4
        keeper.reopen()
    log.close()
    again = keeper.reopen()
    assert len(again) == 1
    again.close()


def test_a_second_store_process_cannot_overwrite_an_event(tmp_path: Path) -> None:
    """Two servers on one database (each with its own writers): the second append at a taken place is refused,
    so a stored log never has two events at one place (point 4 across processes)."""
    url = f"sqlite:///{tmp_path / 'club.db'}"
    first, second = Store(url), Store(url)
    try:
        first.create_table(TableRecord("t", "Two writers", "WBF17", seed="s"), director_token_hash=None)
        table = board_table()
        mine = first.create_log("t", 1, table.to_events()[0])
        theirs = second.open_log(mine.board_id)
        table.call("1NT")
        mine.append(table.to_events()[-1])
        with pytest.raises(EventLogLockedError, match="another writer"):
            theirs.append({"event": "call", "seat": "N", "call": "7NT"})
        assert first.board(mine.board_id).events == table.to_events()
    finally:
        first.close()
        second.close()
