"""Administering the penalties at the table under the rubber-bridge codes (laws-historic.md §3.10, §3.3, §3.5).

With no director the players demand the penalties themselves, and the books say what a wrong demand costs:

- a ``choose`` by the partner of the only player entitled (or by dummy), or after the partners consulted
  (``"consulted": true``): the right to any penalty for that irregularity is lost (NBB R59, EST-L47; NL36 31.3,
  except the automatic penalties, which have no ``choose``) — digest TV88; either defender may demand the
  penalty for declarer's lead from the wrong hand or for his lead at a defender's turn (R45, R46(1)), so the
  other defender's choice counts as the entitled player's;
- a ``choose`` by the entitled player of a penalty the book has, but not for this irregularity (``lead_H`` for a
  premature play): his side loses any penalty for it (NBB R58(1), EST-L46; NL36 has no such rule: refused) —
  digest TV87;
- a penalty that names a suit the offender does not hold lapses (NBB R57, EST-L45, NL36 26.5; digest TV86): the
  lead restriction lets any card be led (``LeadRestriction.restrict``) and the record says why (``lapsed``);
- dummy exposing a card after a wrong opening lead, before declarer chose: option (I) is lost (R46(4), EST-L30;
  NL36 26.6 footnote: only the penalty card) — digest TV78 (``dummy_exposed_first``);
- dummy naming the hand to lead unasked: dummy's LHO chooses the hand, which then leads as if in turn (R51(1),
  EST-L22, NL36 30.4) — digest TV95 (``dummy_names_hand``, ``lead_hand``: the ``Edition.lead_hand`` hook);
- a defender showing his last card before his partner played to trick 12: the partner's last two cards exposed
  (NBB Def.XXVI(f)); NL36 26.8 footnote: a premature play (``last_card_shown``).

Losing the right settles the pending ruling without a penalty (``tableplay.forfeit``): the option that imposes
none (``accept``, ``no_penalty`` …), else the irregular card simply counts as played at its turn (R21).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import seat_name
from contractbridge.errors import RulingError, RulingPendingError
from contractbridge.laws.base import Choice
from contractbridge.laws.nbb30.record import PlayersAuction
from contractbridge.laws.nbb30.tableplay import forfeit, lead_ruling, make_pending, with_suits
from contractbridge.laws.nbb30.values import PlayDirective
from contractbridge.values import IrregularityKind

if TYPE_CHECKING:
    from contractbridge.events import Choose, Expose
    from contractbridge.laws.base import PlayTable
    from contractbridge.laws.nbb30.play import NBB30Play

__all__ = [
    "PENALTIES",
    "administered",
    "chosen",
    "dummy_exposed_first",
    "dummy_names_hand",
    "lapsed",
    "last_card_shown",
    "lead_hand",
    "played_exposed",
]

#: every penalty the books let a player demand in the play (the option ids of the editions' play rulings): a
#: demand of one of these that the pending ruling does not offer is a wrong penalty (R58(1)), anything else a typo
PENALTIES: Final = frozenset(
    {f"{kind}_{s}" for kind in ("lead", "discard", "named_suit") for s in "SHDC"}
    | {"exposed_forbid", "penalty_card", "exposed", "highest", "lowest", "win", "not_win", "correct", "retract"}
    | {"play", "not_play", "new_deal", "declarer_becomes_dummy"}
)
#: rulings either defender may demand (R45, R46(1): "either defender may require"); the record names one chooser
_EITHER_DEFENDER: Final = ("lead_from_wrong_hand", "declarer_lead_out_of_turn")


def chosen(laws: NBB30Play, table: PlayTable, event: Choose) -> Choice | bool:
    """``Edition.play_event`` for a ``choose`` in the play: True when the books settle it otherwise than the
    record's ``choose`` would — the right lost (R58(1), R59, EST-L46, L47, NL36 31.3) or the other defender's
    lawful choice (R45, R46(1)); False leaves it to the record (the entitled player's own choice, or an error)."""
    record, play = table.record, table.play_state
    ruling = None if record is None else record.pending
    if not isinstance(record, PlayersAuction) or play is None or ruling is None or ruling.chooser is None:
        return False
    who, entitled = event.seat, ruling.chooser
    if who is None or who.side != entitled.side:
        return False  # the director (there is none) or the offending side: the record refuses it
    either = ruling.irregularity in _EITHER_DEFENDER and who != play.dummy
    if who != entitled and not either:
        verdict = laws.penalty_named_by(who, (entitled,), play.dummy)
        return forfeit(table, verdict.law, f"{seat_name(who)} named the penalty: {verdict.reason}")
    if event.extra.get("consulted") is True:
        verdict = laws.partners_consulted()
        return forfeit(table, verdict.law, f"{seat_name(who)} and partner consulted: {verdict.reason}")
    if event.option not in ruling.option_ids:
        if event.option not in PENALTIES or not laws.WRONG_PENALTY_FORFEITS:
            ruling.option(event.option)  # the RulingError that lists the options
        verdict = laws.wrong_penalty_demanded()
        return forfeit(
            table, verdict.law, f"{seat_name(who)} demanded {event.option}, not a penalty here: {verdict.reason}"
        )
    if who == entitled:
        return False
    option = ruling.option(event.option)
    record.resolve(option.law, option.id)
    record.note(f"{seat_name(who)} chose {option.id}: either defender may ({option.law}).")
    return Choice(option, ruling)


def played_exposed(table: PlayTable) -> None:
    """``Edition.settle_play``: an exposed or penalty card that has been played is no longer one (R44(1): it stays
    face up "until it is played"; EST-L33; NL36 32.2) — the record (and ``contractbridge rule``) stops listing it."""
    record, play = table.record, table.play_state
    if not isinstance(record, PlayersAuction) or play is None or not play.opening_lead_made:
        return
    kept = [e for e in record.exposed if e[1] in play.hand(e[0])]
    if len(kept) != len(record.exposed):
        record.exposed = kept


def lapsed(laws: NBB30Play, table: PlayTable) -> None:
    """``Edition.settle_play``: a penalty that names a suit its player does not hold lapses (R57, EST-L45, NL36
    26.5: he plays any lawful card) — a lead restriction in force for the leader, or a directive to play a named
    suit when void in the suit led (R47(1)(IV), NL36 26.8); the record says so once, the cards all stay lawful."""
    record, play = table.record, table.play_state
    if not isinstance(record, PlayersAuction) or play is None or play.is_over or play.turn is None:
        return
    turn, trick = play.turn, play.current_trick
    hand = play.hand(turn)
    named = [(r.required, r.law) for r in record.lead_restrictions if r.leader == turn and r.in_force(play)]
    if trick and not hand.has_suit(trick[0][1].suit):
        number = len(play.tricks) + 1
        named += [(d.suit, d.law) for d in record.directives if (d.seat, d.trick, d.kind) == (turn, number, "suit")]
    for suit, law in named:
        if suit is None or hand.has_suit(suit):
            continue
        note = f"{seat_name(turn)} holds no {suit.letter}: the penalty ({law}) lapses ({laws.cite('suit_absent')})."
        if note not in record.notes:
            record.note(note)


def dummy_exposed_first(laws: NBB30Play, table: PlayTable, event: Expose) -> bool:
    """Dummy exposes a card after a defender's wrong opening lead, before declarer chose his penalty (digest TV78):
    declarer loses option (I), naming a suit (NBB R46(4), EST-L30); NL36 26.6 footnote: with dummy's cards
    visible only the penalty card (besides accepting the lead, 26.6). Dummy's own card costs nothing (R44(4)).
    False for any other exposure."""
    record, play, pending = table.record, table.play_state, table.pending_irregularity
    if not isinstance(record, PlayersAuction) or play is None or len(play) or pending is None:
        return False
    ruling = record.pending
    if ruling is None or pending.kind != IrregularityKind.LEAD_OUT_OF_TURN or event.seat != play.dummy:
        return False
    offender, card = pending.seat, pending.action
    if offender is None or not isinstance(card, Card) or offender.side == play.declarer.side:
        return False
    for c in event.cards:
        if c not in play.hand(event.seat):
            raise RulingError(f"expose: {c} is not in {seat_name(event.seat)}'s hand")
    if ruling.notes and laws.DUMMY_EXPOSED_NOTE in ruling.notes[0]:
        return True  # option (I) is lost already; more of dummy's cards change nothing
    restated = lead_ruling(laws, play, offender, play.declarer, pending.turn, card, dummy_exposed=True)
    cards = ", ".join(str(c) for c in event.cards)
    record.note(f"{seat_name(event.seat)} (dummy) exposed {cards} before declarer chose: "
                f"{laws.DUMMY_EXPOSED_NOTE.lower()} ({laws.cite('dummy_exposed')}).")  # fmt: skip
    make_pending(table, replace(restated, offender=offender), card)
    return True


# ---- dummy names the hand to lead (digest TV95) ------------------------------------------------------------------
def dummy_names_hand(laws: NBB30Play, table: PlayTable, seat: Seat) -> None:
    """``{"event": "dummy_names_hand", "seat": "S"}``: dummy, unasked, tells declarer which hand is to lead (or warns
    him against the wrong one) while declarer's side is on lead; dummy's LHO chooses the hand declarer leads from
    (NBB R51(1), EST-L22, NL36 30.4) — ``lead_from_hand`` or ``lead_from_dummy``, a ``choose`` event. The hand
    chosen leads the trick as if in turn (``lead_hand``)."""
    record, play = table.record, table.play_state
    if not isinstance(record, PlayersAuction) or play is None or not play.opening_lead_made:
        raise RulingError("dummy_names_hand: there is no dummy yet")
    law = laws.cite("dummy_names_hand")
    if seat != play.dummy:
        raise RulingError(f"{seat_name(seat)} is not dummy: only dummy's word about the lead is an offence of {law}")
    if record.pending is not None or table.pending_irregularity is not None:
        raise RulingPendingError(f"dummy_names_hand: a ruling is pending ({law})")
    turn = play.turn
    if play.current_trick or turn is None or turn.side != play.declarer.side:
        raise RulingError(f"dummy names the hand to lead when declarer's side is on lead ({law})")
    trick = len(play.tricks) + 1
    ruling = laws.dummy_names_hand(seat)
    record.rule(
        replace(ruling, description=f"Dummy named the hand to lead to trick {trick}", choosers=ruling.choosers[:1])
    )


def lead_hand(table: PlayTable) -> Seat | None:
    """``Edition.lead_hand``: the hand dummy's LHO chose for this trick's lead (R51(1)), while nobody has led it."""
    record, play = table.record, table.play_state
    if not isinstance(record, PlayersAuction) or play is None or play.current_trick:
        return None
    trick = len(play.tricks) + 1
    return next((s for t, s, _ in reversed(record.lead_hands) if t == trick), None)


# ---- a defender shows his last card before his partner played to trick 12 -----------------------------------
def last_card_shown(laws: NBB30Play, table: PlayTable, event: Expose) -> bool:
    """``expose`` of a defender's last card during trick 12, which he has played to, before his partner has: the
    partner's last two cards are exposed cards declarer may call (NBB Def.XXVI(f); EST-L33 has no such clause: only
    the card shown is exposed); NL36 26.8 footnote: the defender counts as having played at his partner's turn —
    declarer may require the partner's highest or lowest of the suit led, or a named suit if void (a ruling,
    ``last_card``). False for any other exposure."""
    record, play, seat = table.record, table.play_state, event.seat
    if not isinstance(record, PlayersAuction) or play is None or len(play.tricks) != 11 or event.led:
        return False
    if "last_cards" not in laws.PLAY_LAWS:  # EST-L33: only the card shown is exposed ([DIFF] NBB Def.XXVI(f))
        return False
    partner, trick = seat.partner, play.current_trick
    played = {s for s, _ in trick}
    hand = play.hand(seat)
    if seat.side == play.declarer.side or seat not in played or partner in played or tuple(hand) != event.cards:
        return False
    if record.pending is not None or table.pending_irregularity is not None:
        raise RulingPendingError(f"expose by {seat_name(seat)}: a ruling is pending")
    law = laws.cite("last_cards")
    if not laws.PENALTY_CARDS:
        last = [(partner, c, False) for c in play.hand(partner)]
        record.exposed += [(seat, event.cards[0], False), *last]
        cards = ", ".join(str(c) for _, c, _ in last)
        record.note(f"{seat_name(seat)} showed his last card before {seat_name(partner)} played to trick 12: "
                    f"{cards} are exposed cards declarer may call ({law}).")  # fmt: skip
        return True
    both = any(s == play.declarer for s in played) and any(s == play.dummy for s in played)
    ruling = laws.premature_play(seat, play.declarer, declarer_played_both=both)
    description = f"{seat_name(seat)} showed his last card before {seat_name(partner)} played to trick 12"
    record.rule(replace(ruling, irregularity="last_card", law=law, offender=seat, description=description,
                        options=tuple(replace(o, law=law) for o in with_suits(ruling.options)),
                        choosers=ruling.choosers[:1]))  # fmt: skip
    if ruling.automatic:
        record.resolve(law, ruling.options[0].id)
    return True


def administered(table: PlayTable, choice: Choice) -> bool:
    """``Edition.carry_out`` for this module's rulings: the hand dummy's LHO chose to lead (R51(1)); what the
    partner of a defender who showed his last card must play (NL36 26.8 footnote). False for any other ruling."""
    record, play, ruling = table.record, table.play_state, choice.ruling
    if ruling is None or ruling.offender is None or play is None or not isinstance(record, PlayersAuction):
        return False
    option, trick = choice.option, len(play.tricks) + 1
    if ruling.irregularity == "dummy_names_hand":
        hand = play.declarer if option.id == "lead_from_hand" else play.dummy
        record.lead_hands.append((trick, hand, option.law))
        return True
    if ruling.irregularity != "last_card":
        return False
    kind, _, letter = option.id.rpartition("_")
    partner = ruling.offender.partner
    if option.id in ("highest", "lowest"):
        record.directives.append(PlayDirective(partner, trick, option.id, option.law))
    elif kind == "named_suit":
        record.directives.append(PlayDirective(partner, trick, "suit", option.law, suit=Suit.parse(letter)))
    return True
