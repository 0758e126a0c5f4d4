"""Two packs, the shuffle, the cut, the deal and the redeal (NBB R6–R10, R38; EST-L01, L05–L08).

``Packs`` keeps the two packs with different backs used alternately (R7(3), EST-L01, EST-L05); the dealer
of a rubber's first hand chooses which one he deals (R6). ``cut_faults`` lists what makes any player's
demand for a new shuffle and cut valid (R8(2), EST-L06); ``deal_pack`` deals a pack one card at a time
clockwise from the dealer's left (R9(2), EST-L07); ``redeal`` says whether the same dealer deals again
(R10, R38; EST-L07, L08), the differences between the books being data of ``Edition.deal_rules``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from contractbridge import laws
from contractbridge.cards import Card, Hand, Seat
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError
from contractbridge.laws.base import DealRules
from contractbridge.rulebooks import DEFAULT_RUBBER_EDITION

__all__ = ["Packs", "RedealVerdict", "cut_faults", "deal_pack", "redeal", "shuffled"]

MIN_PACKET: Final = 4


def _rules(edition: str) -> DealRules:
    """The edition's rules of the cut and the deal (``Edition.deal_rules``)."""
    rules = laws.edition(edition).deal_rules
    if rules is None:
        raise BridgeError(f"edition {edition} has no rules for the cut and the deal of rubber bridge")
    return rules


class Packs:
    """The two packs of a table, ``A`` and ``B``, used alternately (R7(3); EST-L01)."""

    NAMES: Final = ("A", "B")

    def __init__(self, first: str = "A") -> None:
        if first not in self.NAMES:
            raise BridgeError(f"the packs are {' and '.join(self.NAMES)}, not {first!r}")
        self.first = first

    def for_hand(self, number: int) -> str:
        """The pack dealt for hand ``number`` (1-based) of the rubber: they alternate with every deal, a
        passed-out one included (R11(2): the next dealer deals the other pack)."""
        if number < 1:
            raise BridgeError(f"hands are numbered from 1, not {number}")
        index = self.NAMES.index(self.first)
        return self.NAMES[(index + number - 1) % 2]


def shuffled(rng: random.Random) -> list[Card]:
    """A pack shuffled face down (R7(2): in full view, no face shown)."""
    pack = [Card.from_index(i) for i in range(52)]
    rng.shuffle(pack)
    return pack


def cut_faults(
    edition: str,
    *,
    top: int,
    wrong_cutter: bool = False,
    face_shown: bool = False,
    completed_by_other: bool = False,
    doubt: bool = False,
    shuffled_after: bool = False,
    before_previous_hand_finished: bool = False,
) -> list[str]:
    """Why any player may demand a new shuffle and cut (NBB R8(2)(a)–(g); EST-L06), as citations; empty when
    the cut of ``top`` cards (the packet lifted by the dealer's RHO) from a 52-card pack stands."""
    rules = _rules(edition)
    if not 0 <= top <= 52:
        raise BridgeError(f"a cut lifts 0 to 52 cards, not {top}")
    law = rules.cut_law
    small = top < MIN_PACKET or (rules.both_parts and 52 - top < MIN_PACKET)
    checks = [
        ("a", wrong_cutter),
        ("b", small),
        ("c", face_shown),
        ("d", completed_by_other),
        ("e", doubt),
        ("f", shuffled_after),
        ("g", before_previous_hand_finished),
    ]
    return [f"{law}({letter})" if rules.both_parts else law for letter, fault in checks if fault]


def cut(pack: Sequence[Card], top: int) -> list[Card]:
    """The dealer completes the cut: the bottom part goes on top (R8(1); EST-L06)."""
    return [*pack[top:], *pack[:top]]


def deal_pack(pack: Sequence[Card], dealer: Seat, edition: str = DEFAULT_RUBBER_EDITION) -> Deal:
    """Deal the pack one card at a time, face down, clockwise from the dealer's left; the last card reaches
    the dealer (R9(2); EST-L07). A pack without 52 different cards is refused, citing ``edition``'s redeal
    law for a defective pack (NBB R10(2))."""
    if len(pack) != 52 or len(set(pack)) != 52:
        law = redeal(edition, defective_pack=True).reasons[0]
        raise BridgeError(f"a pack to deal has 52 different cards: otherwise a redeal with a correct pack ({law})")
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    seat = dealer.lho
    for card in pack:
        hands[seat].append(card)
        seat = seat.lho
    return Deal.from_hands({s: Hand(cards) for s, cards in hands.items()})


@dataclass(frozen=True, slots=True)
class RedealVerdict:
    """Whether the same dealer deals again with the same pack, and why; ``choice_of``: the player who may
    decide otherwise (R38: waive it; EST-L08: demand it)."""

    redeal: bool
    reasons: tuple[str, ...]
    choice_of: Seat | None = None


def redeal(
    edition: str,
    *,
    not_cut: bool = False,
    pointer_looked: bool = False,
    before_last_card: bool = True,
    face_up_in_pack: bool = False,
    exposed_in_deal: bool = False,
    looked_early_by: Seat | None = None,
    misdealt: bool = False,
    last_card_elsewhere: bool = False,
    looked_at_other_hand: bool = False,
    wrong_count: bool = False,
    defective_pack: bool = False,
) -> RedealVerdict:
    """The redeal conditions of NBB R10(1)(a)–(g), R10(2), R38 and EST-L07/L08. ``looked_early_by``: a card
    was exposed because that player looked at his cards during the deal — then his LHO may look at his
    own cards and decide (NBB R38 waives a redeal; EST-L08 demands one: the same choice)."""
    rules = _rules(edition)
    law = rules.redeal_law
    est = not rules.own_cards_clause
    reasons: list[str] = []
    window = before_last_card or not est  # EST: items 1–5 only before the last card is dealt
    if not_cut and before_last_card and not (rules.own_cards_clause and pointer_looked):
        reasons.append(f"{law}(1)(a)" if not est else f"{law} 1")
    if face_up_in_pack and window:
        reasons.append(f"{law}(1)(b)" if not est else f"{law} 2")
    if exposed_in_deal and looked_early_by is None and window:
        reasons.append(f"{law}(1)(c)" if not est else f"{law} 3")
    if misdealt and window:
        reasons.append(f"{law}(1)(d)" if not est else f"{law} 4")
    if last_card_elsewhere and rules.last_card_rule:
        reasons.append(f"{law}(1)(e)")
    if looked_at_other_hand and window:
        reasons.append(f"{law}(1)(f)" if not est else f"{law} 5")
    if wrong_count:  # EST item 6 may be found "at once or during the play" ([JUDGEMENT] §1.2)
        reasons.append(f"{law}(1)(g)" if not est else f"{law} 6")
    if defective_pack:
        reasons.append(f"{law}(2)" if not est else f"{law} (defective pack)")
    if looked_early_by is not None and exposed_in_deal and not reasons:
        return RedealVerdict(rules.looked_redeals, (rules.looked_law,), choice_of=looked_early_by.lho)
    return RedealVerdict(bool(reasons), tuple(reasons))
