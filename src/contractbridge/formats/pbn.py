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

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Final, Generic, TextIO, TypeVar, cast

from contractbridge.auction import Auction
from contractbridge.calls import PASS
from contractbridge.cards import Card, Seat, Side, Strain
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal, Vulnerability, board_dealer, board_vulnerability
from contractbridge.errors import BridgeError, FormatError
from contractbridge.formats._collector import paused_gc
from contractbridge.formats._pbn_reader import Reader, quoted_end
from contractbridge.formats._text import TextInfo, decode, encode, read_text
from contractbridge.formats.inputs import LIMITS
from contractbridge.formats.pbn_values import (
    BSO_OPTIMUM_RE,
    CARD_TOKENS,
    CONTRACTS,
    DD_ORDER,
    DD_STRAINS,
    MANDATORY_TAGS,
    MAX_VALUE,
    MINIMAX_RE,
    OPTIMUM_RE,
    PLAIN_CALLS,
    PLAY_ENDS,
    PS_BRIDGE_ORDER,
    RESULT_RE,
    SEAT_TAGS,
    STRAIN_ONLY,
    UNKNOWN,
    Minimax,
    OptimumScore,
    PbnAuction,
    PbnCall,
    PbnColumn,
    PbnComment,
    PbnPlay,
    PbnTable,
    PbnTag,
    Problem,
    annotate,
    decimal,
    every,
    is_annotation,
    is_comment_token,
    is_table_tag,
    optimum_result_table,
    parse_ability,
    parse_call,
    parse_columns,
    parse_deal,
    parse_table,
    seat_value,
)
from contractbridge.formats.record import Record, RecordBacked, RecordCall, play_order
from contractbridge.formats.registry import Format, Located, register, replayable_logs
from contractbridge.play import trick_winner

__all__ = [
    "GameBuilder",
    "Minimax",
    "OptimumScore",
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

# --------------------------------------------------------------------------------------------- the game


@dataclass(eq=False)
class PbnGame(RecordBacked):
    """One game of a PBN file: its items (tags and commentary) in file order. Build a new game rather than
    replace items in place (tag look-ups are indexed)."""

    items: list[PbnTag | PbnComment] = field(default_factory=list)
    inherited: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    file: str | None = None
    line: int = 0
    _index: dict[str, PbnTag] | None = field(default=None, repr=False)
    _indexed: int = field(default=0, repr=False)
    _deal: tuple[PbnTag, Deal | None] | None = field(default=None, repr=False)  # the last Deal tag read, and its deal

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PbnGame) and self.items == other.items and self.inherited == other.inherited

    __hash__ = None  # type: ignore[assignment]

    # -- tags
    def tag(self, name: str) -> PbnTag | None:
        """The tag of that name written in this game (the first one), or None."""
        index = self._index  # ``_tags`` inline: the hot path of every typed read (a call costs a tenth of it)
        if index is None or self._indexed != len(self.items):
            index = self._reindex()
        return index.get(name)

    def _tags(self) -> dict[str, PbnTag]:
        """The first tag of each name written in this game."""
        index = self._index
        return self._reindex() if index is None or self._indexed != len(self.items) else index

    def _reindex(self) -> dict[str, PbnTag]:
        """The index of ``_tags``, built again (items were added since it was built)."""
        index: dict[str, PbnTag] = {}
        for item in self.items:
            if isinstance(item, PbnTag):
                index.setdefault(item.name, item)
        self._index, self._indexed = index, len(self.items)
        return index

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
        if tag is None:
            return None
        read = self._deal
        if read is not None and read[0] is tag:  # the same tag read before (to_record reads it again)
            return read[1]
        deal = parse_deal(tag)
        self._deal = tag, deal
        return deal

    @property
    def number(self) -> int | None:
        """The board number when it is a positive integer (``"01"`` → 1); else None (``"0"``, ``"Example 1"``)."""
        value = self.get("Board") or ""
        number = _NUMBERS.get(value)  # "1" … "999" as PBN writers write them (#28): the same as the reading below
        if number is not None:
            return number
        number = decimal(value, 9)
        return number if number is not None and number > 0 else None

    @property
    def dealer(self) -> Seat | None:
        return self._dealer(self.number)

    def _dealer(self, number: int | None) -> Seat | None:
        """The dealer written (or inherited), else the board's by its ``number`` (L2)."""
        tag = self._tag_or_inherited("Dealer")
        seat = None if tag is None else seat_value(tag)
        if seat is None and number is not None:
            return board_dealer(number)
        return seat

    @property
    def vulnerability(self) -> Vulnerability | None:
        return self._vulnerability(self.number)

    def _vulnerability(self, number: int | None) -> Vulnerability | None:
        """The vulnerability written (or inherited), else the board's by its ``number`` (L2)."""
        tag = self._tag_or_inherited("Vulnerable")
        if tag is not None and tag.value in _VULNERABILITIES:  # as PBN writers spell it (#28)
            return _VULNERABILITIES[tag.value]
        if tag is not None and len(tag.value) > MAX_VALUE:
            raise tag.fail("a vulnerability is None, NS, EW or All")
        if tag is not None and tag.value.strip() not in ("?", ""):
            try:
                return Vulnerability.parse(tag.value)
            except BridgeError as err:
                raise tag.fail(str(err)) from None
        if tag is not None and tag.value.strip() == "":
            return Vulnerability.NONE
        return board_vulnerability(number) if number is not None else None

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
        index, inherited = self._tags(), self.inherited
        names = []
        for name in SEAT_TAGS:  # one loop, no comprehension (#28: each is a call in 3.11)
            tag = index.get(name)
            value = tag[2] if tag is not None else inherited.get(name) or ""  # tag[2]: its value
            names.append("" if value in UNKNOWN or value.strip() in ("?", "-") else value)  # " " stays
        return names[0], names[1], names[2], names[3]

    # -- contract and result
    @property
    def contract(self) -> Contract | None:
        tag = self.tag("Contract")
        if tag is None:
            return None
        contract = CONTRACTS.get(tag.value)  # as PBN writers write it (#28): the same as the reading below
        if contract is not None:
            return contract
        if tag.value in UNKNOWN:
            return None
        text = tag.value.strip().lstrip("^").upper()
        if text in ("", "?", "-", "PASS") or text in STRAIN_ONLY:
            return None
        contract = CONTRACTS.get(text)
        if contract is None:
            raise tag.fail("a contract is level, strain and X/XX (4S, 3NT, 5CX, 6HXX; R = redoubled)")
        return contract

    @property
    def passed_out(self) -> bool:
        tag = self.tag("Contract")
        return tag is not None and tag.value.strip().upper() == "PASS"

    @property
    def declarer(self) -> Seat | None:
        tag = self.tag("Declarer")
        return None if tag is None else seat_value(tag)

    @property
    def result(self) -> int | None:
        """Declarer's tricks (``"9"``; ``"NS 11"`` and ``"NS 9 EW 4"`` count for a side; ``^`` marks an
        irregularity)."""
        tag = self.tag("Result")
        if tag is None:
            return None
        tricks = _TRICKS.get(tag.value)  # "9" as PBN writers write it (#28)
        if tricks is not None:
            return tricks
        if tag.value.strip() in UNKNOWN:
            return None
        m = RESULT_RE.match(tag.value.strip().lstrip("^"))
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
                n = decimal(number)
                if not sep or n is None:
                    raise item.fail("a note is 'number:text'")
                out[n] = text.lstrip(" ") if text.startswith(" ") else text
        return out

    @property
    def auction(self) -> PbnAuction | None:
        tag = self.tag("Auction")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        first = seat_value(tag)
        if first is None:
            return None
        section = tag.section
        all_pass = section[-1:] == ("AP",)
        plain_calls = every(PLAIN_CALLS, section[:-1] if all_pass else section)
        if plain_calls is not None:  # plain calls, then AP or nothing: read at once
            return PbnAuction(first, tuple(plain_calls), all_pass)
        calls: list[PbnCall] = []
        all_pass = incomplete = False
        plain = PLAIN_CALLS.get
        for i, token in enumerate(section):
            pc = plain(token)
            if pc is not None and not (all_pass or incomplete):
                calls.append(pc)
                continue
            if is_comment_token(token):
                continue
            if all_pass or incomplete:
                raise tag.fail(f"{token!r} after the end of the auction", i)
            if is_annotation(token):
                if not calls:
                    raise tag.fail(f"{token!r} before the first call", i)
                calls[-1] = annotate(calls[-1], token, tag, i)
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
                call = None if body == "-" else parse_call(body)
            except BridgeError as err:
                raise tag.fail(str(err), i) from None
            pc = PbnCall(call)
            if body != upper:
                pc = annotate(pc, upper[len(body) :], tag, i)
            calls.append(pc)
        return PbnAuction(first, tuple(calls), all_pass, incomplete)

    @property
    def play(self) -> PbnPlay | None:
        tag = self.tag("Play")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        first = seat_value(tag)
        if first is None:
            return None
        section = tag.section
        plain = section[:-1] if section and section[-1] in PLAY_ENDS else section
        cards = every(CARD_TOKENS, plain) if len(plain) % 4 == 0 else None  # only cards and '-': read at once
        if cards is None:  # commentary, annotations, cards as others write them, a short last trick: token by token
            cards = self._play_cards(tag, section)
        it = iter(cards)
        return PbnPlay(first, tuple(zip(it, it, it, it, strict=True)))

    @staticmethod
    def _play_cards(tag: PbnTag, section: tuple[str, ...]) -> list[Card | None]:
        cards: list[Card | None] = []
        for i, token in enumerate(section):
            if token in CARD_TOKENS:
                cards.append(CARD_TOKENS[token])
                continue
            if is_comment_token(token) or is_annotation(token):
                continue
            if token in PLAY_ENDS:
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
        return cards

    @property
    def tables(self) -> dict[str, PbnTable]:
        """Every table section by tag name."""
        out: dict[str, PbnTable] = {}
        for item in self.items:
            if isinstance(item, PbnTag) and is_table_tag(item.name) and item.value not in ("#", ""):
                out[item.name] = parse_table(item)
        return out

    def table(self, name: str) -> PbnTable | None:
        tag = self.tag(name)
        return None if tag is None else parse_table(tag)

    # -- double dummy and par
    @property
    def double_dummy(self) -> dict[tuple[Seat, Strain], int] | None:
        """Tricks for each declarer and strain, from ``DoubleDummyTricks`` (20 hex digits, N S E W × NT S H D
        C; ``*`` = not computed → None), else ``Ability``, else ``OptimumResultTable``, else PS Bridge's
        ``%%!R`` line."""
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
                for i, seat in enumerate(DD_ORDER)
                for j, strain in enumerate(DD_STRAINS)
            }
        tag = self.tag("Ability")
        if tag is not None:
            return parse_ability(tag)
        table = self.table("OptimumResultTable")
        if table is not None:
            return optimum_result_table(table, self.tag("OptimumResultTable"))
        return self._ps_bridge_tricks()

    def _ps_bridge_tricks(self) -> dict[tuple[Seat, Strain], int] | None:
        """PS Bridge's ``%%!R`` line: 20 hex digits, declarers E N W S × NT S H D C (order per the corpus
        MANIFEST, checked there against DDS)."""
        for item in self.items:
            if isinstance(item, PbnComment) and item.kind == "%" and item.text.startswith("%!R "):
                value = item.text[4:].strip()
                try:
                    digits = [int(ch, 16) for ch in value]
                except ValueError:
                    digits = []
                if len(digits) != 20:
                    raise FormatError("%%!R needs 20 hex digits", file=self.file, line=item.line, column=1)
                return {
                    (seat, strain): digits[5 * i + j]
                    for i, seat in enumerate(PS_BRIDGE_ORDER)
                    for j, strain in enumerate(DD_STRAINS)
                }
        return None

    @property
    def optimum_score(self) -> OptimumScore | None:
        tag = self.tag("OptimumScore")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        text = tag.value.strip()
        m = OPTIMUM_RE.match(text)
        if m is not None:
            return OptimumScore(Side.parse(m.group(1)), int(m.group(2)))
        m = BSO_OPTIMUM_RE.match(text)
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
        m = MINIMAX_RE.match(tag.value.strip().upper())
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
        number = self.number
        dealer = self._dealer(number)
        if dealer is None:
            raise FormatError("game has no dealer", file=self.file, line=self.line, column=1)
        notes = self.notes if self.tag("Note") is not None else {}
        auction = self.auction
        calls: list[RecordCall] = []
        contract, declarer = self.contract, self.declarer
        if auction is not None:
            expanded, closed = auction.closed()
            calls = _record_calls(expanded, notes)
            if closed is not None and closed.is_over and auction.first == dealer:
                contract, declarer = closed.contract, closed.declarer
            elif calls:
                contract, declarer = Record(
                    deal, dealer, Vulnerability.NONE, calls=tuple(calls), contract=contract, declarer=declarer
                ).final_contract()
        plays: tuple[Card, ...] = ()
        play = self.play
        if play is not None and any(map(any, play.tricks)):  # a card played (a Card is true, a '-' None)
            if contract is None or declarer is None:
                raise FormatError(
                    "a play section needs a contract and a declarer", file=self.file, line=self.line, column=1
                )
            plays = tuple(play_order(play.tricks, play.first, play.first, contract.strain))
        result = self.result
        claim = result if result is not None and len(plays) < 52 else None
        return Record(  # by position (#28: keywords cost a third of the record)
            deal,
            dealer,
            self._vulnerability(number) or Vulnerability.NONE,
            number,
            self.players,
            self.get("Event") or "",
            tuple(calls),
            plays,
            claim,
            result,
            contract,
            declarer,
        )

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
            values[SEAT_TAGS[seat]] = record.players[seat]
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


#: The ``Vulnerable`` and ``Result`` values PBN writers write, read at once (the same as the views' parsing).
_VULNERABILITIES: Final = {text: Vulnerability.parse(text) for text in ("None", "NS", "EW", "All", "Both", "-", "Love")}
_TRICKS: Final = {str(tricks): tricks for tricks in range(14)}
#: Board numbers as PBN writers write them (no sign, no blank, no leading zero).
_NUMBERS: Final = {str(number): number for number in range(1, 1000)}

#: The record of each plain call of an Auction section (``PLAIN_CALLS``: no note, no annotation), by the ``id`` of
#: its shared ``PbnCall`` (those live as long as the module, so no other object can take their ``id``).
_PLAIN_RECORD_CALLS: Final = {id(pc): RecordCall(pc.call) for pc in PLAIN_CALLS.values() if pc.call is not None}


def _record_calls(expanded: list[PbnCall], notes: dict[int, str]) -> list[RecordCall]:
    """The record's calls (notes as explanations), up to the first call not recorded (``-``)."""
    plain = list(map(_PLAIN_RECORD_CALLS.get, map(id, expanded)))  # None: a call with more to it
    if None not in plain:
        return cast("list[RecordCall]", plain)
    calls: list[RecordCall] = []
    for pc, rc in zip(expanded, plain, strict=True):
        if rc is None:
            if pc.call is None:
                break
            text = "; ".join(notes[n] for n in pc.notes if notes.get(n)) if pc.notes else ""
            rc = RecordCall(pc.call, pc.alert, text)
        calls.append(rc)
    return calls


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


def read_games(source: TextIO | Iterable[str], *, file: str | None = None, strict: bool = False) -> Iterator[PbnGame]:
    """Games one at a time from a text handle (or any iterable of lines). Problems are recorded on each
    game; with ``strict=True`` the first one raises ``FormatError``."""
    return _games(source, file, strict, sections=True)


def _games(source: TextIO | Iterable[str], file: str | None, strict: bool, *, sections: bool) -> Iterator[PbnGame]:
    if file is None:
        name = getattr(source, "name", None)
        file = name if isinstance(name, str) else None
    reader = Reader(PbnGame, file, strict, sections)
    n = 0
    first = True
    for n, line in enumerate(source, 1):
        if first:
            line = line.lstrip("\ufeff")
            first = False
        yield from reader.feed(line, n)
    yield from reader.end(n)


class PbnVisitor(ABC, Generic[T]):
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

    @abstractmethod
    def result(self) -> T:
        """What the visit produced."""


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
    """Every game of a PBN text (any line ends)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    with paused_gc():  # the games hold no reference cycles
        return list(Reader(PbnGame, file, strict).scan(text.lstrip("\ufeff")))


@dataclass
class PbnFile:
    """A whole PBN file: its games and how it was stored (encoding, BOM, line ends), for writing back."""

    games: list[PbnGame]
    info: TextInfo = field(default_factory=TextInfo)


def read_file(path: str | Path, *, strict: bool = False, limit: int = LIMITS["pbn"]) -> PbnFile:
    """A whole PBN file of at most ``limit`` bytes (``FormatError`` beyond: raise ``limit`` for a larger one)."""
    text, info = read_text(path, limit)
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
            per_line = max(1, len(parse_columns(tag)))
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
        if kind not in "{;" and not (tag.name in ("Auction", "Play") and is_annotation(token)):
            if units == per_line:
                lines.append(" ".join(current))
                current, units = [], 0
            units += 1
        current.append(token)
        if kind == ";" or (kind == '"' and quoted_end(token, 0) != len(token)):
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


# --------------------------------------------------------------------------------------------- the registry


def _located(text: str, file: str | None, skip_bad: bool) -> list[Located]:
    """The games that are boards (a game with no deal, e.g. a header, is not), with their lines."""
    out: list[Located] = []
    for game in loads(text, file=file):
        if game.tag("Deal") is None and "Deal" not in game.inherited:
            continue
        try:
            out.append(Located(game.line, game.to_record()))
        except FormatError as err:
            if not skip_bad:
                raise err.located(file=file, line=game.line) from None
    return out


def _problems(text: str, file: str | None) -> list[FormatError]:
    return [p.error(file) for game in loads(text, file=file) for p in game.validate()]


register(
    Format(
        name="pbn",
        suffixes=(".pbn",),
        sniff=lambda head: head.startswith(("[", "%")),
        read_text=read_text,
        located=_located,
        problems=_problems,
        logs=partial(replayable_logs, _located),
        dump_text=lambda records: dumps(games_from_records(records)),
        encode=encode,
    )
)
