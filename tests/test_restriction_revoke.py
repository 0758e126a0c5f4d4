"""WBF17 L61A at a director's table: a card led against a lead restriction declarer chose (L26B, L50D2), when the
player could comply, is a revoke ("failure to lead or play, when able, a card or suit required by law or specified by
an opponent when exercising an option in rectification of an irregularity constitutes a revoke"). It stands as a
revoke (the ``restriction_revoke`` ruling, L61A, settled at once): attention drawn before it is established corrects it
(L62A, L62B1: a defender's card a major penalty card), an established one is dealt with after play (L63, L64A). It
used to stop the table with no ruling."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat, Suit
from contractbridge.laws.wbf17.corrections import standing_revokes
from contractbridge.table import IrregularityKind, Table
from test_disclosure import STAYMAN, calls, ev, table
from test_face_down_lead import CLARIFICATION, state

SJ, H9 = Card.parse("SJ"), Card.parse("H9")
#: West doubles North's 2H after the final pass; cancelled (L39A, L39C), North forbids spades to East's lead (L26B)
FORBIDDEN = [
    *CLARIFICATION,
    ev("call", "W", call="X"),
    {"event": "choose", "seat": "director", "option": "cancel"},
    {"event": "choose", "seat": "N", "option": "forbid_S"},
]
#: West's SK exposed in the auction, a major penalty card (L24E); North requires East to lead spades (L50D2(a))
REQUIRED = [
    *STAYMAN,
    {"event": "expose", "seat": "W", "cards": ["SK"]},
    {"event": "judge", "question": "partner_could_see", "answer": True},
    *calls("P 2H P P P", "W"),
    {"event": "choose", "seat": "N", "option": "require_S"},
]


@pytest.mark.parametrize(("before", "card", "law"), [(FORBIDDEN, SJ, "26B"), (REQUIRED, H9, "50D2")])
def test_a_lead_against_the_restriction_when_able_stands_as_a_revoke_l61a(
    before: list[dict[str, Any]], card: Card, law: str
) -> None:
    t = table(*before)
    assert card not in t.legal_cards() and t.legal_cards()  # East can comply
    assert any(law in r.law for r in t.record.lead_restrictions)  # type: ignore[union-attr]
    t.play(card, "E")
    assert t.pending_irregularity is None and t.record.pending is None and t.turn is Seat.SOUTH  # type: ignore[union-attr]
    assert t.irregularities[-1].kind is IrregularityKind.RESTRICTED_CARD
    assert t.record.rulings[-1] == {"irregularity": "restriction_revoke", "law": "61A", "option": "revoke",  # type: ignore[union-attr]
                                    "offender": "E", "trick": 1, "card": str(card)}  # fmt: skip
    assert standing_revokes(t) == [(Seat.EAST, card, 0)]
    assert state(Table.from_events(t.to_events())) == state(t)  # the log replays
    t.undo()
    assert (
        t.turn is Seat.EAST
        and standing_revokes(t) == []
        and t.record.rulings[-1]["irregularity"] != "restriction_revoke"
    )


def test_the_revoke_corrected_before_it_is_established_is_a_major_penalty_card_and_the_ban_binds_l62a_l62b1() -> None:
    t = table(*FORBIDDEN, ev("play", "E", card="SJ"), {"event": "attention", "seat": "N"})
    ruling = t.record.pending  # type: ignore[union-attr]
    assert ruling is not None and (ruling.irregularity, ruling.law, ruling.offender) == ("revoke", "62B1", Seat.EAST)
    t.apply({"event": "choose", "seat": "director", "option": "correct"})
    assert t.turn is Seat.EAST and SJ in t.hand(Seat.EAST) and standing_revokes(t) == []
    assert [(p.seat, p.card, p.major) for p in t.record.penalty_cards] == [(Seat.EAST, SJ, True)]  # type: ignore[union-attr]
    assert t.legal_cards() == frozenset(c for c in t.hand(Seat.EAST) if c.suit is not Suit.SPADES)  # L26B still


def test_the_established_revoke_transfers_after_play_l63a1_l64a() -> None:
    t = table(*FORBIDDEN, ev("play", "E", card="SJ"))
    while t.result is None:
        assert t.pending_irregularity is None
        t.play(min(t.legal_cards()))
    assert t.result.adjustments == ("L64A2: 1 trick to NS, trick 5",)  # East's side won trick 5, not trick 1


def test_a_card_other_than_one_that_counts_as_played_is_no_such_revoke_and_waits_for_the_director_l57c3() -> None:
    """Declarer's H2 played before its turn counts as played (L57C3): another heart at his turn is not a failure to
    comply with a restriction an opponent chose, so no L61A ruling: the table stops for the director as before."""
    stands = {"event": "choose", "seat": "director", "option": "stands"}
    t = table(*CLARIFICATION, ev("play", "E", card="H9"), ev("play", "N", card="H2"), stands)
    t.play(min(t.legal_cards()))
    t.play(min(t.legal_cards()))
    assert t.turn is Seat.NORTH and t.legal_cards() == {Card.parse("H2")}
    t.play("H4", "N")
    pending = t.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.RESTRICTED_CARD and "(57C3)" in pending.message
    assert t.record.pending is None and standing_revokes(t) == []  # type: ignore[union-attr]
