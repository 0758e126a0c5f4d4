"""The Blue Chip Bridge table-manager protocol (version 18, the World Computer Bridge Championship's): a
client, so that any ``Player`` can sit at a table run by a table manager, and a server, so that four clients
(our robots, or other programs, one process per seat) can play boards against each other over TCP.

Lines end with CR LF; seats are written ``North`` … ``West``; cards rank first (``7C``, ``TS``); hands
``S A K 3. H -. D Q J 9 8. C 7 6 2.``. One board, as seen by the client for North::

    Connecting "contractbridge" as North using protocol version 18   →  North ("contractbridge") seated
    North ready for teams            →  Teams : N/S : "ns" E/W : "ew"
    North ready to start             →  Start of board
    North ready for deal             →  Board number 1. Dealer North. Neither vulnerable.
    North ready for cards            →  North's cards : S A K 3. H -. D Q J 9 8. C 7 6 2.
    North bids 1S                       (its own call; "passes", "doubles", "redoubles")
    North ready for East's bid       →  East passes
    North ready for East's card to trick 1   →  East plays 7C
    North ready for dummy            →  Dummy's cards : S … .   (after the opening lead)
    North plays AS / South plays 3D     (its own card; declarer also names dummy's cards)
    …                                →  Timing - …   (after the last card, or the fourth pass)
    North ready to start             →  Start of board … or End of session

The server only listens on the loopback interface. It keeps a ``Table`` per board (the event log is the
truth, docs/architecture.md §3.2) and sends each client only what its seat may see.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from contractbridge.auction import Auction
from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Call
from contractbridge.cards import SUITS_HIGH_FIRST, Card, Hand, Rank, Seat, Side, Suit
from contractbridge.deal import Board, Vulnerability
from contractbridge.errors import BridgeError, ParseError
from contractbridge.laws import DEFAULT_EDITION
from contractbridge.play import Trick, trick_winner
from contractbridge.players import Player
from contractbridge.table import Phase, Table, TableView

__all__ = [
    "PROTOCOL_VERSION",
    "ProtocolError",
    "TableManagerClient",
    "TableManagerServer",
    "format_call",
    "format_card",
    "format_hand",
    "parse_call",
    "parse_card",
    "parse_hand",
    "serve_boards",
]

PROTOCOL_VERSION: Final = 18
LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
_NAMES: Final = ("North", "East", "South", "West")
_VUL_TEXT: Final = {
    Vulnerability.NONE: "Neither",
    Vulnerability.NS: "N/S",
    Vulnerability.EW: "E/W",
    Vulnerability.BOTH: "Both",
}
_CONNECT: Final = re.compile(r'Connecting "(?P<name>[^"]*)" as (?P<seat>\w+) using protocol version (?P<v>\d+)', re.I)
_BOARD: Final = re.compile(r"Board number (?P<n>\d+)\. Dealer (?P<dealer>\w+)\. (?P<vul>\S+) vulnerable\.", re.I)
_CARDS: Final = re.compile(r"(?P<seat>\w+)'s cards : (?P<hand>.*)", re.I)
_READY_BID: Final = re.compile(r"(?P<me>\w+) ready for (?P<who>\w+)'s bid", re.I)
_READY_CARD: Final = re.compile(r"(?P<me>\w+) ready for (?P<who>\w+)'s card to trick (?P<t>\d+)", re.I)


class ProtocolError(BridgeError):
    """A table-manager message that does not fit the protocol or the state of the board."""


# --- the words of the protocol ----------------------------------------------------------------------------------


def _seat_name(seat: Seat) -> str:
    return _NAMES[seat]


def _parse_seat(text: str) -> Seat:
    for seat in Seat:
        if text.strip().lower() == _NAMES[seat].lower():
            return seat
    raise ProtocolError(f"not a seat: {text!r} (North, East, South or West)")


def format_card(card: Card) -> str:
    """``Card("C7")`` → ``7C`` (rank first)."""
    return f"{card.rank.letter}{card.suit.letter}"


def parse_card(text: str) -> Card:
    """``7C``, ``TS``, ``10S`` → the card."""
    t = text.strip().upper().replace("10", "T")
    if len(t) != 2:
        raise ProtocolError(f"not a card: {text!r}")
    try:
        return Card(Suit.parse(t[1]), Rank.parse(t[0]))
    except ParseError:
        raise ProtocolError(f"not a card: {text!r}") from None


def format_hand(hand: Hand) -> str:
    """``S A K 3. H -. D Q J 9 8. C 7 6 2.``"""
    parts = []
    for suit in SUITS_HIGH_FIRST:
        ranks = sorted(hand.ranks(suit), reverse=True)
        parts.append(f"{suit.letter} {' '.join(r.letter for r in ranks) if ranks else '-'}.")
    return " ".join(parts)


def parse_hand(text: str) -> Hand:
    """The hand of a ``… cards : S A K 3. H -. …`` line."""
    cards: list[Card] = []
    for part in text.split("."):
        words = part.split()
        if not words:
            continue
        suit = Suit.parse(words[0])
        cards.extend(Card(suit, Rank.parse(w.replace("10", "T"))) for w in words[1:] if w != "-")
    return Hand(cards)


def format_call(seat: Seat, call: Call) -> str:
    """``North bids 1NT``, ``North passes``, ``North doubles``, ``North redoubles``."""
    name = _seat_name(seat)
    if call == PASS:
        return f"{name} passes"
    if call == DOUBLE:
        return f"{name} doubles"
    if call == REDOUBLE:
        return f"{name} redoubles"
    return f"{name} bids {call}"


def parse_call(line: str) -> tuple[Seat, Call]:
    """The seat and call of a bid message (an ``Alert.``/``Infos.`` explanation after it is ignored)."""
    words = line.split()
    if len(words) < 2:
        raise ProtocolError(f"not a call: {line!r}")
    seat = _parse_seat(words[0])
    action = words[1].lower()
    if action in ("passes", "doubles", "redoubles"):
        return seat, {"passes": PASS, "doubles": DOUBLE, "redoubles": REDOUBLE}[action]
    if action == "bids" and len(words) >= 3:
        try:
            return seat, Call.parse(words[2].rstrip("."))
        except ParseError:
            pass
    raise ProtocolError(f"not a call: {line!r}")


def _parse_play(line: str) -> tuple[Seat, Card] | None:
    words = line.split()
    if len(words) == 3 and words[1].lower() == "plays":
        return _parse_seat(words[0]), parse_card(words[2])
    return None


def _timing() -> str:
    zero = "this board [00:00:00],  total [00:00:00]"
    return f"Timing - N/S : {zero}.  E/W : {zero}."


class _Line:
    """One end of a connection: CR LF terminated lines."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    async def send(self, line: str) -> None:
        self.writer.write((line + "\r\n").encode())
        await self.writer.drain()

    async def receive(self) -> str:
        """The next line that is not blank."""
        while True:
            raw = await self.reader.readline()
            if not raw:
                raise ProtocolError("the other end closed the connection")
            line = raw.decode().strip()
            if line:
                return line


# --- what a client knows of a board -----------------------------------------------------------------------------


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
    The player receives its seat's ``TableView`` only, built from what the table manager sent."""

    def __init__(
        self,
        player: Player,
        seat: Seat,
        *,
        name: str = "contractbridge",
        host: str = "127.0.0.1",
        port: int = 2000,
    ) -> None:
        self.player = player
        self.seat = Seat(seat)
        self.name = name
        self.host = host
        self.port = port
        self.boards: list[_SeatBoard] = []
        self._line: _Line | None = None

    async def _send(self, line: str) -> None:
        assert self._line is not None
        await self._line.send(line)

    async def _receive(self) -> str:
        assert self._line is not None
        while True:
            line = await self._line.receive()
            if not line.startswith("Timing"):
                return line

    async def _expect(self, pattern: str) -> str:
        line = await self._receive()
        if not re.match(pattern, line, re.I):
            raise ProtocolError(f"expected {pattern!r} from the table manager, got {line!r}")
        return line

    async def run(self) -> list[TableView]:
        """Connect, play every board of the session; the final view of each board."""
        self._line = _Line(*await asyncio.open_connection(self.host, self.port))
        me = _seat_name(self.seat)
        try:
            await self._send(f'Connecting "{self.name}" as {me} using protocol version {PROTOCOL_VERSION}')
            await self._expect(rf"{me} .*seated")
            await self._send(f"{me} ready for teams")
            await self._expect(r"Teams")
            while True:
                await self._send(f"{me} ready to start")
                line = await self._receive()
                if line.lower().startswith("end of session"):
                    break
                if not line.lower().startswith("start of board"):
                    raise ProtocolError(f"expected the start of a board, got {line!r}")
                await self._board()
        finally:
            self._line.writer.close()
        return [b.view() for b in self.boards]

    async def _board(self) -> None:
        me = _seat_name(self.seat)
        await self._send(f"{me} ready for deal")
        m = _BOARD.match(await self._receive())
        if m is None:
            raise ProtocolError("expected the board number, dealer and vulnerability")
        vul = {v.lower(): k for k, v in _VUL_TEXT.items()}.get(m["vul"].lower())
        if vul is None:
            raise ProtocolError(f"unknown vulnerability {m['vul']!r}")
        await self._send(f"{me} ready for cards")
        cards = _CARDS.match(await self._receive())
        if cards is None or _parse_seat(cards["seat"]) != self.seat:
            raise ProtocolError("expected this seat's cards")
        board = _SeatBoard(self.seat, int(m["n"]), _parse_seat(m["dealer"]), vul, parse_hand(cards["hand"]))
        self.boards.append(board)
        while not board.auction.is_over:
            turn = board.auction.turn
            assert turn is not None
            if turn == self.seat:
                call = self.player.call(board.view())
                board.auction.push(call, turn)
                await self._send(format_call(turn, call))
            else:
                await self._send(f"{me} ready for {_seat_name(turn)}'s bid")
                seat, call = parse_call(await self._receive())
                if seat != turn:
                    raise ProtocolError(f"expected {_seat_name(turn)}'s bid")
                board.auction.push(call, turn)
        while (turn := board.turn) is not None:
            dummy = board.auction.dummy
            if board.controller(turn) == self.seat and self.seat != dummy:
                card = self.player.play(board.view())
                await self._send(f"{_seat_name(turn)} plays {format_card(card)}")
            else:
                who = "dummy" if turn == dummy else _seat_name(turn)
                await self._send(f"{me} ready for {who}'s card to trick {len(board.played) // 4 + 1}")
                got = _parse_play(await self._receive())
                if got is None or got[0] != turn:
                    raise ProtocolError(f"expected {_seat_name(turn)}'s card")
                card = got[1]
            board.played.append((turn, card))
            if len(board.played) == 1 and self.seat != dummy:
                await self._send(f"{me} ready for dummy")
                line = await self._expect(r"Dummy's cards")
                board.dummy_cards = parse_hand(line.split(":", 1)[1])


# --- the server -------------------------------------------------------------------------------------------------


class TableManagerServer:
    """Runs ``boards`` at one table for four clients on the loopback interface (``port`` 0: any free port,
    see ``port`` once started). ``tables`` hold each board's event log."""

    def __init__(
        self,
        boards: Sequence[Board],
        *,
        host: str = "127.0.0.1",
        port: int = 2000,
        teams: tuple[str, str] = ("N/S", "E/W"),
        edition: str = DEFAULT_EDITION,
        on_board: Callable[[Table], None] | None = None,
    ) -> None:
        if host not in LOOPBACK:
            raise BridgeError(f"the table manager only listens on the loopback interface, not {host!r}")
        self.host = host
        self.port = port
        self.teams = teams
        self.tables = [Table(b, edition) for b in boards]
        self.on_board = on_board
        self._seated: dict[Seat, str] = {}
        #: What went wrong with a client, if anything (the session then stops).
        self.errors: list[str] = []
        self._changed = asyncio.Condition()
        self._finished = 0
        self._server: asyncio.Server | None = None
        self._done: asyncio.Event | None = None

    async def start(self) -> None:
        """Listen; ``port`` is then the port actually bound."""
        self._done = asyncio.Event()
        self._server = await asyncio.start_server(self._session, self.host, self.port)
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def serve(self) -> list[Table]:
        """Start (if needed) and serve until the four seats have played every board."""
        if self._server is None:
            await self.start()
        assert self._server is not None and self._done is not None
        async with self._server:
            await self._done.wait()
        if self.errors:
            raise ProtocolError("; ".join(self.errors))
        return self.tables

    async def _changed_now(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _wait(self, test: Callable[[], bool]) -> None:
        async with self._changed:
            await self._changed.wait_for(test)

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        line = _Line(reader, writer)
        try:
            m = _CONNECT.match(await line.receive())
            if m is None:
                raise ProtocolError('expected: Connecting "NAME" as SEAT using protocol version 18')
            seat = _parse_seat(m["seat"])
            if seat in self._seated:
                raise ProtocolError(f"{_seat_name(seat)} is already seated")
            self._seated[seat] = m["name"]
            await self._changed_now()
            await line.send(f'{_seat_name(seat)} ("{m["name"]}") seated')
            self._ready(await line.receive(), seat, "for teams")
            await self._wait(lambda: len(self._seated) == 4)
            await line.send(f'Teams : N/S : "{self.teams[0]}" E/W : "{self.teams[1]}"')
            for table in self.tables:
                self._ready(await line.receive(), seat, "to start")
                await line.send("Start of board")
                await self._play_board(table, seat, line)
            self._ready(await line.receive(), seat, "to start")
            await line.send("End of session")
        except (BridgeError, ConnectionError) as err:
            self.errors.append(f"{err}")
            writer.write(f"Error: {err}\r\n".encode())
        finally:
            writer.close()
            self._finished += 1
            if self._done is not None and (self._finished == 4 or self.errors):
                self._done.set()

    @staticmethod
    def _ready(line: str, seat: Seat, what: str) -> None:
        if line.lower() != f"{_seat_name(seat)} ready {what}".lower():
            raise ProtocolError(f"expected '{_seat_name(seat)} ready {what}', got {line!r}")

    async def _play_board(self, table: Table, seat: Seat, line: _Line) -> None:
        out, get = line.send, line.receive
        board = table.board
        self._ready(await get(), seat, "for deal")
        vul = _VUL_TEXT[board.vulnerability]
        await out(f"Board number {board.number}. Dealer {_seat_name(board.dealer)}. {vul} vulnerable.")
        self._ready(await get(), seat, "for cards")
        await out(f"{_seat_name(seat)}'s cards : {format_hand(board.deal[seat])}")
        calls_seen = 0
        cards_seen = 0
        while not (table.phase is Phase.DONE and calls_seen == len(table.auction) and cards_seen == _played(table)):
            text = await get()
            if _READY_BID.match(text) is not None:
                index = calls_seen
                await self._wait(lambda i=index: len(table.auction) > i)  # type: ignore[misc]
                who, call = table.auction.history()[index]
                await out(format_call(who, call))
                calls_seen += 1
            elif _READY_CARD.match(text) is not None:
                index = cards_seen
                await self._wait(lambda i=index: _played(table) > i)  # type: ignore[misc]
                who, card = _cards_played(table)[index]
                await out(f"{_seat_name(who)} plays {format_card(card)}")
                cards_seen += 1
            elif text.lower() == f"{_seat_name(seat)} ready for dummy".lower():
                await self._wait(lambda: _played(table) > 0)
                dummy = table.dummy
                assert dummy is not None
                await out(f"Dummy's cards : {format_hand(board.deal[dummy])}")
            elif (play := _parse_play(text)) is not None:
                who, card = play
                if table.actor != seat or table.turn != who:
                    raise ProtocolError(f"{text!r}: it is not {_seat_name(seat)}'s card to play")
                table.play(card, who)
                cards_seen += 1
                await self._changed_now()
            else:
                who, call = parse_call(text)
                if who != seat:
                    raise ProtocolError(f"{text!r}: {_seat_name(seat)} calls only for itself")
                table.call(call, who)
                calls_seen += 1
                await self._changed_now()
        await out(_timing())
        if self.on_board is not None and seat == Seat.NORTH:
            self.on_board(table)


def _cards_played(table: Table) -> list[tuple[Seat, Card]]:
    play = table.play_state
    if play is None:
        return []
    return [p for t in play.tricks for p in t] + list(play.current_trick)


def _played(table: Table) -> int:
    play = table.play_state
    return 0 if play is None else 4 * len(play.tricks) + len(play.current_trick)


def serve_boards(
    boards: Sequence[Board], players: Mapping[Seat, Player], *, edition: str = DEFAULT_EDITION
) -> list[Table]:
    """Play ``boards`` through a table-manager server on a free loopback port with one client per seat
    (``players``), all in this process; the server's tables."""

    async def main() -> list[Table]:
        server = TableManagerServer(boards, port=0, edition=edition)
        await server.start()
        clients = [TableManagerClient(players[s], s, port=server.port) for s in Seat]
        tables, *_ = await asyncio.gather(server.serve(), *(c.run() for c in clients))
        return tables  # type: ignore[return-value]

    return asyncio.run(main())
