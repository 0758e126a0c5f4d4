"""Every citation in a table's message comes from the edition in force (#22 item 3): an NBB30 table cites NBB30's
claim rules (NBB R26, R54), an EST30 table the Estonian ones (EST-L40, L41), an NL36 table its law 29, a WBF17
table L68–L70, and a book without a rule for a topic cites nothing rather than another book's law."""

from __future__ import annotations

import pytest

from contractbridge import Board, Deal, Seat, Table
from contractbridge.errors import CardOutOfTurnError, ClaimError, RevokeError
from contractbridge.laws import edition
from contractbridge.laws.base import Edition

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")


def _claim_in_the_auction(name: str) -> str:
    table = Table(Board(1, DEAL), edition=name)
    with pytest.raises(ClaimError) as err:
        table.claim(Seat.SOUTH, 10)
    return str(err.value)


@pytest.mark.parametrize(
    ("name", "law", "foreign"),
    [
        ("WBF17", "(L68)", "NBB"),
        ("NBB30", "(NBB R26)", "L68"),
        ("EST30", "(EST-L40)", "L68"),
        ("NL36", "(NL36 29)", "L68"),
    ],
)
def test_a_claim_in_the_auction_cites_the_tables_own_book(name: str, law: str, foreign: str) -> None:
    message = _claim_in_the_auction(name)
    assert message.endswith(f"claims are made during the play{' ' + law if law else ''}")
    assert foreign not in message


def test_cited_is_the_editions_own_or_nothing() -> None:
    assert edition("WBF17").cited("claim_ruling") == " (L70)"
    assert edition("NBB30").cited("claim_ruling") == " (NBB R54)"
    assert edition("EST30").cited("claim_ruling") == " (EST-L41)"
    assert edition("NBB30").cited("exchange_of_roles") == ""  # no NBB rule of its own: no WBF17 law instead
    assert Edition("bare").cited("claim") == ""


def test_only_an_edition_with_a_claim_check_suggests_a_ruling() -> None:
    """The director page's suggestion is the edition's (WBF17: the L70 check); the base and the 1930s codes,
    whose players settle claims themselves (NBB R26, R54), have none."""
    table = Table(Board(1, DEAL))
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        table.call(call)
    play = table.play_state
    assert play is not None
    from contractbridge.values import Claim

    claim = Claim(Seat.WEST, 13, 13)
    assert edition("NBB30").claim_suggestion(play, claim, budget=10) is None
    assert Edition("bare").claim_suggestion(play, claim, budget=10) is None
    found = edition("WBF17").claim_suggestion(play, claim, budget=100_000)
    assert found is not None and found["claim"]["tricks"] == 13 and "notes" in found


@pytest.mark.parametrize(
    ("name", "revoke", "turn"),
    [
        ("WBF17", "(L44C; a revoke, L61)", "(L44G, L53–L57)"),
        ("NBB30", "(NBB R20; a revoke, Def.XXVIII)", "(NBB R20)"),
        ("EST30", "(EST-L23; a revoke, EST-L34)", "(EST-L23, L24)"),
    ],
)
def test_a_refused_card_cites_the_tables_own_book(name: str, revoke: str, turn: str) -> None:
    """The brief's example: "must follow suit (L44C …)" never appears at an NBB30 table (NBB R20 instead)."""
    table = Table(Board(1, DEAL), edition=name)
    for call in ("1NT", "P", "P", "P"):
        table.call(call)
    table.play("SJ")  # East leads; South is dummy and holds spades
    with pytest.raises(RevokeError) as err:
        table.play("H6")
    assert str(err.value) == f"H6 by south: must follow suit to the spades led {revoke}"
    with pytest.raises(CardOutOfTurnError) as late:
        table.play("C3", "W")
    assert str(late.value) == f"C3 by west: it is south's turn to play {turn}"
    assert len(table.to_events()) == 6  # nothing changed
