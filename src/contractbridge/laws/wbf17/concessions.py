"""WBF 2017 claims and concessions at the table (L68–L69): what the table decides without the director."""

from __future__ import annotations

from contractbridge.cards import Seat
from contractbridge.laws.base import Edition
from contractbridge.values import Claim

__all__ = ["WBF17Concessions"]


class WBF17Concessions(Edition):
    """L68B2; agreement (L69A) is the base rule: the opponents who take part in the play."""

    name = "WBF17"

    def objection_cancels_claim(self, claim: Claim, seat: Seat, declarer: Seat) -> bool:
        """L68B2 (TV138): a defender concedes one or more tricks and his partner objects at once — there is no
        concession and no claim; play continues (the shown cards are not penalty cards, L16C applies)."""
        defender = claim.seat.side != declarer.side
        return defender and seat == claim.seat.partner and claim.tricks < claim.remaining
