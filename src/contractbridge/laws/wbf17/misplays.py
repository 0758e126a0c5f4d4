"""WBF 2017 leads and plays out of turn after the opening lead, at the table (L53, L55–L57): which ruling of
``laws.wbf17.play.out_of_turn`` an unlawful card gets, and ``PlayRestriction``, the play restriction a chosen
option leaves for the rest of the trick (L57A1–4 for the offender's partner; L57C3, L57D: a card that counts as
played, to be played at its hand's turn)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.director import Effect, EffectKind, LeadRestriction, Option, Ruling, none_option
from contractbridge.laws.base import Choice
from contractbridge.laws.wbf17.play.out_of_turn import lead_out_of_turn, play_after_irregularity, premature_play
from contractbridge.laws.wbf17.play.penalty_cards import failure_to_play
from contractbridge.laws.wbf17.play.restrictions import required_play
from contractbridge.values import Irregularity, IrregularityKind

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable
    from contractbridge.play import PlayState

__all__ = [
    "ACCEPTED_LEAD_DUMMY",
    "RESTRICTION_REVOKE",
    "PlayRestriction",
    "card_before_rectification",
    "misplay_ruling",
    "premature_after_forfeit",
    "restriction_revoke",
    "restriction_revokes",
]

#: the irregularity of dummy's card played second to an accepted opening lead out of turn: it stands (L54B2)
ACCEPTED_LEAD_DUMMY: Final = "dummy_card_after_accepted_lead"
#: the irregularity of a card a lead or play restriction forbade, when able: it stands as a revoke (L61A)
RESTRICTION_REVOKE: Final = "restriction_revoke"


_NO_EFFECT: Final = Effect(EffectKind.NONE)


@dataclass(frozen=True, slots=True)
class PlayRestriction(LeadRestriction):
    """What ``leader`` (the player restricted) must or may not play to trick ``trick``: ``effect`` is the chosen
    option's ``REQUIRE_PLAY``/``FORBID_PLAY`` (L57A: highest or lowest of the suit led, a suit named, not a suit
    named; L57C3, L57D: this card at his turn; L52B2: the penalty card instead). Any card when he cannot comply
    (L57B, L59)."""

    trick: int = 1
    effect: Effect = _NO_EFFECT

    def in_force(self, play: PlayState) -> bool:
        return play.turn == self.leader and len(play.tricks) + 1 == self.trick

    def restrict(self, cards: frozenset[Card]) -> frozenset[Card]:
        return required_play(self.effect, cards) or cards

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.leader.letter, "law": self.law, "trick": self.trick, **self.effect.to_dict()}


def _counts_as_played(ruling: Ruling, seat: Seat, card: Card) -> Ruling:
    """A ruling whose only outcome is that ``card`` counts as played: it is played at ``seat``'s turn."""
    commit = Effect(EffectKind.REQUIRE_PLAY, seat, (card,), data="card")
    return replace(ruling, options=tuple(replace(o, effects=(commit,)) for o in ruling.options))


def _committed(table: PlayTable, seat: Seat, trick: int) -> bool:
    """Whether ``seat`` has a card that counts as played to ``trick`` but is not yet in it (L57C3)."""
    record = table.record
    return record is not None and any(
        isinstance(r, PlayRestriction) and r.leader == seat and r.trick == trick and r.effect.data == "card"
        for r in record.lead_restrictions
    )


def card_before_rectification(table: PlayTable, seat: Seat, card: Card) -> Choice | None:
    """``seat`` plays ``card`` while a lead out of turn awaits its ruling (the option the table carries out once
    that ruling is settled):

    - the hand next in rotation after the hand that led plays to it: the lead is accepted, the right to
      rectification forfeited, and the lead counts as made in turn (L53A, L60A1, L60A2; TV119); earlier
      obligations of the offending side stay (L60A3). Not where the lead cannot be accepted (trick 13, L53A;
      L47E1);
    - the player whose turn it was leads: his lead stands, and the card led out of turn goes back (L53B);
    - after declarer's lead out of turn from either hand, the "wrong" defender (the RHO of the hand that led) plays:
      the lead stands, and his card is then a premature play, ruled under L57 (L53C).

    When the correct leader is also the next hand after the one that led, his card is a play to the lead (L53A).
    After a defender's premature play at his RHO's turn (L57D), see ``_after_premature_play``. Any other card
    waits for the ruling (L9B2)."""

    record, pending = table.record, table.pending_irregularity
    if record is None or record.pending is None or pending is None or pending.seat is None:
        return None
    ruling = record.pending
    if card not in table.hand(seat):
        return None
    if pending.kind == IrregularityKind.PLAY_OUT_OF_TURN:
        return _after_premature_play(table, seat, ruling, pending)
    if pending.kind != IrregularityKind.LEAD_OUT_OF_TURN:
        return None
    accepts = "accept" in (o.id for o in ruling.options)
    if seat == pending.seat.lho and accepts:
        record.resolve("53A, 60A1, 60A2", "accepted_by_play")
        for flag in ruling.review:
            record.add_review(flag)
        return Choice(ruling.option("accept"), ruling)
    if seat == pending.turn and ruling.irregularity == "lead_out_of_turn" and isinstance(pending.action, Card):
        record.resolve("53B", "correct_lead_stands")
        back = Effect(EffectKind.WITHDRAW, pending.seat, (pending.action,))
        return Choice(Option("correct_lead_stands", "53B", f"{pending.action} goes back to the hand", (back,)), ruling)
    declarer = table.declarer
    if declarer is not None and pending.seat.side == declarer.side and seat == pending.seat.rho and accepts:
        record.resolve("53C", "lead_stands")
        return Choice(ruling.option("accept"), ruling)
    return None


def _after_premature_play(table: PlayTable, seat: Seat, ruling: Ruling, pending: Irregularity) -> Choice | None:
    """L60A1, L60A2: a defender played a legal card at his RHO's turn (L57D) and declarer plays from the next hand
    (the offender's LHO) before the ruling: declarer's side forfeits the rectification, and the premature card is
    treated as played in turn — it counts as played, to be played at the defender's turn (no penalty card);
    declarer's own card then counts as played too (``premature_after_forfeit``). L60A3: earlier obligations of the
    defenders stay. Any other card waits (L9B2)."""
    record, declarer, card = table.record, table.declarer, pending.action
    if record is None or declarer is None or pending.seat is None or not isinstance(card, Card):
        return None
    if seat != pending.seat.lho or seat.side != declarer.side or "play_at_turn" not in (o.id for o in ruling.options):
        return None
    record.resolve("60A1, 60A2", "accepted_by_play")
    record.rulings[-1]["trick"] = pending.trick
    stands = Effect(EffectKind.REQUIRE_PLAY, pending.seat, (card,), data="card")
    what = f"{card} is treated as played in turn (at its turn); no rectification"
    return Choice(Option("accepted_by_play", "60A1, 60A2", what, (stands,)), ruling)


def premature_after_forfeit(table: PlayTable) -> bool:
    """Whether the pending ruling is on declarer's card that forfeited the rectification of a defender's premature
    play in this trick (L60A1): it counts as played at its hand's turn (L57C3), nothing to choose."""
    record, play = table.record, table.play_state
    ruling = None if record is None else record.pending
    if record is None or play is None or ruling is None or ruling.law != "57C3" or not record.rulings:
        return False
    last = record.rulings[-1]
    return (last["law"], last["irregularity"], last.get("trick")) == (
        "60A1, 60A2",
        "premature_play",
        len(play.tricks) + 1,
    )


def _withdrawn_declarer_lead(table: PlayTable, trick: int) -> bool:
    """Whether declarer was last required to withdraw a lead to ``trick`` from the wrong hand (L55B2)."""
    record, earlier = table.record, table.irregularities
    return (
        record is not None
        and bool(record.rulings and earlier)
        and record.rulings[-1]["law"] == "55B2"
        and earlier[-1].trick == trick
    )


def _restriction_revoke(seat: Seat, card: Card) -> Ruling:
    """L61A: ``card`` led or played when the law or declarer's chosen rectification (L26B, L50D2, L51B, L57A)
    required another card or suit the player could lead or play (when he cannot comply any card is legal, L59): a
    revoke. It stands, nothing to choose (``restriction_revoke``); attention drawn before it is established corrects
    it (L62, ``corrections``), else L64 after play."""
    what = f"{card} stands: a revoke (L61A); corrected if attention is drawn before it is established (L62), else L64"
    stands = Option("revoke", "61A", what, (Effect(EffectKind.ACCEPT, seat, (card,)),))
    description = f"{seat.name.capitalize()} led or played {card}, which the rectification in force did not allow"
    return Ruling(RESTRICTION_REVOKE, "61A", seat, description, (stands,))


def restriction_revoke(table: PlayTable) -> Choice | None:
    """The pending ``RESTRICTION_REVOKE`` ruling settled at once (the card stands as a revoke, L61A), its entry in the
    record naming the card and its trick for ``restriction_revokes``; None for another ruling."""
    record, card = table.record, table.pending_irregularity
    ruling = None if record is None else record.pending
    if record is None or ruling is None or ruling.irregularity != RESTRICTION_REVOKE or card is None:
        return None
    record.choose(None, "revoke")
    record.rulings[-1].update(trick=card.trick, card=str(card.action))
    return Choice(ruling.option("revoke"), ruling)


def restriction_revokes(table: PlayTable) -> set[tuple[Seat, Card, int]]:
    """The revokes of a restriction the table let stand (L61A): seat, card and trick (``restriction_revoke``)."""
    rulings = [] if table.record is None else table.record.rulings
    return {
        (Seat.parse(r["offender"]), Card.parse(r["card"]), r["trick"])
        for r in rulings
        if r["irregularity"] == RESTRICTION_REVOKE
    }


def misplay_ruling(table: PlayTable, irregularity: Irregularity) -> Ruling | None:
    """The ruling on a card led or played out of turn after the opening lead, or instead of a penalty card due,
    or ``None`` (not this module's):

    - another card when a penalty card had to be played: declarer accepts it or has the PC played instead, the
      card then a major PC (L52B; a revoke without automatic transfer, L64B3: REVIEW 64C);
    - a card another restriction forbade (L26B, L50D2, L51B, L57A), when able: a revoke that stands (L61A,
      ``_restriction_revoke``); not a card other than one that counts as played (L57C3, L57D, L62C2): the table
      stops for the director;

    - a lead out of turn (``lead_out_of_turn``): at trick 13 withdrawn (L53A); declarer's from either hand, the
      defenders' choice with the LHO of the hand that led choosing (his choice prevails, L55A), withdrawn without
      further rectification (L55B); a defender's, declarer's choice (L56: accept, or a major PC); a defender's
      after declarer was told to withdraw his lead from the wrong hand and before he led again, a major PC (L60B);
    - a card played before its turn: declarer's from either hand counts as played (L57C3); a defender's before his
      partner played, a major PC and declarer's L57A choice for the partner, unless declarer has already played
      from both hands (L57C1); a defender's at his RHO's turn (L57D)."""

    record, play, declarer, card, seat, turn = (
        table.record,
        table.play_state,
        table.declarer,
        irregularity.action,
        irregularity.seat,
        irregularity.turn,
    )
    if play is None or declarer is None or seat is None or turn is None or not isinstance(card, Card):
        return None
    number = len(play.tricks) + 1
    if irregularity.kind == IrregularityKind.RESTRICTED_CARD and record is not None:
        owed = {pc.card for pc in record.penalty_cards if pc.seat == seat} & table.legal_cards()
        if not owed:
            return None if _committed(table, seat, number) else _restriction_revoke(seat, card)
        return failure_to_play(seat, card, tuple(sorted(owed)), declarer, declarer_played_since=False)
    if irregularity.kind == IrregularityKind.LEAD_OUT_OF_TURN and len(play):
        if _withdrawn_declarer_lead(table, number) and turn.side == declarer.side != seat.side:
            return play_after_irregularity(seat, turn, declarer, after_withdrawal_ordered=True, card=card)
        return lead_out_of_turn(seat, declarer, card, turn, trick=number)
    if irregularity.kind != IrregularityKind.PLAY_OUT_OF_TURN or not play.current_trick:
        return None
    led = play.current_trick[0][1].suit
    if seat == play.dummy and turn == declarer and number == 1 and play.current_trick[0][0] != declarer.lho:
        # TV112: the opening lead out of turn was accepted and declarer played second from dummy (L54B2)
        what = f"{card} from dummy may not be withdrawn except to correct a revoke: it stands"
        ruling = Ruling(ACCEPTED_LEAD_DUMMY, "54B2", declarer, what, (none_option("54B2", what, "stands"),))
        return _counts_as_played(ruling, seat, card)
    if seat.side == declarer.side:
        return _counts_as_played(premature_play(declarer, declarer, card, suit_led=led), seat, card)
    if turn == seat.partner:
        played = {s for s, _ in play.current_trick}
        both = all(s in played or _committed(table, s, number) for s in (declarer, declarer.partner))
        ruling = premature_play(seat, declarer, card, suit_led=led, declarer_played_both_hands=both)
        return _counts_as_played(ruling, seat, card) if both else ruling
    if turn == seat.rho:
        legal = card.suit == led or not play.hand(seat).cards_in(led)
        return premature_play(seat, declarer, card, suit_led=led, rho_turn_legal=legal)
    return None
