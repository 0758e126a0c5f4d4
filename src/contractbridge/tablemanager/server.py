"""A table manager (Blue Chip Bridge protocol v18, the grammar in ``messages``) for four clients on the loopback
interface.

One coroutine reads each connection and queues its lines; one loop handles them in arrival order, keeps a
``Table`` per board (the event log is the truth, docs/architecture.md §3.2) driven by the one table driver
(``players.Driver``: it says whose call or card the board waits for, and when it is over; the server keeps only
the transport and the protocol's presentation) and answers each seat with what that seat may see: its own cards,
dummy's after the opening lead (L41B–C), the calls and cards it asks for.

The board transition is the one of the hosts in use (the C# TableManagerHost; what BEN's client expects): the
first ``Start of board`` answers ``ready to start``; after ``Timing`` the next ``Start of board`` (or ``End of
session``) follows unasked, and a ``ready to start`` sent then is tolerated. The player to lead, or declarer when
dummy is to lead, is told ``<Seat> to lead`` / ``Dummy to lead`` before each trick. An explanation sent with a
call (``Alert.``/``Infos.``) is passed to the caller's opponents only (L20F, L75: partner must not receive it,
L16B). ``Timing`` reports each side's thinking time on the board and in the session.

A seat whose connection drops may connect again (same team name) within ``reconnect_timeout`` seconds. If it
had its cards and the board was not over, the board starts again for every seat that had begun it (``Start of
board`` sent unasked, as BEN's client expects mid-board), and the unfinished table is kept in ``abandoned``.

A line the table manager cannot accept (not the protocol's, out of place, a call or card out of turn or unlawful)
concerns its sender only (#24). The C# host answers that one client (``Expected '…'``), then its message loop
stops; here the sender is answered ``Error: <why>`` (the other seats hear nothing of it) and its connection is
closed, since neither side can tell where the other stands in the protocol after it: the seat is away as if it had
dropped and may connect again, the other three keep their connections. Nothing of the refused line reaches the
event log (the table refuses it unchanged). A seat refused more than ``refusals`` times ends the session (a client
that sends the same wrong line each time it comes back would otherwise start the board again for ever).

Version 18 has no claim (L68): every board is played to its last card.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, auto
from typing import Final

from contractbridge.cards import Card, Seat, Side
from contractbridge.deal import Board
from contractbridge.errors import BridgeError
from contractbridge.laws import DEFAULT_EDITION
from contractbridge.players import Action, Driver, Player, Wait, WaitKind
from contractbridge.table import Table
from contractbridge.tablemanager.client import TableManagerClient
from contractbridge.tablemanager.messages import (
    PROTOCOL_VERSION,
    Kind,
    Message,
    ProtocolError,
    read,
    render,
    seat_name,
)

__all__ = ["LOOPBACK", "TableManagerServer", "serve_boards"]

LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")


class _Stage(Enum):
    """Where one seat is in the protocol (what the table manager waits for from it)."""

    SEATED = auto()  # seated: ready for teams
    TEAMS = auto()  # asked for the teams: the four seats are not all there yet
    START = auto()  # ready to start (the first board, or after connecting again)
    DEAL = auto()  # ``Start of board`` sent: ready for deal
    CARDS = auto()  # the board's number sent: ready for cards
    BOARD = auto()  # its cards sent: the auction and the play
    ENDED = auto()  # ``End of session`` sent


@dataclass(eq=False)
class _Link:
    """One TCP connection; ``seat`` once it has connected as a seat."""

    writer: asyncio.StreamWriter
    seat: Seat | None = None
    closed: bool = False  # closed by the table manager: what it still sent is not read

    def close(self) -> None:
        self.closed = True
        self.writer.close()


@dataclass(eq=False)
class _Seat:
    """One seat: its connection (None while away), its board and how much of that board it has been told."""

    team: str
    link: _Link | None
    stage: _Stage = _Stage.SEATED
    board: int = 0
    calls_seen: int = 0
    cards_seen: int = 0
    lead_told: int = -1
    wants: deque[Message] = field(default_factory=deque)
    stale: bool = False  # the board started again: drop what the client sent before its ``ready for deal``
    midboard: bool = False  # it went away holding its cards of an unfinished board
    away_since: float = 0.0
    refused: list[str] = field(default_factory=list)  # why its lines were refused, in order

    def reset(self) -> None:
        self.calls_seen = self.cards_seen = 0
        self.lead_told = -1
        self.wants.clear()


@dataclass(eq=False)
class _Clock:
    """Each side's thinking time on one board: from the moment it was due to act to its call or card."""

    since: float | None = None
    used: list[float] = field(default_factory=lambda: [0.0, 0.0])


def _clock_text(seconds: float, hours: bool) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if hours else f"{s // 60:02d}:{s % 60:02d}"


def _played(table: Table) -> list[tuple[Seat, Card]]:
    play = table.play_state
    if play is None:
        return []
    return [p for t in play.tricks for p in t] + list(play.current_trick)


class TableManagerServer:
    """Runs ``boards`` at one table for four clients on the loopback interface (``port`` 0: any free port, see
    ``port`` once started). ``tables`` hold each board's event log; ``teams`` None takes the names North and
    East connect with. ``transcript`` is every line sent (``>North``) and received (``<North``)."""

    def __init__(
        self,
        boards: Sequence[Board],
        *,
        host: str = "127.0.0.1",
        port: int = 2000,
        teams: tuple[str, str] | None = None,
        edition: str = DEFAULT_EDITION,
        on_board: Callable[[Table], None] | None = None,
        reconnect_timeout: float = 30.0,
        refusals: int = 3,
    ) -> None:
        if host not in LOOPBACK:
            raise BridgeError(f"the table manager only listens on the loopback interface, not {host!r}")
        if not boards:
            raise BridgeError("the table manager needs at least one board")
        if refusals < 0:
            raise BridgeError(f"refusals must be 0 or more, not {refusals}")
        self.host = host
        self.port = port
        self.teams = teams
        self.edition = edition
        self.tables = [Table(b, edition) for b in boards]
        self._drivers = [Driver(t, {}, claims=False) for t in self.tables]
        #: Boards started again after a seat connected again (their unfinished logs, in order).
        self.abandoned: list[Table] = []
        #: Board number → call index → (alerted, explanation).
        self.explanations: dict[int, dict[int, tuple[bool, str]]] = {}
        self.transcript: list[tuple[str, str]] = []
        #: What went wrong, if anything (the session then stops).
        self.errors: list[str] = []
        #: Each line refused (its sender answered ``Error``, its connection closed; the session goes on).
        self.refused: list[str] = []
        self.on_board = on_board
        self.reconnect_timeout = reconnect_timeout
        self.refusals = refusals
        self._seats: dict[Seat, _Seat] = {}
        self._links: list[_Link] = []
        self._clocks = [_Clock() for _ in boards]
        self._totals = [0.0, 0.0]
        self._timing: dict[int, Message] = {}
        self._inbox: asyncio.Queue[tuple[_Link, str | None]] | None = None
        self._server: asyncio.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._readers: set[asyncio.Task[object]] = set()

    async def start(self) -> None:
        """Listen and begin serving; ``port`` is then the port actually bound."""
        self._inbox = asyncio.Queue()
        self._server = await asyncio.start_server(self._connection, self.host, self.port)
        self.port = int(self._server.sockets[0].getsockname()[1])
        self._task = asyncio.create_task(self._run())

    async def serve(self) -> list[Table]:
        """Start (if needed) and serve until the four seats have played every board."""
        if self._task is None:
            await self.start()
        assert self._server is not None and self._task is not None
        try:
            await self._task
        finally:
            for link in self._links:
                link.writer.close()
            self._server.close()
            # the readers see their connections close; none is left to be cancelled (and reported) at exit
            readers = [task for task in self._readers if not task.done()]
            if readers:
                await asyncio.wait(readers, timeout=1.0)
        if self.errors:
            raise ProtocolError("; ".join(self.errors))
        return self.tables

    # --- transport ----------------------------------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self._inbox is not None
        link = _Link(writer)
        self._links.append(link)
        task = asyncio.current_task()
        if task is not None:
            self._readers.add(task)
        try:
            while raw := await reader.readline():
                if line := raw.decode("ascii", "replace").strip():
                    await self._inbox.put((link, line))
        except (ConnectionError, ValueError):  # reset, or a line over the stream's limit
            pass
        except asyncio.CancelledError:  # the event loop ends with the connection open: it is simply over
            return
        await self._inbox.put((link, None))

    def _send(self, link: _Link | None, message: Message) -> None:
        if link is None or link.writer.is_closing():
            return
        line = render(message)
        self.transcript.append((f">{seat_name(link.seat) if link.seat is not None else '?'}", line))
        link.writer.write(line.encode("ascii", "replace") + b"\r\n")

    async def _run(self) -> None:
        assert self._inbox is not None
        while not (len(self._seats) == 4 and all(s.stage is _Stage.ENDED for s in self._seats.values())):
            away = [s for s in self._seats.values() if s.link is None and s.stage is not _Stage.ENDED]
            wait = None
            if away:
                wait = max(0.0, min(s.away_since for s in away) + self.reconnect_timeout - time.monotonic())
            try:
                link, line = await asyncio.wait_for(self._inbox.get(), wait)
            except TimeoutError:
                names = ", ".join(seat_name(k) for k, s in self._seats.items() if s in away)
                why = "".join(f" (refused: {s.refused[-1]})" for s in away if s.refused)
                late = f"{names} did not connect again within {self.reconnect_timeout:g} s{why}"
                self._fail(None, ProtocolError(late))
                return
            if link.closed and line is not None:
                continue  # sent before the table manager closed the connection
            try:
                if line is None:
                    self._dropped(link)
                else:
                    self._handle(link, line)
            except ProtocolError as err:
                self._refuse(link, err)
            except BridgeError as err:
                self._fail(link, err)
            if not self.errors:
                self._flush()
            if self.errors:
                return
            for link in self._links:
                if not link.writer.is_closing():
                    with contextlib.suppress(ConnectionError):  # its reader reports the drop
                        await link.writer.drain()

    def _fail(self, link: _Link | None, err: BridgeError) -> None:
        self.errors.append(f"{err}")
        self._send(link, Message(Kind.ERROR, text=f"{err}"))

    def _refuse(self, link: _Link, err: ProtocolError) -> None:
        """Answer ``Error`` to the one connection that sent a line not accepted, and close it: its seat is away
        and may connect again; past ``refusals`` times for one seat, the session ends."""
        if link.closed:
            return
        st = None if link.seat is None else self._seats[link.seat]
        if st is not None and st.link is link:
            if len(st.refused) >= self.refusals:
                self._fail(link, ProtocolError(f"{err} (refused {len(st.refused) + 1} times)"))
                return
            st.refused.append(f"{err}")
            self._dropped(link)
        self.refused.append(f"{err}")
        self._send(link, Message(Kind.ERROR, text=f"{err}"))
        link.close()

    # --- the protocol -------------------------------------------------------------------------------------------

    def _handle(self, link: _Link, line: str) -> None:
        who = "?" if link.seat is None else seat_name(link.seat)
        self.transcript.append((f"<{who}", line))
        try:
            msg = read(line, by_client=True)
        except ProtocolError as err:
            raise ProtocolError(f"{who}: {err}") from None
        if link.seat is None:
            self._connect(link, msg)
            return
        seat = link.seat
        st = self._seats[seat]
        if msg.seat is not None and msg.seat != seat and msg.kind is not Kind.PLAY:
            raise ProtocolError(f"{line!r} came from {who}'s connection")
        stage = st.stage
        if msg.kind is Kind.READY_START and stage in (_Stage.DEAL, _Stage.ENDED):
            return  # the next board began unasked; a client that still asks is tolerated
        if st.stale and stage is _Stage.DEAL and msg.kind is not Kind.READY_DEAL:
            return  # sent before it saw the board start again
        if msg.kind is Kind.READY_DEAL and stage in (_Stage.CARDS, _Stage.ENDED):
            return  # asked twice, or after the last board: BEN, once a board was started again, asks for every
            # later deal before and after ``Start of board`` (and so once more after the last ``Timing``)
        if stage is _Stage.SEATED and msg.kind is Kind.READY_TEAMS:
            st.stage = _Stage.TEAMS
        elif stage is _Stage.START and msg.kind is Kind.READY_START:
            self._start(seat)
        elif stage is _Stage.DEAL and msg.kind is Kind.READY_DEAL:
            board = self.tables[st.board].board
            st.stale = False
            st.stage = _Stage.CARDS
            vulnerability = board.vulnerability
            self._send(link, Message(Kind.BOARD, number=board.number, dealer=board.dealer, vulnerability=vulnerability))
        elif stage is _Stage.CARDS and msg.kind is Kind.READY_CARDS:
            st.stage = _Stage.BOARD
            clock = self._clocks[st.board]
            clock.since = time.monotonic() if clock.since is None else clock.since
            self._send(link, Message(Kind.CARDS, seat=seat, hand=self.tables[st.board].board.deal[seat]))
        elif stage is _Stage.BOARD and msg.kind in _REQUESTS:
            st.wants.append(msg)
        elif stage is _Stage.BOARD and msg.kind in (Kind.CALL, Kind.PLAY):
            self._act(seat, msg, line)
        else:
            raise ProtocolError(f"{who} sent {line!r} where the protocol wants {_WANTED[stage]}")

    def _connect(self, link: _Link, msg: Message) -> None:
        if msg.kind is not Kind.CONNECT or msg.seat is None:
            raise ProtocolError(f'expected: Connecting "NAME" as SEAT using protocol version {PROTOCOL_VERSION}')
        if msg.version != PROTOCOL_VERSION:
            raise ProtocolError(f"protocol version {msg.version} is not served (only {PROTOCOL_VERSION})")
        seat = msg.seat
        st = self._seats.get(seat)
        if st is None:
            st = self._seats[seat] = _Seat(msg.team, link)
        elif st.stage is _Stage.ENDED:
            raise ProtocolError(f"{seat_name(seat)} has ended its session")
        elif st.team != msg.team:
            raise ProtocolError(f"team name mismatch: {seat_name(seat)} is {st.team!r}, not {msg.team!r}")
        else:
            if st.link is not None:  # connected again before its old connection was seen to drop
                old = st.link
                self._dropped(old)
                old.close()
            st.link = link
            st.stage = _Stage.SEATED
        link.seat = seat
        self._send(link, Message(Kind.SEATED, seat=seat, team=msg.team))

    def _dropped(self, link: _Link) -> None:
        st = None if link.seat is None else self._seats[link.seat]
        if st is None or st.link is not link or st.stage is _Stage.ENDED:
            return
        st.link = None
        st.midboard = st.stage is _Stage.BOARD and self._waits(st.board).kind is not WaitKind.DONE
        st.stage = _Stage.SEATED
        st.away_since = time.monotonic()
        st.reset()

    def _start(self, seat: Seat) -> None:
        """``ready to start``: the first board, or the board of a seat that connected again."""
        st = self._seats[seat]
        if st.midboard and self._waits(st.board).kind is not WaitKind.DONE:
            self._restart(st.board, seat)
            return
        if st.midboard:
            st.board += 1  # its board ended while it was away
        st.midboard = False
        self._next_board(st)

    def _next_board(self, st: _Seat) -> None:
        st.reset()
        if st.board < len(self.tables):
            st.stage = _Stage.DEAL
            self._send(st.link, Message(Kind.START_OF_BOARD))
        else:
            st.stage = _Stage.ENDED
            self._send(st.link, Message(Kind.END_OF_SESSION))

    def _restart(self, index: int, returning: Seat) -> None:
        """Play board ``index`` again from its start: ``returning`` lost what it knew of it."""
        old = self.tables[index]
        self.abandoned.append(old)
        self.tables[index] = Table(old.board, self.edition)
        self._drivers[index] = Driver(self.tables[index], {}, claims=False)
        self._clocks[index] = _Clock()
        self.explanations.pop(old.board.number, None)
        for seat, st in self._seats.items():
            if st.board != index:
                continue
            if seat == returning or (st.link is not None and st.stage in (_Stage.CARDS, _Stage.BOARD)):
                st.stale = seat != returning
                st.midboard = False
                st.stage = _Stage.DEAL
                st.reset()
                self._send(st.link, Message(Kind.START_OF_BOARD))

    def _tick(self, index: int, seat: Seat) -> None:
        clock = self._clocks[index]
        now = time.monotonic()
        if clock.since is not None:
            clock.used[seat.side] += now - clock.since
        clock.since = now

    def _waits(self, index: int) -> Wait:
        """What board ``index`` waits for, as the table driver says (``players.Driver``): every seat here is a
        client, so the driver only reports whose call or card it is, or that the board is over."""
        driver = self._drivers[index]
        while isinstance(step := driver.step(), Action):
            pass  # the procedure's own actions (none arise without claims or robots)
        return step

    def _act(self, seat: Seat, msg: Message, line: str) -> None:
        """A client's own call or card (declarer's for dummy, L41D), if the driver waits for it from ``seat``
        and ``seat`` has been told everything before it."""
        st = self._seats[seat]
        table = self.tables[st.board]
        wait = self._waits(st.board)
        kind = WaitKind.CALL if msg.kind is Kind.CALL else WaitKind.PLAY
        told = st.calls_seen == len(table.auction) and st.cards_seen == len(_played(table))
        if wait.kind is not kind or wait.seat != seat or st.wants or not told:
            what = "call" if kind is WaitKind.CALL else "card to play"
            raise ProtocolError(f"{line!r}: it is not {seat_name(seat)}'s {what}")
        self._tick(st.board, seat)
        if msg.call is not None:
            event = {"event": "call", "seat": seat.letter, "call": str(msg.call)}
        else:
            assert msg.seat is not None and msg.card is not None
            event = {"event": "play", "seat": msg.seat.letter, "card": str(msg.card)}
        try:
            table.apply(event)
        except BridgeError as err:
            raise ProtocolError(f"{line!r}: {err}") from None
        if msg.call is not None:
            if (explanation := msg.explanation) is not None:
                self.explanations.setdefault(table.board.number, {})[st.calls_seen] = explanation
            st.calls_seen += 1
        else:
            st.cards_seen += 1
        self._after(seat)

    def _completed(self, index: int) -> None:
        """Board ``index`` is over: its timing, and ``on_board``."""
        clock = self._clocks[index]
        for side in Side:
            self._totals[side] += clock.used[side]
        self._timing[index] = Message(
            Kind.TIMING,
            ns_board=_clock_text(clock.used[Side.NS], False),
            ns_total=_clock_text(self._totals[Side.NS], True),
            ew_board=_clock_text(clock.used[Side.EW], False),
            ew_total=_clock_text(self._totals[Side.EW], True),
        )
        if self.on_board is not None:
            self.on_board(self.tables[index])

    def _after(self, seat: Seat) -> None:
        """What follows once ``seat`` knows one more call or card: the lead message, or the board's end."""
        st = self._seats[seat]
        index = st.board
        table = self.tables[index]
        over = self._waits(index).kind is WaitKind.DONE
        if over and index not in self._timing:
            self._completed(index)
        if st.calls_seen < len(table.auction) or not table.auction.is_over:
            return
        played = len(_played(table))
        declarer, dummy, n = table.declarer, table.dummy, st.cards_seen
        if declarer is not None and dummy is not None and n < 52 and n % 4 == 0 and n <= played and st.lead_told < n:
            play = table.play_state
            leader = declarer.lho if n == 0 or play is None else play.tricks[n // 4 - 1].winner
            if seat == (declarer if leader == dummy else leader):
                st.lead_told = n
                lead = Message(Kind.DUMMY_TO_LEAD) if leader == dummy else Message(Kind.TO_LEAD, seat=leader)
                self._send(st.link, lead)
        if over and n == played:
            self._send(st.link, self._timing[index])
            st.board += 1
            self._next_board(st)

    def _flush(self) -> None:
        """Send every seat what it asked for and may now have; the four seats are told the teams together."""
        for seat, st in self._seats.items():
            if st.link is None:
                continue
            if st.stage is _Stage.TEAMS and len(self._seats) == 4:
                ns, ew = self.teams or (self._seats[Seat.NORTH].team, self._seats[Seat.EAST].team)
                st.stage = _Stage.START
                self._send(st.link, Message(Kind.TEAMS, ns=ns, ew=ew))
            try:
                while st.stage is _Stage.BOARD and st.wants and self._answer(seat, st, st.wants[0]):
                    st.wants.popleft()
                    self._after(seat)
            except ProtocolError as err:  # this seat asked for what it cannot have: it alone is refused
                self._refuse(st.link, err)

    def _answer(self, seat: Seat, st: _Seat, want: Message) -> bool:
        """Answer ``want`` if the call or card it asks for has been made; False: not yet."""
        table = self.tables[st.board]
        auction = table.auction
        asked = f"{seat_name(seat)}'s {render(want)!r}"
        if want.kind is Kind.READY_BID:
            if st.calls_seen >= len(auction):
                if auction.is_over:
                    raise ProtocolError(f"{asked}: the auction is over")
                return False
            who, call = auction.history()[st.calls_seen]
            if want.other != who:
                raise ProtocolError(f"{asked}: the next call is {seat_name(who)}'s")
            explanation = self.explanations.get(table.board.number, {}).get(st.calls_seen)
            tail = ""
            if explanation is not None and who.side != seat.side:
                tail = f"{'Alert' if explanation[0] else 'Infos'}. {explanation[1]}".strip()
            self._send(st.link, Message(Kind.CALL, seat=who, call=call, tail=tail))
            st.calls_seen += 1
            return True
        if st.calls_seen < len(auction) or not auction.is_over or table.dummy is None:
            raise ProtocolError(f"{asked}: the play has not begun")
        played = _played(table)
        if want.kind is Kind.READY_DUMMY:
            if not played:
                return False
            self._send(st.link, Message(Kind.DUMMY_CARDS, hand=table.board.deal[table.dummy]))
            return True
        n = st.cards_seen
        if n >= len(played):
            if self._waits(st.board).kind is WaitKind.DONE:
                raise ProtocolError(f"{asked}: the play is over")
            return False
        who, card = played[n]
        if (want.kind is Kind.READY_DUMMY_CARD and who != table.dummy) or (
            want.kind is Kind.READY_CARD and want.other != who
        ):
            raise ProtocolError(f"{asked}: the next card is {seat_name(who)}'s")
        if want.trick != n // 4 + 1:
            raise ProtocolError(f"{asked}: the next card is to trick {n // 4 + 1}")
        self._send(st.link, Message(Kind.PLAY, seat=who, card=card))
        st.cards_seen += 1
        return True


_REQUESTS: Final = (Kind.READY_BID, Kind.READY_CARD, Kind.READY_DUMMY_CARD, Kind.READY_DUMMY)
_WANTED: Final = {
    _Stage.SEATED: "'ready for teams'",
    _Stage.TEAMS: "nothing until the four seats are there",
    _Stage.START: "'ready to start'",
    _Stage.DEAL: "'ready for deal'",
    _Stage.CARDS: "'ready for cards'",
    _Stage.BOARD: "a call, a card or a 'ready for' message",
    _Stage.ENDED: "nothing (the session is over)",
}


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
