"""Revokes and defective tricks (L61–L64, L67).

``revoke_kind`` says whether a card is a revoke (L61A); ``inquiry_allowed`` who may ask about a show-out
(L61B); ``correction`` the ruling before establishment (L62); ``is_established`` when a revoke becomes
established (L63); ``transfers`` the automatic trick transfers of L64A with every exception of L64B, a pure
function over the tricks; ``equity`` the L64C question with a double-dummy figure as labelled evidence;
``defective_trick`` L67.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from contractbridge.cards import Card, Hand, Seat, Side, Strain, Suit
from contractbridge.deal import Deal
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling
from contractbridge.play import Trick

__all__ = [
    "Action",
    "Notice",
    "Revoke",
    "RevokeKind",
    "Transfer",
    "correction",
    "dd_evidence",
    "defective_trick",
    "equity",
    "inquiry_allowed",
    "is_established",
    "revoke_kind",
    "transfers",
]


class RevokeKind(Enum):
    """What was not done (L61A): follow suit; play a penalty card; comply with a lead or play restriction; or a
    revoke from dummy's hand (no automatic transfer, L64B3)."""

    FOLLOW_SUIT = "follow_suit"
    PENALTY_CARD = "penalty_card"
    RESTRICTION = "restriction"
    DUMMY = "dummy"


def revoke_kind(
    hand: Hand,
    trick: Sequence[Card],
    card: Card,
    *,
    allowed: frozenset[Card] | None = None,
    penalty_cards: frozenset[Card] = frozenset(),
    dummy: bool = False,
) -> RevokeKind | None:
    """Whether playing ``card`` from ``hand`` to ``trick`` is a revoke (L61A): not following suit when able, or
    not playing a card the laws or an opponent's chosen rectification required when able (``allowed`` is the
    set left by those obligations, ``penalty_cards`` the owner's; if none of it could be played, L59 applies)."""
    if trick and card.suit != trick[0].suit and hand.has_suit(trick[0].suit):
        return RevokeKind.DUMMY if dummy else RevokeKind.FOLLOW_SUIT
    if allowed is not None and allowed and card not in allowed:
        return RevokeKind.PENALTY_CARD if allowed <= penalty_cards else RevokeKind.RESTRICTION
    return None


def inquiry_allowed(asker: Seat, asked: Seat, declarer: Seat) -> tuple[bool, str]:
    """May ``asker`` ask ``asked`` whether he has a card of the suit led (L61B)?"""
    dummy = declarer.partner
    if asker == declarer:
        return asked != dummy, "61B1"
    if asker == dummy:
        return (True, "61B2(a)") if asked == declarer else (False, "61B2(b)")
    return asked != dummy, "61B3"


# --------------------------------------------------------------------------------------------------
# L62 — correction
# --------------------------------------------------------------------------------------------------
def correction(
    offender: Seat,
    card: Card,
    declarer: Seat,
    *,
    faced: bool = False,
    played_after: Sequence[Seat] = (),
    trick: int = 1,
    both_sides_revoked: bool = False,
    before_partner: bool = False,
) -> Ruling:
    """A revoke corrected before it is established, or on trick 12 even if established (L62A, L62D1). The
    offender substitutes a legal card; a card from a defender's unfaced hand becomes a major PC (62B1), not
    one of declarer's, dummy's or a faced card (62B2); each non-offender may withdraw a card he played after
    the revoke (62C1), and then the next offender in rotation (a defender's card becomes a PC, 62C2). Both
    sides revoking on one trick: both corrected, every card a defender withdraws a PC (62C3). A defender's revoke
    on trick 12 before his partner's turn to play to it (``before_partner``): L16C for the partner (62D2)."""
    defender = offender not in (declarer, declarer.partner)
    effects = [Effect(EffectKind.WITHDRAW, offender, (card,)), Effect(EffectKind.SUBSTITUTE, offender)]
    law = "62D1" if trick == 12 else "62B1" if defender and not faced else "62B2"
    if defender and not faced:
        effects.append(Effect(EffectKind.PENALTY_CARD, offender, (card,), data="major"))
    nos = [s for s in played_after if s.side != offender.side]
    effects += [Effect(EffectKind.WITHDRAW, s, data="may") for s in nos]
    notes = ["Cards withdrawn by the non-offending side: the information is AI to them, UI to the offenders (L16C)."]
    if nos:
        notes.append(
            "After a non-offender withdraws, the next offender in rotation may withdraw too; a defender's "
            "card so withdrawn becomes a penalty card (62C2)."
        )
    if both_sides_revoked:
        law = "62C3"
        notes.append(
            "Both sides revoked on this trick: both revokes are corrected; every card a defender "
            "withdraws becomes a penalty card (62C3)."
        )
    review: tuple[str, ...] = ()
    if trick == 12 and defender and before_partner:
        review = ("16",)
        notes.append("The revoke on trick 12 came before the partner's turn to play to it: L16C applies (62D2).")
    what = "a major penalty card" if defender and not faced else "back to the hand, no further rectification"
    return Ruling(
        "revoke",
        law,
        offender,
        f"{offender.name.capitalize()}'s revoke with {card} must be corrected (L62A)",
        (Option("correct", law, f"{card} is withdrawn ({what}); a legal card is substituted", tuple(effects)),),
        review=review,
        notes=tuple(notes),
    )


# --------------------------------------------------------------------------------------------------
# L63 — establishment
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Action:
    """Something done after a revoke: ``kind`` is ``play`` or ``designate`` (to the next trick), ``claim``
    (a claim or concession), or ``agreed`` (an opponent's claim agreed, no objection before the next board)."""

    seat: Seat
    kind: str
    #: L47E1: a card led or played because an opponent wrongly said it was his turn does not establish
    induced: bool = False


def is_established(offender: Seat, declarer: Seat, later: Sequence[Action]) -> tuple[bool, str]:
    """Whether a revoke by ``offender`` is established by ``later`` actions (L63A), with the law: those from the
    next trick on (a card to the revoke trick itself establishes nothing, L63A1)."""
    side = offender.side
    for action in later:
        ours = action.seat.side == side
        if action.kind == "play" and ours and not action.induced:
            return True, "63A1"
        if action.kind == "designate" and ours:
            return True, "63A2"
        if action.kind == "claim" and ours:
            return True, "63A3"
        if action.kind == "agreed" and not ours:
            return True, "63A4"
    return False, "62A"


# --------------------------------------------------------------------------------------------------
# L64 — trick transfers
# --------------------------------------------------------------------------------------------------
class Notice(Enum):
    """When attention was first drawn to the revoke (L64B4–B5)."""

    IN_TIME = "in_time"
    AFTER_NEXT_DEAL_CALL = "after_next_deal_call"
    AFTER_ROUND = "after_round"


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke: by ``player`` on trick ``trick`` (1–13) in ``suit`` (the suit led)."""

    player: Seat
    trick: int
    suit: Suit
    kind: RevokeKind = RevokeKind.FOLLOW_SUIT
    notice: Notice = Notice.IN_TIME
    corrected_62c3: bool = False
    #: L43B2(b): dummy first asked about declarer's show-out: L64 applies as if established
    as_if_established: bool = False


@dataclass(frozen=True, slots=True)
class Transfer:
    """The outcome of L64 for one revoke: ``count`` tricks to ``to`` (the tricks named), with the law."""

    revoke: Revoke
    count: int
    to: Side
    law: str
    tricks: tuple[int, ...] = field(default=())

    def __str__(self) -> str:
        if not self.count:
            return f"L{self.law}: no automatic transfer for {self.revoke.player.name.lower()}'s revoke"
        named = " and ".join(f"trick {t}" for t in self.tricks)
        plural = "trick" if self.count == 1 else "tricks"
        return f"L{self.law}: {self.count} {plural} to {self.to}, {named}"


def _side(winner: Seat | Side) -> Side:
    return winner.side if isinstance(winner, Seat) else winner


def transfers(revokes: Sequence[Revoke], winners: Sequence[Seat | Side]) -> list[Transfer]:
    """The automatic trick transfers after play (L64A) for each established revoke, with the exceptions of L64B.

    ``winners`` lists who won tricks 1–13 in order: the seat, or only the side for tricks settled by an agreed
    claim or concession (they count as that side's tricks). A trick won by dummy is not won by declarer
    (footnote): only the revoker's own seat wins for L64A1. A trick already transferred for one revoke is not
    named again for another; no revoke transfers more tricks than its side won from the revoke trick on."""
    if len(winners) != 13:
        raise ValueError(f"L64 needs the winners of all 13 tricks, not {len(winners)}")
    sides_revoked = {r.player.side for r in revokes if not r.corrected_62c3}
    both = len(sides_revoked) == 2
    first_in_suit: dict[tuple[Seat, Suit], int] = {}
    for r in sorted(revokes, key=lambda r: r.trick):
        first_in_suit.setdefault((r.player, r.suit), r.trick)
    used: set[int] = set()
    out: list[Transfer] = []
    for r in sorted(revokes, key=lambda r: r.trick):
        if not 1 <= r.trick <= 13:
            raise ValueError(f"a revoke on trick {r.trick}: tricks are numbered 1 to 13")
        os, nos = r.player.side, r.player.side.opponents
        law = _exception(r, both, first_in_suit[(r.player, r.suit)])
        if law is not None:
            out.append(Transfer(r, 0, nos, law))
            continue
        t = r.trick
        os_tricks = [n for n in range(t, 14) if _side(winners[n - 1]) == os and n not in used]
        later_os = [n for n in os_tricks if n > t]
        if winners[t - 1] == r.player:
            named = ([t] if t in os_tricks else []) + later_os[:1]
            law = "64A1"
        else:
            named = os_tricks[:1]
            law = "64A2"
        if not named:
            out.append(Transfer(r, 0, nos, "64B1"))
            continue
        used.update(named)
        out.append(Transfer(r, len(named), nos, law, tuple(named)))
    return out


def _exception(r: Revoke, both_sides: bool, first_trick_in_suit: int) -> str | None:
    """The L64B paragraph that prevents an automatic transfer for ``r``, if any (B1 is decided on the tricks)."""
    if r.trick == 12:
        return "64B6"
    if r.kind in (RevokeKind.PENALTY_CARD, RevokeKind.DUMMY):
        return "64B3"
    if r.trick != first_trick_in_suit:
        return "64B2"
    if r.notice is Notice.AFTER_NEXT_DEAL_CALL:
        return "64B4"
    if r.notice is Notice.AFTER_ROUND:
        return "64B5"
    if both_sides:
        return "64B7"
    if r.corrected_62c3:
        return "64B8"
    return None


_EQUITY = Question("64C", "64C", "Is the non-offending side insufficiently compensated by the automatic transfer?")


def equity(moved: Sequence[Transfer], table_tricks: int, declarer: Seat, *, dd_figure: int | None = None) -> Ruling:
    """L64C after any established revoke: the director judges whether the non-offending side is insufficiently
    compensated (C1), and, for repeated revokes in one suit (C2(a)) or revokes by both sides (C2(b)), adjusts to
    the probable result without them. ``dd_figure`` (declarer's tricks double dummy without the revoke) is
    offered as evidence only, never as the ruling."""
    gained = sum(t.count if t.to == declarer.side else -t.count for t in moved)
    after = table_tricks + gained
    laws = sorted({t.law for t in moved})
    law = "64C2(b)" if "64B7" in laws else "64C2(a)" if "64B2" in laws else "64C1"
    notes = [str(t) for t in moved]
    if dd_figure is not None:
        notes.append(
            f"Evidence, not a ruling: double dummy from the revoke trick without the revoke, declarer takes "
            f"{dd_figure} tricks."
        )
    return Ruling(
        "revoke_equity",
        law,
        None,
        f"Declarer's side took {table_tricks} tricks at the table; after the L64A transfers {after}",
        (
            Option("transfer_stands", "64A", f"the score stands at {after} tricks", answer=False),
            Option("adjust", law, "the director awards an adjusted score (L12C1)", answer=True),
        ),
        question=_EQUITY,
        review=("64C",),
        notes=tuple(notes),
    )


def dd_evidence(deal: Deal, strain: Strain, declarer: Seat, tricks: Sequence[Trick], revoke_trick: int) -> int:
    """Declarer's tricks if the play had gone as it did up to the revoke trick and double dummy from there, for
    the director's L64C judgement (evidence only; DDS through ``contractbridge.dd``)."""
    from contractbridge.dd import Position, best_cards

    before = tricks[: revoke_trick - 1]
    hands = {seat: deal[seat] for seat in Seat}
    for t in before:
        for seat, card in t:
            hands[seat] = hands[seat].remove(card)
    leader = before[-1].winner if before else declarer.lho
    won = sum(1 for t in before if t.winner.side == declarer.side)
    best, _ = best_cards(Position(Deal.partial(hands), strain, leader))
    future = best if leader.side == declarer.side else 14 - revoke_trick - best
    return won + future


# --------------------------------------------------------------------------------------------------
# L67 — defective trick
# --------------------------------------------------------------------------------------------------
def defective_trick(
    offender: Seat,
    *,
    omitted: bool,
    both_sides_played_next: bool,
    hand: Hand | None = None,
    suit_led: Suit | None = None,
    declarer: Seat | None = None,
) -> Ruling:
    """A player failed to play to a trick (``omitted``) or played too many cards to it (L67). Found before a
    player of each side played to the next trick: corrected (67A). Later: an omitted card is faced and added,
    of the suit led if he holds one, the trick's winner unchanged, and he is deemed to have revoked with a
    one-trick transfer under L64A2 (67B1); extra cards go back to the hand, the card he faced staying (67B2)."""
    if not both_sides_played_next:
        law, what = ("67A1", "he adds a card he can legally play") if omitted else ("67A2", "L45E or L58B applies")
        return Ruling(
            "defective_trick", law, offender, "A defective trick found in time", (Option("correct", law, what),)
        )
    if omitted:
        follow = () if hand is None or suit_led is None else hand.cards_in(suit_led)
        law = "67B1(a)" if follow else "67B1(b)"
        what = f"he faces a {suit_led.name.lower()[:-1]}" if follow and suit_led is not None else "he faces any card"
        return Ruling(
            "defective_trick",
            law,
            offender,
            f"{offender.name.capitalize()} failed to play to a trick",
            (
                Option(
                    "add_card",
                    f"{law}, 64A2",
                    f"{what}; the trick's winner is unchanged; deemed a revoke: one trick transferred under L64A2 "
                    "if his side won that trick or a later one",
                    (
                        Effect(EffectKind.SUBSTITUTE, offender, tuple(follow)),
                        Effect(EffectKind.TRANSFER, offender, data="64A2"),
                    ),
                ),
            ),
            review=("64C",),
        )
    pc = declarer is not None and offender not in (declarer, declarer.partner)
    return Ruling(
        "defective_trick",
        "67B2",
        offender,
        f"{offender.name.capitalize()} played more than one card to a trick",
        (
            Option(
                "return_extra",
                "67B2",
                "the extra cards go back to his hand (deemed always there; failing to play one earlier is a revoke, "
                "67B2(b)); the card he faced stays; if unknown, the highest card he could legally have played"
                + ("; an exposed extra card of a defender becomes a penalty card" if pc else ""),
            ),
        ),
    )
