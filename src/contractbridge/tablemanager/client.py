"""A table-manager client (Blue Chip Bridge protocol v18, the grammar in ``messages``): any ``Player`` sits in one
seat at a table manager and plays until the session ends. The player receives its seat's ``TableView`` only,
built from what the table manager sent (its cards, the calls, dummy after the opening lead, the cards played).

One board, as seen by the client for North (→ what it sends, ← what it receives)::

    → Connecting "contractbridge" as North using protocol version 18   ← North ("contractbridge") seated
    → North ready for teams              ← Teams : N/S : "ns" E/W : "ew"
    → North ready to start               ← Start of board         (later boards: unasked, after Timing)
    → North ready for deal               ← Board number 1. Dealer North. Neither vulnerable.
    → North ready for cards              ← North's cards : S A K 3. H -. D Q J 9 8. C 7 6 2.
    → North bids 1S [Alert. …]           (its own call)
    → North ready for East's bid         ← East passes [Infos. …]
    ← North to lead / Dummy to lead      (before each trick it leads, or dummy leads with North declarer)
    → North plays AS / South plays 3D    (its own card; declarer also plays dummy's)
    → North ready for East's card to trick 1      ← East plays 7C [. Forced]
    → North ready for dummy              ← Dummy's cards : S … .   (after the opening lead)
    ← Timing - N/S : this board 01:02, total 0:05:40. E/W : …     ← Start of board / End of session

A ``Start of board`` in the middle of a board means the table manager started it again: the client drops what it
knew of it and plays it from its start. ``Error: <why>`` means the table manager refused the client's last line and
closes the connection (our ``serve-tm``, #24): the seat is away as after a drop, so the client connects again (within
its ``reconnect`` attempts) and the board starts again; ``refusals`` keeps each reason.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card, Hand, Seat, Side
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError
from contractbridge.laws import DEFAULT_EDITION
from contractbridge.play import Trick, trick_winner
from contractbridge.players import Player
from contractbridge.table import Phase, TableView
from contractbridge.tablemanager.messages import PROTOCOL_VERSION, Kind, Message, ProtocolError, read, render

__all__ = ["TableManagerClient"]


class _Restart(Exception):
    """The table manager started the board again."""


class _Dropped(Exception):
    """The connection to the table manager was lost, or it refused a line (``Error``) and closed it."""

    def __init__(self, why: str = "the table manager closed the connection") -> None:
        super().__init__(why)


@dataclass
class _SeatBoard:
    """One board as one seat follows it over the protocol; ``view()`` is its ``TableView``."""

    seat: Seat
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    hand: Hand
    auction: Auction = field(init=False)
    dummy_cards: Hand | None = None
    played: list[tuple[Seat, Card]] = field(default_factory=list)
    #: Call index → (alerted, explanation) as the table manager passed them on.
    explanations: dict[int, tuple[bool, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.auction = Auction(self.dealer)

    @property
    def tricks(self) -> list[Trick]:
        out: list[Trick] = []
        declarer, contract = self.auction.declarer, self.auction.contract
        if declarer is None or contract is None:
            return out
        leader = declarer.lho
        for i in range(len(self.played) // 4):
            four = self.played[4 * i : 4 * i + 4]
            cards = tuple(c for _, c in four)
            winner = trick_winner(leader, cards, contract.strain)
            out.append(Trick(leader, cards, winner))
            leader = winner
        return out

    @property
    def turn(self) -> Seat | None:
        if not self.auction.is_over:
            return self.auction.turn
        declarer = self.auction.declarer
        if declarer is None or len(self.played) == 52:
            return None
        tricks = self.tricks
        leader = tricks[-1].winner if tricks else declarer.lho
        return leader.offset(len(self.played) % 4)

    def controller(self, turn: Seat) -> Seat:
        return self.auction.declarer if turn == self.auction.dummy and self.auction.declarer is not None else turn

    def remaining(self, seat: Seat, cards: Hand) -> Hand:
        return cards - Hand([c for s, c in self.played if s == seat])

    def view(self) -> TableView:
        auction = self.auction
        turn = self.turn
        tricks = tuple(self.tricks)
        current = tuple(self.played[4 * len(tricks) :])
        dummy = auction.dummy
        dummy_hand = None
        if dummy is not None and self.played:
            known = self.hand if dummy == self.seat else self.dummy_cards
            dummy_hand = None if known is None else self.remaining(dummy, known)
        won = [0, 0]
        for t in tricks:
            won[t.winner.side] += 1
        phase = Phase.AUCTION if not auction.is_over else (Phase.DONE if turn is None else Phase.PLAY)
        legal_calls: tuple[Call, ...] = ()
        legal_cards: frozenset[Card] = frozenset()
        if turn is not None and phase is Phase.AUCTION and turn == self.seat:
            legal_calls = tuple(auction.legal_calls())
        elif turn is not None and phase is Phase.PLAY and self.controller(turn) == self.seat:
            source = self.remaining(self.seat, self.hand) if turn == self.seat else dummy_hand
            if source is not None:
                legal_cards = _legal(source, current)
        return TableView(
            seat=self.seat,
            number=self.number,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            edition=DEFAULT_EDITION,
            phase=phase,
            turn=turn,
            hand=self.remaining(self.seat, self.hand),
            auction=auction.copy(),
            contract=auction.contract,
            declarer=auction.declarer,
            dummy=dummy,
            dummy_hand=dummy_hand,
            tricks=tricks,
            current_trick=current,
            tricks_won=(won[Side.NS], won[Side.EW]),
            claim=None,
            claimer_hand=None,
            pending_irregularity=None,
            legal_calls=legal_calls,
            legal_cards=legal_cards,
        )


def _legal(hand: Hand, current: tuple[tuple[Seat, Card], ...]) -> frozenset[Card]:
    """L44C: follow suit if possible."""
    if current:
        follow = hand.cards_in(current[0][1].suit)
        if follow:
            return frozenset(follow)
    return frozenset(hand)


# --- the client -------------------------------------------------------------------------------------------------
class TableManagerClient:
    """Sits ``player`` in ``seat`` at the table manager on ``host:port`` and plays until the session ends.
    Our robots alert their artificial calls with the meaning their system agrees (``explain``; a player with only a
    ``last_meaning``, with that; L20F1, L40B). If the
    connection drops, or the table manager answers ``Error`` (it then drops the seat), the client connects again up
    to ``reconnect`` times (the board in progress then starts again)."""

    def __init__(
        self,
        player: Player,
        seat: Seat,
        *,
        name: str = "contractbridge",
        host: str = "127.0.0.1",
        port: int = 2000,
        reconnect: int = 0,
    ) -> None:
        self.player = player
        self.reconnect = reconnect
        self.seat = Seat(seat)
        self.name = name
        self.host = host
        self.port = port
        self.boards: list[_SeatBoard] = []
        #: The ``Timing`` line of each board played.
        self.timings: list[Message] = []
        #: The reason of each ``Error`` the table manager answered (each time it dropped the seat).
        self.refusals: list[str] = []
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._in_board = False

    async def _send(self, message: Message) -> None:
        assert self._writer is not None
        try:
            self._writer.write(render(message).encode("ascii", "replace") + b"\r\n")
            await self._writer.drain()
        except ConnectionError:
            raise _Dropped from None

    async def _receive(self) -> Message:
        """The next message; a ``Start of board`` within a board raises ``_Restart``."""
        assert self._reader is not None
        while True:
            try:
                raw = await self._reader.readline()
            except ConnectionError:
                raw = b""
            if not raw:
                raise _Dropped
            if line := raw.decode("ascii", "replace").strip():
                break
        message = read(line, by_client=False)
        if message.kind is Kind.ERROR:  # the table manager drops the seat after it: as a drop, connect again
            self.refusals.append(message.text)
            raise _Dropped(f"the table manager refused: {message.text}")
        if message.kind is Kind.START_OF_BOARD and self._in_board:
            raise _Restart
        return message

    async def _expect(self, *kinds: Kind, seat: Seat | None = None) -> Message:
        message = await self._receive()
        if message.kind not in kinds or (seat is not None and message.seat != seat):
            want = " or ".join(str(k) for k in kinds) + ("" if seat is None else f" for {seat.name.title()}")
            raise ProtocolError(f"expected {want} from the table manager, got {render(message)!r}")
        return message

    async def run(self) -> list[TableView]:
        """Connect, play every board of the session; the final view of each board."""
        attempts, connected = self.reconnect, False
        try:
            while True:
                try:
                    if not connected:
                        await self._connect()
                        connected = True
                    if (await self._expect(Kind.START_OF_BOARD, Kind.END_OF_SESSION)).kind is Kind.END_OF_SESSION:
                        break
                    while not await self._board():
                        pass
                except _Dropped:
                    if attempts == 0:
                        raise
                    attempts, connected = attempts - 1, False
                    assert self._writer is not None
                    self._writer.close()
        except _Dropped as err:
            raise ProtocolError(str(err)) from None
        finally:
            if self._writer is not None:
                self._writer.close()
        return [b.view() for b in self.boards]

    async def _connect(self) -> None:
        """Connect, take the seat, hear the teams and say ``ready to start``."""
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        me = self.seat
        await self._send(Message(Kind.CONNECT, team=self.name, seat=me, version=PROTOCOL_VERSION))
        await self._expect(Kind.SEATED, seat=me)
        await self._send(Message(Kind.READY_TEAMS, seat=me))
        await self._expect(Kind.TEAMS)
        await self._send(Message(Kind.READY_START, seat=me))

    async def _board(self) -> bool:
        """Play one board from ``ready for deal`` to its ``Timing``; False: it started again."""
        self._in_board = True
        count = len(self.boards)
        try:
            await self._play_board()
        except _Restart:
            del self.boards[count:]
            return False
        except _Dropped:
            del self.boards[count:]
            raise
        finally:
            self._in_board = False
        return True

    async def _play_board(self) -> None:
        me = self.seat
        await self._send(Message(Kind.READY_DEAL, seat=me))
        deal = await self._expect(Kind.BOARD)
        await self._send(Message(Kind.READY_CARDS, seat=me))
        cards = await self._expect(Kind.CARDS, seat=me)
        assert deal.dealer is not None and deal.vulnerability is not None and cards.hand is not None
        board = _SeatBoard(me, deal.number, deal.dealer, deal.vulnerability, cards.hand)
        self.boards.append(board)
        while (turn := board.auction.turn) is not None:
            if turn == me:
                call = self.player.call(board.view())
                board.auction.push(call, turn)
                await self._send(Message(Kind.CALL, seat=turn, call=call, tail=self._alert(call, board)))
            else:
                await self._send(Message(Kind.READY_BID, seat=me, other=turn))
                got = await self._expect(Kind.CALL, seat=turn)
                assert got.call is not None
                if (explanation := got.explanation) is not None:
                    board.explanations[len(board.auction)] = explanation
                board.auction.push(got.call, turn)
        dummy = board.auction.dummy
        while (turn := board.turn) is not None:
            mine = board.controller(turn) == me and me != dummy
            if mine and len(board.played) % 4 == 0:
                if turn == dummy:
                    await self._expect(Kind.DUMMY_TO_LEAD)
                else:
                    await self._expect(Kind.TO_LEAD, seat=turn)
            if mine:
                card = self.player.play(board.view())
                await self._send(Message(Kind.PLAY, seat=turn, card=card))
            else:
                trick = len(board.played) // 4 + 1
                if turn == dummy:
                    await self._send(Message(Kind.READY_DUMMY_CARD, seat=me, trick=trick))
                else:
                    await self._send(Message(Kind.READY_CARD, seat=me, other=turn, trick=trick))
                got = await self._expect(Kind.PLAY, seat=turn)
                assert got.card is not None
                card = got.card
            board.played.append((turn, card))
            if len(board.played) == 1 and me != dummy:
                await self._send(Message(Kind.READY_DUMMY, seat=me))
                board.dummy_cards = (await self._expect(Kind.DUMMY_CARDS)).hand
        self.timings.append(await self._expect(Kind.TIMING))

    def _alert(self, call: Call, board: _SeatBoard) -> str:
        """``Alert. <meaning>`` for an artificial call whose meaning the player knows (L20F), else nothing: the
        agreement (its ``explain``, what the pair's system says of the call, L20F1, L40B), not the branch its own
        hand took (``last_meaning``, used only by a player that cannot explain)."""
        meaning = getattr(self.player, "last_meaning", None)
        explain = getattr(self.player, "explain", None)
        if explain is not None:
            try:
                meaning = explain(board.auction, len(board.auction) - 1, board.vulnerability)
            except BridgeError:  # a call its system cannot read: no agreement to alert
                return ""
        if meaning is None or getattr(meaning, "call", None) != call or not getattr(meaning, "artificial", False):
            return ""
        return f"Alert. {meaning.text}"
