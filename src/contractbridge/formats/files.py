"""Files of any supported format, chosen by extension: ``.pbn``, ``.lin``, ``.jsonl``/``.json`` (event logs).

``read_records`` gives the board records of a file with the line each begins on; ``write_records`` writes
records in the format of the target's extension; ``check`` lists every problem of a file as ``FormatError``\\ s
with file and line.
"""

from __future__ import annotations

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
    if kind == "jsonl":
        return _jsonl_records(read_utf8(path, limit), str(path), skip_bad)
    if kind == "lin":
        return _lin_records(lin.read_file(path, limit=limit), str(path), skip_bad)
    return _pbn_records(pbn.read_file(path, limit=limit), str(path), skip_bad)


def _jsonl_records(text: str, name: str, skip_bad: bool) -> list[Located]:
    out: list[Located] = []
    for line, log in fjson.read_located(text.splitlines(), name):
        try:
            out.append(Located(line, Record.from_events(log)))
        except FormatError as err:
            if not skip_bad:
                raise FormatError(err.reason, file=name, line=line, column=1) from None
    return out


def _lin_records(lf: lin.LinFile, name: str, skip_bad: bool) -> list[Located]:
    out: list[Located] = []
    for board in lf.boards:
        try:
            out.append(Located(board.pairs[0].line, board.to_record()))
        except FormatError as err:
            if not skip_bad:
                raise err.located(file=name) from None
    return out


def _pbn_records(pf: pbn.PbnFile, name: str, skip_bad: bool) -> list[Located]:
    out: list[Located] = []
    for game in pf.games:
        if game.tag("Deal") is None and "Deal" not in game.inherited:
            continue
        try:
            out.append(Located(game.line, game.to_record()))
        except FormatError as err:
            if not skip_bad:
                raise err.located(file=name, line=game.line) from None
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
    a complete deal is also replayed through ``Table`` (strict laws) and its first irregularity reported. The
    file is read once."""
    name = str(path)
    kind = format_of(path)
    limit = LIMITS[kind] if limit is None else limit
    problems: list[FormatError] = []
    records: list[Located] = []
    try:
        if kind == "pbn":
            pf = pbn.read_file(path, limit=limit)
            for game in pf.games:
                problems.extend(p.error(name) for p in game.validate())
            records = _pbn_records(pf, name, skip_bad=True) if replay else []
        elif kind == "lin":
            lf = lin.read_file(path, limit=limit)
            problems.extend(lf.problems)
            for board in lf.boards:
                problems.extend(e.located(file=name) for e in board.validate())
            records = _lin_records(lf, name, skip_bad=True) if replay else []
        else:
            text = read_utf8(path, limit)
            if replay:
                problems.extend(_replay_logs(text, name))
            _jsonl_records(text, name, skip_bad=False)
    except FormatError as err:
        problems.append(err.located(file=name))
    problems.extend(_replay_problems(records, name))
    problems.sort(key=lambda e: (e.line or 0, e.column or 0))
    return problems


def _replay_logs(text: str, name: str) -> list[FormatError]:
    from contractbridge.table import Table

    out: list[FormatError] = []
    for line, log in fjson.read_located(text.splitlines(), name):
        try:
            Table.from_events(log)
        except EventLogError as err:
            out.append(FormatError(str(err), file=name, line=line + (err.number or 1) - 1, column=1))
    return out


def _replay_problems(records: list[Located], name: str) -> list[FormatError]:
    from contractbridge.table import Table

    out: list[FormatError] = []
    for located in records:
        record = located.record
        if record.calls and record.deal.is_complete:  # a table needs all 52 cards (L6)
            try:
                Table.from_events(record.to_events(number=record.number or 1))
            except BridgeError as err:
                out.append(FormatError(f"board {record.number}: {err}", file=name, line=located.line, column=1))
    return out
