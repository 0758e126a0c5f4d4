"""Exposed cards and penalty cards (L48–L52).

``PenaltyCards`` is the immutable set of penalty cards on the table (``director.PenaltyCard`` entries, the
same shape the auction director gives L24E cards); ``play_restriction`` says which cards a PC owner may play
(L50C, L50D1, L51A, L44C first, L59 fallback), ``lead_options`` the ruling declarer gets when the owner's
partner is to lead (L50D2, L51B), and ``failure_to_play`` the ruling after a required PC was not played (L52).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.director import Effect, EffectKind, Option, PenaltyCard, Question, Ruling, none_option
from contractbridge.errors import IllegalPlayError

__all__ = [
    "PenaltyCard",
    "PenaltyCards",
    "PlayConstraint",
    "classify",
    "declarer_faces_hand",
    "exposed_card",
    "failure_to_play",
    "follow_set",
    "lead_options",
    "play_restriction",
]


def classify(card: Card, *, deliberate: bool) -> bool:
    """L50B: ``True`` (major) for an honour or a card exposed through deliberate play; a single card below
    honour rank exposed unintentionally is minor (the two-card rule is ``PenaltyCards.add``'s)."""
    return card.is_honour or deliberate


@dataclass(frozen=True, slots=True)
class PenaltyCards:
    """The penalty cards lying face up in front of the defenders (L50A)."""

    cards: tuple[PenaltyCard, ...] = ()

    def __iter__(self) -> Iterator[PenaltyCard]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def of(self, seat: Seat) -> tuple[PenaltyCard, ...]:
        return tuple(pc for pc in self.cards if pc.seat == seat)

    def major(self, seat: Seat) -> tuple[PenaltyCard, ...]:
        return tuple(pc for pc in self.cards if pc.seat == seat and pc.major)

    def add(self, seat: Seat, card: Card, *, deliberate: bool, law: str) -> PenaltyCards:
        """A new penalty card of ``seat``; with two or more, all of his are major (L50B)."""
        if any(pc.card == card for pc in self.cards):
            raise IllegalPlayError(f"{card} is already a penalty card")
        mine = [*self.of(seat), PenaltyCard(seat, card, classify(card, deliberate=deliberate), law)]
        if len(mine) >= 2:
            mine = [pc if pc.major else PenaltyCard(pc.seat, pc.card, True, f"{pc.law}, 50B") for pc in mine]
        return PenaltyCards(tuple(pc for pc in self.cards if pc.seat != seat) + tuple(mine))

    def remove(self, cards: Iterable[Card]) -> PenaltyCards:
        """Penalty cards played or picked up (L50D2(a), L51B) are no longer penalty cards; the others keep their
        kind (the seed does not say a major card becomes minor again, TV107)."""
        gone = set(cards)
        return PenaltyCards(tuple(pc for pc in self.cards if pc.card not in gone))


def follow_set(hand: Hand, trick: Sequence[Card]) -> frozenset[Card]:
    """The cards L44 allows: any card to a lead (L44A), the suit led if held (L44C), else any (L44D)."""
    if trick:
        follow = hand.cards_in(trick[0].suit)
        if follow:
            return frozenset(follow)
    return frozenset(hand)


@dataclass(frozen=True, slots=True)
class PlayConstraint:
    """The cards a player may play now, and the law; ``declarer_chooses`` when two or more penalty cards
    could be played (L51A: declarer names the one)."""

    allowed: frozenset[Card]
    law: str
    declarer_chooses: bool = False


def play_restriction(seat: Seat, hand: Hand, trick: Sequence[Card], pcs: PenaltyCards) -> PlayConstraint:
    """What ``seat`` (a defender holding ``hand``, penalty cards included) may play to ``trick`` (L50C, L50D1,
    L51A). Following suit comes first (L44C, L50D1(b)); a major PC must go at the first legal opportunity,
    by leading, following, discarding or ruffing (L50D1(a)); with a minor PC no other card of its suit below
    honour rank may be played before it (L50C). If nothing is left, any card L44 allows (L59)."""
    legal = follow_set(hand, trick)
    majors = [pc.card for pc in pcs.major(seat) if pc.card in legal]
    if majors:
        return PlayConstraint(frozenset(majors), "50D1(a)" if len(majors) == 1 else "50D1(a), 51A", len(majors) > 1)
    allowed = set(legal)
    for pc in pcs.of(seat):
        if not pc.major:
            allowed -= {c for c in legal if c.suit == pc.card.suit and not c.is_honour and c != pc.card}
    if not allowed:
        return PlayConstraint(legal, "59")
    if allowed != legal:
        return PlayConstraint(frozenset(allowed), "50C")
    return PlayConstraint(legal, "44" if not pcs.of(seat) else "50D1(b)")


def lead_options(owner: Seat, declarer: Seat, pcs: PenaltyCards) -> Ruling | None:
    """Declarer's options when the partner of ``owner`` is to lead while ``owner`` has major penalty cards
    (L50D2, L51B); ``None`` when he has none (a minor PC gives the partner no lead restriction, L50C). The
    partner may not lead before declarer chooses; if he keeps the lead and a PC stays, this arises again."""
    majors = pcs.major(owner)
    if not majors:
        return None
    leader = owner.partner
    suits = sorted({pc.card.suit for pc in majors}, reverse=True)
    several = len(majors) > 1
    law_req = "50D2(a)" if not several else ("51B1(a)" if len(suits) == 1 else "51B2(a), 51B1(a)")
    law_ban = "50D2(a)" if not several else ("51B1(b)" if len(suits) == 1 else "51B2(b)")

    def picked(in_suits: Sequence[Suit]) -> Effect:
        return Effect(EffectKind.PICK_UP, owner, tuple(pc.card for pc in majors if pc.card.suit in in_suits))

    options = []
    for suit in suits:
        options.append(
            Option(
                f"require_{suit.letter}",
                law_req,
                f"{leader.name.capitalize()} must lead a {suit.name.lower()[:-1]}; the {suit.name.lower()} PCs "
                "are picked up (if he cannot, L59)",
                (picked([suit]), Effect(EffectKind.REQUIRE_LEAD, leader, suits=(suit,))),
            )
        )
    for n in range(1, len(suits) + 1):
        for banned in combinations(suits, n):
            names = "".join(s.letter for s in banned)
            options.append(
                Option(
                    f"forbid_{names}",
                    law_ban,
                    f"{leader.name.capitalize()} may not lead {', '.join(s.name.lower() for s in banned)} while he "
                    "keeps the lead; those PCs are picked up",
                    (picked(banned), Effect(EffectKind.FORBID_LEAD, leader, suits=banned)),
                )
            )
    options.append(
        Option(
            "no_restriction",
            "50D2(b)" if not several else "51B2(c)",
            f"{leader.name.capitalize()} may lead anything; the PCs stay and L50–L51 keep applying",
            (Effect(EffectKind.NONE),),
        )
    )
    pcs_text = ", ".join(str(pc.card) for pc in majors)
    return Ruling(
        "penalty_card_lead",
        "50D2" if not several else "51B",
        owner,
        f"{leader.name.capitalize()} is to lead while his partner has major penalty card(s) {pcs_text}",
        tuple(options),
        choosers=(declarer,),
        notes=("A PC picked up under D2(a) is UI for the owner's partner, AI for declarer (L50E2).",),
    )


def exposed_card(seat: Seat, card: Card, declarer: Seat, *, deliberate: bool) -> Ruling:
    """A card exposed during the play (L48, L49, L50): declarer's and dummy's never become penalty cards (L48A);
    a defender's card his partner could see, or that he named, becomes a penalty card classified by L50B."""
    if seat in (declarer, declarer.partner):
        return Ruling(
            "exposed_card",
            "48A",
            seat,
            f"{card} exposed by declarer: no penalty card, no obligation to play it",
            (none_option("48A", f"{card} goes back to the hand"),),
        )
    kind = "major" if classify(card, deliberate=deliberate) else "minor"
    return Ruling(
        "exposed_card",
        "49",
        seat,
        f"{card} exposed by a defender becomes a penalty card ({kind}, L50B)",
        (
            Option(
                "penalty_card",
                "49, 50B",
                f"{card} is a {kind} penalty card",
                (Effect(EffectKind.PENALTY_CARD, seat, (card,), data=kind),),
            ),
        ),
        review=("50E4",),
        notes=("While the PC is on the table, its information is AI for all (L50E1).",),
    )


_DECLARER_FACED = Question("48B2", "48B2", "Did declarer, facing his cards, intend to claim or concede?")


def declarer_faces_hand(declarer: Seat, *, after_opening_lead_out_of_turn: bool) -> Ruling:
    """Declarer faces his cards: after an opening lead out of turn L54 applies (L48B1); at any other time he
    may be deemed to have claimed or conceded unless that clearly was not his intention (L48B2, L68)."""
    if after_opening_lead_out_of_turn:
        return Ruling(
            "declarer_faces_hand",
            "48B1",
            declarer,
            "Declarer faced his cards after an opening lead out of turn",
            (
                Option(
                    "spread",
                    "48B1, 54A",
                    "L54 applies: he spreads his hand and becomes dummy",
                    (Effect(EffectKind.EXCHANGE_ROLES, declarer),),
                ),
            ),
        )
    return Ruling(
        "declarer_faces_hand",
        "48B2",
        declarer,
        "Declarer faced his cards during the play",
        (
            Option("claim", "48B2, 68", "deemed a claim or concession (L68–L71)", answer=True),
            none_option("48B2", "play continues; his cards are not penalty cards (L48A)", "continue"),
        ),
        question=_DECLARER_FACED,
    )


def failure_to_play(
    seat: Seat, played: Card, required: Sequence[Card], declarer: Seat, *, declarer_played_since: bool
) -> Ruling:
    """A defender led or played ``played`` when the law required one of the penalty cards ``required`` (L52).
    He may not withdraw it on his own (L52A); declarer may accept it, and must if he has played since from
    either hand (L52B1); if not accepted the PC replaces it and ``played`` becomes a major PC (L52B2). It is a
    revoke (L61A) without automatic transfer (L64B3)."""
    accept = Option(
        "accept",
        "52B1(a)" if not declarer_played_since else "52B1(b)",
        f"{played} stands; every unplayed PC remains a PC (52B1(c))",
        (Effect(EffectKind.ACCEPT, seat, (played,)),),
    )
    options = [accept]
    if not declarer_played_since:
        options.append(
            Option(
                "refuse",
                "52B2",
                f"{played} is replaced by the penalty card and becomes a major penalty card",
                (
                    Effect(EffectKind.WITHDRAW, seat, (played,)),
                    Effect(EffectKind.SUBSTITUTE, seat, tuple(required)),
                    Effect(EffectKind.PENALTY_CARD, seat, (played,), data="major"),
                ),
            )
        )
    return Ruling(
        "penalty_card_not_played",
        "52",
        seat,
        f"{seat.name.capitalize()} played {played} instead of the penalty card {', '.join(map(str, required))}",
        tuple(options),
        choosers=(declarer,),
        review=("64C",),
        notes=("A revoke (L61A) with no automatic trick transfer (L64B3); L52A: he may not withdraw it himself.",),
    )
