"""The disclosure record (WBF17 L20F, L40, L41A–C, L47E2(a)) is folded once per event as the log grows, its fold read
back after an undo or a refold (``disclosure._folded``): over random tables with alerts, questions and answers, the
face-down lead, its withdrawal and the director's rulings, with undos, every answer equals the walk over the whole log
it replaces, and the record and views of every seat equal those of a fold made afresh."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.cards import Seat
from contractbridge.deal import Board
from contractbridge.errors import BridgeError
from contractbridge.laws.wbf17 import disclosure
from contractbridge.laws.wbf17.disclosure import (
    Alert,
    Answered,
    Asked,
    At,
    Disclosure,
    Hesitation,
)
from contractbridge.laws.wbf17.retractions import withdrawn_face_down_leads
from contractbridge.table import Phase, Table
from test_disclosure import CARDS, DEAL
from test_face_down_lead import DOWN
from test_l41_face_down_rulings import CORRECTED, MISEXPLAINED, RETRACT, WITHDRAW

#: a board whose face-down lead is withdrawn after the opponents' corrected misexplanation, led again and faced
LED_AGAIN = [
    {"event": "face_down_lead", "seat": "E", "card": "H9"},
    *({"event": "no_questions", "seat": s} for s in "NW"),
]
WITHDRAWN = [*DOWN, *MISEXPLAINED, *CORRECTED, RETRACT, WITHDRAW, *LED_AGAIN]


def _walk(table: Table) -> tuple[Any, ...]:
    """The record as the walk over the whole log read it (the oracle): each event of the log in turn."""
    alerts, questions, answers, hesitations = [], [], [], []
    face_down: tuple[Seat, str] | None = None
    waived: set[Seat] = set()
    lapsed, called, before, laid = False, 0, 0, 0
    for event in table.to_events()[1:]:
        kind = event["event"]
        seat = Seat.parse(event["seat"]) if isinstance(event.get("seat"), str) else None
        at = At(*event["at"]) if "at" in event else None
        if kind == "alert":
            caller = Seat.parse(event["caller"])
            alerts.append(Alert(seat, event["call"], caller, event["bid"], at, event.get("explanation", "")))
        elif kind == "question":
            answerers = frozenset(Seat.parse(s) for s in event["answerers"])
            questions.append(Asked(len(questions) + 1, seat, event.get("call"), answerers, at, event["law"]))
        elif kind == "answer":
            answers.append(Answered(event["question"], seat, event["text"], at))
        elif kind == "hesitation":
            noted = None if event.get("noted_by") is None else Seat.parse(event["noted_by"])
            hesitations.append(Hesitation(seat, event.get("action"), at, noted, event.get("kind", "hesitation")))
        elif kind == "misexplanation":
            called += 1
        elif kind == "face_down_lead":
            if laid:
                waived, lapsed = set(), False
            face_down, before, laid = (seat, event["card"]), called, laid + 1
        elif kind == "play" and face_down is not None and seat in (face_down[0], face_down[0].partner):
            face_down, laid = None, laid - 1
        elif kind == "no_questions":
            waived.add(seat)
            lapsed = lapsed or bool(event.get("lapsed"))
    if laid and laid <= withdrawn_face_down_leads(table.record):
        face_down, waived, lapsed = None, set(), False
    return (alerts, questions, answers, hesitations, face_down, waived, lapsed, before)


def _read(d: Disclosure) -> tuple[Any, ...]:
    return (list(d.alerts), list(d.questions), list(d.answers), list(d.hesitations), d.face_down, set(d.waived),
            d.lapsed, d.called_before_lead)  # fmt: skip


def _views(table: Table) -> list[Any]:
    return [table.rules.disclosure(table, seat) for seat in (None, *Seat)] + [table.rules.face_down_lead(table)]


def _candidates(t: Table, rng: random.Random) -> list[dict[str, Any]]:
    """Events to try now, most of them lawful: the table refuses the others, changing nothing."""
    seat = rng.choice(list(Seat))
    calls = len(t.auction)
    out: list[dict[str, Any]] = [
        {"event": "alert", "seat": seat.letter},
        {"event": "hesitation", "seat": seat.letter, "noted_by": seat.lho.letter},
        {"event": "question", "seat": seat.letter, **({"call": rng.randint(1, calls)} if calls else {})},
        {"event": "question", "seat": seat.letter},
        {"event": "no_questions", "seat": seat.letter},
    ]
    if calls:
        kind = rng.choice(["explanation", "explanation", "no_alert", "alert"])
        out.append({"event": "misexplanation", "seat": seat.letter, "call": rng.randint(1, calls), "kind": kind})
    shown = t.rules.disclosure(t)
    for question in [] if shown is None else shown["questions"]:
        for letter in question["awaiting"]:
            out.append({"event": "answer", "seat": letter, "question": question["number"], "text": rng.choice("ab")})
    if t.phase is Phase.AUCTION and t.turn is not None:
        opened = any(str(c) != "P" for c in t.auction.calls)
        call = rng.choice(["P", "P", "P", "P", "2H", "X"] if opened else ["P", "1NT", "2C"])
        out += [{"event": "call", "seat": t.turn.letter, "call": call}] * 3
    play = t.play_state
    down = t.face_down_lead
    if play is not None and t.turn is not None and t.phase is Phase.PLAY:
        hand = sorted(t.hand(t.turn))
        if not len(play) and down is None and hand:
            out += [{"event": "face_down_lead", "seat": t.turn.letter, "card": str(rng.choice(hand))}] * 2
        legal = sorted(t.legal_cards())
        if down is not None:  # the period: questions, their answers, a correction, the withdrawal (L41B, L47E2(a))
            out.append({"event": "play", "seat": down.leader.letter, "card": str(down.card)})
            out += [{"event": "retract", "seat": down.leader.letter, "reason": "misexplanation"}] * 3
            asker, number = rng.choice([down.leader.partner, t.declarer]), rng.randint(1, calls)
            out += [{"event": "question", "seat": asker.letter, "call": number}] * 2  # type: ignore[union-attr]
            out += [{"event": "misexplanation", "seat": down.leader.partner.letter, "call": number}] * 2
        elif legal:
            out.append({"event": "play", "seat": t.turn.letter, "card": str(rng.choice(legal))})
    ruling = None if t.record is None else t.record.pending
    if ruling is not None:
        if ruling.question is not None:
            out = [{"event": "judge", "question": ruling.question.id, "answer": rng.random() < 0.7}]
        else:
            chooser = "D" if ruling.chooser is None else ruling.chooser.letter
            out = [{"event": "choose", "seat": chooser, "option": rng.choice(ruling.option_ids)}]
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_the_fold_answers_as_the_walk_over_the_whole_log(seed: int, irregular: bool) -> None:
    rng = random.Random(seed)
    t = Table(Board(1, DEAL), irregular=irregular, agreements=CARDS)
    if rng.random() < 0.4:  # from some way into a board whose face-down lead is withdrawn (L47E2(a)), then at random
        for event in WITHDRAWN[: rng.randint(0, len(WITHDRAWN))]:
            try:
                t.apply(event)
            except BridgeError:  # a strict table has no director
                break
    for _ in range(60):
        if len(t.to_events()) > 1 and rng.random() < 0.12:
            for _ in range(rng.randint(1, 3)):
                if len(t.to_events()) > 1:
                    t.undo()
        else:
            with contextlib.suppress(BridgeError):  # refused: nothing changes
                t.apply(rng.choice(_candidates(t, rng)))
        assert _read(Disclosure(t)) == _walk(t)
        views = _views(t)
        disclosure._FOLDS.clear()  # a fold made afresh, from the first event
        assert _views(t) == views
        if rng.random() < 0.2:  # the log replayed by another table
            assert _views(Table.from_events(t.to_events())) == views


def test_each_event_is_folded_once_as_the_log_grows_and_an_undo_reads_its_fold_back() -> None:
    """The fold of a log is extended by its new events only; after an undo the shorter log's fold is read back."""
    t = Table(Board(1, DEAL), irregular=True, agreements=CARDS)
    for call in ["1NT", "P", "2C"]:
        t.call(call)
    t.apply({"event": "alert", "seat": "N"})
    t.apply({"event": "question", "seat": "W", "call": 3})
    folded: list[dict[str, Any]] = []
    then = disclosure._Fold.then

    def counting(fold: disclosure._Fold, event: dict[str, Any]) -> disclosure._Fold:
        folded.append(event)
        return then(fold, event)

    disclosure._Fold.then = counting  # type: ignore[method-assign]
    try:
        first = Disclosure(t)  # the question: its own check read the log before it (the fold without it)
        assert [e["event"] for e in folded] == ["question"] and len(first.alerts) == 1 and len(first.questions) == 1
        folded.clear()
        assert len(Disclosure(t).questions) == 1 and folded == []  # the same log: nothing folded again
        t.apply({"event": "answer", "seat": "N", "question": 1, "text": "Stayman"})
        assert len(Disclosure(t).answers) == 1 and [e["event"] for e in folded] == ["answer"]
        t.undo()  # the answer taken back (a refold of the log): every fold is read back, none made again
        folded.clear()
        assert Disclosure(t).answers == () and folded == []
        t.apply({"event": "answer", "seat": "N", "question": 1, "text": "natural"})
        assert [a.text for a in Disclosure(t).answers] == ["natural"] and len(folded) == 1
    finally:
        disclosure._Fold.then = then  # type: ignore[method-assign]
