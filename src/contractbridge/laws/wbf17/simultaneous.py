"""WBF 2017 two or more cards played at once from one hand, at the table (L58B): a ``simultaneous`` event,
``{"event": "simultaneous", "seat": "W", "cards": ["H5", "H9"], "visible": ["H5", "H9"]}`` (``visible``: the
cards whose faces could be seen, by default all), from the hand whose turn it is. With one face visible that card
is played and the others go back without rectification (58B1, L47F); with more, the offender chooses the card he
plays among those he may lawfully play, and a defender's other visible cards become penalty cards (58B2, L50B:
a low card exposed so is minor, unless he then has two). The ruling stops the table at once, so an opponent has
not played since (58B3) and nothing goes unnoticed to the next trick (58B4, L67). Two hands playing at once
(L58A) are written in the log lawful card first: the other counts as played after it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card
from contractbridge.director import EffectKind, Option, Ruling
from contractbridge.errors import CardNotInHandError, IllegalPlayError, ParseError
from contractbridge.laws.wbf17.play.out_of_turn import simultaneous_cards

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["SIMULTANEOUS", "played_card", "simultaneous"]

#: the event kind of several cards played at once from one hand
SIMULTANEOUS: Final = "simultaneous"


def _cards(data: Mapping[str, Any], key: str, default: list[str] | None = None) -> tuple[Card, ...]:
    raw = data.get(key, default)
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise ParseError(f"'{SIMULTANEOUS}' event: {key!r} must be a list of cards, not {raw!r}")
    return tuple(Card.parse(c) for c in raw)


def simultaneous(table: PlayTable, data: Mapping[str, Any]) -> Ruling:
    """The L58B ruling on the cards of ``data``, whose options each play one card (``played_card``). A typed error,
    and nothing changed, for cards not held, fewer than two, or a seat not to play."""
    play, declarer, turn = table.play_state, table.declarer, table.turn
    seat = data.get("seat")
    if play is None or declarer is None or turn is None or seat != turn.letter:
        raise IllegalPlayError(f"{SIMULTANEOUS}: cards played at once come from the hand to play (L58B), not {seat!r}")
    cards = _cards(data, "cards")
    visible = _cards(data, "visible", [str(c) for c in cards])
    if len(set(cards)) < 2 or not set(visible) <= set(cards):
        raise IllegalPlayError(f"{SIMULTANEOUS}: two or more cards, the visible ones among them (L58B)")
    for card in cards:
        if card not in play.hand(turn):
            raise CardNotInHandError(f"{SIMULTANEOUS}: {card} is not in {turn.name.lower()}'s hand")
    ruling = simultaneous_cards(turn, cards, declarer, visible=visible)
    legal = table.legal_cards()
    options = tuple(o for o in ruling.options if played_card(o, cards) in legal)
    if not options:
        raise IllegalPlayError(f"{SIMULTANEOUS}: none of {', '.join(map(str, visible))} may be played now (L44)")
    return Ruling(
        ruling.irregularity,
        ruling.law,
        ruling.offender,
        ruling.description,
        options,
        choosers=ruling.choosers,
        notes=ruling.notes,
    )


def played_card(option: Option, cards: tuple[Card, ...]) -> Card:
    """The card ``option`` plays: the one of ``cards`` it does not send back."""
    back = {c for e in option.effects if e.kind is EffectKind.WITHDRAW for c in e.cards}
    return next(c for c in cards if c not in back)
