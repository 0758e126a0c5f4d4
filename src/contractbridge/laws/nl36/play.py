"""NL36 play-period law (laws 26–33), the code the 1936 Dutch table arbiters applied (laws-historic.md §3).

What differs from NBB30 (Appendix C): penalty cards the defender must play (32), leads out of turn and
premature play with fewer options (26.6–26.9), 28.5 attention to the trick, revoke tricks from the first
revoke on and none from a lawfully exposed hand (27.4), the 50-point premium for looking at a quitted
trick (28.3), claims (29), the one-trick transfer for a surplus card (33.2), dummy's conditional rights
(30). The rest of the play is NBB30's, with its citations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.director import Option, Ruling
from contractbridge.laws.nbb30.play import NBB30Play, follow_suit
from contractbridge.laws.nbb30.values import Revoke, Role, Verdict

__all__ = ["NL36Play"]

#: the premium the opponents score when a quitted trick is looked at (28.3)
QUITTED_PREMIUM = 50


class NL36Play(NBB30Play):
    """Laws 26–33 of 1936 over the NBB30 play."""

    name = "NL36"
    WITHDRAWN_CARD: ClassVar[tuple[str, str]] = ("penalty_card", "a penalty card")  # not an exposed card
    PLAY_LAWS: ClassVar[Mapping[str, str]] = {
        **NBB30Play.PLAY_LAWS,
        "exposed": "NL36 32.1",
        "penalty_card": "NL36 32.2",
        "lapse": "NL36 26.5",
        "wrong_hand": "NL36 26.6(a)",
        "declarer_leads_for_defender": "NL36 26.6(a)",
        "defender_lead": "NL36 26.6(b)",
        "lead_accepted": "NL36 26.6",
        "dummy_exposed": "NL36 26.6 footnote",
        "simultaneous": "NL36 26.7",
        "premature": "NL36 26.8",
        "last_cards": "NL36 26.8 footnote",
        "card_played": "NL36 26.4",
        "trick_attention": "NL36 28.5",
        "quitted": "NL36 28.3",
        "revoke_correction": "NL36 27.1",
        "revoke_cards_between": "NL36 27.1, 26.4",
        "revoke_inquiry": "NL36 27.3",
        "revoke_established": "NL36 27.2",
        "revoke_penalty": "NL36 27.4",
        "revoke_time": "NL36 27.4(2)",
        "missing_cap": "NL36 33.3",
        "before_penalty": "NL36 26.10",
        "suit_absent": "NL36 26.5",
        "wrong_person": "NL36 31.3",
        "declarer_claim": "NL36 29.1",
        "claim_establishes": "NL36 29.1 footnote",
        "defender_claim": "NL36 29.2",
        "concession": "NL36 29.2",
        "unlosable": "NL36 29.3",
        "surplus": "NL36 33.2",
        "missing": "NL36 33.3",
        "missing_doubt": "NL36 33.3",
        "dummy_attention": "NL36 30.1, 30.2(d)",
        "dummy_suggests": "NL36 30.3",
        "dummy_names_hand": "NL36 30.4",
    }
    PENALTY_CARDS = True
    CLAIM_ESTABLISHES_REVOKE = True  # 29.1 footnote: a statement of play in a claim establishes it ([DIFF] R26(2))
    DECLARER_BECOMES_DUMMY = False  # 26.6: not in the excerpt ([DIFF] Appendix C)
    PARTNER_MAY_WIN = False  # 26.8, 28.5: highest, lowest, or a named suit if void
    BOTH_HANDS_PLAYED_EXCUSES = True  # 26.8
    DUMMY_AWAY_COSTS_REVOKE = False  # 27.3 has only dummy's inquiry after looking ([DIFF] NBB R55(4))
    WRONG_PENALTY_FORFEITS = False
    NO_UNANNOUNCED_FINESSE = True  # 29.1  # no rule like R58(1): 31.2 settles the question before the penalty is paid
    DUMMY_EXPOSED_NOTE = "Dummy's cards were visible: only the penalty card"
    RESTORED = ("", "the card goes back to its owner and may become a penalty card; its revokes cost 2 tricks at most")
    QUITTED_EXCEPTIONS: ClassVar[frozenset[str]] = frozenset({"dispute", "wrong_count", "replace_card"})

    # ---- 32: penalty cards ------------------------------------------------------------------------
    def _defender_exposed(self, owner: Seat, declarer: Seat, card: Card) -> Ruling:
        law = self.cite("exposed")
        return Ruling(
            "penalty_card",
            law,
            owner,
            "",
            (
                Option(
                    "penalty_card",
                    self.cite("penalty_card"),
                    f"{card} stays face up and must be played at the first lawful opportunity",
                ),
            ),
        )

    def playable_with_exposed(
        self, hand: Hand, led: Suit | None, exposed: Iterable[Card] = (), called: Card | None = None
    ) -> frozenset[Card]:
        """32.2, 26.2: following suit first; a single penalty card must then be played; of two or more,
        declarer may designate one (``called``; [JUDGEMENT] undesignated, any lawful card)."""
        lawful = follow_suit(hand, led)
        penalty = [c for c in exposed if c in hand]
        playable = [c for c in penalty if c in lawful]
        if len(penalty) == 1 and playable:
            return frozenset(playable)
        if called is not None and called in playable:
            return frozenset({called})
        return lawful

    # ---- 26.6–26.10 leads and plays out of turn -------------------------------------------------------
    def _lead_choices(self, law: str, dummy_exposed: bool) -> tuple[Option, ...]:
        """26.6(b): declarer treats the card as a penalty card, or names the suit the other defender leads (if
        he won the last trick; else whichever defender first wins a trick). With dummy's cards visible, only
        the penalty card (footnote). Played to by the other side, the lead must be accepted (26.6)."""
        penalty = Option("penalty_card", law, "the card led is a penalty card")
        if dummy_exposed:
            return (penalty,)
        effect = "the other defender (or, if he did not win the last trick, the first defender to win one) must lead"
        return (penalty, *(Option(f"lead_{s.letter}", law, f"{effect} {s.letter}") for s in reversed(Suit)))

    def played_before_penalty(self, offender: Seat, card: Card, non_offenders_played: bool) -> Ruling:
        """26.10: the card becomes a penalty card; if the non-offending side then plays before the penalty
        is named, the right to any penalty lapses."""
        law = self.cite("before_penalty")
        if non_offenders_played:
            return Ruling(
                "played_before_penalty",
                law,
                offender,
                "",
                (Option("lapsed", law, "the non-offenders played on: the right to a penalty lapses"),),
            )
        return Ruling(
            "played_before_penalty",
            law,
            offender,
            "",
            (Option("penalty_kept", law, f"the penalty stands; {card} is a penalty card"),),
        )

    # ---- 27: revokes ----------------------------------------------------------------------------------
    def _defender_corrected(self, offender: Seat, declarer: Seat, law: str, claim_face_up: bool) -> Ruling:
        if claim_face_up:
            return Ruling(
                "corrected_revoke",
                law,
                offender,
                "",
                (
                    Option(
                        "no_penalty", law, "the hand was face up because declarer claimed: no penalty (27.1 footnote)"
                    ),
                ),
            )
        return super()._defender_corrected(offender, declarer, law, claim_face_up)

    def _penalised(self, revoke: Revoke) -> bool:
        """27.4(1): no penalty for a revoke from a hand lawfully face up (dummy, a claim)."""
        return not revoke.lawfully_exposed and revoke.role is not Role.DUMMY

    def _penalty_size(self, revokes: Sequence[Revoke]) -> int:
        """27.4; 33.3 caps the penalty for revokes with a missing card at 2 tricks in all."""
        missing = [r for r in revokes if r.missing_card]
        others = len(revokes) - len(missing)
        if not missing:
            return super()._penalty_size(revokes)
        return min(2, 2 + len(missing) - 1) + others

    def _cut_completes_window(self) -> bool:
        return True

    # ---- 28.3: a quitted trick looked at --------------------------------------------------------------
    def _quitted_penalty(self, looker: Seat, declarer: Seat) -> Ruling:
        law = self.cite("quitted")
        side = looker.side.opponents
        return Ruling(
            "quitted_trick",
            law,
            looker,
            "",
            (
                Option(
                    "premium",
                    law,
                    f"{side} scores {QUITTED_PREMIUM} premium points (not doubled, whatever the vulnerability)",
                ),
            ),
            premium=(side, QUITTED_PREMIUM),
        )

    # ---- 29: claims and concessions -------------------------------------------------------------------
    def concession(self, by: Seat, declarer: Seat, partner_agrees: bool | None = None) -> Verdict:
        law = self.cite("concession")
        if by.side != declarer.side and not partner_agrees:
            return Verdict(False, law, "a defender's concession is void unless his partner agrees")
        return Verdict(True, law, "the concession stands")

    def unlosable_trick_conceded(self) -> Verdict:
        return Verdict(False, self.cite("unlosable"), "the concession of a trick that could not be lost is void")

    def declarer_may_finesse(self, announced: bool) -> Verdict:
        law = self.cite("declarer_claim")
        if announced:
            return Verdict(True, law, "the finesse was announced with the claim")
        return Verdict(False, law, "declarer may not finesse unless he announced it when he claimed")

    def claim_thrown_in(self, both_defenders: bool) -> Verdict:
        law = self.cite("declarer_claim")
        return Verdict(
            both_defenders,
            law,
            "both defenders threw in their cards: the claim must be accepted"
            if both_defenders
            else "facing cards is not throwing them in",
        )

    # ---- 33: incorrect hands --------------------------------------------------------------------------
    def surplus_card(
        self, offender: Seat, declarer: Seat, *, played_later: bool, other_hand_short: bool = False
    ) -> Ruling:
        """33.2: a redeal if another hand is short; otherwise the offender removes a suitable card and,
        if he has played to a later trick, his side transfers one trick won in play."""
        law = self.cite("surplus")
        if other_hand_short:
            return Ruling("surplus_card", law, offender, "", (Option("redeal", law, "a redeal by the same dealer"),))
        effect = "the offender removes a suitable card" + (
            "; his side transfers 1 trick won in play to the opponents" if played_later else ""
        )
        return Ruling("surplus_card", law, offender, "", (Option("remove_card", law, effect),))

    def surplus_transfer(self, played_later: bool) -> int:
        """Tricks transferred for a surplus card from failing to play (33.2)."""
        return 1 if played_later else 0

    def doubtful_card(self, owner: Seat, declarer: Seat, cards: Sequence[Card]) -> Ruling:
        """33.3: declarer, or the offender's LHO, "as the case may be", names the card that goes back ([JUDGEMENT] as
        R48's reading, digest §3.8: declarer when the short hand defends, else the short hand's LHO)."""
        return self._doubtful(owner, declarer if owner.side != declarer.side else owner.lho, cards)

    # ---- 30, 31: dummy and the administration of penalties -----------------------------------------------
    def dummy_draws_attention(self, dummy_looked: bool) -> Verdict:
        law = self.cite("dummy_attention")
        if dummy_looked:
            return Verdict(False, law, "dummy had looked at a hand: he lost his rights; no penalty (30.1)")
        return Verdict(True, law, "dummy may point it out (30.2(d)); the penalty may be imposed")

    def partners_consulted(self) -> Verdict:
        return Verdict(
            False, self.cite("wrong_person"), "the partners consulted: the right lapses (except automatic penalties)"
        )
