"""Lead and play restrictions a rectification leaves on a seat, and the cards they allow (L44C first, L59).

The restrictions are the ``Effect`` values of a chosen option (``REQUIRE_LEAD``, ``FORBID_LEAD``,
``REQUIRE_PLAY``, ``FORBID_PLAY``); the table keeps the live ones and passes ``legal_cards`` through
``allowed_cards``. A restriction that cannot be met leaves any card L44 allows (L59: not a revoke).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from contractbridge.cards import Card, Hand, Seat
from contractbridge.director import Effect, EffectKind

from .penalty_cards import PenaltyCards, PlayConstraint, follow_set, play_restriction

__all__ = ["RESTRICTIONS", "allowed_cards", "required_play"]

#: the effect kinds that restrict a seat's next lead or play
RESTRICTIONS = frozenset(
    {EffectKind.REQUIRE_LEAD, EffectKind.FORBID_LEAD, EffectKind.REQUIRE_PLAY, EffectKind.FORBID_PLAY}
)


def _one(effect: Effect, hand: Hand, trick: Sequence[Card], legal: frozenset[Card]) -> frozenset[Card]:
    kind = effect.kind
    if kind is EffectKind.REQUIRE_LEAD and not trick:
        return frozenset(c for c in legal if c.suit in effect.suits)
    if kind is EffectKind.FORBID_LEAD and not trick:
        return frozenset(c for c in legal if c.suit not in effect.suits)
    if kind is EffectKind.REQUIRE_PLAY and effect.data == "card":  # L57D: this very card at his turn
        return required_play(effect, legal)
    if kind is EffectKind.REQUIRE_PLAY and effect.data in ("highest", "lowest") and trick:
        return required_play(effect, legal & frozenset(hand.cards_in(trick[0].suit)))
    if kind in (EffectKind.REQUIRE_PLAY, EffectKind.FORBID_PLAY) and trick:
        return required_play(effect, legal)
    return legal


def required_play(effect: Effect, legal: frozenset[Card]) -> frozenset[Card]:
    """The cards of ``legal`` a play restriction allows (L57A1–4 for ``suits``, L57C3/L57D ``cards``): empty when
    it cannot be met (L57B, L59)."""
    if effect.kind is EffectKind.FORBID_PLAY:
        return frozenset(c for c in legal if c.suit not in effect.suits)
    if effect.data == "card":
        return legal & frozenset(effect.cards)
    same = [c for c in legal if c.suit in effect.suits]
    if effect.data in ("highest", "lowest") and same:
        return frozenset({(max if effect.data == "highest" else min)(same, key=lambda c: c.rank)})
    return frozenset(same)


def allowed_cards(
    seat: Seat,
    hand: Hand,
    trick: Sequence[Card],
    restrictions: Iterable[Effect] = (),
    pcs: PenaltyCards | None = None,
) -> PlayConstraint:
    """The cards ``seat`` may lead or play to ``trick``: following suit first (L44C), then every lead or play
    restriction on this seat (L26B, L50D2, L51B, L57A), then penalty cards (L50, L51A). When a restriction
    cannot be met the player plays any otherwise legal card (L59)."""
    legal = follow_set(hand, trick)
    allowed = legal
    for effect in restrictions:
        if effect.seat == seat and effect.kind in RESTRICTIONS:
            allowed = _one(effect, hand, trick, allowed)
    if not allowed:
        return PlayConstraint(legal, "59")
    if pcs is not None and pcs.of(seat):
        pc = play_restriction(seat, hand, trick, pcs)
        both = pc.allowed & allowed
        if both:  # otherwise the restriction comes first and the PC stays (L50D1(b))
            return PlayConstraint(both, pc.law, pc.declarer_chooses and len(both) > 1)
    return PlayConstraint(allowed, "44" if allowed == legal else "restriction")
