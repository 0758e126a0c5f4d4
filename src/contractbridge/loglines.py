"""The lines of an event log: a bounded reader that raises only typed errors, and the fold of its events.

This is the reading half of the log's contract (``contractbridge.eventlog``, docs/architecture.md §5.1, points 5
and 6): a torn last line is dropped with a warning, any other bad line is refused with its line and column,
input is bounded in size and nesting, and any input gives events or an ``EventLogError`` in linear time. It
knows nothing of tables: ``fold`` takes the first event's constructor and the step, so the table
(``Table.from_jsonl``) and the writer (``eventlog``) share it from either side.
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from contractbridge.errors import BridgeError, EventLogError
from contractbridge.formats.inputs import read_at_most

__all__ = [
    "MAX_DEPTH",
    "MAX_LOG_BYTES",
    "EventLogLineError",
    "EventLogWarning",
    "LogLine",
    "fold",
    "read_events",
]

T = TypeVar("T")

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
            data = read_at_most(source, max_bytes + 1)
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


def fold(
    lines: Iterable[LogLine], start: Callable[[dict[str, Any]], T], apply: Callable[[T, dict[str, Any]], object]
) -> tuple[T, list[LogLine]]:
    """Fold ``lines`` into a value: ``start`` makes it from the first event, ``apply`` adds each later one. A
    ``BridgeError`` becomes an ``EventLogLineError`` naming the line (contract points 5 and 6); the lines
    folded are returned with the value."""
    value: T | None = None
    kept: list[LogLine] = []
    for entry in lines:
        try:
            if value is None:
                value = start(entry.event)
            else:
                apply(value, entry.event)
        except BridgeError as err:
            message = str(err)
            if isinstance(err, EventLogError) and message.startswith("event 1: "):
                message = message[len("event 1: ") :]
            raise EventLogLineError(message, entry.line) from err
        kept.append(entry)
    if value is None:
        raise EventLogLineError("the log is empty; it must start with a board event", 1)
    return value, kept
