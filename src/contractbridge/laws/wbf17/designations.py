"""WBF 2017 designations of dummy's card at the table (L46): a ``designate`` event, ``{"event": "designate",
"words": "win it"}``, is declarer's words when dummy is to play. ``procedure.resolve_designation`` decides: the
card it plays (L46A, L46B1–B3) is played from dummy; a void designation (L46B4) or one naming several cards
(L46B3(b)) plays nothing and is noted — declarer then names a card; "play anything" lets a defender choose
dummy's card (L46B5: dummy's LHO, next to play, chooses); where the seed says nothing (high/low/win it at a lead,
or dummy void in the suit led) the director picks the card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.director import Effect, EffectKind, Option, Ruling
from contractbridge.errors import IllegalPlayError, ParseError
from contractbridge.laws.base import Choice
from contractbridge.laws.wbf17.play.procedure import ResolutionStatus, parse_designation, resolve_designation

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["DESIGNATE", "designate"]

#: the event kind of declarer's words for dummy's card
DESIGNATE: Final = "designate"


def designate(table: PlayTable, data: Mapping[str, Any]) -> Choice | Ruling | None:
    """Declarer's designation: the card it names, played from dummy (a ``Choice`` the table carries out), or the
    ruling that picks it (L46B5, or the director where the seed is silent); a void designation only notes it.
    ``IllegalPlayError`` when dummy is not to play, ``ParseError`` for words that designate nothing."""
    play, record = table.play_state, table.record
    if play is None or record is None or table.turn is None or table.turn != play.dummy:
        raise IllegalPlayError("designate: declarer designates a card of dummy's when dummy is to play (L45B, L46)")
    words = data.get("words")
    if not isinstance(words, str):
        raise ParseError(f"'designate' event: 'words' must be declarer's words, not {words!r}")
    trick = play.current_trick
    resolution = resolve_designation(
        parse_designation(words),
        play.hand(play.dummy),
        [c for _, c in trick],
        play.strain,
        leader=trick[0][0] if trick else None,
        previous=play.tricks[-1] if play.tricks else None,
        dummy_seat=play.dummy,
    )
    status = resolution.status
    if status is ResolutionStatus.PLAYED and resolution.card is not None:
        card = resolution.card
        effect = Effect(EffectKind.DESIGNATE, play.dummy, (card,))
        return Choice(Option(f"play_{card}", resolution.law, f"dummy plays {card}", (effect,)))
    if status in (ResolutionStatus.VOID, ResolutionStatus.DECLARER_SPECIFIES):
        record.note(f"L{resolution.law}: {words!r} designates no single card of dummy's; declarer names one.")
        return None
    chooser = (play.dummy.lho,) if status is ResolutionStatus.DEFENDERS_CHOOSE else ()
    options = tuple(
        Option(f"play_{c}", resolution.law, f"dummy plays {c}", (Effect(EffectKind.DESIGNATE, play.dummy, (c,)),))
        for c in sorted(resolution.candidates or table.legal_cards(), reverse=True)
    )
    who = "a defender chooses" if chooser else "the director decides"
    return Ruling(
        "designation",
        resolution.law,
        None,
        f"Declarer said {words!r} for dummy's card: {who} which card dummy plays (L{resolution.law})",
        options,
        choosers=chooser,
    )
