"""The robots of the web table: one factory for a robot seat (their answers to claims, rulings and undo
requests are the table driver's, ``players.Driver``). Robots see only their seat's ``TableView``
(docs/architecture.md §3.6), like every client."""

from __future__ import annotations

import contextlib

from contractbridge.dd import dds_version
from contractbridge.errors import DDSUnavailableError
from contractbridge.players import Player
from contractbridge.robots import Effort, default_robot

__all__ = ["robot_player"]


def robot_player(edition: str, effort: Effort | None = None) -> Player:
    """The robot that takes an empty seat: the default robot seat (``robots.default_robot``), which bids
    Culbertson and plays the cards by double-dummy sampling at ``effort`` (None: ``Effort.from_environment()``,
    so ``CONTRACTBRIDGE_ROBOT_EFFORT`` or ``serve --robot-effort`` sets it)."""
    del edition  # every edition's robot bids Culbertson today
    with contextlib.suppress(DDSUnavailableError):
        dds_version()  # load DDS now (while the table opens), not in a robot's first card on the server's loop
    return default_robot("culbertson", effort=effort)
