"""NBB30 play-period law (NBB R19–R26, R44–R61) as pure functions over plain values (laws-historic.md §3).

Each method takes the seats, hands, tricks and the irregular action and returns a ``Ruling`` (who may
choose what, with the law), a ``Verdict`` or a number; EST30 and NL36 override only what differs. Following
suit comes before every penalty (NBB Def.XXVIII footnote; NL36 26.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.director import Option, Ruling
from contractbridge.errors import RulingError
from contractbridge.laws.nbb30.values import ClaimMoment, Revoke, Role, Verdict

__all__ = ["NBB30Play", "follow_suit"]


def follow_suit(hand: Hand, led: Suit | None) -> frozenset[Card]:
    """The cards ``hand`` may lawfully play to a trick led in ``led`` (any card on lead or when void)."""
    if led is not None and hand.has_suit(led):
        return frozenset(hand.cards_in(led))
    return frozenset(hand)


def _lead_remedies(law: str, who: str) -> tuple[Option, ...]:
    return tuple(
        Option(f"lead_{s.letter}", law, f"{who} must lead {s.letter} at the first opportunity") for s in reversed(Suit)
    )


class NBB30Play:
    """The play period under NBB30. ``PLAY_LAWS`` holds the citations; editions override topics."""

    name = "NBB30"
    #: what a defender's card withdrawn from a revoke, or shown in a claim, becomes: (remedy id, its name)
    WITHDRAWN_CARD: ClassVar[tuple[str, str]] = ("exposed", "an exposed card")
    PLAY_LAWS: ClassVar[Mapping[str, str]] = {
        "exposed": "NBB R44(1)",
        "exposed_declarer": "NBB R44(4)",
        "exposed_no_forbid": "NBB R44(2)",
        "exposed_follow": "NBB R44(3)",
        "wrong_hand": "NBB R45",
        "declarer_leads_for_defender": "NBB R46(1)",
        "defender_lead": "NBB R46(2)",
        "lead_accepted": "NBB R46(3)",
        "dummy_exposed": "NBB R46(4)",
        "simultaneous": "NBB R46(5)",
        "last_cards": "NBB Def.XXVI(f)",
        "premature": "NBB R47(1)",
        "card_played": "NBB R21(1)",
        "other_hand": "NBB R47(2)",
        "surplus": "NBB R48",
        "missing": "NBB R49",
        "missing_doubt": "NBB R49(b)",
        "dummy_suggests": "NBB R50",
        "dummy_names_hand": "NBB R51(1)",
        "dummy_attention": "NBB R51(2)",
        "trick_attention": "NBB R52",
        "quitted": "NBB R24, R53",
        "quitted_permission": "NBB R24(d)",
        "revoke_correction": "NBB R55(1)",
        "revoke_cards_between": "NBB R55(1)(b)",
        "revoke_inquiry": "NBB R55(4)",
        "revoke_established": "NBB R55(2)",
        "revoke_penalty": "NBB R55(6)",
        "revoke_time": "NBB R55(9)",
        "before_penalty": "NBB R56",
        "suit_absent": "NBB R57",
        "wrong_penalty": "NBB R58(1)",
        "second_penalty": "NBB R58(2)",
        "wrong_person": "NBB R59",
        "defender_claim": "NBB R26(1)",
        "declarer_claim": "NBB R26(2), R54",
        "claim_open_point": "NBB R54",
        "concession": "NBB R26(3)",
    }
    #: whether a defender's card exposed in the play must be played (NL36 penalty card) or may be called
    PENALTY_CARDS: ClassVar[bool] = False
    #: whether a claim establishes a revoke in the previous trick (NL36 29.1 footnote; never, R26(2))
    CLAIM_ESTABLISHES_REVOKE: ClassVar[bool] = False
    #: R46(3): declarer who plays to a wrong opening lead by his RHO becomes dummy (not in NL36 26.6)
    DECLARER_BECOMES_DUMMY: ClassVar[bool] = True
    #: R47(1), R52: the partner may be required to win or not to win (NL36 26.8, 28.5: a named suit instead)
    PARTNER_MAY_WIN: ClassVar[bool] = True
    #: NL36 29.1: after his claim declarer may not finesse unless he announced it (NBB R54: the defenders decide)
    NO_UNANNOUNCED_FINESSE: ClassVar[bool] = False
    #: R58(1): demanding a penalty one is not entitled to costs the side any penalty (NL36 has no such rule, 31.2)
    WRONG_PENALTY_FORFEITS: ClassVar[bool] = True
    #: R55(4), EST-L37: dummy away from the table costs the defenders the penalty for declarer's revoke they did
    #: not ask about (not in NL36 27.3)
    DUMMY_AWAY_COSTS_REVOKE: ClassVar[bool] = True
    #: NL36 26.8: no penalty for premature play once declarer has played from both his hands
    BOTH_HANDS_PLAYED_EXCUSES: ClassVar[bool] = False
    #: a missing card found: (the paragraph of the law, what happens) — R49(b); NL36 33.3
    RESTORED: ClassVar[tuple[str, str]] = (
        "(b)",
        "the card goes back to its owner; it is not an exposed card; for revokes it was in the hand throughout",
    )
    #: what dummy's card exposed before declarer chose costs him (R46(4); NL36 26.6 footnote)
    DUMMY_EXPOSED_NOTE: ClassVar[str] = "Dummy exposed a card first: option (I) is lost"

    def cite(self, topic: str) -> str:
        return self.PLAY_LAWS[topic]

    # ---- §3.2 exposed cards -----------------------------------------------------------------------
    def exposed_card(self, owner: Seat, declarer: Seat, card: Card) -> Ruling:
        """A card exposed in the play other than by playing it (NBB Def.XXVI). Declarer and dummy are never
        penalised (R44(4)); a defender's card stays face up and declarer may call it (R44(1))."""
        if owner.side == declarer.side:
            law = self.cite("exposed_declarer")
            return Ruling("exposed_card", law, owner, "", (Option("no_penalty", law, "no penalty"),))
        return self._defender_exposed(owner, declarer, card)

    def _defender_exposed(self, owner: Seat, declarer: Seat, card: Card) -> Ruling:
        law = self.cite("exposed")
        return Ruling(
            "exposed_card",
            law,
            owner,
            "",
            (
                Option("call", law, f"{card} must be led or played when its owner is next to lead or play (if legal)"),
                Option("leave", law, f"{card} stays face up; declarer may call it at a later trick"),
            ),
            choosers=(declarer,),
            notes=(f"Declarer may not forbid {card} to be played ({self.cite('exposed_no_forbid')}).",),
        )

    def playable_with_exposed(
        self, hand: Hand, led: Suit | None, exposed: Iterable[Card] = (), called: Card | None = None
    ) -> frozenset[Card]:
        """The cards a defender may play, holding ``exposed`` cards: declarer may call one (``called``),
        which must then be played if it can lawfully be (R44(1)–(3)); uncalled, any lawful card."""
        lawful = follow_suit(hand, led)
        if called is not None and called in lawful and called in set(exposed):
            return frozenset({called})
        return lawful

    # ---- §3.3 leads out of turn -------------------------------------------------------------------
    def declarer_wrong_hand(self, declarer: Seat, led: Card, correct_hand: Hand, defender_played: bool) -> Ruling:
        """Declarer led from the wrong hand (R45): either defender may have the lead taken back and made from
        the right hand, in the same suit if he can; it stands once a defender played to it."""
        law = self.cite("wrong_hand")
        if defender_played:
            return Ruling(
                "lead_from_wrong_hand",
                law,
                declarer,
                "",
                (Option("stands", law, "a defender played to it: the lead stands"),),
            )
        suit = led.suit
        same = correct_hand.has_suit(suit)
        return Ruling(
            "lead_from_wrong_hand",
            law,
            declarer,
            "",
            (
                Option(
                    "correct",
                    law,
                    "the lead is taken back and made from the right hand"
                    + (f", a {suit.letter}" if same else " (no card of the same suit there: any card)"),
                ),
                Option("accept", law, "the lead stands"),
            ),
            choosers=(declarer.lho, declarer.rho),
        )

    def declarer_leads_for_defender(self, declarer: Seat) -> Ruling:
        """Declarer (from either hand) led when a defender was to lead (R46(1))."""
        law = self.cite("declarer_leads_for_defender")
        return Ruling(
            "declarer_lead_out_of_turn",
            law,
            declarer,
            "",
            (
                Option("retract", law, "declarer takes the card back (only if a defender requires it)"),
                Option("accept", law, "the lead stands"),
            ),
            choosers=(declarer.lho, declarer.rho),
        )

    def defender_lead_out_of_turn(
        self,
        offender: Seat,
        declarer: Seat,
        *,
        opening: bool = False,
        dummy_exposed: bool = False,
        declarer_played: bool = False,
        other_side_played: bool = False,
    ) -> Ruling:
        """A defender led out of turn (R46(2)): declarer may (I) name the suit the offending side leads at
        its first lead, (II) treat the card as exposed and forbid partner its suit, or (III) accept it.
        Played to by the other side, it counts as correct; a wrong opening lead that declarer plays to from
        his own hand makes him dummy (R46(3)); dummy's card exposed first cancels (I) (R46(4))."""
        accepted = self.cite("lead_accepted")
        if self.DECLARER_BECOMES_DUMMY and opening and declarer_played and offender == declarer.rho:
            return Ruling(
                "lead_out_of_turn",
                accepted,
                offender,
                "",
                (
                    Option(
                        "declarer_becomes_dummy",
                        accepted,
                        f"the lead stands; {declarer.partner.name.capitalize()} becomes declarer and "
                        f"{declarer.name.capitalize()} dummy",
                    ),
                ),
            )
        if other_side_played or declarer_played:
            return Ruling(
                "lead_out_of_turn",
                accepted,
                offender,
                "",
                (Option("accept", accepted, "the other side played to it: the lead is correct"),),
            )
        return self._defender_lead_options(offender, declarer, dummy_exposed)

    def _defender_lead_options(self, offender: Seat, declarer: Seat, dummy_exposed: bool) -> Ruling:
        law = self.cite("defender_lead")
        notes = (f"{self.DUMMY_EXPOSED_NOTE} ({self.cite('dummy_exposed')}).",) if dummy_exposed else ()
        remedies = self._lead_choices(law, dummy_exposed)
        return Ruling("lead_out_of_turn", law, offender, "", remedies, choosers=(declarer,), notes=notes)

    def _lead_choices(self, law: str, dummy_exposed: bool) -> tuple[Option, ...]:
        """R46(2): (I) a suit the offending side leads, (II) an exposed card whose suit partner may be forbidden,
        (III) accept; (I) is lost once dummy exposed a card (R46(4))."""
        return (
            *(() if dummy_exposed else _lead_remedies(f"{law}(I)", "the offending side")),
            Option(
                "exposed_forbid",
                f"{law}(II)",
                "the card is exposed; if still exposed when partner next leads, declarer may forbid him its suit",
            ),
            Option("accept", f"{law}(III)", "the lead is accepted as correct"),
        )

    def simultaneous_leads(self, correct: Seat, other: Seat, card: Card) -> Ruling:
        """Both defenders lead at once (R46(5)): the correct lead stands, the other card is exposed."""
        law = self.cite("simultaneous")
        kind = "a penalty card" if self.PENALTY_CARDS else "an exposed card"
        return Ruling(
            "simultaneous_leads",
            law,
            other,
            "",
            (Option("correct_stands", law, f"{correct.name.capitalize()}'s lead stands; {card} is {kind}"),),
        )

    def played_before_penalty(self, offender: Seat, card: Card, non_offenders_played: bool) -> Ruling:
        """The player subject to a penalty leads or plays before it is stated: the right is not lost and the
        card may be treated as exposed (R56)."""
        law = self.cite("before_penalty")
        return Ruling(
            "played_before_penalty",
            law,
            offender,
            "",
            (Option("penalty_kept", law, f"the penalty may still be exacted; {card} may be treated as exposed"),),
        )

    # ---- §3.4 premature play, attention to the trick ------------------------------------------------
    def premature_play(self, offender: Seat, declarer: Seat, *, declarer_played_both: bool = False) -> Ruling:
        """A defender played or led before his partner, or showed him a card (R47(1)): declarer may require
        the partner to play highest or lowest of the suit led, win, not win, or discard a named suit (NL36
        26.8: highest, lowest or a named suit if void, and nothing once declarer played from both hands)."""
        law = self.cite("premature")
        if declarer_played_both and self.BOTH_HANDS_PLAYED_EXCUSES:
            return Ruling(
                "premature_play",
                law,
                offender,
                "",
                (Option("no_penalty", law, "declarer had played from both hands: no penalty"),),
            )
        return Ruling(
            "premature_play",
            law,
            offender,
            "",
            self._partner_options(law, offender, premature=True),
            choosers=(declarer,),
            notes=("None of these overrides the duty to follow suit.",),
        )

    def _partner_options(self, law: str, offender: Seat, *, premature: bool) -> tuple[Option, ...]:
        """What the offender's partner may be required to play: highest or lowest of the suit led; then win or
        not win (and, after premature play, discard a named suit) where ``PARTNER_MAY_WIN``, else a named suit
        if void (NL36 26.8, 28.5)."""
        partner = offender.partner.name.capitalize()
        out = [
            Option("highest", law, f"{partner} plays his highest card of the suit led"),
            Option("lowest", law, f"{partner} plays his lowest card of the suit led"),
        ]
        if not self.PARTNER_MAY_WIN:
            return (*out, Option("named_suit", law, f"{partner}, void, plays a suit declarer names"))
        out += [
            Option("win", law, f"{partner} wins the trick (ruffing if he must)"),
            Option("not_win", law, f"{partner} does not win the trick"),
        ]
        if premature:
            out.append(Option("discard", law, f"{partner} discards (or, void, plays) a card of a suit declarer names"))
        return tuple(out)

    def declarer_plays_other_hand_early(self, declarer: Seat) -> Ruling:
        """Declarer led from one hand and played from the other before second hand (R47(2))."""
        law = self.cite("other_hand")
        return Ruling(
            "premature_play_by_declarer",
            law,
            declarer,
            "",
            (Option("fourth_hand_may_play", law, "the fourth hand may play before the second; no penalty"),),
        )

    def attention_to_trick(self, offender: Seat, declarer: Seat) -> Ruling | None:
        """Dummy or a defender draws partner's attention to the trick before partner played (R52; NL36 28.5):
        declarer, or dummy's LHO, chooses what partner must play (``_partner_options``)."""
        law = self.cite("trick_attention")
        chooser = offender.lho if offender == declarer.partner else declarer
        return Ruling(
            "attention_to_trick",
            law,
            offender,
            "",
            self._partner_options(law, offender, premature=False),
            choosers=(chooser,),
        )

    # ---- §3.5 revokes -------------------------------------------------------------------------------
    def revoke_correction(
        self, offender: Seat, declarer: Seat, *, lho_played_after: bool = False, claim_face_up: bool = False
    ) -> Ruling:
        """A revoke corrected before it is established (R55(1))."""
        law = self.cite("revoke_correction")
        if offender == declarer.partner:
            return Ruling("corrected_revoke", law, offender, "", (Option("no_penalty", law, "dummy: no penalty"),))
        if offender == declarer:
            if not lho_played_after:
                return Ruling(
                    "corrected_revoke",
                    law,
                    offender,
                    "",
                    (Option("no_penalty", law, "declarer takes the card back; no penalty"),),
                )
            return Ruling(
                "corrected_revoke",
                law,
                offender,
                "",
                (
                    Option("highest", law, "declarer plays his highest card of the suit led"),
                    Option("lowest", law, "declarer plays his lowest card of the suit led"),
                ),
                choosers=(declarer.lho,),
            )
        return self._defender_corrected(offender, declarer, law, claim_face_up)

    def _defender_corrected(self, offender: Seat, declarer: Seat, law: str, claim_face_up: bool) -> Ruling:
        return Ruling(
            "corrected_revoke",
            law,
            offender,
            "",
            (
                Option(self.WITHDRAWN_CARD[0], law, f"the withdrawn card is {self.WITHDRAWN_CARD[1]}"),
                Option("highest", law, "the offender plays his highest card of the correct suit"),
                Option("lowest", law, "the offender plays his lowest card of the correct suit"),
            ),
            choosers=(declarer,),
        )

    def establishable(self, trick: int) -> Verdict:
        """A revoke in tricks 1–11 becomes established; one in trick 12 never is (R55(2))."""
        law = self.cite("revoke_established")
        if trick >= 12:
            return Verdict(False, law, f"a revoke in trick {trick} is never established")
        return Verdict(True, law, "established when the offender or his partner plays to the next trick")

    def _penalised(self, revoke: Revoke) -> bool:
        """Dummy's revoke is never penalised (R55(1)(a)(III)); neither is one after declarer faced his
        cards in a claim (R26(2))."""
        return revoke.role is not Role.DUMMY and not revoke.lawfully_exposed

    def _eligible(self, first: Revoke, tricks_won: Sequence[int]) -> list[int]:
        """R55(6): tricks won by the revoking side from the first revoke trick on ([JUDGEMENT] the revoke
        trick itself included)."""
        return [t for t in tricks_won if t >= first.trick]

    def revoke_transfer(
        self, revokes: Sequence[Revoke], tricks_won: Iterable[int], received_as_penalty: Iterable[int] = ()
    ) -> int:
        """Tricks the revoking side hands over at the end of the play (laws-historic.md §3.5 reference
        function): 2 for the first established revoke, 1 for each later one by the same side, taken only
        from the eligible tricks ([JUDGEMENT] capped at what is eligible)."""
        counted = [r for r in revokes if self.establishable(r.trick) and self._penalised(r)]
        if not counted:
            return 0
        won = sorted(set(tricks_won) - set(received_as_penalty))
        eligible = self._eligible(min(counted, key=lambda r: r.trick), won)
        return min(self._penalty_size(counted), len(eligible))

    def _penalty_size(self, revokes: Sequence[Revoke]) -> int:
        return 2 + (len(revokes) - 1)

    def revoke_claim_in_time(self, moment: ClaimMoment) -> Verdict:
        """A revoke penalty may be claimed until the cut for the next deal, in the last deal until the
        rubber score is agreed (R55(9))."""
        law = self.cite("revoke_time")
        ok = moment in (ClaimMoment.BEFORE_CUT, ClaimMoment.RUBBER_OPEN) or (
            moment is ClaimMoment.DURING_CUT and self._cut_completes_window()
        )
        return Verdict(ok, law, f"claimed {moment.value}")

    def _cut_completes_window(self) -> bool:
        """Whether the window closes only once the cut is completed (NL36) rather than when it begins."""
        return False

    # ---- §3.6 quitted tricks ------------------------------------------------------------------------
    #: the reasons a quitted trick may be turned (R24(a)–(d))
    QUITTED_EXCEPTIONS: ClassVar[frozenset[str]] = frozenset(
        {"dispute", "wrong_count", "replace_card", "fear_of_revoke"}
    )

    def quitted_trick_looked(self, looker: Seat, declarer: Seat, exception: str | None = None) -> Ruling:
        """A quitted trick turned before the end of the play without one of R24's reasons: declarer, or the
        offender's LHO, names the suit the offending side must lead at its next lead (R53)."""
        law = self.cite("quitted")
        if exception is not None and exception not in self._known_exceptions():
            raise RulingError(f"unknown reason to look at a quitted trick: {exception!r}")
        if exception in self.QUITTED_EXCEPTIONS:
            return Ruling("quitted_trick", law, None, "", (Option("lawful", law, f"allowed ({exception})"),))
        return self._quitted_penalty(looker, declarer)

    def _known_exceptions(self) -> frozenset[str]:
        return NBB30Play.QUITTED_EXCEPTIONS

    def _quitted_penalty(self, looker: Seat, declarer: Seat) -> Ruling:
        law = self.cite("quitted")
        chooser = declarer if looker.side != declarer.side else looker.lho
        return Ruling("quitted_trick", law, looker, "", _lead_remedies(law, "the offending side"), choosers=(chooser,))

    # ---- §3.7 claims and concessions ----------------------------------------------------------------
    def concession(self, by: Seat, declarer: Seat, partner_agrees: bool | None = None) -> Verdict:
        """A concession by a defender stands (R26); NL36 requires his partner's agreement."""
        return Verdict(True, self.cite("concession"), "a concession stands once agreed by the opponents")

    def unlosable_trick_conceded(self) -> Verdict:
        """A side conceded a trick it could not lose by any play: the other side may not claim it (R26(3))."""
        return Verdict(False, self.cite("concession"), "the other side may not claim a trick that could not be lost")

    def declarer_may_finesse(self, announced: bool) -> Verdict:
        """A finesse declarer did not state when claiming is an open question, which the defenders settle
        (R26(2), R54)."""
        law = self.cite("declarer_claim")
        if announced:
            return Verdict(True, law, "the finesse was part of the stated line")
        return Verdict(False, law, "an open question of the statement: the defenders settle it (they may forbid it)")

    def claim_thrown_in(self, both_defenders: bool) -> Verdict:
        """After declarer's claim, the defenders face their cards: nobody may require play to continue
        (R26(3))."""
        law = self.cite("concession")
        return Verdict(
            both_defenders,
            law,
            "all faced their cards: the claim stands" if both_defenders else "play may be required to continue",
        )

    def cards_shown_in_claim(self, partner_saw: bool) -> Ruling:
        """A defender shows cards to declarer to claim: they may be called only if his partner saw them
        (R26(1)); NL36 29.2 footnote: then they are penalty cards (``WITHDRAWN_CARD``)."""
        law = self.cite("defender_claim")
        if partner_saw:
            kind, name = self.WITHDRAWN_CARD
            return Ruling("claim_cards_shown", law, None, "", (Option(kind, law, f"each is {name}"),))
        return Ruling("claim_cards_shown", law, None, "", (Option("no_penalty", law, "the cards may not be called"),))

    # ---- §3.8 incorrect hands -----------------------------------------------------------------------
    def surplus_card(
        self, offender: Seat, declarer: Seat, *, played_later: bool, other_hand_short: bool = False
    ) -> Ruling:
        """A hand has a card too many because it did not play to a trick (R48): once it has played to a
        later trick, declarer (or declarer's LHO, if declarer offended) may claim a new deal; never against
        dummy. Otherwise the offender removes a card he could have played to the defective trick."""
        law = self.cite("surplus")
        remove = Option(
            "remove_card",
            law,
            "the offender removes a card he could reasonably have played to the defective trick; play continues",
        )
        if not played_later or offender == declarer.partner:
            return Ruling("surplus_card", law, offender, "", (remove,))
        chooser = declarer.lho if offender == declarer else declarer
        return Ruling(
            "surplus_card",
            law,
            offender,
            "",
            (Option("new_deal", f"{law}(a)", "a new deal"), remove),
            choosers=(chooser,),
        )

    def surplus_transfer(self, played_later: bool) -> int:
        """Tricks the offender's side transfers for a surplus card from failing to play: none (R48(b))."""
        return 0

    #: where a missing card may be found (R49): ``nowhere`` and ``never_dealt`` mean a redeal
    FOUND: ClassVar[tuple[str, ...]] = ("nowhere", "never_dealt", "quitted_trick", "other_pack", "elsewhere")

    def missing_card(self, owner: Seat, found: str) -> Ruling:
        """A hand short, no hand long (R49): a redeal if the card is not found or was never dealt
        (``found`` ``"nowhere"`` / ``"never_dealt"``), else it goes back to its owner, not exposed, as
        if in his hand throughout for revokes (R49(b))."""
        law = self.cite("missing")
        if found in ("nowhere", "never_dealt"):
            return Ruling("missing_card", f"{law}(a)", owner, "", (Option("redeal", f"{law}(a)", "a redeal"),))
        paragraph, effect = self.RESTORED
        return Ruling("missing_card", law + paragraph, owner, "", (Option("restored", law + paragraph, effect),))

    def doubtful_card(self, owner: Seat, declarer: Seat, cards: Sequence[Card]) -> Ruling:
        """``owner``'s missing card is found in a quitted trick of more than four cards and it is unclear which of
        ``cards`` was added by mistake: "de tegenspelers" decide which goes back to the short hand (R49(b);
        [JUDGEMENT] read as the opponents of the short hand, digest §3.8: its LHO, a ruling having one chooser)."""
        return self._doubtful(owner, owner.lho, cards)

    def _doubtful(self, owner: Seat, chooser: Seat, cards: Sequence[Card]) -> Ruling:
        law = self.cite("missing_doubt")
        options = tuple(Option(f"return_{c}", law, f"{c} goes back to {owner.name.capitalize()}'s hand") for c in cards)
        return Ruling("missing_card", law, owner, "", options, choosers=(chooser,))

    # ---- §3.9 dummy ---------------------------------------------------------------------------------
    def dummy_draws_attention(self, dummy_looked: bool) -> Verdict:
        """Dummy drew attention to an opponent's irregularity he had no right to raise: declarer may not
        penalise it (R19, R51(2))."""
        return Verdict(False, self.cite("dummy_attention"), "dummy may not draw attention to it: no penalty")

    def dummy_suggests(self, dummy: Seat, card: Card) -> Ruling:
        """Dummy suggested a play (R50): dummy's LHO may require declarer to play, or not to play, it
        (unless that would be a revoke)."""
        law = self.cite("dummy_suggests")
        return Ruling(
            "dummy_suggests",
            law,
            dummy,
            "",
            (
                Option("play", law, f"declarer must play {card} (unless a revoke)"),
                Option("not_play", law, f"declarer may not play {card} (unless that forces a revoke)"),
            ),
            choosers=(dummy.lho,),
        )

    def dummy_names_hand(self, dummy: Seat) -> Ruling:
        """Dummy, unasked, said which hand is to lead (R51(1)): dummy's LHO chooses the hand."""
        law = self.cite("dummy_names_hand")
        return Ruling(
            "dummy_names_hand",
            law,
            dummy,
            "",
            (
                Option("lead_from_hand", law, "declarer leads from his own hand"),
                Option("lead_from_dummy", law, "declarer leads from dummy"),
            ),
            choosers=(dummy.lho,),
        )

    # ---- §3.10 administering penalties --------------------------------------------------------------
    def suit_absent(self) -> Verdict:
        """A penalty names a suit the offender does not hold: it lapses (R57)."""
        return Verdict(False, self.cite("suit_absent"), "the offender holds no card of the suit: the penalty lapses")

    def wrong_penalty_demanded(self) -> Verdict:
        """A player demanded a penalty he was not entitled to: his side loses any penalty (R58(1))."""
        return Verdict(False, self.cite("wrong_penalty"), "the side loses its right to any penalty for it")

    def second_penalty(self) -> Verdict:
        """A penalty was demanded under one rule: none under another for the same offence (R58(2))."""
        return Verdict(False, self.cite("second_penalty"), "a chosen penalty cannot be replaced")

    def penalty_named_by(self, who: Seat, entitled: Sequence[Seat], dummy: Seat) -> Verdict:
        """Dummy, or the partner of the only player entitled, names a penalty: the right is lost (R59)."""
        law = self.cite("wrong_person")
        if who in entitled:
            return Verdict(True, law, "the entitled player chose")
        if who == dummy or (len(entitled) == 1 and who == entitled[0].partner):
            return Verdict(False, law, "named by a player not entitled: the right to any penalty is lost")
        return Verdict(False, law, "only the entitled player may choose")

    def partners_consulted(self) -> Verdict:
        """Partners discussed which penalty to choose: that is the partner naming it (R59)."""
        return Verdict(False, self.cite("wrong_person"), "the partner advised the choice: the right is lost")
