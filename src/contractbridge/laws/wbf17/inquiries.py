"""WBF 2017 inquiries about a show-out, at the table (L61B, L43B2(b)): an ``inquiry`` event,
``{"event": "inquiry", "seat": "N", "asked": "S"}``, is ``seat`` asking ``asked``, who did not follow suit to the
trick in progress (or, before the next lead, to the last trick), whether he has a card of the suit led.

Who may ask whom (``revokes.inquiry_allowed``): declarer a defender (61B1), dummy declarer (61B2(a)), a defender
declarer or his partner (61B3, at the risk of UI). Dummy asking a defender is unlawful (61B2(b)): noted, with
REVIEW(16) for the director (L16B may apply), and nothing is corrected on it. A lawful question about a revoke not
yet established draws attention to it: the L62 correction (``corrections.revoke_correction``). When dummy, having
broken L43A2 (``"broke_43a2": true``), is the first to ask declarer, declarer substitutes a correct card and L64
applies as if the revoke were established (43B2(b), TV135): the corrected revoke is kept in the record's ruling
(``as_if_established``) for ``cardplay.revoke_transfers``. A question about a card that was no revoke, or about an
established one (L63B), changes nothing but a note."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.director import Option, Ruling
from contractbridge.errors import IllegalPlayError, ParseError
from contractbridge.laws.wbf17.corrections import correctable_revoke, revoke_correction
from contractbridge.laws.wbf17.play.revokes import inquiry_allowed

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["AS_IF_ESTABLISHED", "INQUIRY", "inquiry"]

#: the event kind of a question about a show-out
INQUIRY: Final = "inquiry"
#: the key of a ruling entry whose corrected revoke L64 treats as established (L43B2(b))
AS_IF_ESTABLISHED: Final = "as_if_established"


def _seat(data: Mapping[str, Any], key: str) -> Seat:
    value = data.get(key)
    if not isinstance(value, str):
        raise ParseError(f"'{INQUIRY}' event: {key!r} must be a seat, not {value!r}")
    return Seat.parse(value)


def _show_out(table: PlayTable, seat: Seat) -> Card | None:
    """``seat``'s card that did not follow suit to the trick in progress, or to the last trick before the next
    lead."""
    play = table.play_state
    assert play is not None
    trick = play.current_trick or (list(play.tricks[-1]) if play.tricks else [])
    led = trick[0][1].suit if trick else None
    return next((c for s, c in trick if s == seat and c.suit != led), None)


def inquiry(table: PlayTable, data: Mapping[str, Any]) -> tuple[Ruling, Option, int] | None:
    """The L62 correction an inquiry leads to (the ruling, the option the table applies, the cards that go back),
    or ``None`` when it corrects nothing (noted in the record). ``IllegalPlayError`` for a question nobody can ask:
    to oneself, declarer to dummy, or about a seat that followed suit."""
    play, record, declarer = table.play_state, table.record, table.declarer
    assert play is not None and record is not None and declarer is not None
    asker, asked = _seat(data, "seat"), _seat(data, "asked")
    if asker == asked or (asker == declarer and asked == declarer.partner):
        raise IllegalPlayError(f"{INQUIRY}: {asker.name.lower()} cannot ask {asked.name.lower()} (L61B)")
    card = _show_out(table, asked)
    if card is None:
        raise IllegalPlayError(f"{INQUIRY}: {asked.name.lower()} has not failed to follow suit to this trick (L61B)")
    allowed, law = inquiry_allowed(asker, asked, declarer)
    who = f"{asker.name.capitalize()} asked {asked.name.capitalize()} about {card}"
    if not allowed:
        record.note(f"L{law}: {who}; dummy may not ask a defender, L16B may apply.")
        record.add_review("16")
        return None
    found = correctable_revoke(table)
    if found is None or found[:2] != (asked, card):
        record.note(f"L{law}: {who}; no revoke to correct (L62A, L63B).")
        return None
    ruling, option, count = revoke_correction(table)
    if asker != declarer.partner or not data.get("broke_43a2"):
        return replace(ruling, notes=(*ruling.notes, f"L{law}: {who}.")), option, count
    option = replace(option, law=f"{option.law}, 43B2(b)", effect=f"{option.effect}; L64 applies as if established")
    note = "Dummy, having broken L43A2, was the first to ask: L64 applies as if the revoke were established (43B2(b))."
    return replace(ruling, law="43B2(b)", options=(option,), notes=(*ruling.notes, note)), option, count
