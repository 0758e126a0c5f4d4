"""Claims under the rubber-bridge codes at the table (laws-historic.md §3.7): what a claim binds once play goes on,
and a trick conceded that could not be lost.

- **No finesse unless announced** (NL36 29.1; digest TV91): once declarer has claimed or conceded and a defender
  demands play (``dispute``: play goes on, R54), declarer may not finesse in a suit his statement did not name
  (``ClaimStatement.finesses``: ``"finesse hearts"``). NBB R54 / EST-L41 leave an open point of the statement to
  the defenders: a ``dispute`` with ``"no_finesse": true`` is their decision that he may not. A finesse is read
  from the cards (``finessing``): declarer's hand, second or third to play, follows with a card that would win the
  trick so far while that hand holds a higher card of the suit and an opponent holds an unplayed card between the
  two (AQ over an outstanding K: the Q). Following suit comes first: a hand whose every lawful card finesses
  plays one.
- **A trick conceded that could not be lost by any play** (NBB R26(3): the other side may not claim it; NL36 29.3:
  the concession is void; digest TV90): once a claim is agreed, each side keeps at least the tricks it takes on
  every possible play of the remaining cards (``fewest_tricks``: every hand's every lawful card, searched
  exhaustively). Beyond ``BUDGET`` positions the table cannot tell: the players say it (an ``attention`` event
  with ``"unlosable": n``, checked wherever the search can), else the agreed figure stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat, Side, Suit
from contractbridge.errors import ParseError
from contractbridge.play import trick_winner

if TYPE_CHECKING:
    from contractbridge.cards import Strain
    from contractbridge.laws.base import PlayTable
    from contractbridge.laws.nbb30.play import NBB30Play
    from contractbridge.play import PlayState
    from contractbridge.values import Claim

__all__ = [
    "BUDGET",
    "asserted_unlosable",
    "fewest_tricks",
    "finesse_allowed",
    "finessing",
    "unlosable_kept",
    "unlosable_said",
]

#: the most positions the search for "could not lose by any play" visits before it gives up
BUDGET: Final = 20_000


# ---- NL36 29.1: no finesse unless announced ---------------------------------------------------------------
def finessing(play: PlayState, seat: Seat, cards: frozenset[Card]) -> frozenset[Card]:
    """The cards of ``cards`` that would be a finesse by ``seat`` (second or third hand to the trick): a card of
    the suit led that wins the trick so far while ``seat`` keeps a higher one and an opponent holds an unplayed
    card between them."""
    trick = play.current_trick
    if len(trick) not in (1, 2):
        return frozenset()
    leader, led = trick[0][0], trick[0][1].suit
    hand = [c for c in play.hand(seat) if c.suit is led]
    theirs = [c for s in (seat.lho, seat.rho) for c in play.hand(s) if c.suit is led]
    out = set()
    for c in cards:
        higher = [h.rank for h in hand if h.rank > c.rank]
        if c.suit is not led or not higher or not any(c.rank < k.rank < max(higher) for k in theirs):
            continue
        if trick_winner(leader, [*(x for _, x in trick), c], play.trump) == seat:
            out.add(c)
    return frozenset(out)


def finesse_allowed(laws: NBB30Play, log: Sequence[Mapping[str, Any]], declarer: Seat, suit: Suit) -> str | None:
    """The law that forbids declarer a finesse in ``suit`` now, or None: after his claim or concession that play
    continued from, NL36 29.1 unless he announced it; NBB R54 / EST-L41 if the defenders settled it so."""
    ours = (n for n in range(len(log) - 1, 0, -1) if log[n]["event"] == "claim")
    claim = next((n for n in ours if Seat.parse(log[n]["seat"]).side == declarer.side), None)
    if claim is None:
        return None
    from contractbridge.laws.wbf17.claims import ClaimStatement

    try:
        announced = ClaimStatement.parse(str(log[claim].get("statement", ""))).finesses
    except ParseError:  # free words: no finesse announced in a form the table reads
        announced = ()
    if suit in announced:
        return None
    disputes = [e for e in log[claim + 1 :] if e["event"] == "dispute"]
    if not disputes:
        return None
    if laws.NO_UNANNOUNCED_FINESSE:
        return laws.cite("declarer_claim")
    return laws.cite("claim_open_point") if any(e.get("no_finesse") is True for e in disputes) else None


# ---- NBB R26(3), NL36 29.3: a trick that could not be lost ---------------------------------------------------
def fewest_tricks(play: PlayState, side: Side) -> int | None:
    """The fewest of the remaining tricks ``side`` can take on any play of every hand (current trick included);
    None when the search needs more than ``BUDGET`` positions."""
    trick = tuple(c for _, c in play.current_trick)
    leader = play.current_trick[0][0] if trick else play.turn
    if leader is None:
        return 0
    return _fewest(tuple(frozenset(play.hand(s)) for s in Seat), leader, trick, play.trump, side)


class _TooLongError(Exception):
    pass


@lru_cache(maxsize=64)
def _fewest(
    hands: tuple[frozenset[Card], ...], leader: Seat, trick: tuple[Card, ...], trump: Strain, side: Side
) -> int | None:
    """A branch-and-bound search: ``within`` returns the fewest tricks from a position if fewer than ``cap``,
    else ``cap``; ``lower`` keeps what is known of a trick's start position (exact, or at least)."""
    budget = [BUDGET]
    lower: dict[tuple[tuple[frozenset[Card], ...], Seat], tuple[int, bool]] = {}

    def within(hands: tuple[frozenset[Card], ...], leader: Seat, cards: tuple[Card, ...], cap: int) -> int:
        if cap <= 0:
            return 0
        if not cards:
            if not hands[leader]:
                return 0
            known = lower.get((hands, leader))
            if known is not None and (known[1] or known[0] >= cap):
                return min(known[0], cap)
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLongError
        if len(cards) == 4:
            winner = trick_winner(leader, cards, trump)
            won = winner.side == side
            return won + within(hands, winner, (), cap - won)
        seat = leader.offset(len(cards))
        best = cap
        for c in _choices(hands, seat, cards, seat.side == side):
            rest = tuple(h - {c} if s == seat else h for s, h in zip(Seat, hands, strict=True))
            best = min(best, within(rest, leader, (*cards, c), best))
            if best == 0:
                break
        if not cards:
            lower[hands, leader] = (best, best < cap)
        return best

    try:
        return within(hands, leader, trick, 14)
    except _TooLongError:
        return None


def _choices(hands: tuple[frozenset[Card], ...], seat: Seat, cards: tuple[Card, ...], ours: bool) -> list[Card]:
    """``seat``'s lawful cards, one of each run of cards equal for the play (no other hand's card between them):
    the side counted tries its low cards first, the other side its high ones (the fewest tricks come sooner)."""
    hand = hands[seat]
    led = cards[0].suit if cards else None
    lawful = sorted(c for c in hand if c.suit is led) or sorted(hand)
    others = {c for s, h in zip(Seat, hands, strict=True) if s != seat for c in h} | set(cards)
    out: list[Card] = []
    for c in lawful:
        last = out[-1] if out else None
        if (
            last is None
            or last.suit is not c.suit
            or any(o.suit is c.suit and last.rank < o.rank < c.rank for o in others)
        ):
            out.append(c)
    return out if ours else out[::-1]


def unlosable_kept(
    laws: NBB30Play, play: PlayState, claim: Claim, asserted: Mapping[Side, int] | None = None
) -> tuple[int, str | None]:
    """The remaining tricks the claimer's side gets from an agreed ``claim``: the agreed figure, raised or lowered
    so that neither side gives away a trick it could not lose by any play (R26(3), NL36 29.3), with the note.
    Where the search cannot tell, the players' word (``asserted``: a side's tricks it could not lose, from an
    ``attention`` event with ``"unlosable"``) decides; without it the agreed figure stands (no note)."""
    said = asserted or {}
    conceded = {claim.side: claim.remaining - claim.awarded, claim.side.opponents: claim.awarded}
    fewest: dict[Side, int] = {}
    for side, given in conceded.items():
        found = fewest_tricks(play, side) if given else 0
        if found is None:
            found = claim.remaining - given + said.get(side, 0) if side in said else None
        if found is None:  # too many cards left to search every play, and the players said nothing
            return claim.awarded, None
        fewest[side] = found
    kept = min(max(claim.awarded, fewest[claim.side]), claim.remaining - fewest[claim.side.opponents])
    if kept == claim.awarded:
        return kept, None
    conceder = claim.side if kept > claim.awarded else claim.side.opponents
    moved = abs(kept - claim.awarded)
    verdict = laws.unlosable_trick_conceded()
    plural = "s" if moved > 1 else ""
    what = f"{conceder} conceded {moved} trick{plural} it could not lose by any play"
    return kept, f"{what}: {verdict.reason} ({verdict.law})"


def unlosable_said(laws: NBB30Play, table: PlayTable, seat: Seat, tricks: object) -> None:
    """``{"event": "attention", "seat": "N", "unlosable": 2}`` after an agreed claim: ``seat``'s side says it conceded
    that many tricks it could not lose by any play (R26(3), NL36 29.3). Checked where the table can search every
    play (a wrong word is refused); the players' word where it cannot."""
    from contractbridge.errors import ClaimError

    claim, play = table.claim_state, table.play_state
    if claim is None or not claim.agreed or play is None:
        raise ClaimError(f"unlosable: no agreed claim or concession to correct ({laws.cite('concession')})")
    side = seat.side
    given = claim.remaining - claim.awarded if side == claim.side else claim.awarded
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= given:
        raise ClaimError(f"unlosable: {side} conceded {given} tricks; say how many of them it could not lose, "
                         f"not {tricks!r}")  # fmt: skip
    found = fewest_tricks(play, side)
    if found is not None and found - (claim.remaining - given) != tricks:
        could = max(0, found - (claim.remaining - given))
        raise ClaimError(f"unlosable: {side} could not lose {could} of the tricks it conceded, not {tricks} "
                         f"(every play searched; {laws.cite('concession')})")  # fmt: skip
    record = table.record
    if record is not None:
        record.note(f"{seat.name.capitalize()}: {side} conceded {tricks} trick(s) it could not lose by any play "
                    f"({laws.unlosable_trick_conceded().law}).")  # fmt: skip


def asserted_unlosable(log: Sequence[Mapping[str, Any]]) -> dict[Side, int]:
    """The players' word on the tricks each side could not lose, from the log (the last word of each side)."""
    return {Seat.parse(e["seat"]).side: e["unlosable"] for e in log if e["event"] == "attention" and "unlosable" in e}
