"""One board at one table: a fold over an append-only event log (docs/architecture.md §3.2, §5).

```python
table = Table(Board(7, deal), edition="WBF17")
table.call("1NT"); table.call("P"); …          # typed error and no change on an unlawful call
table.play("SQ")                               # declarer plays dummy's cards too (L41D)
table.claim(Seat.SOUTH, 10); table.agree(Seat.WEST); table.agree(Seat.EAST)   # L68–L69
table.result, table.view(Seat.WEST), table.to_events(), Table.from_events(events), table.undo()
```

A table owns its rules: ``Table(board, edition)`` names one ``Edition`` object (``table.rules``, made on first use; an
``Edition`` instance may be given instead of a name), which
decides what varies between rule books: the restrictions on a seat's cards, when dummy is faced, who must
agree to a claim, what an unlawful card does at an irregular table (see ``contractbridge.laws.base``).

A strict table (the default) refuses every unlawful call or card with a typed error and keeps its own
``Auction``. With ``irregular=True`` the table records what really happens instead: its auction state is the
director's record (``table.record``, a ``DirectedAuction``: every call with its status), from which the
``Auction`` of the standing calls, the contract and the declarer are derived; a pending ruling stops the table
until the chooser's ``choose`` or the director's ``judge`` event. An unlawful card in the play is recorded and
``pending_irregularity`` describes it until it is resolved (``resolve_irregularity``), unless the edition lets
it stand at once (a revoke is not noticed when it happens, L61–L63).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from contractbridge import events
from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card, Hand, Seat, Side
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal
from contractbridge.director import DirectedAuction
from contractbridge.director.rulings import EffectKind, Option
from contractbridge.errors import (
    AuctionClosedError,
    BridgeError,
    CardNotInHandError,
    CardOutOfTurnError,
    ClaimError,
    EventLogError,
    IllegalCallError,
    IllegalPlayError,
    IrregularityPendingError,
    OutOfTurnError,
    ParseError,
    PlayNotStartedError,
    RevokeError,
    RulingError,
    RulingPendingError,
)
from contractbridge.laws import DEFAULT_EDITION, Choice, Edition, edition_id
from contractbridge.laws import edition as find_edition
from contractbridge.loglines import fold, read_events
from contractbridge.play import PlayState, Trick, cards_of
from contractbridge.rulebooks import recited
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table.view import TableView
from contractbridge.values import Claim, Irregularity, IrregularityKind, Phase, Result, kind_of

if TYPE_CHECKING:
    from contractbridge.laws.wbf17.play.procedure import FaceDownLead

__all__ = ["Table"]

_CARD_TEXT: Final = tuple(str(Card.from_index(i)) for i in range(52))
_SEAT_TEXT: Final = tuple(s.letter for s in Seat)
_NO_CARDS: Final[frozenset[Card]] = frozenset()
# an ``Enum`` member read from its class costs a call to ``EnumType.__getattr__``'s hook (Python 3.11): the hot
# ``phase`` reads these (#28)
_AUCTION: Final = Phase.AUCTION
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE

Undo = Callable[[], object]
Event = dict[str, Any]


class _BoardEntry(NamedTuple):
    """The board event of a new table, rendered on export (#28: a table played and dropped never writes its
    deal as PBN)."""

    board: Board
    edition: str
    irregular: bool
    system: dict[str, Any] | None

    def event(self) -> Event:
        board = self.board
        first: Event = {
            "event": "board",
            "number": board.number,
            "deal": board.deal.to_pbn(),
            "dealer": board.dealer.letter,
            "vulnerability": board.vulnerability.pbn,
            "edition": self.edition,
            "irregular": self.irregular,
        }
        if self.system:  # the cards and the event's alert policy
            first["system"] = self.system
        return first


_new_entry: Final = tuple.__new__

Entry = Event | int | tuple[Seat, Call] | _BoardEntry
"""An entry of the log: an event; a card played at a strict table kept as ``seat << 6 | card index`` (#15; the
cards of ``play``'s hot path enter the log only when it is next read or added to, ``Table._log``, #28); a
call of ``Table.call`` at a strict table as ``(seat, call)`` (#28); the board event of a new table (#28). The
last three are rendered as their events on export (``_event``)."""


def _event(entry: Entry) -> Event:
    """The event an entry of the log stands for (= ``events.to_dict`` of its event)."""
    if isinstance(entry, int):
        return {"event": "play", "seat": _SEAT_TEXT[entry >> 6], "card": _CARD_TEXT[entry & 63]}
    if isinstance(entry, _BoardEntry):
        return entry.event()
    if isinstance(entry, tuple):
        seat, call = entry
        return {"event": "call", "seat": _SEAT_TEXT[seat], "call": str(call)}
    return entry


def _seat_arg(value: Seat | str | None) -> Seat | None:
    if value is None or isinstance(value, Seat):
        return value
    return Seat.parse(value)


class Table:
    """One board at one table (docs/architecture.md §2): auction, play, claims, over an event log."""

    __slots__ = (
        "_auction",
        "_claim",
        "_events",
        "_irregularities",
        "_lead_down",
        "_logged",
        "_pending",
        "_play",
        "_ruled",
        "_rules",
        "_strict_play",
        "_table_ruling",
        "_undos",
        "board",
        "edition",
        "irregular",
        "record",
    )

    def __init__(
        self,
        board: Board,
        edition: str | Edition = DEFAULT_EDITION,
        irregular: bool = False,
        *,
        agreements: PartnershipAgreements | None = None,
    ) -> None:
        rules: Edition | None
        if isinstance(edition, str):  # a name, as almost every table is given: its ``Edition`` made on first use
            name, rules = edition_id(edition), None
        elif isinstance(edition, Edition):
            name, rules = edition.name, edition
        else:
            raise ParseError(f"an edition is named by a string (WBF17, NBB30 …), not {edition!r}")
        if not board.deal.is_complete:
            raise ParseError(f"board {board.number}: a table needs a complete deal of 4 × 13 cards")
        self.board = board
        self._rules = rules
        self.edition = name
        self.irregular = bool(irregular)
        system = None if agreements is None else agreements.to_dict()
        board_entry = _new_entry(_BoardEntry, (board, name, self.irregular, system))  # no ``_make``'s frame
        self._events: list[Entry] = [board_entry]
        #: the card entries of the log (at a strict table, the play's first ``_logged`` cards): the cards after them
        #: were added by ``play``'s hot path, which logs none, and ``_log`` enters them (#28)
        self._logged = 0
        #: how to take back each event entry of the log after the first, None to refold the log (an ``int`` entry,
        #: a card of a strict table, has none: ``undo`` pops the play itself, #28); no undo of a strict table's
        #: calls or cards holds the table, so that a table is freed by reference counting, not left to the cyclic
        #: collector (#28)
        self._undos: list[Undo | None] = []
        #: the director's record of the auction: the one auction state of an irregular table (None if strict)
        self.record: DirectedAuction | None = self.rules.new_record(board.dealer, agreements) if irregular else None
        self._auction = Auction(board.dealer)
        self._play: PlayState | None = None
        #: ``_play`` at a strict table while no claim stands, else None: the one slot the hot paths (``phase``,
        #: ``legal_cards``, ``play``) test (#28); set with ``_play`` (``_strict_call``) and ``_claim`` (``_set_claim``)
        self._strict_play: PlayState | None = None
        self._claim: Claim | None = None
        #: the opening lead lying face down in the clarification period (``Edition.face_down_lead``, WBF17 L41A–C):
        #: while it lies there the table plays no card but its leader's, once the period ends (``_sync_lead``)
        self._lead_down: FaceDownLead | None = None
        self._pending: Irregularity | None = None
        self._ruled: object = None
        #: the pending ruling an edition's play-period hook made, whose chosen option this table carries out
        self._table_ruling: object = None
        self._irregularities: list[Irregularity] = []

    # state --------------------------------------------------------------------------------------
    @property
    def rules(self) -> Edition:
        """The rule book this table plays by (``edition`` is its name), its own object: made when first asked for
        where the table was given a name (#28: a strict table played through asks only to word a refusal)."""
        rules = self._rules
        if rules is None:
            rules = self._rules = find_edition(self.edition)
        return rules

    @property
    def auction(self) -> Auction:
        """The auction: the calls that stand (for reading; change it only through the table). At an irregular
        table it is derived from the record each time (``DirectedAuction.auction``)."""
        return self._auction if self.record is None else self.record.auction()

    @property
    def play_state(self) -> PlayState | None:
        """The play, once the auction has ended in a contract (for reading)."""
        return self._play

    @property
    def phase(self) -> Phase:
        play = self._strict_play
        if play is not None:
            return _DONE if play._count == 52 else _PLAY  # ``play.is_over`` read in place (#28)
        play = self._play
        if play is None:
            over = self._auction.is_over if self.record is None else self.record.is_over
            return _DONE if over else _AUCTION
        claim = self._claim
        if (
            play.is_over
            or (claim is not None and claim.settled)
            or (self.record is not None and self._new_deal is not None)
        ):
            return _DONE
        return _PLAY

    @property
    def _new_deal(self) -> str | None:
        """The law under which a player demanded a new deal, in the auction or the play (rubber bridge, NBB R39–R43,
        R48, R49; NL36 33): the board is over and the same dealer deals again (``Edition.new_deal``)."""
        return None if self.record is None else self.rules.new_deal(self.record)

    @property
    def _stopped(self) -> bool:
        record = self.record
        return self._pending is not None or (
            record is not None and (record.pending is not None or self.rules.new_deal(record) is not None)
        )

    @property
    def turn(self) -> Seat | None:
        """The seat to call, or the hand to play from (dummy's seat for dummy's cards); None when play has
        stopped (claim, irregularity, pending ruling) or the board is done."""
        if self._stopped:
            return None
        play = self._play
        if play is None:
            return self._auction.turn if self.record is None else self.record.turn
        if self._claim is not None:
            return None
        return play.turn if self.record is None else self._leading(play)

    def _leading(self, play: PlayState) -> Seat | None:
        """The hand to play from at an irregular table: the rotation's, or the hand the edition makes lead
        (``Edition.lead_hand``, NBB R51(1))."""
        turn = play.turn
        if turn is None or play.current_trick:
            return turn
        return self.rules.lead_hand(self) or turn

    @property
    def actor(self) -> Seat | None:
        """Who decides the next action: the seat to call, or declarer for dummy's cards (L41D)."""
        turn = self.turn
        if turn is None or self._play is None:
            return turn
        return self._play.declarer if turn == self._play.dummy else turn

    @property
    def contract(self) -> Contract | None:
        return self._auction.contract if self.record is None else self.record.contract

    @property
    def declarer(self) -> Seat | None:
        """Declarer: the auction's, unless a ruling exchanged the roles (L54A: the play's)."""
        if self._play is not None:
            return self._play.declarer
        return self._auction.declarer if self.record is None else self.record.declarer

    @property
    def dummy(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.partner

    @property
    def tricks(self) -> list[Trick]:
        return [] if self._play is None else self._play.tricks

    @property
    def claim_state(self) -> Claim | None:
        """The claim in progress or settled, if any."""
        return self._claim

    @property
    def face_down_lead(self) -> FaceDownLead | None:
        """The opening lead lying face down in the clarification period, None when none lies there (WBF17 L41A–C:
        its leader, its card, who may still ask, whether it is faced now; ``Edition.face_down_lead`` read once
        after each event). Its card is its leader's alone (L41A): a seat's view shows it to him only."""
        return self._lead_down

    @property
    def pending_irregularity(self) -> Irregularity | None:
        """What stops the table (irregular tables only): an unlawful card awaiting its ruling, or the
        irregularity of the record's pending ruling."""
        if self._pending is not None:
            return self._pending
        if self.record is not None and self.record.pending is not None and self._irregularities:
            return self._irregularities[-1]
        return None

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
        play, law = self._play, self._new_deal
        if play is None or law is not None:
            return Result(None, None, None, passed_out=law is None, new_deal=law)
        tricks = play.declarer_tricks
        claim = self._claim
        claimed = claim is not None and claim.settled
        if claim is not None and claimed:
            own = claim.side == play.declarer.side
            tricks += claim.awarded if own else claim.remaining - claim.awarded
        tricks, adjustments = self.rules.adjust_tricks(self, tricks)
        return Result(self.contract, play.declarer, tricks, passed_out=False, claimed=claimed, adjustments=adjustments)

    # actions ------------------------------------------------------------------------------------
    def legal_calls(self) -> list[Call]:
        """The calls the seat to call may make; empty outside the auction or while play has stopped. At an
        irregular table the record's obligations (a forced pass, a call to repeat) are enforced."""
        if self._stopped or self._play is not None:
            return []
        return self._auction.legal_calls() if self.record is None else self.record.legal_calls()

    def legal_cards(self) -> frozenset[Card]:
        """The cards that may be played now from the hand whose turn it is: L44, then the restrictions of the
        edition (``Edition.legal_cards``: lead restrictions, penalty cards). A strict table has none: it
        refuses every unlawful card, so nothing is ever rectified there, and it answers by L44 alone (#15)."""
        play = self._strict_play
        if play is not None:
            hand = play._hands[play._turn]  # ``play.legal_bits()`` read in place (#28)
            return cards_of(hand & play._follow or hand)
        play = self._play  # ``self.turn`` inlined: no cards during the auction, a claim or a stop
        if play is None or self._claim is not None or self.record is None or self._lead_down is not None:
            return _NO_CARDS  # L41A–C: nobody chooses a card while the opening lead lies face down
        turn = self._leading(play)
        if turn is None or self._stopped:
            return _NO_CARDS
        return self._edition_cards(play, turn)

    def _edition_cards(self, play: PlayState, turn: Seat) -> frozenset[Card]:
        """L44's cards for ``turn`` through the edition's restrictions (``Edition.legal_cards``); any card of the
        hand the edition makes lead out of rotation (``Edition.lead_hand``)."""
        cards = cards_of(play.legal_bits()) if turn == play.turn else frozenset(play.hand(turn))
        return self.rules.legal_cards(self, turn, cards)

    def call(self, call: Call | str, seat: Seat | str | None = None) -> None:
        """Make a call for ``seat`` (by default the seat whose turn it is)."""
        if isinstance(call, str):
            call = Call.parse(call, allow_above_seven=True)
        if self.record is not None:
            self._apply(events.Call(call, _seat_arg(seat)))
            return
        # straight to the log, not through ``_log``: a strict table refuses a call once play has started, so no
        # card waits to be logged here
        self._events.append((self._strict_call(call, None if seat is None else _seat_arg(seat)), call))

    def play(self, card: Card | str, seat: Seat | str | None = None) -> None:
        """Play a card from ``seat``'s hand (by default the hand whose turn it is; declarer names dummy's
        seat, or nothing, for dummy's cards, L41D)."""
        play = self._strict_play
        if play is not None:  # ``_play_card`` inlined (#15)
            if seat is None and type(card) is Card:
                # ``PlayState.push`` read in place (#28): a card of the L44 set (``legal_bits``) of the hand in
                # rotation is added; any other card goes to ``push`` below for its typed error
                turn = play._turn
                index = card.index
                hand = play._hands[turn]
                if (hand & play._follow or hand) >> index & 1:
                    play._add(index)  # no log entry: ``_log`` reads the card back from the play (#28)
                    return
            if isinstance(card, str):
                card = Card.parse(card)
            turn = play._turn
            log = self._log()  # the cards before this one, entered first
            try:
                play.push(card, seat if seat is None else _seat_arg(seat))
            except (RevokeError, CardOutOfTurnError) as err:
                raise recited(err, self.rules) from None
            log.append(turn << 6 | card.index)  # ``undo`` pops the play for an ``int`` entry
            self._logged += 1
            return
        if isinstance(card, str):
            card = Card.parse(card)
        log = self._log()
        who, undo = self._play_card(card, _seat_arg(seat))
        log.append({"event": "play", "seat": _SEAT_TEXT[who], "card": _CARD_TEXT[card.index]})  # = to_dict
        self._logged += 1
        self._undos.append(undo)
        if self.record is not None:
            self._settle_play()
        if self._lead_down is not None:
            self._sync_lead()

    def claim(self, seat: Seat | str, tricks: int, statement: str = "") -> None:
        """``seat`` claims ``tricks`` of the remaining tricks for his side; fewer than all concedes the rest
        (L68A–B). Play stops (L68D)."""
        self.apply({"event": "claim", "seat": str(seat), "tricks": tricks, "statement": statement})

    def agree(self, seat: Seat | str) -> None:
        """An opponent of the claimer agrees to the claim (L69A)."""
        self.apply({"event": "agree", "seat": str(seat)})

    def dispute(self, seat: Seat | str) -> None:
        """A player objects to the claim: the director is called (L68D2(a), L70), or, where the edition says
        so, no claim was made and play continues (L68B2)."""
        self.apply({"event": "dispute", "seat": str(seat)})

    def play_on(self, seat: Seat | str) -> None:
        """The disputed claim is void and play continues by agreement (L68D2(b)): what a table without a director
        does instead of waiting for a ruling (L70). The claim and the dispute stay in the log."""
        self.apply({"event": "play_on", "seat": str(seat)})

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (a JSON object of docs/architecture.md §5, read by ``events.parse``); a ``BridgeError``
        leaves the table unchanged."""
        if not isinstance(event, Mapping):
            raise EventLogError(f"an event is a JSON object, not {event!r}")
        if not isinstance(event.get("event"), str):
            raise EventLogError(f"an event names its kind in 'event', not {event.get('event')!r}")
        self._apply(events.parse(event))

    def _apply(self, event: events.Event) -> None:
        """The fold: one typed event. Each kind returns the event as logged (the seat filled in) and how to take
        it back (None: ``undo`` refolds the log)."""
        log = self._log()
        undo: Undo | None
        match event:
            case events.Call() if self.record is not None:
                event, undo = self._record_call(event), None
            case events.Call():
                event, undo = replace(event, seat=self._strict_call(event.call, event.seat)), self._auction.pop
            case events.Play():
                who, undo = self._play_card(event.card, event.seat)
                event = replace(event, seat=who)
            case events.Claim() | events.Agree() | events.Dispute() | events.PlayOn():
                undo = self._claim_event(event)
            case events.BoardStart():
                raise ParseError("a board event may only be the first event of a log")
            case _ if (disclosed := self._disclosure_event(event)) is not None:
                event, undo = disclosed, None
            case _ if self._play_period_event(event):
                undo = None
            case _ if self.record is not None and event.kind in self.record.EVENTS:
                self._director_event(event)
                undo = None
            case _ if self.record is not None or isinstance(event, events.Extension):
                kinds = DirectedAuction.EVENTS if self.record is None else self.record.EVENTS
                known = ", ".join(sorted({"call", "play", "claim", "agree", "dispute", *kinds}))
                raise EventLogError(f"unknown event {event.kind!r} (known: {known})")
            case _:
                raise RulingError(f"{event.kind}: the director acts only at a table created with irregular=True")
        log.append(events.to_dict(event))
        if isinstance(event, events.Play):
            self._logged += 1
        self._undos.append(undo)
        if self.record is not None:
            self._settle_play()
        self._sync_lead()

    def _sync_lead(self) -> None:
        """The face-down opening lead the edition reads in the log (``Edition.face_down_lead``, L41A–C) once the
        last event is in, and with it whether a strict table's hot paths run (they know nothing of it)."""
        play = self._play
        if self._lead_down is None and (play is None or len(play)):
            return
        self._lead_down = None if play is None or len(play) else self.rules.face_down_lead(self)
        self._claimed(self._claim)

    def undo(self) -> Event:
        """Take back the last event and return it; the board event cannot be taken back."""
        log = self._log()
        if len(log) == 1:
            raise IndexError("nothing to undo: the log holds only the board")
        entry = log.pop()
        kind = type(entry)
        if kind is int or (isinstance(entry, dict) and entry["event"] == "play"):
            self._logged -= 1  # before a refold, which counts them again
        if kind is int:  # a card of a strict table (#15)
            assert self._play is not None
            self._play.pop()
            return _event(entry)
        undo = self._auction.pop if kind is tuple else self._undos.pop()  # a strict table's call (#28)
        if undo is None:
            self._refold()
        else:
            undo()
            if self._play is not None and self.record is None and not self._auction.is_over:
                self._play = self._strict_play = None  # the final pass of a strict table taken back (its undo is
                # ``Auction.pop``)
            self._sync_lead()  # the faced lead taken back lies face down again (L41A)
        return _event(entry)

    def _log(self) -> list[Entry]:
        """The log, with the cards a strict play added since its last card entry entered first, each as
        ``seat << 6 | card index`` (#28: ``play``'s hot path logs no entry a card; the cards are the play's own, in
        order). Everything that appends to the log, takes from it or reads it goes through here."""
        events = self._events
        play = self._play
        if play is None or self.record is not None or play._count == self._logged:
            return events  # an irregular table logs every card as it is played
        done = play._done
        for k in range(self._logged, play._count):
            trick, position = k >> 2, k & 3
            leader, cards = done[trick][:2] if trick < len(done) else (play._leader, play._cur)
            events.append(((leader + position) & 3) << 6 | cards[position])
        self._logged = play._count
        return events

    # the fold: strict auction -----------------------------------------------------------------
    def _require_running(self, what: object) -> None:
        if self._pending is not None:
            p = self._pending
            by = "" if p.seat is None else f" by {p.seat.name.lower()}"
            raise IrregularityPendingError(
                f"{what}: the {str(p.kind).replace('_', ' ')}{by} (event {p.event + 1}) awaits the director's "
                f"ruling{self.rules.cited('pending_ruling')}"
            )
        ruling = None if self.record is None else self.record.pending
        if ruling is not None:
            raise RulingPendingError(f"{what}: the {ruling.irregularity.replace('_', ' ')} {ruling.awaits(self.rules)}")
        if self._new_deal is not None:
            raise RulingError(f"{what}: the board is over, a new deal was demanded ({self._new_deal})")

    def _strict_call(self, call: Call, seat: Seat | None) -> Seat:
        """``call`` by ``seat`` (None: the seat in rotation) at a strict table; returns the seat that called.
        Undone by ``Auction.pop`` (``undo``)."""
        auction = self._auction
        who = auction._st.turn  # the seat that calls if ``push`` takes the call (the state read in place, #28)
        try:
            auction.push(call, seat)
        except IllegalCallError as err:
            raise recited(err, self.rules) from None  # the table's own book cites the refusal (NBB R40–R42 …)
        if auction._st.over:  # the final pass: a contract's strain and declarer (L22A, ``Auction.declarer``'s piece)
            declaring = auction._declaring()
            if declaring is not None:
                play = self._play = PlayState(self.board.deal, *declaring)  # declarer's LHO leads (L41A)
                self._strict_play = play if self._claim is None else None
        return who

    # the fold: the record of an irregular table --------------------------------------------------
    def _in_auction_period(self) -> bool:
        """L17D1: the auction period lasts until the opening lead is faced."""
        return self._play is None or not self._play.opening_lead_made

    def _record_call(self, event: events.Call) -> events.Call:
        record = self.record
        assert record is not None
        call, seat = event.call, event.seat
        if self._pending is not None:
            self._require_running(call)
        if seat is None:
            if record.pending is not None:
                self._require_running(call)
            seat = record.turn
            if seat is None:
                raise IllegalCallError(f"{call}: the auction is over; name the seat that called")
        if not self._in_auction_period():
            law = self.rules.cited("auction_period")
            raise AuctionClosedError(f"{call} by {seat.name.lower()}: the auction period is over{law}")
        event = replace(event, seat=seat)
        if event.names is None:
            record.call(call, seat, event.attention)
        else:  # a double naming the bid it doubles: the edition's record reads it (NBB R13(4))
            record.apply(events.to_dict(event))
        self._after_record()
        return event

    def _play_period_event(self, event: events.Event) -> bool:
        """An event the edition rules on in the play period at an irregular table (``Edition.play_event``; WBF17: a
        card exposed, a revoke drawn attention to, dummy's card designated, the review; a fact about a faced opening
        lead out of turn awaiting its ruling); False for the others."""
        auction = self._in_auction_period() and (self._pending is None or self._play is None)
        if self.record is None or auction:
            return False
        before = self.record.pending
        handled = self.rules.play_event(self, event)
        if handled is False:
            return False
        self._mark_ruling(before)
        if isinstance(handled, Choice):
            self._carrying_out(handled)
        self._after_record()
        return True

    def _disclosure_event(self, event: events.Event) -> events.Event | None:
        """An alert, a question, an answer, a break in tempo or a misexplanation (L16B, L20F, L21B, L40, L75) as
        logged, when the edition rules on it (``Edition.disclosure_event``); None for the other events."""
        logged = self.rules.disclosure_event(self, event)
        if logged is not None and self.record is not None:
            self._after_record()
        return logged

    def _director_event(self, event: events.Event) -> None:
        """``choose``, ``judge``, ``change``, ``expose``, ``board_irregularity`` (and an edition's own kinds)
        go to the record."""
        record = self.record
        assert record is not None
        if isinstance(event, events.Change | events.Expose):
            if not self._in_auction_period():
                raise IllegalCallError(f"{event.kind}: the auction period is over{self.rules.cited('auction_period')}")
            if self._pending is not None:
                self._require_running(event.kind)
        if isinstance(event, events.Expose):
            hand = self.hand(event.seat)
            for card in event.cards:
                if card not in hand:
                    raise IllegalCallError(f"expose: {card} is not in {event.seat.name.capitalize()}'s hand")
        ruling = record.pending
        record.apply(events.to_dict(event))
        if ruling is not None and ruling is self._table_ruling and record.pending is not ruling and record.rulings:
            chosen = ruling.outcome(event.answer) if isinstance(event, events.Judge) else None
            option_id = record.rulings[-1]["option"]
            chosen = chosen or next((o for o in ruling.options if o.id == option_id), None)
            if chosen is not None:
                self._carrying_out(Choice(chosen, ruling))
        self._after_record()

    def _mark_ruling(self, before: object) -> None:
        """After an edition's play-period hook: a ruling it made pending is the one whose option the table carries
        out once chosen (the record applies the auction period's to itself, ``director.apply``)."""
        record = self.record
        if record is not None and record.pending is not None and record.pending is not before:
            self._table_ruling = record.pending

    def _carrying_out(self, choice: Choice) -> None:
        """``_carry_out``, the table refolded from its log when it fails (nothing changed)."""
        try:
            self._carry_out(choice)
        except BridgeError:
            self._refold()
            raise

    def _carry_out(self, choice: Choice) -> None:
        """The one function that applies a chosen option of the play period (L10C1), its effects in order: the
        unlawful card awaiting the ruling it settles stands (``ACCEPT``; ``EXCHANGE_ROLES``: the presumed declarer
        becomes dummy, L54A) or goes back to the hand; the last cards played go back (``TAKE_BACK``, L47, L62); a
        card is played (``PLAY``, L58B; ``DESIGNATE``, L46B); the disputed claim is ruled (``AWARD``, L70) or void
        (``PLAY_ON``, L68D2(b)). Then the edition records what the option leaves (``Edition.carry_out``: penalty
        cards, restrictions)."""
        option, card = choice.option, self._pending
        if choice.ruling is not None and card is not None:
            self._resolve(card, option)
        for effect in option.effects:
            if effect.kind is EffectKind.TAKE_BACK:
                self._take_back(int(effect.data))
            elif effect.kind in (EffectKind.PLAY, EffectKind.DESIGNATE) and effect.seat is not None:
                for played in effect.cards:
                    self._push(played, effect.seat)
            elif effect.kind is EffectKind.AWARD:
                self.settle_claim(int(effect.data))
            elif effect.kind is EffectKind.PLAY_ON:
                self.settle_claim(None)
        self.rules.carry_out(self, choice, card)

    def _push(self, card: Card, seat: Seat) -> None:
        play = self._play
        if play is None:
            raise PlayNotStartedError(f"{card}: there is no play")
        play.push(card, seat)

    def _after_record(self) -> None:
        """After the record changed: list a new pending ruling as an irregularity, and start the play once the
        standing calls have ended in a contract (a ruling may still be pending: L26B). After the opening lead
        the auction is closed (L17D1), so nothing the record does can take back the play."""
        record = self.record
        assert record is not None
        ruling = record.pending
        if ruling is not None and ruling is not self._ruled:
            self._irregularities.append(self._ruling_irregularity(record))
        self._ruled = ruling
        play = self._play
        if play is not None and len(play):
            return
        contract, declarer = record.contract, record.declarer
        if contract is None or declarer is None:
            self._play = None
        elif play is None or play.declarer != declarer or play.strain != contract.strain:
            self._play = PlayState(self.board.deal, contract.strain, declarer)

    def _ruling_irregularity(self, record: DirectedAuction) -> Irregularity:
        ruling = record.pending
        assert ruling is not None
        last = record.entries[-1] if record.entries else None
        action: Call | Card | None = None if last is None or not self._in_auction_period() else last.call
        if ruling.irregularity == "card_exposed" and record.last_exposed:
            action = record.last_exposed[0]
        seat = ruling.offender
        if seat is None and last is not None and ruling.irregularity != "lead_restriction":
            seat = last.seat
        trick = None if self._play is None or not len(self._play) else len(self._play.tricks) + 1
        return Irregularity(
            kind_of(ruling.irregularity), seat, action, len(self._events), record.turn, ruling.description, trick
        )

    def _settle_play(self) -> None:
        """After every event at an irregular table: the edition's rulings due in the play period. If the edition
        refuses (a ``BridgeError``), the event is taken back and the table refolded, so nothing has changed."""
        if self._play is not None and not self._stopped:
            try:
                before = None if self.record is None else self.record.pending
                self.rules.settle_play(self)
                self._mark_ruling(before)
            except BridgeError:
                self._events.pop()
                self._undos.pop()
                self._refold()
                raise
            self._after_record()
            if self._stopped:  # a ruling the last event made due: its undo is a refold
                self._undos[-1] = None

    # the fold: cards ----------------------------------------------------------------------------
    def _play_card(self, card: Card, seat: Seat | None) -> tuple[Seat, Undo]:
        """Play ``card``; a card a named seat plays while an unlawful card awaits its ruling goes to the edition
        first (``card_before_rectification``, L60A1), whose settling the undo (a refold of the log) takes back."""
        if seat is None or self._play is None or self._claim is not None or not self._stopped:
            return self._checked_card(card, seat)
        self._require_holding(card, seat)
        settled = self.rules.card_before_rectification(self, seat, card)
        if settled is None:
            self._require_running(card)
        try:
            if settled is not None:
                self._carry_out(settled)
            return self._checked_card(card, seat)[0], self._refold
        except BridgeError:
            self._refold()
            raise

    def _checked_card(self, card: Card, seat: Seat | None) -> tuple[Seat, Undo]:
        self._require_running(card)
        play = self._play
        if play is None:
            over = self._auction.is_over if self.record is None else self.record.is_over
            if over:
                raise PlayNotStartedError(f"{card}: board {self.board.number} was passed out; there is no play")
            law = self.rules.cited("opening_lead")
            err: IllegalPlayError = PlayNotStartedError(
                f"{card}: the auction is not over; the opening lead follows the final pass{law}"
            )
            if not self.irregular or seat is None:
                raise err
            self._require_holding(card, seat)
            turn = self.turn
            return seat, self._flag(IrregularityKind.CARD_DURING_AUCTION, seat, card, turn, str(err))
        if self._claim is not None:
            law = self.rules.cited("claim_stops_play")
            raise ClaimError(f"{card}: play has stopped for the claim by {self._claim.seat.name.lower()}{law}")
        if self._lead_down is not None:
            # L41A–C: the face-down card alone, once the period ends; another seat's card an irregularity (L54, L24)
            self._lead_down.check(card, seat, director=self.record is not None)
        turn = play.turn
        if self.record is None:  # a strict table: L44 alone (see ``legal_cards``), which ``push`` enforces
            try:
                play.push(card, seat)
            except (RevokeError, CardOutOfTurnError) as err:
                raise recited(err, self.rules) from None
            assert turn is not None
            return turn, play.pop
        lead = self._leading(play)
        if lead is not None and lead != turn:  # the edition's hand leads (NBB R51(1))
            if seat not in (None, lead):
                raise IllegalPlayError(f"{card}: the lead comes from {lead.name.lower()} ({self._restriction(lead)})")
            self._require_holding(card, lead)
            if card not in self._edition_cards(play, lead):
                raise IllegalPlayError(f"{card}: not allowed by the rectification in force ({self._restriction(lead)})")
            play.record(card, lead)
            return lead, play.pop
        try:
            try:
                play.check(card, seat)
            except (RevokeError, CardOutOfTurnError) as err:
                raise recited(err, self.rules) from None
            if turn is not None and card not in self._edition_cards(play, turn):
                raise IllegalPlayError(f"{card}: not allowed by the rectification in force ({self._restriction(turn)})")
        except (OutOfTurnError, RevokeError, IllegalPlayError) as err:
            if not self.irregular or isinstance(err, CardNotInHandError):
                raise
            who = turn if seat is None else seat
            if who is None:
                raise
            self._require_holding(card, who)
            return who, self._card_irregularity(err, card, who, turn)
        play.push(card, seat)
        assert turn is not None
        return turn, play.pop

    def _stand(self, play: PlayState, card: Card, seat: Seat) -> None:
        """``card`` of ``seat`` stands although unlawful (``PlayState.record``), refused in the edition's words
        when it is not in rotation to the trick in progress."""
        try:
            play.record(card, seat)
        except CardOutOfTurnError as err:
            raise recited(err, self.rules) from None

    def _restriction(self, seat: Seat) -> str:
        record = self.record
        laws = [] if record is None else [r.law for r in record.lead_restrictions if r.leader == seat]
        return ", ".join(laws) or self.rules.name

    def _card_irregularity(self, err: BridgeError, card: Card, who: Seat, turn: Seat | None) -> Undo:
        play = self._play
        assert play is not None
        trick = len(play.tricks) + 1
        if isinstance(err, RevokeError):
            kind: IrregularityKind = IrregularityKind.REVOKE
        elif isinstance(err, OutOfTurnError):
            kind = IrregularityKind.PLAY_OUT_OF_TURN if len(play) % 4 else IrregularityKind.LEAD_OUT_OF_TURN
        else:
            kind = IrregularityKind.RESTRICTED_CARD
        irregularity = Irregularity(kind, who, card, len(self._events), turn, str(err), trick)
        before = None if self.record is None else self.record.pending
        stands = self.rules.card_irregularity(self, irregularity)
        self._mark_ruling(before)
        if stands:
            self._stand(play, card, who)
            self._irregularities.append(irregularity)
            return self._undo_standing_card
        unflag = self._flag(kind, who, card, turn, str(err), trick)
        ruled = self.record is not None and self.record.pending is not None
        settled = self.rules.ruled_at_once(self) if ruled else None
        if settled is not None:
            self._carrying_out(settled)
            self._after_record()
        return self._refold if ruled else unflag  # the edition's ruling is undone by refolding the log

    def _undo_standing_card(self) -> None:
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

    def _resolve(self, pending: Irregularity, option: Option) -> None:
        """Settle the pending unlawful card by the chosen ``option``: it stands (``ACCEPT``: it takes effect as
        though lawful, the play going on with the declarer the edition says, ``Edition.declarer_after``) or goes
        back to the hand (what follows is the ruling's business). Undone by refolding the log."""
        action = pending.action
        self._pending = None
        if not any(e.kind is EffectKind.ACCEPT for e in option.effects):
            return
        play = self._play
        if not isinstance(action, Card) or play is None or pending.seat is None:
            law = self.rules.cited("card_in_auction")
            raise IllegalPlayError(f"{action}: a card cannot stand as played during the auction{law}")
        declarer = self.rules.declarer_after(play, action, option)
        if declarer != play.declarer:
            play = self._play = PlayState(self.board.deal, play.strain, declarer)
        self._stand(play, action, pending.seat)

    def _take_back(self, count: int) -> None:
        """The last ``count`` cards played go back into their hands, the last first."""
        play = self._play
        if play is None or not 0 <= count <= len(play):
            raise IllegalPlayError(f"cannot take back {count} cards: {0 if play is None else len(play)} were played")
        for _ in range(count):
            play.pop()

    def copy(self) -> Table:
        """An independent table with the same log."""
        return Table.from_events(map(_event, self._log()))

    def _refold(self) -> None:
        """Rebuild this table in place from its log (undo of an event whose handler gave no undo)."""
        events = self._log()
        first = events[0]
        agreements = _agreements(_event(first))
        Table.__init__(self, self.board, self.rules, self.irregular, agreements=agreements)
        self._events[0] = first
        for event in events[1:]:
            self.apply(_event(event))

    # claims ---------------------------------------------------------------------------------------
    def _set_claim(self, claim: Claim | None) -> Undo:
        """Set the claim standing; the undo puts the old one back, as a ``partial`` of the bound method (a closure
        would neither pickle nor follow a copy: ``copy.deepcopy`` binds it to the copy)."""
        old = self._claim
        self._claimed(claim)
        return partial(self._claimed, old)

    def _claimed(self, claim: Claim | None) -> None:
        """The claim now standing (None: none), and with it whether a strict table's hot paths run
        (``_strict_play``)."""
        self._claim = claim
        strict = claim is None and self.record is None and self._lead_down is None
        self._strict_play = self._play if strict else None

    def _claim_event(self, event: events.Claim | events.Agree | events.Dispute | events.PlayOn) -> Undo | None:
        """A claim, an agreement, an objection or play on: the claim the edition says follows
        (``Edition.claim_event``, L68–L70); a claim needs the play running. None when the edition's record changed
        too (a pending ruling on the claim lapsing): undone by refolding the log."""
        if isinstance(event, events.Claim):
            self._require_running("claim")
        ruling = None if self.record is None else self.record.pending
        claim = self.rules.claim_event(self, event)
        if self.record is not None and self.record.pending is not ruling:
            self._claimed(claim)
            return None
        return self._set_claim(claim)

    def settle_claim(self, tricks: int | None) -> None:
        """The director's ruling on the disputed claim (L70): the claimer's side gets ``tricks`` of the remaining
        tricks; ``None``: the claim is void and play continues (L68D2(b)). For the play-period director's options
        (a ``choose`` or ``judge`` event, whose undo is a refold of the log)."""
        claim = self._claim
        if claim is None or claim.disputed_by is None or claim.ruled is not None:
            raise ClaimError(f"there is no disputed claim to rule on{self.rules.cited('claim_ruling')}")
        if tricks is not None and not 0 <= tricks <= claim.remaining:
            raise ClaimError(f"a ruling of {tricks} tricks: {claim.remaining} remain{self.rules.cited('claim_ruling')}")
        self._claimed(None if tricks is None else replace(claim, ruled=tricks))

    # events ---------------------------------------------------------------------------------------
    def to_events(self) -> list[Event]:
        """The event log (docs/architecture.md §5), first event the board; each event a fresh dict."""
        return [dict(_event(e)) for e in self._log()]

    def to_jsonl(self) -> str:
        """The event log as JSON lines."""
        return "".join(json.dumps(_event(e), ensure_ascii=False) + "\n" for e in self._log())

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
        """Rebuild a table from JSON lines through ``contractbridge.loglines``, the log's reader (a torn last
        line is dropped with a warning; any other bad line is an ``EventLogError`` naming the first one)."""
        lines = text if isinstance(text, str) else "".join(t if t.endswith("\n") else t + "\n" for t in text)
        return fold(read_events(lines), lambda event: cls.from_events([event]), cls.apply)[0]

    @classmethod
    def _from_board_event(cls, event: Mapping[str, Any]) -> Table:
        start = events.parse(event) if isinstance(event, Mapping) else None
        if not isinstance(start, events.BoardStart):
            raise ParseError(f"the log must start with a board event, not {event!r}")
        if start.deal is None:
            raise ParseError("'board' event has no 'deal': a table needs the deal")
        markings: dict[str, Any] = {}
        if start.dealer is not None:
            markings["dealer"] = start.dealer
        if start.vulnerability is not None:
            markings["vulnerability"] = start.vulnerability
        board = Board(start.number, Deal(start.deal), **markings)
        agreements = None if start.system is None else PartnershipAgreements.from_dict(start.system)
        table = cls(board, start.edition or DEFAULT_EDITION, start.irregular, agreements=agreements)
        table._events[0] = {**events.to_dict(start), **_event(table._events[0])}
        return table

    # views ------------------------------------------------------------------------------------------
    def view(self, seat: Seat | str) -> TableView:
        """What ``seat`` may see now (docs/architecture.md §3.6)."""
        who = Seat.parse(seat) if isinstance(seat, str) else seat
        play = self._play
        acting = self.actor == who
        dummy_hand = None
        tricks: tuple[Trick, ...] = ()
        current: tuple[tuple[Seat, Card], ...] = ()
        won = (0, 0)
        legal_cards: frozenset[Card] = frozenset()
        if play is not None:
            if self.rules.dummy_faced(play):
                dummy_hand = play.hand(play.dummy)
            tricks = tuple(play.tricks)
            current = tuple(play.current_trick)
            won = (play.tricks_won(Side.NS), play.tricks_won(Side.EW))
            if acting:
                legal_cards = self.legal_cards()
        claim, down = self._claim, self._lead_down
        return TableView(
            seat=who,
            number=self.board.number,
            dealer=self.board.dealer,
            vulnerability=self.board.vulnerability,
            edition=self.edition,
            phase=self.phase,
            turn=self.turn,
            hand=self.hand(who),
            auction=self.auction.copy(),
            contract=self.contract,
            declarer=self.declarer,
            dummy=self.dummy,
            dummy_hand=dummy_hand,
            tricks=tricks,
            current_trick=current,
            tricks_won=won,
            claim=claim,
            claimer_hand=None if claim is None else self.hand(claim.seat),
            pending_irregularity=self.pending_irregularity,
            legal_calls=tuple(self.legal_calls()) if acting and play is None else (),
            legal_cards=legal_cards,
            face_down_lead=None if down is None or down.leader != who else down.card,  # L41A: his alone
        )

    def _repr_html_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.table_html(self)

    def _repr_svg_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.svg(self.board)

    def __repr__(self) -> str:
        return f"<Table board {self.board.number} {self.edition} {self.phase.value}, {len(self._log())} events>"


def _agreements(board_event: Mapping[str, Any]) -> PartnershipAgreements | None:
    """The partnerships' agreements a board event may carry (``"system"``, docs/architecture.md §5)."""
    start = events.parse(board_event)
    assert isinstance(start, events.BoardStart)
    return None if start.system is None else PartnershipAgreements.from_dict(start.system)
