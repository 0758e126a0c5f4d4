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
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from contractbridge.errors import BridgeError, EventLogError
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

#: The largest log read by default (bytes): a board with every irregularity is well under 100 KB.
MAX_LOG_BYTES = 4 * 1024 * 1024
#: The deepest nesting of JSON arrays and objects accepted in an event (events are flat; 8 is generous).
MAX_DEPTH = 8


class EventLogLineError(EventLogError):
    """A line of a log that cannot be read: ``line`` (also ``number``) and 1-based ``column``."""

    def __init__(self, message: str, line: int, column: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" + ("" if column is None else f" (column {column})"), line)
        self.line = line
        self.column = column


class EventLogLockedError(EventLogError):
    """The log is open for writing by another table (contract point 4)."""


class EventLogWarning(UserWarning):
    """A torn last line was dropped when reading a log (contract point 5)."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event of a log and where it stands: 1-based ``line`` and the byte ``end`` of its line."""

    line: int
    event: dict[str, Any]
    end: int


def _depth_column(text: str, limit: int) -> int | None:
    """The 1-based column where nesting first exceeds ``limit``, or None (one linear pass, strings skipped)."""
    depth = 0
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return i + 1
        elif ch in "]}":
            depth -= 1
    return None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text if len(text) <= 20 else text[:20] + '…'} is beyond a float")
    return value


def _decode(raw: bytes, number: int) -> dict[str, Any]:
    """One line as an event object, or an ``EventLogError`` with its line and column."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise EventLogLineError("not UTF-8 text", number, err.start + 1) from None
    column = _depth_column(text, MAX_DEPTH)
    if column is not None:
        raise EventLogLineError(f"nested deeper than {MAX_DEPTH} levels", number, column)
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite)
    except json.JSONDecodeError as err:
        raise EventLogLineError(f"not JSON ({err.msg})", number, err.colno) from None
    except ValueError as err:  # integers beyond Python's digit limit, NaN/Infinity, 1e999
        raise EventLogLineError(f"not an acceptable JSON value ({err})", number) from None
    if not isinstance(value, dict):
        raise EventLogLineError(f"an event is a JSON object, not {type(value).__name__}", number, 1)
    if _has_lone_surrogate(value):
        raise EventLogLineError("a string holds a lone surrogate escape (\\ud800–\\udfff): not text", number)
    return value


def _has_lone_surrogate(value: object) -> bool:
    """Whether a decoded JSON value holds a string that cannot be written back as UTF-8 (depth is bounded)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


def _read_bytes(source: Path | bytes | str, max_bytes: int) -> bytes:
    if isinstance(source, bytes):
        data = source
    elif isinstance(source, str):
        data = source.encode("utf-8", "surrogatepass")
    else:
        try:
            with source.open("rb") as handle:
                data = handle.read(max_bytes + 1)
        except OSError as err:
            raise EventLogError(f"{source}: {err.strerror or err}") from None
    if len(data) > max_bytes:
        raise EventLogError(
            f"the log is larger than {max_bytes} bytes (the limit; raise it with --max-log-bytes)", None
        )
    return data


def read_events(source: Path | bytes | str, *, max_bytes: int = MAX_LOG_BYTES) -> Iterator[LogLine]:
    """The events of a log in order (blank lines skipped but counted). A torn last line is dropped with an
    ``EventLogWarning``; any other bad line raises ``EventLogError`` when it is reached, so a consumer that
    folds as it reads reports the first bad line of the file."""
    data = _read_bytes(source, max_bytes)
    start = 0
    number = 0
    size = len(data)
    while start < size:
        number += 1
        newline = data.find(b"\n", start)
        end = size if newline < 0 else newline + 1
        raw = data[start:end].rstrip(b"\r\n")
        begin, start = start, end
        if not raw.strip():
            continue
        try:
            event = _decode(raw, number)
        except EventLogError as err:
            if newline < 0 and number > 1:
                warnings.warn(
                    f"line {number}: torn last line dropped ({err}); it was being written when the log stopped",
                    EventLogWarning,
                    stacklevel=2,
                )
                return
            raise
        yield LogLine(number, event, end if newline >= 0 else begin + len(raw))


def _fold(lines: Iterator[LogLine]) -> tuple[Table, list[LogLine]]:
    table: Table | None = None
    kept: list[LogLine] = []
    for entry in lines:
        try:
            if table is None:
                table = Table.from_events([entry.event])
            else:
                table.apply(entry.event)
        except BridgeError as err:
            message = str(err)
            if isinstance(err, EventLogError) and message.startswith("event 1: "):
                message = message[len("event 1: ") :]
            raise EventLogLineError(message, entry.line) from err
        kept.append(entry)
    if table is None:
        raise EventLogLineError("the log is empty; it must start with a board event", 1)
    return table, kept


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
