"""Issue #11: inquiries about a show-out at an irregular WBF17 table (L61B, L43B2(b); digest
``shared/spec/laws-wbf2017.md`` §5.4, §12.12 TV135): who may ask whom; a lawful question about a revoke not yet
established draws attention to it (the L62 correction); dummy asking a defender is noted for the director (L16B);
dummy who broke L43A2 and first asks declarer makes L64 apply as if the revoke were established."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import IllegalPlayError, ParseError
from contractbridge.table import Phase, Table
from play_helpers import replayed
from test_table_revoke_transfers import PLAY, log

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CORRECT = {"event": "choose", "seat": "director", "option": "correct"}
# 2♣ by S (test_table_revoke_transfers); trick 3: dummy leads ♦7, E ♦8, declarer ruffs with ♣8 holding ♦9 ♦T
DECLARER_REVOKES = [*PLAY[:8], "D7", "D8", "C8", "D2"]
W_REVOKES = PLAY[:12]  # trick 3: W ruffs with ♣5 holding diamonds


def ask(asker: str, asked: str, **more: Any) -> dict[str, Any]:
    return {"event": "inquiry", "seat": asker, "asked": asked, **more}


def finish(table: Table) -> Table:
    while table.phase is Phase.PLAY:
        table.play(min(table.legal_cards()))
    return table


def test_l61b1_declarer_asks_a_defender_and_the_revoke_is_corrected_l62() -> None:
    table = Table.from_events([*log(W_REVOKES), ask("S", "W")])
    assert table.record is not None and table.record.pending is not None
    assert (table.record.pending.law, table.record.pending.offender) == ("62B1", W)
    assert "L61B1: South asked West about C5." in table.record.pending.notes
    table.apply(CORRECT)
    assert Card("C5") in table.hand(W) and table.turn == W
    replayed(table)


def test_tv135_dummy_who_broke_l43a2_asks_declarer_l64_applies_as_if_established_l43b2b() -> None:
    table = Table.from_events([*log(DECLARER_REVOKES), ask("N", "S", broke_43a2=True)])
    assert table.record is not None and table.record.pending is not None
    assert (table.record.pending.law, table.record.pending.offender) == ("43B2(b)", S)
    table.apply(CORRECT)
    assert table.legal_cards() == {Card("D9"), Card("DT")}  # declarer substitutes a correct card (L62B2)
    assert table.record.penalty_cards == []  # declarer's card is never a penalty card (L48A)
    finish(table)
    plain = finish(Table.from_events([*log(DECLARER_REVOKES), ask("N", "S"), CORRECT]))
    assert table.result is not None and plain.result is not None
    assert plain.result.adjustments == () and len(table.result.adjustments) == 1
    assert table.result.adjustments[0].startswith("L64A1: ")  # S won the revoke trick himself
    assert table.result.tricks < plain.result.tricks
    assert "REVIEW(64C)" in table.record.review
    replayed(table)


def test_l61b2b_dummy_may_not_ask_a_defender_noted_for_the_director_l16b() -> None:
    table = Table.from_events([*log(W_REVOKES), ask("N", "W")])
    assert table.record is not None and table.record.pending is None
    assert "REVIEW(16)" in table.record.review
    assert any(n.startswith("L61B2(b): North asked West") for n in table.record.notes)
    assert table.turn == W  # nothing corrected on it; the revoke stands


def test_l61b3_a_defender_may_ask_his_partner_a_question_about_no_revoke_is_noted() -> None:
    table = Table.from_events([*log(W_REVOKES), ask("E", "W")])
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "62B1"
    followed = Table.from_events([*log([*PLAY[:8], "D7", "D8", "C8", "D2"]), ask("W", "S")])
    assert followed.record is not None and followed.record.pending is not None  # declarer revoked: corrected


def test_questions_nobody_can_ask_change_nothing() -> None:
    table = Table.from_events(log(W_REVOKES))
    before = table.to_events()
    for bad, error in [
        (ask("S", "N"), IllegalPlayError),  # declarer asks dummy
        (ask("W", "W"), IllegalPlayError),
        (ask("S", "E"), IllegalPlayError),  # E followed suit
        ({"event": "inquiry", "seat": "S"}, ParseError),
    ]:
        with pytest.raises(error):
            table.apply(bad)
        assert table.to_events() == before and table.record is not None and table.record.pending is None


def test_once_the_next_trick_is_led_the_question_is_too_late() -> None:
    table = Table.from_events(log(PLAY[:13]))  # W, who revoked on trick 3, has led to trick 4: established (L63A1)
    with pytest.raises(IllegalPlayError):
        table.apply(ask("S", "W"))


def test_a_question_about_a_card_that_was_no_revoke_is_noted() -> None:
    table = Table.from_events([*log(PLAY[:15]), ask("S", "E")])  # trick 4: W leads ♣4, E (void) discards ♦J
    assert table.record is not None and table.record.pending is None and table.turn == S
    assert table.record.notes[-1] == "L61B1: South asked East about DJ; no revoke to correct (L62A, L63B)."


def test_tv135_the_example_w_wins_the_trick_ns_a_later_one_one_trick_to_ew_l64a2() -> None:
    from contractbridge.cards import Side, Suit
    from contractbridge.laws.wbf17.play.revokes import Revoke, transfers

    winners = [N, N, N, W, E, S, S, S, S, S, S, S, S]  # W wins trick 4 (before and after the correction)
    (moved,) = transfers([Revoke(S, 4, Suit.HEARTS, as_if_established=True)], winners)
    assert (moved.count, moved.to, moved.law, moved.tricks) == (1, Side.EW, "64A2", (6,))
