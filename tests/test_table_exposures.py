"""Issue #11 wiring: cards exposed during the play at an irregular WBF17 table (L48A, L49, L50B; digest
``shared/spec/laws-wbf2017.md`` §5.1–5.2, §12.10 TV102–TV104, TV121): an ``expose`` event after the opening lead
is a ruling; a defender's card becomes a penalty card, minor or major as L50B says (whether a low card was exposed
deliberately is the director's ``judge``), and the table enforces it."""

from __future__ import annotations

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import CardNotInHandError, EventLogError, RulingError, RulingPendingError
from contractbridge.table import Table
from play_helpers import W_WINS_T1, log, pending, table_of

E, S, W = Seat.EAST, Seat.SOUTH, Seat.WEST


def expose(seat: str, *cards: str) -> dict[str, object]:
    return {"event": "expose", "seat": seat, "cards": list(cards)}


def test_a_defenders_low_card_exposed_asks_whether_deliberately_l49_l50b() -> None:
    table = table_of(*W_WINS_T1, "SJ", more=(expose("E", "H8"),))  # E drops ♥8 after W led to trick 2
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("exposed_card", "49", E, None)
    assert ruling.question is not None and ruling.question.law == "50B" and ruling.review == ("50E4",)
    minor = table_of(*W_WINS_T1, "SJ", more=(expose("E", "H8"), {"event": "judge", "question": "50B", "answer": False}))
    assert minor.record is not None and [(p.card, p.major) for p in minor.record.penalty_cards] == [(Card("H8"), False)]
    minor.play("S5")  # dummy; E follows spades
    assert minor.legal_cards() == {Card("S9"), Card("ST")}
    major = table_of(*W_WINS_T1, "SJ", more=(expose("E", "H8"), {"event": "judge", "question": "50B", "answer": True}))
    assert major.record is not None and major.record.penalty_cards[0].major


def test_tv102_an_honour_is_a_major_penalty_card_and_two_make_both_major_l50b() -> None:
    table = table_of(*W_WINS_T1, "SJ", more=(expose("E", "H8"), {"event": "judge", "question": "50B", "answer": False}))
    table.apply(expose("E", "HK"))
    ruling = pending(table)
    assert ruling.question is None and [o.law for o in ruling.options] == ["49, 50B (two or more)"]
    table.apply({"event": "choose", "seat": "director", "option": "penalty_card"})
    assert table.record is not None
    assert sorted((str(p.card), p.major) for p in table.record.penalty_cards) == [("H8", True), ("HK", True)]
    table.play("S5")
    table.play("S9")  # E follows; the PCs wait (L50D1(b))
    table.play("S7")
    # W won with ♠J: W leads while E has major PCs — declarer's L50D2/L51B options come first (TV103)
    lead = pending(table)
    assert (lead.irregularity, lead.law, lead.chooser) == ("penalty_card_lead", "51B", S)


def test_declarers_exposed_card_is_never_a_penalty_card_l48a() -> None:
    table = table_of(*W_WINS_T1, "SJ", more=(expose("S", "H7"),))
    ruling = pending(table)
    assert (ruling.law, [o.id for o in ruling.options]) == ("48A", ["no_rectification"])
    table.apply({"event": "choose", "seat": "director", "option": "no_rectification"})
    assert table.record is not None and table.record.penalty_cards == [] and table.turn == Seat.NORTH


def test_an_exposure_refused_changes_nothing() -> None:
    table = Table.from_events(log(*W_WINS_T1))
    before = table.to_events()
    with pytest.raises(CardNotInHandError):
        table.apply(expose("E", "SA"))
    table.apply(expose("E", "H8"))
    with pytest.raises(RulingPendingError):
        table.apply(expose("E", "H9"))
    table.undo()
    assert table.to_events() == before and table.record is not None and table.record.pending is None
    with pytest.raises(EventLogError):
        Table.from_events([*log(*W_WINS_T1), {"event": "expose", "seat": "E", "cards": ["H8"], "led": True}])


def test_declarer_names_which_of_two_penalty_cards_is_played_l51a() -> None:
    more = (
        expose("E", "H8", "H9"),  # two cards at once: both major (L50B)
        {"event": "choose", "seat": "director", "option": "penalty_card"},
        {"event": "choose", "seat": "S", "option": "no_restriction"},  # W leads with E's PCs on the table (L51B)
    )
    table = Table.from_events([*log(*W_WINS_T1), *more, *log("D2", "DA", "D8", "D9", "H2")[7:]])
    assert table.turn == E and table.legal_cards() == {Card("H8"), Card("H9")}  # either: declarer names (L51A)
    before = table.to_events()
    for bad in ({"event": "call_card", "seat": "E", "card": "H9"}, {"event": "call_card", "seat": "S", "card": "HK"}):
        with pytest.raises(RulingError):
            table.apply(bad)
    assert table.to_events() == before
    table.apply({"event": "call_card", "seat": "S", "card": "H9"})
    assert table.legal_cards() == {Card("H9")}
    again = Table.from_jsonl(table.to_jsonl())
    assert again.legal_cards() == {Card("H9")} and again.to_events() == table.to_events()
