"""The auction by correct procedure (L17–L22; NBB R11–R15): turn, legal calls, contract and declarer.

``Auction`` is the stateful object with a push/pop stack. ``push`` refuses an unlawful call with a typed
error and changes nothing; irregular calls are the table's and the director's business: ``record`` lets a
call stand that the laws did not allow at that moment (an accepted insufficient bid, L27A1, or call out of
rotation, L29A), after which the rotation continues from the seat that made it (L28).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, CallKind, all_bids
from contractbridge.cards import Seat, Strain
from contractbridge.contract import Contract, Doubling
from contractbridge.errors import (
    AuctionClosedError,
    CallOutOfTurnError,
    InadmissibleCallError,
    InsufficientBidError,
    ParseError,
)
from contractbridge.rulebooks import refusal

__all__ = ["Auction", "first_to_name"]


class _State(NamedTuple):
    """What the auction looks like after a call; kept per call so that ``pop`` is O(1)."""

    last_bid: Bid | None
    last_bidder: Seat | None
    doubling: Doubling
    trailing_passes: int
    missed: Seat | None = None  # the first seat whose turn a trailing pass out of rotation took (L17D3)
    missed_at: int | None = None  # the index of that pass among the calls


_START: Final = _State(None, None, Doubling.NONE, 0)
_BIDS: Final = all_bids()


class Auction:
    """The calls of one auction, starting with ``dealer`` (L17B) and going clockwise (L17C)."""

    __slots__ = ("_calls", "_seats", "_states", "dealer")

    def __init__(self, dealer: Seat = Seat.NORTH, calls: str | Iterable[Call | str] = ()) -> None:
        self.dealer = Seat(dealer)
        self._calls: list[Call] = []
        self._seats: list[Seat] = []
        self._states: list[_State] = [_START]
        items = calls.split() if isinstance(calls, str) else calls
        for i, item in enumerate(items):
            call = Call.parse(item) if isinstance(item, str) else item
            try:
                self.push(call)
            except ValueError as err:
                raise type(err)(f"call {i + 1} ({call}): {err}") from None

    # state --------------------------------------------------------------------------------------
    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    def __iter__(self) -> Iterator[Call]:
        return iter(self._calls)

    def history(self) -> list[tuple[Seat, Call]]:
        """Each call with the seat that made it."""
        return list(zip(self._seats, self._calls, strict=True))

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat that made each call."""
        return tuple(self._seats)

    def seat_of(self, index: int) -> Seat:
        """The seat that makes (or made) call number ``index`` (0-based), in rotation from the last call."""
        n = len(self._seats)
        if index < n:
            return self._seats[index]
        return self._next_seat().offset(index - n)

    def _next_seat(self) -> Seat:
        return self._seats[-1].next if self._seats else self.dealer

    @property
    def turn(self) -> Seat | None:
        """The seat to call, or None once the auction is over."""
        return None if self.is_over else self._next_seat()

    @property
    def is_over(self) -> bool:
        """L22: three passes in rotation after a call, or four passes (passed out); not when a pass out of
        rotation among them took away a player's turn (L17D3, L34)."""
        st = self._states[-1]
        return len(self._calls) >= 4 and st.trailing_passes >= 3 and st.missed is None

    @property
    def missed_turn(self) -> Seat | None:
        """L17D3, L34: three passes followed a call but a pass out of rotation among them took away this
        player's turn; the auction goes back to him and the passes after that point are cancelled."""
        st = self._states[-1]
        return st.missed if len(self._calls) >= 4 and st.trailing_passes >= 3 else None

    @property
    def missed_turn_at(self) -> int | None:
        """The index (among the calls) of the pass out of rotation that took ``missed_turn``'s turn."""
        return None if self.missed_turn is None else self._states[-1].missed_at

    @property
    def is_passed_out(self) -> bool:
        """L22B: all four players passed."""
        return self.is_over and self._states[-1].last_bid is None

    @property
    def last_bid(self) -> Bid | None:
        return self._states[-1].last_bid

    @property
    def last_bidder(self) -> Seat | None:
        return self._states[-1].last_bidder

    @property
    def doubling(self) -> Doubling:
        """The doubling status of the last bid (L19D)."""
        return self._states[-1].doubling

    # legality -----------------------------------------------------------------------------------
    def can_double(self, seat: Seat | None = None) -> bool:
        """L19A1: the last bid was an opponent's, undoubled, with only passes since."""
        seat = self.turn if seat is None else seat
        st = self._states[-1]
        return (
            seat is not None
            and st.last_bidder is not None
            and st.doubling is Doubling.NONE
            and st.last_bidder.side != seat.side
        )

    def can_redouble(self, seat: Seat | None = None) -> bool:
        """L19B1: the last call other than pass was an opponent's double of our side's bid."""
        seat = self.turn if seat is None else seat
        st = self._states[-1]
        return (
            seat is not None
            and st.last_bidder is not None
            and st.doubling is Doubling.DOUBLED
            and st.last_bidder.side == seat.side
        )

    def legal_calls(self) -> list[Call]:
        """Every call the player to call may make, pass first, then double/redouble, then bids upward."""
        if self.is_over:
            return []
        calls: list[Call] = [PASS]
        if self.can_double():
            calls.append(DOUBLE)
        if self.can_redouble():
            calls.append(REDOUBLE)
        last = self._states[-1].last_bid
        calls.extend(_BIDS[0 if last is None else last.rank + 1 :])
        return calls

    def is_legal(self, call: Call) -> bool:
        try:
            self._check(call)
        except ValueError:
            return False
        return True

    def _check(self, call: Call, seat: Seat | None = None) -> None:
        if self.is_over:
            raise refusal(
                AuctionClosedError,
                f"{call}: the auction is over; a call now is a call after the final pass",
                "call_after_auction",
            )
        turn = self._next_seat()
        if seat is not None and seat != turn:
            raise refusal(
                CallOutOfTurnError,
                f"{call} by {seat.name.lower()}: it is {turn.name.lower()}'s turn to call",
                "call_turn",
            )
        st = self._states[-1]
        kind = call.kind
        if kind is CallKind.PASS:
            return
        if kind is CallKind.BID:
            assert isinstance(call, Bid)
            if call.level > 7:
                raise refusal(InadmissibleCallError, f"{call}: a bid above seven is inadmissible", "bid_above_seven")
            if not call.supersedes(st.last_bid):
                raise refusal(InsufficientBidError, f"{call} is insufficient over {st.last_bid}", "insufficient_bid")
            return
        if kind is CallKind.DOUBLE:
            if not self.can_double(turn):
                problem = f"X by {turn.name.lower()}: {self._double_problem(turn)}"
                raise refusal(InadmissibleCallError, problem, "inadmissible_double")
            return
        if not self.can_redouble(turn):
            problem = f"XX by {turn.name.lower()}: {self._redouble_problem(turn)}"
            raise refusal(InadmissibleCallError, problem, "inadmissible_redouble")

    def _double_problem(self, seat: Seat) -> str:
        st = self._states[-1]
        if st.last_bidder is None:
            return "there is no bid to double"
        if st.last_bidder.side == seat.side:
            return f"{st.last_bid} was bid by your own side"
        return f"{st.last_bid} is already {'doubled' if st.doubling is Doubling.DOUBLED else 'redoubled'}"

    def _redouble_problem(self, seat: Seat) -> str:
        st = self._states[-1]
        if st.doubling is Doubling.NONE:
            return "there is no double to redouble"
        if st.doubling is Doubling.REDOUBLED:
            return "the bid is already redoubled"
        return "only the side whose bid was doubled may redouble"

    # push / pop ---------------------------------------------------------------------------------
    def push(self, call: Call | str, seat: Seat | None = None) -> None:
        """Make ``call`` for the player whose turn it is (or check that ``seat`` is that player).
        Raises a subclass of ``IllegalCallError`` and changes nothing if the call is unlawful."""
        if isinstance(call, str):
            call = Call.parse(call)
        self._check(call, seat)
        self._add(call, self._next_seat())

    def record(self, call: Call, seat: Seat, ignored: bool = False) -> None:
        """Let ``call`` by ``seat`` stand although the laws did not allow it at that moment: an insufficient
        bid that is accepted (L27A1: treated as legal), a call out of rotation that stands (L28, L29A). The
        rotation then continues from ``seat``. A bid above seven can never stand (L38A), nor a double or
        redouble with nothing for it to apply to. ``ignored``: an inadmissible double or redouble noticed only
        after the opening lead, which keeps its place in the rotation but is scored as if not made (L36C)."""
        if self.is_over:
            raise refusal(AuctionClosedError, f"{call}: the auction is over", "auction_over")
        st = self._states[-1]
        if ignored:
            if call.kind not in (CallKind.DOUBLE, CallKind.REDOUBLE):
                raise refusal(
                    InadmissibleCallError, f"{call}: only a double or redouble can stand ignored", "unnoticed_call"
                )
            self._calls.append(call)
            self._seats.append(Seat(seat))
            self._states.append(st._replace(trailing_passes=0, missed=None, missed_at=None))
            return
        if isinstance(call, Bid) and call.level > 7:
            raise refusal(InadmissibleCallError, f"{call}: a bid above seven can never stand", "bid_never_stands")
        if call.kind is CallKind.DOUBLE and (st.last_bid is None or st.doubling is not Doubling.NONE):
            raise refusal(
                InadmissibleCallError, f"X by {seat.name.lower()}: there is no undoubled bid to double", "double"
            )
        if call.kind is CallKind.REDOUBLE and st.doubling is not Doubling.DOUBLED:
            raise refusal(
                InadmissibleCallError, f"XX by {seat.name.lower()}: there is no double to redouble", "redouble"
            )
        self._add(call, Seat(seat))

    def _add(self, call: Call, seat: Seat) -> None:
        st = self._states[-1]
        kind = call.kind
        if kind is CallKind.PASS:
            expected = self._next_seat()
            passes = st.trailing_passes + 1
            if st.missed is not None or seat == expected:
                new = _State(st.last_bid, st.last_bidder, st.doubling, passes, st.missed, st.missed_at)
            else:
                new = _State(st.last_bid, st.last_bidder, st.doubling, passes, expected, len(self._calls))
        elif kind is CallKind.BID:
            assert isinstance(call, Bid)
            new = _State(call, seat, Doubling.NONE, 0)
        elif kind is CallKind.DOUBLE:
            new = _State(st.last_bid, st.last_bidder, Doubling.DOUBLED, 0)
        else:
            new = _State(st.last_bid, st.last_bidder, Doubling.REDOUBLED, 0)
        self._calls.append(call)
        self._seats.append(seat)
        self._states.append(new)

    def pop(self) -> Call:
        """Take back the last call."""
        if not self._calls:
            raise IndexError("pop from an empty auction")
        self._states.pop()
        self._seats.pop()
        return self._calls.pop()

    def copy(self) -> Auction:
        other = Auction.__new__(Auction)
        other.dealer = self.dealer
        other._calls = list(self._calls)
        other._seats = list(self._seats)
        other._states = list(self._states)
        return other

    # result -------------------------------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        """The final bid with its doubling (L22A, L19D) once the auction is over; None if passed out or
        still running."""
        st = self._states[-1]
        if not self.is_over or st.last_bid is None:
            return None
        return Contract.from_bid(st.last_bid, st.doubling)

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side to name the final denomination (L22A, Definitions;
        NBB R15). Defined once the auction is over with a contract."""
        st = self._states[-1]
        if not self.is_over or st.last_bid is None or st.last_bidder is None:
            return None
        return self.first_to_name(st.last_bid.strain, st.last_bidder)

    def first_to_name(self, strain: Strain, member: Seat) -> Seat:
        """The first player of ``member``'s side to bid ``strain``."""
        return first_to_name(zip(self._seats, self._calls, strict=True), strain, member)

    @property
    def dummy(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.partner

    @property
    def opening_leader(self) -> Seat | None:
        """Declarer's LHO (L41A)."""
        d = self.declarer
        return None if d is None else d.lho

    # text ---------------------------------------------------------------------------------------
    def __str__(self) -> str:
        return " ".join(str(c) for c in self._calls)

    def __repr__(self) -> str:
        return f"Auction({self.dealer!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Auction)
            and other.dealer == self.dealer
            and other._calls == self._calls
            and other._seats == self._seats
        )

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def parse(cls, text: str, dealer: Seat = Seat.NORTH) -> Auction:
        """``"1C P 1H P 2H P P P"``; ``ParseError`` names the bad token."""
        tokens = text.split()
        calls: list[Call] = []
        for i, tok in enumerate(tokens):
            try:
                calls.append(Call.parse(tok))
            except ParseError as err:
                raise ParseError(f"call {i + 1}: {err}") from None
        return cls(dealer, calls)


def first_to_name(history: Iterable[tuple[Seat, Call]], strain: Strain, member: Seat) -> Seat:
    """The first player of ``member``'s side to bid ``strain`` in ``history`` (declarer, L22A; NBB R15)."""
    for seat, call in history:
        if isinstance(call, Bid) and call.strain == strain and seat.side == member.side:
            return seat
    return member
