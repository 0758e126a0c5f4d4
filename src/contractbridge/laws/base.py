"""The ``Edition`` interface: every rule that differs between rule books is a method here (DESIGN §3.4).

An edition overrides what its rule book says; a partial edition subclasses the edition it fills its gaps
from, and ``source_of`` reports which edition really supplies a rule. The base class knows no law: each
method raises ``EditionNotSupportedError`` naming the edition and the matter, never a silent fallback.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.errors import EditionNotSupportedError

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction, Watch

__all__ = ["Edition"]


class Edition:
    """A rule book. ``name`` is its id (``WBF17``), ``title`` what it is."""

    name: str = "?"
    title: str = ""

    def __init__(self, name: str | None = None, title: str | None = None) -> None:
        if name is not None:
            self.name = name
        if title is not None:
            self.title = title

    def __repr__(self) -> str:
        return f"edition({self.name!r})"

    def _unsupported(self, matter: str) -> EditionNotSupportedError:
        return EditionNotSupportedError(f"edition {self.name} ({self.title}): {matter} is not implemented yet")

    def source_of(self, method: str) -> str:
        """The edition whose rule ``method`` really is: this one, or the base it fills the gap from."""
        for klass in type(self).__mro__:
            if method in vars(klass):
                return getattr(klass, "name", klass.__name__) if klass is not Edition else "none"
        raise AttributeError(method)

    # ---- auction irregularities (L9–L16, L23–L39 in WBF17) --------------------------------------
    def call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """Record ``call`` by ``seat``: stand it if lawful, otherwise make the ruling pending."""
        raise self._unsupported("the rectification of auction irregularities")

    def unnoticed_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """A call nobody drew attention to when it was made."""
        raise self._unsupported("irregular calls that pass unnoticed")

    def describe_watch(self, watch: Watch) -> str:
        """A rectification still waiting for a seat's call, in words."""
        return f"{watch.kind}: waiting for {watch.seat.name.capitalize()}'s call"

    def change_of_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """``seat`` replaces his last call with ``call``."""
        raise self._unsupported("changes of call")

    def exposed_cards(self, auction: DirectedAuction, seat: Seat, cards: Sequence[Card], led: bool) -> None:
        """Cards of ``seat`` exposed (or led) during the auction."""
        raise self._unsupported("cards exposed during the auction")

    def settle(self, auction: DirectedAuction) -> None:
        """Bookkeeping after every event (end of auction, lead restrictions, penalty cards)."""
        raise self._unsupported("the end-of-auction rectifications")

    def board_irregularity(self, auction: DirectedAuction, kind: str, facts: Mapping[str, Any]) -> None:
        """Irregularities of the board itself: wrong number of cards, missing card, wrong board."""
        raise self._unsupported("board irregularities")
