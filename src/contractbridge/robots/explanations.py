"""What a robot tells the opponents a call means (L20F1, L40A1(b), L40B, L75C): its pair's agreement as the pair
declared it, never the branch its own choice took (``last_meaning``) and never its own system passed off as agreed.

The pair's system card (``PartnershipAgreements``) comes first: a call it describes is explained as described; the
calls it does not describe by the system it names as its base (``"system": "club"``), which the robot explains if it
plays it (``culbertson``, ``club``) and otherwise says it cannot; a card that names no system leaves them to the
robot's own system, which is then the partnership's (a robot's pair plays the robot's system).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.errors import BridgeError
from contractbridge.systems import CallMeaning, System, SystemOptions
from contractbridge.systems import implemented_system as played_system

if TYPE_CHECKING:
    from contractbridge.auction import Auction
    from contractbridge.cards import Seat, Side
    from contractbridge.deal import Vulnerability
    from contractbridge.systems.agreements import PartnershipAgreements

__all__ = ["agreed_meaning", "played_system", "seat_systems"]


def agreed_meaning(
    agreements: PartnershipAgreements,
    auction: Auction,
    index: int,
    vulnerability: Vulnerability,
    own: System,
    options: SystemOptions | None = None,
    partscores: tuple[int, int] = (0, 0),
    opponents: System | None = None,
) -> CallMeaning:
    """Call ``index`` (0-based) of ``auction`` as its pair agreed it, for a robot to explain (L20F1): the pair's card
    entry (L40A1(b)); else by the system the card names; else by ``own``, the robot's system (the other side's calls
    read by the system their card names, else ``opponents``). Of a named system the
    robot does not play it says so, undiscussed, rather than explain ``own`` as if agreed (L20F1, L40B, L75C).
    ``BridgeError`` where the system cannot read the call (no agreement)."""
    if not 0 <= index < len(auction):
        raise BridgeError(f"no call number {index + 1} in an auction of {len(auction)} calls")
    caller, call = auction.seat_of(index), auction.calls[index]
    described = agreements.described_call(auction.calls[:index], call, caller)
    if described is not None:
        return described
    name = agreements.system_name(caller.side)
    ours = own if name is None else played_system(name)
    if ours is None:
        text = f"no agreement the robot can explain: the pair's card names {name}, which the robot does not play"
        return CallMeaning(call, text, "", undiscussed=True)
    theirs = played_system(agreements.system_name(caller.side.opponents)) or opponents
    return ours.explain(auction, index, vulnerability, options, partscores, theirs)


def seat_systems(agreements: PartnershipAgreements | None, seat: Seat, default: str) -> tuple[str, str]:
    """The systems a robot in ``seat`` bids and reads its opponents' calls by: the one each pair's card names where
    the robots play it (L40A1(b): its pair's agreements, e.g. ``club``), else ``default``."""

    def named(side: Side) -> str:
        found = None if agreements is None else played_system(agreements.system_name(side))
        return default if found is None else found.name

    return named(seat.side), named(seat.side.opponents)
