"""The one registry of file formats (#22 item 4): each format module (``pbn``, ``lin``, ``json``) registers a
:class:`Format` — its name, file suffixes, how to recognise its text (``sniff``), its size limit, and
``load``/``loads``/``dump``/``dumps`` of the neutral :class:`Record` — and ``convert``, ``check`` and ``replay``
(:mod:`contractbridge.formats.files`) find formats here instead of branching on names.

Formats sit below the table: they import values and records only. Replaying a record by the laws (``check
--replay``) goes through a *replayer* that the layer above installs (:func:`install_replayer`;
``contractbridge.replay`` installs ``Table.from_events``, loaded on first use).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from contractbridge.errors import FormatError
from contractbridge.formats._text import TextInfo
from contractbridge.formats.inputs import LIMITS
from contractbridge.formats.record import Record

__all__ = [
    "Format",
    "Located",
    "Replayer",
    "by_name",
    "formats",
    "install_replayer",
    "of_path",
    "register",
    "replayable_logs",
    "sniff",
]

Log = list[dict[str, Any]]
Replayer = Callable[[Log], None]
"""Replays one event log by the laws; raises a ``BridgeError`` at the first irregularity."""


@dataclass(frozen=True, slots=True)
class Located:
    """A record and the line of the file it begins on."""

    line: int
    record: Record


@dataclass(frozen=True)
class Format:
    """One file format behind the common interface. The callables are the module's own:

    - ``read_text(path, limit)``: the file's text and how it was stored (encoding, BOM, line ends);
    - ``located(text, file, skip_bad)``: the board records with the line each begins on (a game that is not a
      board raises ``FormatError``, or is skipped with ``skip_bad``);
    - ``problems(text, file)``: every syntax and field problem of a text, as ``FormatError``\\ s;
    - ``logs(text, file)``: the event log of each record a table can replay, with its line and a label;
    - ``dumps(records)`` / ``encode(text, info)``: text for records, and its bytes.
    """

    name: str
    suffixes: tuple[str, ...]
    sniff: Callable[[str], bool]
    read_text: Callable[[str | Path, int], tuple[str, TextInfo]]
    located: Callable[[str, str | None, bool], list[Located]]
    problems: Callable[[str, str | None], list[FormatError]]
    logs: Callable[[str, str | None], Iterator[tuple[int, str, Log]]]
    dump_text: Callable[[Sequence[Record]], str]
    encode: Callable[[str, TextInfo], bytes]

    @property
    def limit(self) -> int:
        """The largest file read by default, in bytes (``inputs.LIMITS``, docs/formats.md)."""
        return LIMITS[self.name]

    def loads(self, text: str, *, file: str | None = None) -> list[Record]:
        """The board records of a text."""
        return [loc.record for loc in self.located(text, file, False)]

    def load(self, fp: TextIO) -> list[Record]:
        """The board records of an open text file."""
        return self.loads(fp.read(self.limit + 1), file=getattr(fp, "name", None))

    def dumps(self, records: Sequence[Record]) -> str:
        """Text holding ``records``."""
        return self.dump_text(records)

    def dump(self, records: Sequence[Record], fp: TextIO) -> None:
        fp.write(self.dumps(records))


_FORMATS: dict[str, Format] = {}
_MODULES = ("pbn", "lin", "json")
_replayer: Replayer | None = None


def register(fmt: Format) -> None:
    """Add a format (each format module registers itself when imported)."""
    _FORMATS[fmt.name] = fmt


def formats() -> Mapping[str, Format]:
    """Every registered format by name (importing the package's format modules first)."""
    for module in _MODULES:
        importlib.import_module(f"contractbridge.formats.{module}")
    return _FORMATS


def by_name(name: str) -> Format:
    try:
        return formats()[name]
    except KeyError:
        raise FormatError(f"unknown format {name!r} (known: {', '.join(formats())})") from None


def of_path(path: str | Path) -> Format:
    """The format of a file from its suffix (case-insensitive)."""
    suffix = Path(path).suffix.lower()
    for fmt in formats().values():
        if suffix in fmt.suffixes:
            return fmt
    known = ", ".join(s for fmt in formats().values() for s in fmt.suffixes)
    raise FormatError(f"unknown file type (use {known})", file=str(path))


def sniff(text: str) -> Format | None:
    """The format whose text this looks like (its first non-blank characters), if any."""
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    return next((fmt for fmt in formats().values() if fmt.sniff(head)), None)


def replayable_logs(
    located: Callable[[str, str | None, bool], list[Located]], text: str, file: str | None
) -> Iterator[tuple[int, str, Log]]:
    """The event log of each record of a text that a table can replay: one with an auction and all 52 cards
    (L6), labelled with its board number; records that are not boards are left to ``problems``."""
    for loc in located(text, file, True):
        record = loc.record
        if record.calls and record.deal.is_complete:
            yield loc.line, f"board {record.number}: ", record.to_events(number=record.number or 1)


def install_replayer(replayer: Replayer) -> None:
    """Make ``replayer`` the way ``check --replay`` replays a record (the table installs ``Table.from_events``)."""
    global _replayer
    _replayer = replayer


def replayer() -> Replayer:
    """The installed replayer, ``contractbridge.replay`` loaded first if nothing has installed one yet (as
    ``rulebooks`` loads the laws: a lookup by name, so that the formats import nothing above them)."""
    if _replayer is None:
        importlib.import_module("contractbridge.replay")  # installs Table.from_events
    if _replayer is None:
        raise FormatError("no replayer is installed: contractbridge.replay is broken")
    return _replayer
