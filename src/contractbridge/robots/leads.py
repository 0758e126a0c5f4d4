"""The lead conventions of the 1930s, as the tie-break where the samples do not decide.

The seeds give no lead table (EST30's book is a bidding book; its only word on the play of the cards is the
cue-bid's promise to win the first round, EST-B30), so this module follows the common convention of the
Culbertson era, documented here:

- the card: the king from ace-king (the ace from ace-king doubleton), the top of touching honours (K from
  KQ, Q from QJ, J from JT, T from T9), the top of a doubleton, the top of three or more small cards ("top of
  nothing"), otherwise the fourth best from a suit headed by an honour (the lowest of three);
- the suit: partner's suit first, then a suit headed by a sequence of honours, then at notrump the longest
  suit, at a suit contract a short suit in the hope of a ruff; never away from an unsupported ace against a
  suit contract, nor from a king-high tenace if anything else will do.

``lead_preference(hand, card, …)`` ranks a candidate lead (lower is better) so that ``CardPlayRobot`` can
pick among cards the samples value alike; ``conventional_card`` is the card of a suit to lead.
"""

from __future__ import annotations

from collections.abc import Iterable

from contractbridge.cards import Card, Hand, Rank, Strain, Suit

__all__ = ["conventional_card", "lead_preference"]


def _touching(ranks: list[Rank]) -> int:
    """How many cards from the top of ``ranks`` (high first) touch each other."""
    run = 1
    while run < len(ranks) and ranks[run] == ranks[run - 1] - 1:
        run += 1
    return run


def conventional_card(hand: Hand, suit: Suit) -> Card:
    """The card the convention leads from ``hand``'s holding in ``suit`` (see the module)."""
    ranks = sorted(hand.ranks(suit), reverse=True)
    if not ranks:
        raise ValueError(f"no {suit.name.lower()} to lead")
    top = ranks[0]
    if len(ranks) <= 2:
        return Card(suit, top)
    if top == Rank.ACE and ranks[1] == Rank.KING:
        return Card(suit, Rank.KING)
    if top >= Rank.TEN and _touching(ranks) >= 2:
        return Card(suit, top)
    if top < Rank.JACK:
        return Card(suit, top)
    return Card(suit, ranks[3] if len(ranks) >= 4 else ranks[-1])


def lead_preference(hand: Hand, card: Card, strain: Strain, partner_suits: Iterable[Suit]) -> tuple[int, int]:
    """A sort key for candidate leads, lower first: how well the suit suits the convention, then whether the
    card is the conventional one from it."""
    suit = card.suit
    ranks = sorted(hand.ranks(suit), reverse=True)
    trump = strain.suit
    if suit in set(partner_suits):
        rank = 0
    elif len(ranks) >= 2 and ranks[0] >= Rank.TEN and _touching(ranks) >= 2:
        rank = 1
    elif trump is None:
        rank = 2 + max(0, 5 - len(ranks))
    elif suit == trump:
        rank = 8
    elif ranks[0] == Rank.ACE and len(ranks) > 1 and ranks[1] != Rank.KING:
        rank = 9
    elif len(ranks) <= 2:
        rank = 2
    elif ranks[0] < Rank.JACK:
        rank = 3
    else:
        rank = 5
    return rank, 0 if card == conventional_card(hand, suit) else 1
