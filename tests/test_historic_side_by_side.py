"""Issue #12, "How we will know": the same irregularity at the same table under NBB30, EST30 and NL36, side by side —
a bid out of turn, an insufficient bid, a revoke with the same later play, a lead out of turn, a quitted trick
looked at. Each row plays the board to its end through the edition hooks of an irregular ``Table`` and scores it on
the edition's rubber sheet (NL36 on NBB30's, laws-historic.md §0 M7; not vulnerable, honours left out): the
rulings and the final scores differ exactly where Appendix C of laws-historic.md says they differ (8, 10, 11, 17)
and agree everywhere else (the auction penalties have no [DIFF] item). NL75's auction rulings are NBB30's
(``test_historic_editions``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from contractbridge.cards import Seat, Side
from contractbridge.deal import Board
from contractbridge.scoring.rubber import rubber_rules
from contractbridge.table import Table
from director_helpers import choose
from test_historic_table_play import DEAL, looked, one_spade_with, revoke_then_claim

Shape = tuple[str, str | None, tuple[str, ...]] | None
LEADS = ("lead_S", "lead_H", "lead_D", "lead_C")


def finish(table: Table) -> None:
    """The rest of the play with each hand's lowest legal card (the same later play under every edition)."""
    while table.turn is not None:
        table.play(min(table.legal_cards()))


def shape(table: Table) -> Shape:
    """The pending ruling: its law, who chooses (None: automatic), the options."""
    record = table.record
    assert record is not None
    p = record.pending
    return None if p is None else (p.law, None if p.chooser is None else p.chooser.letter, p.option_ids)


def ns_score(table: Table) -> int:
    """NS's points minus EW's for the board on the edition's sheet, with the premiums its rulings scored."""
    result, rules, record = table.result, table.rules.rubber, table.record
    assert result is not None and rules is not None and record is not None
    assert result.contract is not None and result.declarer is not None and result.tricks is not None
    lines = rubber_rules(rules.edition).score_hand(result.contract, result.declarer, result.tricks, vulnerable=False)
    points = sum(e.points if e.side is Side.NS else -e.points for e in lines)
    return points + sum(p if s is Side.NS else -p for s, p, _ in getattr(record, "premiums", ()))


def bid_out_of_turn(name: str) -> tuple[Shape, int]:
    """Dealer N; S (his partner) bids 1S first: W may demand a new deal or cancel it (R39(1), EST-L13; digest
    TV53); he cancels; N 1S, all pass; 1S by N."""
    table = Table(Board(1, DEAL, dealer=Seat.NORTH), name, irregular=True)
    table.call("1S", "S")
    ruling = shape(table)
    table.apply(choose("W", "cancel"))
    for c in ("1S", "P", "P", "P"):
        table.call(c)
    finish(table)
    return ruling, ns_score(table)


def insufficient_bid(name: str) -> tuple[Shape, int]:
    """N 1S, E 1H; S draws attention: E must make a sufficient bid and W pass (R40(1), EST-L14; digest TV50)."""
    table = Table(Board(1, DEAL, dealer=Seat.NORTH), name, irregular=True)
    table.call("1S")
    table.call("1H")
    ruling = shape(table)
    table.apply({"event": "attention", "seat": "S"})
    for c in ("2H", "P", "P", "P"):
        table.call(c)
    finish(table)
    return ruling, ns_score(table)


def revoke(name: str) -> tuple[Shape, int]:
    """1S by N; W revokes in trick 1, which E wins, established in trick 2; N claims the rest: the revoke trick is
    eligible under NBB R55(6) and NL36 27.4, not under EST-L38 (digest TV67/TV68; Appendix C 10)."""
    table = revoke_then_claim(name)
    return shape(table), ns_score(table)


def lead_out_of_turn(name: str) -> tuple[Shape, int]:
    """1S by N; W leads DA at E's turn (digest TV77/TV78): NBB/EST R46(2) I–III and R46(3); NL36 26.6(b) penalty
    card or a named suit, no "declarer becomes dummy" (Appendix C 8, 17). Declarer accepts the lead."""
    table = one_spade_with(name, "DA W")
    ruling = shape(table)
    table.apply(choose("N", "accept"))
    finish(table)
    return ruling, ns_score(table)


def quitted_trick(name: str) -> tuple[Shape, int]:
    """1S by N; after trick 1 W turns it over (digest TV96): NBB R53 declarer names the defenders' next suit (he
    names clubs); EST-L28 no penalty; NL36 28.3 50 premium points to NS (Appendix C 11)."""
    table = looked(name)
    ruling = shape(table)
    if ruling is not None:
        table.apply(choose("N", "lead_C"))
    finish(table)
    return ruling, ns_score(table)


ROWS: list[tuple[Callable[[str], tuple[Shape, int]], dict[str, tuple[Shape, int]]]] = [
    (bid_out_of_turn, {
        "NBB30": (("NBB R39(1)", "W", ("new_deal", "cancel")), 60),
        "EST30": (("EST-L13", "W", ("new_deal", "cancel")), 60),
        "NL36": (("NBB R39(1)", "W", ("new_deal", "cancel")), 60),  # borrowed from NBB30 (§0)
    }),
    (insufficient_bid, {
        "NBB30": (("NBB R40(1)", None, ("replace",)), 150),
        "EST30": (("EST-L14", None, ("replace",)), 150),
        "NL36": (("NBB R40(1)", None, ("replace",)), 150),
    }),
    (revoke, {  # nothing to choose: the tricks move at the end; 1S making 13 (NBB, NL36) or 12 (EST)
        "NBB30": (None, 30 + 180),
        "EST30": (None, 30 + 150),
        "NL36": (None, 30 + 180),
    }),
    (lead_out_of_turn, {
        "NBB30": (("NBB R46(2)", "N", (*LEADS, "exposed_forbid", "accept", "declarer_becomes_dummy")), 30),
        "EST30": (("EST-L30", "N", (*LEADS, "exposed_forbid", "accept", "declarer_becomes_dummy")), 30),
        "NL36": (("NL36 26.6(b)", "N", ("penalty_card", *LEADS, "accept")), 30),
    }),
    (quitted_trick, {
        "NBB30": (("NBB R24, R53", "N", LEADS), 60),
        "EST30": (None, 60),
        "NL36": (None, 60 + 50),
    }),
]  # fmt: skip


@pytest.mark.parametrize(("row", "expected"), ROWS, ids=[r.__name__ for r, _ in ROWS])
def test_the_same_irregularity_under_each_edition_side_by_side(
    row: Callable[[str], tuple[Shape, int]], expected: dict[str, tuple[Shape, int]]
) -> None:
    assert {name: row(name) for name in expected} == expected


def test_the_rows_differ_exactly_where_appendix_c_says() -> None:
    """The shapes of the rulings without their citations, and the scores: equal for the auction rows (no [DIFF]
    item), different for the revoke (10: EST's score), the lead out of turn (8, 17: NL36's options) and the quitted
    trick (11: all three)."""

    def differs(expected: dict[str, tuple[Shape, int]]) -> set[str]:
        plain = {n: (None if s is None else s[1:], score) for n, (s, score) in expected.items()}
        return {n for n in plain if list(plain.values()).count(plain[n]) == 1}

    assert {r.__name__: differs(e) for r, e in ROWS} == {
        "bid_out_of_turn": set(),
        "insufficient_bid": set(),
        "revoke": {"EST30"},
        "lead_out_of_turn": {"NL36"},
        "quitted_trick": {"NBB30", "EST30", "NL36"},
    }
