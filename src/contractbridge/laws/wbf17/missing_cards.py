"""WBF 2017: a card missing from a hand found after the opening lead, at the table (L14B; TV146).

The board's deal is the deal as dealt. A card that was not in its owner's hand in the play (fallen on the floor,
left in the board) is a fact of the log, recorded as soon as it is known to be missing, in the play period::

    {"event": "card_missing", "seat": "W", "card": "C8"}

While it is missing its owner cannot play it: his legal cards leave it out, and when it is his only card of the suit
led he may play any other card — unnoticed, and lawful as far as the table knows. When it is found (or the deal is
reconstructed with another pack, L14B3)::

    {"event": "card_found", "seat": "W", "card": "C8"}

it goes back to the hand and is deemed to have been there all along (L14B2, L14B4): each earlier trick to which its
owner failed to follow with it was a **revoke** (L61–L64), ruled like any other (L64A transfers, REVIEW(64C)); those
revokes are named in the ruling's entry and notes. Knowing that a card was restored is unauthorized information for
his partner (L14C). A card missing before the opening lead is L14A (``board_irregularity`` ``missing_card``); one
found among the played cards is a defective trick (L14B1, L67)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.errors import CardNotInHandError, RulingError, RulingPendingError
from contractbridge.laws.wbf17.corrections import standing_revokes
from contractbridge.laws.wbf17.event_data import card_in, seat_in

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["CARD_FOUND", "CARD_MISSING", "found", "missing", "missing_cards", "refuse_missing", "restore"]

#: the event kind of a card found missing from its owner's hand in the play (L14B)
CARD_MISSING: Final = "card_missing"
#: the event kind of a missing card found, or reconstructed with another pack (L14B2, L14B3)
CARD_FOUND: Final = "card_found"


def missing_cards(table: PlayTable, seat: Seat) -> frozenset[Card]:
    """The cards of ``seat`` missing now (recorded missing and not found since)."""
    record = table.record
    if record is None:
        return frozenset()
    gone: set[Card] = set()
    for r in record.rulings:
        if r.get("seat") != seat.letter:
            continue
        if r.get("irregularity") == CARD_MISSING:
            gone.add(Card.parse(r["card"]))
        elif r.get("irregularity") == CARD_FOUND:
            gone.discard(Card.parse(r["card"]))
    return frozenset(gone)


def refuse_missing(table: PlayTable, seat: Seat, card: Card) -> None:
    """``CardNotInHandError`` for a card its owner cannot play: it is missing from his hand (L14B)."""
    if card in missing_cards(table, seat):
        raise CardNotInHandError(f"{card} is missing from {seat.name.lower()}'s hand (L14B): it cannot be played")


def missing(table: PlayTable, data: Mapping[str, Any]) -> None:
    """``card_missing``: a card its owner still holds, as the table knows, is not in his hand (L14)."""
    record, play = table.record, table.play_state
    if record is None or play is None or play.is_over:
        raise RulingError(f"{CARD_MISSING}: a card is missing from a hand in the play (before the lead: L14A)")
    seat, card = seat_in(data, CARD_MISSING), card_in(data, CARD_MISSING)
    if card not in play.hand(seat):
        raise RulingError(f"{CARD_MISSING}: {card} is not among the cards {seat.name.lower()} still holds")
    if card in missing_cards(table, seat):
        raise RulingError(f"{CARD_MISSING}: {card} is already missing")
    record.rulings.append(
        {
            "irregularity": CARD_MISSING,
            "law": "14",
            "option": "missing",
            "offender": None,
            "seat": seat.letter,
            "card": str(card),
            "trick": len(play.tricks) + 1,
        }
    )


def found(table: PlayTable, data: Mapping[str, Any]) -> None:
    """``card_found``: the missing card goes back to the hand, deemed always there (L14B2–B4)."""
    law = "14B3, 14B4" if data.get("reconstructed") is True else "14B2, 14B4"
    restore(table, seat_in(data, CARD_FOUND), card_in(data, CARD_FOUND), CARD_FOUND, law)


def restore(table: PlayTable, seat: Seat, card: Card, kind: str, law: str) -> list[int]:
    """A card missing from ``seat``'s hand goes back to it, deemed always there (L14B4, L67B2(b)): the tricks to which
    he failed to follow with it since were revokes (L61–L64), named in the ruling's entry (of ``kind``, under
    ``law``) and returned."""
    record, play = table.record, table.play_state
    if record is None or play is None:
        raise RulingError(f"{kind}: no card is missing")
    if record.pending is not None:
        raise RulingPendingError(f"{kind}: a ruling is pending (L9B2)")
    if card not in missing_cards(table, seat):
        raise RulingError(f"{kind}: {card} is not missing from {seat.name.lower()}'s hand")
    since = max(
        r["trick"]
        for r in record.rulings
        if r.get("irregularity") == CARD_MISSING and r.get("seat") == seat.letter and r.get("card") == str(card)
    )
    tricks = sorted(
        place // 4 + 1
        for who, _, place in standing_revokes(table)
        if who == seat and place // 4 + 1 >= since and play.played()[place - place % 4][1].suit is card.suit
    )
    record.rulings.append(
        {
            "irregularity": CARD_FOUND,
            "law": law,
            "option": "restored",
            "offender": seat.letter if tricks else None,
            "seat": seat.letter,
            "card": str(card),
            "revokes": tricks,
        }
    )
    named = ", ".join(f"trick {t}" for t in tricks)
    record.note(
        f"{card} restored to {seat.name.capitalize()}'s hand, deemed always there (L{law})"
        + (f": failing to play it to {named} was a revoke (L61–L64)" if tricks else "")
        + f"; knowing it was restored is unauthorized information for {seat.partner.name.capitalize()} (L14C)."
    )
    return tricks
