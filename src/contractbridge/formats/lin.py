"""BBO LIN: a reader and a writer for hand-history lines, movies and multi-board vugraph files.

A LIN text is a sequence of ``tag|value|`` pairs. ``LinFile`` keeps every pair in order (unknown tags such as
``zz``, ``nt`` commentary or ``at`` text with raw newlines included), so writing it back loses nothing. The
pairs fall into boards: at each ``qx`` in vugraph files, else at the ``pn``/``st``/``md`` that follows a board's
``md``. ``LinBoard`` reads a board: ``md`` (dealer digit 1=S 2=W 3=N 4=E, hands S W N E, a missing fourth
hand is the rest of the pack), ``sv``, ``mb`` calls (``!`` = alerted) with ``an`` explanations, ``pc`` cards,
``mc`` claims, ``pn`` players (a vugraph header's eight names: open room then closed room).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from itertools import pairwise
from pathlib import Path
from typing import Final, NamedTuple

from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Call
from contractbridge.cards import _HOLDINGS, FULL_PACK, Card, Hand, Seat, Strain, Suit
from contractbridge.deal import Deal, Vulnerability, board_dealer, board_vulnerability
from contractbridge.errors import BridgeError, FormatError, ParseError
from contractbridge.formats._collector import paused_gc
from contractbridge.formats._text import TextInfo, decode, encode, read_text
from contractbridge.formats.inputs import LIMITS
from contractbridge.formats.pbn_values import decimal
from contractbridge.formats.record import Record, RecordBacked, RecordCall
from contractbridge.formats.registry import Format, Located, register, replayable_logs

__all__ = ["LinBoard", "LinFile", "LinPair", "Vugraph", "dumps", "loads", "read_file", "write_file"]

#: ``md`` and ``pn`` list the hands from South, clockwise.
LIN_SEATS: Final = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_DEALER_DIGIT: Final = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_VUL_LETTER: Final = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}
_SUIT_LETTERS: Final = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_RANKS: Final = "23456789TJQKA"
_RANK_INDEX: Final = {r: i for i, r in enumerate(_RANKS)}
#: ``pc`` and ``mb`` values as written (``SA``/``sa``, ``1N``/``1n``, ``p``/``d``/``r``): a look-up before the
#: general parsers.
_PC: Final = {text: card for card in map(Card.from_index, range(52)) for text in (str(card), str(card).lower())}
_MB: Final = {
    text: Call.parse(text)
    for text in (
        *(f"{level}{s}" for level in range(1, 8) for s in "CDHSNcdhsn"),
        *"pdrPDR",
    )
}
#: The ``RecordCall`` of each ``mb`` value as written, alerted (``1N!``) or not: shared, as they are immutable.
_MB_RECORD: Final = {text: RecordCall(call) for text, call in _MB.items()} | {
    f"{text}!": RecordCall(call, True) for text, call in _MB.items()
}
_MAX_MD: Final = 256
#: A hand of ``md`` as BBO writes it: the suits in order (each may be missing), plain ranks either case.
_LIN_HAND: Final = re.compile(
    r"(?:[Ss]([2-9TJQKAtjqka]*))?(?:[Hh]([2-9TJQKAtjqka]*))?(?:[Dd]([2-9TJQKAtjqka]*))?"
    r"(?:[Cc]([2-9TJQKAtjqka]*))?"
)
_SUIT_SHIFTS: Final = (13 * Suit.SPADES, 13 * Suit.HEARTS, 13 * Suit.DIAMONDS, 13 * Suit.CLUBS)
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = _SUIT_SHIFTS
_RANK_BIT: Final = {r: 1 << i for i, r in enumerate(_RANKS)} | {r.lower(): 1 << i for i, r in enumerate(_RANKS)}
#: The common pair: blanks, a tag of 1–3 ASCII letters or digits, its value (anything else: ``_tokenize`` step by step).
_PAIR: Final = re.compile(r"[ \t\r\n]*+([A-Za-z0-9]{1,3})\|([^|]*+)\|")
#: ``_PAIR`` with its blanks as a group: ``_clean_pairs`` reads a line of pairs in one ``findall``.
_PAIR_PARTS: Final = re.compile(r"([ \t\r\n]*+)([A-Za-z0-9]{1,3})\|([^|]*+)\|")
#: A line of plain pairs, tags in small letters, no blanks (most lines of most files): split at its bars.
_PLAIN_LINE: Final = re.compile(r"(?:[a-z0-9]{1,3}\|[^|]*+\|)*+")
#: Stray ``|`` reported one by one up to this many (then once more with the count): a file of bars stays cheap.
MAX_PROBLEMS: Final = 100


class LinPair(NamedTuple):
    """One ``tag|value|`` pair; ``line``/``column`` say where the tag began (not compared: two pairs are
    equal when tag and value are). A named tuple: a file holds thousands, built at C speed."""

    tag: str
    value: str
    line: int = 0
    column: int = 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LinPair):
            return self.tag == other.tag and self.value == other.value
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.tag, self.value))

    def fail(self, message: str) -> FormatError:
        return FormatError(f"{self.tag}|{self.value}|: {message}", line=self.line or None, column=self.column or None)

    def __str__(self) -> str:
        return f"{self.tag}|{self.value}|"


def _clean_pairs(text: str) -> list[LinPair] | None:
    """The pairs of a text whose every line is nothing but ``_PAIR``s and blanks (the common file), located by
    adding up the lengths of blanks, tags and values from each line's start: a line of plain pairs with small
    tags and no blanks (``_PLAIN_LINE``) split at its bars, any other line read by one ``findall``; None when
    anything else is in it (``findall`` skipped it, or a value runs over a line end: the lengths fall short of the
    line)."""
    pairs: list[LinPair] = []
    append, new, findall, plain = pairs.append, tuple.__new__, _PAIR_PARTS.findall, _PLAIN_LINE.fullmatch
    for number, line in enumerate(text.split("\n"), 1):
        body = line.rstrip(" \t\r")
        column = 1
        if plain(body) is not None:
            parts = iter(body.split("|"))
            for tag, value in zip(parts, parts, strict=False):  # the last part, after the last bar, is empty
                append(new(LinPair, (tag, value, number, column)))  # LinPair(…) without its __new__
                column += len(tag) + len(value) + 2
            continue
        for blanks, tag, value in findall(line):
            if blanks:
                column += len(blanks)
            append(new(LinPair, (tag.lower(), value, number, column)))
            column += len(tag) + len(value) + 2
        if column != len(body) + 1:
            return None
    return pairs


def _tokenize(text: str, file: str | None, problems: list[FormatError]) -> list[LinPair]:
    """Pairs of ``text``; a stray ``|`` between pairs (``pn|…,WRANG||pg||``) is skipped and reported."""
    clean = _clean_pairs(text)
    if clean is not None:
        return clean
    pairs: list[LinPair] = []
    pos = 0
    line, line_start = 1, 0
    size = len(text)
    strays = 0
    pair = _PAIR.match
    while True:
        m = pair(text, pos)
        if m is not None:  # one match for the blanks, the tag and its value (#15)
            start = m.start(1)
            newlines = text.count("\n", pos, start)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", pos, start) + 1
            value = m.group(2)
            pairs.append(LinPair(m.group(1).lower(), value, line, start - line_start + 1))
            newlines = value.count("\n")
            if newlines:
                line += newlines
                line_start = m.start(2) + value.rfind("\n") + 1
            pos = m.end()
            continue
        while pos < size and text[pos] in " \t\n\r":
            if text[pos] == "\n":
                line += 1
                line_start = pos + 1
            pos += 1
        if pos >= size:
            if strays > MAX_PROBLEMS:
                problems.append(FormatError(f"{strays:,} stray '|' in all", file=file, line=line, column=1))
            return pairs
        if text[pos] == "|":
            strays += 1
            if strays <= MAX_PROBLEMS:
                column = pos - line_start + 1
                problems.append(FormatError("stray '|' between pairs", file=file, line=line, column=column))
            pos += 1
            continue
        bar = text.find("|", pos)
        tag = text[pos:bar] if bar >= 0 else text[pos:]
        if bar < 0 or not (1 <= len(tag) <= 3 and tag.isalnum()):
            raise FormatError(
                f"expected a tag (two letters and '|'), found {tag[:12]!r}",
                file=file,
                line=line,
                column=pos - line_start + 1,
            )
        end = text.find("|", bar + 1)
        if end < 0:
            raise FormatError(
                f"the value of {tag}| is never closed with '|'", file=file, line=line, column=pos - line_start + 1
            )
        value = text[bar + 1 : end]
        pairs.append(LinPair(tag.lower(), value, line, pos - line_start + 1))
        newlines = value.count("\n")
        if newlines:
            line += newlines
            line_start = bar + 1 + value.rfind("\n") + 1
        pos = end + 1


def _indices(tags: list[str], tag: str) -> list[int]:
    """Where ``tag`` is in ``tags`` (``list.index`` scans in C)."""
    out: list[int] = []
    i = -1
    try:
        while True:
            i = tags.index(tag, i + 1)
            out.append(i)
    except ValueError:
        return out


def _segments(pairs: list[LinPair]) -> list[tuple[LinPair, ...]]:
    """Pairs grouped by board (a leading group without ``md`` is the file's header): a board starts at each
    ``qx`` in a vugraph file, else at the ``pn``/``st``/``md`` that follows a board's ``md``."""
    tags = [p[0] for p in pairs]
    starts = _indices(tags, "qx")
    if not starts:
        has_md = False
        for i in sorted(_indices(tags, "md") + _indices(tags, "pn") + _indices(tags, "st")):
            if has_md:
                starts.append(i)
            has_md = tags[i] == "md"
    bounds = [0, *(i for i in starts if i), len(pairs)]
    return [tuple(pairs[a:b]) for a, b in pairwise(bounds) if a < b]


def _lin_hand_bits(text: str) -> int:
    """A hand of ``md`` (``S…H…D…C…``) as bits (a card's bit is 13 × suit + rank): each suit's holding looked up
    (ranks in capitals from the ace down or from the two up, as BBO writes them) or its ranks added up when the
    suits come in that order with plain ranks and no card twice, else card by card."""
    suits = _LIN_HAND.fullmatch(text)
    if suits is None:
        return _lin_cards_bits(text)
    holdings = suits.groups("")
    try:
        spades, hearts, diamonds, clubs = map(_HOLDINGS.__getitem__, holdings)
    except KeyError:  # small letters, ranks in another order or a card twice
        pass
    else:
        return spades << _SPADES | hearts << _HEARTS | diamonds << _DIAMONDS | clubs << _CLUBS
    bits = 0
    for shift, ranks in zip(_SUIT_SHIFTS, holdings, strict=True):
        if ranks:
            holding = sum(map(_RANK_BIT.__getitem__, ranks))
            if holding.bit_count() != len(ranks):  # a card twice: the error below names it
                return _lin_cards_bits(text)
            bits |= holding << shift
    return bits


def _lin_cards_bits(text: str) -> int:
    """A hand of ``md`` card by card (any order of suits, ``10``, blanks; errors name the card)."""
    base: int | None = None
    bits = 0
    for ch in text.upper().replace("10", "T"):
        suit = _SUIT_LETTERS.get(ch)
        if suit is not None:
            base = 13 * suit
        elif ch in _RANK_INDEX and base is not None:
            index = base + _RANK_INDEX[ch]
            if bits >> index & 1:
                raise ParseError(f"hand {text!r}: card {Card.from_index(index)} appears twice in the hand")
            bits |= 1 << index
        elif not ch.isspace():
            raise ParseError(f"{ch!r} is not a suit or rank in hand {text!r}")
    return bits


@lru_cache(maxsize=4096)
def _lin_deal(text: str) -> Deal | str:
    """The deal of an ``md`` value after the dealer digit, or why it is not one (remembered: boards repeat).
    Three hands of 13 cards and one empty: the fourth holds the rest of the pack."""
    if len(text) > _MAX_MD:
        return f"a deal is four hands, not {len(text):,} characters"
    parts = text.split(",")
    if len(parts) > 4 and any(p.strip() for p in parts[4:]):
        return "more than four hands"
    parts = [*parts, "", "", "", ""][:4]
    try:
        bits = [_lin_hand_bits(part) for part in parts]
    except BridgeError as err:
        return str(err)
    counts = [hand.bit_count() for hand in bits]
    if counts.count(13) == 3 and counts.count(0) == 1:
        missing = counts.index(0)
        bits[missing] = FULL_PACK & ~(bits[0] | bits[1] | bits[2] | bits[3])
        counts[missing] = bits[missing].bit_count()
    south, west, north, east = bits
    try:  # Deal's checks and errors: the whole pack when each hand has 13 cards, else a partial deal
        return Deal._of_bits(north, east, south, west, complete=counts == [13, 13, 13, 13])
    except BridgeError as err:
        return str(err)


def _lin_hand(hand: Hand) -> str:
    return "".join(
        s.letter + "".join(r.letter for r in hand.ranks(s))
        for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    )


def _lin_call(call: Call) -> str:
    if call is PASS:
        return "p"
    if call is DOUBLE:
        return "d"
    if call is REDOUBLE:
        return "r"
    text = str(call)
    return text[:-1] if text.endswith("NT") else text


@dataclass(frozen=True, slots=True)
class Vugraph:
    """A vugraph file's ``vg`` header: event, segment, scoring letter (``I`` IMPs, ``P`` points, ``B`` board-a-
    match), boards first to last, the two teams (open-room home team first) and their carry-over scores."""

    event: str
    segment: str = ""
    scoring: str = ""
    first: int | None = None
    last: int | None = None
    teams: tuple[str, str] = ("", "")
    scores: tuple[str, str] = ("", "")

    @classmethod
    def parse(cls, value: str) -> Vugraph:
        fields = [*value.split(","), "", "", "", "", "", "", "", "", ""][:9]
        first, last = (decimal(f) for f in fields[3:5])
        return cls(fields[0], fields[1], fields[2], first, last, (fields[5], fields[7]), (fields[6], fields[8]))


@dataclass(frozen=True)
class LinBoard(RecordBacked):
    """One board of a LIN file; ``players_hint`` are the names in force from an earlier ``pn``, ``event`` the
    event named by the file's ``vg`` header."""

    pairs: tuple[LinPair, ...]
    players_hint: tuple[str, ...] = ()
    event: str = ""

    def _first(self, tag: str) -> LinPair | None:
        for p in self.pairs:
            if p[0] == tag:
                return p
        return None

    @property
    def room(self) -> str:
        """``o`` (open) or ``c`` (closed) from ``qx``, else ``""``."""
        qx = self._first("qx")
        return qx.value[:1].lower() if qx is not None and qx.value[:1].lower() in ("o", "c") else ""

    @property
    def number(self) -> int | None:
        """From ``ah|Board n|``, else from ``qx|o12|``."""
        ah = self._first("ah")
        if ah is not None:
            number = decimal(ah.value.split()[-1]) if ah.value.split() else None
            if number is not None and number > 0:
                return number
        qx = self._first("qx")
        if qx is not None:
            number = decimal(qx.value.split(",")[0][1:])
            if number is not None and number > 0:
                return number
        return None

    @property
    def dealer(self) -> Seat | None:
        md = self._first("md")
        if md is not None and md.value[:1] in _DEALER_DIGIT:
            return _DEALER_DIGIT[md.value[0]]
        n = self.number
        return board_dealer(n) if n is not None else None

    @property
    def deal(self) -> Deal | None:
        """The four hands; when only three are given, the fourth holds the rest of the pack."""
        md = self._first("md")
        if md is None:
            return None
        text = md.value[1:] if md.value[:1] in _DEALER_DIGIT or md.value[:1] == "0" else md.value
        deal = _lin_deal(text)
        if isinstance(deal, str):
            raise md.fail(deal)
        return deal

    @property
    def vulnerability(self) -> Vulnerability | None:
        sv = self._first("sv")
        if sv is not None:
            try:
                return Vulnerability.parse(sv.value or "o")
            except BridgeError as err:
                raise sv.fail(str(err)) from None
        n = self.number
        return board_vulnerability(n) if n is not None else None

    @property
    def players(self) -> tuple[str, str, str, str]:
        """Names of N, E, S, W: the board's own ``pn`` (S W N E), else the header's (open or closed room)."""
        pn = self._first("pn")
        names = pn.value.split(",") if pn is not None else list(self.players_hint)
        if len(names) >= 8 and self.room == "c":
            names = names[4:8]
        names = [*names, "", "", "", ""][:4]
        by_seat = dict(zip(LIN_SEATS, names, strict=True))
        return by_seat[Seat.NORTH], by_seat[Seat.EAST], by_seat[Seat.SOUTH], by_seat[Seat.WEST]

    @property
    def calls(self) -> tuple[RecordCall, ...]:
        """``mb`` calls; ``!`` after a call alerts it; ``an`` explains the call before it."""
        calls: list[RecordCall] = []
        for p in self.pairs:
            tag = p[0]
            if tag == "mb":
                plain = _MB_RECORD.get(p[1])
                if plain is not None:
                    calls.append(plain)
                    continue
                text = p.value.strip()
                body = text.rstrip("!")
                if not body:
                    continue
                call = _MB.get(body)
                if call is None:
                    try:
                        call = Call.parse(body)
                    except BridgeError as err:
                        raise p.fail(str(err)) from None
                calls.append(RecordCall(call, body != text))
            elif tag == "an" and calls:
                last = calls[-1]
                calls[-1] = RecordCall(last.call, last.alert, p.value)
        return tuple(calls)

    @property
    def plays(self) -> tuple[Card, ...]:
        try:  # every card as BBO writes it
            return tuple([_PC[p[1]] for p in self.pairs if p[0] == "pc"])
        except KeyError:
            pass
        out: list[Card] = []
        for p in self.pairs:
            if p.tag == "pc":
                card = _PC.get(p.value)
                if card is None:
                    try:
                        card = Card.parse(p.value)
                    except BridgeError as err:
                        raise p.fail(str(err)) from None
                out.append(card)
        return tuple(out)

    @property
    def claim(self) -> int | None:
        """Declarer's total of tricks from ``mc`` (L68–L69: a claim the table agreed)."""
        for mc in reversed(self.pairs):  # the last
            if mc[0] == "mc":
                break
        else:
            return None
        tricks = decimal(mc.value, 2)
        if tricks is None or tricks > 13:
            raise mc.fail("a claim is a number of tricks, 0 to 13")
        return tricks

    def validate(self) -> list[FormatError]:
        problems = []
        for view in ("deal", "dealer", "vulnerability", "calls", "plays", "claim"):
            try:
                getattr(self, view)
            except FormatError as err:
                problems.append(err)
        return problems

    def to_record(self) -> Record:
        deal = self.deal
        dealer = self.dealer
        if deal is None or dealer is None:
            first = self.pairs[0]
            raise FormatError("board without a deal (md) or dealer", line=first.line, column=first.column)
        return Record(
            deal=deal,
            dealer=dealer,
            vulnerability=self.vulnerability or Vulnerability.NONE,
            number=self.number,
            players=self.players,
            event=self.event,
            calls=self.calls,
            plays=self.plays,
            claim=self.claim,
        )

    @classmethod
    def from_record(cls, record: Record) -> LinBoard:
        """A hand-history board: ``pn st md rh ah sv``, the calls, ``pg`` after the auction and each trick,
        then ``mc`` when the result is known and the cards played do not show it."""
        names = dict(zip(Seat, record.players, strict=True))
        hands = ",".join(_lin_hand(record.deal[s]) for s in LIN_SEATS)
        digit = next(d for d, s in _DEALER_DIGIT.items() if s is record.dealer)
        pairs = [
            LinPair("pn", ",".join(names[s] for s in LIN_SEATS)),
            LinPair("st", ""),
            LinPair("md", digit + hands),
            LinPair("rh", ""),
            LinPair("ah", f"Board {record.number}" if record.number is not None else ""),
            LinPair("sv", _VUL_LETTER[record.vulnerability]),
        ]
        for c in record.calls:
            pairs.append(LinPair("mb", _lin_call(c.call) + ("!" if c.alert else "")))
            if c.explanation:
                pairs.append(LinPair("an", c.explanation))
        pairs.append(LinPair("pg", ""))
        for i, card in enumerate(record.plays, 1):
            pairs.append(LinPair("pc", str(card)))
            if i % 4 == 0:
                pairs.append(LinPair("pg", ""))
        tricks = record.tricks()
        if tricks is not None and (len(record.plays) < 52 or replace(record, result=None).tricks() != tricks):
            pairs.append(LinPair("mc", str(tricks)))
        return cls(tuple(pairs))


@dataclass
class LinFile:
    """A LIN file: every pair in order, grouped by board, and how the file was stored."""

    segments: list[tuple[LinPair, ...]]
    info: TextInfo = field(default_factory=TextInfo)
    file: str | None = None
    problems: list[FormatError] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LinFile) and self.segments == other.segments

    __hash__ = None  # type: ignore[assignment]

    @property
    def pairs(self) -> list[LinPair]:
        return [p for seg in self.segments for p in seg]

    @property
    def boards(self) -> list[LinBoard]:
        """The boards (groups with an ``md``), each with the players named by the last ``pn`` before it."""
        out: list[LinBoard] = []
        names: tuple[str, ...] = ()
        vugraph = self.vugraph
        event = "" if vugraph is None else vugraph.event
        for seg in self.segments:
            for p in seg:
                if p[0] == "md":
                    out.append(LinBoard(seg, names, event))
                    break
            for p in seg:
                if p[0] == "pn" and p[1].count(",") >= 7:
                    names = tuple(p[1].split(","))
        return out

    @property
    def vugraph(self) -> Vugraph | None:
        """The first ``vg`` header, if any."""
        for seg in self.segments:
            for p in seg:
                if p[0] == "vg":
                    return Vugraph.parse(p[1])
        return None

    @property
    def header(self) -> tuple[LinPair, ...]:
        """The pairs before the first board (``vg``, ``rs``, ``pn`` … of a vugraph file)."""
        if self.segments and not any(p.tag == "md" for p in self.segments[0]):
            return self.segments[0]
        return ()

    def records(self) -> Iterator[Record]:
        for board in self.boards:
            yield board.to_record()

    @classmethod
    def from_records(cls, records: Iterable[Record]) -> LinFile:
        """A hand-history file; boards recorded with a contract but no auction (a PBN ``[Contract]`` alone) get
        it on a results line (``vg`` and ``rs`` header, as vugraph files carry results) when their numbers are
        distinct, so that no contract is dropped (see :func:`results_line_boards`)."""
        records = list(records)
        segments = [LinBoard.from_record(r).pairs for r in records]
        carried = results_line_boards(records)
        if carried:
            first, last = min(carried), max(carried)
            entries = [""] * (2 * (last - first + 1))
            for number, record in carried.items():
                entries[2 * (number - first)] = _rs_text(record)
            event = next((r.event for r in records if r.event), "").replace(",", " ")
            header = (LinPair("vg", f"{event},,,{first},{last},,,,"), LinPair("rs", ",".join(entries)))
            # each board opens with qx (open room, its number), as in vugraph files, so the header stays apart
            rooms = (LinPair("qx", f"o{'' if r.number is None else r.number}") for r in records)
            segments = [header, *((qx, *pairs) for qx, pairs in zip(rooms, segments, strict=True))]
        return cls(segments)


def results_line_boards(records: Sequence[Record]) -> dict[int, Record]:
    """The records whose contract only a results line can carry (contract and declarer, no calls), by board
    number; none when two boards share a number (one ``rs`` entry per board and room)."""
    numbers = [r.number for r in records]
    if len(set(numbers)) != len(numbers):
        return {}
    return {
        r.number: r
        for r in records
        if r.number is not None and not r.calls and r.contract is not None and r.declarer is not None
    }


def _rs_text(record: Record) -> str:
    """``4SWX-1``: contract, declarer, doubling and result (``=``, ``+n``, ``-n``; nothing when unknown)."""
    contract, declarer = record.contract, record.declarer
    assert contract is not None and declarer is not None
    strain = "N" if contract.strain is Strain.NOTRUMP else contract.strain.letter
    text = f"{contract.level}{strain}{declarer.letter}{'X' * contract.doubling}"
    tricks = record.tricks()
    if tricks is None:
        return text
    over = tricks - contract.level - 6
    return text + ("=" if over == 0 else f"{over:+d}")


def loads(text: str, *, file: str | None = None) -> LinFile:
    """A LIN text (any line ends) as a ``LinFile``; a broken pair is a ``FormatError`` with line and column."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    problems: list[FormatError] = []
    with paused_gc():  # the pairs hold no reference cycles
        return LinFile(_segments(_tokenize(text, file, problems)), file=file, problems=problems)


def read_file(path: str | Path, *, limit: int = LIMITS["lin"]) -> LinFile:
    """A whole LIN file of at most ``limit`` bytes (``FormatError`` beyond: raise ``limit`` for a larger one)."""
    text, info = read_text(path, limit)
    lin = loads(text, file=str(path))
    lin.info = info
    return lin


def parse_bytes(data: bytes, *, file: str | None = None) -> LinFile:
    text, info = decode(data)
    lin = loads(text, file=file)
    lin.info = info
    return lin


def dumps(lin: LinFile | Iterable[LinBoard]) -> str:
    """One line per board (the header on its own line), pairs as ``tag|value|``."""
    segments = lin.segments if isinstance(lin, LinFile) else [b.pairs for b in lin]
    return "".join("".join(str(p) for p in seg) + "\n" for seg in segments)


def write_file(lin: LinFile, path: str | Path, info: TextInfo | None = None) -> None:
    Path(path).write_bytes(encode(dumps(lin), info or lin.info))


# --------------------------------------------------------------------------------------------- the registry


def _located(text: str, file: str | None, skip_bad: bool) -> list[Located]:
    out: list[Located] = []
    for board in loads(text, file=file).boards:
        try:
            out.append(Located(board.pairs[0].line, board.to_record()))
        except FormatError as err:
            if not skip_bad:
                raise err.located(file=file) from None
    return out


def _problems(text: str, file: str | None) -> list[FormatError]:
    lf = loads(text, file=file)
    return [*lf.problems, *(e.located(file=file) for board in lf.boards for e in board.validate())]


register(
    Format(
        name="lin",
        suffixes=(".lin",),
        sniff=lambda head: re.match(r"[a-zA-Z]{2}\|", head) is not None,
        read_text=read_text,
        located=_located,
        problems=_problems,
        logs=partial(replayable_logs, _located),
        dump_text=lambda records: dumps(LinFile.from_records(records)),
        encode=encode,
    )
)
