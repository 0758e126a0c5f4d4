"""One board at one table: a fold over an append-only event log (DESIGN.md §3.2, §5).

```python
table = Table(Board(7, deal), edition="WBF17")
table.call("1NT"); table.call("P"); …          # typed error and no change on an unlawful call
table.play("SQ")                               # declarer plays dummy's cards too (L41D)
table.claim(Seat.SOUTH, 10); table.agree(Seat.WEST); table.agree(Seat.EAST)   # L68–L69
table.result, table.view(Seat.WEST), table.to_events(), Table.from_events(events), table.undo()
```

Each event kind has a handler in ``EVENT_HANDLERS`` (see ``event_handler``): it checks the event, changes the
table only if the event is lawful, and returns how to take it back (or None: ``undo`` then refolds the log).
Further event kinds (the director's ``choose``, ``attention`` …) are added by registering handlers; state they
keep lives in ``Table.ext``. A handler may also be replaced (e.g. a ``call`` handler that first checks an
obligation to pass and then calls the core one): ``Table.call`` and ``Table.play`` then go through it too.

With ``irregular=True`` an unlawful call or card is recorded instead of refused: the event stays in the log
and ``pending_irregularity`` describes it until a handler settles it with ``resolve_irregularity``. A revoke
is not noticed at the moment it happens (L61–L63): the card stands and the revoke is listed in
``irregularities`` only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import Any, Final

from contractbridge.auction import Auction
from contractbridge.calls import Bid, Call, CallKind
from contractbridge.cards import Card, Hand, Seat, Side
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.errors import (
    AuctionClosedError,
    BridgeError,
    CardNotInHandError,
    ClaimError,
    EditionError,
    EventLogError,
    IllegalCallError,
    IllegalPlayError,
    InsufficientBidError,
    IrregularityPendingError,
    OutOfTurnError,
    ParseError,
    PlayNotStartedError,
    RevokeError,
)
from contractbridge.play import PlayState, Trick

__all__ = [
    "EDITIONS",
    "EVENT_HANDLERS",
    "Claim",
    "Irregularity",
    "IrregularityKind",
    "Phase",
    "Result",
    "Table",
    "TableView",
    "event_handler",
]

#: The rule books a table may be played under (DESIGN.md §1).
EDITIONS: Final = ("WBF17", "NBB30", "EST30", "NL36", "NL75")

_CARD_TEXT: Final = tuple(str(Card.from_index(i)) for i in range(52))
_SEAT_TEXT: Final = tuple(s.letter for s in Seat)

Undo = Callable[[], object]
Event = dict[str, Any]
Handler = Callable[["Table", Event], "Undo | None"]


class Phase(Enum):
    """The period the board is in (L17, L41C; Definitions "Play period")."""

    AUCTION = "auction"
    PLAY = "play"
    DONE = "done"


class IrregularityKind(StrEnum):
    """What kind of unlawful action an irregular table recorded; the director rectifies it."""

    INSUFFICIENT_BID = "insufficient_bid"  # L27
    OUT_OF_ROTATION = "out_of_rotation"  # call out of rotation, L28–L32
    INADMISSIBLE_DOUBLE = "inadmissible_double"  # L36
    INADMISSIBLE_REDOUBLE = "inadmissible_redouble"  # L36
    BID_ABOVE_SEVEN = "bid_above_seven"  # L38
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"  # L39
    CARD_DURING_AUCTION = "card_during_auction"  # L24
    CHANGE_OF_CALL = "change_of_call"  # L25
    PASS_OBLIGATION = "pass_obligation_violated"  # L37
    DIRECTOR_RULING = "director_ruling"  # a later step of a rectification (L23A judgement, L26B lead choice …)
    LEAD_OUT_OF_TURN = "lead_out_of_turn"  # L53–L56 (the opening lead: L54)
    PLAY_OUT_OF_TURN = "play_out_of_turn"  # premature play, L57
    REVOKE = "revoke"  # L61–L64


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An unlawful action recorded at an irregular table: what, by whom, the turn it broke, and ``event``, the
    0-based index of its event in ``to_events()`` (the board event is 0, so it is also the line number minus
    one). ``trick`` is the 1-based trick number for an irregularity in the play."""

    kind: IrregularityKind
    seat: Seat
    action: Call | Card
    event: int
    turn: Seat | None
    message: str
    trick: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "seat": self.seat.letter,
            "call" if isinstance(self.action, Call) else "card": str(self.action),
            "event": self.event,
            "turn": None if self.turn is None else self.turn.letter,
            "message": self.message,
        }
        if self.trick is not None:
            out["trick"] = self.trick
        return out


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim (or concession) that ``seat``'s side wins ``tricks`` of the ``remaining`` tricks (L68A–B).
    ``agreed`` is final once every opponent who plays agreed (L69A); ``disputed_by`` sends it to the
    director (L68D2, L70)."""

    seat: Seat
    tricks: int
    remaining: int
    statement: str = ""
    agreed_by: frozenset[Seat] = field(default_factory=frozenset)
    disputed_by: Seat | None = None
    needed: frozenset[Seat] = field(default_factory=frozenset)

    @property
    def side(self) -> Side:
        return self.seat.side

    @property
    def agreed(self) -> bool:
        return self.disputed_by is None and self.needed <= self.agreed_by

    @property
    def status(self) -> str:
        """``pending``, ``agreed`` or ``disputed``."""
        if self.disputed_by is not None:
            return "disputed"
        return "agreed" if self.agreed else "pending"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "tricks": self.tricks,
            "remaining": self.remaining,
            "statement": self.statement,
            "status": self.status,
            "agreed_by": [s.letter for s in sorted(self.agreed_by)],
            "disputed_by": None if self.disputed_by is None else self.disputed_by.letter,
        }


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished board: contract, declarer and declarer's tricks; or passed out (L22B).
    ``claimed`` when the last tricks were settled by an agreed claim (L69A)."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    passed_out: bool
    claimed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "tricks": self.tricks,
            "passed_out": self.passed_out,
            "claimed": self.claimed,
        }

    def __str__(self) -> str:
        if self.passed_out or self.contract is None or self.declarer is None or self.tricks is None:
            return "passed out"
        diff = self.tricks - self.contract.tricks_needed
        return f"{self.contract} by {self.declarer.letter}: {self.tricks} tricks ({'=' if diff == 0 else f'{diff:+d}'})"


@dataclass(frozen=True, slots=True)
class TableView:
    """What one seat may see (DESIGN.md §3.6): its own remaining hand, dummy's once the opening lead is faced
    (L41C–D), the auction, played cards, a claimer's faced hand (L68C); legal choices when it is to act."""

    seat: Seat
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    edition: str
    phase: Phase
    turn: Seat | None
    hand: Hand
    auction: Auction
    contract: Contract | None
    declarer: Seat | None
    dummy: Seat | None
    dummy_hand: Hand | None
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, int]
    claim: Claim | None
    claimer_hand: Hand | None
    pending_irregularity: Irregularity | None
    legal_calls: tuple[Call, ...] = ()
    legal_cards: frozenset[Card] = frozenset()

    @property
    def to_act(self) -> bool:
        """Whether this seat decides the next call or card (declarer decides for dummy, L41D)."""
        return bool(self.legal_calls or self.legal_cards)

    @property
    def visible_cards(self) -> Hand:
        """Every card this view shows (for checking that nothing hidden leaks)."""
        bits = self.hand.bits
        for h in (self.dummy_hand, self.claimer_hand):
            if h is not None:
                bits |= h.bits
        for t in self.tricks:
            for c in t.cards:
                bits |= c.bit
        for _, c in self.current_trick:
            bits |= c.bit
        if self.pending_irregularity is not None and isinstance(self.pending_irregularity.action, Card):
            bits |= self.pending_irregularity.action.bit
        return Hand.from_bits(bits)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (seats ``N``…, hands in PBN, cards ``SA``, calls ``1NT``) for a client."""

        def seat(s: Seat | None) -> str | None:
            return None if s is None else s.letter

        return {
            "seat": self.seat.letter,
            "board": self.number,
            "dealer": self.dealer.letter,
            "vulnerability": self.vulnerability.pbn,
            "edition": self.edition,
            "phase": self.phase.value,
            "turn": seat(self.turn),
            "hand": self.hand.to_pbn(),
            "auction": [[s.letter, str(c)] for s, c in self.auction.history()],
            "contract": None if self.contract is None else str(self.contract),
            "declarer": seat(self.declarer),
            "dummy": seat(self.dummy),
            "dummy_hand": None if self.dummy_hand is None else self.dummy_hand.to_pbn(),
            "tricks": [
                {"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
                for t in self.tricks
            ],
            "current_trick": [[s.letter, str(c)] for s, c in self.current_trick],
            "tricks_won": {"NS": self.tricks_won[0], "EW": self.tricks_won[1]},
            "claim": None if self.claim is None else self.claim.to_dict(),
            "claimer_hand": None if self.claimer_hand is None else self.claimer_hand.to_pbn(),
            "pending_irregularity": None if self.pending_irregularity is None else self.pending_irregularity.to_dict(),
            "legal_calls": [str(c) for c in self.legal_calls],
            "legal_cards": [str(c) for c in sorted(self.legal_cards, reverse=True)],
        }


# handlers -----------------------------------------------------------------------------------------
EVENT_HANDLERS: dict[str, Handler] = {}


def event_handler(name: str) -> Callable[[Handler], Handler]:
    """Register the handler of events named ``name``: ``handler(table, event) -> undo | None``. The handler
    may rewrite ``event`` (a private copy) into canonical form; it must raise a ``BridgeError`` and change
    nothing if the event cannot be applied."""

    def register(handler: Handler) -> Handler:
        EVENT_HANDLERS[name] = handler
        return handler

    return register


def _action_event(name: str, what: str, seat: Seat | str | None) -> Event:
    event: Event = {"event": name, name if name == "call" else "card": what}
    if seat is not None:
        event["seat"] = str(seat)
    return event


def _seat_arg(value: Seat | str | None) -> Seat | None:
    if value is None or isinstance(value, Seat):
        return value
    return Seat.parse(value)


def _field(event: Mapping[str, Any], name: str, kind: type, *, default: Any = ...) -> Any:
    if name not in event:
        if default is ...:
            raise ParseError(f"{event.get('event')!r} event has no {name!r}")
        return default
    value = event[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ParseError(f"{event.get('event')!r} event: {name!r} must be a {kind.__name__}, not {value!r}")
    return value


def _event_seat(event: Mapping[str, Any], *, required: bool = True) -> Seat | None:
    text = _field(event, "seat", str, default=... if required else None)
    return None if text is None else Seat.parse(text)


class Table:
    """One board at one table (DESIGN.md §2): auction, play, claims, over an event log."""

    __slots__ = (
        "_auction",
        "_claim",
        "_events",
        "_irregularities",
        "_pending",
        "_play",
        "_undos",
        "board",
        "edition",
        "ext",
        "irregular",
    )

    def __init__(self, board: Board, edition: str = "WBF17", irregular: bool = False) -> None:
        if edition not in EDITIONS:
            raise EditionError(f"unknown edition {edition!r} (use one of {', '.join(EDITIONS)})")
        if not board.deal.is_complete:
            raise ParseError(f"board {board.number}: a table needs a complete deal of 4 × 13 cards")
        self.board = board
        self.edition = edition
        self.irregular = bool(irregular)
        self._events: list[Event] = [
            {
                "event": "board",
                "number": board.number,
                "deal": board.deal.to_pbn(),
                "dealer": board.dealer.letter,
                "vulnerability": board.vulnerability.pbn,
                "edition": edition,
                "irregular": self.irregular,
            }
        ]
        self._undos: list[Undo | None] = [None]
        self._auction = Auction(board.dealer)
        self._play: PlayState | None = None
        self._claim: Claim | None = None
        self._pending: Irregularity | None = None
        self._irregularities: list[Irregularity] = []
        #: State kept by event kinds registered outside this module (rebuilt by ``from_events``).
        self.ext: dict[str, Any] = {}

    # state --------------------------------------------------------------------------------------
    @property
    def auction(self) -> Auction:
        """The auction (for reading; change it only through the table)."""
        return self._auction

    @property
    def play_state(self) -> PlayState | None:
        """The play, once the auction has ended in a contract (for reading)."""
        return self._play

    @property
    def phase(self) -> Phase:
        play = self._play
        if play is None:
            return Phase.DONE if self._auction.is_over else Phase.AUCTION
        if play.is_over or (self._claim is not None and self._claim.agreed):
            return Phase.DONE
        return Phase.PLAY

    @property
    def turn(self) -> Seat | None:
        """The seat to call, or the hand to play from (dummy's seat for dummy's cards); None when play has
        stopped (claim, irregularity) or the board is done."""
        if self._pending is not None:
            return None
        play = self._play
        if play is None:
            return self._auction.turn
        if self._claim is not None:
            return None
        return play.turn

    @property
    def actor(self) -> Seat | None:
        """Who decides the next action: the seat to call, or declarer for dummy's cards (L41D)."""
        turn = self.turn
        if turn is None or self._play is None:
            return turn
        return self._play.controller

    @property
    def contract(self) -> Contract | None:
        return self._auction.contract

    @property
    def declarer(self) -> Seat | None:
        return self._auction.declarer

    @property
    def dummy(self) -> Seat | None:
        return self._auction.dummy

    @property
    def tricks(self) -> list[Trick]:
        return [] if self._play is None else self._play.tricks

    @property
    def claim_state(self) -> Claim | None:
        """The claim in progress or settled, if any."""
        return self._claim

    @property
    def pending_irregularity(self) -> Irregularity | None:
        """The unlawful action awaiting a ruling (irregular tables only)."""
        return self._pending

    @property
    def irregularities(self) -> list[Irregularity]:
        """Every irregularity recorded so far, in order (irregular tables only)."""
        return list(self._irregularities)

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds (all that seat's cards during the auction)."""
        return self.board.deal[seat] if self._play is None else self._play.hand(seat)

    @property
    def result(self) -> Result | None:
        """The result once the board is done (all tricks played, a claim agreed, or passed out)."""
        if self.phase is not Phase.DONE:
            return None
        play = self._play
        if play is None:
            return Result(None, None, None, passed_out=True)
        tricks = play.declarer_tricks
        claim = self._claim
        if claim is not None and claim.agreed:
            own = claim.side == play.declarer.side
            tricks += claim.tricks if own else claim.remaining - claim.tricks
            return Result(self.contract, play.declarer, tricks, passed_out=False, claimed=True)
        return Result(self.contract, play.declarer, tricks, passed_out=False)

    # actions ------------------------------------------------------------------------------------
    def legal_calls(self) -> list[Call]:
        """The calls the seat to call may make; empty outside the auction or while play has stopped. At an
        irregular table the director's obligations (a forced pass, a call to repeat) are enforced through the
        ``ext["auction_rules"]`` object (``legal_calls()``) the director installs."""
        if self._pending is not None:
            return []
        rules = self.ext.get("auction_rules")
        return list(rules.legal_calls()) if rules is not None else self._auction.legal_calls()

    def legal_cards(self) -> frozenset[Card]:
        """The cards that may be played now from the hand whose turn it is (L44)."""
        if self.turn is None or self._play is None:
            return frozenset()
        return self._play.legal_cards()

    def call(self, call: Call | str, seat: Seat | str | None = None) -> None:
        """Make a call for ``seat`` (by default the seat whose turn it is)."""
        if isinstance(call, str):
            call = Call.parse(call, allow_above_seven=True)
        if EVENT_HANDLERS["call"] is not _call_event:  # a replaced handler (the director's) sees every call
            self.apply(_action_event("call", str(call), _seat_arg(seat)))
            return
        who, undo = self._call(call, _seat_arg(seat))
        self._events.append({"event": "call", "seat": _SEAT_TEXT[who], "call": str(call)})
        self._undos.append(undo)

    def play(self, card: Card | str, seat: Seat | str | None = None) -> None:
        """Play a card from ``seat``'s hand (by default the hand whose turn it is; declarer names dummy's
        seat, or nothing, for dummy's cards, L41D)."""
        if isinstance(card, str):
            card = Card.parse(card)
        if EVENT_HANDLERS["play"] is not _play_event:  # a replaced handler sees every card
            self.apply(_action_event("play", str(card), seat))
            return
        who, undo = self._play_card(card, _seat_arg(seat))
        self._events.append({"event": "play", "seat": _SEAT_TEXT[who], "card": _CARD_TEXT[card.index]})
        self._undos.append(undo)

    def claim(self, seat: Seat | str, tricks: int, statement: str = "") -> None:
        """``seat`` claims ``tricks`` of the remaining tricks for his side; fewer than all concedes the rest
        (L68A–B). Play stops (L68D)."""
        self.apply({"event": "claim", "seat": str(seat), "tricks": tricks, "statement": statement})

    def agree(self, seat: Seat | str) -> None:
        """An opponent of the claimer agrees to the claim (L69A)."""
        self.apply({"event": "agree", "seat": str(seat)})

    def dispute(self, seat: Seat | str) -> None:
        """A player disputes the claim: the director is called (L68D2(a), L70)."""
        self.apply({"event": "dispute", "seat": str(seat)})

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (a JSON object of DESIGN.md §5); a ``BridgeError`` leaves the table unchanged."""
        if not isinstance(event, Mapping):
            raise EventLogError(f"an event is a JSON object, not {event!r}")
        name = event.get("event")
        handler = EVENT_HANDLERS.get(name) if isinstance(name, str) else None
        if handler is None:
            known = ", ".join(sorted(EVENT_HANDLERS))
            raise EventLogError(f"unknown event {name!r} (known: {known})")
        ev = dict(event)
        undo = handler(self, ev)
        self._events.append(ev)
        self._undos.append(undo)

    def undo(self) -> Event:
        """Take back the last event and return it; the board event cannot be taken back."""
        if len(self._events) == 1:
            raise IndexError("nothing to undo: the log holds only the board")
        event = self._events.pop()
        undo = self._undos.pop()
        if undo is None:
            self._refold()
        else:
            undo()
        return event

    # the fold -----------------------------------------------------------------------------------
    def _require_running(self, what: object) -> None:
        if self._pending is not None:
            p = self._pending
            raise IrregularityPendingError(
                f"{what}: the {p.kind.value.replace('_', ' ')} by {p.seat.name.lower()} (event {p.event + 1})"
                " awaits the director's ruling (L9B)"
            )

    def _call(self, call: Call, seat: Seat | None) -> tuple[Seat, Undo]:
        self._require_running(call)
        auction = self._auction
        turn = auction.turn
        try:
            auction.push(call, seat)
        except IllegalCallError as err:
            who = turn if seat is None else seat
            if not self.irregular:
                raise
            if who is None:
                raise IllegalCallError(f"{err}; name the seat that called") from None
            return who, self._flag(_call_irregularity(err, call), who, call, turn, str(err))
        if auction.is_over:
            self._start_play()
            return auction.seats[-1], self._undo_final_call
        return auction.seats[-1], auction.pop

    def _start_play(self) -> None:
        contract = self._auction.contract
        declarer = self._auction.declarer
        if contract is not None and declarer is not None:
            self._play = PlayState(self.board.deal, contract.strain, declarer)

    def _undo_final_call(self) -> None:
        self._auction.pop()
        self._play = None

    def _play_card(self, card: Card, seat: Seat | None) -> tuple[Seat, Undo]:
        self._require_running(card)
        play = self._play
        if play is None:
            if self._auction.is_over:
                raise PlayNotStartedError(f"{card}: board {self.board.number} was passed out; there is no play")
            err: IllegalPlayError = PlayNotStartedError(
                f"{card}: the auction is not over; the opening lead follows the final pass (L41A)"
            )
            if not self.irregular or seat is None:
                raise err
            self._require_holding(card, seat)
            return seat, self._flag(IrregularityKind.CARD_DURING_AUCTION, seat, card, self._auction.turn, str(err))
        if self._claim is not None:
            raise ClaimError(f"{card}: play has stopped for the claim by {self._claim.seat.name.lower()} (L68D)")
        turn = play.turn
        try:
            play.push(card, seat)
        except (OutOfTurnError, RevokeError) as err:
            if not self.irregular:
                raise
            who = turn if seat is None else seat
            assert who is not None
            self._require_holding(card, who)
            trick = len(play.tricks) + 1
            if isinstance(err, RevokeError):  # not noticed at the time: the card stands (L61–L63)
                play.record(card, who)
                kind = IrregularityKind.REVOKE
                self._irregularities.append(Irregularity(kind, who, card, len(self._events), turn, str(err), trick))
                return who, self._undo_revoke
            kind = IrregularityKind.PLAY_OUT_OF_TURN if len(play) % 4 else IrregularityKind.LEAD_OUT_OF_TURN
            return who, self._flag(kind, who, card, turn, str(err), trick)
        assert turn is not None
        return turn, play.pop

    def _undo_revoke(self) -> None:
        assert self._play is not None
        self._play.pop()
        self._irregularities.pop()

    def _require_holding(self, card: Card, seat: Seat) -> None:
        if card not in self.hand(seat):
            raise CardNotInHandError(f"{card} is not in {seat.name.lower()}'s hand")

    def _flag(
        self,
        kind: IrregularityKind,
        seat: Seat,
        action: Call | Card,
        turn: Seat | None,
        message: str,
        trick: int | None = None,
    ) -> Undo:
        """Record an irregularity that stops the table until it is resolved."""
        irregularity = Irregularity(kind, seat, action, len(self._events), turn, message, trick)
        self._irregularities.append(irregularity)
        self._pending = irregularity
        return self._unflag

    def _unflag(self) -> None:
        self._irregularities.pop()
        self._pending = None

    def resolve_irregularity(self, stands: bool) -> Undo:
        """Settle the pending irregularity: the action ``stands`` (it takes effect as though lawful: an
        accepted insufficient bid L27A1, call out of rotation L29A, lead out of turn L53, L54) or is cancelled
        (it has no effect on the auction or play; what follows is the ruling's business). For the handlers of
        the director's events; returns how to take it back."""
        pending = self._pending
        if pending is None:
            raise IrregularityPendingError("there is no pending irregularity to resolve")
        if not stands:
            self._pending = None
            return self._restore_pending(pending)
        action = pending.action
        if isinstance(action, Card):
            if self._play is None:
                raise IllegalPlayError(f"{action}: a card cannot stand as played during the auction (L24)")
            self._play.record(action, pending.seat)
            self._pending = None
            return self._undo_then(self._play.pop, pending)
        self._auction.record(action, pending.seat)
        self._pending = None
        if self._auction.is_over:
            self._start_play()
            return self._undo_then(self._undo_final_call, pending)
        return self._undo_then(self._auction.pop, pending)

    def adopt_auction(self, auction: Auction, pending: Irregularity | None) -> None:
        """For the director's event handlers at an irregular table: the auction as rectified so far and the
        ruling that stops the table (None once settled). A new ``pending`` is listed in ``irregularities``;
        play starts once the rectified auction has ended in a contract. Handlers using this return None, so
        that ``undo`` refolds the log."""
        if pending is not None and pending != self._pending:
            self._irregularities.append(pending)
        self._auction = auction
        self._pending = pending
        self._play = None
        if pending is None and auction.is_over:
            self._start_play()

    def _restore_pending(self, pending: Irregularity) -> Undo:
        def undo() -> None:
            self._pending = pending

        return undo

    def _undo_then(self, first: Undo, pending: Irregularity) -> Undo:
        def undo() -> None:
            first()
            self._pending = pending

        return undo

    def copy(self) -> Table:
        """An independent table with the same log."""
        return Table.from_events(self._events)

    def _refold(self) -> None:
        """Rebuild this table in place from its log (undo of an event whose handler gave no undo)."""
        events = self._events
        Table.__init__(self, self.board, self.edition, self.irregular)
        self._events[0] = events[0]
        for event in events[1:]:
            self.apply(event)

    # claims ---------------------------------------------------------------------------------------
    def _set_claim(self, claim: Claim | None) -> Undo:
        old = self._claim
        self._claim = claim

        def undo() -> None:
            self._claim = old

        return undo

    def _open_claim(self, what: str) -> Claim:
        claim = self._claim
        if claim is None or claim.agreed:
            raise ClaimError(f"{what}: there is no claim in progress")
        return claim

    # events ---------------------------------------------------------------------------------------
    def to_events(self) -> list[Event]:
        """The event log (DESIGN.md §5), first event the board; each event a fresh dict."""
        return [dict(e) for e in self._events]

    def to_jsonl(self) -> str:
        """The event log as JSON lines."""
        return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in self._events)

    @classmethod
    def from_events(cls, events: Iterable[Mapping[str, Any]]) -> Table:
        """Rebuild a table by folding ``events``; ``EventLogError`` names the first bad event (1-based, the
        line of a JSONL file) and why."""
        table: Table | None = None
        for number, event in enumerate(events, start=1):
            try:
                if table is None:
                    table = cls._from_board_event(event)
                else:
                    table.apply(event)
            except BridgeError as err:
                raise EventLogError(f"event {number}: {err}", number) from err
        if table is None:
            raise EventLogError("event 1: the log is empty; it must start with a board event", 1)
        return table

    @classmethod
    def from_jsonl(cls, text: str | Iterable[str]) -> Table:
        """Rebuild a table from JSON lines through ``contractbridge.eventlog`` (a torn last line is dropped
        with a warning; any other bad line is an ``EventLogError`` naming the first one)."""
        from contractbridge.eventlog import read_table

        lines = text if isinstance(text, str) else "".join(t if t.endswith("\n") else t + "\n" for t in text)
        return read_table(lines)

    @classmethod
    def _from_board_event(cls, event: Mapping[str, Any]) -> Table:
        if not isinstance(event, Mapping) or event.get("event") != "board":
            raise ParseError(f"the log must start with a board event, not {event!r}")
        number = _field(event, "number", int)
        if number < 1:
            raise ParseError(f"board number {number}: a board number is 1 or more (L2)")
        deal = Deal(_field(event, "deal", str))
        markings: dict[str, Any] = {}
        if "dealer" in event:
            markings["dealer"] = Seat.parse(_field(event, "dealer", str))
        if "vulnerability" in event:
            markings["vulnerability"] = Vulnerability.parse(_field(event, "vulnerability", str))
        board = Board(number, deal, **markings)
        edition = _field(event, "edition", str, default="WBF17")
        table = cls(board, edition, _field(event, "irregular", bool, default=False))
        table._events[0] = {**dict(event), **table._events[0]}
        return table

    # views ------------------------------------------------------------------------------------------
    def view(self, seat: Seat | str) -> TableView:
        """What ``seat`` may see now (DESIGN.md §3.6)."""
        who = Seat.parse(seat) if isinstance(seat, str) else seat
        play = self._play
        acting = self.actor == who
        dummy_hand = None
        tricks: tuple[Trick, ...] = ()
        current: tuple[tuple[Seat, Card], ...] = ()
        won = (0, 0)
        legal_cards: frozenset[Card] = frozenset()
        if play is not None:
            if play.opening_lead_made:
                dummy_hand = play.hand(play.dummy)
            tricks = tuple(play.tricks)
            current = tuple(play.current_trick)
            won = (play.tricks_won(Side.NS), play.tricks_won(Side.EW))
            if acting:
                legal_cards = self.legal_cards()
        claim = self._claim
        return TableView(
            seat=who,
            number=self.board.number,
            dealer=self.board.dealer,
            vulnerability=self.board.vulnerability,
            edition=self.edition,
            phase=self.phase,
            turn=self.turn,
            hand=self.hand(who),
            auction=self._auction.copy(),
            contract=self.contract,
            declarer=self.declarer,
            dummy=self.dummy,
            dummy_hand=dummy_hand,
            tricks=tricks,
            current_trick=current,
            tricks_won=won,
            claim=claim,
            claimer_hand=None if claim is None else self.hand(claim.seat),
            pending_irregularity=self._pending,
            legal_calls=tuple(self.legal_calls()) if acting and play is None else (),
            legal_cards=legal_cards,
        )

    def _repr_html_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.table_html(self)

    def _repr_svg_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.svg(self.board)

    def __repr__(self) -> str:
        return f"<Table board {self.board.number} {self.edition} {self.phase.value}, {len(self._events)} events>"


def _call_irregularity(err: IllegalCallError, call: Call) -> IrregularityKind:
    if isinstance(err, AuctionClosedError):
        return IrregularityKind.CALL_AFTER_FINAL_PASS
    if isinstance(err, OutOfTurnError):
        return IrregularityKind.OUT_OF_ROTATION
    if isinstance(err, InsufficientBidError):
        return IrregularityKind.INSUFFICIENT_BID
    if isinstance(call, Bid):
        return IrregularityKind.BID_ABOVE_SEVEN
    if call.kind is CallKind.DOUBLE:
        return IrregularityKind.INADMISSIBLE_DOUBLE
    return IrregularityKind.INADMISSIBLE_REDOUBLE


# the core event kinds ------------------------------------------------------------------------------------
@event_handler("board")
def _board(table: Table, event: Event) -> Undo | None:
    raise ParseError("a board event may only be the first event of a log")


@event_handler("call")
def _call_event(table: Table, event: Event) -> Undo | None:
    call = Call.parse(_field(event, "call", str), allow_above_seven=True)
    seat, undo = table._call(call, _event_seat(event, required=False))
    event["seat"], event["call"] = seat.letter, str(call)
    return undo


@event_handler("play")
def _play_event(table: Table, event: Event) -> Undo | None:
    card = Card.parse(_field(event, "card", str))
    seat, undo = table._play_card(card, _event_seat(event, required=False))
    event["seat"], event["card"] = seat.letter, str(card)
    return undo


@event_handler("claim")
def _claim_event(table: Table, event: Event) -> Undo | None:
    seat = _event_seat(event)
    assert seat is not None
    tricks = _field(event, "tricks", int)
    statement = _field(event, "statement", str, default="")
    table._require_running("claim")
    play = table.play_state
    if play is None or table.phase is not Phase.PLAY:
        raise ClaimError(f"claim by {seat.name.lower()}: claims are made during the play (L68)")
    if table.claim_state is not None:
        raise ClaimError(f"claim by {seat.name.lower()}: a claim by {table.claim_state.seat.name.lower()} is open")
    if seat == play.dummy:
        raise ClaimError(f"claim by {seat.name.lower()}: dummy takes no part in the play (L43A1(c))")
    remaining = 13 - len(play.tricks)
    if not 0 <= tricks <= remaining:
        raise ClaimError(f"claim by {seat.name.lower()} of {tricks} tricks: {remaining} tricks remain (L68)")
    needed = frozenset(s for s in Seat if s.side != seat.side and s != play.dummy)
    event["seat"], event["statement"] = seat.letter, statement
    return table._set_claim(Claim(seat, tricks, remaining, statement, needed=needed))


@event_handler("agree")
def _agree_event(table: Table, event: Event) -> Undo | None:
    seat = _event_seat(event)
    assert seat is not None
    claim = table._open_claim(f"agreement by {seat.name.lower()}")
    if claim.disputed_by is not None:
        raise ClaimError(f"agreement by {seat.name.lower()}: the claim is disputed; the director rules (L70)")
    if seat not in claim.needed or seat in claim.agreed_by:
        raise ClaimError(
            f"agreement by {seat.name.lower()}: the claim needs the agreement of "
            + " and ".join(s.name.lower() for s in sorted(claim.needed - claim.agreed_by))
            + " (L69A)"
        )
    event["seat"] = seat.letter
    return table._set_claim(replace(claim, agreed_by=claim.agreed_by | {seat}))


@event_handler("dispute")
def _dispute_event(table: Table, event: Event) -> Undo | None:
    seat = _event_seat(event)
    assert seat is not None
    claim = table._open_claim(f"dispute by {seat.name.lower()}")
    if seat == claim.seat or claim.disputed_by is not None:
        raise ClaimError(f"dispute by {seat.name.lower()}: not possible for the claimer or a disputed claim")
    event["seat"] = seat.letter
    return table._set_claim(replace(claim, disputed_by=seat))
