"""WBF 2017 inspection of tricks at the table (L66, L61C): an ``inspect`` event, ``{"event": "inspect", "seat":
"W", "what": "trick"}`` (``trick``: the cards just played faced, L66A; ``own_card``: his own last card, L66B;
``quitted``: the quitted tricks, L66C–D; ``"director": true`` on the director's express instruction), is noted in
the record when the law allows it and refused otherwise (a typed error, nothing changed): after his side has
played to the next trick only the director opens quitted tricks during play (L66C), a revoke claim by itself does
not (L61C); after play anyone may, to settle a revoke or the trick count (L66D)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Seat
from contractbridge.errors import IllegalPlayError, ParseError
from contractbridge.laws.wbf17.play.tricks import Inspection, may_inspect
from contractbridge.values import Phase

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["INSPECT", "inspect"]

#: the event kind of a player asking to see played cards
INSPECT: Final = "inspect"


def inspect(table: PlayTable, data: Mapping[str, Any]) -> None:
    """Note the lawful inspection of ``data`` in the record, or raise ``IllegalPlayError`` with the law."""

    play, record, declarer = table.play_state, table.record, table.declarer
    assert play is not None and record is not None and declarer is not None
    seat, what = data.get("seat"), data.get("what")
    try:
        who, kind = Seat.parse(str(seat)), Inspection(what)
    except ValueError as err:
        raise ParseError(
            f"'{INSPECT}' event: a 'seat' and 'what' (trick, own_card, quitted), not {seat!r}, {what!r}"
        ) from err
    if not play.tricks:
        raise IllegalPlayError(f"{INSPECT}: no trick has been quitted yet")
    side_played = any(s.side == who.side for s, _ in play.current_trick)
    allowed, law = may_inspect(
        who,
        kind,
        declarer,
        side_played_next=side_played,
        play_ended=table.phase is Phase.DONE,
        director=data.get("director") is True,
    )
    if not allowed:
        raise IllegalPlayError(f"{INSPECT}: {who.name.lower()} may not see {kind.value.replace('_', ' ')} now (L{law})")
    record.note(
        f"L{law}: {who.name.capitalize()} inspected {kind.value.replace('_', ' ')} after trick {len(play.tricks)}."
    )
