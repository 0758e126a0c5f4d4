"""An independent brute-force reading of the auction laws (L17C, L18, L19, L22) over a history of calls, for
checking ``Auction`` and the director's record against something that shares no code with them."""

from __future__ import annotations

from collections.abc import Sequence

from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, all_bids
from contractbridge.cards import Seat
from contractbridge.contract import Contract, Doubling


def brute_force_legal(
    dealer: Seat, calls: Sequence[Call], seats: Sequence[Seat] | None = None, caller: Seat | None = None
) -> tuple[Seat | None, set[Call]]:
    """The seat to call and its legal calls. ``seats`` (default: in rotation from ``dealer``) says who made each
    call; the next seat is the left-hand opponent of the last caller (L17C, L28A, L29A). A bid must supersede
    the last preceding bid (L18D); a double applies to an opponent's undoubled bid with only passes since, a
    redouble to an opponent's double of one's own side's bid (L19); three passes after a bid, or four passes,
    end the auction (L22). ``caller``: the legal calls of that seat instead (a call out of rotation that stands)."""
    n = len(calls)
    who = list(seats) if seats is not None else [Seat((dealer + i) % 4) for i in range(n)]
    bids = [i for i, c in enumerate(calls) if isinstance(c, Bid)]
    passes_at_end = 0
    for c in reversed(calls):
        if c != PASS:
            break
        passes_at_end += 1
    over = (bids and passes_at_end >= 3 and passes_at_end < n) or (not bids and n >= 4)
    if over:
        return None, set()
    turn = who[-1].lho if who else dealer
    me = turn if caller is None else caller
    legal: set[Call] = {PASS}
    last = calls[bids[-1]].rank if bids else -1  # type: ignore[attr-defined]
    legal |= {b for b in all_bids() if b.rank > last}
    non_pass = [(who[i], c) for i, c in enumerate(calls) if c != PASS]
    if non_pass:
        caller, call = non_pass[-1]
        if isinstance(call, Bid) and caller.side != me.side:
            legal.add(DOUBLE)
        if call == DOUBLE and caller.side != me.side:
            legal.add(REDOUBLE)
    return turn, legal


def brute_force_declarer(dealer: Seat, calls: Sequence[Call], seats: Sequence[Seat] | None = None) -> Seat | None:
    """The first player of the side that made the final bid to name its strain (L22A, Definitions)."""
    who = list(seats) if seats is not None else [Seat((dealer + i) % 4) for i in range(len(calls))]
    bids = [(who[i], c) for i, c in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        return None
    side, strain = bids[-1][0].side, bids[-1][1].strain
    return next(s for s, b in bids if s.side == side and b.strain == strain)


def brute_force_contract(calls: Sequence[Call]) -> Contract | None:
    """The final bid, doubled or redoubled by the calls after it (L19D, L22A); None if no one bid."""
    bids = [i for i, c in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        return None
    last: Bid = calls[bids[-1]]  # type: ignore[assignment]
    after = calls[bids[-1] + 1 :]
    doubling = Doubling.REDOUBLED if REDOUBLE in after else Doubling.DOUBLED if DOUBLE in after else Doubling.NONE
    return Contract(last.level, last.strain, doubling)
