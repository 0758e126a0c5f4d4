"""Claims by robots at a table (L68–L69): a robot declarer on lead claims when its samples agree; the robot
defenders agree or dispute by the same test. The claim procedure is the table driver's
(``players.Driver``); ``offer_claim`` and ``robot_claims`` run just its claim and the robots' answers.

``robot_claims(players)`` gives an ``on_action`` callback for ``players.play_board`` (or pass
``claims=True``): after each action, if the seat to act is a robot declarer on lead that claims, the claim
goes to the table; the driver then asks each defender whose player can judge claims. Every robot sees its
own ``TableView`` only. A defender that cannot judge (a human, a random player) is left to answer itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from contractbridge.cards import SUITS_HIGH_FIRST, Card, Seat
from contractbridge.players import ClaimingPlayer, Driver, Player
from contractbridge.table import Table, TableView

__all__ = ["ClaimingPlayer", "offer_claim", "plain_statement", "robot_claims"]

_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
)


def offer_claim(table: Table, players: Mapping[Seat, Player]) -> bool:
    """Let the robot declarer on lead claim if it wants to (``Driver.robot_claim``); True if a claim was made.
    The opponents answer at the driver's next steps (robots by their own judgement, L69A, L68D2)."""
    offer = Driver(table, players, claims=True).robot_claim()
    if offer is not None:
        table.apply(offer.event)
    return offer is not None


def robot_claims(players: Mapping[Seat, Player]) -> Callable[[Table], None]:
    """An ``on_action`` callback for ``play_board`` that lets robot declarers claim (see the module)."""

    def after(table: Table) -> None:
        offer_claim(table, players)

    return after


def plain_statement(view: TableView, tricks: int, card: Card) -> str:
    """A robot declarer's claim statement in a player's words (L68C: the line of play, clearly stated): the card
    it plays now, trumps drawn while the defenders hold any, then its longest side suits cashed, e.g. "All
    five tricks: I play ♠A, draw trumps, then cash the clubs and the hearts"."""
    assert view.contract is not None
    remaining = 13 - len(view.tricks)
    ours = [*view.hand, *(view.dummy_hand or ())]
    trump = view.contract.strain.suit
    played = [c for t in view.tricks for c in t.cards] + [c for _, c in view.current_trick]
    line = [f"I play {card.symbol}"]
    if trump is not None and sum(1 for c in ours if c.suit == trump) + sum(1 for c in played if c.suit == trump) < 13:
        line.append("draw trumps")
    suits = sorted(
        (s for s in SUITS_HIGH_FIRST if s != trump and any(c.suit == s for c in ours)),
        key=lambda s: -sum(1 for c in ours if c.suit == s),
    )
    cashes = " and the ".join(s.name.lower() for s in suits[:2])
    what = f"{line[0]}, {line[1]}" if len(line) > 1 else line[0]
    text = f"{what}, then cash the {cashes}" if cashes else what
    if tricks == remaining:
        head = f"All {_words(remaining)} tricks" if remaining > 1 else "The last trick"
    elif tricks == 0:
        return f"The rest are yours: {_words(remaining)} tricks"
    else:
        head = f"{_words(tricks).capitalize()} of the {_words(remaining)} tricks"
        text += f"; you get {_words(remaining - tricks)}"
    return f"{head}: {text}"


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)
