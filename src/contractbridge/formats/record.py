"""The neutral record of one board at one table that PBN, LIN and JSON convert to and from.

A ``Record`` holds what a hand record or a movie carries: the deal and its markings, the players, the calls
with alerts and explanations, the cards in the order played, a claim, and the result. ``to_events`` turns it
into the table's event log (docs/architecture.md §5); ``Record.from_events`` reads one back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self, cast

from contractbridge import events as ev
from contractbridge.auction import Auction
from contractbridge.calls import Bid, Call
from contractbridge.cards import Card, Seat, Strain
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal, Vulnerability, board_dealer, board_vulnerability
from contractbridge.errors import BridgeError, FormatError
from contractbridge.play import _TRICK_SCORES, trick_winner
from contractbridge.rulebooks import DEFAULT_EDITION, refusal

__all__ = ["Record", "RecordBacked", "RecordCall", "play_order", "winners"]


@dataclass(frozen=True, slots=True)
class RecordCall:
    """A call as recorded: alerted or not (LIN ``!``, PBN ``!``), with the explanation given (LIN ``an``,
    PBN ``[Note]``)."""

    call: Call
    alert: bool = False
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class Record:
    """One board at one table as a file records it. ``claim`` is declarer's total of tricks when the result was
    settled without all 52 cards played (a claim agreed, LIN ``mc``; or a result with no play recorded);
    ``result`` is declarer's tricks as recorded (PBN ``Result``)."""

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    number: int | None = None
    players: tuple[str, str, str, str] = ("", "", "", "")
    event: str = ""
    calls: tuple[RecordCall, ...] = ()
    plays: tuple[Card, ...] = ()
    claim: int | None = None
    result: int | None = None
    contract: Contract | None = None
    declarer: Seat | None = None

    def auction(self) -> Auction:
        """The calls pushed into an ``Auction`` (L17–L22); an irregular record raises the auction's typed
        error."""
        auction = Auction(self.dealer)
        for c in self.calls:
            auction.push(c.call)
        return auction

    def final_contract(self) -> tuple[Contract | None, Seat | None]:
        """Contract and declarer: from the auction when it is over, else as recorded."""
        if self.calls:
            try:
                auction = self.auction()
            except BridgeError:
                return self.contract, self.declarer
            if auction.is_over:
                return auction.contract, auction.declarer
        return self.contract, self.declarer

    def tricks(self) -> int | None:
        """Declarer's tricks: the result if recorded, else the claim, else counted from a complete play."""
        if self.result is not None:
            return self.result
        if self.claim is not None:
            return self.claim
        contract, declarer = self.final_contract()
        if contract is None or declarer is None or len(self.plays) != 52:
            return None
        return _won(self.plays, declarer, contract)

    def board(self, number: int | None = None) -> Board:
        """The ``Board``; ``number`` is used when the record has none (a record may name a board ``"0"``)."""
        n = self.number if self.number is not None else number
        if n is None:
            raise FormatError("the record has no board number; pass one")
        return Board(n, self.deal, self.dealer, self.vulnerability)

    def to_events(
        self, *, number: int | None = None, edition: str = DEFAULT_EDITION, irregular: bool = False
    ) -> list[dict[str, Any]]:
        """The table's event log (docs/architecture.md §5): board, calls, plays, and a claim both defenders agreed
        (L69A).

        What a table does not use is kept in optional keys (documented in docs/formats.md): on the board event
        ``title``, ``players`` {N, E, S, W}, ``result`` (declarer's tricks as recorded), and ``contract`` /
        ``declarer`` when there is no auction; on a call event ``alert`` and ``explanation``."""
        board = self.board(number)
        extra: dict[str, Any] = {}
        if self.event:
            extra["title"] = self.event
        if any(self.players):
            extra["players"] = {seat.letter: name for seat, name in zip(Seat, self.players, strict=True) if name}
        recorded = self.result if self.result is not None else (self.claim if not self.plays else None)
        if recorded is not None:
            extra["result"] = recorded
        if not self.calls and self.contract is not None:
            extra["contract"] = str(self.contract)
        if not self.calls and self.declarer is not None:
            extra["declarer"] = self.declarer.letter
        log: list[ev.Event] = [
            ev.BoardStart(
                board.number, self.deal.to_pbn(), self.dealer, self.vulnerability, edition, irregular, extra=extra
            )
        ]
        seat = self.dealer
        for c in self.calls:
            notes: dict[str, Any] = {}
            if c.alert:
                notes["alert"] = True
            if c.explanation:
                notes["explanation"] = c.explanation
            log.append(ev.Call(c.call, seat, extra=notes))
            seat = seat.next
        log.extend(ev.Play(card, seat) for seat, card in zip(self._play_seats(), self.plays, strict=True))
        if self.claim is not None and self.plays and len(self.plays) < 52:
            contract, declarer = self.final_contract()
            if contract is not None and declarer is not None:
                won = _won(self.plays, declarer, contract)
                log += [ev.Claim(declarer, self.claim - won), ev.Agree(declarer.lho), ev.Agree(declarer.rho)]
        events = [ev.to_dict(e) for e in log]
        return events

    def _play_seats(self) -> list[Seat]:
        """Who played each card: the holder in the deal, else (a partial deal) the seat in turn (L44)."""
        contract, declarer = self.final_contract()
        turn: list[Seat | None] = [None] * len(self.plays)
        if contract is not None and declarer is not None:
            leader = declarer.lho
            for i in range(0, len(self.plays), 4):
                trick = self.plays[i : i + 4]
                for k in range(len(trick)):
                    turn[i + k] = leader.offset(k)
                if len(trick) == 4:
                    leader = trick_winner(leader, trick, contract.strain)
        seats = []
        for card, in_turn in zip(self.plays, turn, strict=True):
            seat = self.deal.owner(card)
            if seat is None:
                seat = in_turn
            if seat is None:
                raise FormatError(f"{card} is played but is in no hand of the deal and there is no contract")
            seats.append(seat)
        return seats

    @classmethod
    def from_events(cls, events: Sequence[Mapping[str, Any]]) -> Record:
        """A record from an event log (the optional keys of ``to_events`` included); the events are checked
        for shape, not replayed — ``Table.from_events`` judges legality."""
        try:
            log = [ev.parse(e) for e in events]
            head = log[0] if log else None
            if not isinstance(head, ev.BoardStart) or head.deal is None:
                raise FormatError("an event log must begin with a 'board' event with the deal")
            try:
                deal = Deal(head.deal)
            except BridgeError:
                deal = Deal.partial(head.deal)
            number, info = head.number, head.extra
            dealer = head.dealer if head.dealer is not None else board_dealer(number)
            vul = head.vulnerability
            vulnerability = vul if vul is not None else board_vulnerability(number)
            names = info.get("players") or {}
            players = tuple(str(names.get(seat.letter, "")) for seat in Seat)
            calls: list[RecordCall] = []
            plays: list[Card] = []
            claim: int | None = None
            for e in log[1:]:
                if isinstance(e, ev.Call):
                    if isinstance(e.call, Bid) and e.call.level > 7:
                        raise refusal(
                            FormatError, f"{e.call}: a record's auction holds bids of 1 to 7 only", "bid_never_stands"
                        )
                    calls.append(RecordCall(e.call, bool(e.extra.get("alert")), str(e.extra.get("explanation", ""))))
                elif isinstance(e, ev.Play):
                    plays.append(e.card)
                elif isinstance(e, ev.Claim):
                    claim = e.tricks
            record = cls(
                deal,
                dealer,
                vulnerability,
                number,
                (players[0], players[1], players[2], players[3]),
                str(info.get("title", "")),
                tuple(calls),
                tuple(plays),
                result=int(info["result"]) if info.get("result") is not None else None,
                contract=Contract.parse(str(info["contract"])) if info.get("contract") else None,
                declarer=Seat.parse(str(info["declarer"])) if info.get("declarer") else None,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise FormatError(f"bad event log: {err}") from None
        if claim is not None:
            contract, declarer = record.final_contract()
            if contract is not None and declarer is not None:
                record = replace(record, claim=_won(plays, declarer, contract) + claim)
        elif record.result is not None and len(plays) < 52:
            record = replace(record, claim=record.result)
        return record


def _won(plays: Sequence[Card], declarer: Seat, contract: Contract) -> int:
    """Tricks declarer's side won among the complete tricks of ``plays``."""
    full = len(plays) // 4 * 4
    return sum(1 for w in winners(plays[:full], declarer.lho, contract.strain) if w.side is declarer.side)


def winners(plays: Sequence[Card], leader: Seat, strain: Strain) -> list[Seat]:
    """The winner of each complete trick of ``plays`` (in play order), opening lead by ``leader``."""
    out: list[Seat] = []
    for i in range(0, len(plays) - 3, 4):
        leader = trick_winner(leader, tuple(plays[i : i + 4]), strain)
        out.append(leader)
    return out


def play_order(columns: Iterable[Sequence[Card | None]], first: Seat, leader: Seat, strain: Strain) -> list[Card]:
    """Cards in the order played, from PBN-style tricks given in seat order from ``first`` (``None`` = not
    played); stops at the first card not played."""
    out: list[Card] = []
    scores = _TRICK_SCORES[strain]
    k = (leader - first) % 4  # the leader's column
    for trick in columns:
        ordered = (*trick[k:], *trick[:k]) if k else tuple(trick)
        try:
            led = scores[ordered[0].index // 13]  # type: ignore[union-attr]
            keys = [led[card.index] for card in ordered]  # type: ignore[union-attr]
        except AttributeError:  # a None: the play stops at the first card not played
            out.extend(cast("tuple[Card, ...]", ordered[: ordered.index(None)]))
            break
        out.extend(cast("tuple[Card, ...]", ordered))
        k = (k + keys.index(max(keys))) % 4
    return out


class RecordBacked(ABC):
    """A format's game that converts through a ``Record``; the event-log conversions follow from that."""

    __slots__ = ()

    @abstractmethod
    def to_record(self) -> Record:
        """The neutral record of this game."""

    @classmethod
    @abstractmethod
    def from_record(cls, record: Record) -> Self:
        """The game that writes ``record``."""

    def to_events(self, *, edition: str = DEFAULT_EDITION, irregular: bool = False) -> list[dict[str, Any]]:
        """The table's event log for this game (``Table.from_events`` replays it)."""
        return self.to_record().to_events(edition=edition, irregular=irregular)

    @classmethod
    def from_events(cls, events: Sequence[Mapping[str, Any]]) -> Self:
        """A game from an event log, e.g. ``table.to_events()``."""
        return cls.from_record(Record.from_events(events))
