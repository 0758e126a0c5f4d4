"""Files of any registered format, chosen by suffix (:mod:`contractbridge.formats.registry`): ``.pbn``, ``.lin``,
``.jsonl``/``.json`` (event logs).

``read_records`` gives the board records of a file with the line each begins on; ``write_records`` writes
records in the format of the target's suffix; ``check`` lists every problem of a file as ``FormatError``\\ s
with file and line, and with ``replay`` replays each record by the laws through the installed replayer.
"""

from __future__ import annotations

from pathlib import Path

from contractbridge.errors import BridgeError, EventLogError, FormatError
from contractbridge.formats._text import TextInfo
from contractbridge.formats.record import Record
from contractbridge.formats.registry import Located, of_path, replayer

__all__ = ["Located", "check", "format_of", "read_records", "write_records"]


def format_of(path: str | Path) -> str:
    """The registered format's name (``pbn``, ``lin`` or ``jsonl``) from the file name (case-insensitive)."""
    return of_path(path).name


def read_records(path: str | Path, *, skip_bad: bool = False, limit: int | None = None) -> list[Located]:
    """The board records of a file; a game that is not a board (no deal, no dealer) raises, or is skipped with
    ``skip_bad``. A file over ``limit`` bytes (default: the format's limit, ``inputs.LIMITS``) is refused."""
    fmt = of_path(path)
    text, _ = fmt.read_text(path, fmt.limit if limit is None else limit)
    return fmt.located(text, str(path), skip_bad)


def write_records(records: list[Record], path: str | Path, *, info: TextInfo | None = None) -> None:
    """Write records in the format of ``path``'s suffix."""
    fmt = of_path(path)
    Path(path).write_bytes(fmt.encode(fmt.dumps(records), info or TextInfo()))


def check(path: str | Path, *, replay: bool = False, limit: int | None = None) -> list[FormatError]:
    """Every problem of a file: syntax, then each typed field; with ``replay``, each record with an auction and
    a complete deal (all 52 cards, L6) is also replayed by the laws and its first irregularity reported."""
    name = str(path)
    fmt = of_path(path)
    problems: list[FormatError] = []
    try:
        text, _ = fmt.read_text(path, fmt.limit if limit is None else limit)
        problems.extend(fmt.problems(text, name))
        if replay:
            play = replayer()
            for line, label, log in fmt.logs(text, name):
                try:
                    play(log)
                except BridgeError as err:
                    # a log read from the file points at the event's own line; a record's at the record's
                    at = line + (err.number or 1) - 1 if isinstance(err, EventLogError) and not label else line
                    problems.append(FormatError(f"{label}{err}", file=name, line=at, column=1))
    except FormatError as err:
        located = err.located(file=name)
        if all(str(p) != str(located) for p in problems):  # the replay may meet the syntax error reported above
            problems.append(located)
    problems.sort(key=lambda e: (e.line or 0, e.column or 0))
    return problems
