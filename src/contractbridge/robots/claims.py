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

from contractbridge.cards import Seat
from contractbridge.players import ClaimingPlayer, Driver, Player
from contractbridge.table import Table

__all__ = ["ClaimingPlayer", "offer_claim", "robot_claims"]


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
