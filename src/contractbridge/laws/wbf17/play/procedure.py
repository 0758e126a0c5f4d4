"""Correct procedure of the play (L41, L45–L47): who may ask for a review, when a card counts as played,
dummy designations (L46, parsed from declarer's words) and the retraction of a played card (L47).

Pure functions over values: seats, hands, the trick in progress, the trump strain.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from contractbridge.cards import Card, Hand, Rank, Seat, Strain, Suit
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling, none_option
from contractbridge.errors import CardOutOfTurnError, ClarificationPeriodError, IllegalPlayError, ParseError
from contractbridge.play import Trick, trick_winner

__all__ = [
    "Designation",
    "DesignationKind",
    "FaceDownLead",
    "Resolution",
    "ResolutionStatus",
    "Retraction",
    "card_played",
    "dummy_intervened",
    "dummy_misplaced_card",
    "dummy_touched_card",
    "fifth_card",
    "may_retract",
    "parse_designation",
    "resolve_designation",
    "review_rights",
    "unintended_designation",
]


# --------------------------------------------------------------------------------------------------
# L41 — commencement of play
# --------------------------------------------------------------------------------------------------
def review_rights(
    declarer: Seat, *, lead_faced: bool, played: frozenset[Seat] = frozenset(), accepted_lead_out_of_turn: bool = False
) -> frozenset[Seat]:
    """Who may ask for a review of the auction now (L41B, L20F).

    Before the face-down opening lead is faced: the leader's partner and the presumed declarer, never the
    presumed dummy. After it: declarer and each defender at their first turn to play, until they have played
    a card; declarer's first turn counts from dummy too (``played`` holds dummy's seat once dummy played),
    unless he accepted an opening lead out of turn (then only his own card ends the right)."""
    dummy, leader = declarer.partner, declarer.lho
    if not lead_faced:
        return frozenset({declarer, leader.partner})
    out = {seat for seat in (leader, leader.partner) if seat not in played}
    declarer_played = declarer in played or (dummy in played and not accepted_lead_out_of_turn)
    if not declarer_played:
        out.add(declarer)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class FaceDownLead:
    """The opening lead lying face down in the clarification period (L41A): ``leader``'s ``card``, still in his
    hand; ``waiting``, the presumed declarer or leader's partner who may still ask (L41B); ``open``, whether a
    question awaits its answer; ``ready``, whether the period is over and the lead is to be faced now (L41C). Nobody
    chooses a card meanwhile: facing the lead is the procedure's step, not a play (``Table.legal_cards`` is empty)."""

    leader: Seat
    card: Card
    waiting: tuple[Seat, ...] = ()
    open: bool = False
    ready: bool = False

    def check(self, card: Card, seat: Seat | None, *, director: bool = False) -> None:
        """Refuse ``card`` from the leader (``seat`` None: the hand in rotation, his): any other card, for the
        face-down lead may be withdrawn only after an irregularity on the director's instruction (L41A, L47E, L54),
        and the card itself before the clarification period ends (L41B–C). Another seat's card is an irregularity
        (``other_card``): at a table with a ``director`` it takes its own way, his to rectify; a table without one
        refuses it."""
        if seat is not None and seat != self.leader:
            if not director:
                raise CardOutOfTurnError(f"{self.other_card(seat, card)}; a table without a director refuses it")
            return
        who = self.leader.name.lower()
        if card != self.card:
            raise IllegalPlayError(
                f"{card} by {who}: his opening lead lies face down; it is the card he faces, withdrawn only after an "
                "irregularity on the director's instruction (L41A, L47E, L54)"
            )
        if not self.ready:
            asking = " and ".join(s.name.lower() for s in self.waiting)
            why = [f"{asking} may still ask"] if asking else []
            why += ["a question awaits its answer"] if self.open else []
            raise ClarificationPeriodError(
                f"{card} by {who}: the face-down opening lead is faced at the end of the clarification period, "
                f"and {'; '.join(why) or 'play has stopped (a ruling or a claim)'} (L41B, L41C)"
            )

    def other_card(self, seat: Seat, card: Card) -> str:
        """What ``seat``'s ``card`` put on the table while the lead lies face down is, in words: the leader's partner's
        is an opening lead faced out of turn, the face-down lead then withdrawn without rectification and declarer
        choosing under L54A–D (L54); the presumed declarer's or dummy's is a card exposed during the auction period,
        of which the clarification period is part (L17D1), an attempted lead L54E sends to L24: it goes back into
        the hand, no penalty card (L24D, L48A), its information unauthorized for his side (L16C)."""
        who = seat.name.lower()
        if seat == self.leader.partner:
            return (f"{card} by {who}: {self.leader.name.lower()}'s opening lead lies face down; {who}'s card faced "
                    "now is an opening lead out of turn, the face-down lead withdrawn (L54)")  # fmt: skip
        role = "declarer" if seat == self.leader.rho else "dummy"
        return (f"{card} by {who}: the opening lead lies face down; a card of the presumed {role} now is exposed "
                "during the auction period (L17D1, L54E, L24) and goes back into his hand (L24D)")  # fmt: skip


# --------------------------------------------------------------------------------------------------
# L45 — card played
# --------------------------------------------------------------------------------------------------
_PLAYED_QUESTIONS: Final = {
    "defender": Question("45C1", "45C1", "Was the defender's card held so that his partner could see its face?"),
    "declarer": Question(
        "45C2",
        "45C2",
        "Was declarer's card held face up touching or nearly touching the table, or in a position showing it played?",
    ),
    "dummy": Question("45C3", "45C3", "Did declarer deliberately touch the dummy card (not to arrange or reach)?"),
}


def card_played(role: str, seat: Seat, card: Card, *, named: bool = False) -> Ruling:
    """Whether a card counts as played (L45C). ``role`` is ``defender``, ``declarer`` or ``dummy`` (a dummy card
    touched by declarer). A card named or designated is played (L45C4(a)); otherwise the director judges."""
    if role not in _PLAYED_QUESTIONS:
        raise ParseError(f"role must be defender, declarer or dummy, not {role!r}")
    played = Option("played", "45C4(a)", f"{card} counts as played", (Effect(EffectKind.ACCEPT, seat, (card,)),))
    if named:
        return Ruling("card_played", "45C4(a)", seat, f"{card} was named or designated", (played,))
    question = _PLAYED_QUESTIONS[role]
    yes = Option("played", question.law, f"{card} counts as played", played.effects, answer=True)
    if role == "defender":
        no = Option(
            "exposed",
            "49",
            f"{card} is not played; exposed, it becomes a penalty card (L49, L50)",
            (Effect(EffectKind.PENALTY_CARD, seat, (card,), data="classify"),),
            answer=False,
        )
    else:
        no = Option(
            "not_played",
            "48A" if role == "declarer" else "45C3",
            f"{card} is not played and stays in the hand",
            (Effect(EffectKind.NONE),),
            answer=False,
        )
    return Ruling("card_played", question.law, seat, f"Is {card} played?", (yes, no), question=question)


def unintended_designation(
    declarer: Seat, card: Card, *, slip: bool, declarer_played_since: bool, opponents_played_since: Sequence[Seat] = ()
) -> Ruling:
    """Declarer changes an unintended designation of a dummy card (L45C4(b), L47C): allowed for a slip of
    the tongue until he next plays a card from either hand; an opponent who played since may withdraw his card
    and substitute another (L47D, information AI to him under L16C1)."""
    dummy = declarer.partner
    if not slip or declarer_played_since:
        why = "a change of mind is not a slip" if not slip else "declarer has played again since"
        return Ruling(
            "designation_change",
            "45C4(b)",
            declarer,
            f"The designation of {card} stands: {why}",
            (none_option("45C4(b)", f"{card} stays played", "stands"),),
        )
    effects = [Effect(EffectKind.WITHDRAW, dummy, (card,))]
    effects += [Effect(EffectKind.WITHDRAW, s, data="may") for s in opponents_played_since]
    return Ruling(
        "designation_change",
        "45C4(b)",
        declarer,
        f"{card} was designated by a slip of the tongue: declarer may change it",
        (
            Option(
                "change",
                "45C4(b), 47C, 47D",
                "the dummy card goes back; opponents who played since may withdraw theirs",
                tuple(effects),
            ),
        ),
    )


def dummy_misplaced_card(
    dummy: Seat, card: Card, *, each_side_played_to_next_trick: bool, lead: bool = False
) -> Ruling:
    """Dummy put a card in the played position that declarer did not name (L45D)."""
    if not each_side_played_to_next_trick:
        return Ruling(
            "dummy_misplaced_card",
            "45D1",
            dummy,
            f"Dummy played {card} that declarer did not name",
            (
                Option(
                    "withdraw",
                    "45D1",
                    f"{card} goes back to dummy; a defender may withdraw a card played since",
                    (Effect(EffectKind.WITHDRAW, dummy, (card,)),),
                ),
            ),
        )
    note = (
        "The card was a lead: failing to follow it later may be a revoke (L64A, L64B7, L64C)."
        if lead
        else "A dummy revoke with it gets no automatic transfer (L64B3, L64C)."
    )
    return Ruling(
        "dummy_misplaced_card",
        "45D2",
        dummy,
        f"Too late to withdraw {card}: play continues",
        (none_option("45D2", "no card is changed in this trick or any later one"),),
        notes=(note,),
    )


def dummy_touched_card(dummy: Seat, *, suggested_play: bool) -> Ruling:
    """Dummy touched or pointed at a card without declarer's instruction (L45F): the director is told the facts
    and play continues; after play he adjusts if dummy suggested a play and the defenders were damaged."""
    return Ruling(
        "dummy_touched_card",
        "45F",
        dummy,
        "Dummy touched or pointed at a card without declarer's instruction",
        (none_option("45F", "play continues"),),
        review=("45F",) if suggested_play else (),
    )


def fifth_card(seat: Seat, card: Card, declarer: Seat) -> Ruling:
    """A fifth card played to a trick (L45E): a defender's becomes a penalty card, declarer's goes back —
    unless the director judges it was a lead (then L53/L56 or L55)."""
    question = Question("45E_lead", "45E", f"Was {card} a lead to the next trick?")
    if seat in (declarer, declarer.partner):
        not_lead = Option(
            "back_to_hand",
            "45E2",
            f"{card} goes back to the hand, no rectification",
            (Effect(EffectKind.WITHDRAW, seat, (card,)),),
            answer=False,
        )
        lead = Option("lead_out_of_turn", "45E2, 55", "treated as declarer's lead out of turn (L55)", answer=True)
    else:
        not_lead = Option(
            "penalty_card",
            "45E1, 50",
            f"{card} becomes a penalty card",
            (Effect(EffectKind.PENALTY_CARD, seat, (card,), data="classify"),),
            answer=False,
        )
        lead = Option("lead_out_of_turn", "45E1, 53, 56", "treated as a lead out of turn (L53, L56)", answer=True)
    return Ruling(
        "fifth_card", "45E", seat, f"{card} is a fifth card to the trick", (lead, not_lead), question=question
    )


# --------------------------------------------------------------------------------------------------
# L46 — designations of a dummy card
# --------------------------------------------------------------------------------------------------
class DesignationKind(Enum):
    HIGH = "high"
    LOW = "low"
    WIN = "win"
    SUIT = "suit"
    RANK = "rank"
    CARD = "card"
    ANYTHING = "anything"


@dataclass(frozen=True, slots=True)
class Designation:
    """What declarer said when calling a dummy card (L46A: suit and rank; L46B: incomplete forms)."""

    kind: DesignationKind
    suit: Suit | None = None
    rank: Rank | None = None

    def __str__(self) -> str:
        if self.kind is DesignationKind.CARD and self.suit is not None and self.rank is not None:
            return f"{self.suit.letter}{self.rank.letter}"
        if self.kind is DesignationKind.SUIT and self.suit is not None:
            return _SUIT_WORDS[self.suit]
        if self.kind is DesignationKind.RANK and self.rank is not None:
            return _RANK_WORDS.get(self.rank, self.rank.letter)
        return {DesignationKind.WIN: "win it", DesignationKind.ANYTHING: "play anything"}.get(
            self.kind, self.kind.value
        )


_WORDS: Final = {
    "high": DesignationKind.HIGH,
    "highest": DesignationKind.HIGH,
    "top": DesignationKind.HIGH,
    "big": DesignationKind.HIGH,
    "low": DesignationKind.LOW,
    "lowest": DesignationKind.LOW,
    "small": DesignationKind.LOW,
    "little": DesignationKind.LOW,
    "win it": DesignationKind.WIN,
    "win": DesignationKind.WIN,
    "win the trick": DesignationKind.WIN,
    "cover": DesignationKind.WIN,
    "play anything": DesignationKind.ANYTHING,
    "anything": DesignationKind.ANYTHING,
    "whatever": DesignationKind.ANYTHING,
    "any": DesignationKind.ANYTHING,
}
_SUIT_WORDS: Final = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"}
_RANK_WORDS: Final = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten"}
_SUIT_BY_WORD: Final = {w: s for s, w in _SUIT_WORDS.items()}
_RANK_BY_WORD: Final = {w: r for r, w in _RANK_WORDS.items()} | {
    "two": Rank.TWO,
    "three": Rank.THREE,
    "four": Rank.FOUR,
    "five": Rank.FIVE,
    "six": Rank.SIX,
    "seven": Rank.SEVEN,
    "eight": Rank.EIGHT,
    "nine": Rank.NINE,
}


def _suit_word(word: str) -> Suit | None:
    word = word.rstrip("s") if word.endswith("s") and word[:-1] in _SUIT_BY_WORD else word
    if word in _SUIT_BY_WORD:
        return _SUIT_BY_WORD[word]
    try:
        return Suit.parse(word)
    except ParseError:
        return None


def _rank_word(word: str) -> Rank | None:
    if word in _RANK_BY_WORD:
        return _RANK_BY_WORD[word]
    try:
        return Rank.parse(word)
    except ParseError:
        return None


def parse_designation(text: str) -> Designation:
    """Declarer's words for a dummy card: ``"low"``, ``"high"``, ``"win it"``, ``"spade"``, ``"queen"``,
    ``"SQ"``/``"♠Q"``/``"queen of spades"``, ``"play anything"`` (L46)."""
    words = " ".join(re.sub(r"[^\w♠♥♦♣ ]", " ", text.strip().lower()).split())
    if words.startswith("a "):
        words = words[2:]
    if words in _WORDS:
        return Designation(_WORDS[words])
    parts = [w for w in words.split() if w not in ("of", "the")]
    if len(parts) == 1:
        word = parts[0]
        if len(word) in (2, 3) and _suit_word(word[0]) is not None and _rank_word(word[1:]) is not None:
            return Designation(DesignationKind.CARD, _suit_word(word[0]), _rank_word(word[1:]))
        if (suit := _suit_word(word)) is not None:
            return Designation(DesignationKind.SUIT, suit)
        if (rank := _rank_word(word)) is not None:
            return Designation(DesignationKind.RANK, rank=rank)
    if len(parts) == 2:
        a, b = parts
        for rank_w, suit_w in ((a, b), (b, a)):
            rank, suit = _rank_word(rank_w), _suit_word(suit_w)
            if rank is not None and suit is not None:
                return Designation(DesignationKind.CARD, suit, rank)
    raise ParseError(f"not a designation of a dummy card: {text!r} (e.g. 'low', 'win it', 'spade', 'queen', 'SQ')")


class ResolutionStatus(Enum):
    PLAYED = "played"  # ``card`` is played from dummy
    VOID = "void"  # the designation is void: declarer designates any legal card (L46B4)
    DEFENDERS_CHOOSE = "defenders_choose"  # either defender picks dummy's card (L46B5)
    DECLARER_SPECIFIES = "declarer_specifies"  # two or more cards fit: declarer must say which (L46B3(b))
    DIRECTOR = "director"  # the seed does not say: refer to the director


@dataclass(frozen=True, slots=True)
class Resolution:
    """The card a designation plays, or what happens instead, with the law."""

    status: ResolutionStatus
    law: str
    card: Card | None = None
    candidates: frozenset[Card] = frozenset()


def _legal(dummy: Hand, trick: Sequence[Card]) -> frozenset[Card]:
    if not trick:
        return frozenset(dummy)
    follow = dummy.cards_in(trick[0].suit)
    return frozenset(follow) if follow else frozenset(dummy)


def resolve_designation(
    designation: Designation,
    dummy: Hand,
    trick: Sequence[Card],
    trump: Strain,
    *,
    leader: Seat | None = None,
    previous: Trick | None = None,
    dummy_seat: Seat | None = None,
) -> Resolution:
    """The dummy card an incomplete or erroneous designation plays (L46B), given dummy's cards, the cards
    already played to the trick (led by ``leader``) and, for a rank named at a lead, the previous trick and
    dummy's seat (L46B3(a)). Declarer's other *incontrovertible* intention overrides this (a judgement)."""
    kind = designation.kind
    legal = _legal(dummy, trick)
    if kind is DesignationKind.ANYTHING:
        return Resolution(ResolutionStatus.DEFENDERS_CHOOSE, "46B5", candidates=legal)
    if kind in (DesignationKind.HIGH, DesignationKind.LOW, DesignationKind.WIN):
        if not trick:  # "suit led" is undefined at a lead: only B2–B5 apply
            return Resolution(ResolutionStatus.DIRECTOR, "46B1")
        follow = dummy.cards_in(trick[0].suit)
        if kind is DesignationKind.WIN:
            if leader is None:
                raise ParseError("'win it' needs the seat that led to the trick")
            winners = [c for c in legal if trick_winner(leader, [*trick, c], trump) == leader.offset(len(trick))]
            if not winners:
                return Resolution(ResolutionStatus.DIRECTOR, "46B1(b)", candidates=legal)
            return Resolution(ResolutionStatus.PLAYED, "46B1(b)", min(winners, key=_win_order(trump)))
        if not follow:  # dummy void in the suit led: the seed does not say
            return Resolution(ResolutionStatus.DIRECTOR, "46B1", candidates=legal)
        if kind is DesignationKind.HIGH:
            return Resolution(ResolutionStatus.PLAYED, "46B1(a)", follow[0])
        return Resolution(ResolutionStatus.PLAYED, "46B1(c)", follow[-1])
    if kind is DesignationKind.SUIT:
        assert designation.suit is not None
        held = dummy.cards_in(designation.suit)
        if not held:
            return Resolution(ResolutionStatus.VOID, "46B4", candidates=legal)
        return Resolution(ResolutionStatus.PLAYED, "46B2", held[-1])
    if kind is DesignationKind.RANK:
        assert designation.rank is not None
        rank = designation.rank
        if not trick and previous is not None and dummy_seat is not None and previous.winner == dummy_seat:
            card = Card(previous.card_of(dummy_seat).suit, rank)
            if card in dummy:
                return Resolution(ResolutionStatus.PLAYED, "46B3(a)", card)
        fits = frozenset(c for c in legal if c.rank == rank)
        if len(fits) == 1:
            return Resolution(ResolutionStatus.PLAYED, "46B3(b)", next(iter(fits)))
        if fits:
            return Resolution(ResolutionStatus.DECLARER_SPECIFIES, "46B3(b)", candidates=fits)
        return Resolution(ResolutionStatus.VOID, "46B4", candidates=legal)
    assert designation.suit is not None and designation.rank is not None
    card = Card(designation.suit, designation.rank)
    if card not in dummy:
        return Resolution(ResolutionStatus.VOID, "46B4", candidates=legal)
    return Resolution(ResolutionStatus.PLAYED, "46A", card)


def _win_order(trump: Strain) -> Callable[[Card], tuple[bool, int]]:
    """Sort key for 'the lowest card known to win': non-trumps before trumps, then by rank."""
    suit = trump.suit
    return lambda c: (c.suit == suit, int(c.rank))


# --------------------------------------------------------------------------------------------------
# L47 — retraction of a card played
# --------------------------------------------------------------------------------------------------
class Retraction(Enum):
    """Why a player wants a played card back (L47A–F)."""

    RECTIFICATION = "rectification"  # L47A
    ILLEGAL_PLAY = "illegal_play"  # L47B
    UNINTENDED_DESIGNATION = "unintended_designation"  # L47C
    OPPONENT_CHANGED = "opponent_changed"  # L47D
    TOLD_WRONGLY_TURN = "told_wrongly_turn"  # L47E1
    MISEXPLANATION = "misexplanation"  # L47E2
    CHANGE_OF_MIND = "change_of_mind"  # L47F


def may_retract(
    reason: Retraction, *, later_card_to_trick: bool = False, opening_lead: bool = False, dummy_faced: bool = False
) -> tuple[bool, str, str]:
    """Whether a played card may be withdrawn, the law, and what follows: ``(allowed, law, consequence)``."""
    if reason is Retraction.RECTIFICATION:
        return True, "47A", "a defender's withdrawn card may become a penalty card (L49)"
    if reason is Retraction.ILLEGAL_PLAY:
        return True, "47B", "a defender's withdrawn card: see L49 (penalty card); simultaneous plays: L58"
    if reason is Retraction.UNINTENDED_DESIGNATION:
        return True, "47C", "back to the hand without further rectification, as L45C4(b) allows"
    if reason is Retraction.OPPONENT_CHANGED:
        return True, "47D", "substitute another card without further rectification (L16C, L62C2)"
    if reason is Retraction.TOLD_WRONGLY_TURN:
        return True, "47E1", "withdrawn without rectification; it cannot be accepted; L63A1 does not apply"
    if reason is Retraction.MISEXPLANATION:
        if later_card_to_trick:
            return False, "47E2(b)", "too late: the director may award an adjusted score"
        if opening_lead and dummy_faced:
            return False, "47E2(a)", "an opening lead may not be withdrawn once dummy has faced a card"
        return True, "47E2(a)", "withdrawn without further rectification (L16C)"
    return False, "47F", "a played card may not be withdrawn"


# --------------------------------------------------------------------------------------------------
# L43 — dummy's limitations
# --------------------------------------------------------------------------------------------------
def dummy_intervened(
    dummy: Seat, declarer: Seat, *, broke_a2: bool, offender: Seat | None = None, warned: bool = False
) -> Ruling:
    """Dummy drew attention to an irregularity during play, or warned declarer (L43). Having broken L43A2
    (exchanged hands, watched declarer, looked at a defender's card): a warning against leading from the wrong hand
    lets either defender choose the hand declarer leads from (43B2(a)); being first to point at a defender's
    irregularity means no rectification now, and after play only the defenders' score is adjusted if they gained
    (43B3). Without that breach dummy still may not draw attention during play (43A1(b)): the irregularity is
    rectified, and dummy may get a procedural penalty (43B1)."""
    defenders = (declarer.lho, declarer.rho)
    if broke_a2 and warned:
        return Ruling(
            "dummy_warning",
            "43B2(a)",
            dummy,
            "Dummy, having broken L43A2, warned declarer about the hand to lead from",
            (
                Option(
                    "defender_chooses_hand",
                    "43B2(a)",
                    "either defender chooses the hand declarer leads from",
                    (Effect(EffectKind.DEFENDER_CHOOSES, data="hand"),),
                ),
            ),
            choosers=defenders,
        )
    if broke_a2 and offender is not None and offender in defenders:
        return Ruling(
            "dummy_attention",
            "43B3",
            offender,
            "Dummy, having broken L43A2, was the first to draw attention to a defender's irregularity",
            (none_option("43B3", "play continues as if no irregularity had happened"),),
            review=("43B3",),
            notes=("If the defenders gained, only their score is adjusted; declarer's side keeps its table score.",),
        )
    return Ruling(
        "dummy_attention",
        "43A1(b)",
        dummy,
        "Dummy drew attention to an irregularity during play",
        (Option("rectify", "43A1(b)", "the irregularity is rectified; dummy may get a procedural penalty (43B1)"),),
    )
