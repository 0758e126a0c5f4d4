"""Claims by robots at a table (L68–L69): a robot declarer on play claims when its samples agree; the robot
defenders agree or dispute by the same test.

``robot_claims(players)`` gives an ``on_action`` callback for ``players.play_board``: after each action, if
the seat to act is a robot declarer that claims, the claim goes to the table (``Table.claim``) and each
defender whose player can judge claims answers (``Table.agree`` / ``Table.dispute``). Every robot sees its
own ``TableView`` only. A defender that cannot judge (a human, a random player) is left to answer itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from contractbridge.cards import Seat
from contractbridge.table import Phase, Table, TableView

__all__ = ["ClaimingPlayer", "offer_claim", "robot_claims"]


@runtime_checkable
class ClaimingPlayer(Protocol):
    """A player that claims (``claim(view)``: tricks and statement, or None) and judges claims."""

    def claim(self, view: TableView) -> tuple[int, str] | None: ...

    def accepts_claim(self, view: TableView) -> bool: ...


def offer_claim(table: Table, players: Mapping[Seat, object]) -> bool:
    """Let the player to act claim if it wants to, and the claiming side's opponents answer; True if a claim
    was made."""
    if table.phase is not Phase.PLAY or table.claim_state is not None:
        return False
    actor = table.actor
    if actor is None or actor != table.declarer:
        return False
    player = players.get(actor)
    if not isinstance(player, ClaimingPlayer):
        return False
    offer = player.claim(table.view(actor))
    if offer is None:
        return False
    tricks, statement = offer
    table.claim(actor, tricks, statement)
    claim = table.claim_state
    assert claim is not None
    for seat in sorted(claim.needed):
        judge = players.get(seat)
        if not isinstance(judge, ClaimingPlayer):
            continue
        if judge.accepts_claim(table.view(seat)):
            table.agree(seat)
        else:
            table.dispute(seat)
            break
    return True


def robot_claims(players: Mapping[Seat, object]) -> Callable[[Table], None]:
    """An ``on_action`` callback for ``play_board`` that lets robot declarers claim (see the module)."""

    def after(table: Table) -> None:
        offer_claim(table, players)

    return after
