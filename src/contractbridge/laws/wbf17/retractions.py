"""WBF 2017 retraction of a card played, at the table (L45C, L47): a ``retract`` event, ``{"event": "retract",
"seat": "N", "reason": "unintended_designation"}``, asks that ``seat``'s last card in the trick in progress go
back, for one of ``procedure.Retraction``'s reasons.

- ``change_of_mind`` (and any reason the law does not give): refused, a played card stays played (L47F) — a card
  of declarer's held face up near the table has been played (L45C2), a card named has been played (L45C4(a));
- ``unintended_designation``: dummy's card, before declarer plays again from either hand; the director judges
  whether the designation was unintended (a slip of the tongue, L45C4(b)); if so it goes back with the cards
  played after it, which their players may then play again (L47C, L47D);
- ``misexplanation``: no later card in the trick, and an opening lead only before dummy has faced a card; the
  director judges whether an opponent's mistaken explanation caused it; if so it goes back (L47E2(a)); too late,
  REVIEW(47E2(b)) for an adjusted score;
- ``told_wrongly_turn``: a lead out of turn awaiting its ruling, made because an opponent wrongly said it was his
  turn: withdrawn without rectification, it cannot be accepted (L47E1, TV122).

While the opening lead lies face down (the clarification period, L41A–C) the leader asks with ``misexplanation``
(``face_down_withdrawal``): only after the director has found, since that lead, that an opponent misexplained a call
(a ``misexplanation`` judged ``mistaken_explanation``: the correction of L20F4, L75B1), and he judges whether the lead
was made because of it; if so the card goes back into the hand and the leader leads again, face down (L41A, L47E2(a)).
Any other reason is refused: the face-down lead is withdrawn only after an irregularity on the director's instruction
(L41A; the other is the partner's lead out of turn, L54). Nothing in the ruling names the card (L41A: his alone).
Withdrawals to comply with a rectification or to correct an illegal play (L47A, L47B) are the rulings' own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat, Side
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling, none_option
from contractbridge.errors import IllegalPlayError, ParseError, RulingError
from contractbridge.laws.wbf17.play.out_of_turn import lead_out_of_turn
from contractbridge.laws.wbf17.play.procedure import Retraction, may_retract
from contractbridge.values import IrregularityKind

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction, LeadRestriction
    from contractbridge.laws.base import DisclosureTable, PlayTable

__all__ = [
    "FACE_DOWN_WITHDRAWAL",
    "MISEXPLANATION",
    "RETRACT",
    "face_down_withdrawal",
    "misexplained",
    "retraction",
    "withdraw_for_restriction",
    "withdrawn_face_down_leads",
]

#: the event kind of a request to take back a card played
RETRACT: Final = "retract"
#: the ruling on the leader's request to withdraw his face-down opening lead (L41A, L47E2(a))
FACE_DOWN_WITHDRAWAL: Final = "face_down_lead_withdrawal"
MISEXPLANATION: Final = "misexplanation"  # the director called about an explanation or an alert (L20F5, L75)

_QUESTIONS: Final = {
    Retraction.UNINTENDED_DESIGNATION: "Was the designation of dummy's card unintended (e.g. a slip of the tongue)?",
    Retraction.MISEXPLANATION: "Was the card played because of an opponent's mistaken explanation, not yet corrected?",
}


def retraction(table: PlayTable, data: Mapping[str, Any]) -> tuple[Ruling | None, int]:
    """The ruling on the request, and how many cards go back if it is granted (the card and those after it);
    ``None`` when it is only noted (L47E2(b)). ``IllegalPlayError`` when the law refuses it outright (L47F, L45C),
    ``RulingError`` when there is nothing to take back; nothing changes then."""
    play, declarer, record = table.play_state, table.declarer, table.record
    assert play is not None and declarer is not None and record is not None
    who, why = _request(data)
    if why is Retraction.TOLD_WRONGLY_TURN:
        return _told_wrongly(table, who), 0
    if record.pending is not None or table.pending_irregularity is not None:
        raise RulingError(f"{RETRACT}: a ruling is pending (L9B2)")
    played = play.played()
    start = len(played) - len(play.current_trick)
    place = next((n for n in range(len(played) - 1, start - 1, -1) if played[n][0] == who), None)
    if place is None:
        raise RulingError(f"{RETRACT}: {who.name.lower()} has no card in the trick in progress")
    card, later = played[place][1], [s for s, _ in played[place + 1 :]]
    if why is Retraction.UNINTENDED_DESIGNATION:
        if who != play.dummy or declarer in later or play.dummy in later:
            raise IllegalPlayError(f"{RETRACT}: only dummy's card, before declarer plays again (L45C4(b), L47C)")
        ok, law, what = may_retract(why)
    elif why is Retraction.MISEXPLANATION:
        ok, law, what = may_retract(why, later_card_to_trick=bool(later), opening_lead=len(played) <= 4 and place == 0,
                                    dummy_faced=len(played) > 1)  # fmt: skip
        if not ok and law == "47E2(b)":
            record.note(f"L{law}: {card} of {who.name.lower()} cannot be withdrawn: {what}.")
            record.add_review(law)
            return None, 0
    else:
        ok, law, what = may_retract(why)
    if not ok:
        raise IllegalPlayError(f"{RETRACT}: {card} of {who.name.lower()} stays played: {what} (L{law}, L45C)")
    back = Option("withdraw", law, f"{card} goes back: {what}", (Effect(EffectKind.WITHDRAW, who, (card,)),),
                      answer=True)  # fmt: skip
    stands = none_option("45C", f"{card} stays played", "stands")
    return (
        Ruling(
            "retraction",
            law,
            who,
            f"{who.name.capitalize()} asks to withdraw {card}",
            (back, Option(stands.id, stands.law, stands.effect, stands.effects, answer=False)),
            question=Question(law, law, _QUESTIONS[why]),
            notes=("Cards played after it go back too; their players may play another (L47D, L16C).",) if later else (),
        ),
        len(played) - place,
    )


def _request(data: Mapping[str, Any]) -> tuple[Seat, Retraction]:
    """Who asks, and why (a reason the law does not give is a change of mind, L47F)."""
    seat, reason = data.get("seat"), data.get("reason")
    if not isinstance(seat, str) or not isinstance(reason, str):
        raise ParseError(f"'{RETRACT}' event: 'seat' and 'reason' are needed, not {seat!r} and {reason!r}")
    try:
        return Seat.parse(seat), Retraction(reason)
    except ValueError:
        return Seat.parse(seat), Retraction.CHANGE_OF_MIND


def face_down_withdrawal(table: DisclosureTable, data: Mapping[str, Any], before: int) -> Ruling:
    """The ruling on a request to withdraw the opening lead lying face down (L41A, L47E2(a)): the director judges
    whether the leader led because of the opponents' mistaken explanation, corrected since (``misexplained`` after
    the ``before`` calls to the director about explanations made before the lead); if so his card goes back into
    his hand and he leads again. ``IllegalPlayError`` for any other reason (L41A, L47F), ``RulingError`` when the
    seat is not the leader or no such correction was found; nothing changes then."""
    down = table.face_down_lead
    assert down is not None
    who, why = _request(data)
    leader, name = down.leader, down.leader.name.lower()
    if who != leader:
        raise RulingError(f"{RETRACT}: {who.name.lower()} has no card to withdraw; {name}'s opening lead lies face "
                          "down (L41A)")  # fmt: skip
    if why is not Retraction.MISEXPLANATION:
        raise IllegalPlayError(
            f"{RETRACT}: {name}'s face-down opening lead is withdrawn only after an irregularity, on the director's "
            "instruction: an opponent's misexplanation corrected since (L47E2(a)), or his partner's lead out of turn "
            f"(L54); the reason given, {why.value}, is neither (L41A, L47F)"
        )
    if not misexplained(table.record, leader.side.opponents, since=before):
        raise RulingError(
            f"{RETRACT}: the director has found no misexplanation by {name}'s opponents since his lead (a "
            "'misexplanation' judged a mistaken explanation: L20F4, L75B1); only then may it be withdrawn (L47E2(a))"
        )
    _, law, what = may_retract(why, opening_lead=True)
    title = leader.name.capitalize()
    note = (f"L41A, L47E2(a): {title}'s face-down opening lead went back into his hand after the opponents' "
            f"explanation was corrected; he leads again, face down ({what}).")  # fmt: skip
    back = Option("withdraw", f"41A, {law}", f"the face-down lead goes back into {name}'s hand; he leads again "
                  f"({what})", (Effect(EffectKind.NOTE, data=note),), answer=True)  # fmt: skip
    stands = Option("stands", "41A", "the face-down lead stays; it is faced at the end of the clarification period "
                    "(L41C)", (Effect(EffectKind.NONE),), answer=False)  # fmt: skip
    question = Question(FACE_DOWN_WITHDRAWAL, law, f"Did {title} lead face down because of the opponents' mistaken "
                        "explanation, corrected only after his lead (L47E2(a))?")  # fmt: skip
    description = f"{title} asks to withdraw his face-down opening lead after a misexplanation"
    return Ruling(FACE_DOWN_WITHDRAWAL, law, leader, description, (back, stands), question=question)


def misexplained(record: DirectedAuction | None, side: Side, *, since: int = 0) -> list[dict[str, Any]]:
    """The director's findings that ``side`` misexplained a call (a failure to alert counts): its ``misexplanation``
    rulings settled as a mistaken explanation (L75B1, L21B1(a), L47E2(a)), from the ``since``-th ``misexplanation``
    ruling on (one per call to the director about an explanation, settled before anything else, L9B2)."""
    called = [] if record is None else [r for r in record.rulings if r.get("irregularity") == MISEXPLANATION][since:]
    return [r for r in called if r["option"] == "mistaken_explanation" and Seat.parse(r["offender"]).side == side]


def withdrawn_face_down_leads(record: DirectedAuction | None) -> int:
    """How many face-down opening leads the director has had withdrawn (L41A, L47E2(a))."""
    rulings = [] if record is None else record.rulings
    return sum(1 for r in rulings if r["irregularity"] == FACE_DOWN_WITHDRAWAL and r["option"] == "withdraw")


def withdraw_for_restriction(table: PlayTable, restrictions: Sequence[LeadRestriction]) -> None:
    """L41A with L26B (or any lead restriction): when declarer restricts the opening lead of a leader whose lead lies
    face down, made before the irregularity that gave the restriction (a defender's call after the final pass, L39C;
    the leader's partner's changed call, L25B2), the director has the lead withdrawn into the leader's hand, who leads
    again, face down, under the restriction. Nobody saw the card: no penalty card, and it is named to nobody (L41A).
    Recorded as a ``face_down_lead_withdrawal`` ruling (``withdrawn_face_down_leads``), once: the lead laid again comes
    after the restriction. Whatever the restriction (even a suit the card is not of), lest the withdrawal tell the
    table the card's suit."""
    down, record = table.face_down_lead, table.record
    if down is None or record is None:
        return
    bound = [r for r in restrictions if r.leader == down.leader and r.decided and (r.banned or r.required is not None)]
    if not bound:
        return
    log = table.to_events()
    laid = max(i for i, e in enumerate(log) if e.get("event") == "face_down_lead")
    raised = [i for i in table.irregularities if i.kind is IrregularityKind.LEAD_RESTRICTION and i.event > laid]
    rulings = [r for r in bound if any(i.seat == r.offender for i in raised)]
    if not rulings:
        return
    law = f"41A, {rulings[0].law}"
    name = down.leader.name.capitalize()
    record.note(f"L{law}: {name}'s face-down opening lead, made before the lead restriction, went back into his hand "
                "(no penalty card: nobody saw it); he leads again, face down, under the restriction.")  # fmt: skip
    record.rulings.append(
        {"irregularity": FACE_DOWN_WITHDRAWAL, "law": law, "option": "withdraw", "offender": down.leader.letter}
    )


def _told_wrongly(table: PlayTable, seat: Seat) -> Ruling:
    """L47E1: the pending lead out of turn by ``seat`` was induced by an opponent: withdrawn, never accepted."""
    lead, declarer, play = table.pending_irregularity, table.declarer, table.play_state
    record = table.record
    ruling = None if record is None else record.pending
    if lead is None or ruling is None or ruling.irregularity not in ("lead_out_of_turn", "opening_lead_out_of_turn"):
        raise RulingError(f"{RETRACT}: no lead out of turn awaits its ruling (L47E1)")
    if lead.seat != seat or lead.turn is None or declarer is None or play is None:
        raise RulingError(f"{RETRACT}: the lead out of turn awaiting its ruling is not {seat.name.lower()}'s")
    assert isinstance(lead.action, Card)
    return lead_out_of_turn(seat, declarer, lead.action, lead.turn, trick=len(play.tricks) + 1, told_by_opponent=True)
