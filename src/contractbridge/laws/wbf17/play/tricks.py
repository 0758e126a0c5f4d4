"""Quitted tricks (L65, L66): how a played card is turned and kept, and who may see which cards when.

``card_direction`` is L65B1–B2, ``may_point_out`` L65B3; ``may_inspect`` says whether a player may have cards
of the tricks faced or looked at (L66A–C; after play L66D), ``mixed_cards`` the L66D ruling when the facts cannot
be established because a side mixed its cards. A claim that a revoke occurred does not by itself open the quitted
tricks (L61C): only the director's instruction does (L66C)."""

from __future__ import annotations

from enum import Enum

from contractbridge.cards import Seat, Side

__all__ = ["Inspection", "card_direction", "may_inspect", "may_point_out", "mixed_cards"]


class Inspection(Enum):
    """What a player asks to see: the cards just played to the trick faced (L66A), his own last card (L66B), or
    the quitted tricks (L66C, L66D)."""

    TRICK = "trick"
    OWN_CARD = "own_card"
    QUITTED = "quitted"


def card_direction(seat: Seat, winner: Seat) -> str:
    """L65A–B: ``seat`` turns his own card face down, lengthwise towards his partner if his side won the trick
    (65B1), towards the opponents if they did (65B2)."""
    return "towards his partner (L65B1)" if winner.side == seat.side else "towards the opponents (L65B2)"


def may_point_out(*, side_played_next: bool) -> tuple[bool, str]:
    """L65B3: a player may point out a card turned the wrong way until his side leads or plays to the next trick;
    later, L16B may apply."""
    return (False, "65B3, 16B") if side_played_next else (True, "65B3")


def may_inspect(
    seat: Seat,
    what: Inspection,
    declarer: Seat,
    *,
    side_played_next: bool,
    play_ended: bool = False,
    director: bool = False,
) -> tuple[bool, str]:
    """Whether ``seat`` may see ``what`` now, and the law (L66; ``side_played_next``: his side has led or played
    to the trick after the last one; ``director``: on the director's express instruction, e.g. to check a revoke
    claim, which alone does not open them, L61C). Dummy has no such right (L66A–B name declarer and the
    defenders; L43A1). The cards are kept in order so the play can be reconstructed (L65C–D)."""
    if what is not Inspection.QUITTED and not side_played_next:
        if seat == declarer.partner:
            return False, "66A" if what is Inspection.TRICK else "66B"
        return True, "66A" if what is Inspection.TRICK else "66B"
    if play_ended:
        return True, "66D"
    if director:
        return True, "66C"
    return False, "66C, 61C"


def mixed_cards(mixed: frozenset[Side]) -> Side | None:
    """L66D: when the facts cannot be established after play and only one side has mixed its cards, the director
    rules in favour of the other side (returned); ``None`` when neither or both did (the director decides)."""
    if len(mixed) != 1:
        return None
    return next(iter(mixed)).opponents
