"""PBN 2.1 (Portable Bridge Notation): a streaming reader and a writer.

``read_games(handle)`` yields one ``PbnGame`` at a time from a text handle; ``read_file(path)`` reads a whole
file and remembers its encoding and line ends; ``dumps``/``write_file`` write games back. A game keeps
everything the file says, in order: tags (with the value as written, so ``#``/``##`` inheritance survives a
round trip), commentary (``{…}``, ``;…``, ``%`` escape lines) and section data (Auction, Play, the
``…Table`` sections). Typed views (``deal``, ``auction``, ``play``, ``tables``, ``double_dummy`` …) are read
on demand and raise ``FormatError`` with the line and column of the offending tag; the reader itself only
records problems (``game.problems``) unless ``strict=True``. ``to_record``/``from_record`` convert to the
neutral ``Record`` (and from there to a ``Board`` and the table's event log).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Final, Generic, TextIO, TypeVar

from contractbridge.auction import Auction
from contractbridge.calls import PASS, Call
from contractbridge.cards import Card, Seat, Side, Strain
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal, Vulnerability, board_dealer, board_vulnerability
from contractbridge.errors import BridgeError, FormatError
from contractbridge.formats._text import TextInfo, decode, encode, read_text
from contractbridge.formats.record import Record, RecordCall, play_order
from contractbridge.play import trick_winner

__all__ = [
    "GameBuilder",
    "PbnAuction",
    "PbnCall",
    "PbnColumn",
    "PbnComment",
    "PbnFile",
    "PbnGame",
    "PbnPlay",
    "PbnTable",
    "PbnTag",
    "PbnVisitor",
    "Problem",
    "TagsVisitor",
    "dumps",
    "games_from_records",
    "loads",
    "read_file",
    "read_games",
    "visit_games",
    "write_file",
]

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
_BOARD_TAGS: Final = ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring")
_REPEATABLE: Final = frozenset({"Note"})
_SEAT_TAGS: Final = ("North", "East", "South", "West")


def is_table_tag(name: str) -> bool:
    """Table sections: ``ScoreTable``, ``OptimumResultTable``, custom ``…Table`` (but not the ``Table`` tag)."""
    return name.endswith("Table") and name != "Table"


def is_section_tag(name: str) -> bool:
    """Tags followed by section data: Auction, Play, and the table sections."""
    return name in ("Auction", "Play") or is_table_tag(name)


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


@dataclass(frozen=True, slots=True)
class PbnTag:
    """A tag: ``raw`` as written (escapes undone), ``value`` after inheritance (``#``, ``##``), and the tokens
    of its section (calls, cards, table cells, with commentary tokens in place)."""

    name: str
    raw: str
    value: str
    section: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    positions: tuple[tuple[int, int], ...] = field(default=(), compare=False)

    def fail(self, message: str, index: int | None = None) -> FormatError:
        """A FormatError at this tag (or at section token ``index``)."""
        if index is not None and index < len(self.positions):
            line, column = self.positions[index]
            return FormatError(f"[{self.name}] section: {message}", line=line, column=column)
        return FormatError(f"[{self.name} {self.raw!r}]: {message}", line=self.line or None, column=self.column or None)


def _is_comment_token(token: str) -> bool:
    return token[0] in "{;%"


def _is_annotation(token: str) -> bool:
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
        auction: Auction | None = Auction(self.first)
        try:
            for c in calls:
                if c.call is None:
                    auction = None
                    break
                auction.push(c.call)  # type: ignore[union-attr]
            if self.all_pass:
                if auction is None:
                    raise BridgeError("AP after an unknown call")
                while not auction.is_over:
                    auction.push(PASS)
                    calls.append(PbnCall(PASS))
        except BridgeError:
            auction = None
            if self.all_pass:
                calls.extend(PbnCall(PASS) for _ in range(3))
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


_COLUMN_RE: Final = re.compile(r"^([+-]?)(.*?)(?:\\(\d+)?([LR])?)?$")
_RESULT_RE: Final = re.compile(r"^(?:(NS|EW)\s+)?(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?$")
_CONTRACT_RE: Final = re.compile(r"^([1-7])(NT|[NSHDC])(X{0,2}|R|D)$")
_MINIMAX_RE: Final = re.compile(r"^([1-7])([NSHDC])([DRX]{0,2})([NESW])(-?\d+)$")
_OPTIMUM_RE: Final = re.compile(r"^(NS|EW)\s+([+-]?\d+)$")
_BSO_OPTIMUM_RE: Final = re.compile(r"^(NS|EW|N|E|S|W)\s+.+;\s*([+-]?\d+)$")
_DD_ORDER: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DD_STRAINS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_CALLS: dict[str, Call] = {}
#: Play-section tokens read at once: every card as written by the usual writers, and ``-`` (not played).
_CARD_TOKENS: Final[dict[str, Card | None]] = {"-": None, "--": None}
for _i in range(52):
    _c = Card.from_index(_i)
    for _t in (str(_c), str(_c).lower(), str(_c)[0] + str(_c)[1].lower()):
        _CARD_TOKENS[_t] = _c
#: ``[Contract "H"]``: only the trump suit, in end positions (PBN 2.0 test files).
_STRAIN_ONLY: Final = frozenset({"NT", "N", "S", "H", "D", "C"})


def _parse_call(token: str) -> Call:
    call = _CALLS.get(token)
    if call is None:
        call = _CALLS[token] = Call.parse(token)
    return call


def _seat_value(tag: PbnTag) -> Seat | None:
    value = tag.value.strip().lstrip("^")
    if value in ("", "?", "-"):
        return None
    try:
        return Seat.parse(value)
    except BridgeError as err:
        raise tag.fail(str(err)) from None


def _parse_deal(tag: PbnTag) -> Deal | None:
    """A complete deal, or a partial one when the hands given (not ``-``) all have the same number of cards
    (unknown hands, or an end position such as BEN's tests); anything else is a FormatError (a 49-card deal)."""
    text = tag.value.strip()
    if text in ("", "?"):
        return None
    try:
        return _deal_of(text)
    except BridgeError as err:
        raise tag.fail(str(err)) from None


@lru_cache(maxsize=16384)
def _deal_of(text: str) -> Deal:
    try:
        return Deal(text)
    except BridgeError as err:
        partial = Deal.partial(text)
        if len({len(h) for h in partial.hands if h}) == 1:
            return partial
        raise err from None


# --------------------------------------------------------------------------------------------- the game


@dataclass(eq=False)
class PbnGame:
    """One game of a PBN file: its items (tags and commentary) in file order. Build a new game rather than
    replace items in place (tag look-ups are indexed)."""

    items: list[PbnTag | PbnComment] = field(default_factory=list)
    inherited: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    file: str | None = None
    line: int = 0
    _index: dict[str, PbnTag] | None = field(default=None, repr=False)
    _indexed: int = field(default=0, repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PbnGame) and self.items == other.items and self.inherited == other.inherited

    __hash__ = None  # type: ignore[assignment]

    # -- tags
    def tag(self, name: str) -> PbnTag | None:
        """The tag of that name written in this game (the first one), or None."""
        if self._index is None or self._indexed != len(self.items):
            index: dict[str, PbnTag] = {}
            for item in self.items:
                if isinstance(item, PbnTag):
                    index.setdefault(item.name, item)
            self._index, self._indexed = index, len(self.items)
        return self._index.get(name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """A tag's value: as written (after ``#``), else inherited from an earlier game, else ``default``."""
        tag = self.tag(name)
        if tag is not None:
            return tag.value
        return self.inherited.get(name, default)

    @property
    def tags(self) -> dict[str, str]:
        """Tag values by name (inherited ones included; repeated ``Note`` tags: the last)."""
        out = dict(self.inherited)
        for item in self.items:
            if isinstance(item, PbnTag):
                out[item.name] = item.value
        return out

    @property
    def comments(self) -> list[PbnComment]:
        return [item for item in self.items if isinstance(item, PbnComment)]

    def _tag_or_inherited(self, name: str) -> PbnTag | None:
        tag = self.tag(name)
        if tag is None and name in self.inherited:
            return PbnTag(name, self.inherited[name], self.inherited[name], line=self.line, column=1)
        return tag

    # -- the board
    @property
    def deal(self) -> Deal | None:
        tag = self._tag_or_inherited("Deal")
        return None if tag is None else _parse_deal(tag)

    @property
    def number(self) -> int | None:
        """The board number when it is a positive integer (``"01"`` → 1); else None (``"0"``, ``"Example 1"``)."""
        value = (self.get("Board") or "").strip()
        return int(value) if value.isdigit() and int(value) > 0 else None

    @property
    def dealer(self) -> Seat | None:
        tag = self._tag_or_inherited("Dealer")
        seat = None if tag is None else _seat_value(tag)
        if seat is None and self.number is not None:
            return board_dealer(self.number)
        return seat

    @property
    def vulnerability(self) -> Vulnerability | None:
        tag = self._tag_or_inherited("Vulnerable")
        if tag is not None and tag.value.strip() not in ("?", ""):
            try:
                return Vulnerability.parse(tag.value)
            except BridgeError as err:
                raise tag.fail(str(err)) from None
        if tag is not None and tag.value.strip() == "":
            return Vulnerability.NONE
        return board_vulnerability(self.number) if self.number is not None else None

    @property
    def board(self) -> Board:
        """The ``Board`` (L2 markings unless the tags give them); FormatError if deal or number is missing."""
        deal, number = self.deal, self.number
        if deal is None:
            raise FormatError("game has no deal", file=self.file, line=self.line, column=1)
        if number is None:
            raise FormatError(
                f"board {self.get('Board')!r} is not a board number", file=self.file, line=self.line, column=1
            )
        dealer, vulnerability = self.dealer, self.vulnerability
        return Board(
            number,
            deal,
            board_dealer(number) if dealer is None else dealer,
            board_vulnerability(number) if vulnerability is None else vulnerability,
        )

    @property
    def players(self) -> tuple[str, str, str, str]:
        """Names of N, E, S, W (``""`` when unknown or ``?``)."""
        names = []
        for seat in Seat:
            value = self.get(_SEAT_TAGS[seat]) or ""
            names.append("" if value.strip() in ("?", "-") else value)
        return names[0], names[1], names[2], names[3]

    # -- contract and result
    @property
    def contract(self) -> Contract | None:
        tag = self.tag("Contract")
        if tag is None:
            return None
        text = tag.value.strip().lstrip("^").upper()
        if text in ("", "?", "-", "PASS") or text in _STRAIN_ONLY:
            return None
        m = _CONTRACT_RE.match(text)
        if m is None:
            raise tag.fail("a contract is level, strain and X/XX (4S, 3NT, 5CX, 6HXX; R = redoubled)")
        doubling = {"": "", "X": "X", "D": "X", "XX": "XX", "R": "XX"}[m.group(3)]
        return Contract.parse(f"{m.group(1)}{m.group(2)}{doubling}")

    @property
    def passed_out(self) -> bool:
        tag = self.tag("Contract")
        return tag is not None and tag.value.strip().upper() == "PASS"

    @property
    def declarer(self) -> Seat | None:
        tag = self.tag("Declarer")
        return None if tag is None else _seat_value(tag)

    @property
    def result(self) -> int | None:
        """Declarer's tricks (``"9"``; ``"NS 11"`` and ``"NS 9 EW 4"`` count for a side; ``^`` marks an
        irregularity)."""
        tag = self.tag("Result")
        if tag is None or tag.value.strip() in ("", "?", "-"):
            return None
        m = _RESULT_RE.match(tag.value.strip().lstrip("^"))
        if m is None or int(m.group(2)) > 13 or (m.group(4) and int(m.group(2)) + int(m.group(4)) != 13):
            raise tag.fail("a result is a number of tricks (0–13), optionally after NS or EW")
        tricks = int(m.group(2))
        if m.group(1):
            declarer = self.declarer
            if declarer is None:
                declarer = self._auction_declarer()
            if declarer is None:
                return None
            if declarer.side is not Side.parse(m.group(1)):
                tricks = 13 - tricks
        return tricks

    def _auction_declarer(self) -> Seat | None:
        auction = self.auction
        if auction is None:
            return None
        try:
            a = Auction(auction.first, [c.call for c in auction.expanded() if c.call is not None])
        except BridgeError:
            return None
        return a.declarer

    # -- sections
    @property
    def notes(self) -> dict[int, str]:
        """``[Note "n:text"]`` by number."""
        out: dict[int, str] = {}
        for item in self.items:
            if isinstance(item, PbnTag) and item.name == "Note":
                number, sep, text = item.value.partition(":")
                if not sep or not number.strip().isdigit():
                    raise item.fail("a note is 'number:text'")
                out[int(number)] = text.lstrip(" ") if text.startswith(" ") else text
        return out

    @property
    def auction(self) -> PbnAuction | None:
        tag = self.tag("Auction")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        first = _seat_value(tag)
        if first is None:
            return None
        calls: list[PbnCall] = []
        all_pass = incomplete = False
        for i, token in enumerate(tag.section):
            if _is_comment_token(token):
                continue
            if all_pass or incomplete:
                raise tag.fail(f"{token!r} after the end of the auction", i)
            if _is_annotation(token):
                if not calls:
                    raise tag.fail(f"{token!r} before the first call", i)
                calls[-1] = _annotate(calls[-1], token, tag, i)
                continue
            upper = token.upper()
            if upper == "AP":
                all_pass = True
                continue
            if upper in ("*", "+"):
                incomplete = True
                continue
            body = upper.rstrip("!?*")
            try:
                call = None if body == "-" else _parse_call(body)
            except BridgeError as err:
                raise tag.fail(str(err), i) from None
            pc = PbnCall(call)
            if body != upper:
                pc = _annotate(pc, upper[len(body) :], tag, i)
            calls.append(pc)
        return PbnAuction(first, tuple(calls), all_pass, incomplete)

    @property
    def play(self) -> PbnPlay | None:
        tag = self.tag("Play")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        first = _seat_value(tag)
        if first is None:
            return None
        cards: list[Card | None] = []
        for i, token in enumerate(tag.section):
            if token in _CARD_TOKENS:
                cards.append(_CARD_TOKENS[token])
                continue
            if _is_comment_token(token) or _is_annotation(token):
                continue
            if token in ("*", "+"):
                break
            if token.strip("-") == "":
                cards.append(None)
                continue
            try:
                cards.append(Card.parse(token.rstrip("!?")))
            except BridgeError as err:
                raise tag.fail(str(err), i) from None
        while len(cards) % 4:
            cards.append(None)
        tricks = tuple((cards[i], cards[i + 1], cards[i + 2], cards[i + 3]) for i in range(0, len(cards), 4))
        return PbnPlay(first, tricks)

    @property
    def tables(self) -> dict[str, PbnTable]:
        """Every table section by tag name."""
        out: dict[str, PbnTable] = {}
        for item in self.items:
            if isinstance(item, PbnTag) and is_table_tag(item.name) and item.value not in ("#", ""):
                out[item.name] = _parse_table(item)
        return out

    def table(self, name: str) -> PbnTable | None:
        tag = self.tag(name)
        return None if tag is None else _parse_table(tag)

    # -- double dummy and par
    @property
    def double_dummy(self) -> dict[tuple[Seat, Strain], int] | None:
        """Tricks for each declarer and strain, from ``DoubleDummyTricks`` (20 hex digits, N S E W × NT S H D
        C; ``*`` = not computed → None), else ``Ability``, else ``OptimumResultTable``."""
        tag = self.tag("DoubleDummyTricks")
        if tag is not None:
            value = tag.value.strip()
            if set(value) == {"*"}:
                return None
            if len(value) != 20:
                raise tag.fail("20 hex digits expected (N, S, E, W × NT, S, H, D, C)")
            try:
                digits = [int(ch, 16) for ch in value]
            except ValueError:
                raise tag.fail("20 hex digits expected") from None
            return {
                (seat, strain): digits[5 * i + j]
                for i, seat in enumerate(_DD_ORDER)
                for j, strain in enumerate(_DD_STRAINS)
            }
        tag = self.tag("Ability")
        if tag is not None:
            return _parse_ability(tag)
        table = self.table("OptimumResultTable")
        if table is not None:
            return _ort(table, self.tag("OptimumResultTable"))
        return None

    @property
    def optimum_score(self) -> OptimumScore | None:
        tag = self.tag("OptimumScore")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        text = tag.value.strip()
        m = _OPTIMUM_RE.match(text)
        if m is not None:
            return OptimumScore(Side.parse(m.group(1)), int(m.group(2)))
        m = _BSO_OPTIMUM_RE.match(text)
        if m is not None:
            who = m.group(1)
            side = Side.parse(who) if len(who) == 2 else Seat.parse(who).side
            return OptimumScore(side, int(m.group(2)))
        raise tag.fail("an optimum score is 'NS n' or 'EW n'")

    def scores(self, name: str = "Score") -> list[tuple[Side | None, float]]:
        """A score tag (``Score``, ``ScoreIMP``, ``ScoreMP``, ``ScorePercentage``) as (side, value) pairs:
        ``"NS 620"``, ``"NS 10 EW -10"``; a value written without a side has side None."""
        tag = self.tag(name)
        if tag is None or tag.value.strip() in ("", "?", "-"):
            return []
        words = tag.value.split()
        out: list[tuple[Side | None, float]] = []
        side: Side | None = None
        for word in words:
            if word in ("NS", "EW"):
                if side is not None:
                    raise tag.fail(f"{word} follows a side without a value")
                side = Side.parse(word)
                continue
            try:
                out.append((side, float(word)))
            except ValueError:
                raise tag.fail(f"{word!r} is not a score") from None
            side = None
        if side is not None:
            raise tag.fail("a side without a value")
        return out

    @property
    def directives(self) -> list[str]:
        """The ``%`` escape lines of the game (``% PBN 2.1``, ``%Creator: …``), without the ``%``."""
        return [item.text for item in self.items if isinstance(item, PbnComment) and item.kind == "%"]

    @property
    def minimax(self) -> Minimax | None:
        tag = self.tag("Minimax")
        if tag is None or not tag.value.strip():
            return None
        m = _MINIMAX_RE.match(tag.value.strip().upper())
        if m is None:
            raise tag.fail("a minimax is level, strain, D/R, declarer and score, e.g. 4SW-420")
        doubling = {"": "", "D": "X", "X": "X", "R": "XX", "XX": "XX"}.get(m.group(3))
        if doubling is None:
            raise tag.fail("bad doubling in minimax")
        contract = Contract.parse(f"{m.group(1)}{m.group(2)}{doubling}")
        return Minimax(contract, Seat.parse(m.group(4)), int(m.group(5)))

    # -- checks and conversion
    def validate(self) -> list[Problem]:
        """Every problem: the reader's, and those of each typed view."""
        found = list(self.problems)
        views = (
            "deal",
            "dealer",
            "vulnerability",
            "contract",
            "declarer",
            "result",
            "notes",
            "auction",
            "play",
            "tables",
            "double_dummy",
            "optimum_score",
            "minimax",
        )
        checks: list[Callable[[], object]] = [partial(getattr, self, view) for view in views]
        checks += [partial(self.scores, name) for name in ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage")]
        for check in checks:
            try:
                check()
            except FormatError as err:
                found.append(Problem(err.line or self.line, err.column or 1, err.reason))
        return found

    def to_record(self) -> Record:
        """The neutral record: deal and markings, players, calls (``AP`` expanded, notes as explanations),
        cards in the order played, and the result (a claim when the play stops early)."""
        deal = self.deal
        if deal is None:
            raise FormatError("game has no deal", file=self.file, line=self.line, column=1)
        dealer = self.dealer
        if dealer is None:
            raise FormatError("game has no dealer", file=self.file, line=self.line, column=1)
        notes = self.notes
        auction = self.auction
        calls: list[RecordCall] = []
        contract, declarer = self.contract, self.declarer
        if auction is not None:
            expanded, closed = auction.closed()
            for pc in expanded:
                if pc.call is None:
                    break
                text = "; ".join(notes.get(n, "") for n in pc.notes if notes.get(n))
                calls.append(RecordCall(pc.call, pc.alert, text))
            if closed is not None and closed.is_over and auction.first == dealer:
                contract, declarer = closed.contract, closed.declarer
            elif calls:
                contract, declarer = Record(
                    deal, dealer, Vulnerability.NONE, calls=tuple(calls), contract=contract, declarer=declarer
                ).final_contract()
        plays: tuple[Card, ...] = ()
        play = self.play
        if play is not None and any(c is not None for t in play.tricks for c in t):
            if contract is None or declarer is None:
                raise FormatError(
                    "a play section needs a contract and a declarer", file=self.file, line=self.line, column=1
                )
            plays = tuple(play_order(play.tricks, play.first, play.first, contract.strain))
        result = self.result
        claim = result if result is not None and len(plays) < 52 else None
        return Record(
            deal=deal,
            dealer=dealer,
            vulnerability=self.vulnerability or Vulnerability.NONE,
            number=self.number,
            players=self.players,
            event=self.get("Event") or "",
            calls=tuple(calls),
            plays=plays,
            claim=claim,
            result=result,
            contract=contract,
            declarer=declarer,
        )

    def to_events(self, *, edition: str = "WBF17", irregular: bool = False) -> list[dict[str, Any]]:
        """The table's event log for this game (``Table.from_events`` replays it)."""
        return self.to_record().to_events(edition=edition, irregular=irregular)

    @classmethod
    def from_events(cls, events: Sequence[Mapping[str, Any]]) -> PbnGame:
        """A game from an event log, e.g. ``table.to_events()``."""
        return cls.from_record(Record.from_events(events))

    @classmethod
    def from_record(cls, record: Record) -> PbnGame:
        """A game in export order (PBN 2.1 §3.1): the mandatory tags, then Auction with notes, then Play."""
        contract, declarer = record.final_contract()
        tricks = record.tricks()
        values = {
            "Event": record.event,
            "Site": "",
            "Date": "",
            "Board": "" if record.number is None else str(record.number),
            "Dealer": record.dealer.letter,
            "Vulnerable": record.vulnerability.pbn,
            "Deal": record.deal.to_pbn(record.dealer),
            "Scoring": "",
            "Declarer": "" if declarer is None else declarer.letter,
            "Contract": str(contract) if contract else ("Pass" if _passed_out(record) else ""),
            "Result": "" if tricks is None else str(tricks),
        }
        for seat in Seat:
            values[_SEAT_TAGS[seat]] = record.players[seat]
        items: list[PbnTag | PbnComment] = [PbnTag(n, values[n], values[n]) for n in MANDATORY_TAGS]
        if record.calls:
            tokens: list[str] = []
            notes: list[str] = []
            for c in record.calls:
                tokens.append("Pass" if c.call is PASS else str(c.call))
                if c.alert:
                    tokens.append("!")
                if c.explanation:
                    notes.append(c.explanation)
                    tokens.append(f"={len(notes)}=")
            items.append(PbnTag("Auction", record.dealer.letter, record.dealer.letter, tuple(tokens)))
            items.extend(PbnTag("Note", f"{i}:{n}", f"{i}:{n}") for i, n in enumerate(notes, 1))
        if record.plays and contract is not None and declarer is not None:
            first = leader = declarer.lho
            tokens = []
            for start in range(0, len(record.plays), 4):
                trick = record.plays[start : start + 4]
                columns = ["-"] * 4
                for k, card in enumerate(trick):
                    columns[(leader.offset(k) - first) % 4] = str(card)
                tokens.extend(columns)
                if len(trick) == 4:
                    leader = trick_winner(leader, trick, contract.strain)
            tokens.append("*")
            items.append(PbnTag("Play", first.letter, first.letter, tuple(tokens)))
        return cls(items)


def games_from_records(records: Iterable[Record]) -> list[PbnGame]:
    """Games for records, the first headed ``% PBN 2.1`` / ``% EXPORT`` (the export format, PBN §2)."""
    games = [PbnGame.from_record(r) for r in records]
    if games:
        games[0].items[:0] = [PbnComment("%", " PBN 2.1"), PbnComment("%", " EXPORT")]
    return games


def _passed_out(record: Record) -> bool:
    try:
        return bool(record.calls) and record.auction().is_passed_out
    except BridgeError:
        return False


def _annotate(pc: PbnCall, token: str, tag: PbnTag, index: int) -> PbnCall:
    if token.startswith("=") and token.endswith("=") and len(token) > 2:
        if not token[1:-1].isdigit():
            raise tag.fail(f"bad note reference {token!r}", index)
        return PbnCall(pc.call, (*pc.notes, int(token[1:-1])), pc.annotations)
    return PbnCall(pc.call, pc.notes, (*pc.annotations, token))


def _parse_columns(tag: PbnTag) -> tuple[PbnColumn, ...]:
    spec = tag.value
    names = spec.split(";") if ";" in spec else spec.split()
    columns = []
    for name in names:
        m = _COLUMN_RE.match(name.strip())
        assert m is not None  # the pattern matches every string
        if not m.group(2):
            raise tag.fail(f"empty column name in {spec!r}")
        columns.append(PbnColumn(m.group(2), m.group(1), int(m.group(3)) if m.group(3) else None, m.group(4) or ""))
    return tuple(columns)


def _parse_table(tag: PbnTag) -> PbnTable:
    columns = _parse_columns(tag)
    cells = [t[1:-1].replace('\\"', '"') if t.startswith('"') else t for t in tag.section if not _is_comment_token(t)]
    n = len(columns)
    if len(cells) % n:
        raise tag.fail(f"{len(cells)} cells do not fill rows of {n} columns")
    return PbnTable(columns, tuple(tuple(cells[i : i + n]) for i in range(0, len(cells), n)))


def _parse_ability(tag: PbnTag) -> dict[tuple[Seat, Strain], int]:
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
        out.update({(seat, strain): v for strain, v in zip(_DD_STRAINS, values, strict=True)})
    return out


def _ort(table: PbnTable, tag: PbnTag | None) -> dict[tuple[Seat, Strain], int]:
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


# --------------------------------------------------------------------------------------------- reading

_FAST_TAG: Final = re.compile(r'\[([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_NAME: Final = re.compile(r"[A-Za-z0-9_]+")
_SPECIAL: Final = re.compile(r'[\[{;"]')
_UNESCAPE: Final = re.compile(r'\\(["\\])')


def _quoted_end(text: str, pos: int) -> int:
    """The index after the quote that closes the one at ``text[pos]`` (``\\x`` skips x), or -1."""
    pos += 1
    while pos < len(text) and text[pos] != '"':
        pos += 2 if text[pos] == "\\" else 1
    return pos + 1 if pos < len(text) else -1


def _unescape(raw: str) -> str:
    return _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw


class _Reader:
    """Line-by-line PBN tokenizer; keeps what the previous games said for ``#`` / ``##`` inheritance."""

    def __init__(self, file: str | None, strict: bool, sections: bool = True) -> None:
        self.file = file
        self.strict = strict
        self.sections = sections
        self.previous: dict[str, str] = {}
        self.sticky: dict[str, str] = {}
        self.game = PbnGame(file=file)
        self.names: set[str] = set()
        self.has_tag = False
        self.section: list[str] | None = None
        self.positions: list[tuple[int, int]] = []
        self.brace: list[str] | None = None
        self.brace_at = (0, 0)
        self.pending: tuple[str, int, int] | None = None

    def problem(self, line: int, column: int, message: str) -> None:
        if self.strict:
            raise FormatError(message, file=self.file, line=line, column=column)
        self.game.problems.append(Problem(line, column, message))

    # -- game and tag bookkeeping
    def close_section(self) -> None:
        if self.section is not None:
            last = self.game.items[-1]
            assert isinstance(last, PbnTag)
            self.game.items[-1] = PbnTag(
                last.name, last.raw, last.value, tuple(self.section), last.line, last.column, tuple(self.positions)
            )
            self.section = None

    def finish(self) -> PbnGame | None:
        """The game read so far (with inheritance applied), and a fresh one started."""
        self.close_section()
        game = self.game
        self.game = PbnGame(file=self.file)
        self.names = set()
        had = self.has_tag
        self.has_tag = False
        if not game.items:
            return None
        if had:
            self.inherit(game)
        return game

    def inherit(self, game: PbnGame) -> None:
        written = {item.name for item in game.items if isinstance(item, PbnTag)}
        for name, value in self.sticky.items():
            if name not in written:
                game.inherited[name] = value
        if "Deal" not in written and "Deal" not in game.inherited and "Deal" in self.previous:
            for name in _BOARD_TAGS:
                if name not in written and name in self.previous:
                    game.inherited.setdefault(name, self.previous[name])
        values = game.tags
        for name in written:
            self.previous[name] = values[name]
        for name, value in game.inherited.items():
            self.previous[name] = value

    def resolve(self, name: str, raw: str) -> str:
        """PBN 2.0 inheritance: ``##x`` is x and later games that omit the tag inherit it; ``#`` copies the
        previous game's value (and keeps a ``##`` inheritance going); any other value ends one."""
        if raw.startswith("##"):
            value = raw[2:]
            self.sticky[name] = value
            return value
        if raw == "#":
            return self.previous.get(name, "")
        if self.sticky:
            self.sticky.pop(name, None)
        return raw

    def add_tag(self, name: str, raw: str, line: int, column: int) -> PbnGame | None:
        done = None
        if name in self.names and name not in _REPEATABLE:
            done = self.finish()
        if self.section is not None:
            self.close_section()
        self.names.add(name)
        self.has_tag = True
        value = self.resolve(name, raw) if raw.startswith("#") or self.sticky else raw
        self.game.items.append(PbnTag(name, raw, value, (), line, column))
        if name in ("Auction", "Play") or is_table_tag(name):
            self.section = []
            self.positions = []
        if self.game.line == 0:
            self.game.line = line
        return done

    def add_comment(self, kind: str, text: str, line: int, column: int) -> None:
        if self.game.line == 0:
            self.game.line = line
        if self.section is not None:
            self.section.append(str(PbnComment(kind, text)))
            self.positions.append((line, column))
        else:
            self.game.items.append(PbnComment(kind, text, line))

    # -- lines
    def feed(self, raw_line: str, n: int) -> Iterator[PbnGame]:
        line = raw_line.rstrip("\r\n")
        pos = 0
        if self.pending is not None:
            text, first_line, column = self.pending
            self.pending = None
            if line.strip() and line[0] not in "[%":
                yield from self.scan_line(text + " " + line, first_line, column - 1)
                return
            yield from self.scan_line(text, first_line, column - 1, final=True)
        if self.brace is not None:
            end = line.find("}")
            if end < 0:
                self.brace.append(line)
                return
            self.brace.append(line[:end])
            self.add_comment("{", "\n".join(self.brace), *self.brace_at)
            self.brace = None
            pos = end + 1
        elif line.startswith("%"):
            self.add_comment("%", line[1:], n, 1)
            return
        elif not line.strip():
            if self.has_tag:
                game = self.finish()
                if game is not None:
                    yield game
            return
        elif line.startswith("["):
            m = _FAST_TAG.match(line)
            if m is not None:
                done = self.add_tag(m.group(1), _unescape(m.group(2)), n, 1)
                if done is not None:
                    yield done
                return
        elif self.section is not None and not _SPECIAL.search(line):
            if not self.sections:
                return
            at = 0
            for token in line.split():
                at = line.index(token, at)
                self.section.append(token)
                self.positions.append((n, at + 1))
                at += len(token)
            return
        yield from self.scan_line(line, n, 0, pos)

    def scan_line(self, line: str, n: int, shift: int, pos: int = 0, *, final: bool = False) -> Iterator[PbnGame]:
        """Tokens of ``line`` from ``pos``; ``shift`` is added to columns (a tag continued from a line before)."""
        size = len(line)
        while pos < size:
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == "[":
                end, done = self.scan_tag(line, pos, n, final)
                if end < 0:
                    self.pending = (line[pos:], n, pos + shift + 1)
                    return
                pos = end
                if done is not None:
                    yield done
            elif ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    self.brace = [line[pos + 1 :]]
                    self.brace_at = (n, pos + 1)
                    return
                self.add_comment("{", line[pos + 1 : end], n, pos + 1)
                pos = end + 1
            elif ch == ";":
                self.add_comment(";", line[pos + 1 :], n, pos + 1)
                return
            else:
                pos = self.scan_data(line, pos, n)

    def scan_tag(self, line: str, pos: int, n: int, final: bool) -> tuple[int, PbnGame | None]:
        """A tag from ``line[pos] == '['``: (end, finished game); end = -1 when the tag goes on past the line
        (PBN allows a tag's tokens on several lines)."""
        start = pos
        pos += 1
        while pos < len(line) and line[pos] in " \t":
            pos += 1
        if pos >= len(line) and not final:
            return -1, None
        m = _NAME.match(line, pos)
        if m is None:
            self.problem(n, pos + 1, "a tag name (letters, digits, _) must follow '['")
            return len(line), None
        name = m.group()
        pos = m.end()
        while pos < len(line) and line[pos] in " \t":
            pos += 1
        if pos >= len(line) and not final:
            return -1, None
        if pos >= len(line) or line[pos] != '"':
            self.problem(n, pos + 1, f"tag {name}: a quoted value must follow the name")
            end = line.find("]", pos)
            return (len(line) if end < 0 else end + 1), None
        pos += 1
        chars: list[str] = []
        while True:
            if pos >= len(line):
                if not final:
                    return -1, None
                self.problem(n, start + 1, f"tag {name}: no closing '\"]' on the line")
                done = self.add_tag(name, "".join(chars), n, start + 1)
                return len(line), done
            ch = line[pos]
            if ch == "\\" and pos + 1 < len(line) and line[pos + 1] in '"\\':
                chars.append(line[pos + 1])
                pos += 2
                continue
            if ch == '"':
                close = pos + 1
                while close < len(line) and line[close] in " \t":
                    close += 1
                if close < len(line) and line[close] == "]":
                    done = self.add_tag(name, "".join(chars), n, start + 1)
                    return close + 1, done
                if close >= len(line) and not final:
                    return -1, None
            chars.append(ch)
            pos += 1

    def scan_data(self, line: str, pos: int, n: int) -> int:
        """One section token (a quoted cell or a run up to blank, ``{`` or ``;``), or junk outside sections."""
        start = pos
        if line[pos] == '"':
            pos = _quoted_end(line, pos)
            if pos < 0:
                self.problem(n, start + 1, "a quoted cell is not closed on its line")
                pos = len(line)
        else:
            while pos < len(line) and line[pos] not in "{;[" and not line[pos].isspace():
                pos += 1
        token = line[start:pos]
        if self.section is not None:
            self.section.append(token)
            self.positions.append((n, start + 1))
        else:
            self.problem(n, start + 1, f"unexpected {token!r} outside a tag or commentary")
        return pos

    def end(self, n: int) -> Iterator[PbnGame]:
        if self.pending is not None:
            text, first_line, column = self.pending
            self.pending = None
            yield from self.scan_line(text, first_line, column - 1, final=True)
        if self.brace is not None:
            self.problem(self.brace_at[0], self.brace_at[1], "commentary '{' is never closed")
            self.add_comment("{", "\n".join(self.brace), *self.brace_at)
            self.brace = None
        game = self.finish()
        if game is not None:
            yield game


def read_games(source: TextIO | Iterable[str], *, file: str | None = None, strict: bool = False) -> Iterator[PbnGame]:
    """Games one at a time from a text handle (or any iterable of lines). Problems are recorded on each
    game; with ``strict=True`` the first one raises ``FormatError``."""
    return _games(source, file, strict, sections=True)


def _games(source: TextIO | Iterable[str], file: str | None, strict: bool, *, sections: bool) -> Iterator[PbnGame]:
    if file is None:
        name = getattr(source, "name", None)
        file = name if isinstance(name, str) else None
    reader = _Reader(file, strict, sections)
    n = 0
    first = True
    for n, line in enumerate(source, 1):
        if first:
            line = line.lstrip("\ufeff")
            first = False
        yield from reader.feed(line, n)
    yield from reader.end(n)


class PbnVisitor(Generic[T]):
    """Receives each game as the reader finds it (the model is python-chess's PGN visitors):
    ``begin_game``, then ``visit_tag`` / ``visit_comment`` in file order, then ``end_game``; ``visit_games``
    yields ``result()`` for each game. A visitor with ``wants_sections = False`` lets the reader skip the
    Auction, Play and table data, which is much faster when only tags are wanted."""

    wants_sections: bool = True

    def begin_game(self, game: PbnGame) -> None:
        """A game starts (``game.file``, ``game.line``; ``game.inherited`` is already filled)."""

    def visit_tag(self, tag: PbnTag) -> None:
        """A tag, with its value after inheritance and its section tokens."""

    def visit_comment(self, comment: PbnComment) -> None:
        """Commentary or a ``%`` line."""

    def end_game(self, game: PbnGame) -> None:
        """The game is over."""

    def result(self) -> T:
        raise NotImplementedError


class GameBuilder(PbnVisitor[PbnGame]):
    """The default visitor: the whole ``PbnGame``."""

    def end_game(self, game: PbnGame) -> None:
        self._game = game

    def result(self) -> PbnGame:
        return self._game


class TagsVisitor(PbnVisitor[dict[str, str]]):
    """Tag values only (inherited ones included), skipping section data."""

    wants_sections = False

    def begin_game(self, game: PbnGame) -> None:
        self._tags = dict(game.inherited)

    def visit_tag(self, tag: PbnTag) -> None:
        self._tags.setdefault(tag.name, tag.value)

    def result(self) -> dict[str, str]:
        return self._tags


def visit_games(
    source: TextIO | Iterable[str], visitor: PbnVisitor[T], *, file: str | None = None, strict: bool = False
) -> Iterator[T]:
    """``visitor.result()`` for each game of ``source``."""
    for game in _games(source, file, strict, sections=visitor.wants_sections):
        visitor.begin_game(game)
        for item in game.items:
            if isinstance(item, PbnTag):
                visitor.visit_tag(item)
            else:
                visitor.visit_comment(item)
        visitor.end_game(game)
        yield visitor.result()


def loads(text: str, *, file: str | None = None, strict: bool = False) -> list[PbnGame]:
    """Every game of a PBN text."""
    return list(read_games(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), file=file, strict=strict))


@dataclass
class PbnFile:
    """A whole PBN file: its games and how it was stored (encoding, BOM, line ends), for writing back."""

    games: list[PbnGame]
    info: TextInfo = field(default_factory=TextInfo)


def read_file(path: str | Path, *, strict: bool = False) -> PbnFile:
    text, info = read_text(path)
    return PbnFile(loads(text, file=str(path), strict=strict), info)


def parse_bytes(data: bytes, *, file: str | None = None, strict: bool = False) -> PbnFile:
    text, info = decode(data)
    return PbnFile(loads(text, file=file, strict=strict), info)


# --------------------------------------------------------------------------------------------- writing


def _escape(value: str) -> str:
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def _section_lines(tag: PbnTag) -> list[str]:
    """Section tokens laid out: four calls or cards a line (with their annotations), a table row a line."""
    per_line = 4
    if is_table_tag(tag.name):
        try:
            per_line = max(1, len(_parse_columns(tag)))
        except FormatError:
            per_line = 1
    lines: list[str] = []
    current: list[str] = []
    units = 0
    for token in tag.section:
        kind = token[0]
        if kind == "%":
            if current:
                lines.append(" ".join(current))
                current, units = [], 0
            lines.append(token)
            continue
        if kind not in "{;" and not (tag.name in ("Auction", "Play") and _is_annotation(token)):
            if units == per_line:
                lines.append(" ".join(current))
                current, units = [], 0
            units += 1
        current.append(token)
        if kind == ";" or (kind == '"' and _quoted_end(token, 0) != len(token)):
            lines.append(" ".join(current))
            current, units = [], 0
    if current:
        lines.append(" ".join(current))
    return lines


def _game_lines(game: PbnGame) -> list[str]:
    lines: list[str] = []
    for item in game.items:
        if isinstance(item, PbnComment):
            lines.append(str(item))
        else:
            lines.append(f'[{item.name} "{_escape(item.raw)}"]')
            lines.extend(_section_lines(item))
    return lines


def dumps(games: Iterable[PbnGame]) -> str:
    """PBN text (``\\n`` line ends), games separated by a blank line."""
    return "".join("\n".join(_game_lines(g)) + "\n\n" for g in games)[:-1]


def write_file(pbn: PbnFile | Iterable[PbnGame], path: str | Path, info: TextInfo | None = None) -> None:
    """Write games, in the encoding and line ends of the file they came from (or ``info``)."""
    if isinstance(pbn, PbnFile):
        games: Iterable[PbnGame] = pbn.games
        info = info or pbn.info
    else:
        games = pbn
    Path(path).write_bytes(encode(dumps(games), info or TextInfo()))
