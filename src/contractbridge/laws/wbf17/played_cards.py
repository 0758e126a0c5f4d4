"""WBF 2017 cards placed or touched wrongly in the play, and dummy's warning, at the table (L45D, L45E, L45F, L43B2(a)).
Each event makes the ruling of ``laws.wbf17.play.procedure`` pending:

- ``{"event": "dummy_misplaced", "trick": 4}``: dummy's card to trick 4 (by default the trick in progress, or the
  last) was not the one declarer named. Attention drawn before each side has played to the next trick: it goes back
  to dummy with every card played after it (L45D1: a defender may then play another card; declarer's card after his
  RHO's is not held to him — the table does not enforce L45D1's last clause); later, play continues and no card is
  changed (L45D2).
- ``{"event": "fifth_card", "seat": "W", "card": "C5"}``: a card put on a completed trick. Whether it was a lead is
  the director's judgement (45E_lead): not a lead, a defender's card is a penalty card (L45E1, L50), declarer's goes
  back to his hand (L45E2); a lead, it is then played as the lead it was (L53/L56, or L55 for declarer's).
- ``{"event": "dummy_touched", "seat": "N", "suggested_play": true}``: dummy touched or pointed at a card without
  declarer's instruction: play continues, and if he suggested a play REVIEW(45F) after play (L45F).
- ``{"event": "dummy_warning", "seat": "N", "broke_43a2": true}``: dummy warned declarer against leading from the
  wrong hand. After breaking L43A2 either defender chooses the hand declarer leads from (L43B2(a); the defender
  after the hand to lead chooses for both): the other hand's lead is then accepted as in turn (``accepted_lead``);
  without the breach the warning is lawful (L42B2) and nothing happens."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Seat
from contractbridge.director import Effect, EffectKind, Option, Ruling
from contractbridge.errors import CardNotInHandError, RulingError
from contractbridge.laws.wbf17.event_data import card_in, number, seat_in
from contractbridge.laws.wbf17.play.procedure import dummy_intervened, dummy_misplaced_card, dummy_touched_card
from contractbridge.laws.wbf17.play.procedure import fifth_card as fifth_card_ruling

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["DUMMY_MISPLACED", "DUMMY_TOUCHED", "DUMMY_WARNING", "FIFTH_CARD", "RULINGS", "accepted_lead"]

DUMMY_MISPLACED: Final = "dummy_misplaced"
FIFTH_CARD: Final = "fifth_card"
DUMMY_TOUCHED: Final = "dummy_touched"
DUMMY_WARNING: Final = "dummy_warning"


def _play(table: PlayTable, what: str) -> tuple[Seat, Seat]:
    play, declarer = table.play_state, table.declarer
    if play is None or declarer is None:
        raise RulingError(f"{what}: an event of the play period")
    return declarer, declarer.partner


def dummy_misplaced(table: PlayTable, data: Mapping[str, Any]) -> Ruling:
    """L45D: dummy's card declarer did not name goes back with the cards after it (45D1), or stays (45D2)."""
    _, dummy = _play(table, DUMMY_MISPLACED)
    play = table.play_state
    assert play is not None
    played = play.played()
    last = len(played) // 4 + (1 if play.current_trick else 0)
    trick = number(data.get("trick", last), DUMMY_MISPLACED, "'trick' is a trick played to", 1, last)
    place = next(
        (4 * (trick - 1) + i for i, (s, _) in enumerate(played[4 * (trick - 1) : 4 * trick]) if s == dummy), None
    )
    if place is None:
        raise RulingError(f"{DUMMY_MISPLACED}: dummy has not played to trick {trick}")
    card = played[place][1]
    later = played[4 * trick :]
    in_time = len({s.side for s, _ in later}) < 2
    ruling = dummy_misplaced_card(dummy, card, each_side_played_to_next_trick=not in_time, lead=place % 4 == 0)
    if not in_time:
        return ruling
    take_back = Effect(EffectKind.TAKE_BACK, data=str(len(played) - place))  # the card and every card after it
    return replace(ruling, options=tuple(replace(o, effects=(take_back, *o.effects)) for o in ruling.options))


def fifth_card(table: PlayTable, data: Mapping[str, Any]) -> Ruling:
    """L45E: a card put on a completed trick; the director judges whether it was a lead."""
    declarer, _ = _play(table, FIFTH_CARD)
    play = table.play_state
    assert play is not None
    if play.current_trick or not play.tricks:
        raise RulingError(f"{FIFTH_CARD}: a fifth card is put on a completed trick, before the next lead (L45E)")
    seat, card = seat_in(data, FIFTH_CARD), card_in(data, FIFTH_CARD)
    if card not in play.hand(seat):
        raise CardNotInHandError(f"{FIFTH_CARD}: {card} is not in {seat.name.lower()}'s hand")
    lead = f"If it was a lead, {seat.name.capitalize()} plays {card} now as that lead (L53, L55, L56)."
    return replace(fifth_card_ruling(seat, card, declarer), notes=(lead,))


def dummy_touched(table: PlayTable, data: Mapping[str, Any]) -> Ruling:
    """L45F: play continues; REVIEW(45F) if dummy suggested a play."""
    _, dummy = _play(table, DUMMY_TOUCHED)
    suggested = data.get("suggested_play", False)
    if not isinstance(suggested, bool):
        raise RulingError(f"{DUMMY_TOUCHED}: 'suggested_play' is true or false, not {suggested!r}")
    return dummy_touched_card(dummy, suggested_play=suggested)


def dummy_warning(table: PlayTable, data: Mapping[str, Any]) -> Ruling | None:
    """L43B2(a): after breaking L43A2, dummy warned declarer about the hand to lead from: the defenders choose it."""
    declarer, dummy = _play(table, DUMMY_WARNING)
    play = table.play_state
    assert play is not None
    if play.current_trick or play.turn not in (declarer, dummy):
        raise RulingError(f"{DUMMY_WARNING}: dummy warns declarer before declarer's side leads (L42B2, L43B2(a))")
    if data.get("broke_43a2") is not True:
        record = table.record
        assert record is not None
        record.note("Dummy warned declarer against leading from the wrong hand: lawful (L42B2).")
        return None
    ruling = dummy_intervened(dummy, declarer, broke_a2=True, warned=True)
    options = tuple(
        Option(
            f"lead_from_{hand.name.lower()}",
            "43B2(a)",
            f"declarer leads from {'his own hand' if hand == declarer else 'dummy'}"
            + ("" if hand == play.turn else ": that lead is accepted as in turn"),
            (Effect(EffectKind.LEAD_FROM, hand),),
        )
        for hand in (declarer, dummy)
    )
    # either defender chooses; the one after the hand to lead speaks for both (as L55A)
    turn = play.turn
    assert turn is not None
    return Ruling(
        ruling.irregularity,
        ruling.law,
        dummy,
        ruling.description,
        options,
        choosers=(turn.lho, turn.rho),
        prevails=turn.lho,
    )


def accepted_lead(table: PlayTable) -> bool:
    """Whether the pending L55 ruling on declarer's lead from the wrong hand is one the defenders chose in advance
    (L43B2(a)): then it is accepted at once."""
    record, play = table.record, table.play_state
    if record is None or play is None or record.pending is None or record.pending.law != "55":
        return False
    entries = [r for r in record.rulings if r.get("irregularity") == "dummy_warning" and r.get("law") == "43B2(a)"]
    if not entries or entries[-1].get("trick") != len(play.tricks) + 1:
        return False
    offender = record.pending.offender
    return offender is not None and entries[-1].get("option") == f"lead_from_{offender.name.lower()}"


#: the events of this module, by kind: each returns the ruling to make pending (its options data), or ``None`` when
#: nothing is to be ruled
RULINGS: Final[dict[str, Callable[[PlayTable, Mapping[str, Any]], Ruling | None]]] = {
    DUMMY_MISPLACED: dummy_misplaced,
    FIFTH_CARD: fifth_card,
    DUMMY_TOUCHED: dummy_touched,
    DUMMY_WARNING: dummy_warning,
}
