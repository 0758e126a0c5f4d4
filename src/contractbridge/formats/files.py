"""Files of any supported format, chosen by extension: ``.pbn``, ``.lin``, ``.jsonl``/``.json`` (event logs).

``read_records`` gives the board records of a file with the line each begins on; ``write_records`` writes
records in the format of the target's extension; ``check`` lists every problem of a file as ``FormatError``\\ s
with file and line.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from contractbridge.errors import BridgeError, EventLogError, FormatError
from contractbridge.formats import json as fjson
from contractbridge.formats import lin, pbn
from contractbridge.formats._text import TextInfo
from contractbridge.formats.inputs import LIMITS, read_utf8
from contractbridge.formats.record import Record

__all__ = ["Located", "check", "format_of", "read_records", "write_records"]

_EXTENSIONS = {".pbn": "pbn", ".lin": "lin", ".jsonl": "jsonl", ".json": "jsonl"}


def format_of(path: str | Path) -> str:
    """``pbn``, ``lin`` or ``jsonl`` from the file name (case-insensitive)."""
    kind = _EXTENSIONS.get(Path(path).suffix.lower())
    if kind is None:
        raise FormatError("unknown file type (use .pbn, .lin or .jsonl)", file=str(path))
    return kind


@dataclass(frozen=True, slots=True)
class Located:
    """A record and the line of the file it begins on."""

    line: int
    record: Record


def read_records(path: str | Path, *, skip_bad: bool = False, limit: int | None = None) -> list[Located]:
    """The board records of a file; a game that is not a board (no deal, no dealer) raises, or is skipped with
    ``skip_bad``. A file over ``limit`` bytes (default: ``inputs.LIMITS`` for its format) is refused."""
    kind = format_of(path)
    limit = LIMITS[kind] if limit is None else limit
    out: list[Located] = []
    if kind == "jsonl":
        text = read_utf8(path, limit)
        for line, log in fjson.read_located(text.splitlines(), str(path)):
            try:
                out.append(Located(line, Record.from_events(log)))
            except FormatError as err:
                if not skip_bad:
                    raise FormatError(err.reason, file=str(path), line=line, column=1) from None
        return out
    if kind == "lin":
        for board in lin.read_file(path, limit=limit).boards:
            try:
                out.append(Located(board.pairs[0].line, board.to_record()))
            except FormatError as err:
                if not skip_bad:
                    raise err.located(file=str(path)) from None
        return out
    for game in pbn.read_file(path, limit=limit).games:
        if game.tag("Deal") is None and "Deal" not in game.inherited:
            continue
        try:
            out.append(Located(game.line, game.to_record()))
        except FormatError as err:
            if not skip_bad:
                raise err.located(file=str(path), line=game.line) from None
    return out


def write_records(records: list[Record], path: str | Path, *, info: TextInfo | None = None) -> None:
    """Write records in the format of ``path``'s extension."""
    kind = format_of(path)
    if kind == "pbn":
        pbn.write_file(pbn.games_from_records(records), path, info)
    elif kind == "lin":
        lin.write_file(lin.LinFile.from_records(records), path, info)
    else:
        Path(path).write_text(fjson.dumps_records(records), encoding="utf-8")


def check(path: str | Path, *, replay: bool = False, limit: int | None = None) -> list[FormatError]:
    """Every problem of a file: syntax, then each typed field; with ``replay``, each record with an auction and
    a complete deal is also replayed through ``Table`` (strict laws) and its first irregularity reported."""
    name = str(path)
    kind = format_of(path)
    limit = LIMITS[kind] if limit is None else limit
    problems: list[FormatError] = []
    try:
        if kind == "pbn":
            for game in pbn.read_file(path, limit=limit).games:
                problems.extend(p.error(name) for p in game.validate())
        elif kind == "lin":
            lf = lin.read_file(path, limit=limit)
            problems.extend(lf.problems)
            for board in lf.boards:
                problems.extend(e.located(file=name) for e in board.validate())
        else:
            read_records(path, limit=limit)
    except FormatError as err:
        problems.append(err.located(file=name))
    if replay:
        with suppress(FormatError):  # a file that cannot be read has had its error reported above
            problems.extend(_replay_problems(path, kind, limit))
    problems.sort(key=lambda e: (e.line or 0, e.column or 0))
    return problems


def _replay_problems(path: str | Path, kind: str, limit: int) -> list[FormatError]:
    from contractbridge.table import Table

    name = str(path)
    out: list[FormatError] = []
    if kind == "jsonl":
        for line, log in fjson.read_located(read_utf8(path, limit).splitlines(), name):
            try:
                Table.from_events(log)
            except EventLogError as err:
                out.append(FormatError(str(err), file=name, line=line + (err.number or 1) - 1, column=1))
        return out
    for located in read_records(path, skip_bad=True, limit=limit):
        record = located.record
        if record.calls and record.deal.is_complete:  # a table needs all 52 cards (L6)
            try:
                Table.from_events(record.to_events(number=record.number or 1))
            except BridgeError as err:
                out.append(FormatError(f"board {record.number}: {err}", file=name, line=located.line, column=1))
    return out
