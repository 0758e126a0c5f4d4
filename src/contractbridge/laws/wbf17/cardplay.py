"""WBF 2017 play period at the table: the penalty cards of the record enforced through ``Edition.legal_cards``
(L44C, L50D1, L51A), and the rulings of ``laws.wbf17.play`` (pure functions returning ``Ruling`` data) made
pending in the table's record (an opening lead out of turn, L54; later leads and plays out of turn, L53–L57,
``misplays``; disputed claims, L70, ``disputes``). Each option is data: its ``Effect`` values, completed here with
what the table must do first (cards taken back, L47, L62; a card played, L58B), which the table applies and then
hands to ``record_effects`` (``WBF17CardPlay.carry_out``) for the record's part."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from contractbridge import events
from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import PLAY_EFFECTS, Effect, EffectKind, LeadRestriction, Option, Ruling
from contractbridge.errors import CardNotInHandError, IllegalPlayError, RulingError
from contractbridge.events import Attention, CallCard, Event, Expose, Extension
from contractbridge.laws.base import Choice, Edition, PlayTable
from contractbridge.laws.wbf17 import board_review, director_errors, periods
from contractbridge.laws.wbf17.board_review import REVIEW, REVOKE_NOTICE, record_answer, record_notice, revoke_transfers
from contractbridge.laws.wbf17.common import require_no_ruling
from contractbridge.laws.wbf17.corrections import (
    ReplayAfterRevoke,
    correctable_revoke,
    replay_after_revoke,
    replay_restriction,
    revoke_correction,
)
from contractbridge.laws.wbf17.defective_tricks import DEFECTIVE_TRICK, defective_trick
from contractbridge.laws.wbf17.designations import DESIGNATE, designate
from contractbridge.laws.wbf17.director_errors import DIRECTOR_ERROR, record_error
from contractbridge.laws.wbf17.disputes import claim_ruling, claim_suggestion
from contractbridge.laws.wbf17.exposures import exposure_ruling
from contractbridge.laws.wbf17.inquiries import AS_IF_ESTABLISHED, INQUIRY, inquiry
from contractbridge.laws.wbf17.inspections import INSPECT, inspect
from contractbridge.laws.wbf17.misplays import (
    ACCEPTED_LEAD_DUMMY,
    PlayRestriction,
    card_before_rectification,
    misplay_ruling,
    premature_after_forfeit,
    restriction_revoke,
)
from contractbridge.laws.wbf17.missing_cards import (
    CARD_FOUND,
    CARD_MISSING,
    found,
    missing,
    missing_cards,
    refuse_missing,
)
from contractbridge.laws.wbf17.periods import (
    APPEAL,
    RESULTS_POSTED,
    SCORE_CORRECTION,
    corrected_tricks,
    record_appeal,
    record_correction,
    record_posted,
)
from contractbridge.laws.wbf17.play.out_of_turn import opening_lead_out_of_turn
from contractbridge.laws.wbf17.play.penalty_cards import PenaltyCards, lead_options
from contractbridge.laws.wbf17.play.procedure import dummy_intervened
from contractbridge.laws.wbf17.play.restrictions import allowed_cards
from contractbridge.laws.wbf17.played_cards import DUMMY_WARNING, RULINGS, accepted_lead
from contractbridge.laws.wbf17.reconsiderations import (
    RECONSIDER,
    given_back,
    reconsider,
    record_back,
    withdrawn_agreement,
)
from contractbridge.laws.wbf17.retractions import RETRACT, retraction
from contractbridge.laws.wbf17.simultaneous import SIMULTANEOUS, played_card, simultaneous
from contractbridge.values import Claim, Irregularity, IrregularityKind

if TYPE_CHECKING:
    from contractbridge.play import PlayState

__all__ = [
    "PenaltyLead",
    "WBF17CardPlay",
    "live_penalty_cards",
    "pending_ruling",
    "record_effects",
    "revoke_transfers",
    "with_effects",
]


@dataclass(frozen=True, slots=True)
class PenaltyLead(LeadRestriction):
    """Declarer's L50D2/L51B choice for the lead to trick ``trick`` by the partner of a penalty card's owner:
    ``required`` binds that lead only; ``forbidden`` every lead while he keeps the lead from that trick on;
    neither (no restriction, L50D2(b)) binds nothing, and the choice comes again at his next lead."""

    trick: int = 1

    def in_force(self, play: PlayState) -> bool:
        if play.current_trick or play.turn != self.leader:
            return False
        now = len(play.tricks) + 1
        if self.required is not None:
            return now == self.trick
        return bool(self.banned) and all(t.winner == self.leader for t in play.tricks[self.trick - 1 :])

    @property
    def banned(self) -> tuple[Suit, ...]:
        """The forbidden ``suits``: L51B2(b) may forbid two (TV107); none when a suit is required."""
        return () if self.required is not None else self.suits

    def to_dict(self) -> dict[str, Any]:
        return {**LeadRestriction.to_dict(self), "trick": self.trick}


def live_penalty_cards(table: PlayTable) -> PenaltyCards:
    """The penalty cards still on the table: those of the record (L24E; L54D, L56 once wired) whose owner
    still holds the card (a penalty card played is no longer one, L50A)."""
    record, play = table.record, table.play_state
    if record is None or play is None:
        return PenaltyCards()
    return PenaltyCards(tuple(pc for pc in record.penalty_cards if pc.card in play.hand(pc.seat)))


def pending_ruling(table: PlayTable, ruling: Ruling) -> None:
    """Make ``ruling`` pending in the table's record; each option is data, carried out by the table once chosen (a
    ``choose`` or ``judge`` event; its undo is a refold of the log). Of two seats who may choose, the one whose
    choice prevails chooses (L55A: the LHO of the hand that led)."""
    record = table.record
    assert record is not None
    record.rule(ruling)


def with_effects(
    ruling: Ruling, before: Sequence[Effect] = (), after: Sequence[Effect] = (), *, unless: bool | None = None
) -> Ruling:
    """``ruling`` with ``before`` and ``after`` added to each option's effects (what the table does first, e.g. cards
    taken back; what the record keeps after), except an option that follows the director's answer ``unless``."""
    return replace(
        ruling,
        options=tuple(
            o if unless is not None and o.answer is unless else replace(o, effects=(*before, *o.effects, *after))
            for o in ruling.options
        ),
    )


def record_effects(table: PlayTable, choice: Choice) -> None:
    """What a chosen option leaves in the record once the table applied its part (the card stands or went back, cards
    taken back, a card played): penalty cards (L50B: with two or more, all of his are major; one already a PC stays
    one) and their pick-up (L50D2(a), L51B); a play restriction for the rest of the trick (L57A, L57C3, L57D:
    ``PlayRestriction``); the L62C2 replay (``ReplayAfterRevoke``); a corrected revoke kept as if established
    (L43B2(b)); declarer's L50D2/L51B lead choice (``PenaltyLead``); tricks an agreed claim or concession gives back
    (L69B, L71: ``TRANSFER``); the trick a hand was chosen for after dummy's warning (L43B2(a)). The next lead or
    play needs nothing more (the second card, L54B1, and the correct leader, L54D, L55B, follow from the rotation).
    ``RulingError`` for an effect the table does not apply yet."""
    option, ruling = choice.option, choice.ruling
    record, play = table.record, table.play_state
    assert record is not None and play is not None
    reconsidered = ruling is not None and ruling.irregularity == RECONSIDER
    for effect in option.effects:
        if effect.kind is EffectKind.PENALTY_CARD and effect.seat is not None:
            live = live_penalty_cards(table)
            pcs = live
            for card in effect.cards:
                major = effect.data == "major" or any(pc.card == card and pc.major for pc in pcs)
                pcs = pcs.remove((card,)).add(effect.seat, card, deliberate=major, law=option.law)
            record.penalty_cards[:] = [pc for pc in record.penalty_cards if pc not in live.cards] + list(pcs.cards)
        elif effect.kind is EffectKind.PICK_UP:
            record.penalty_cards[:] = [pc for pc in record.penalty_cards if pc.card not in effect.cards]
        elif effect.kind in _PLAY_RESTRICTIONS and (seat := effect.seat) is not None:
            if effect.kind is EffectKind.SUBSTITUTE:  # L52B2: the penalty card replaces the card played
                effect = Effect(EffectKind.REQUIRE_PLAY, seat, effect.cards, data="card")
            trick = len(play.tricks) + 1
            restriction = PlayRestriction(seat, seat, play.declarer, effect.suits, option.law, False, decided=True)
            record.lead_restrictions.append(replace(restriction, trick=trick, effect=effect))
        elif effect.kind is EffectKind.REPLAY and effect.seat is not None:
            record.lead_restrictions.append(replay_restriction(effect, play.declarer))
        elif effect.kind is EffectKind.ESTABLISHED and effect.seat is not None:
            established = {"seat": effect.seat.letter, "trick": int(effect.data), "suit": effect.suits[0].letter}
            record.rulings[-1][AS_IF_ESTABLISHED] = established
        elif effect.kind is EffectKind.TRANSFER and effect.seat is not None and reconsidered:
            record_back(table, effect.seat.side, int(effect.data))  # L69B, L71: tricks given back
        elif effect.kind in PLAY_EFFECTS and effect.kind not in _APPLIED:  # the record's own: ``director.apply``
            raise RulingError(f"{option.id} ({option.law}): the table does not apply {effect.kind.value} yet")
    if ruling is not None and ruling.irregularity == PENALTY_CARD_LEAD and ruling.offender is not None:
        _lead_choice(table, ruling.offender, option)
    if ruling is not None and ruling.irregularity == DUMMY_WARNING:  # L43B2(a): the hand chosen for this lead
        record.rulings[-1]["trick"] = len(play.tricks) + 1


def _dummy_first_to_pending(table: PlayTable, event: Attention) -> bool:
    """L43B3 for an irregularity other than a revoke: dummy, having broken L43A2 (``broke_43a2``), is the first to
    draw attention to a defender's irregularity whose ruling is pending (an unlawful card awaiting its ruling: a lead
    out of turn, a premature play …; an exposed card), after the opening lead. That ruling gives way to the 43B3
    one: no immediate rectification, play continues as if no irregularity had happened — a lead the non-offenders
    could accept stands as made in turn (the ruling's ``accept`` option), any other card goes back to the hand with
    no penalty card or restriction — and REVIEW(43B3) after play (only the defenders' score adjusted if they
    gained). ``False``: not this case."""
    record, declarer = table.record, table.declarer
    ruling = None if record is None else record.pending
    if ruling is None or declarer is None or event.seat != declarer.partner or ruling.law == "43B3":
        return False
    if event.extra.get("broke_43a2") is not True or ruling.offender not in (declarer.lho, declarer.rho):
        return False
    card, play = table.pending_irregularity, table.play_state
    if play is None or not len(play):  # before the opening lead is faced there is no dummy yet (L41, L43)
        return False
    if ruling.irregularity != "exposed_card" and (card is None or card.seat != ruling.offender):
        return False  # not a defender's card irregularity (a claim, a lead choice after a penalty card …)
    accept = next((o for o in ruling.options if o.id == "accept"), None)
    stands = () if accept is None else tuple(e for e in accept.effects if e.kind is EffectKind.ACCEPT)
    pending_ruling(
        table, with_effects(dummy_intervened(event.seat, declarer, broke_a2=True, offender=ruling.offender), stands)
    )
    return True


def _correction(table: PlayTable, ruling: Ruling, option: Option, count: int) -> Ruling:
    """L62: the ruling whose only option corrects the revoke: the revoke card and the cards after it go back to the
    hands (``TAKE_BACK``), then ``option``'s penalty card (L62B1) and the offender's partner's card to that trick
    to be played again (L62C2, ``REPLAY``)."""
    replay = replay_after_revoke(table)
    after = () if replay is None else (replay,)
    return replace(ruling, options=(replace(option, effects=(_take_back(count), *option.effects, *after)),))


def _take_back(count: int) -> Effect:
    return Effect(EffectKind.TAKE_BACK, data=str(count))


def _withdrawn_after_revoke(table: PlayTable) -> None:
    """L62C2: the offender's partner who withdrew his card after a non-offender withdrew his: a defender's card
    so withdrawn becomes a major penalty card."""
    record, play = table.record, table.play_state
    if record is None or play is None:
        return
    for r in record.lead_restrictions:
        card = r.withdrawn(play) if isinstance(r, ReplayAfterRevoke) else None
        if card is not None and card in play.hand(r.leader) and all(pc.card != card for pc in record.penalty_cards):
            effect = Effect(EffectKind.PENALTY_CARD, r.leader, (card,), data="major")
            withdrawn = Option("withdrawn", "62C2", f"{card} withdrawn: a major penalty card", (effect,))
            record_effects(table, Choice(withdrawn))


def _declarer_saw_dummy(table: PlayTable) -> None:
    """L54C: declarer could have seen dummy's cards, so he must accept the opening lead out of turn pending."""
    record, lead, declarer = table.record, table.pending_irregularity, table.declarer
    ruling = None if record is None else record.pending
    if ruling is None or ruling.law != "54" or lead is None or lead.seat is None or declarer is None:
        raise RulingError(f"{DUMMY_SEEN}: no faced opening lead out of turn awaits declarer's choice (L54C)")
    assert isinstance(lead.action, Card)
    pending_ruling(table, opening_lead_out_of_turn(lead.seat, declarer, lead.action, declarer_saw_dummy=True))


def _as_if_established(table: PlayTable) -> Effect:
    """L43B2(b): the revoke about to be corrected, kept in the ruling's entry for L64 as if it were established."""
    found = correctable_revoke(table)
    play = table.play_state
    assert found is not None and play is not None
    seat, _, place = found
    trick = place // 4 + 1
    suit = play.played()[4 * (trick - 1)][1].suit
    return Effect(EffectKind.ESTABLISHED, seat, suits=(suit,), data=str(trick))


def _name_penalty_card(table: PlayTable, caller: Seat, card: Card) -> None:
    """L51A: declarer names which of two or more penalty cards the defender to play must play now."""
    play, record, turn = table.play_state, table.record, table.turn
    assert play is not None and record is not None
    if caller != play.declarer:
        raise RulingError(f"call_card by {caller.name.lower()}: declarer names the penalty card to play (L51A)")
    legal = table.legal_cards()
    owed = [pc.card for pc in live_penalty_cards(table) if pc.seat == turn and pc.card in legal]
    if turn is None or card not in owed or len(owed) < 2:
        raise RulingError(
            f"call_card {card}: declarer names one of two or more penalty cards the defender to play may play now "
            "(L51A)"
        )
    effect = Effect(EffectKind.REQUIRE_PLAY, turn, (card,), data="card")
    restriction = PlayRestriction(turn, turn, play.declarer, (), "51A", False, decided=True)
    record.lead_restrictions.append(replace(restriction, trick=len(play.tricks) + 1, effect=effect))


def _play_simultaneous(table: PlayTable, ruling: Ruling, cards: tuple[Card, ...]) -> Ruling:
    """L58B: each option first plays its chosen card (``PLAY``); the others go back, a defender's visible ones
    penalty cards."""
    play = table.play_state
    assert play is not None and play.turn is not None
    turn = play.turn
    return replace(
        ruling,
        options=tuple(
            replace(o, effects=(Effect(EffectKind.PLAY, turn, (played_card(o, cards),)), *o.effects))
            for o in ruling.options
        ),
    )


#: the event kind of the fact that declarer could have seen dummy's cards before the opening lead (L54C)
DUMMY_SEEN: Final = "dummy_seen"

#: the ruling on the lead of the partner of a defender with major penalty cards (L50D2, L51B: ``lead_options``)
PENALTY_CARD_LEAD: Final = "penalty_card_lead"

#: the effect kinds the table or ``record_effects`` carries out (PLAY_SECOND_FROM and LEAD_FROM are the rotation's)
_APPLIED = frozenset(
    {
        EffectKind.ACCEPT,
        EffectKind.EXCHANGE_ROLES,
        EffectKind.WITHDRAW,
        EffectKind.PENALTY_CARD,
        EffectKind.PLAY_SECOND_FROM,
        EffectKind.LEAD_FROM,
        EffectKind.NONE,
        EffectKind.REQUIRE_LEAD,  # the lead choice records these as a ``PenaltyLead``
        EffectKind.FORBID_LEAD,
        EffectKind.REQUIRE_PLAY,
        EffectKind.FORBID_PLAY,
        EffectKind.SUBSTITUTE,
        EffectKind.DESIGNATE,  # the table plays the card
        EffectKind.PLAY,
        EffectKind.TAKE_BACK,
        EffectKind.AWARD,
        EffectKind.PLAY_ON,
    }
)

#: the events after (or about) the board that only record a fact or a ruling, by kind: the director's review answer
#: (L12C1), a revoke noticed late (L64B4), a quitted trick inspected (L66), the results posted with the event's
#: periods, a score correction and an appeal (L79C1, L92), the director's own error (L82C), a card missing from a
#: hand and found (L14B)
_RECORDERS: Final[dict[str, Callable[[PlayTable, Mapping[str, Any]], None]]] = {
    REVIEW: record_answer,
    REVOKE_NOTICE: record_notice,
    INSPECT: inspect,
    RESULTS_POSTED: record_posted,
    SCORE_CORRECTION: record_correction,
    APPEAL: record_appeal,
    DIRECTOR_ERROR: record_error,
    CARD_MISSING: missing,
    CARD_FOUND: found,
}

#: the effect kinds that leave a ``PlayRestriction`` for the rest of the trick
_PLAY_RESTRICTIONS = frozenset({EffectKind.REQUIRE_PLAY, EffectKind.FORBID_PLAY, EffectKind.SUBSTITUTE})


def _lead_choice(table: PlayTable, owner: Seat, option: Option) -> None:
    """Declarer's L50D2/L51B choice recorded for this lead (its PCs already picked up by ``record_effects``)."""
    record, play = table.record, table.play_state
    assert record is not None and play is not None
    leads = [e for e in option.effects if e.kind in (EffectKind.REQUIRE_LEAD, EffectKind.FORBID_LEAD)]
    required = next((e.suits[0] for e in leads if e.kind is EffectKind.REQUIRE_LEAD), None)
    forbidden = [s for e in leads if e.kind is EffectKind.FORBID_LEAD for s in e.suits]
    record.lead_restrictions.append(
        PenaltyLead(
            owner,
            owner.partner,
            play.declarer,
            tuple(forbidden),
            option.law,
            False,
            forbidden=forbidden[0] if len(forbidden) == 1 else None,
            decided=True,
            required=required,
            trick=len(play.tricks) + 1,
        )
    )


class WBF17CardPlay(Edition):
    """The cards a defender with penalty cards may play (L50C, L50D1, L51A), after L44 and the lead restrictions;
    the ruling on an opening lead out of turn (L54)."""

    name = "WBF17"

    def legal_cards(self, table: PlayTable, seat: Seat, cards: frozenset[Card]) -> frozenset[Card]:
        """L50D1(a): a major penalty card is played at the first legal opportunity (two of them: either, declarer
        names it, L51A); following suit comes first (L44C, L50D1(b), TV95, TV105); L50C for a minor one. A lead
        restriction that leaves no penalty card playable comes first (the card stays). A card missing from the hand
        cannot be played; when it was his only card of the suit led he plays any other (L14B, ``missing_cards``)."""
        gone = missing_cards(table, seat)
        if gone and table.play_state is not None:
            cards = (cards - gone) or (frozenset(table.play_state.hand(seat)) - gone)
        cards = super().legal_cards(table, seat, cards)
        pcs = live_penalty_cards(table)
        play = table.play_state
        if play is None or not pcs.of(seat):
            return cards
        trick = [card for _, card in play.current_trick]
        both = cards & allowed_cards(seat, play.hand(seat), trick, (), pcs).allowed
        return both or cards

    def card_irregularity(self, table: PlayTable, irregularity: Irregularity) -> bool:
        """L54: a defender's opening lead faced out of turn becomes declarer's choice (accept, spread his hand,
        or require withdrawal, the card a major penalty card); the presumed declarer's or dummy's is a card exposed
        during the auction, back into the hand on the director's ruling (L54E, L24D). Later leads and plays out of
        turn: the ruling of ``misplays.misplay_ruling`` (L53A, L55–L57). Any other unlawful card: the base (a revoke
        stands, the rest stop the table)."""

        play, declarer, card, seat = table.play_state, table.declarer, irregularity.action, irregularity.seat
        if seat is not None and isinstance(card, Card):
            refuse_missing(table, seat, card)  # L14B: a card missing from the hand cannot be played
        opening = play is not None and not len(play) and irregularity.kind == IrregularityKind.LEAD_OUT_OF_TURN
        if not opening:
            ruling = misplay_ruling(table, irregularity)
            if ruling is None:
                return super().card_irregularity(table, irregularity)
            pending_ruling(table, ruling)
            return False
        if declarer is None or seat is None or not isinstance(card, Card):
            return super().card_irregularity(table, irregularity)
        # L54E: the presumed declarer's or dummy's card is an L24 exposure, the director's ruling like a defender's
        pending_ruling(table, opening_lead_out_of_turn(seat, declarer, card, declarer_saw_dummy=False))
        return False

    def ruled_at_once(self, table: PlayTable) -> Choice | None:
        """L54B2 (TV112): dummy's card played second to an accepted opening lead out of turn stands; nothing to
        rule (the card is played at dummy's turn, as a card that counts as played); likewise declarer's card that
        forfeited the rectification of a defender's premature play (L60A1, L57C3). L43B2(a): declarer's lead from
        the hand the defenders chose after dummy's warning is accepted (``played_cards.accepted_lead``). L61A: a card
        a restriction forbade stands as a revoke (``misplays.restriction_revoke``)."""
        revoke = restriction_revoke(table)
        if revoke is not None:
            return revoke
        record = table.record
        ruling = None if record is None else record.pending
        if record is not None and ruling is not None and accepted_lead(table):
            record.choose(ruling.chooser, "accept")
            return Choice(ruling.option("accept"), ruling)
        if record is None or ruling is None:
            return None
        if ruling.irregularity != ACCEPTED_LEAD_DUMMY and not premature_after_forfeit(table):
            return None
        record.choose(None, "stands")
        return Choice(ruling.option("stands"), ruling)

    def card_before_rectification(self, table: PlayTable, seat: Seat, card: Card) -> Choice | None:
        """L53A, L60A1–2: a lead out of turn accepted by the next hand's card; L53B: the correct leader's lead
        stands (``misplays.card_before_rectification``)."""
        return card_before_rectification(table, seat, card)

    def carry_out(self, table: PlayTable, choice: Choice, card: Irregularity | None) -> None:
        """What the chosen option leaves in the record (``record_effects``)."""
        record_effects(table, choice)

    def play_event(self, table: PlayTable, event: Event) -> Choice | bool:
        """``expose`` after the opening lead: the L48–L50 ruling (``exposures.exposure_ruling``); the table stops
        until it is chosen or judged (L50A). A card led is a ``play`` event, not an exposure. ``review`` once the
        board is done: the director's answer to a review flag (``board_review``, L12C1). ``attention`` to a revoke
        (L62, ``corrections``), ``designate`` (L46, ``designations``), ``simultaneous`` (L58B, ``simultaneous``),
        ``inquiry`` (L61B, L43B2(b), ``inquiries``), ``dummy_seen`` (L54C: declarer could have seen
        dummy's cards, so he must accept the faced opening lead out of turn), ``retract`` (L45C, L47, ``retractions``),
        ``call_card`` (L51A: declarer names which of two penalty cards the defender plays), ``defective_trick`` (L67,
        ``defective_tricks``), the events of ``played_cards.RULINGS`` (L45D–F, L43B2(a)); after the board,
        ``reconsider`` (L69B, L71, ``reconsiderations``); and the events of ``_RECORDERS`` (``inspect``: L66, L61C;
        a card missing and found, L14B; the periods, a score correction, an appeal, the director's error)."""
        recorder = _RECORDERS.get(event.name) if isinstance(event, Extension) else None
        if recorder is not None and isinstance(event, Extension):
            recorder(table, event.data)
            return True
        maker = RULINGS.get(event.name) if isinstance(event, Extension) else None
        if maker is not None and isinstance(event, Extension):
            require_no_ruling(table, event.name)
            made = maker(table, event.data)
            if made is not None:
                pending_ruling(table, made)
            return True
        if isinstance(event, Extension) and event.name == RECONSIDER:
            pending_ruling(table, reconsider(table, event.data))
            return True
        if isinstance(event, Extension) and event.name == DEFECTIVE_TRICK:
            extra = defective_trick(table, event.data)
            return True if extra is None else Choice(extra)
        if isinstance(event, Extension) and event.name == DESIGNATE:
            require_no_ruling(table, "designate")
            outcome = designate(table, event.data)  # the card played (a Choice), or the ruling that picks it
            if isinstance(outcome, Ruling):
                pending_ruling(table, outcome)
            return outcome if isinstance(outcome, Choice) else True
        if isinstance(event, Extension) and event.name == RETRACT:
            ruling, count = retraction(table, event.data)
            if ruling is not None:  # L47C, L47E2(a): granted, the card and the cards after it go back
                pending_ruling(table, with_effects(ruling, (_take_back(count),), unless=False) if count else ruling)
            return True
        if isinstance(event, Extension) and event.name == DUMMY_SEEN:
            _declarer_saw_dummy(table)
            return True
        if isinstance(event, Extension) and event.name == SIMULTANEOUS:
            require_no_ruling(table, SIMULTANEOUS)
            ruling = simultaneous(table, event.data)
            cards = tuple(Card.parse(c) for c in event.data["cards"])
            pending_ruling(table, _play_simultaneous(table, ruling, cards))
            return True
        if isinstance(event, CallCard):
            require_no_ruling(table, "call_card")
            _name_penalty_card(table, event.seat, event.card)
            return True
        if isinstance(event, Extension) and event.name == INQUIRY:
            require_no_ruling(table, INQUIRY)
            asked = inquiry(table, event.data)
            if asked is not None:
                ruling, option, count = asked
                corrected = _correction(table, ruling, option, count)
                established = (_as_if_established(table),) if "43B2(b)" in ruling.law else ()
                pending_ruling(table, with_effects(corrected, after=established))
            return True
        if isinstance(event, Attention):
            if _dummy_first_to_pending(table, event):
                return True
            require_no_ruling(table, "attention")
            ruling, option, count = revoke_correction(table)
            declarer = table.declarer
            dummy_first = declarer is not None and event.seat == declarer.partner and event.extra.get("broke_43a2")
            if declarer is not None and dummy_first is True and ruling.offender in (declarer.lho, declarer.rho):
                # L43B3 (TV149): dummy, having broken L43A2, drew attention first: no rectification now
                pending_ruling(table, dummy_intervened(event.seat, declarer, broke_a2=True, offender=ruling.offender))
                return True
            pending_ruling(table, _correction(table, ruling, option, count))
            return True
        if not isinstance(event, Expose):
            return super().play_event(table, event)
        record, declarer = table.record, table.declarer
        if record is None or declarer is None:
            return False
        require_no_ruling(table, f"expose by {event.seat.name.lower()}")
        if event.led:
            raise IllegalPlayError("a card led during the play is a 'play' event (L53–L57), not an exposure")
        pcs = live_penalty_cards(table)
        for card in event.cards:
            if card not in table.hand(event.seat):
                raise CardNotInHandError(f"expose: {card} is not in {event.seat.name.lower()}'s hand")
            if any(pc.card == card for pc in pcs):
                raise IllegalPlayError(f"expose: {card} is already a penalty card, face up on the table (L50A)")
        pending_ruling(table, exposure_ruling(event.seat, event.cards, declarer, pcs))
        return True

    def claim_event(
        self, table: PlayTable, event: events.Claim | events.Agree | events.Dispute | events.PlayOn
    ) -> Claim | None:
        """The claim procedure of every edition (L68–L70), and L69A: a player of the side that agreed objects before
        his side calls on a later board — the claim is disputed, the director rules (L70;
        ``reconsiderations.withdrawn_agreement``)."""
        if isinstance(event, events.Dispute) and (withdrawn := withdrawn_agreement(table, event.seat)) is not None:
            return withdrawn
        return super().claim_event(table, event)

    def claim_suggestion(self, play: PlayState, claim: Claim, *, budget: int) -> dict[str, Any] | None:
        """The L70 check of a disputed claim for the director's page (``disputes.claim_suggestion``)."""
        return claim_suggestion(play, claim, budget)

    def open_reviews(self, table: PlayTable) -> list[str]:
        return board_review.open_flags(table)

    def review_notes(self, table: PlayTable) -> list[str]:
        return [*board_review.notes(table), *director_errors.notes(table), *periods.notes(table)]

    def adjust_tricks(self, table: PlayTable, tricks: int) -> tuple[int, tuple[str, ...]]:
        """L64A: the automatic trick transfers for the established revokes (L64B: when there are none); the tricks an
        agreed claim or a concession gave back in the correction period (L69B, L71); the agreed score corrected in
        it (L79C1)."""
        declarer = table.declarer
        moved = revoke_transfers(table)
        notes = tuple(str(t) for t in moved)
        if declarer is not None and moved:
            gained = sum(t.count if t.to == declarer.side else -t.count for t in moved)
            tricks = min(13, max(0, tricks + gained))
        for side, back, law in given_back(table):  # L69B, L71: tricks agreed away, given back in time
            if declarer is not None:
                tricks = min(13, max(0, tricks + (back if side == declarer.side else -back)))
                notes += (f"L{law}: {back} trick{'s' if back > 1 else ''} back to {side}",)
        corrected = corrected_tricks(table)
        if corrected is not None and corrected != tricks:  # L79C1: the agreed score, corrected in time
            notes += (f"L79C1: declarer's tricks corrected from {tricks} to {corrected}",)
            tricks = corrected
        return tricks, notes

    def settle_play(self, table: PlayTable) -> None:
        """L68D, L70: a disputed claim goes to the director (``disputes.claim_ruling``). L50D2, L51B: when the
        partner of a defender with major penalty cards is to lead, declarer first chooses (require a suit, forbid
        suits while he keeps the lead, or no restriction); the lead waits (L26B first)."""
        super().settle_play(table)
        _withdrawn_after_revoke(table)
        record, play, claim = table.record, table.play_state, table.claim_state
        if record is not None and table.result is not None and revoke_transfers(table):
            record.add_review("64C")  # after an established revoke the director checks equity (L64C)
        if record is not None and record.pending is None and claim is not None and claim.disputed_by is not None:
            if claim.ruled is None:
                pending_ruling(table, claim_ruling(table, claim))
            return
        if record is None or play is None or record.pending is not None or play.current_trick or play.is_over:
            return
        leader, trick = play.turn, len(play.tricks) + 1
        if leader is None or leader in (play.declarer, play.dummy):
            return
        if any(
            isinstance(r, PenaltyLead) and r.leader == leader and r.trick == trick for r in record.lead_restrictions
        ):
            return
        ruling = lead_options(leader.partner, play.declarer, live_penalty_cards(table))
        if ruling is not None:
            pending_ruling(table, ruling)
