"""The director's record of an auction: every call as it was made, with its status (standing, pending,
withdrawn, cancelled), and the rectifications in force (L9–L16, L23–L39).

``DirectedAuction`` accepts what really happens at a table. When an action is not lawful at that moment the
edition (``contractbridge.laws``) classifies it and a ``Ruling`` becomes pending; while it is pending only
the calls the laws allow before rectification are accepted (L9B2). Events (docs/architecture.md §5) drive it: ``call``,
``change`` (L25), ``expose`` (L24), ``choose`` (the chooser picks an option), ``judge`` (the director answers
the pending question) and ``board_irregularity`` (L13–L15). The engine asks, never guesses.

This record is the only auction state of an irregular ``Table``: the ``Auction`` of its standing calls
(``auction()``), the contract and the declarer are derived from it; rulings are an overlay on it. The law
itself lives in the edition; this module is the machinery every edition shares.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from contractbridge import events, rulebooks
from contractbridge.auction import Auction, first_to_name
from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, CallKind, all_bids
from contractbridge.cards import Card, Seat, Side, Suit
from contractbridge.contract import Contract, Doubling
from contractbridge.director.apply import apply_option, call_before_rectification
from contractbridge.director.effects import (
    AwaitedCall,
    Duration,
    InfoFlag,
    LeadRestriction,
    Obligation,
    PenaltyCard,
    Status,
)
from contractbridge.director.rulings import DIRECTOR, Option, Ruling, seat_name
from contractbridge.errors import (
    EventLogError,
    IllegalCallError,
    JudgementRequiredError,
    RulingError,
    RulingPendingError,
)
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.systems.base import CallMeaning

if TYPE_CHECKING:
    from contractbridge.laws.base import Edition

__all__ = [
    "AuctionSummary",
    "AwaitedCall",
    "DirectedAuction",
    "Entry",
    "Status",
    "admissible_over",
    "lawful_over",
]

_BIDS: Final = all_bids()


@dataclass(slots=True)
class Entry:
    """One call as it was made at the table."""

    seat: Seat
    call: Call
    status: Status = Status.PENDING
    law: str = ""
    #: a pass the law deems made (L28A)
    compulsory: bool = False
    #: an inadmissible double or redouble nobody drew attention to: scored as if not made (L36C)
    ignored: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat.letter, "call": str(self.call), "status": self.status.value}
        if self.law:
            out["law"] = self.law
        if self.compulsory:
            out["compulsory"] = True
        if self.ignored:
            out["ignored"] = True
        return out


class AuctionSummary:
    """The standing auction at a glance (L18–L22), rotation taken from the standing calls themselves."""

    __slots__ = ("calls", "doubling", "last_bid", "last_bidder", "passes", "turn")

    def __init__(self, dealer: Seat, standing: Sequence[tuple[Seat, Call]], ignored: set[int] | None = None) -> None:
        self.calls = standing
        self.last_bid: Bid | None = None
        self.last_bidder: Seat | None = None
        self.doubling = Doubling.NONE
        self.passes = 0
        for i, (seat, call) in enumerate(standing):
            if ignored and i in ignored:
                self.passes = 0  # L36C: it took its place in the auction but is scored as if not made
            elif isinstance(call, Bid):
                self.last_bid, self.last_bidder, self.doubling, self.passes = call, seat, Doubling.NONE, 0
            elif call.kind is CallKind.PASS:
                self.passes += 1
            else:
                self.doubling = Doubling.DOUBLED if call.kind is CallKind.DOUBLE else Doubling.REDOUBLED
                self.passes = 0
        self.turn = dealer if not standing else standing[-1][0].lho

    @property
    def is_over(self) -> bool:
        return self.passes >= 3 and ((self.last_bid is not None and len(self.calls) >= 4) or self.passes >= 4)


def admissible_over(s: AuctionSummary, seat: Seat, call: Call) -> bool:
    """L19A1/L19B1: whether a double or redouble by ``seat`` is permitted after the calls of ``s``."""
    if call.kind is CallKind.DOUBLE:
        return s.last_bidder is not None and s.doubling is Doubling.NONE and s.last_bidder.side != seat.side
    if call.kind is CallKind.REDOUBLE:
        return s.last_bidder is not None and s.doubling is Doubling.DOUBLED and s.last_bidder.side == seat.side
    return True


def lawful_over(s: AuctionSummary, seat: Seat, call: Call) -> bool:
    """Whether ``call`` by ``seat`` is lawful by L18–L19 after the calls of ``s`` (turn not checked)."""
    if isinstance(call, Bid):
        return call.level <= 7 and call.supersedes(s.last_bid)
    return admissible_over(s, seat, call)


class DirectedAuction:
    """An auction that records irregularities and is rectified by rulings (edition ``edition``)."""

    #: the event kinds ``apply`` reads (an edition's record may add its own)
    EVENTS: ClassVar[frozenset[str]] = frozenset({"call", "change", "expose", "choose", "judge", "board_irregularity"})

    def __init__(
        self,
        dealer: Seat = Seat.NORTH,
        edition: str | Edition | None = None,
        system: PartnershipAgreements | None = None,
    ) -> None:
        self.dealer = Seat(dealer)
        if edition is None:
            edition = rulebooks.DEFAULT_EDITION
        self.edition: Edition = rulebooks.find(edition) if isinstance(edition, str) else edition
        self.system = system or PartnershipAgreements()
        self.entries: list[Entry] = []
        self.pending: Ruling | None = None
        self.obligations: dict[Seat, Obligation] = {}
        self.requirements: dict[Seat, tuple[Call, str]] = {}
        self.watches: list[AwaitedCall] = []
        self.review: list[str] = []
        self.information: list[InfoFlag] = []
        self.exposed: list[tuple[Seat, Card, bool]] = []
        self.lead_penalties: list[tuple[Seat, str]] = []
        self.lead_restrictions: list[LeadRestriction] = []
        self.penalty_cards: list[PenaltyCard] = []
        self.rulings: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.ended = False
        self.last_exposed: tuple[Card, ...] = ()

    # ---- reading --------------------------------------------------------------------------------
    def standing(self) -> list[tuple[Seat, Call]]:
        """The auction: every standing call with its seat."""
        return [(e.seat, e.call) for e in self.entries if e.status is Status.STANDING]

    def auction(self) -> Auction:
        """The standing calls as an ``Auction`` (derived, never kept): an accepted insufficient bid or call out
        of rotation stands as ``Auction.record`` lets it (L27A1, L29A); an inadmissible double or redouble
        noticed too late keeps its place but is scored as if not made (L36C, ``Auction.record(ignored=True)``)."""
        auction = Auction(self.dealer)
        for e in self.entries:
            if e.status is not Status.STANDING:
                continue
            if not e.ignored and auction.turn == e.seat and auction.is_legal(e.call):
                auction.push(e.call)
            else:
                auction.record(e.call, e.seat, ignored=e.ignored)
        return auction

    def standing_calls(self) -> list[Call]:
        return [c for _, c in self.standing()]

    def summary(self) -> AuctionSummary:
        made = [e for e in self.entries if e.status is Status.STANDING]
        return AuctionSummary(
            self.dealer, [(e.seat, e.call) for e in made], {i for i, e in enumerate(made) if e.ignored}
        )

    @property
    def is_over(self) -> bool:
        return self.summary().is_over

    @property
    def is_passed_out(self) -> bool:
        s = self.summary()
        return s.is_over and s.last_bid is None

    @property
    def turn(self) -> Seat | None:
        s = self.summary()
        return None if s.is_over else s.turn

    @property
    def contract(self) -> Contract | None:
        s = self.summary()
        if not s.is_over or s.last_bid is None:
            return None
        return Contract.from_bid(s.last_bid, s.doubling)

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side to name the final denomination (Definitions, L22A)."""
        s = self.summary()
        if not s.is_over or s.last_bid is None or s.last_bidder is None:
            return None
        return first_to_name(s.calls, s.last_bid.strain, s.last_bidder)

    @property
    def dummy(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.partner

    @property
    def opening_leader(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.lho

    def is_defender(self, seat: Seat) -> bool:
        d = self.declarer
        return d is not None and seat.side != d.side

    def has_called(self, seat: Seat) -> bool:
        return any(e.seat == seat and e.status is Status.STANDING for e in self.entries)

    def last_standing_index(self, seat: Seat) -> int | None:
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].seat == seat and self.entries[i].status is Status.STANDING:
                return i
        return None

    def before(self, index: int) -> list[Call]:
        """The standing calls made before entry ``index``."""
        return [e.call for e in self.entries[:index] if e.status is Status.STANDING]

    def meaning(self, index: int) -> CallMeaning:
        """The partnership meaning of entry ``index`` (its pair's system card, then the description of both pairs,
        then the implemented system the card names; natural otherwise: L40A1(b))."""
        entry = self.entries[index]
        return self.system.meaning(self.before(index), entry.call, entry.seat, dealer=self.dealer)

    def is_sufficient(self, call: Call) -> bool:
        last = self.summary().last_bid
        return not isinstance(call, Bid) or call.supersedes(last)

    def admissible(self, seat: Seat, call: Call) -> bool:
        """Whether a double/redouble by ``seat`` is permitted by L19 over the standing auction."""
        return admissible_over(self.summary(), seat, call)

    def lawful_calls(self, seat: Seat) -> list[Call]:
        """Every call L18–L19 allow ``seat`` over the standing auction, ignoring obligations."""
        s = self.summary()
        calls: list[Call] = [PASS]
        if self.admissible(seat, DOUBLE):
            calls.append(DOUBLE)
        if self.admissible(seat, REDOUBLE):
            calls.append(REDOUBLE)
        calls.extend(_BIDS[0 if s.last_bid is None else s.last_bid.rank + 1 :])
        return calls

    def legal_calls(self) -> list[Call]:
        """What the player to call may lawfully do now, with the director's obligations enforced."""
        turn = self.turn
        if turn is None or self.pending is not None:
            return []
        if turn in self.obligations:
            return [PASS]
        required = self.requirements.get(turn)
        if required is not None:
            return [required[0]]
        return self.lawful_calls(turn)

    def specified_suits(self, seat: Seat) -> frozenset[Suit]:
        """Suits ``seat`` specified in the legal auction (L26B), from his standing calls' meanings."""
        suits: set[Suit] = set()
        for i, e in enumerate(self.entries):
            if e.seat == seat and e.status is Status.STANDING:
                suits |= self.meaning(i).specified_suits
        return frozenset(suits)

    @property
    def review_flags(self) -> list[str]:
        """What the director checks after play: the flags the rulings set, and ``REVIEW(16C)`` while any
        withdrawn call is UI for a side (L16C3; the edition's law for unauthorized information)."""
        law = self.edition.CITATIONS.get("unauthorized_information")
        return [*self.review, *([f"REVIEW({law.removeprefix('L')})"] if self.information and law else [])]

    # ---- mutation primitives for editions -------------------------------------------------------
    def append(self, seat: Seat, call: Call, status: Status = Status.PENDING, law: str = "") -> int:
        self.entries.append(Entry(seat, call, status, law))
        return len(self.entries) - 1

    def insert(self, position: int, entry: Entry) -> None:
        """Put ``entry`` back at ``position`` (a call taking an earlier call's place, L25A1); the indices the
        pending rectifications and L16C flags keep follow."""
        self.entries.insert(position, entry)
        for w in self.watches:
            if w.data.get("index", -1) >= position:
                w.data["index"] += 1
        self.information = [
            f if f.index < position else InfoFlag(f.seat, f.call, f.ui_for, f.law, f.index + 1)
            for f in self.information
        ]

    def stand(self, index: int, law: str = "") -> None:
        """Entry ``index`` becomes part of the legal auction; a pass fulfils a NEXT obligation."""
        e = self.entries[index]
        e.status, e.law = Status.STANDING, law or e.law
        ob = self.obligations.get(e.seat)
        if ob is not None and ob.duration is Duration.NEXT and e.call.kind is CallKind.PASS:
            del self.obligations[e.seat]
        req = self.requirements.get(e.seat)
        if req is not None and (req[0] == e.call or e.seat in self.obligations):
            del self.requirements[e.seat]  # repeated, or impossible for a player who must pass (L37)
            if req[0] == e.call:  # repeated: no rectification, the cancelled call's information is no UI
                self.information = [f for f in self.information if not (f.seat == e.seat and f.call == e.call)]

    def withdraw(self, index: int, law: str, status: Status = Status.WITHDRAWN, ui_for: Side | None = None) -> None:
        """Take entry ``index`` out of the legal auction; with ``ui_for``, record the L16C flag."""
        e = self.entries[index]
        e.status, e.law = status, law
        if ui_for is not None:
            self.information.append(InfoFlag(e.seat, e.call, ui_for, law, index))

    def cancel_from(self, index: int, law: str, ui_for: Side | None) -> None:
        """Cancel entry ``index`` and every later call (L36A, L38B, L17D3)."""
        for i in range(index, len(self.entries)):
            if self.entries[i].status in (Status.STANDING, Status.PENDING):
                self.withdraw(i, law, Status.CANCELLED, ui_for)

    def oblige(self, seat: Seat, duration: Duration, law: str) -> None:
        """``seat`` must pass (NEXT or REST); a REST obligation is never shortened by a NEXT one."""
        old = self.obligations.get(seat)
        if old is None or old.duration is Duration.NEXT:
            self.obligations[seat] = Obligation(seat, duration, law)

    def require(self, seat: Seat, call: Call, law: str) -> None:
        self.requirements[seat] = (call, law)

    def add_review(self, law: str) -> None:
        flag = f"REVIEW({law})"
        if flag not in self.review:
            self.review.append(flag)

    def add_lead_penalty(self, offender: Seat, law: str) -> None:
        """L26B may apply: if ``offender`` defends, declarer may restrict his partner's lead."""
        self.lead_penalties.append((offender, law))

    def watch(self, w: AwaitedCall) -> None:
        self.watches.append(w)

    def take_watch(self, seat: Seat, *kinds: str) -> AwaitedCall | None:
        for w in self.watches:
            if w.seat == seat and (not kinds or w.kind in kinds):
                self.watches.remove(w)
                return w
        return None

    def peek_watch(self, seat: Seat, *kinds: str) -> AwaitedCall | None:
        for w in self.watches:
            if w.seat == seat and (not kinds or w.kind in kinds):
                return w
        return None

    def note(self, text: str) -> None:
        self.notes.append(text)

    def rule(self, ruling: Ruling) -> None:
        """Make ``ruling`` pending."""
        self.pending = ruling

    def resolve(self, law: str, option: str) -> None:
        """Record that the pending ruling was settled by ``option`` under ``law``."""
        if self.pending is not None:
            self.rulings.append(
                {
                    "irregularity": self.pending.irregularity,
                    "law": law,
                    "option": option,
                    "offender": None if self.pending.offender is None else self.pending.offender.letter,
                }
            )
        self.pending = None

    # ---- events ---------------------------------------------------------------------------------
    def call(self, call: Call | str, seat: Seat | str, attention: bool = True) -> None:
        """A call by ``seat``, lawful or not. Unlawful calls become pending rulings; while a ruling is
        pending only the calls the laws allow before rectification are accepted (L9B2). With
        ``attention=False`` nobody drew attention to the call when it was made (L36C)."""
        seat = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        call = Call.parse(call, allow_above_seven=True) if isinstance(call, str) else call
        if attention:
            self._transaction(lambda: self.dispatch(seat, call))
        else:
            self._transaction(lambda: self.edition.unnoticed_call(self, seat, call))

    def dispatch(self, seat: Seat, call: Call) -> None:
        """A call inside an event (for editions: the call made over an accepted irregularity): to the
        pending ruling's forfeits if one is pending, else to the edition."""
        if self.pending is not None:
            self._before_rectification(seat, call)
            return
        self.edition.call(self, seat, call)

    def _before_rectification(self, seat: Seat, call: Call) -> None:
        ruling = self.pending
        assert ruling is not None
        if ruling.question is not None:
            raise JudgementRequiredError(
                f"{call} by {seat_name(seat)}: the director must first judge {ruling.question.id!r} "
                f"({ruling.question.law}): {ruling.question.text}"
            )
        for f in ruling.before_rectification:
            if f.seat == seat:
                call_before_rectification(self, f, call)
                return
        raise RulingPendingError(
            f"{call} by {seat_name(seat)}: the {ruling.irregularity.replace('_', ' ')} {ruling.awaits(self.edition)}; "
            "no player may act before it"
        )

    def change(self, call: Call | str, seat: Seat | str) -> None:
        """``seat`` replaces his last call with ``call`` (a change of call, L25)."""
        seat = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        call = Call.parse(call, allow_above_seven=True) if isinstance(call, str) else call
        self._transaction(lambda: self._change(seat, call))

    def _change(self, seat: Seat, call: Call) -> None:
        if self.pending is not None:
            law = self.edition.cited("before_rectification")
            raise RulingPendingError(f"change of call by {seat_name(seat)} while a ruling is pending{law}")
        self.edition.change_of_call(self, seat, call)

    def expose(self, seat: Seat | str, cards: Iterable[Card | str], led: bool = False) -> None:
        """Cards of ``seat`` exposed (``led``: led prematurely) during the auction (L24)."""
        seat = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        faced = tuple(Card.parse(c) if isinstance(c, str) else c for c in cards)
        if not faced:
            raise IllegalCallError(f"an exposure needs at least one card{self.edition.cited('card_in_auction')}")
        if self.pending is not None:
            law = self.edition.cited("before_rectification")
            raise RulingPendingError(f"cards exposed by {seat_name(seat)} while a ruling is pending{law}")
        self.last_exposed = faced
        self._transaction(lambda: self.edition.exposed_cards(self, seat, faced, led))

    def choose(self, seat: Seat | str | None, option: str) -> None:
        """The chooser (a seat, or the director for a ruling without a choice) picks ``option``."""
        who = None if seat in (None, DIRECTOR) else Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        ruling = self.pending
        if ruling is None:
            raise RulingError("choose: no ruling is pending")
        if ruling.question is not None:
            raise JudgementRequiredError(
                f"choose: the director must first judge {ruling.question.id!r} ({ruling.question.law}): "
                f"{ruling.question.text}"
            )
        if who != ruling.chooser:
            expected = DIRECTOR if ruling.chooser is None else seat_name(ruling.chooser)
            got = DIRECTOR if who is None else seat_name(who)
            raise RulingError(f"choose: {got} may not choose here; the choice is {expected}'s ({ruling.law})")
        opt = ruling.option(option)
        self._transaction(lambda: self._apply(ruling, opt))

    def judge(self, question: str, answer: bool) -> None:
        """The director's answer to the pending question (never guessed by the engine)."""
        ruling = self.pending
        if ruling is None or ruling.question is None:
            raise RulingError(f"judge {question!r}: no judgement is pending")
        if ruling.question.id != question:
            raise RulingError(
                f"judge {question!r}: the pending question is {ruling.question.id!r} ({ruling.question.law})"
            )
        opt = next(o for o in ruling.options if o.answer is bool(answer))
        self._transaction(lambda: self._apply(ruling, opt))

    def _apply(self, ruling: Ruling, opt: Option) -> None:
        self.resolve(opt.law, opt.id)
        for flag in ruling.review:
            self.add_review(flag[7:-1] if flag.startswith("REVIEW(") else flag)
        apply_option(self, opt)

    def _transaction(self, action: Callable[[], None]) -> None:
        saved = {k: copy.deepcopy(v) for k, v in vars(self).items() if k not in ("edition", "system", "pending")}
        saved["pending"] = self.pending
        try:
            action()
            self._settle()
        except BaseException:
            for k, v in saved.items():
                setattr(self, k, v)
            raise

    def _settle(self) -> None:
        """After every event: end-of-auction bookkeeping (L17D3/L34, L24D/E, L26B)."""
        if self.pending is not None:
            return
        self.edition.settle(self)

    # ---- event log ------------------------------------------------------------------------------
    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (docs/architecture.md §5, read by ``events.parse``): call, change, expose, choose, judge or
        board_irregularity. An edition's record reads its own kinds first and passes the rest on here."""
        ev = events.parse(event)
        match ev:
            case events.Call(call=call, seat=Seat() as seat, attention=attention):
                self.call(call, seat, attention)
            case events.Call():
                raise EventLogError("call event without 'seat'")
            case events.Change():
                self.change(ev.call, ev.seat)
            case events.Expose():
                self.expose(ev.seat, ev.cards, ev.led)
            case events.Choose():
                self.choose(ev.seat, ev.option)
            case events.Judge():
                self.judge(ev.question, ev.answer)
            case events.BoardIrregularity():
                self._transaction(lambda: self.edition.board_irregularity(self, ev.irregularity, ev.facts))
            case _:
                raise EventLogError(f"unknown event {ev.kind!r} for the auction director")

    @classmethod
    def from_events(
        cls,
        log: Iterable[Mapping[str, Any]],
        dealer: Seat = Seat.NORTH,
        edition: str | None = None,
        system: PartnershipAgreements | None = None,
    ) -> DirectedAuction:
        """Replay the events of ``log``; an ``EventLogError`` names the event (1-based) and the reason."""
        da = cls(dealer, edition, system)
        for i, event in enumerate(log, 1):
            try:
                da.apply(event)
            except EventLogError as err:
                raise EventLogError(f"event {i}: {err}") from None
            except ValueError as err:
                raise EventLogError(f"event {i} ({event.get('event')}): {err}") from err
        return da

    def to_dict(self) -> dict[str, Any]:
        """State and pending ruling, as ``contractbridge rule`` prints it (docs/architecture.md §5)."""
        contract = self.contract
        return {
            "phase": "auction" if not self.is_over else ("done" if self.is_passed_out else "play"),
            "edition": self.edition.name,
            "dealer": self.dealer.letter,
            "turn": None if self.turn is None else self.turn.letter,
            "auction": " ".join(str(c) for c in self.standing_calls()),
            "record": [e.to_dict() for e in self.entries],
            "contract": None if contract is None else str(contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "legal_calls": [str(c) for c in self.legal_calls()],
            "ruling": None if self.pending is None else self.pending.to_dict(),
            "obligations": {s.letter: o.duration.value for s, o in sorted(self.obligations.items())},
            "obligation_laws": {s.letter: o.law for s, o in sorted(self.obligations.items())},
            "requirements": {s.letter: {"call": str(c), "law": law} for s, (c, law) in self.requirements.items()},
            "lead_restrictions": [r.to_dict() for r in self.lead_restrictions],
            "exposed_cards": [{"seat": s.letter, "card": str(c), "led": led} for s, c, led in self.exposed],
            "penalty_cards": [p.to_dict() for p in self.penalty_cards],
            "information": [f.to_dict() for f in self.information],
            "review": self.review_flags,
            "rulings": list(self.rulings),
            "notes": list(self.notes),
        }

    def explain(self, played: Collection[PenaltyCard] = ()) -> str:
        """The state in words: the pending ruling and what the director's rectifications require; the penalty
        cards but those ``played`` since (no longer penalty cards, L50A)."""
        lines: list[str] = []
        if self.pending is not None:
            lines.append(self.pending.explain())
        for ob in self.obligations.values():
            how = "at his next turn" if ob.duration is Duration.NEXT else "for the rest of the auction"
            lines.append(f"{seat_name(ob.seat)} must pass {how} ({ob.law}).")
        for seat, (call, law) in self.requirements.items():
            lines.append(f"{seat_name(seat)} must repeat {call} ({law}).")
        for w in self.watches:
            lines.append(self.edition.describe_watch(w))
        for r in self.lead_restrictions:
            if not r.decided:
                lines.append(
                    f"At {seat_name(r.leader)}'s first lead, declarer may forbid one of "
                    f"{', '.join(s.letter for s in r.suits)} ({r.law})."
                )
            elif r.banned:
                lines.append(
                    f"{seat_name(r.leader)} may not lead {' or '.join(s.letter for s in r.banned)} while he keeps "
                    f"the lead ({r.law})."
                )
        for p in (p for p in self.penalty_cards if p not in played):
            lines.append(f"{seat_name(p.seat)}'s {p.card} is a {'major' if p.major else 'minor'} penalty card.")
        if self.review_flags:
            lines.append("Review after play: " + ", ".join(self.review_flags) + ".")
        return "\n".join(lines) if lines else "No ruling is pending."
