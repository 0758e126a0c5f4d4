"""Bidding systems as data + rules: the Culbertson approach-forcing system and the Club system (EST30).

Core: may import the values, ``evaluation``, ``auction`` and ``scoring.rules``; never ``laws``, ``director``,
the table or anything above. The systems cite their own book (EST-B…), which is not law."""

from __future__ import annotations

from contractbridge.systems.base import CallMeaning, Candidate, Context, Forcing, System, SystemOptions, game_level
from contractbridge.systems.culbertson import CULBERTSON, Culbertson

__all__ = [
    "CULBERTSON",
    "CallMeaning",
    "Candidate",
    "Context",
    "Culbertson",
    "Forcing",
    "System",
    "SystemOptions",
    "game_level",
    "implemented_system",
    "system",
]


def system(name: str) -> System:
    """The system called ``name`` ("culbertson" or "club")."""
    from contractbridge.errors import BridgeError
    from contractbridge.systems.club import CLUB

    systems: dict[str, System] = {"culbertson": CULBERTSON, "club": CLUB}
    try:
        return systems[name.strip().lower()]
    except KeyError:
        raise BridgeError(f"unknown bidding system {name!r} (choose culbertson or club)") from None


def implemented_system(name: str | None) -> System | None:
    """The system called ``name`` if the project implements it (``culbertson``, ``club``), else None."""
    from contractbridge.errors import BridgeError

    if name is None:
        return None
    try:
        return system(name)
    except BridgeError:
        return None
