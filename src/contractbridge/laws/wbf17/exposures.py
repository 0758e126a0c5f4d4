"""WBF 2017 cards exposed during the play, at the table (L48–L50): an ``expose`` event after the opening lead
becomes a ruling. Declarer's and dummy's cards are never penalty cards (L48A); a defender's exposed card is a
penalty card (L49), major for an honour, for a second penalty card, or for a card exposed through deliberate play,
minor for a single low card exposed unintentionally (L50B; whether it was deliberate is the director's
judgement, asked, never guessed)."""

from __future__ import annotations

from collections.abc import Sequence

from contractbridge.cards import Card, Seat
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling
from contractbridge.laws.wbf17.play.penalty_cards import PenaltyCards, exposed_card

__all__ = ["exposure_ruling"]


def exposure_ruling(seat: Seat, cards: Sequence[Card], declarer: Seat, pcs: PenaltyCards) -> Ruling:
    """The ruling on ``cards`` of ``seat`` exposed during the play, ``pcs`` the penalty cards on the table."""
    first = cards[0]
    shown = ", ".join(map(str, cards))
    if seat.side == declarer.side:
        ruling = exposed_card(seat, first, declarer, deliberate=False)
        return Ruling(
            ruling.irregularity,
            ruling.law,
            seat,
            f"{shown} exposed by {'declarer' if seat == declarer else 'dummy'}: no penalty card (L48A)",
            ruling.options,
        )
    if len(cards) > 1 or first.is_honour or pcs.of(seat):
        ruling = exposed_card(seat, first, declarer, deliberate=True)
        option = ruling.options[0]
        effect = Effect(EffectKind.PENALTY_CARD, seat, tuple(cards), data="major")
        law = "49, 50B" if first.is_honour and len(cards) == 1 and not pcs.of(seat) else "49, 50B (two or more)"
        return Ruling(
            ruling.irregularity,
            ruling.law,
            seat,
            f"{shown} exposed by {seat.name.capitalize()}: major penalty card(s) (L50B)",
            (Option(option.id, law, f"{shown}: major penalty card(s)", (effect,)),),
            review=ruling.review,
            notes=ruling.notes,
        )
    major, minor = (exposed_card(seat, first, declarer, deliberate=d) for d in (True, False))
    return Ruling(
        "exposed_card",
        "49",
        seat,
        f"{first} exposed by {seat.name.capitalize()}: a penalty card (L49)",
        (
            Option("major", "50B", f"{first} is a major penalty card", major.options[0].effects, answer=True),
            Option("minor", "50B", f"{first} is a minor penalty card", minor.options[0].effects, answer=False),
        ),
        question=Question("50B", "50B", f"Was {first}, a card below honour rank, exposed through deliberate play?"),
        review=major.review,
        notes=major.notes,
    )
