"""The robots of the web table: one factory for a robot seat, and the robots' answers to claims, rulings and
undo requests. Robots see only their seat's ``TableView`` (docs/architecture.md §3.6), like every client."""

from __future__ import annotations

from typing import Any

from contractbridge.players import Player
from contractbridge.robots.bidder import BiddingRobot

__all__ = ["robot_choice", "robot_player"]


def robot_player(edition: str) -> Player:
    """The robot that takes an empty seat: the system-driven bidding robot (Culbertson), which plays the lowest
    legal card until the card-play robot replaces it here."""
    del edition  # every edition's robot bids Culbertson today
    return BiddingRobot("culbertson")


def robot_choice(ruling: dict[str, Any]) -> str:
    """The option a robot chooser picks from a pending ruling (``contractbridge rule``'s JSON): it accepts the
    irregular call when the laws let it (e.g. L27A1, L29A), else the first option the ruling lists."""
    ids = [str(o["id"]) for o in ruling["options"]]
    return "accept" if "accept" in ids else ids[0]
