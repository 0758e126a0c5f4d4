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
Withdrawals to comply with a rectification or to correct an illegal play (L47A, L47B) are the rulings' own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling, none_option
from contractbridge.errors import IllegalPlayError, ParseError, RulingError
from contractbridge.laws.wbf17.play.out_of_turn import lead_out_of_turn
from contractbridge.laws.wbf17.play.procedure import Retraction, may_retract

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["RETRACT", "retraction"]

#: the event kind of a request to take back a card played
RETRACT: Final = "retract"

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
    seat, reason = data.get("seat"), data.get("reason")
    if not isinstance(seat, str) or not isinstance(reason, str):
        raise ParseError(f"'{RETRACT}' event: 'seat' and 'reason' are needed, not {seat!r} and {reason!r}")
    who = Seat.parse(seat)
    try:
        why = Retraction(reason)
    except ValueError:
        why = Retraction.CHANGE_OF_MIND
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
