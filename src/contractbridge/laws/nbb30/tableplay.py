"""The play-period rulings of the rubber-bridge codes at a ``Table`` (laws-historic.md §3; issue #12 item 3).

The edition's pure play functions (``NBB30Play`` and its overrides: ``defender_lead_out_of_turn``,
``premature_play``, ``revoke_transfer`` …) decide; this module turns their ``Ruling`` into a ruling
pending in the table's record (a ``choose`` event by the entitled player, or the ``attention`` event for an
automatic one: there is no director). Each remedy is data: the table applies its effects (the unlawful card stands,
``ACCEPT``, with ``declarer_becomes_dummy`` exchanging the roles, NBB R46(3): ``EXCHANGE_ROLES``; otherwise it goes
back to the hand) and ``carried_out`` records the rest, read from the remedy's id:
- it becomes an exposed card (NBB R44) or a penalty card (NL36 32) — the record's ``exposed`` cards, which
  ``NBB30.legal_cards`` enforces per edition;
- a lead the offending side must make (``lead_S`` …, R46(2)(I), R53; NL36 26.6(b)), a suit forbidden to
  partner while the card stays exposed (R46(2)(II)), the same suit from the correct hand (R45): a
  ``NextLead`` restriction;
- what a player must play to a trick (``PlayDirective``): the card played too early (it counts as played,
  NBB R21, NL36 26.4), the partner's highest, lowest, winning, not winning card or a named suit (R47(1),
  R52; NL36 26.8, 28.5). Following suit comes first; a directive that cannot be met lapses (R57, NL36 26.5).

A card a player exposes in the play other than by playing it (an ``expose`` event after the opening lead,
``exposed_in_play``) is a defender's exposed card declarer may call (NBB R44(1); EST-L33) or his penalty card
(NL36 32.1, 32.2), and nothing for declarer or dummy (R44(4)). Revokes: ``laws.nbb30.revokes``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.director import Effect, EffectKind, LeadRestriction, Option, Ruling, seat_name
from contractbridge.director.apply import apply_option
from contractbridge.laws.base import Choice
from contractbridge.laws.nbb30.play import NBB30Play, follow_suit
from contractbridge.laws.nbb30.record import PlayersAuction
from contractbridge.laws.nbb30.revokes import penalty
from contractbridge.laws.nbb30.values import DIRECTIVES, PlayDirective
from contractbridge.play import trick_winner
from contractbridge.values import Irregularity, IrregularityKind

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction
    from contractbridge.events import Expose
    from contractbridge.laws.base import PlayTable
    from contractbridge.play import PlayState

__all__ = [
    "NO_PENALTY",
    "TRANSFER",
    "NextLead",
    "card_ruling",
    "carried_out",
    "directed_cards",
    "dummy_waives",
    "exposed_in_play",
    "incorrect_hand",
    "played_to_wrong_lead",
    "reported_rulings",
]

#: the ``FOLLOW_UP`` step of an incorrect hand's ruling that transfers ``data``'s tricks after the colon (NL36 33.2)
TRANSFER = "transfer"

#: the options of a play-period ruling that impose no penalty (what is left when dummy raised it, R51(2))
NO_PENALTY = ("accept", "no_penalty", "fourth_hand_may_play")


@dataclass(frozen=True, slots=True)
class NextLead(LeadRestriction):
    """A restriction on the next lead of ``leader`` from trick ``trick`` on: with ``side`` the first lead of
    either partner (NBB R46(2)(I), R53: "the offending side"); with ``while_exposed`` only while that card of
    the offender is still in his hand (R46(2)(II))."""

    trick: int = 1
    side: bool = False
    while_exposed: Card | None = None

    def in_force(self, play: PlayState) -> bool:
        if play.current_trick or play.turn != self.leader or len(play.tricks) + 1 < self.trick:
            return False
        leaders = {self.leader, self.leader.partner} if self.side else {self.leader}
        if any(t.leader in leaders for t in play.tricks[self.trick - 1 :]):
            return False
        return self.while_exposed is None or self.while_exposed in play.hand(self.offender)

    def to_dict(self) -> dict[str, Any]:
        out = {**LeadRestriction.to_dict(self), "trick": self.trick, "side": self.side}
        if self.while_exposed is not None:
            out["while_exposed"] = str(self.while_exposed)
        return out


def directed_cards(play: PlayState, seat: Seat, directives: Sequence[PlayDirective]) -> frozenset[Card] | None:
    """The cards ``seat`` may play now under the directives for his card to the current trick, following
    suit first; ``None`` when no directive binds him (or none can be met: it lapses, R57, NL36 26.5)."""
    trick = len(play.tricks) + 1
    current = play.current_trick
    led = current[0][1].suit if current else None
    hand = play.hand(seat)
    lawful = follow_suit(hand, led)
    allowed = lawful
    bound = False
    for d in directives:
        if d.seat != seat or d.trick != trick:
            continue
        kept = _directed(d, play, seat, hand, led, lawful)
        if kept and kept & allowed:
            allowed, bound = allowed & kept, True
    return allowed if bound else None


def _directed(
    d: PlayDirective, play: PlayState, seat: Seat, hand: Hand, led: Suit | None, lawful: frozenset[Card]
) -> frozenset[Card]:
    if d.kind in ("card", "not_card"):
        named = frozenset() if d.card is None else frozenset({d.card})
        return lawful & named if d.kind == "card" else lawful - named
    if d.kind in ("highest", "lowest"):
        suit = [c for c in lawful if led is not None and c.suit is led]
        pick = max if d.kind == "highest" else min
        return frozenset({pick(suit)}) if suit else frozenset()
    if d.kind == "suit":
        void = led is None or not hand.has_suit(led)
        return frozenset(c for c in lawful if void and c.suit is d.suit)
    if not play.current_trick:  # win / not win bind a card to a trick already led
        return frozenset()
    leader = play.current_trick[0][0]
    cards = [c for _, c in play.current_trick]
    wins = frozenset(c for c in lawful if trick_winner(leader, [*cards, c], play.trump) == seat)
    return wins if d.kind == "win" else lawful - wins


# ---- rulings ---------------------------------------------------------------------------------------
def card_ruling(laws: NBB30Play, table: PlayTable, irregularity: Irregularity) -> bool:
    """``Edition.card_irregularity`` for the rubber-bridge codes: a revoke stands (established later, R55(2));
    so does a card against a penalty (a revoke by NBB Def.XXVIII's footnote); a lead or play out of turn makes
    the edition's ruling pending in the record and stops the table (False)."""

    play, card, offender = table.play_state, irregularity.action, irregularity.seat
    if irregularity.kind in (IrregularityKind.REVOKE, IrregularityKind.RESTRICTED_CARD):
        return True
    if play is None or offender is None or not isinstance(card, Card) or table.record is None:
        return False
    declarer, turn = play.declarer, irregularity.turn
    if irregularity.kind == IrregularityKind.LEAD_OUT_OF_TURN:
        ruling = _lead_ruling(laws, play, offender, declarer, turn, card)
    else:
        ruling = _early_play_ruling(laws, play, offender, declarer, turn, card)
    _pending(table, ruling, card)
    return False


def _lead_ruling(
    laws: NBB30Play, play: PlayState, offender: Seat, declarer: Seat, turn: Seat | None, card: Card
) -> Ruling:
    if offender.side == declarer.side:
        if turn is not None and turn.side == declarer.side:
            return laws.declarer_wrong_hand(declarer, card, play.hand(turn), defender_played=False)
        return laws.declarer_leads_for_defender(declarer)
    opening = not len(play)
    choice = laws.defender_lead_out_of_turn(offender, declarer, opening=opening)
    played = laws.defender_lead_out_of_turn(offender, declarer, opening=opening, declarer_played=True)
    extra = tuple(r for r in played.options if r.id not in choice.option_ids)  # R46(3): declarer plays to it instead
    return replace(choice, offender=offender, options=choice.options + extra)


def _early_play_ruling(
    laws: NBB30Play, play: PlayState, offender: Seat, declarer: Seat, turn: Seat | None, card: Card
) -> Ruling:
    led_by = play.current_trick[0][0] if play.current_trick else None
    second_hand = turn is not None and turn.side != offender.side
    if offender.side == declarer.side and led_by == offender.partner and second_hand:  # R47(2)
        return laws.declarer_plays_other_hand_early(declarer)
    if offender.side != declarer.side and turn == offender.partner:
        ruling = laws.premature_play(offender, declarer)
        return replace(ruling, offender=offender, options=_with_suits(ruling.options))
    law = laws.cite("card_played")
    return Ruling(
        "play_out_of_turn", law, offender, "", (Option("no_penalty", law, f"{card} counts as played; no penalty"),)
    )


def _with_suits(remedies: tuple[Option, ...]) -> tuple[Option, ...]:
    """A remedy naming "a suit declarer names" becomes one remedy per suit (``discard_S`` …)."""
    out: list[Option] = []
    for r in remedies:
        if r.id in ("discard", "named_suit"):
            out += [Option(f"{r.id}_{s.letter}", r.law, f"{r.effect}: {s.letter}") for s in reversed(Suit)]
        else:
            out.append(r)
    return tuple(out)


def played_to_wrong_lead(table: PlayTable, seat: Seat, card: Card) -> Choice | None:
    """``Edition.card_before_rectification``: the other side's next hand plays ``card`` to a lead out of turn
    before it is taken back, so the lead counts as correct (NBB R46(3), R45 for declarer's lead from the wrong hand,
    TV81; EST-L30, L32; NL36 26.6: it must then be accepted); a wrong opening lead by declarer's RHO to which
    declarer plays from his own hand makes declarer dummy and dummy declarer (R46(3), EST-L30; TV77; not in NL36,
    [DIFF]). The remedy the table carries out once the ruling is settled by that card; any other card waits (None)."""
    record, pending = table.record, table.pending_irregularity
    if record is None or record.pending is None or pending is None or pending.seat is None:
        return None
    ruling = record.pending
    if pending.kind != IrregularityKind.LEAD_OUT_OF_TURN or seat != pending.seat.lho or card not in table.hand(seat):
        return None
    ids = ruling.option_ids
    chosen = "declarer_becomes_dummy" if "declarer_becomes_dummy" in ids else "accept" if "accept" in ids else None
    if chosen is None:
        return None
    option = ruling.option(chosen)
    record.resolve(option.law, chosen)
    record.note(f"{seat_name(seat)} played {card} to the lead out of turn: {option.effect} ({option.law}).")
    return Choice(option, ruling)


def _pending(table: PlayTable, ruling: Ruling, card: Card) -> None:
    """Make ``ruling`` pending in the table's record: a remedy by which the card stands says so (``ACCEPT``;
    ``declarer_becomes_dummy`` exchanges the roles, R46(3): ``EXCHANGE_ROLES`` of the presumed declarer)."""
    record, play = table.record, table.play_state
    assert record is not None and play is not None and ruling.offender is not None
    who = seat_name(ruling.offender)
    description = f"{ruling.irregularity.replace('_', ' ').capitalize()}: {card} by {who}"
    stands = {
        "accept": (Effect(EffectKind.ACCEPT),),
        "declarer_becomes_dummy": (Effect(EffectKind.ACCEPT), Effect(EffectKind.EXCHANGE_ROLES, play.declarer)),
    }
    options = tuple(replace(o, effects=o.effects + stands.get(o.id, ())) for o in ruling.options)
    record.rule(replace(ruling, description=description, choosers=ruling.choosers[:1], options=options))


def carried_out(laws: NBB30Play, table: PlayTable, choice: Choice, card: Irregularity | None) -> None:
    """``Edition.carry_out``: what the remedy chosen leaves in the record, read from its id, once the table applied
    its effects — for the unlawful ``card`` (``_card_remedy``), a corrected revoke (``revokes.penalty``), dummy's
    suggestion (R50: a ``REQUIRE_PLAY``/``FORBID_PLAY`` directive) or a quitted trick looked at (R53: ``lead_S`` …)."""
    ruling, remedy, play, record = choice.ruling, choice.option, table.play_state, table.record
    if ruling is None or ruling.offender is None or play is None or not isinstance(record, PlayersAuction):
        return
    if card is not None and isinstance(card.action, Card):
        _card_remedy(laws, table, ruling.offender, card, remedy)
    elif ruling.irregularity == "corrected_revoke":
        penalty(record, ruling.offender, len(play.tricks) + 1, remedy)
    elif ruling.irregularity == "dummy_suggests":
        _suggested(record, play, remedy)
    elif remedy.id.startswith("lead_"):
        _side_lead(record, play, ruling.offender, len(play.tricks) + 1, remedy)


def _card_remedy(laws: NBB30Play, table: PlayTable, offender: Seat, pending: Irregularity, remedy: Option) -> None:
    """The remedy for the unlawful card of ``pending``, gone back to the hand: exposed (R44) or a penalty card (NL36
    32), a lead required or forbidden (``NextLead``), directives for the cards to the trick (``PlayDirective``)."""
    play, record, card = table.play_state, table.record, pending.action
    assert play is not None and isinstance(record, PlayersAuction) and isinstance(card, Card)
    rid, law, trick, turn = remedy.id, remedy.law, len(play.tricks) + 1, pending.turn
    restrictions = record.lead_restrictions
    if rid in ("exposed_forbid", "penalty_card"):
        record.exposed.append((offender, card, False))
    if rid == "exposed_forbid":
        restrictions.append(_lead(offender, offender.partner, play, law, trick, forbidden=card.suit,
                                  while_exposed=card))  # fmt: skip
    elif rid.startswith("lead_"):
        if not laws.PENALTY_CARDS and turn is not None and turn.side != offender.side:
            record.exposed.append((offender, card, False))  # R46(2)(I): exposed until they get the lead
        _side_lead(record, play, offender, trick, remedy)
    elif rid == "correct" and turn is not None:
        restrictions.append(_lead(offender, turn, play, law, trick, required=card.suit))
    elif (rid in _EARLY_PLAY or rid.startswith(("discard_", "named_suit_"))) and pending.seat is not None:
        record.directives += _early_card(play, pending.seat, card, remedy, trick)


def reported_rulings(laws: NBB30Play, table: PlayTable) -> None:
    """``Edition.settle_play``: rule on what the players reported in the play (the record's ``reports``), in
    turn. A quitted trick looked at: R24's reasons allow it; otherwise NBB R53 makes declarer (or the
    offender's LHO) name the suit the offending side leads next, EST-L28 forbids it without penalty, NL36 28.3
    scores 50 premium points for the other side (the record's ``premiums``, for the rubber sheet). Dummy's
    suggestion (R50, EST-L22, NL36 30.3): dummy's LHO requires declarer to play the card, or not to play it
    (unless that would be a revoke: following suit comes first)."""
    record, play = table.record, table.play_state
    if not isinstance(record, PlayersAuction) or play is None:
        return
    while record.pending is None and record.reports_ruled < len(record.reports):
        kind, seat, detail = record.reports[record.reports_ruled]
        record.reports_ruled += 1
        if kind == "dummy_suggests" and detail is not None:
            card = Card.parse(detail)
            ruling = laws.dummy_suggests(seat, card)
            holder = play.declarer if card in play.hand(play.declarer) else play.dummy
            options = tuple(replace(o, effects=(_suggestion(holder, card, o),)) for o in ruling.options)
            ruling = replace(ruling, offender=seat, description=f"Dummy suggested {card}", choosers=ruling.choosers[:1],
                             options=options)  # fmt: skip
            record.rule(ruling)
            continue
        ruling = laws.quitted_trick_looked(seat, play.declarer, detail)
        if ruling.premium is not None:
            record.premiums.append((*ruling.premium, ruling.law))
        if ruling.automatic:
            record.note(f"{seat_name(seat)} looked at a quitted trick: {ruling.options[0].effect} ({ruling.law}).")
            continue
        description = f"{seat_name(seat)} looked at a quitted trick"
        ruling = replace(ruling, offender=seat, description=description, choosers=ruling.choosers[:1])
        record.rule(ruling)


def _suggestion(holder: Seat, card: Card, remedy: Option) -> Effect:
    """R50's ``play`` / ``not_play`` as data: ``card`` of ``holder`` (declarer's or dummy's hand) required or
    forbidden."""
    kind = EffectKind.REQUIRE_PLAY if remedy.id == "play" else EffectKind.FORBID_PLAY
    return Effect(kind, holder, (card,), data="card" if remedy.id == "play" else "not_card")


def _suggested(record: PlayersAuction, play: PlayState, remedy: Option) -> None:
    """R50's ``play`` / ``not_play``: a directive for the hand holding the card suggested, for its next card — to
    this trick unless it has played to it already."""
    for effect in remedy.effects:
        holder = effect.seat
        assert holder is not None
        trick = len(play.tricks) + 1 + any(s == holder for s, _ in play.current_trick)
        record.directives.append(PlayDirective(holder, trick, effect.data, remedy.law, card=effect.cards[0]))


def _side_lead(record: PlayersAuction, play: PlayState, offender: Seat, trick: int, remedy: Option) -> None:
    """The option ``lead_S`` …: the offending side's next lead is in that suit (R53)."""
    suit = Suit.parse(remedy.id[5:])
    leads = [_lead(offender, s, play, remedy.law, trick, required=suit, side=True) for s in offender.side.seats]
    record.lead_restrictions.extend(leads)


#: the remedies for a card played too early (it counts as played; R47, NL36 26.8, R21)
_EARLY_PLAY = ("no_penalty", "fourth_hand_may_play", "highest", "lowest", "win", "not_win")


def _lead(
    offender: Seat,
    leader: Seat,
    play: PlayState,
    law: str,
    trick: int,
    *,
    required: Suit | None = None,
    forbidden: Suit | None = None,
    side: bool = False,
    while_exposed: Card | None = None,
) -> NextLead:
    suits = tuple(s for s in (required, forbidden) if s is not None)
    return NextLead(offender, leader, play.declarer, suits, law, False, forbidden=forbidden, decided=True,
                    required=required, trick=trick, side=side, while_exposed=while_exposed)  # fmt: skip


def _early_card(play: PlayState, owner: Seat, card: Card, remedy: Option, trick: int) -> list[PlayDirective]:
    """A card played too early counts as played (NBB R21): ``owner`` plays it at his turn — to this trick, or
    to the next if he had already played to this one (R47(1)(b)); his partner obeys the remedy chosen."""
    already = any(s == owner for s, _ in play.current_trick)
    out = [PlayDirective(owner, trick + 1 if already else trick, "card", remedy.law, card=card)]
    kind, _, letter = remedy.id.rpartition("_")
    if remedy.id in DIRECTIVES:
        out.append(PlayDirective(owner.partner, trick, remedy.id, remedy.law))
    elif kind in ("discard", "named_suit"):
        out.append(PlayDirective(owner.partner, trick, "suit", remedy.law, suit=Suit.parse(letter)))
    return out


# ---- cards exposed in the play ---------------------------------------------------------------------
def exposed_in_play(laws: NBB30Play, table: PlayTable, event: Expose) -> None:
    """``Edition.play_event`` for ``expose`` after the opening lead: cards a player dropped face up or showed
    (NBB Def.XXVI; NL36 32.1). A defender's stay face up (the record's ``exposed``): declarer may call them (NBB
    R44(1)–(3), EST-L33) or, under NL36, they are penalty cards he must play (32.2) — ``NBB30.legal_cards``
    enforces both; declarer's and dummy's cost nothing (R44(4)). A card led is a ``play`` event, except a
    defender's card ``led`` at the same time as his partner's correct lead, just played: that lead stands and
    the other card is exposed (NBB R46(5), EST-L30) or a penalty card (NL36 26.7)."""
    from contractbridge.errors import CardNotInHandError, IllegalPlayError, RulingPendingError

    record, play, seat = table.record, table.play_state, event.seat
    assert isinstance(record, PlayersAuction) and play is not None
    if record.pending is not None or table.pending_irregularity is not None:
        raise RulingPendingError(f"expose by {seat.name.lower()}: a ruling is pending")
    trick = play.current_trick
    simultaneous = len(trick) == 1 and trick[0][0] == seat.partner and seat.side != play.declarer.side
    if event.led and not (simultaneous and len(event.cards) == 1):
        raise IllegalPlayError(
            "a card led during the play is a 'play' event; 'led' marks a defender's card led at the same time as "
            f"his partner's correct lead ({laws.cite('simultaneous')})"
        )
    shown = {c for s, c, _ in record.exposed if s == seat}
    for card in event.cards:
        if card not in play.hand(seat):
            raise CardNotInHandError(f"expose: {card} is not in {seat.name.lower()}'s hand")
        if card in shown:
            raise IllegalPlayError(f"expose: {card} is face up on the table already")
    if event.led:
        ruling = laws.simultaneous_leads(trick[0][0], seat, event.cards[0])
        record.exposed.append((seat, event.cards[0], False))
        record.note(f"Both defenders led: {ruling.options[0].effect} ({ruling.law}).")
        return
    ruling = laws.exposed_card(seat, play.declarer, event.cards[0])
    cards = ", ".join(str(c) for c in event.cards)
    if seat.side == play.declarer.side:
        record.note(f"{seat_name(seat)} exposed {cards}: {ruling.options[0].effect} ({ruling.law}).")
        return
    record.exposed += [(seat, c, False) for c in event.cards]
    kind = "a penalty card" if laws.PENALTY_CARDS else "an exposed card declarer may call"
    record.note(f"{seat_name(seat)} exposed {cards}: each {kind} ({ruling.law}).")


# ---- incorrect hands found in the play -------------------------------------------------------------
def incorrect_hand(
    laws: NBB30Play,
    record: DirectedAuction,
    kind: str,
    facts: Mapping[str, Any],
    new_deal: Callable[[DirectedAuction, str], Option],
) -> None:
    """A ``board_irregularity`` the players report in the play (laws-historic.md §3.8, §1.3): ``surplus_card`` —
    ``seat`` has a card too many because he did not play to a trick; ``played_later``: he has since played to a
    later trick; ``other_hand_short`` — and ``missing_card`` — ``seat`` is a card short, ``found`` where (one of
    ``FOUND``). The edition rules (``surplus_card``: NBB R48, a new deal declarer or his LHO may claim; NL36 33.2,
    a redeal if another hand is short, else one trick transferred; ``missing_card``: R49, NL36 33.3, a redeal if
    it is nowhere or was never dealt). A new deal ends the board: the same dealer deals again (``new_deal``). A
    ruling with a choice waits for its chooser; an automatic one applies at once (the report draws attention)."""
    from contractbridge.errors import EventLogError, RulingError

    if record.declarer is None:
        raise RulingError(f"{kind.replace('_', ' ')}: an incorrect hand found in the play, and there is no play yet")
    seat = facts.get("seat")
    if not isinstance(seat, str):
        raise EventLogError(f"{kind}: 'seat' names the hand, not {seat!r}")
    offender = Seat.parse(seat)
    flags = {k: facts.get(k, False) for k in ("played_later", "other_hand_short")}
    if any(not isinstance(v, bool) for v in flags.values()):
        raise EventLogError(f"{kind}: 'played_later' and 'other_hand_short' are true or false")
    if kind == "surplus_card":
        ruling = laws.surplus_card(offender, record.declarer, **flags)
    else:
        found = facts.get("found")
        if found not in laws.FOUND:
            raise EventLogError(f"missing_card: 'found' is one of {', '.join(laws.FOUND)}, not {found!r}")
        ruling = laws.missing_card(offender, str(found))
    transfer = laws.surplus_transfer(flags["played_later"]) if kind == "surplus_card" else 0

    def option(r: Option) -> Option:
        if r.id in ("new_deal", "redeal"):
            return new_deal(record, r.law)
        text = f"{kind.replace('_', ' ').capitalize()} ({seat_name(offender)}): {r.effect} ({r.law})."
        moved = (Effect(EffectKind.FOLLOW_UP, offender, data=f"{TRANSFER}:{transfer}", law=r.law),) if transfer else ()
        return replace(r, effects=(*r.effects, Effect(EffectKind.NOTE, data=text), *moved))

    description = f"{seat_name(offender)}'s hand: {kind.replace('_', ' ')}"
    options = tuple(option(r) for r in ruling.options)
    ruling = replace(ruling, irregularity=kind, description=description, options=options, choosers=ruling.choosers[:1])
    record.rule(ruling)
    if ruling.automatic:
        record.resolve(options[0].law, options[0].id)
        apply_option(record, options[0])


# ---- dummy's attention ---------------------------------------------------------------------------------
def dummy_waives(laws: NBB30Play, table: PlayTable, seat: Seat, dummy_looked: bool) -> Choice | bool:
    """``Edition.play_event`` for dummy's ``attention`` to an opponent's irregularity whose ruling has no option
    without a penalty (a premature play, a quitted trick looked at): dummy had no right to raise it, so declarer
    may not penalise it (NBB R51(2), EST-L22; NL36 30.1 once dummy looked at a hand) — a card played too early
    counts as played at its turn (R21), nothing more. False for anything else (NL36 30.2(d): dummy who has not
    looked may raise it; the record's ``dummy_attention`` takes the rulings with such an option)."""
    record, play = table.record, table.play_state
    ruling = None if record is None else record.pending
    if not isinstance(record, PlayersAuction) or play is None or ruling is None or seat != play.dummy:
        return False
    if ruling.offender is None or ruling.offender.side == seat.side or any(o.id in NO_PENALTY for o in ruling.options):
        return False
    verdict = laws.dummy_draws_attention(dummy_looked)
    if verdict.allowed:
        return False
    record.note(f"{seat_name(seat)} (dummy) drew attention: {verdict.reason} ({verdict.law}).")
    record.resolve(verdict.law, "no_penalty")
    pending = table.pending_irregularity
    if pending is not None and isinstance(pending.action, Card):  # a card played too early, back to its turn
        return Choice(Option("no_penalty", verdict.law, "no penalty"), ruling)
    return True
