"""The durable event log: one writer, write-ahead of the screen, and a reader that only raises typed errors.

The event log (JSON lines, docs/architecture.md §3.2 and §5.1) is the truth of a table: whatever a player has seen
accepted must survive a crash. This module is the one place that says how a log is kept; the terminal
table, the session and the web table's store all follow the same contract.

The contract
------------

1. **Never empty.** A log is created holding its board event: the line is written to a private file,
   fsync'd, and linked to the log's name (``create``); a log name never denotes an empty file.
2. **Write-ahead, then show.** ``append`` writes each event as one whole line (a single ``write`` of the
   JSON text and its newline) and fsyncs it before returning. A caller shows an event as accepted, or
   lets a robot act on it, only after ``append`` (or ``sync``) has returned. A crash therefore leaves at
   most a torn last line.
3. **Undo is a truncation.** Taking back events (``undo``, the table's stack) cuts the file back to the end
   of an earlier line, fsync'd; events are never rewritten in place.
4. **One writer.** A log is open for writing by one table at a time: an exclusive OS lock (``flock``)
   held on the file while it is open; a second writer gets ``EventLogLockedError`` at once.
5. **Recovery.** ``read``/``open`` accept a log whose last line is torn by a crash (it has no newline and is
   not a JSON object): that line is dropped with a warning naming it (``open`` also cuts it from the file),
   never an earlier line. A bad line anywhere else is refused with its line number.
6. **Bounded, typed input.** A log larger than ``max_bytes`` (``MAX_LOG_BYTES``, 4 MiB, far beyond the
   largest board; a caller may raise it) is refused before it is read; nesting deeper than
   ``MAX_DEPTH`` is refused before decoding. Any input whatever gives a log or an ``EventLogError``
   (line, column) — never a ``RecursionError``, ``UnicodeDecodeError`` or a plain ``ValueError`` — in time
   linear in its size.

The reader of points 5 and 6 is ``contractbridge.loglines`` (below the table, which folds its own JSON lines with
it); this module adds the writer and ``read_table``, and sits above the table (docs/architecture.md §2).
"""

from __future__ import annotations

import json
import os
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from contractbridge.errors import EventLogError
from contractbridge.loglines import (
    MAX_DEPTH,
    MAX_LOG_BYTES,
    EventLogLineError,
    EventLogWarning,
    LogLine,
    fold,
    read_events,
)
from contractbridge.table import Table

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: one writer is then the caller's duty
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MAX_DEPTH",
    "MAX_LOG_BYTES",
    "DurableLog",
    "EventLog",
    "EventLogLineError",
    "EventLogLockedError",
    "EventLogWarning",
    "LogLine",
    "read_events",
    "read_table",
]


class EventLogLockedError(EventLogError):
    """The log is open for writing by another table (contract point 4)."""


def _fold(lines: Iterator[LogLine]) -> tuple[Table, list[LogLine]]:
    """The table the lines fold into (``loglines.fold``), and the lines folded."""
    return fold(lines, lambda event: Table.from_events([event]), Table.apply)


def read_table(source: Path | bytes | str, *, max_bytes: int = MAX_LOG_BYTES) -> Table:
    """A table rebuilt from a log (a path, or the log's text or bytes), folding line by line: the error
    names the first bad line (contract points 5 and 6)."""
    return _fold(read_events(source, max_bytes=max_bytes))[0]


class DurableLog(ABC):
    """The writer's side of the contract (points 1–4), one interface for every keeper of a board's log: the
    file (``EventLog``, the terminal) and the database (``contractbridge.store.StoredLog``, the web table).

    A log is made holding its board event and is never empty (1); ``append`` returns only once the event is
    durable, as one whole record, so the caller shows it after (2); ``undo`` takes events back by cutting the
    log to an earlier length, never rewriting one, and the board event stays (3); one writer holds the log
    between opening and ``close`` (4). ``sync`` is written once here, over those."""

    @abstractmethod
    def __len__(self) -> int:
        """The number of events in the log, the board event included."""

    @abstractmethod
    def append(self, event: Mapping[str, Any]) -> None:
        """Make ``event`` durable as the next whole record (contract point 2)."""

    @abstractmethod
    def _truncate(self, length: int) -> None:
        """Cut the log back to its first ``length`` events, durably (1 ≤ ``length`` < ``len(self)``)."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the log (another writer may then open it)."""

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` events (contract point 3; the board event stays)."""
        if not 0 <= count < len(self):
            raise EventLogError(f"cannot take back {count} of {len(self)} events: the board event stays")
        if count:
            self._truncate(len(self) - count)

    def sync(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Make the log hold ``events``: the log's events are their prefix (an undo cuts the log back to it,
        contract point 3), and the rest are appended."""
        if len(events) < len(self):
            self.undo(len(self) - len(events))
        for event in events[len(self) :]:
            self.append(event)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EventLog(DurableLog):
    """The writer of one log file (contract points 1–4). Use ``create`` or ``open``; ``close`` (or ``with``)
    releases the lock."""

    def __init__(self, path: Path, fd: int, ends: list[int]) -> None:
        self.path = path
        self._fd = fd
        self._ends = ends  # byte offset of the end of each event's line

    # opening ----------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, table: Table) -> EventLog:
        """A new log at ``path`` holding ``table``'s events; refuses to replace an existing file."""
        return cls.create_events(path, table.to_events())

    @classmethod
    def create_events(cls, path: Path | str, events: Sequence[Mapping[str, Any]]) -> EventLog:
        """A new log at ``path`` holding ``events`` (at least one: a log is never empty), e.g. a rubber's
        session log; refuses to replace an existing file (no command truncates a user's file)."""
        if not events:
            raise EventLogError("a log starts with at least one event")
        path = Path(path)
        if path.exists():
            raise EventLogError(f"{path} exists: continue it with --resume, or choose another name")
        directory = path.parent if str(path.parent) else Path(".")
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
        try:
            os.fchmod(fd, 0o644)
            _lock(fd, path)
            log = cls(path, fd, [])
            for event in events:
                log._write(event, sync=False)
            os.fsync(fd)
            os.link(tmp, path)
        except FileExistsError:
            os.close(fd)
            raise EventLogError(f"{path} exists: continue it with --resume, or choose another name") from None
        except BaseException:
            os.close(fd)
            raise
        finally:
            os.unlink(tmp)
        _sync_directory(directory)
        return log

    @classmethod
    def open(cls, path: Path | str, *, max_bytes: int = MAX_LOG_BYTES) -> tuple[EventLog, Table]:
        """Lock an existing log for writing and rebuild its table; a torn last line is dropped (with a
        warning) and cut from the file."""
        tables: list[Table] = []

        def fold(lines: Iterator[LogLine]) -> list[LogLine]:
            table, kept = _fold(lines)
            tables.append(table)
            return kept

        log, _ = cls._open(Path(path), fold, max_bytes)
        return log, tables[0]

    @classmethod
    def open_events(cls, path: Path | str, *, max_bytes: int = MAX_LOG_BYTES) -> tuple[EventLog, list[dict[str, Any]]]:
        """``open`` for a log that is not one board's (a rubber's session log): its events, unfolded, for the
        caller to rebuild (``RubberSession.from_events``); the same locking and torn-line recovery."""
        log, kept = cls._open(Path(path), list, max_bytes)
        if not kept:
            log.close()
            raise EventLogLineError("the log is empty", 1)
        return log, [entry.event for entry in kept]

    @classmethod
    def _open(
        cls, path: Path, keep: Callable[[Iterator[LogLine]], list[LogLine]], max_bytes: int
    ) -> tuple[EventLog, list[LogLine]]:
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND)
        except OSError as err:
            raise EventLogError(f"{path}: {err.strerror or err}") from None
        try:
            _lock(fd, path)
            kept = keep(read_events(path, max_bytes=max_bytes))
            log = cls(path, fd, [entry.end for entry in kept])
            if not kept:
                return log, kept
            size = os.fstat(fd).st_size
            if log._ends[-1] < size:
                log._cut(log._ends[-1])
            if not _ends_with_newline(fd, log._ends[-1]):
                log._raw(b"\n")
                log._ends[-1] += 1
        except BaseException:
            os.close(fd)
            raise
        return log, kept

    # writing ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._ends)

    def append(self, event: Mapping[str, Any]) -> None:
        """Write one event as a whole line and fsync it (contract point 2)."""
        self._write(event, sync=True)

    def _truncate(self, length: int) -> None:
        del self._ends[length:]
        self._cut(self._ends[-1])

    def close(self) -> None:
        """Release the lock and the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def _write(self, event: Mapping[str, Any], *, sync: bool) -> None:
        line = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
        self._raw(line)
        self._ends.append((self._ends[-1] if self._ends else 0) + len(line))
        if sync:
            os.fsync(self._fd)

    def _cut(self, size: int) -> None:
        os.ftruncate(self._fd, size)
        os.lseek(self._fd, size, os.SEEK_SET)
        os.fsync(self._fd)

    def _raw(self, data: bytes) -> None:
        if self._fd < 0:
            raise EventLogError(f"{self.path}: the log is closed")
        written = os.write(self._fd, data)
        while written < len(data):  # a short write to a regular file: finish the same line
            written += os.write(self._fd, data[written:])

    def __repr__(self) -> str:
        return f"<EventLog {str(self.path)!r}: {len(self)} events>"


def _lock(fd: int, path: Path) -> None:
    if fcntl is None:  # pragma: no cover
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise EventLogLockedError(f"{path} is open at another table (one writer at a time)") from None


def _ends_with_newline(fd: int, end: int) -> bool:
    return end == 0 or os.pread(fd, 1, end - 1) == b"\n"


def _sync_directory(directory: Path) -> None:
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - a platform without directory handles
        return
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
