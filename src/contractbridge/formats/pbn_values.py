"""PBN values: tags, commentary and problems as read, and the typed values of the sections (Auction, Play,
tables, double-dummy and par tags) with their parsers. ``contractbridge.formats.pbn`` is the public face."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from operator import itemgetter
from typing import Any, Final, TypeVar

from contractbridge.auction import Auction
from contractbridge.calls import PASS, Call
from contractbridge.cards import Card, Seat, Side, Strain
from contractbridge.contract import Contract
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError, FormatError

T = TypeVar("T")

#: The mandatory tags in export order (PBN 2.1 §3.1, the "seven tag roster" plus Dealer … Result).
MANDATORY_TAGS: Final = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
#: Tags a game that omits its deal takes from the game before (rpbridge.net writes the second table so).
BOARD_TAGS: Final = ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring")
REPEATABLE: Final = frozenset({"Note"})
SEAT_TAGS: Final = ("North", "East", "South", "West")


def is_table_tag(name: str) -> bool:
    """Table sections: ``ScoreTable``, ``OptimumResultTable``, custom ``…Table`` (but not the ``Table`` tag)."""
    return name.endswith("Table") and name != "Table"


def is_section_tag(name: str) -> bool:
    """Tags followed by section data: Auction, Play, and the table sections."""
    return name == "Auction" or name == "Play" or is_table_tag(name)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a file, where it is."""

    line: int
    column: int
    message: str

    def error(self, file: str | None = None) -> FormatError:
        return FormatError(self.message, file=file, line=self.line, column=self.column)


@dataclass(frozen=True, slots=True)
class PbnComment:
    """Commentary: ``{text}`` (kind ``{``), ``;text`` to the end of the line (kind ``;``), or a ``%text``
    escape line (kind ``%``, e.g. ``% PBN 2.1``, ``%Creator: …``)."""

    kind: str
    text: str
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"{{{self.text}}}" if self.kind == "{" else f"{self.kind}{self.text}"


#: A section token as the reader reads it (``Reader.scan_data``): a run up to a blank, ``{``, ``;`` or ``[``, or a
#: quoted cell (``\x`` escapes x, on one line). On a line without quotes, the blank-separated words. (The two
#: begin differently; the common one first, #28.)
SECTION_TOKEN: Final = re.compile(r'[^\s{;\["][^\s{;\[]*+|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"')


class PbnTag(tuple):  # type: ignore[type-arg]
    """A tag: ``raw`` as written (escapes undone), ``value`` after inheritance (``#``, ``##``), and the tokens
    of its section (calls, cards, table cells, with commentary tokens in place). Immutable; equal when name,
    raw, value and section are (not the place in the file). A tag read from a whole text keeps its section as
    a stretch of that text, split into tokens on first access; token positions are worked out only for an
    error message.

    A tuple underneath (#28: a reader makes ~9 a game, and ``tuple.__new__`` builds one in a single call):
    name, raw, value, line, column, and the section's data: None for no section, else a list
    ``[tokens, positions, span]`` whose ``None`` entries are worked out from ``span`` on first access."""

    __slots__ = ()

    def __new__(
        cls,
        name: str,
        raw: str,
        value: str,
        section: tuple[str, ...] = (),
        line: int = 0,
        column: int = 0,
        positions: tuple[tuple[int, int], ...] = (),
        *,
        span: tuple[str, int, int, int] | None = None,
    ) -> PbnTag:
        """``span`` = (text, start, end, line of start): the section is ``text[start:end]``, whole lines of tokens
        (no commentary, no quote left open)."""
        if span is not None:
            data: list[object] | None = [None, None, span]
        elif section or positions:
            data = [section, positions, None]
        else:
            data = None
        return tuple.__new__(cls, (name, raw, value, line, column, data))

    name: str = property(itemgetter(0))  # type: ignore[assignment]
    raw: str = property(itemgetter(1))  # type: ignore[assignment]
    value: str = property(itemgetter(2))  # type: ignore[assignment]
    line: int = property(itemgetter(3))  # type: ignore[assignment]
    column: int = property(itemgetter(4))  # type: ignore[assignment]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"PbnTag is immutable: cannot set {name}")

    @property
    def section(self) -> tuple[str, ...]:
        data: list[Any] | None = self[5]
        if data is None:
            return ()
        section: tuple[str, ...] | None = data[0]
        if section is None:
            text, start, end, _ = data[2]
            if text.find('"', start, end) < 0:
                section = tuple(text[start:end].split())
            else:  # quoted table cells
                section = tuple(SECTION_TOKEN.findall(text, start, end))
            data[0] = section
        return section

    @property
    def positions(self) -> tuple[tuple[int, int], ...]:
        """(line, column) of each section token."""
        data: list[Any] | None = self[5]
        if data is None:
            return ()
        positions: tuple[tuple[int, int], ...] | None = data[1]
        if positions is None:
            text, start, end, line = data[2]
            out = []
            line_start = start
            for m in SECTION_TOKEN.finditer(text, start, end):
                newlines = text.count("\n", line_start, m.start())
                if newlines:
                    line += newlines
                    line_start = text.rfind("\n", line_start, m.start()) + 1
                out.append((line, m.start() - line_start + 1))
            positions = data[1] = tuple(out)
        return positions

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PbnTag):
            return NotImplemented
        return self[:3] == other[:3] and self.section == other.section

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.name, self.raw, self.value, self.section))

    def __repr__(self) -> str:
        return (
            f"PbnTag(name={self.name!r}, raw={self.raw!r}, value={self.value!r}, section={self.section!r}, "
            f"line={self.line!r}, column={self.column!r})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (PbnTag, (self.name, self.raw, self.value, self.section, self.line, self.column, self.positions))

    def fail(self, message: str, index: int | None = None) -> FormatError:
        """A FormatError at this tag (or at section token ``index``)."""
        if index is not None and index < len(self.positions):
            line, column = self.positions[index]
            return FormatError(f"[{self.name}] section: {message}", line=line, column=column)
        raw = self.raw if len(self.raw) <= 80 else self.raw[:77] + "..."
        return FormatError(f"[{self.name} {raw!r}]: {message}", line=self.line or None, column=self.column or None)


#: A tag from its tuple (name, raw, value, line, column, section data): the reader's path for the common tags.
new_tag: Final = partial(tuple.__new__, PbnTag)


def is_comment_token(token: str) -> bool:
    return token[0] in "{;%"


def is_annotation(token: str) -> bool:
    """Note references ``=n=``, NAGs ``$n``, irregularity marks ``^x`` and suffix annotations ``! ? !! ?? !? ?!``."""
    return token[0] in "=$^" or all(ch in "!?" for ch in token)


# --------------------------------------------------------------------------------------------- typed views


@dataclass(frozen=True, slots=True)
class PbnCall:
    """A call of the Auction section with its note numbers (``=n=``) and annotations (``!``, ``$n``, ``^x``);
    ``call`` is None for ``-`` (a call not recorded)."""

    call: Call | None
    notes: tuple[int, ...] = ()
    annotations: tuple[str, ...] = ()

    @property
    def alert(self) -> bool:
        """Alerted: ``!`` (also ``*`` after the call, as BEN writes it)."""
        return "!" in self.annotations or "*" in self.annotations


@dataclass(frozen=True, slots=True)
class PbnAuction:
    """The Auction section: first caller, the calls, whether it ends with ``AP`` (all pass) or ``*``."""

    first: Seat
    calls: tuple[PbnCall, ...]
    all_pass: bool = False
    incomplete: bool = False

    def expanded(self) -> list[PbnCall]:
        """The calls with ``AP`` written out as the passes that end the auction (L22)."""
        return self.closed()[0]

    def closed(self) -> tuple[list[PbnCall], Auction | None]:
        """The expanded calls, and the ``Auction`` they make when every call is known and lawful (else None)."""
        calls = list(self.calls)
        lawful = Auction(self.first)
        auction: Auction | None = lawful
        push = lawful.push
        try:
            for c in calls:
                call = c.call
                if call is None:
                    auction = None
                    break
                push(call)
            if self.all_pass:
                if auction is None:
                    raise BridgeError("AP after an unknown call")
                while not auction.is_over:
                    auction.push(PASS)
                    calls.append(PASS_CALL)
        except BridgeError:
            auction = None
            if self.all_pass:
                calls.extend((PASS_CALL, PASS_CALL, PASS_CALL))
        return calls, auction


@dataclass(frozen=True, slots=True)
class PbnPlay:
    """The Play section: tricks as written, each in seat order from ``first`` (the opening leader);
    ``None`` where the file has ``-`` (a card not played, e.g. after a claim)."""

    first: Seat
    tricks: tuple[tuple[Card | None, Card | None, Card | None, Card | None], ...]


@dataclass(frozen=True, slots=True)
class PbnColumn:
    """A column of a table section: name, sort order (``+``/``-``), width and alignment (``\\2R``)."""

    name: str
    order: str = ""
    width: int | None = None
    align: str = ""


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table section (``OptimumResultTable``, ``ScoreTable``, ``TotalScoreTable`` …): columns and rows of
    cells (quotes removed)."""

    columns: tuple[PbnColumn, ...]
    rows: tuple[tuple[str, ...], ...]

    def column(self, name: str) -> int:
        for i, c in enumerate(self.columns):
            if c.name.lower() == name.lower():
                return i
        raise KeyError(name)

    def records(self) -> list[dict[str, str]]:
        names = [c.name for c in self.columns]
        return [dict(zip(names, row, strict=False)) for row in self.rows]


@dataclass(frozen=True, slots=True)
class OptimumScore:
    """``[OptimumScore "NS 420"]`` (also Bridge Solver Online's ``"NS 6N; +990"``): par score for a side."""

    side: Side
    score: int


@dataclass(frozen=True, slots=True)
class Minimax:
    """``[Minimax "4SW-420"]`` (Big Deal / Deep Finesse): par contract, declarer and NS score."""

    contract: Contract
    declarer: Seat
    score: int


_COLUMN_RE: Final = re.compile(r"^([+-]?)(.*?)(?:\\([0-9]{1,4})?([LR])?)?$")
RESULT_RE: Final = re.compile(r"^(?:(NS|EW)\s+)?(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?$")
MINIMAX_RE: Final = re.compile(r"^([1-7])([NSHDC])([DRX]{0,2})([NESW])(-?[0-9]{1,6})$")
OPTIMUM_RE: Final = re.compile(r"^(NS|EW)\s+([+-]?[0-9]{1,6})$")
BSO_OPTIMUM_RE: Final = re.compile(r"^(NS|EW|N|E|S|W)\s+.+;\s*([+-]?[0-9]{1,6})$")
DD_ORDER: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
PS_BRIDGE_ORDER: Final = (Seat.EAST, Seat.NORTH, Seat.WEST, Seat.SOUTH)
DD_STRAINS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_CALLS: dict[str, Call] = {}
#: Play-section tokens read at once: every card as written by the usual writers, and ``-`` (not played).
CARD_TOKENS: Final[dict[str, Card | None]] = {"-": None, "--": None}
for _i in range(52):
    _c = Card.from_index(_i)
    for _t in (str(_c), str(_c).lower(), str(_c)[0] + str(_c)[1].lower()):
        CARD_TOKENS[_t] = _c
#: Auction-section tokens read at once: every call as the usual writers spell it, without annotations.
PLAIN_CALLS: Final[dict[str, PbnCall]] = {}
for _text in ("Pass", "PASS", "pass", "P", "X", "XX", "x", "xx", "Dbl", "Rdbl"):
    PLAIN_CALLS[_text] = PbnCall(Call.parse(_text))
for _level in range(1, 8):
    for _strain in ("C", "D", "H", "S", "NT", "N"):
        PLAIN_CALLS[f"{_level}{_strain}"] = PbnCall(Call.parse(f"{_level}{_strain}"))
#: The pass ``AP`` stands for (shared: a ``PbnCall`` is immutable).
PASS_CALL: Final = PLAIN_CALLS["Pass"]
#: What ends a Play section (PBN 2.1 §3.10: ``*`` the play stops there, ``+`` it goes on beyond the section).
PLAY_ENDS: Final = ("*", "+")
#: Every contract a ``Contract`` tag writes (level, ``NT``/``N``/suit, and ``X``/``D`` doubled, ``XX``/``R``
#: redoubled; upper case), read at once.
CONTRACTS: Final[dict[str, Contract]] = {
    f"{level}{strain}{doubled}": Contract.parse(f"{level}{strain}{suffix}")
    for level in range(1, 8)
    for strain in ("NT", "N", "S", "H", "D", "C")
    for doubled, suffix in (("", ""), ("X", "X"), ("D", "X"), ("XX", "XX"), ("R", "XX"))
}
#: ``[Contract "H"]``: only the trump suit, in end positions (PBN 2.0 test files).
STRAIN_ONLY: Final = frozenset({"NT", "N", "S", "H", "D", "C"})


def every(table: Mapping[str, T], tokens: Iterable[str]) -> list[T] | None:
    """``table``'s value for each token, or None when one is not in it (#28: a section read at once, in C)."""
    try:
        return list(map(table.__getitem__, tokens))
    except KeyError:
        return None


def decimal(text: str, digits: int = 6) -> int | None:
    """``text`` (spaces around allowed) as a number of at most ``digits`` ASCII digits, else None: ``str.isdigit``
    accepts ``²`` that ``int`` refuses, and ``int`` refuses more than 4,300 digits."""
    if len(text) > digits + 64:
        return None
    text = text.strip()
    return int(text) if text.isascii() and text.isdecimal() and len(text) <= digits else None


def parse_call(token: str) -> Call:
    call = _CALLS.get(token)
    if call is None:
        call = _CALLS[token] = Call.parse(token)
    return call


#: A value a typed view reads (a deal, a seat, a vulnerability) is short; a longer one is refused before it is
#: read, so that a long value inherited by thousands of games (``#``, ``##``) costs nothing per game.
MAX_VALUE: Final = 256


_SEAT_LETTERS: Final = {seat.letter: seat for seat in Seat}
#: Values that say nothing, as written (a seat, a contract, a result: None; read at once, #28).
UNKNOWN: Final = frozenset({"", "?", "-"})


def seat_value(tag: PbnTag) -> Seat | None:
    seat = _SEAT_LETTERS.get(tag.value)  # as PBN writers write it (#28): the same as the reading below
    if seat is not None:
        return seat
    if tag.value in UNKNOWN:
        return None
    if len(tag.value) > MAX_VALUE:
        raise tag.fail("a seat is N, E, S or W")
    value = tag.value.strip().lstrip("^")
    seat = _SEAT_LETTERS.get(value)
    if seat is not None:
        return seat
    if value in ("", "?", "-"):
        return None
    try:
        return Seat.parse(value)
    except BridgeError as err:
        raise tag.fail(str(err)) from None


def parse_deal(tag: PbnTag) -> Deal | None:
    """A complete deal, or a partial one when the hands given (not ``-``) all have the same number of cards
    (unknown hands, or an end position such as BEN's tests); anything else is a FormatError (a 49-card deal)."""
    if len(tag.value) > MAX_VALUE:
        raise tag.fail(f"a deal is 52 cards, not {len(tag.value):,} characters")
    text = tag.value.strip()
    if text in ("", "?"):
        return None
    deal = deal_of(text)
    if isinstance(deal, str):
        raise tag.fail(deal)
    return deal


@lru_cache(maxsize=16384)
def deal_of(text: str) -> Deal | str:
    """The deal ``text`` writes, or why it is not one (remembered too: a bad deal inherited by many games). Read
    as a partial deal first: one with 13 cards in each hand is the complete deal, and the complete reading's
    error (the cards missing, named) is made only when it is the answer."""
    try:
        partial = Deal.partial(text)
    except BridgeError as again:  # then the complete reading fails too, and this is the error
        return str(again)
    if partial.is_complete or len({len(h) for h in partial.hands if h}) == 1:  # or an end position
        return partial
    try:
        return Deal(text)  # uneven hands, or none: not complete either, and its error says why
    except BridgeError as err:
        return str(err)


def annotate(pc: PbnCall, token: str, tag: PbnTag, index: int) -> PbnCall:
    if token.startswith("=") and token.endswith("=") and len(token) > 2:
        number = decimal(token[1:-1])
        if number is None:
            raise tag.fail(f"bad note reference {token!r}", index)
        return PbnCall(pc.call, (*pc.notes, number), pc.annotations)
    return PbnCall(pc.call, pc.notes, (*pc.annotations, token))


def parse_columns(tag: PbnTag) -> tuple[PbnColumn, ...]:
    spec = tag.value
    names = spec.split(";") if ";" in spec else spec.split()
    columns = []
    for name in names:
        m = _COLUMN_RE.match(name.strip())
        assert m is not None  # the pattern matches every string
        if not m.group(2):
            raise tag.fail(f"empty column name in {spec!r}")
        columns.append(PbnColumn(m.group(2), m.group(1), int(m.group(3)) if m.group(3) else None, m.group(4) or ""))
    if not columns:
        raise tag.fail("a table names its columns")
    return tuple(columns)


def parse_table(tag: PbnTag) -> PbnTable:
    columns = parse_columns(tag)
    cells = [t[1:-1].replace('\\"', '"') if t.startswith('"') else t for t in tag.section if not is_comment_token(t)]
    n = len(columns)
    if len(cells) % n:
        raise tag.fail(f"{len(cells)} cells do not fill rows of {n} columns")
    return PbnTable(columns, tuple(tuple(cells[i : i + n]) for i in range(0, len(cells), n)))


def parse_ability(tag: PbnTag) -> dict[tuple[Seat, Strain], int]:
    out: dict[tuple[Seat, Strain], int] = {}
    for part in tag.value.split():
        seat_text, _, digits = part.partition(":")
        try:
            seat = Seat.parse(seat_text)
            values = [int(ch, 16) for ch in digits]
        except (BridgeError, ValueError):
            raise tag.fail(f"bad ability {part!r} (seat:5 hex digits)") from None
        if len(values) != 5:
            raise tag.fail(f"bad ability {part!r} (seat:5 hex digits)")
        out.update({(seat, strain): v for strain, v in zip(DD_STRAINS, values, strict=True)})
    return out


def optimum_result_table(table: PbnTable, tag: PbnTag | None) -> dict[tuple[Seat, Strain], int]:
    assert tag is not None
    try:
        d, s, r = table.column("Declarer"), table.column("Denomination"), table.column("Result")
    except KeyError:
        if len(table.columns) != 3:
            raise tag.fail("an optimum result table needs Declarer, Denomination and Result") from None
        d, s, r = 0, 1, 2
    out: dict[tuple[Seat, Strain], int] = {}
    for row in table.rows:
        try:
            out[(Seat.parse(row[d]), Strain.parse(row[s]))] = int(row[r])
        except (BridgeError, ValueError):
            raise tag.fail(f"bad row {' '.join(row)!r}") from None
    return out
