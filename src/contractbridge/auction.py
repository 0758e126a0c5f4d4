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
    """What the auction looks like after a call; kept per call so that ``pop`` is O(1). Built as a plain tuple
    literal on the hot path (``_State._make`` is never needed): ``over`` and ``turn`` are worked out once per
    call, so that ``is_over`` and the turn are read, not recomputed."""

    last_bid: Bid | None
    last_bidder: Seat | None
    doubling: Doubling
    trailing_passes: int
    missed: Seat | None  # the first seat whose turn a trailing pass out of rotation took (L17D3)
    missed_at: int | None  # the index of that pass among the calls
    last_rank: int  # the last bid's place on the ladder (L18E), -1 before any bid
    over: bool  # L22: the auction is over
    turn: Seat  # the seat in rotation after the last call (L17C, L28)


_PASS_KIND: Final = CallKind.PASS
_BID_KIND: Final = CallKind.BID
_DOUBLE_KIND: Final = CallKind.DOUBLE
_NONE: Final = Doubling.NONE
_DOUBLED: Final = Doubling.DOUBLED
_REDOUBLED: Final = Doubling.REDOUBLED
_NEXT: Final = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
_BIDS: Final = all_bids()
#: The contract of each bid (by its rank) and doubling: ``_CONTRACTS[rank * 3 + doubling]``.
_CONTRACTS: Final = tuple(Contract.from_bid(bid, doubling) for bid in _BIDS for doubling in Doubling)


_new: Final = tuple.__new__


#: The state before the first call, by dealer (a ``_State`` is immutable: every auction shares these, #28).
_STARTS: Final = tuple(_State(None, None, _NONE, 0, None, None, -1, False, dealer) for dealer in Seat)


class Auction:
    """The calls of one auction, starting with ``dealer`` (L17B) and going clockwise (L17C)."""

    __slots__ = ("_calls", "_seats", "_st", "_states", "dealer")

    def __init__(self, dealer: Seat = Seat.NORTH, calls: str | Iterable[Call | str] = ()) -> None:
        self.dealer = dealer if type(dealer) is Seat else Seat(dealer)  # no ``Enum`` call for a seat (#28)
        self._calls: list[Call] = []
        self._seats: list[Seat] = []
        self._st = _STARTS[self.dealer]
        self._states: list[_State] = [self._st]
        if not calls:
            return
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
        return list(zip(self._seats, self._calls))  # noqa: B905 (the two lists grow and shrink together, #28)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat that made each call."""
        return tuple(self._seats)

    def seat_of(self, index: int) -> Seat:
        """The seat that makes (or made) call number ``index`` (0-based), in rotation from the last call."""
        n = len(self._seats)
        if index < n:
            return self._seats[index]
        return self._st.turn.offset(index - n)

    @property
    def turn(self) -> Seat | None:
        """The seat to call, or None once the auction is over."""
        st = self._st
        return None if st.over else st.turn

    @property
    def is_over(self) -> bool:
        """L22: three passes in rotation after a call, or four passes (passed out); not when a pass out of
        rotation among them took away a player's turn (L17D3, L34)."""
        return self._st.over

    @property
    def missed_turn(self) -> Seat | None:
        """L17D3, L34: three passes followed a call but a pass out of rotation among them took away this
        player's turn; the auction goes back to him and the passes after that point are cancelled."""
        st = self._st
        return st.missed if len(self._calls) >= 4 and st.trailing_passes >= 3 else None

    @property
    def missed_turn_at(self) -> int | None:
        """The index (among the calls) of the pass out of rotation that took ``missed_turn``'s turn."""
        return None if self.missed_turn is None else self._st.missed_at

    @property
    def is_passed_out(self) -> bool:
        """L22B: all four players passed."""
        st = self._st
        return st.over and st.last_bid is None

    @property
    def last_bid(self) -> Bid | None:
        return self._st.last_bid

    @property
    def last_bidder(self) -> Seat | None:
        return self._st.last_bidder

    @property
    def doubling(self) -> Doubling:
        """The doubling status of the last bid (L19D)."""
        return self._st.doubling

    # legality -----------------------------------------------------------------------------------
    def can_double(self, seat: Seat | None = None) -> bool:
        """L19A1: the last bid was an opponent's, undoubled, with only passes since."""
        seat = self.turn if seat is None else seat
        st = self._st
        return (
            seat is not None
            and st.last_bidder is not None
            and st.doubling is _NONE
            and st.last_bidder.side != seat.side
        )

    def can_redouble(self, seat: Seat | None = None) -> bool:
        """L19B1: the last call other than pass was an opponent's double of our side's bid."""
        seat = self.turn if seat is None else seat
        st = self._st
        return (
            seat is not None
            and st.last_bidder is not None
            and st.doubling is _DOUBLED
            and st.last_bidder.side == seat.side
        )

    def legal_calls(self) -> list[Call]:
        """Every call the player to call may make, pass first, then double/redouble, then bids upward."""
        if self._st.over:
            return []
        calls: list[Call] = [PASS]
        if self.can_double():
            calls.append(DOUBLE)
        if self.can_redouble():
            calls.append(REDOUBLE)
        calls.extend(_BIDS[self._st.last_rank + 1 :])
        return calls

    def is_legal(self, call: Call) -> bool:
        try:
            self._check(call)
        except ValueError:
            return False
        return True

    def _check(self, call: Call, seat: Seat | None = None) -> None:
        st = self._st
        if st.over:
            raise refusal(
                AuctionClosedError,
                f"{call}: the auction is over; a call now is a call after the final pass",
                "call_after_auction",
            )
        turn = st.turn
        if seat is not None and seat != turn:
            raise refusal(
                CallOutOfTurnError,
                f"{call} by {seat.name.lower()}: it is {turn.name.lower()}'s turn to call",
                "call_turn",
            )
        kind = call.kind
        if kind is _PASS_KIND:
            return
        if kind is _BID_KIND:
            assert isinstance(call, Bid)
            if call.level > 7:
                raise refusal(InadmissibleCallError, f"{call}: a bid above seven is inadmissible", "bid_above_seven")
            if not call.supersedes(st.last_bid):
                raise refusal(InsufficientBidError, f"{call} is insufficient over {st.last_bid}", "insufficient_bid")
            return
        if kind is _DOUBLE_KIND:
            if not self.can_double(turn):
                problem = f"X by {turn.name.lower()}: {self._double_problem(turn)}"
                raise refusal(InadmissibleCallError, problem, "inadmissible_double")
            return
        if not self.can_redouble(turn):
            problem = f"XX by {turn.name.lower()}: {self._redouble_problem(turn)}"
            raise refusal(InadmissibleCallError, problem, "inadmissible_redouble")

    def _double_problem(self, seat: Seat) -> str:
        st = self._st
        if st.last_bidder is None:
            return "there is no bid to double"
        if st.last_bidder.side == seat.side:
            return f"{st.last_bid} was bid by your own side"
        return f"{st.last_bid} is already {'doubled' if st.doubling is _DOUBLED else 'redoubled'}"

    def _redouble_problem(self, seat: Seat) -> str:
        st = self._st
        if st.doubling is _NONE:
            return "there is no double to redouble"
        if st.doubling is _REDOUBLED:
            return "the bid is already redoubled"
        return "only the side whose bid was doubled may redouble"

    # push / pop ---------------------------------------------------------------------------------
    def push(self, call: Call | str, seat: Seat | None = None) -> None:
        """Make ``call`` for the player whose turn it is (or check that ``seat`` is that player).
        Raises a subclass of ``IllegalCallError`` and changes nothing if the call is unlawful."""
        if isinstance(call, str):
            call = Call.parse(call)
        # the state unpacked at once: one step, where nine reads of its fields cost ~1.6× as much (#28)
        last_bid, last_bidder, doubling, passes, missed, missed_at, last_rank, over, turn = self._st
        if over or (seat is not None and seat != turn):
            self._check(call, seat)  # raises: after the final pass (L39A), or not this seat's turn (L17C)
        # The two calls of almost every auction take one check and one tuple each; the rest go through _check.
        if type(call) is Bid:
            rank = call.level * 5 + call.strain - 5
            if rank <= last_rank or call.level > 7:
                self._check(call, seat)  # raises: insufficient (L18B, L27), or above seven (L38A)
            new = _new(_State, (call, turn, _NONE, 0, None, None, rank, False, _NEXT[turn]))
        elif call is PASS:
            passes += 1
            over = passes >= 3 and len(self._calls) >= 3 and missed is None  # L22
            new = _new(
                _State, (last_bid, last_bidder, doubling, passes, missed, missed_at, last_rank, over, _NEXT[turn])
            )
        else:
            self._check(call, seat)
            self._add(call, turn)
            return
        self._calls.append(call)
        self._seats.append(turn)
        self._states.append(new)
        self._st = new

    def record(self, call: Call, seat: Seat, ignored: bool = False) -> None:
        """Let ``call`` by ``seat`` stand although the laws did not allow it at that moment: an insufficient
        bid that is accepted (L27A1: treated as legal), a call out of rotation that stands (L28, L29A). The
        rotation then continues from ``seat``. A bid above seven can never stand (L38A), nor a double or
        redouble with nothing for it to apply to. ``ignored``: an inadmissible double or redouble noticed only
        after the opening lead, which keeps its place in the rotation but is scored as if not made (L36C)."""
        st = self._st
        if st.over:
            raise refusal(AuctionClosedError, f"{call}: the auction is over", "auction_over")
        if ignored:
            if call.kind not in (CallKind.DOUBLE, CallKind.REDOUBLE):
                raise refusal(
                    InadmissibleCallError, f"{call}: only a double or redouble can stand ignored", "unnoticed_call"
                )
            seat = Seat(seat)
            new = st._replace(trailing_passes=0, missed=None, missed_at=None, over=False, turn=_NEXT[seat])
            self._push_state(call, seat, new)
            return
        if isinstance(call, Bid) and call.level > 7:
            raise refusal(InadmissibleCallError, f"{call}: a bid above seven can never stand", "bid_never_stands")
        if call.kind is CallKind.DOUBLE and (st.last_bid is None or st.doubling is not _NONE):
            raise refusal(
                InadmissibleCallError, f"X by {seat.name.lower()}: there is no undoubled bid to double", "double"
            )
        if call.kind is CallKind.REDOUBLE and st.doubling is not _DOUBLED:
            raise refusal(
                InadmissibleCallError, f"XX by {seat.name.lower()}: there is no double to redouble", "redouble"
            )
        self._add(call, Seat(seat))

    def _add(self, call: Call, seat: Seat) -> None:
        """``call`` by ``seat`` (in rotation or not), already judged: the state after it."""
        st = self._st
        kind = call.kind
        after = _NEXT[seat]
        if kind is _PASS_KIND:
            passes = st.trailing_passes + 1
            missed, missed_at = st.missed, st.missed_at
            if missed is None and seat != st.turn:  # a pass out of rotation took st.turn's turn (L17D3)
                missed, missed_at = st.turn, len(self._calls)
            over = passes >= 3 and len(self._calls) >= 3 and missed is None
            new = _State(st.last_bid, st.last_bidder, st.doubling, passes, missed, missed_at, st.last_rank, over, after)
        elif kind is _BID_KIND:
            assert isinstance(call, Bid)
            new = _State(call, seat, _NONE, 0, None, None, call.rank, False, after)
        else:
            doubling = _DOUBLED if kind is _DOUBLE_KIND else _REDOUBLED
            new = _State(st.last_bid, st.last_bidder, doubling, 0, None, None, st.last_rank, False, after)
        self._push_state(call, seat, new)

    def _push_state(self, call: Call, seat: Seat, new: _State) -> None:
        self._calls.append(call)
        self._seats.append(seat)
        self._states.append(new)
        self._st = new

    def pop(self) -> Call:
        """Take back the last call."""
        if not self._calls:
            raise IndexError("pop from an empty auction")
        states = self._states
        states.pop()
        self._st = states[-1]
        self._seats.pop()
        return self._calls.pop()

    def copy(self) -> Auction:
        other = Auction.__new__(Auction)
        other.dealer = self.dealer
        other._calls = list(self._calls)
        other._seats = list(self._seats)
        other._states = list(self._states)
        other._st = self._st
        return other

    # result -------------------------------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        """The final bid with its doubling (L22A, L19D) once the auction is over; None if passed out or
        still running."""
        st = self._st
        if not st.over or st.last_bid is None:
            return None
        return _CONTRACTS[st.last_rank * 3 + st.doubling]

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side to name the final denomination (L22A, Definitions;
        NBB R15). Defined once the auction is over with a contract."""
        declaring = self._declaring()
        return None if declaring is None else declaring[1]

    def _declaring(self) -> tuple[Strain, Seat] | None:
        """The contract's strain and declarer (L22A) once the auction is over with a contract, else None: what
        ``declarer`` answers, and what a strict ``Table`` starts the play with (#28)."""
        st = self._st
        bid, bidder = st.last_bid, st.last_bidder
        if not st.over or bid is None or bidder is None:
            return None
        strain = bid.strain
        # L22A over the calls with their seats: the two lists grow and shrink together, and ``zip(…, strict=True)``
        # takes 3.11's keyword path (~1.7 k instructions of a strict table's board, #28)
        return strain, first_to_name(zip(self._seats, self._calls), strain, bidder)  # noqa: B905

    def first_to_name(self, strain: Strain, member: Seat) -> Seat:
        """The first player of ``member``'s side to bid ``strain``."""
        return first_to_name(zip(self._seats, self._calls), strain, member)  # noqa: B905 (see ``_declaring``)

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
        if isinstance(call, Bid) and call.strain == strain and (seat ^ member) & 1 == 0:  # the same side
            return seat
    return member
