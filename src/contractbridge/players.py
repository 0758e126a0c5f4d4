"""Seat policies: who decides the calls and cards of a seat (docs/architecture.md §3.6).

A ``Player`` only ever receives the ``TableView`` of its own seat. Declarer's player also decides dummy's
cards (L41D): ``view.legal_cards`` then holds dummy's legal cards and ``view.turn`` is dummy's seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.table import Phase, Table, TableView

__all__ = ["Player", "RandomPlayer", "play_board"]


@runtime_checkable
class Player(Protocol):
    """Decides a call or a card from what its seat may see."""

    def call(self, view: TableView) -> Call: ...

    def play(self, view: TableView) -> Card: ...


class RandomPlayer:
    """Chooses uniformly among the legal calls and cards; the same ``seed`` gives the same choices."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def call(self, view: TableView) -> Call:
        return self._rng.choice(view.legal_calls)

    def play(self, view: TableView) -> Card:
        return self._rng.choice(sorted(view.legal_cards))


def play_board(
    table: Table,
    players: Mapping[Seat, Player],
    *,
    on_action: Callable[[Table], None] | None = None,
) -> None:
    """Let ``players`` act at ``table`` until the board is done or nobody is due to act (a claim or a pending
    irregularity stops play). ``on_action`` is called after each call or card."""
    while table.phase is not Phase.DONE:
        actor = table.actor
        if actor is None:
            return
        player = players[actor]
        view = table.view(actor)
        if table.phase is Phase.AUCTION:
            table.call(player.call(view), actor)
        else:
            table.play(player.play(view), table.turn)
        if on_action is not None:
            on_action(table)
