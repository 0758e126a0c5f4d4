"""Robots: seat policies that bid by the book and play the cards by double-dummy sampling.

``default_robot(system=…, seed=…)`` is the default robot seat: ``BiddingRobot`` for the calls and
``CardPlayRobot`` for the cards (``robots.seat.RobotPlayer``).

A driver-level package: may import the values, the core, ``laws`` and ``table`` (a robot sees a ``TableView``
only); never ``players``, ``server``, ``commands`` or a UI.
"""

from __future__ import annotations

from contractbridge.robots.bidder import BiddingRobot, BidRecord, bid_deal, choose, explain
from contractbridge.robots.cardplay import CardPlayRobot, Decision, Effort
from contractbridge.robots.outcomes import Form
from contractbridge.robots.seat import RobotPlayer, default_robot

__all__ = [
    "BidRecord",
    "BiddingRobot",
    "CardPlayRobot",
    "Decision",
    "Effort",
    "Form",
    "RobotPlayer",
    "bid_deal",
    "choose",
    "default_robot",
    "explain",
]
