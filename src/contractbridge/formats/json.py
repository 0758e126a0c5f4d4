"""JSON lines: the table's event log (docs/architecture.md §5) and a board-record schema.

An event-log file holds one JSON object per line; each ``{"event": "board", …}`` begins the log of a new
board, so one file can hold many boards. ``read_logs`` yields each board's events; every problem is a
``FormatError`` with the line (and column, for malformed JSON). ``record_to_dict``/``record_from_dict`` are the
record schema (docs/formats.md): deal, markings, players, calls with alerts and explanations, the cards in the
order played, claim and result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.contract import Contract
from contractbridge.deal import Deal, Vulnerability
from contractbridge.errors import BridgeError, FormatError
from contractbridge.events import to_json_line
from contractbridge.formats._text import TextInfo
from contractbridge.formats.inputs import LIMITS, loads_json, read_utf8
from contractbridge.formats.record import Record, RecordCall
from contractbridge.formats.registry import Format, Located, register
from contractbridge.rulebooks import DEFAULT_EDITION

__all__ = [
    "dumps_logs",
    "dumps_records",
    "loads_logs",
    "loads_records",
    "read_file",
    "read_located",
    "read_logs",
    "record_from_dict",
    "record_to_dict",
]

Event = dict[str, Any]


def read_located(source: TextIO | Iterable[str], file: str | None) -> Iterator[tuple[int, list[Event]]]:
    """(line of the board event, events) for each board; errors name line and column."""
    log: list[Event] = []
    start = 0
    for number, line in enumerate(source, 1):
        if not line.strip():
            continue
        try:
            event = loads_json(line, file, "not JSON")
        except FormatError as err:  # malformed, nested too deeply, a number over Python's digit limit
            raise FormatError(err.reason, file=file, line=number, column=err.column) from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise FormatError('each line must be an object with an "event" name', file=file, line=number, column=1)
        if event["event"] == "board":
            if log:
                yield start, log
            log, start = [], number
        elif not log:
            raise FormatError('the first event must be {"event": "board", …}', file=file, line=number, column=1)
        log.append(event)
    if log:
        yield start, log


def read_logs(source: TextIO | Iterable[str], *, file: str | None = None) -> Iterator[list[Event]]:
    """The event log of each board, in file order (blank lines are skipped but counted)."""
    for _, log in read_located(source, file):
        yield log


def loads_logs(text: str, *, file: str | None = None) -> list[list[Event]]:
    return list(read_logs(text.splitlines(), file=file))


def dumps_logs(logs: Iterable[Iterable[Mapping[str, Any]]]) -> str:
    """One compact JSON object a line (the format ``Table.to_jsonl`` writes)."""
    return "".join(to_json_line(e) for log in logs for e in log)


def loads_records(text: str, *, file: str | None = None) -> list[Record]:
    """The record of each board of an event-log text; errors name the line of the board's first event."""
    out = []
    for line, log in read_located(text.splitlines(), file):
        try:
            out.append(Record.from_events(log))
        except FormatError as err:
            raise FormatError(err.reason, file=file, line=line, column=1) from None
    return out


def read_file(path: str | Path, *, limit: int = LIMITS["jsonl"]) -> list[Record]:
    """The records of an event-log file (UTF-8, at most ``limit`` bytes)."""
    return loads_records(read_utf8(path, limit), file=str(path))


def dumps_records(records: Iterable[Record], *, edition: str = DEFAULT_EDITION) -> str:
    """Event logs of records; a board without a number is numbered by its position (1-based)."""
    return dumps_logs(r.to_events(number=i, edition=edition) for i, r in enumerate(records, 1))


# --- the record schema --------------------------------------------------------------------------------------


def record_to_dict(record: Record) -> dict[str, Any]:
    """A record as JSON-ready data (see docs/formats.md, "Board records")."""
    out: dict[str, Any] = {
        "number": record.number,
        "dealer": record.dealer.letter,
        "vulnerability": record.vulnerability.pbn,
        "deal": record.deal.to_pbn(),
        "players": {seat.letter: name for seat, name in zip(Seat, record.players, strict=True)},
        "title": record.event,
        "calls": [
            {
                "call": str(c.call),
                **({"alert": True} if c.alert else {}),
                **({"explanation": c.explanation} if c.explanation else {}),
            }
            for c in record.calls
        ],
        "plays": [str(c) for c in record.plays],
        "claim": record.claim,
        "result": record.result,
        "contract": None if record.contract is None else str(record.contract),
        "declarer": None if record.declarer is None else record.declarer.letter,
    }
    return out


def record_from_dict(data: Mapping[str, Any]) -> Record:
    """The inverse of ``record_to_dict``; a FormatError says which field is wrong."""
    field = "record"
    try:
        field = "deal"
        text = str(data["deal"])
        try:
            deal = Deal(text)
        except BridgeError:
            deal = Deal.partial(text)
        field = "dealer"
        dealer = Seat.parse(str(data["dealer"]))
        field = "vulnerability"
        vulnerability = Vulnerability.parse(str(data.get("vulnerability", "None")))
        field = "players"
        names = data.get("players") or {}
        players = tuple(str(names.get(s.letter, "")) for s in Seat)
        field = "calls"
        calls = tuple(
            RecordCall(Call.parse(str(c["call"])), bool(c.get("alert")), str(c.get("explanation", "")))
            for c in data.get("calls", [])
        )
        field = "plays"
        plays = tuple(Card.parse(str(c)) for c in data.get("plays", []))
        field = "number"
        number = None if data.get("number") is None else int(data["number"])
        field = "claim/result"
        claim = None if data.get("claim") is None else int(data["claim"])
        result = None if data.get("result") is None else int(data["result"])
        field = "contract"
        contract = Contract.parse(str(data["contract"])) if data.get("contract") else None
        field = "declarer"
        declarer = Seat.parse(str(data["declarer"])) if data.get("declarer") else None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise FormatError(f"record field {field!r}: {err}") from None
    return Record(
        deal,
        dealer,
        vulnerability,
        number,
        (players[0], players[1], players[2], players[3]),
        str(data.get("title", "")),
        calls,
        plays,
        claim,
        result,
        contract,
        declarer,
    )


# --- the registry -------------------------------------------------------------------------------------------


def _located(text: str, file: str | None, skip_bad: bool) -> list[Located]:
    out: list[Located] = []
    for line, log in read_located(text.splitlines(), file):
        try:
            out.append(Located(line, Record.from_events(log)))
        except FormatError as err:
            if not skip_bad:
                raise FormatError(err.reason, file=file, line=line, column=1) from None
    return out


def _problems(text: str, file: str | None) -> list[FormatError]:
    try:
        _located(text, file, False)
    except FormatError as err:
        return [err]
    return []


def _logs(text: str, file: str | None) -> Iterator[tuple[int, str, list[dict[str, Any]]]]:
    """Every board's log as written: a table replays the whole log, not only its record."""
    for line, log in read_located(text.splitlines(), file):
        yield line, "", log


def _read_text(path: str | Path, limit: int) -> tuple[str, TextInfo]:
    return read_utf8(path, limit), TextInfo()


register(
    Format(
        name="jsonl",
        suffixes=(".jsonl", ".json"),
        sniff=lambda head: head.startswith("{"),
        read_text=_read_text,
        located=_located,
        problems=_problems,
        logs=_logs,
        dump_text=lambda records: dumps_records(records),
        encode=lambda text, info: text.encode("utf-8"),
    )
)
