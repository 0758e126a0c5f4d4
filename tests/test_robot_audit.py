"""Issue #27 item 6: robots keep their own system. Over 2,000 robot auctions per system (four robots; and again
with South calling at random, as a person may), judged by the book (EST-B04, B05, B31, B35; EST-B55 for the
Club system), not by modern bidding:

- no robot drops a force its own side created: after partner's call forcing for one round (EST-B04) and a pass
  by the right-hand opponent, a robot passes only where the system names that pass (e.g. leaving an informatory
  double in for penalties, EST-B35), never the closing "nothing the system asks for" pass; after a game force
  (EST-B05) it does not pass below game while the opponents pass;
- every call's explanation (``explain``, what the other three hear, L20F) is met by the hand that made it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from contractbridge import Deal, Seat
from contractbridge.auction import Auction
from contractbridge.calls import PASS, Bid, Call
from contractbridge.deal import Vulnerability
from contractbridge.systems import CallMeaning, system
from contractbridge.systems.base import Forcing

DEALS = 2000
#: The pass that closes every situation when nothing else fits (EST-B04): a robot under a force must not use it.
CLOSING_PASS = "nothing the system asks for here"

Chooser = Callable[[Auction, Seat], tuple[Call, CallMeaning | None]]


def _game_level(bid: Bid) -> int:
    suit = bid.strain.suit
    return 3 if suit is None else 4 if suit.value >= 2 else 5


def dropped_force(auction: Auction, chosen: list[CallMeaning | None], index: int) -> str | None:
    """Why call ``index`` (a robot's pass) drops its side's force, or None."""
    calls = auction.calls
    if calls[index] != PASS or index < 2 or calls[index - 1] != PASS:
        return None
    partner = chosen[index - 2]
    mine = chosen[index]
    assert mine is not None
    forcing_partner = partner is not None and partner.forcing is Forcing.ROUND and calls[index - 2] != PASS
    if forcing_partner and CLOSING_PASS in mine.text:
        assert partner is not None
        return f"passed partner's {calls[index - 2]} ({partner.text}), forcing for one round"
    ours = range(index - 2, -1, -2)
    forced = any(m is not None and m.forcing is Forcing.GAME for j in ours if (m := chosen[j]) is not None)
    last = next((j for j in range(index - 1, -1, -1) if isinstance(calls[j], Bid)), None)
    if forced and last is not None and (index - last) % 2 == 0:
        bid = calls[last]
        assert isinstance(bid, Bid)
        if bid.level < _game_level(bid) and "leaves the double" not in mine.text:
            return f"passed {bid} below game after the side's game force"
    return None


def audit(name: str, random_south: bool) -> tuple[list[str], int]:
    """The problems found over ``DEALS`` auctions, and the number of robot calls audited."""
    sys_ = system(name)
    problems: list[str] = []
    audited = 0
    for seed in range(DEALS):
        deal = Deal.random(seed)
        dealer, vul = Seat(seed % 4), list(Vulnerability)[(seed // 4) % 4]
        rng = random.Random(seed)
        auction = Auction(dealer)
        chosen: list[CallMeaning | None] = []
        while not auction.is_over:
            seat = auction.turn
            assert seat is not None
            if random_south and seat == Seat.SOUTH:
                legal = [c for c in auction.legal_calls() if not isinstance(c, Bid) or c.level <= 4]
                call, meaning = rng.choice([PASS, PASS, *legal[:8]]), None
            else:
                call, meaning = sys_.choose(deal[seat], auction, vul)
            auction.push(call)
            chosen.append(meaning)
        for i, meaning in enumerate(chosen):
            if meaning is None:
                continue
            audited += 1
            why = dropped_force(auction, chosen, i)
            heard = sys_.explain(auction, i, vul)
            if not heard.satisfied_by(deal[auction.seat_of(i)]):
                why = f"the explanation does not fit the hand: {heard.describe()}"
            if why is not None:
                problems.append(f"seed {seed}: {auction} — call {i + 1} by {auction.seat_of(i).letter}: {why}")
    return problems, audited


@pytest.mark.parametrize("random_south", [False, True], ids=["four-robots", "random-south"])
@pytest.mark.parametrize("name", ["culbertson", "club"])
def test_robots_keep_their_own_system(name: str, random_south: bool) -> None:
    problems, audited = audit(name, random_south)
    assert audited > 5 * DEALS
    assert problems == [], "\n".join(problems[:20])


def test_the_audit_sees_a_dropped_force() -> None:
    """The check itself: partner's forcing cue-bid, a pass by RHO, then the closing pass is a dropped force; a
    system pass that leaves the informatory double in is not."""
    auction = Auction(Seat.NORTH, [Call.parse(c) for c in ("1S", "2S", "P", "3H", "P", "P")])
    cue = CallMeaning(Call.parse("2S"), "cue-bid", "EST-B30", forcing=Forcing.GAME)
    closing = CallMeaning(PASS, CLOSING_PASS, "EST-B04")
    chosen: list[CallMeaning | None] = [None, cue, None, CallMeaning(Call.parse("3H"), "hearts", "x"), None, closing]
    assert dropped_force(auction, chosen, 5) == "passed 3H below game after the side's game force"
    double = Auction(Seat.NORTH, [Call.parse(c) for c in ("1C", "X", "P", "P")])
    informatory = CallMeaning(Call.parse("X"), "informatory double", "EST-B31", forcing=Forcing.ROUND)
    leave = CallMeaning(PASS, "leaves the double in: 4+ sure trump tricks in clubs", "EST-B35")
    assert dropped_force(double, [None, informatory, None, leave], 3) is None
    assert dropped_force(double, [None, informatory, None, closing], 3) is not None
