"""WBF 2017: a defective trick at the table (L67; TV136) — a trick to which a player contributed no card, or more
than one (a card played from the wrong hand, two cards stuck together).

The table builds every trick from four cards in rotation, so the log is written as the trick stands once corrected
(as it writes two cards played at once lawful card first, L58A), and a ``defective_trick`` event says what happened
when the defect is found:

- a card **omitted**: ``{"event": "defective_trick", "seat": "E", "trick": 4, "omitted": true}`` — E's card on
  trick 4 in the log is the one he adds now. Found before a player of each side played to the next trick, that is the
  whole correction (L67A1). Later (L67B1) it does not change who won the trick (the log must show the trick won
  without it: refused otherwise), it follows suit if he can (L67B1(a), as the table checked), and he is deemed to
  have revoked on that trick: a one-trick transfer under L64A2 (TV136), REVIEW(64C) at the end;
- a card **too many**: the extra card was with the trick's quitted cards, so it was missing from his hand since
  (``card_missing`` at that trick, L14B1), and ``{"event": "defective_trick", "seat": "E", "trick": 4, "extra":
  "C5", "exposed": false}`` puts it back in his hand: in time a defender's fifth card is a penalty card and
  declarer's goes back without rectification (L67A2, L45E1, L45E2; that it was a lead, L45E, is the director's
  ``retract``/lead ruling instead); later it is deemed always his (L67B2(b)): each earlier trick to which he failed
  to follow with it was a revoke, and a defender's extra card that was exposed is a penalty card (L67B2 footnote)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.director import Effect, EffectKind, Option
from contractbridge.errors import RulingError, RulingPendingError
from contractbridge.laws.wbf17.event_data import card_in, number, seat_in
from contractbridge.laws.wbf17.inquiries import AS_IF_ESTABLISHED
from contractbridge.laws.wbf17.missing_cards import restore
from contractbridge.play import trick_winner

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable
    from contractbridge.play import PlayState

__all__ = ["DEFECTIVE_TRICK", "defective_trick"]

#: the event kind of a defective trick found (L67)
DEFECTIVE_TRICK: Final = "defective_trick"


def _trick(play: PlayState, data: Mapping[str, Any]) -> int:
    return number(data.get("trick"), DEFECTIVE_TRICK, "'trick' is a quitted trick (L67)", 1, len(play.tricks))


def _in_time(play: PlayState, trick: int) -> bool:
    """L67A: attention drawn before a player of each side has played to the next trick."""
    later = play.played()[4 * trick :]
    return len({seat.side for seat, _ in later}) < 2


def defective_trick(table: PlayTable, data: Mapping[str, Any]) -> Option | None:
    """Rule on a ``defective_trick`` event: record the ruling and return the option whose effects the table applies
    (a penalty card, L45E1, L67B2), or ``None`` when nothing more is applied."""
    record, play = table.record, table.play_state
    if record is None or play is None:
        raise RulingError(f"{DEFECTIVE_TRICK}: a defective trick is found in the play (L67)")
    if record.pending is not None or table.pending_irregularity is not None:
        raise RulingPendingError(f"{DEFECTIVE_TRICK}: a ruling is pending (L9B2)")
    seat, trick = seat_in(data, DEFECTIVE_TRICK), _trick(play, data)
    in_time = _in_time(play, trick)
    if data.get("omitted") is True:
        _omitted(table, play, seat, trick, in_time)
        return None
    extra = data.get("extra")
    if extra is None:
        raise RulingError(f"{DEFECTIVE_TRICK}: say whether a card was 'omitted' (true) or name the 'extra' card (L67)")
    card = card_in(data, DEFECTIVE_TRICK, "extra")
    return _extra(table, seat, card, trick, in_time, exposed=data.get("exposed") is True)


def _omitted(table: PlayTable, play: PlayState, seat: Seat, trick: int, in_time: bool) -> None:
    record = table.record
    assert record is not None
    quitted = play.tricks[trick - 1]
    if quitted.leader == seat:
        raise RulingError(
            f"{DEFECTIVE_TRICK}: {seat.name.lower()} led to trick {trick}; a trick is not led without a card"
        )
    entry: dict[str, Any] = {"irregularity": DEFECTIVE_TRICK, "offender": seat.letter, "seat": seat.letter}
    if in_time:
        record.rulings.append({**entry, "law": "67A1", "option": "add_card", "trick": trick})
        record.note(f"{seat.name.capitalize()} added {quitted.card_of(seat)} to trick {trick} in time (L67A1).")
        return
    others = [(s, c) for s, c in quitted if s != seat]
    leader = others[0][0]  # the winner of the other three cards, by their place in the trick
    without = others[(trick_winner(leader, [c for _, c in others], play.trump) - leader) & 3][0]
    if without != quitted.winner:
        raise RulingError(
            f"{DEFECTIVE_TRICK}: the card {seat.name.lower()} adds to trick {trick} does not change who won it "
            f"({without.name.lower()}, L67B1), but the log has {quitted.winner.name.lower()} winning it with that card"
        )
    law = "67B1(a)" if quitted.card_of(seat).suit is quitted.cards[0].suit else "67B1(b)"
    suit = quitted.cards[0].suit
    record.rulings.append(
        {
            **entry,
            "law": law,
            "option": "add_card",
            "trick": trick,
            AS_IF_ESTABLISHED: {"seat": seat.letter, "trick": trick, "suit": suit.letter},
        }
    )
    record.add_review("64C")
    record.note(
        f"{seat.name.capitalize()} failed to play to trick {trick}: he faces {quitted.card_of(seat)} and adds it; "
        f"the trick stays with {quitted.winner.name.capitalize()}; deemed a revoke: one trick under L64A2 ({law})."
    )


def _extra(table: PlayTable, seat: Seat, card: Card, trick: int, in_time: bool, *, exposed: bool) -> Option | None:
    declarer = table.declarer
    defender = declarer is not None and seat not in (declarer, declarer.partner)
    law = ("67A2, 45E1" if defender else "67A2, 45E2") if in_time else "67B2"
    restore(table, seat, card, DEFECTIVE_TRICK, law)
    record = table.record
    assert record is not None
    record.rulings[-1].update({"extra": str(card), "trick": trick})
    if defender and (in_time or exposed):  # L45E1; L67B2 footnote: an exposed extra card goes back as a PC
        effect = Effect(EffectKind.PENALTY_CARD, seat, (card,), data="major" if card.is_honour else "minor")
        return Option("penalty_card", law, f"{card} a penalty card", (effect,))
    return None
