"""Leads and plays out of turn (L53–L60): the ruling for each irregularity, with every option the law gives.

Seats are plain values: ``declarer`` (dummy is his partner), the ``offender`` (the hand the card came from:
dummy's seat for a card from dummy) and the ``correct`` seat whose turn it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import Effect, EffectKind, Option, Ruling, none_option

from .penalty_cards import classify

__all__ = [
    "accepted_lead_second_card",
    "lead_out_of_turn",
    "opening_lead_out_of_turn",
    "play_after_irregularity",
    "premature_play",
    "simultaneous_cards",
]


def _name(seat: Seat) -> str:
    return seat.name.capitalize()


def _accept(seat: Seat, card: Card, law: str = "53A") -> Option:
    return Option("accept", law, f"{card} stands as if led in turn", (Effect(EffectKind.ACCEPT, seat, (card,)),))


def _back(offender: Seat, card: Card, correct: Seat) -> tuple[Effect, Effect]:
    """The card goes back to the hand and the lead comes from the correct seat."""
    return Effect(EffectKind.WITHDRAW, offender, (card,)), Effect(EffectKind.LEAD_FROM, correct)


def _exposed_note(offender: Seat, card: Card) -> str:
    return (
        f"L24, L16C: {_name(offender)}'s {card}, exposed before the opening lead was faced, is unauthorized "
        "information for his side, authorized for the defenders."
    )


def _withdraw_to_pc(offender: Seat, card: Card, correct: Seat, law: str) -> Option:
    return Option(
        "withdraw",
        law,
        f"{card} becomes a major penalty card; {_name(correct)} leads, with declarer's L50D2 options",
        (*_back(offender, card, correct), Effect(EffectKind.PENALTY_CARD, offender, (card,), data="major")),
    )


def opening_lead_out_of_turn(offender: Seat, declarer: Seat, card: Card, *, declarer_saw_dummy: bool) -> Ruling:
    """A faced opening lead out of turn (L54). A defender's: declarer may spread his hand and become dummy
    (54A), accept it with the second card from his own hand (54B), or require withdrawal, the card a major PC
    (54D); if he could have seen any of dummy's cards he must accept (54C). Declarer's or dummy's: L24 (54E)."""
    dummy, correct = declarer.partner, declarer.lho
    if offender in (declarer, dummy):
        return Ruling(
            "opening_lead_out_of_turn",
            "54E",
            offender,
            f"{_name(offender)}, the presumed {'declarer' if offender == declarer else 'dummy'}, tried to lead {card}",
            (
                Option(
                    "auction_exposure",
                    "54E, 24",
                    f"{card} is treated as a card exposed during the auction (L24): it goes back into the hand, no "
                    "penalty card (L24D, L48A)",
                    (
                        Effect(EffectKind.WITHDRAW, offender, (card,)),
                        Effect(EffectKind.NOTE, data=_exposed_note(offender, card)),
                    ),
                ),
            ),
        )
    accept = Option(
        "accept",
        "54B, 53A" if not declarer_saw_dummy else "54C",
        f"{card} stands; dummy is spread and the second card comes from declarer's own hand (54B1; a dummy card "
        "played instead cannot be withdrawn except to correct a revoke, 54B2)",
        (Effect(EffectKind.ACCEPT, offender, (card,)), Effect(EffectKind.PLAY_SECOND_FROM, declarer)),
    )
    if declarer_saw_dummy:
        return Ruling(
            "opening_lead_out_of_turn",
            "54C",
            offender,
            f"{_name(offender)} faced {card} out of turn; declarer could have seen dummy's cards, so he must accept",
            (accept,),
            choosers=(declarer,),
        )
    spread = Option(
        "spread",
        "54A",
        f"{_name(declarer)} spreads his hand and becomes dummy; {_name(dummy)} becomes declarer and {card} is led "
        "from the correct seat",
        (Effect(EffectKind.ACCEPT, offender, (card,)), Effect(EffectKind.EXCHANGE_ROLES, declarer)),
    )
    return Ruling(
        "opening_lead_out_of_turn",
        "54",
        offender,
        f"{_name(offender)} faced the opening lead {card} out of turn",
        (accept, spread, _withdraw_to_pc(offender, card, correct, "54D, 50D")),
        choosers=(declarer,),
        notes=("If the correct leader had led face down, that card is withdrawn without rectification.",),
    )


def accepted_lead_second_card(declarer: Seat, card: Card, *, from_dummy: bool) -> Ruling:
    """After declarer accepted an opening lead out of turn the second card comes from his hand (L54B1); a card
    he plays from dummy instead stands and may be withdrawn only to correct a revoke (L54B2)."""
    if not from_dummy:
        return Ruling(
            "second_card",
            "54B1",
            None,
            f"{card} from declarer's hand is the second card",
            (none_option("54B1", f"{card} stands", "stands"),),
        )
    return Ruling(
        "second_card",
        "54B2",
        declarer,
        f"Declarer played {card} from dummy as the second card",
        (none_option("54B2", f"{card} stands; it may be withdrawn only to correct a revoke", "stands"),),
    )


def lead_out_of_turn(
    offender: Seat,
    declarer: Seat,
    card: Card,
    correct: Seat,
    *,
    trick: int,
    opening: bool = False,
    declarer_saw_dummy: bool = False,
    told_by_opponent: bool = False,
) -> Ruling:
    """A lead out of turn: at trick 13 it must be withdrawn (L53A footnote); one an opponent induced by saying it
    was his turn is withdrawn without rectification and cannot be accepted (L47E1); the opening lead goes to
    L54; declarer's from either hand to L55 (either defender chooses; the LHO of the hand that led prevails);
    a defender's to L56 (declarer accepts, or the card becomes a major PC)."""
    dummy = declarer.partner
    if told_by_opponent:
        return Ruling(
            "lead_out_of_turn",
            "47E1",
            offender,
            f"{_name(offender)} led {card} because an opponent wrongly told him it was his turn",
            (
                Option(
                    "withdraw",
                    "47E1",
                    f"{card} goes back without rectification; it cannot be accepted",
                    _back(offender, card, correct),
                ),
            ),
            notes=("L16C: the withdrawn card is UI for his side; L63A1 does not apply to it.",),
        )
    if trick == 13:
        return Ruling(
            "lead_out_of_turn",
            "53A",
            offender,
            f"{_name(offender)} led {card} out of turn to trick 13",
            (
                Option(
                    "withdraw",
                    "53A",
                    f"{card} must be withdrawn; it cannot be accepted at trick 13",
                    _back(offender, card, correct),
                ),
            ),
        )
    if opening:
        return opening_lead_out_of_turn(offender, declarer, card, declarer_saw_dummy=declarer_saw_dummy)
    if offender in (declarer, dummy):
        defenders = (declarer.lho, declarer.rho)
        if correct in defenders:
            back = Option(
                "withdraw",
                "55B1",
                f"{card} goes back to the hand it came from; {_name(correct)} leads; no further rectification",
                _back(offender, card, correct),
            )
        else:
            back = Option(
                "withdraw",
                "55B2",
                f"{card} goes back; declarer leads any card from {_name(correct)}'s hand",
                _back(offender, card, correct),
            )
        return Ruling(
            "lead_out_of_turn",
            "55",
            offender,
            f"Declarer led {card} from {'dummy' if offender == dummy else 'his hand'} out of turn",
            (_accept(offender, card, "55A, 53A"), back),
            choosers=defenders,
            prevails=offender.lho,
            review=("16",),
            notes=("If the defenders choose differently, the LHO of the hand that led prevails (L55A).",),
        )
    return Ruling(
        "lead_out_of_turn",
        "56",
        offender,
        f"{_name(offender)} led {card} out of turn",
        (_accept(offender, card, "56A, 53A"), _withdraw_to_pc(offender, card, correct, "56B, 50D")),
        choosers=(declarer,),
    )


def play_after_irregularity(
    player: Seat,
    offender: Seat,
    declarer: Seat,
    *,
    correct_leader: Seat | None = None,
    as_lead: bool = False,
    card: Card | None = None,
    after_withdrawal_ordered: bool = False,
) -> Ruling:
    """``player`` plays after ``offender``'s lead or play out of turn, before rectification (L53, L60):

    - the correct leader leads instead: his lead stands, cards played in error may be withdrawn (L53B);
    - a defender plays after declarer was told to withdraw his lead, before he led again: major PC (L60B);
    - the hand next in rotation after a lead out of turn plays to it: the lead is accepted (L53A), the
      right to rectification is forfeited and the play treated as in turn (L60A1–2); OS obligations stay (A3);
    - the 'wrong' defender (RHO of the hand that led) plays after declarer's lead out of turn: the lead
      stands and L57 applies to that premature play (L53C)."""
    dummy = declarer.partner
    if as_lead and player == correct_leader:
        return Ruling(
            "lead_out_of_turn",
            "53B",
            offender,
            f"{_name(player)}, whose turn it was, led after the lead out of turn",
            (
                Option(
                    "correct_lead_stands",
                    "53B",
                    "his lead stands; cards played in error to this trick may be withdrawn (L16C)",
                    (Effect(EffectKind.WITHDRAW, offender, data="may"),),
                ),
            ),
        )
    if after_withdrawal_ordered and player not in (declarer, dummy) and card is not None:
        return Ruling(
            "play_before_correct_lead",
            "60B",
            player,
            f"{_name(player)} played {card} before declarer led from the correct hand",
            (
                Option(
                    "penalty_card",
                    "60B",
                    f"{card} becomes a major penalty card",
                    (
                        Effect(EffectKind.WITHDRAW, player, (card,)),
                        Effect(EffectKind.PENALTY_CARD, player, (card,), data="major"),
                    ),
                ),
            ),
        )
    if offender in (declarer, dummy) and player == offender.rho:
        return Ruling(
            "lead_out_of_turn",
            "53C",
            player,
            f"{_name(player)} played to declarer's lead out of turn before his partner: the lead stands",
            (
                Option(
                    "premature",
                    "53C, 57",
                    "the lead stands; L57 applies to the premature play",
                    (Effect(EffectKind.ACCEPT, offender),),
                ),
            ),
        )
    if player == offender.lho:
        return Ruling(
            "lead_out_of_turn",
            "60A1",
            offender,
            f"{_name(player)} played after {_name(offender)}'s irregular lead: the lead is accepted",
            (
                Option(
                    "accepted",
                    "53A, 60A1, 60A2",
                    "the right to rectification is forfeited; the lead counts as made in turn",
                    (Effect(EffectKind.ACCEPT, offender),),
                ),
            ),
            notes=("Earlier obligations of the offending side stay in force (L60A3).",),
        )
    return Ruling(
        "play_after_irregularity",
        "60C",
        player,
        f"{_name(player)} played before rectification was assessed",
        (none_option("60C", "the opponents' rights are unchanged; this play may itself be rectified"),),
    )


def premature_play(
    offender: Seat,
    declarer: Seat,
    card: Card,
    *,
    suit_led: Suit | None,
    declarer_played_both_hands: bool = False,
    by_dummy: bool = False,
    rho_turn_legal: bool | None = None,
) -> Ruling:
    """A premature lead or play (L57). A defender's card, before his partner played, becomes a major PC and
    declarer chooses for the partner: highest or lowest of the suit led, a suit he names, or not a suit he
    names (57A; if he cannot comply, any card: 57B, L59); no rectification when declarer has already played
    from both hands (57C1) or when dummy played on his own (57C2); declarer's premature play stands (57C3).
    ``rho_turn_legal`` set: the defender tried to play at his RHO's turn — the card must be played at his turn
    if it is legal then, else it is a major PC (57D)."""
    if offender == declarer or by_dummy:
        law = "57C2" if by_dummy else "57C3"
        what = "dummy's own premature play: no rectification" if by_dummy else f"{card} counts as played (legal: stays)"
        return Ruling("premature_play", law, offender, what, (none_option(law, what, "stands"),))
    if rho_turn_legal is not None:
        if rho_turn_legal:
            option = Option(
                "play_at_turn",
                "57D",
                f"{card} must be played at his turn",
                (Effect(EffectKind.REQUIRE_PLAY, offender, (card,), data="card"),),
            )
        else:
            option = Option(
                "penalty_card",
                "57D",
                f"{card} cannot be played legally: a major penalty card",
                (Effect(EffectKind.PENALTY_CARD, offender, (card,), data="major"),),
            )
        return Ruling(
            "premature_play",
            "57D",
            offender,
            f"{_name(offender)} tried to play {card} at his RHO's turn",
            (option,),
            review=("16",) if rho_turn_legal else (),
        )
    if declarer_played_both_hands:
        return Ruling(
            "premature_play",
            "57C1",
            offender,
            f"{_name(offender)} played {card} early, but declarer had played from both hands",
            (none_option("57C1", "no rectification"),),
        )
    partner = offender.partner
    pc = (
        Effect(EffectKind.WITHDRAW, offender, (card,)),
        Effect(EffectKind.PENALTY_CARD, offender, (card,), data="major"),
    )
    options: list[Option] = []
    if suit_led is not None:
        for which in ("highest", "lowest"):
            options.append(
                Option(
                    which,
                    f"57A{1 if which == 'highest' else 2}",
                    f"{_name(partner)} plays his {which} {suit_led.name.lower()[:-1]}",
                    (*pc, Effect(EffectKind.REQUIRE_PLAY, partner, suits=(suit_led,), data=which)),
                )
            )
    for suit in sorted(Suit, reverse=True):
        if suit == suit_led:
            continue
        options.append(
            Option(
                f"play_{suit.letter}",
                "57A3",
                f"{_name(partner)} plays a {suit.name.lower()[:-1]}",
                (*pc, Effect(EffectKind.REQUIRE_PLAY, partner, suits=(suit,), data="suit")),
            )
        )
        options.append(
            Option(
                f"not_{suit.letter}",
                "57A4",
                f"{_name(partner)} may not play a {suit.name.lower()[:-1]}",
                (*pc, Effect(EffectKind.FORBID_PLAY, partner, suits=(suit,))),
            )
        )
    return Ruling(
        "premature_play",
        "57A",
        offender,
        f"{_name(offender)} played {card} before his partner had played",
        tuple(options),
        choosers=(declarer,),
        notes=("If the partner cannot comply he may play any legal card (57B, L59).",),
    )


def simultaneous_cards(
    offender: Seat, cards: Sequence[Card], declarer: Seat, *, visible: Sequence[Card], unnoticed: bool = False
) -> Ruling:
    """Two or more cards played at once from one hand (L58B): one face visible → that card is played, the
    others go back (58B1); several visible → the offender chooses, and a defender's other visible cards become
    penalty cards (58B2, classified by L50B); an opponent who played since may change his card (58B3);
    unnoticed until both sides played to the next trick → L67 (58B4)."""
    if unnoticed:
        return Ruling(
            "simultaneous_cards",
            "58B4",
            offender,
            "Unnoticed until both sides played on: L67",
            (Option("defective_trick", "58B4, 67", "treated as a defective trick (L67)"),),
        )
    if len(visible) <= 1:
        played = visible[0] if visible else cards[0]
        back = tuple(c for c in cards if c != played)
        return Ruling(
            "simultaneous_cards",
            "58B1",
            offender,
            f"Only {played} was visible: it is played",
            (
                Option(
                    "played",
                    "58B1, 47F",
                    f"{played} is played; the others go back without rectification",
                    (Effect(EffectKind.WITHDRAW, offender, back),),
                ),
            ),
        )
    defender = offender not in (declarer, declarer.partner)
    options = []
    for chosen in visible:
        others = tuple(c for c in visible if c != chosen)
        effects = [Effect(EffectKind.WITHDRAW, offender, others)]
        if defender:
            effects += [
                Effect(
                    EffectKind.PENALTY_CARD, offender, (c,), data="major" if classify(c, deliberate=False) else "minor"
                )
                for c in others
            ]
        kind = "; the other visible cards become penalty cards (L50B)" if defender else ""
        options.append(Option(f"play_{chosen}", "58B2", f"{chosen} is played{kind}", tuple(effects)))
    return Ruling(
        "simultaneous_cards",
        "58B2",
        offender,
        f"{_name(offender)} played {', '.join(map(str, cards))} together",
        tuple(options),
        choosers=(offender,),
        notes=("An opponent who has played since may withdraw his card and substitute another (58B3, L16C).",),
    )
