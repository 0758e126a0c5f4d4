"""WBF 2017 disclosure and the proprieties at the table (L16B, L20F, L21B, L40, L73C, L75): alerts, questions about
the auction or a call with their answers, breaks in tempo, and a misexplanation or a failure to alert as an
irregularity the director rules on.

The events (each stamped, as logged, with ``at``: the calls of the auction and the cards played when it happened):

- ``{"event": "alert", "seat": "S"}``: S alerts his partner's last call (``"call": 3``: the third call of the
  auction), with an optional ``explanation`` (L40B2(a)(iii); the NBB bidding-box appendix: the partner of the
  caller alerts). Under a ``self_alert`` policy (online play) a player alerts his own call. An alert after the
  next call is ``late``: a failure to alert promptly counts as misinformation (L21B1(a)).
- ``{"event": "question", "seat": "E"}``: E asks for an explanation of the opponents' auction (L20F1, at his own
  turn to call and not while he must pass; L20F2, after the final pass at his own turn to play: a defender about the
  opposing auction, declarer about the defenders' calls and card play; L41B, before the opening lead, also the
  leader's partner and the presumed declarer), or with ``"call": 2`` about that call only
  (L20F3). The partner of the player who made the call answers (L20F1): one ``{"event": "answer", "seat": "W",
  "text": "…"}`` event a player, before the next call or card.
- ``{"event": "hesitation", "seat": "N", "noted_by": "E"}``: a break in tempo by N over his last call or card
  (L16B1, L73C), noted by an opponent who reserves the right to call the director (L16B2; the NBB/VBL does not forbid
  it). At a director's table it raises REVIEW(16B): after play the director judges whether a logical alternative
  existed and the UI demonstrably suggested the action taken over it (L16B1(a)(b)); only then may his ``review``
  answer adjust the score (L12C1, L16B3).
- ``{"event": "face_down_lead", "seat": "W", "card": "SK"}``: the opening leader leads face down (L41A; the NBB/VBL
  prescribe it); the clarification period follows (L41B): ``{"event": "no_questions", "seat": "S"}`` says that the
  presumed declarer or the leader's partner has no (further) question; once both have said so and no question awaits
  its answer, the lead is faced: the ``play`` event of that card (L41C; dummy is then spread, L41D). The leader
  asks nothing once his card is face down, nor a player once he said he had no questions; each asks again at his
  own turn to play (L20F2). Meanwhile nobody chooses a card (``Table.legal_cards`` is empty): the leader faces that
  card and no other, and only once the period ends (``FaceDownLead``: L41A, L41B, L41C); the leader's partner's card
  faced out of turn is a lead out of turn, the face-down lead withdrawn (L54); the presumed declarer's or dummy's card
  is exposed in the auction period (L17D1, L54E, L24D). At a director's table the leader may ask to withdraw it after
  the opponents' misexplanation was corrected (``{"event": "retract", "seat": "W", "reason": "misexplanation"}``, the
  director judges, L47E2(a)); he then leads again, face down, and the questions start anew. A log without these events
  (a lead played at once) reads as before.
- ``{"event": "misexplanation", "seat": "E", "call": 2, "kind": "explanation"}`` (or ``"no_alert"``, ``"alert"``):
  the director is called about the explanation of call 2, a failure to alert it, or an alert where none was due
  (L20F5(a)). Who may call him when is law (L20F4, L20F5(b), L75B2, L75B3). The ruling asks the director the
  question the laws leave to him, ``mistaken_explanation``: an explanation that did not match the agreement (L75B1,
  an infraction: REVIEW(75B1), the adjusted score after play on the basis L75D3 names) or a mistaken call (L75C:
  no infraction, the result stands)? Without evidence to the contrary he presumes a mistaken explanation (L21B1(b));
  the pair's system card and the explanation given are the evidence shown. When the caller heard his partner's
  explanation and called or played after it, his knowledge is UI (L75A): REVIEW(75A).

Who sees what (``view``): at the table all four hear a question, an answer and an alert (L20F1), and the record says
for whom each is unauthorized information (L16B1: the partner of the asker, the alerter and the answerer; L75A); under
a ``self_alert`` policy a question goes to the player who answers it only and an explanation to the opponents only.
A seat's view also says what he may do now (``may``, tried with the events' own checks): the web table offers that
and nothing else.
The 1930s books have no alert procedure and no such events (docs/disclosure.md)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

from contractbridge import events
from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.director import (
    AuctionSummary,
    DirectedAuction,
    Effect,
    EffectKind,
    Option,
    Question,
    Ruling,
    Status,
    lawful_over,
    seat_name,
)
from contractbridge.errors import (
    BridgeError,
    ClaimError,
    IllegalCallError,
    IllegalPlayError,
    ParseError,
    RulingError,
)
from contractbridge.events import Event, Extension, Misinformation
from contractbridge.laws.base import Choice, Edition, PlayTable, ruling_pending
from contractbridge.laws.wbf17.board_review import REVIEW
from contractbridge.laws.wbf17.common import require_no_ruling
from contractbridge.laws.wbf17.play.procedure import FaceDownLead, review_rights
from contractbridge.laws.wbf17.retractions import (
    MISEXPLANATION,
    RETRACT,
    face_down_withdrawal,
    misexplained,
    withdrawn_face_down_leads,
)
from contractbridge.systems.agreements import PartnershipAgreements, natural_meaning
from contractbridge.systems.base import CallMeaning
from contractbridge.values import Claim, Phase

if TYPE_CHECKING:
    from contractbridge.laws.base import DisclosureTable as Table

__all__ = [
    "ALERT",
    "ANSWER",
    "FACE_DOWN_LEAD",
    "HESITATION",
    "JUDGEMENTS",
    "KINDS",
    "MISEXPLANATION",
    "MISEXPLANATION_KINDS",
    "NO_QUESTIONS",
    "QUESTION",
    "Disclosure",
    "WBF17Disclosure",
    "answer_text",
    "explained_calls",
]

ALERT: Final = "alert"
QUESTION: Final = "question"
ANSWER: Final = "answer"
HESITATION: Final = "hesitation"
FACE_DOWN_LEAD: Final = "face_down_lead"
NO_QUESTIONS: Final = "no_questions"
#: the event kinds of this module
KINDS: Final = frozenset({ALERT, QUESTION, ANSWER, HESITATION, MISEXPLANATION, FACE_DOWN_LEAD, NO_QUESTIONS})
#: what the director reports about a call (``misexplanation``'s ``kind``)
MISEXPLANATION_KINDS: Final = {
    "explanation": "the explanation of {}",
    "no_alert": "a failure to alert {}",
    "alert": "an alert of {}",
}

#: L16B1's examples of extraneous information from partner (a ``hesitation`` event's ``kind``), in words
_MANNERS: Final = {
    "hesitation": "an unmistakable hesitation",
    "haste": "unusual speed",
    "remark": "a remark",
    "gesture": "a gesture or movement",
    "emphasis": "special emphasis or tone",
    "mannerism": "a mannerism",
}
#: the kinds that are the tempo of an action (a call or a card must have been made)
_TEMPO: Final = frozenset({"hesitation", "haste"})

#: the judgements a ``review`` answer that adjusts the score must state, by the flag's law: the director's, never
#: the engine's (L16B1(a)(b): a logical alternative demonstrably suggested over; L75D3: the agreement's evidence)
JUDGEMENTS: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "16B": (
        ("logical_alternative", "Did the player have a logical alternative to the action he chose (L16B1(b))?"),
        ("demonstrably_suggested", "Did the UI demonstrably suggest the action chosen over it (L16B1(a))?"),
    ),
    "75A": (
        ("logical_alternative", "Did the caller have a logical alternative to the action he chose (L16B1(b))?"),
        ("demonstrably_suggested", "Did partner's explanation demonstrably suggest the action chosen (L75A, L73C)?"),
    ),
    "75B1": (("agreement", "Is there enough evidence of the agreed meaning (L75D3; no: there was none, L75D2)?"),),
    "40B4": (("damaged", "Was the other side damaged by the agreement the event does not allow (L40B4)?"),),
}


@dataclass(frozen=True, slots=True)
class At:
    """When an event happened: the calls of the standing auction and the cards played so far."""

    calls: int
    cards: int


@dataclass(frozen=True, slots=True)
class Alert:
    """An alert of call ``call`` (``bid``, made by ``caller``; kept as made: a later change of call moves the
    auction, never the record of what was alerted)."""

    seat: Seat
    call: int
    caller: Seat
    bid: str
    at: At
    explanation: str = ""

    @property
    def late(self) -> bool:
        """Made after the next call: a failure to alert promptly (L21B1(a))."""
        return self.at.calls > self.call


@dataclass(frozen=True, slots=True)
class Asked:
    """A question (L20F1–F3): ``call`` None asks about the opponents' whole auction."""

    number: int
    seat: Seat
    call: int | None
    answerers: frozenset[Seat]
    at: At
    law: str


@dataclass(frozen=True, slots=True)
class Answered:
    question: int
    seat: Seat
    text: str
    at: At


@dataclass(frozen=True, slots=True)
class Hesitation:
    """Extraneous information from ``seat`` for his partner (L16B1): ``kind`` over his last call or card (``action``;
    None for a remark before he called)."""

    seat: Seat
    action: str | None
    at: At
    noted_by: Seat | None = None
    kind: str = "hesitation"


def _faces(leader: Seat) -> tuple[str, str]:
    """The seats whose ``play`` ends a face-down lead: its leader's faces it, his partner's is a lead out of turn."""
    return leader.letter, leader.partner.letter


def _seat(data: Mapping[str, Any], key: str, kind: str, *, required: bool = True) -> Seat | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ParseError(f"'{kind}' event: {key!r} must be a seat, not {value!r}")
    return Seat.parse(value)


def _number(data: Mapping[str, Any], key: str, kind: str) -> int | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ParseError(f"'{kind}' event: {key!r} must be a number, not {value!r}")
    return value


def agreements(table: Table) -> PartnershipAgreements:
    """The pairs' system cards and the event's alert policy the board was set up with (the board event's
    ``system``)."""
    if table.record is not None:
        return table.record.system
    system = table.to_events()[0].get("system")
    return PartnershipAgreements() if system is None else PartnershipAgreements.from_dict(system)


def _at(table: Table) -> At:
    play = table.play_state
    return At(len(table.auction), 0 if play is None else len(play))


@dataclass(frozen=True, slots=True)
class _Fold:
    """The disclosure events of a log up to some event, folded (``then``): a value, so that the fold of a log's first
    events serves every log that starts with them (``_folded``)."""

    alerts: tuple[Alert, ...] = ()
    questions: tuple[Asked, ...] = ()
    answers: tuple[Answered, ...] = ()
    hesitations: tuple[Hesitation, ...] = ()
    face_down: tuple[Seat, str] | None = None  # the opening leader and his face-down card (L41A)
    waived: frozenset[Seat] = frozenset()  # who said he had no (further) question before the lead is faced (L41B)
    lapsed: bool = False  # the period ran out (the web's timeout): an unanswered question lapses with it (L20F2)
    called: int = 0  # the calls to the director about explanations (L20F4, L20F5)
    called_before_lead: int = 0  # those before the last face-down lead (L47E2(a))
    laid: int = 0  # face-down leads laid, less those faced or withdrawn (L54; L47E2(a) is counted in the record)

    def then(self, event: Mapping[str, Any]) -> _Fold:
        """The fold with one more event of the log (as logged, with its ``at``); itself for an event of no concern."""
        kind = event.get("event")
        if kind in (ALERT, QUESTION, ANSWER, HESITATION):
            return self._recorded(kind, event)
        if kind == MISEXPLANATION:
            return replace(self, called=self.called + 1)
        if kind == FACE_DOWN_LEAD:
            anew = replace(self, waived=frozenset(), lapsed=False) if self.laid else self  # laid again (L41B)
            face_down = (Seat.parse(event["seat"]), str(event["card"]))
            return replace(anew, face_down=face_down, called_before_lead=self.called, laid=self.laid + 1)
        if kind == "play" and self.face_down is not None and event["seat"] in _faces(self.face_down[0]):
            return replace(self, face_down=None, laid=self.laid - 1)  # faced (L41C), or withdrawn as his partner
            # faced a lead out of turn (L54)
        if kind == NO_QUESTIONS:
            lapsed = self.lapsed or bool(event.get("lapsed"))
            return replace(self, waived=self.waived | {Seat.parse(event["seat"])}, lapsed=lapsed)
        return self

    def _recorded(self, kind: str, data: Mapping[str, Any]) -> _Fold:
        at = At(*data["at"])
        seat = _seat(data, "seat", kind)
        assert seat is not None
        if kind == ALERT:
            alert = Alert(seat, data["call"], Seat.parse(data["caller"]), data["bid"], at, data.get("explanation", ""))
            return replace(self, alerts=(*self.alerts, alert))
        if kind == QUESTION:
            answerers = frozenset(Seat.parse(s) for s in data["answerers"])
            asked = Asked(len(self.questions) + 1, seat, data.get("call"), answerers, at, data["law"])
            return replace(self, questions=(*self.questions, asked))
        if kind == ANSWER:
            return replace(self, answers=(*self.answers, Answered(data["question"], seat, data["text"], at)))
        noted = _seat(data, "noted_by", kind, required=False)
        hesitation = Hesitation(seat, data.get("action"), at, noted, data.get("kind", "hesitation"))
        return replace(self, hesitations=(*self.hesitations, hesitation))


#: the folds of the last logs read (``_folded``), by the ``id`` of their table: the log folded and the fold after each
#: of its events
_FOLDS: dict[int, tuple[list[dict[str, Any]], list[_Fold]]] = {}
_FOLDS_KEPT: Final = 64
_FOLDS_LOCK = threading.Lock()


def _folded(table: Table) -> _Fold:
    """The fold of ``table``'s log, folding only the events after the longest start it shares with the log last
    folded for that table: each event is folded once as the log grows, and an undo or a refold (the log a start of
    the one last folded) reads its fold back.
    A pure function of the log (the memo is checked against the log's events themselves, so a table that reuses
    another's ``id`` gets its own log's fold); at most ``_FOLDS_KEPT`` logs are kept, the least recently read
    dropped first."""
    log = table.to_events()
    with _FOLDS_LOCK:
        logged, folds = _FOLDS.pop(id(table), ([log[0]], [_Fold()]))
    shared = _shared(logged, log)
    if shared < len(log):  # new events: folded after the start the logs share (none: another board's log)
        logged, folds = log, folds[:shared] or [_Fold()]
        for event in log[len(folds) :]:
            folds.append(folds[-1].then(event))
    # else the log is the start of the one last folded (an undo, a refold): that one is kept, its fold read back
    with _FOLDS_LOCK:
        _FOLDS[id(table)] = (logged, folds)
        while len(_FOLDS) > _FOLDS_KEPT:
            del _FOLDS[next(iter(_FOLDS))]
    return folds[len(log) - 1]


def _shared(logged: list[dict[str, Any]], log: list[dict[str, Any]]) -> int:
    """How many first events the two logs share."""
    if logged == log[: len(logged)]:  # the common case: the log has grown, compared at C speed
        return len(logged)
    return next((i for i, (a, b) in enumerate(zip(logged, log, strict=False)) if a != b), len(log))


class Disclosure:
    """The board's alerts, questions, answers and breaks in tempo: a fold over the table's log (the events as
    logged, with their ``at``), each event folded once as the log grows (``_folded``)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.agreements = agreements(table)
        fold = _folded(table)
        self.alerts, self.questions, self.answers = fold.alerts, fold.questions, fold.answers
        self.hesitations = fold.hesitations
        self.face_down = fold.face_down  # the opening leader and his face-down card (L41A)
        self.waived = fold.waived  # who said he had no (further) question before the lead is faced (L41B)
        self.lapsed = fold.lapsed  # the period ran out (the web's timeout): an unanswered question lapses (L20F2)
        self.called_before_lead = fold.called_before_lead  # calls about explanations before the last lead (L47E2(a))
        if fold.laid and fold.laid <= withdrawn_face_down_leads(table.record):  # the last one withdrawn on his ruling,
            # L47E2(a): the questions start anew with the next
            self.face_down, self.waived, self.lapsed = None, frozenset(), False

    @cached_property
    def answered(self) -> dict[int, frozenset[Seat]]:
        """Who has answered each question, by its number."""
        seats: dict[int, set[Seat]] = {}
        for a in self.answers:
            seats.setdefault(a.question, set()).add(a.seat)
        return {number: frozenset(who) for number, who in seats.items()}

    @cached_property
    def now(self) -> At:
        """The calls of the standing auction and the cards played now (read once: the table does not change while
        it is looked at)."""
        return _at(self.table)

    @property
    def self_alert(self) -> bool:
        return self.agreements.policy.self_alert

    def caller(self, call: int) -> Seat:
        """The seat that made call ``call`` (1-based) of the standing auction; ``IllegalCallError`` if none."""
        auction = self.table.auction
        if not 1 <= call <= len(auction):
            raise IllegalCallError(f"there is no call {call}: the auction has {len(auction)} calls")
        return auction.seats[call - 1]

    def alerter(self, caller: Seat) -> Seat:
        """Who alerts and explains ``caller``'s calls: his partner (L20F1), or himself under a self-alert policy."""
        return explainer(caller, self.self_alert)

    def alertable(self, call: int) -> bool:
        auction = self.table.auction
        return self.agreements.alertable(auction.calls[: call - 1], auction.calls[call - 1], auction.seats[call - 1])

    def explanations(self, call: int) -> list[Answered]:
        """The answers that explained call ``call``: to a question about it, or about the whole auction after it."""
        caller = self.caller(call)
        asked = {
            q.number
            for q in self.questions
            if q.call == call or (q.call is None and q.at.calls >= call and q.seat.side != caller.side)
        }
        return [a for a in self.answers if a.question in asked and a.seat.side == caller.side]

    def awaiting(self, question: Asked) -> list[Seat]:
        """The players who may still answer ``question``: before the next call or card, once each (L20F1)."""
        if question.at != self.now:
            return []
        return sorted(question.answerers - self.answered.get(question.number, frozenset()))

    def clarifying(self) -> bool:
        """Whether the clarification period runs: the auction is over and the opening lead not yet faced (L41B)."""
        play = self.table.play_state
        return play is not None and not len(play) and self.table.phase is Phase.PLAY

    def entitled(self) -> list[Seat]:
        """Who may still ask before the opening lead is faced (L41B): the presumed declarer and the leader's partner
        (never the presumed dummy), until each says he has no (further) question."""
        play = self.table.play_state
        if play is None or not self.clarifying() or play.turn is None:
            return []
        rights = review_rights(play.declarer, lead_faced=False) - self.waived
        return sorted(rights, key=lambda s: s != play.declarer)  # the presumed declarer first

    def clarification(self, seat: Seat | None) -> dict[str, Any] | None:
        """The clarification period as ``seat`` may see it (None: the director): the leader, whether his card is face
        down (the card itself to him and the director only, L41A), who may still ask (``waiting``), whether a
        question awaits its answer (``open``) and whether the lead is to be faced now (``ready``, L41C)."""
        play = self.table.play_state
        if play is None or play.turn is None or not self.clarifying():
            return None
        leader, waiting = play.turn, self.entitled()
        opened = any(self.awaiting(q) for q in self.questions)
        down = self.face_down is not None and self.face_down[0] == leader
        ruled = ruling_pending(self.table)
        out: dict[str, Any] = {
            "leader": leader.letter,
            "face_down": down,
            "waiting": [s.letter for s in waiting],
            "open": opened,
            "ready": down
            and not waiting
            and (self.lapsed or not opened)
            and not ruled
            and self.table.claim_state is None,
            "law": "41A, 41B, 41C",
        }
        if down and self.face_down is not None and seat in (None, leader):
            out["card"] = self.face_down[1]
        return out

    def open_to(self, seat: Seat) -> list[Asked]:
        """The questions ``seat`` is still to answer (L20F1)."""
        return [q for q in self.questions if seat in self.awaiting(q)]

    def may(self, seat: Seat) -> dict[str, Any]:
        """What ``seat`` may do now, by the checks its events meet (the web table offers this and nothing else):
        ``ask``, the calls he may ask about (L20F1–F3, L41B); ``ask_auction``, whether he may ask about the
        opponents' whole auction (L20F1); ``answer``, the questions he is to answer (L20F1); ``alert``, the calls he
        may alert (L40B2(a)(iii)), each with ``due`` (the pair's card makes it alertable under the event's policy)
        and ``late`` (after the next call: a failure to alert promptly, L21B1(a)); ``tempo``, the opponents whose
        break in tempo over their last call or card he may note (L16B2). A call the policy puts beyond alerting
        (``above``) is not offered: an alert there is one where none is due (L20F5(a))."""
        table = self.table
        out: dict[str, Any] = {"ask": [], "ask_auction": False, "answer": [], "alert": [], "tempo": []}
        try:
            _allowed(table, seat, HESITATION)
        except BridgeError:
            return out
        noted = {"noted_by": seat.letter}
        out["tempo"] = [s.letter for s in (seat.lho, seat.rho) if _permits(_hesitation, table, self, s, noted)]
        try:
            _allowed(table, seat, QUESTION)
        except BridgeError:
            return out
        calls = table.auction.calls
        numbers = range(1, len(calls) + 1)
        policy = self.agreements.policy
        ask_auction = _permits(_question, table, self, seat, {})  # refused: not his turn, or no opponent called
        out.update(
            ask=[n for n in numbers if ask_auction and _permits(_question, table, self, seat, {"call": n})],
            ask_auction=ask_auction,
            answer=[q.number for q in self.open_to(seat)],
            alert=[
                {"call": n, "due": self.alertable(n), "late": n < len(calls)}
                for n in numbers
                if policy.alertable(natural_meaning(calls[n - 1]), marked=True)
                and _permits(_alert, table, self, seat, {"call": n})
            ],
        )
        return out

    # ---- who sees what, and for whom it is UI (L16B1, L20F, L75A) ----------------------------------------
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The record as ``seat`` may see it (None: all of it, for the director)."""
        self_alert = self.self_alert
        asked = {q.number: q for q in self.questions}

        def sees_alert(a: Alert) -> bool:
            return seat is None or not self_alert or seat != a.caller.partner

        def sees_question(q: Asked) -> bool:
            return seat is None or not self_alert or seat == q.seat or seat in q.answerers

        def sees_answer(a: Answered) -> bool:
            return seat is None or not self_alert or seat == a.seat or seat.side == asked[a.question].seat.side

        auction = self.table.auction
        out: dict[str, Any] = {
            "policy": self.agreements.policy.to_dict(),
            "alerts": [
                {
                    "seat": a.seat.letter,
                    "call": a.call,
                    "bid": a.bid,
                    "caller": a.caller.letter,
                    "late": a.late,
                    **({"explanation": a.explanation} if a.explanation else {}),
                    "UI": [] if self_alert else [a.caller.letter],
                    "law": "40B2(a)(iii)" + (", 21B1(a)" if a.late else ""),
                }
                for a in self.alerts
                if sees_alert(a)
            ],
            "questions": [
                {
                    "number": q.number,
                    "seat": q.seat.letter,
                    "call": q.call,
                    "answerers": [s.letter for s in sorted(q.answerers)],
                    "awaiting": [s.letter for s in self.awaiting(q)],
                    "UI": [] if self_alert else [q.seat.partner.letter],
                    "law": q.law,
                }
                for q in self.questions
                if sees_question(q)
            ],
            "answers": [
                {
                    "question": a.question,
                    "seat": a.seat.letter,
                    "text": a.text,
                    "UI": [] if self_alert else [a.seat.partner.letter],
                    "law": "20F1" + ("" if self_alert else ", 75A"),
                }
                for a in self.answers
                if sees_answer(a)
            ],
            "hesitations": [
                {
                    "seat": h.seat.letter,
                    "kind": h.kind,
                    "action": h.action,
                    "noted_by": None if h.noted_by is None else h.noted_by.letter,
                    "UI": [h.seat.partner.letter],
                    "law": "16B1, 73C",
                }
                for h in self.hesitations
            ],
        }
        out["clarification"] = self.clarification(seat)
        if seat is not None:
            out["may"] = self.may(seat)
        if seat is None:  # evidence for the director only: the cards say these calls are alertable (L40B2(a)(iii))
            alerted = {a.call for a in self.alerts}
            out["not_alerted"] = [
                {"call": i, "bid": str(c), "seat": auction.seats[i - 1].letter}
                for i, c in enumerate(auction.calls, 1)
                if i not in alerted and self.alertable(i)
            ]
        return out

    def face_down_lead(self) -> FaceDownLead | None:
        """The opening lead lying face down, as the table enforces it (L41A–C), or None."""
        shown = self.clarification(None)
        if shown is None or not shown["face_down"]:
            return None
        waiting = tuple(Seat.parse(s) for s in shown["waiting"])
        return FaceDownLead(Seat.parse(shown["leader"]), Card.parse(shown["card"]), waiting, shown["open"],
                            shown["ready"])  # fmt: skip


# ---- the events ------------------------------------------------------------------------------------------
#: an event's check: its logged fields, or a ``BridgeError``
_Check = Callable[["Table", "Disclosure", Seat, Mapping[str, Any]], dict[str, Any]]


def _allowed(table: Table, seat: Seat, kind: str) -> None:
    """What every disclosure event by ``seat`` needs: no ruling pending (L9B2), and but for a break in tempo or a
    call to the director about an explanation, a board not over."""
    require_no_ruling(table, kind)
    if table.phase is Phase.DONE and kind not in (MISEXPLANATION, HESITATION):
        raise IllegalCallError(f"{kind} by {seat.name.lower()}: the board is over")


def _permits(check: _Check, table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> bool:
    """Whether the event ``check`` (``_question``, ``_alert``, ``_hesitation``: they change nothing) would accept
    now."""
    try:
        check(table, d, seat, data)
    except BridgeError:
        return False
    return True


def _alert(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    play = table.play_state
    if play is not None and len(play):
        who = seat.name.lower()
        raise IllegalCallError(f"alert by {who}: the auction period is over (L17D1; a correction is L20F5)")
    call = _number(data, "call", ALERT)
    if call is None:
        auction = table.auction
        made = [i for i, s in enumerate(auction.seats, 1) if s == explainer(seat, d.self_alert)]
        if not made:
            raise IllegalCallError(f"alert by {seat.name.lower()}: there is no call to alert")
        call = made[-1]
    caller = d.caller(call)
    if seat != d.alerter(caller):
        who = "the caller himself" if d.self_alert else "the caller's partner"
        raise IllegalCallError(f"alert by {seat.name.lower()}: {who} alerts a call (L40B2(a)(iii))")
    if any(a.call == call for a in d.alerts):
        raise IllegalCallError(f"alert by {seat.name.lower()}: call {call} is already alerted")
    text = data.get("explanation", "")
    if not isinstance(text, str):
        raise ParseError(f"'{ALERT}' event: 'explanation' must be a string, not {text!r}")
    bid = str(table.auction.calls[call - 1])
    return {
        "seat": seat.letter,
        "call": call,
        "caller": caller.letter,
        "bid": bid,
        **({"explanation": text} if text else {}),
    }


def _question(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    play, record, who = table.play_state, table.record, seat.name.lower()
    if table.phase is Phase.DONE:
        raise IllegalCallError(f"question by {who}: the board is over (L20F2: throughout the play)")
    if play is None:
        law = "20F1"
        if table.turn != seat:
            raise IllegalCallError(f"question by {who}: a player asks at his own turn to call (L20F1)")
        if record is not None and seat in record.obligations:
            raise IllegalCallError(f"question by {who}: a player who must pass may not ask (L20F1, footnote)")
    else:
        law = "20F2"
        if seat == play.dummy:
            raise IllegalCallError(f"question by {who}: dummy may not ask (L20F2: declarer or a defender)")
        if d.clarifying() and seat in d.waived:
            raise IllegalCallError(f"question by {who}: he said he had no further question before the opening lead "
                                   "is faced (L41B); he asks again at his own turn to play (L20F2)")  # fmt: skip
        if d.clarifying() and d.face_down is not None and d.face_down[0] == seat:
            raise IllegalCallError(f"question by {who}: his opening lead is face down; his partner and the presumed "
                                   "declarer may ask until it is faced (L41B)")  # fmt: skip
        if not len(play) and play.controller != seat:
            law = "41B"  # before the opening lead: the leader's partner and the presumed declarer too
        elif play.controller != seat:
            raise IllegalCallError(f"question by {who}: a player asks at his own turn to play (L20F2, L41B)")
    call = _number(data, "call", QUESTION)
    opponents = frozenset({seat.lho, seat.rho})
    if call is None:  # the whole auction: each opponent who has a call of his side to explain (L20F1)
        answerers = frozenset(d.alerter(s) for s in table.auction.seats if s in opponents)
        if not answerers:
            raise IllegalCallError(f"question by {who}: the opponents have not called (L20F1)")
    else:
        caller = d.caller(call)
        if caller.side == seat.side:
            raise IllegalCallError(f"question by {who}: a player asks about the opponents' calls only (L20F1, L20F3)")
        answerers, law = frozenset({d.alerter(caller)}), f"{law}, 20F3"
    return {
        "seat": seat.letter,
        **({} if call is None else {"call": call}),
        "answerers": [s.letter for s in sorted(answerers)],
        "law": law,
    }


def _answer(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    text, number, who = data.get("text"), _number(data, "question", ANSWER), seat.name.lower()
    if not isinstance(text, str) or not text.strip():
        raise ParseError(f"'{ANSWER}' event: 'text' is the explanation given, not {text!r}")
    open_ = d.open_to(seat)
    if number is not None:
        open_ = [q for q in open_ if q.number == number]
    if not open_:
        raise IllegalCallError(
            f"answer by {who}: no question to him is open (the partner of the player who made the call answers, "
            "before the next call or card: L20F1)"
        )
    return {"seat": seat.letter, "question": open_[-1].number, "text": text}


def _hesitation(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    """L16B1's extraneous information from partner: a break in tempo (or haste) over ``seat``'s last call or card, or
    a remark, gesture, emphasis or mannerism (``kind``), noted by an opponent (L16B2)."""
    who, play, kind = seat.name.lower(), table.play_state, data.get("kind", "hesitation")
    if not isinstance(kind, str) or kind not in _MANNERS:
        raise ParseError(f"'{HESITATION}' event: 'kind' is one of {', '.join(_MANNERS)}, not {kind!r}")
    if play is not None and seat == play.dummy and play.opening_lead_made and kind in _TEMPO:
        raise IllegalCallError(f"hesitation by {who}: dummy's cards are declarer's plays (L41D)")
    noted = _seat(data, "noted_by", HESITATION, required=False)
    if noted is not None and noted.side == seat.side:
        raise IllegalCallError(f"hesitation by {who}: an opponent notes the information (L16B2)")
    cards = [] if play is None else [c for s, c in play.played() if s == seat or s == seat.partner == play.dummy]
    calls = [c for s, c in table.auction.history() if s == seat]
    action = str(cards[-1]) if cards else str(calls[-1]) if calls else None
    if action is None and kind in _TEMPO:
        raise IllegalCallError(f"hesitation by {who}: he has not called or played yet")
    return {
        "seat": seat.letter,
        **({} if kind == "hesitation" else {"kind": kind}),
        **({} if action is None else {"action": action}),
        **({} if noted is None else {"noted_by": noted.letter}),
    }


def _face_down_lead(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    """L41A: the defender on the presumed declarer's left leads face down, once, a card he may lead; it stays in
    his hand until it is faced (L41C, the ``play`` event of that card)."""
    play, who, card = table.play_state, seat.name.lower(), data.get("card")
    if play is None or not d.clarifying():
        raise IllegalCallError(f"face-down lead by {who}: only after the final pass, before the opening lead is "
                               "faced (L41A)")  # fmt: skip
    if play.turn != seat:
        leader = "nobody" if play.turn is None else play.turn.name.lower()
        raise IllegalCallError(f"face-down lead by {who}: {leader} makes the opening lead (L41A)")
    if d.face_down is not None:
        raise IllegalCallError(f"face-down lead by {who}: his lead is face down already; it is faced at the end of "
                               "the clarification period (L41A, L41C)")  # fmt: skip
    if not isinstance(card, str):
        raise ParseError(f"'{FACE_DOWN_LEAD}' event: 'card' is the card led, not {card!r}")
    chosen = Card.parse(card)
    if chosen not in table.legal_cards():
        raise IllegalPlayError(f"face-down lead by {who}: {chosen} is not a card he may lead (L41A, L44)")
    return {"seat": seat.letter, "card": str(chosen)}


def _no_questions(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    """L41B: the presumed declarer or the leader's partner has no (further) question before the opening lead is
    faced."""
    if seat not in d.entitled():
        who = seat.name.lower()
        raise IllegalCallError(f"no questions by {who}: only the presumed declarer and the leader's partner, each "
                               "once, before the opening lead is faced (L41B)")  # fmt: skip
    return {"seat": seat.letter}


def _review_tempo(table: Table, seat: Seat, logged: Mapping[str, Any]) -> None:
    """A director's table notes the information of a ``hesitation`` event and raises REVIEW(16B): after play the
    director judges the logical alternatives (L16B1(a)(b), L73C)."""
    record = table.record
    if record is None:
        return
    noted, action = logged.get("noted_by"), logged.get("action")
    by = "" if noted is None else f"; {seat_name(Seat.parse(noted))} reserves the right to call the director (L16B2)"
    over = "" if action is None else f" over {action}"
    record.note(f"L16B1, L73C: {seat_name(seat)}: {_MANNERS[logged.get('kind', 'hesitation')]}{over}{by}.")
    record.add_review("16B")


def _misexplanation(table: Table, d: Disclosure, seat: Seat, data: Mapping[str, Any]) -> dict[str, Any]:
    record = table.record
    if record is None:
        raise RulingError(f"{MISEXPLANATION}: the director acts only at a table created with irregular=True")
    call, kind = _number(data, "call", MISEXPLANATION), data.get("kind", "explanation")
    if call is None or not isinstance(kind, str) or kind not in MISEXPLANATION_KINDS:
        kinds = ", ".join(MISEXPLANATION_KINDS)
        raise ParseError(f"'{MISEXPLANATION}' event names the 'call' and its 'kind' ({kinds})")
    caller, auction = d.caller(call), table.auction
    bid = f"{seat_name(caller)}'s {auction.calls[call - 1]} (call {call})"
    alerted = [a for a in d.alerts if a.call == call]
    given = d.explanations(call)
    if kind == "explanation" and not given:
        raise RulingError(f"{MISEXPLANATION}: {bid} was never explained (L20F1)")
    if kind == "no_alert" and alerted and not alerted[0].late:
        raise RulingError(f"{MISEXPLANATION}: {bid} was alerted in time")
    if kind == "alert" and not alerted:
        raise RulingError(f"{MISEXPLANATION}: {bid} was not alerted")
    explainer = given[-1].seat if kind == "explanation" else d.alerter(caller)
    _who_calls(table, seat, explainer)
    card, meaning = _card_reading(d.agreements, auction.calls[: call - 1], auction.calls[call - 1], caller)
    notes = [
        f"The system card of {caller.side}: {card}{', artificial' if meaning.artificial else ''}; alertable under "
        f"the event's policy: {'yes' if d.alertable(call) else 'no'} (L40A1(b), L40B2(a)(iii)).",
        *(f"Explained by {seat_name(a.seat)}: {a.text!r} (L20F1)." for a in given),
        *([f"Alerted by {seat_name(alerted[0].seat)}{' late' if alerted[0].late else ''}."] if alerted else []),
        "Without evidence to the contrary the director presumes a mistaken explanation (L21B1(b)).",
    ]
    heard = kind == "explanation" and not d.self_alert and explainer == caller.partner
    later = heard and _acted_after(table, caller, given[-1].at)
    if later:
        notes.append(f"{seat_name(caller)} heard the explanation and acted after it: UI (L75A, L73C), REVIEW(75A).")
    change = "" if auction.is_over else " A player whose call it could have influenced may still change it (L21B1(a))."
    ruling = Ruling(
        MISEXPLANATION,
        "75",
        explainer,
        f"{seat_name(seat)} called the director about {MISEXPLANATION_KINDS[kind].format(bid)}",
        (
            Option(
                "mistaken_explanation",
                "75B1",
                "an infraction: the explanation did not match the agreement; after play the director adjusts the "
                f"score if the non-offending side was damaged (L21B3, L40B3(a), L75D3).{change}",
                (
                    Effect(EffectKind.REVIEW, law="75B1"),
                    _note(f"L75B1: {bid} was misexplained; the director reviews the damage after play."),
                ),
                answer=True,
            ),
            Option(
                "mistaken_call",
                "75C",
                "no infraction: the agreement was explained correctly and the call was the mistake; the result "
                "stands, whatever the damage",
                (_note(f"L75C: {bid} was a mistaken call; no infraction, the result stands."),),
                answer=False,
            ),
        ),
        question=Question(
            "mistaken_explanation",
            "21B1(b), 75C",
            f"Was {bid} explained wrongly, against the partnership's agreement (L75B1, L75D1; failure to alert, "
            "L20F5(a)), rather than the call a mistake with the agreement described correctly (L75C)?",
        ),
        review=("75A",) if later else (),
        notes=tuple(notes),
    )
    record.rule(ruling)
    return {"seat": seat.letter, "call": call, "kind": kind}


def _who_calls(table: Table, seat: Seat, explainer: Seat) -> None:
    """L20F4, L75B2: the explainer corrects his own explanation at any time; L20F5, L75B3: his partner never during
    the auction, as declarer or dummy after the final pass, as a defender at the end of play; an opponent at any
    time."""
    if seat != explainer.partner:
        return
    who, auction, declarer = seat.name.lower(), table.auction, table.declarer
    if not auction.is_over:
        raise RulingError(
            f"{MISEXPLANATION}: {who} may not correct his partner's explanation during the auction, nor show that it "
            "was mistaken (L20F5(a), L75B3)"
        )
    if declarer is not None and seat.side != declarer.side and table.phase is not Phase.DONE:
        raise RulingError(f"{MISEXPLANATION}: a defender calls the director about his partner's explanation at the "
                          "end of play (L20F5(b)(i), L75B3)")  # fmt: skip


def _acted_after(table: Table, seat: Seat, at: At) -> bool:
    """Whether ``seat`` called after call ``at.calls`` or played after card ``at.cards`` (dummy's cards are not his)."""
    play = table.play_state
    calls = any(s == seat for s in table.auction.seats[at.calls :])
    cards = play is not None and any(s == seat for s, _ in play.played()[at.cards :])
    return calls or cards


def _note(text: str) -> Effect:
    return Effect(EffectKind.NOTE, data=text)


def _misinformed(table: Table, event: Misinformation) -> Misinformation:
    """L21B1(a): ``seat`` asks to change his last call to ``call`` after the director found his opponents misexplained
    (a ``misexplanation`` ruled ``mistaken_explanation``; a failure to alert counts): while the auction period lasts
    and his partner has not called since. The director judges whether the call could reasonably have been
    influenced by the misinformation (``influenced``); if so the call is changed without rectification, his LHO may
    change a later call (L21B2), and L16C applies to the calls withdrawn (UI for the offending side)."""
    record, play, seat, call = table.record, table.play_state, event.seat, event.call
    who = seat.name.lower()
    if record is None:
        raise RulingError("misinformation: the director acts only at a table created with irregular=True")
    if play is not None and len(play):
        raise IllegalCallError(
            f"misinformation: too late for {who} to change a call, the auction period is over (L21B1(a), L17D); "
            "the director adjusts after play if the offending side gained (L21B3)"
        )
    if not misexplained(record, seat.side.opponents):
        raise RulingError(f"misinformation: the director has found no misexplanation by {who}'s opponents (L21B1(a))")
    i = record.last_standing_index(seat)
    if i is None:
        raise IllegalCallError(f"misinformation: {who} has made no call to change (L21B1(a))")
    later = [j for j in range(i + 1, len(record.entries)) if record.entries[j].status is Status.STANDING]
    if any(record.entries[j].seat == seat.partner for j in later):
        raise IllegalCallError(
            f"misinformation: {seat_name(seat.partner)} has called since: too late to change the call (L21B1(a)); "
            "the director adjusts after play if the offending side gained (L21B3)"
        )
    old = record.entries[i].call
    if not lawful_over(AuctionSummary(record.dealer, record.standing()[: _rank(record, i)]), seat, call):
        raise IllegalCallError(f"misinformation: {call} would not be a lawful call in place of {old} (L18, L19)")
    what, ui = f"{seat_name(seat)}'s {old}", seat.side.opponents
    change: tuple[Effect, ...] = (
        Effect(EffectKind.WITHDRAW_CALL, index=i, law="21B1(a)", ui_for=ui),
        Effect(EffectKind.ENTER_CALL, seat, call=call, law="21B1(a)"),
        Effect(EffectKind.MOVE_LAST, index=i + 1),
        Effect(EffectKind.STAND, index=i + 1, law="21B1(a)"),
        _note(f"L21B1(a): {seat_name(seat)} changed {old} to {call} without rectification (L16C applies)."),
    )
    if later:  # L21B2: the LHO's call, one place further on once the change is entered
        before = [*record.standing()[: _rank(record, i)], (seat, call)]
        change += (Effect(EffectKind.RULE, ruling=_lho_choice(record, seat, later[0] + 1, before)),)
    ruling = Ruling(
        "misinformation",
        "21B1(a)",
        None,
        f"{seat_name(seat)} asks to change {old} to {call}: he was misinformed",
        (
            Option(
                "change",
                "21B1(a)",
                f"{old} is replaced by {call} without rectification; L16C applies",
                change,
                answer=True,
            ),
            Option(
                "stands",
                "21B1(a)",
                f"{old} stands",
                (_note(f"L21B1(a): {what} stands; it was not influenced by the misinformation."),),
                answer=False,
            ),
        ),
        question=Question(
            "influenced", "21B1(a)", f"Could {what} reasonably have been influenced by the misinformation?"
        ),
    )
    record.rule(ruling)
    return event


def _rank(record: DirectedAuction, index: int) -> int:
    """How many standing calls come before entry ``index``."""
    return sum(1 for e in record.entries[:index] if e.status is Status.STANDING)


def _lho_choice(record: DirectedAuction, seat: Seat, index: int, before: list[tuple[Seat, Call]]) -> Ruling:
    """L21B2: after ``seat``'s change, his LHO may change his later call (entry ``index``), withdrawn with the L16C
    flag for the offending side; he may keep it only if it is still lawful after the standing calls ``before``."""
    lho, theirs, ui = seat.lho, record.entries[index - 1].call, seat.side.opponents
    options = [
        Option(
            "change",
            "21B2",
            f"{theirs} is withdrawn; {seat_name(lho)} calls again",
            (
                Effect(EffectKind.WITHDRAW_CALL, index=index, law="21B2", ui_for=ui),
                _note(f"L21B2: {seat_name(lho)} withdraws {theirs} and calls again (L16C applies)."),
            ),
        )
    ]
    if lawful_over(AuctionSummary(record.dealer, before), lho, theirs):
        keep = (Effect(EffectKind.STAND, index=index, law="21B2"), _note(f"L21B2: {seat_name(lho)} keeps {theirs}."))
        options.insert(0, Option("keep", "21B2", f"{theirs} stands", keep))
    return Ruling(
        "misinformation",
        "21B2",
        None,
        f"{seat_name(seat)} changed his call after misinformation: {seat_name(lho)} may change his later call",
        tuple(options),
        choosers=(lho,),
    )


_HANDLERS: Final[dict[str, _Check]] = {
    ALERT: _alert,
    QUESTION: _question,
    ANSWER: _answer,
    HESITATION: _hesitation,
    MISEXPLANATION: _misexplanation,
    FACE_DOWN_LEAD: _face_down_lead,
    NO_QUESTIONS: _no_questions,
}


def disclosure_event(table: Table, event: Event) -> Event | None:
    """The event as logged (with ``at``), recorded; None for an event of another kind. A ``retract`` while the opening
    lead lies face down is the leader's request to withdraw it (``retractions.face_down_withdrawal``, L47E2(a))."""
    if isinstance(event, Misinformation):
        require_no_ruling(table, "misinformation")
        return _misinformed(table, event)
    if isinstance(event, Extension) and event.name == RETRACT and table.face_down_lead is not None:
        require_no_ruling(table, RETRACT)
        if table.record is None:
            raise RulingError(f"{RETRACT}: the director acts only at a table created with irregular=True")
        table.record.rule(face_down_withdrawal(table, event.data, Disclosure(table).called_before_lead))
        return event
    if not isinstance(event, Extension) or event.name not in KINDS:
        return None
    seat = _seat(event.data, "seat", event.name)
    assert seat is not None
    _allowed(table, seat, event.name)
    at = _at(table)
    logged = _HANDLERS[event.name](table, Disclosure(table), seat, event.data)
    if event.name == HESITATION:
        _review_tempo(table, seat, logged)
    return Extension(event.name, {**event.data, **logged, "at": [at.calls, at.cards]})  # other keys kept


# ---- the answers (L20F1): which calls an answerer explains, and the answer's text --------------------------------
def explained_calls(
    shown: Mapping[str, Any], question: Mapping[str, Any], answerer: Seat, seats: Sequence[Seat]
) -> list[int]:
    """The calls (0-based) ``answerer`` explains in answer to ``question``, a question of the ``disclosure`` record
    ``shown`` (``seats``: who made each call of the standing auction): the call asked about (L20F3), or for the whole
    auction those of the player he answers for, his partner (L20F1), himself under a ``self_alert`` policy."""
    if question.get("call"):
        return [question["call"] - 1]
    explained = explainer(answerer, shown["policy"]["self_alert"])
    return [i for i, who in enumerate(seats) if who == explained]


def explainer(seat: Seat, self_alert: bool) -> Seat:
    """Who alerts and explains ``seat``'s calls, which is also whose calls ``seat`` explains (partnership is
    symmetric): his partner (L20F1, L40B2(a)(iii)), or ``seat`` himself under a self-alert policy."""
    return seat if self_alert else seat.partner


def _card_reading(
    agreements: PartnershipAgreements, before: Sequence[Call], call: Call, caller: Seat
) -> tuple[str, CallMeaning]:
    """How the caller's card reads ``call`` (L40A1(b)), for the director's note, and the meaning it gives: as
    written; else by the system it names, when implemented; else natural (not on the card), saying which system
    the card names that could not be read (the director judges its meaning, L21B1(b))."""
    # ``agreements.meaning``'s chain, each step read once (a system's reading builds its bidding situation)
    written = agreements.described_call(before, call, caller)
    if written is not None:
        return written.text, written
    named = agreements.system_name(caller.side)
    if named is None:
        return "natural (not on the card)", natural_meaning(call)
    by_system = agreements.system_meaning(before, call, caller)
    if by_system is not None:
        return f"not on the card, which names the {named} system: by it, {by_system.text}", by_system
    why = "which does not cover it" if agreements.named_system(caller.side) else "not implemented: the director judges"
    return f"natural (not on the card, which names the {named} system, {why})", natural_meaning(call)


def answer_text(calls: Sequence[Call], meanings: Mapping[int, CallMeaning | None]) -> str:
    """The text of an answer (L20F1) about the calls ``meanings`` explains (indices into ``calls``, in order):
    ``"call: explanation"`` each, "no agreement" where there is none (L75C, L21B1(b): said, not guessed), joined by
    ``"; "``."""
    parts = [f"{calls[i]}: {'no agreement' if m is None else m.text}" for i, m in meanings.items()]
    return "; ".join(parts) or "no calls to explain"


def check_review(data: Mapping[str, Any]) -> None:
    """A ``review`` answer that adjusts the score for UI (16B, 75A) or misinformation (75B1) states the director's
    judgements (``JUDGEMENTS``); an adjustment that contradicts them is refused: no logical alternative, or none
    demonstrably suggested, is no infraction of L16B1(a) and the score stands."""
    law, answer = data.get("law"), data.get("answer")
    needed = JUDGEMENTS.get(str(law), ())
    if not needed or answer not in ("adjusted", "weighted"):
        return
    for key, text in needed:
        value = data.get(key)
        if not isinstance(value, bool):
            raise RulingError(f"review {law}: an adjusted score needs the director's judgement {key!r}: {text}")
        if not value and str(law) in ("16B", "75A"):
            raise RulingError(
                f"review {law}: with {key} false there is no infraction of L16B1(a) (L73C); the score stands "
                "(answer no_damage)"
            )
        if not value and str(law) == "40B4":
            raise RulingError(
                "review 40B4: a side not damaged gets no adjusted score (L40B4); the score stands (answer "
                "no_damage; a procedural penalty is the director's, L90)"
            )


def disallowed_call(auction: DirectedAuction, seat: Seat, call: Call) -> None:
    """REVIEW(40B4) and a note when ``seat``'s ``call``, standing as the last entry, was made under an agreement the
    event does not allow (L40B4)."""
    index = len(auction.entries) - 1
    entry = auction.entries[index] if auction.entries else None
    if entry is None or entry.seat != seat or entry.call != call or entry.status is not Status.STANDING:
        return
    name = auction.system.disallowed(auction.before(index), call, seat)
    if name is None:
        return
    auction.add_review("40B4")
    auction.note(
        f"{seat_name(seat)}'s {call} was made under {name}, which the event does not allow (L40B4; "
        "a procedural penalty is possible, L90)"
    )


class WBF17Disclosure(Edition):
    """The hooks of this module for the WBF17 edition."""

    name = "WBF17"

    def disclosure_event(self, table: Table, event: Event) -> Event | None:
        return disclosure_event(table, event)

    def disclosure(self, table: Table, seat: Seat | None = None) -> dict[str, Any] | None:
        return Disclosure(table).view(seat)

    def face_down_lead(self, table: Table) -> FaceDownLead | None:
        return Disclosure(table).face_down_lead()

    def claim_event(
        self, table: PlayTable, event: events.Claim | events.Agree | events.Dispute | events.PlayOn
    ) -> Claim | None:
        """No claim while the opening lead lies face down (L41C, L68): the card is committed to a procedure a claim
        would cut short, faced only at the end of the clarification period (L41C), withdrawn only on the director's
        instruction (L41A, L47E2(a), L54), while the leader's partner and the presumed declarer may still ask (L41B)
        and the explainer must still correct his explanation (L20F4, L75B2); a claim stops everything (L68D). Before
        any lead (a face-up lead, the RA's option of L41A, or a log without the face-down lead) no card is committed
        and no such procedure runs: a claim, which may cover all thirteen tricks (L68A–B; the digest sets it no
        earliest moment), is taken as the edition's claim procedure takes it."""
        if isinstance(event, events.Claim) and (down := table.face_down_lead) is not None:
            raise ClaimError(f"claim by {event.seat.name.lower()}: {down.leader.name.lower()}'s opening lead lies face "
                             "down, committed to the clarification procedure a claim would cut short: faced at its "
                             "end, withdrawn only on the director's instruction (L41A–C, L47E2(a)); no claim until "
                             "it is faced (L41C, L68)")  # fmt: skip
        return super().claim_event(table, event)

    def review_judgements(self, law: str) -> tuple[tuple[str, str], ...]:
        return JUDGEMENTS.get(law, ())

    def call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """L40B4: a call that stands, made under an agreement the event's regulations do not allow
        (``AlertPolicy.disallowed``), raises REVIEW(40B4): after play the director judges whether the other side
        was damaged (``damaged``, his judgement) and may adjust the score (L12C1); the offenders may get a
        procedural penalty (L90)."""
        super().call(auction, seat, call)
        disallowed_call(auction, seat, call)

    def play_event(self, table: PlayTable, event: Event) -> Choice | bool:
        """A ``review`` answer states the director's judgements where the law asks for them (``check_review``)."""
        if isinstance(event, Extension) and event.name == REVIEW:
            check_review(event.data)
        return super().play_event(table, event)
