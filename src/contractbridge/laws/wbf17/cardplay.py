"""WBF 2017 play period at the table (L44C, L50D1, L51A): the penalty cards of the record enforced through
``Edition.legal_cards``; the rulings themselves are the pure functions of ``laws.wbf17.play``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.cards import Card, Seat
from contractbridge.laws.base import Edition
from contractbridge.laws.wbf17.play.penalty_cards import PenaltyCards
from contractbridge.laws.wbf17.play.restrictions import allowed_cards

if TYPE_CHECKING:
    from contractbridge.table import Table

__all__ = ["WBF17CardPlay", "live_penalty_cards"]


def live_penalty_cards(table: Table) -> PenaltyCards:
    """The penalty cards still on the table: those of the record (L24E; L54D, L56 once wired) whose owner
    still holds the card (a penalty card played is no longer one, L50A)."""
    record, play = table.record, table.play_state
    if record is None or play is None:
        return PenaltyCards()
    return PenaltyCards(tuple(pc for pc in record.penalty_cards if pc.card in play.hand(pc.seat)))


class WBF17CardPlay(Edition):
    """The cards a defender with penalty cards may play (L50C, L50D1, L51A), after L44 and the lead restrictions."""

    name = "WBF17"

    def legal_cards(self, table: Table, seat: Seat, cards: frozenset[Card]) -> frozenset[Card]:
        """L50D1(a): a major penalty card is played at the first legal opportunity (two of them: either, declarer
        names it, L51A); following suit comes first (L44C, L50D1(b), TV95, TV105); L50C for a minor one. A lead
        restriction that leaves no penalty card playable comes first (the card stays)."""
        cards = super().legal_cards(table, seat, cards)
        pcs = live_penalty_cards(table)
        play = table.play_state
        if play is None or not pcs.of(seat):
            return cards
        trick = [card for _, card in play.current_trick]
        both = cards & allowed_cards(seat, play.hand(seat), trick, (), pcs).allowed
        return both or cards
