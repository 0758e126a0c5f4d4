"""The Blue Chip Bridge table-manager protocol (v18): client and server against each other (issue #13 item 6), the
grammar, and interop with a client that behaves as BEN's (issue #24 item 1)."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner, Result

from ben_like_client import TIMING, BenLikeClient
from contractbridge import Board, Card, Deal, Seat
from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Hand
from contractbridge.cli import app
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError
from contractbridge.players import RandomPlayer, play_board
from contractbridge.robots import Effort, default_robot
from contractbridge.systems.base import CallMeaning
from contractbridge.table import Phase, Table, TableView
from contractbridge.tablemanager import (
    ProtocolError,
    TableManagerClient,
    TableManagerServer,
    format_call,
    format_card,
    format_hand,
    parse_call,
    parse_card,
    parse_hand,
    serve_boards,
)
from contractbridge.tablemanager.messages import FORMS, Kind, Message, read, render

QUICK = Effort(samples=6, time_limit=None, batch=6)


def test_protocol_words_round_trip() -> None:
    hand = Hand("AK3..QJ98.762")
    assert format_hand(hand) == "S A K 3. H -. D Q J 9 8. C 7 6 2."
    assert parse_hand(format_hand(hand)) == hand
    assert format_card(Card.parse("CT")) == "TC" and parse_card("10S") == Card.parse("ST")
    for text in ("1NT", "P", "X", "XX", "7S"):
        call = Call.parse(text)
        assert parse_call(format_call(Seat.EAST, call)) == (Seat.EAST, call)
    assert parse_call("West bids 2C Alert. artificial, forcing") == (Seat.WEST, Call.parse("2C"))
    with pytest.raises(ProtocolError):
        parse_call("West sings")
    with pytest.raises(ProtocolError):
        parse_card("ZZ")


def test_server_listens_on_loopback_only() -> None:
    with pytest.raises(BridgeError):
        TableManagerServer([Board(1, Deal.random(1))], host="0.0.0.0")


def test_random_players_through_the_server_give_the_in_process_log() -> None:
    boards = [Board(n, Deal.random(f"tm-{n}")) for n in (1, 2, 3)]
    tables = serve_boards(boards, {s: RandomPlayer(int(s)) for s in Seat})
    players = {s: RandomPlayer(int(s)) for s in Seat}  # the same players, board after board
    for board, table in zip(boards, tables, strict=True):
        local = Table(board)
        play_board(local, players)
        assert table.to_events() == local.to_events()


def test_two_robot_pairs_play_a_board_through_the_server_as_in_process() -> None:
    """Four client connections, our robots at each: the event log equals a board played in-process with the
    same seeds."""
    pytest.importorskip("endplay")
    board = Board(4, Deal.random("tm-robots"), vulnerability=Vulnerability.NS)
    (table,) = serve_boards([board], {s: default_robot(seed=int(s), effort=QUICK) for s in Seat})
    local = Table(board)
    play_board(local, {s: default_robot(seed=int(s), effort=QUICK) for s in Seat})
    assert table.result is not None and table.to_events() == local.to_events()


def test_a_client_that_breaks_the_protocol_is_refused() -> None:
    """A connection that does not begin with ``Connecting`` is answered ``Error`` and closed (#24); the table
    manager goes on waiting for its four seats, which then play."""

    async def main() -> tuple[str, bytes, TableManagerServer]:
        server = TableManagerServer([Board(1, Deal.random(1))], port=0)
        await server.start()
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"Hello\r\n")
        await writer.drain()
        reply = (await reader.readline()).decode()
        rest = await reader.read()
        writer.close()
        clients = [BenLikeClient(s, server.port, seed=int(s)) for s in Seat]
        await asyncio.gather(server.serve(), *(c.run() for c in clients))
        return reply, rest, server

    reply, rest, server = _bounded(main())
    assert reply.startswith("Error:") and rest == b""
    assert server.refused == ["?: not a table-manager message: 'Hello'"] and not server.errors
    assert server.tables[0].phase is Phase.DONE


# --- issue #24 item 1: the grammar, and interop with a client that behaves as BEN's -----------------------------

T = TypeVar("T")
SCRIPTS = {
    1: ["P", "P", "P", "P"],  # passed out
    2: ["1C", "X", "XX", "P", "P", "P"],  # redoubled
    3: ["1C", "P", "2C!strong, artificial", "P", "2NT", "X?penalty", "P", "P", "P"],
    4: ["1S", "P", "4S", "P", "P", "P"],
}


def _bounded(coro: Awaitable[T]) -> T:
    """Every network test ends: 60 s at most (localhost, a few boards)."""

    async def main() -> T:
        return await asyncio.wait_for(coro, 60)

    return asyncio.run(main())


SAMPLES = {
    Kind.CONNECT: Message(Kind.CONNECT, team="BEN", seat=Seat.NORTH, version=18),
    Kind.SEATED: Message(Kind.SEATED, seat=Seat.NORTH, team="BEN"),
    Kind.READY_TEAMS: Message(Kind.READY_TEAMS, seat=Seat.EAST),
    Kind.TEAMS: Message(Kind.TEAMS, ns="BEN", ew="contractbridge"),
    Kind.READY_START: Message(Kind.READY_START, seat=Seat.SOUTH),
    Kind.START_OF_BOARD: Message(Kind.START_OF_BOARD),
    Kind.READY_DEAL: Message(Kind.READY_DEAL, seat=Seat.WEST),
    Kind.BOARD: Message(Kind.BOARD, number=12, dealer=Seat.WEST, vulnerability=Vulnerability.EW),
    Kind.READY_CARDS: Message(Kind.READY_CARDS, seat=Seat.NORTH),
    Kind.CARDS: Message(Kind.CARDS, seat=Seat.NORTH, hand=Hand("AK3..QJ98.762")),
    Kind.READY_BID: Message(Kind.READY_BID, seat=Seat.NORTH, other=Seat.EAST),
    Kind.CALL: Message(Kind.CALL, seat=Seat.EAST, call=Call.parse("2C"), tail="Alert. strong, artificial"),
    Kind.TO_LEAD: Message(Kind.TO_LEAD, seat=Seat.EAST),
    Kind.DUMMY_TO_LEAD: Message(Kind.DUMMY_TO_LEAD),
    Kind.READY_CARD: Message(Kind.READY_CARD, seat=Seat.NORTH, other=Seat.WEST, trick=13),
    Kind.READY_DUMMY_CARD: Message(Kind.READY_DUMMY_CARD, seat=Seat.NORTH, trick=2),
    Kind.PLAY: Message(Kind.PLAY, seat=Seat.SOUTH, card=Card.parse("DT")),
    Kind.READY_DUMMY: Message(Kind.READY_DUMMY, seat=Seat.WEST),
    Kind.DUMMY_CARDS: Message(Kind.DUMMY_CARDS, hand=Hand("QJ6.K652.J85.T98")),
    Kind.TIMING: Message(Kind.TIMING, ns_board="01:05", ns_total="0:12:40", ew_board="00:59", ew_total="1:02:03"),
    Kind.END_OF_SESSION: Message(Kind.END_OF_SESSION),
    Kind.ERROR: Message(Kind.ERROR, text="team name mismatch"),
}


def test_every_message_of_the_grammar_reads_back_what_it_writes() -> None:
    assert {f.kind for f in FORMS} == set(Kind) == set(SAMPLES)
    for kind, message in SAMPLES.items():
        line = render(message)
        assert "[" not in line and read(line) == message, (kind, line)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('Teams : N/S : "ns_team". E/W : "ew_team"', Message(Kind.TEAMS, ns="ns_team", ew="ew_team")),  # C# host
        (
            "board number 801 . dealer north . Neither vulnerable",
            Message(Kind.BOARD, number=801, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE),
        ),
        ("North plays 5C. Forced", Message(Kind.PLAY, seat=Seat.NORTH, card=Card.parse("C5"), tail=". Forced")),
        ("West plays HT", Message(Kind.PLAY, seat=Seat.WEST, card=Card.parse("HT"))),  # suit first
        (
            "south bids 1NT Alert. 12 to 14",
            Message(Kind.CALL, seat=Seat.SOUTH, call=Call.parse("1NT"), tail="Alert. 12 to 14"),
        ),
        (
            "North's cards : S J 6 3. H K Q 9. D K J 9 8 6. C 5 3. ",
            Message(Kind.CARDS, seat=Seat.NORTH, hand=Hand("J63.KQ9.KJ986.53")),
        ),
        (
            "Timing - N/S : this board  03:30,  total  1:10:30.  E/W : this board  00:01,  total  0:00:02.",
            Message(Kind.TIMING, ns_board="03:30", ns_total="1:10:30", ew_board="00:01", ew_total="0:00:02"),
        ),
    ],
)
def test_the_grammar_tolerates_what_other_implementations_write(line: str, expected: Message) -> None:
    assert read(line) == expected


def test_explanations_and_refused_lines() -> None:
    assert read("East bids 2C Alert. strong, artificial").explanation == (True, "strong, artificial")
    assert read("East doubles Infos. penalty").explanation == (False, "penalty")
    assert read("East passes").explanation is None
    with pytest.raises(ProtocolError, match="not a table-manager message"):
        read("North plays 1X")
    with pytest.raises(ProtocolError):
        read("Start of board", by_client=True)  # only the table manager sends it
    with pytest.raises(ProtocolError):
        read("North ready for deal", by_client=False)


def _ben_session(
    boards: list[Board], client: Callable[[Seat], dict[str, Any]], **server: Any
) -> tuple[TableManagerServer, list[BenLikeClient]]:
    """A session of four BEN-like clients, each seeded by its seat and made with ``client(seat)``'s options, against
    a table manager made with ``server``'s; bounded (``_bounded``)."""

    async def main() -> tuple[TableManagerServer, list[BenLikeClient]]:
        tm = TableManagerServer(boards, port=0, **server)
        await tm.start()
        clients = [BenLikeClient(s, tm.port, seed=int(s), **client(s)) for s in Seat]
        await asyncio.gather(tm.serve(), *(c.run() for c in clients))
        return tm, clients

    return _bounded(main())


def test_clients_as_ben_in_every_seat_play_a_session_with_a_reconnection() -> None:
    """Four BEN-like clients, six boards: passed out, redoubled, alerts and an explanation, and on board 4 (West
    declares 4S) North drops its connection after five cards and connects again: the board starts again for all
    four (a dummy that drops would hold up nobody: its board goes on, and it joins the next one)."""
    boards = [Board(n, Deal.random(f"tm-ben-{n}")) for n in range(1, 7)]

    server, clients = _ben_session(
        boards,
        lambda s: {
            "scripts": SCRIPTS,
            "drop_at": (4, 5) if s == Seat.NORTH else None,
            "ready_after_timing": s == Seat.SOUTH,  # as older clients do: tolerated
        },
        reconnect_timeout=20,
    )
    tables = server.tables
    assert [t.phase for t in tables] == [Phase.DONE] * 6
    assert tables[0].contract is None
    assert [str(c) for c in tables[1].auction.calls] == SCRIPTS[2] and str(tables[1].contract) == "1CXX"
    assert len(server.abandoned) == 1 and server.abandoned[0].board.number == 4
    assert [c.reconnected for c in clients] == [1, 0, 0, 0]
    assert [c.restarts for c in clients] == [0, 1, 1, 1]
    for client in clients:
        assert [r.number for r in client.records] == [1, 2, 3, 4, 5, 6]
        for record, table in zip(client.records, tables, strict=True):
            assert record.calls == [str(c) for c in table.auction.calls]
            assert record.contract == (
                None if table.contract is None else f"{table.contract} {table.declarer.name.title()}"
            )
            play = table.play_state
            assert record.tricks_ns == (0 if play is None else sum(t.winner.side == 0 for t in play.tricks))
            assert TIMING.match(record.timing)
    # board 3: the alert of 2C (call 2, by dealer's partner) and the explanation of the double (call 5, by
    # dealer's LHO) reach the caller's opponents only (L20F; partner would receive unauthorized information, L16B)
    dealer = tables[2].board.dealer
    for seat, client in zip(Seat, clients, strict=True):
        expected = {5: "penalty"} if seat.side == dealer.side else {2: "strong, artificial"}
        assert client.records[2].explanations == expected
    assert server.explanations[3] == {2: (True, "strong, artificial"), 5: (False, "penalty")}


def test_ben_s_own_client_s_ways_after_a_board_starts_again_are_tolerated() -> None:
    """Seen running lorserker/ben's own table_manager_client.py (its networks replaced by trivial bots) in the four
    seats against ``serve-tm``: with ``--sendinfo`` it names its configuration after the protocol version, and
    once a board was started again (West dropped) its restart flag stays set, so on every later board it sends
    ``ready for deal`` both before and after ``Start of board`` (and once more after the last board's ``Timing``).
    The table manager refused all three; now every board is played, the same for the four."""
    boards = [Board(n, Deal.random(f"tm-sticky-{n}")) for n in (1, 2, 3)]

    server, clients = _ben_session(
        boards,
        lambda s: {
            "scripts": {1: SCRIPTS[4]},
            "drop_at": (1, 6) if s == Seat.WEST else None,
            "sticky_restart": True,
            "info": "trivial 0.8.8.6 config/default.conf",
        },
        reconnect_timeout=20,
    )
    assert [t.phase for t in server.tables] == [Phase.DONE] * 3
    assert [t.board.number for t in server.abandoned] == [1]
    assert [c.restarts for c in clients] == [1, 1, 1, 0] and clients[Seat.WEST].reconnected == 1
    for client in clients:
        assert [r.number for r in client.records] == [1, 2, 3]
        # West (no restart: it connected again) asks once a board, board 1 twice; the three that saw board 1
        # start again ask twice for boards 2 and 3 as well
        asks = client.sent.count(f"{client.me} ready for deal")
        assert asks == 4 if client.seat == Seat.WEST else asks >= 2 + 2 * 2


def test_a_seat_that_connects_again_before_its_old_connection_closes_replaces_it() -> None:
    """West (defending North's 4S) connects again while its old connection is still open: the new one takes the
    seat, and board 1 starts again for the four."""
    boards = [Board(n, Deal.random(f"tm-again-{n}")) for n in (1, 2)]

    server, clients = _ben_session(
        boards,
        lambda s: {
            "scripts": {1: SCRIPTS[4]},
            "drop_at": (1, 6) if s == Seat.WEST else None,
            "connect_before_closing": True,
        },
    )
    assert [t.phase for t in server.tables] == [Phase.DONE, Phase.DONE]
    assert str(server.tables[0].contract) == "4S" and server.tables[0].declarer == Seat.NORTH
    assert [t.board.number for t in server.abandoned] == [1]
    assert [c.reconnected for c in clients] == [0, 0, 0, 1]


@pytest.mark.parametrize(
    ("garbage", "why"),
    [
        ("{me} sings a song", "North: not a table-manager message"),
        ("{me} bids 1C", "'North bids 1C': it is not North's call"),
        ("{me} ready for teams", "North sent 'North ready for teams' where the protocol wants"),
    ],
)
def test_a_seat_whose_line_is_refused_connects_again_and_the_others_keep_their_connections(
    garbage: str, why: str
) -> None:
    """(#24) North sends, in the middle of board 1 (North declares 4S, after five cards), a line the table manager
    cannot read: North alone is answered ``Error`` and its connection closed; East, South and West keep theirs.
    North connects again (as after a drop), board 1 starts again for the four, and the session ends normally. A
    line unreadable, a call in the play (L16–L19: the table refuses it and changes nothing), a line out of place."""
    boards = [Board(n, Deal.random(f"tm-refused-{n}")) for n in (1, 2)]

    server, clients = _ben_session(
        boards,
        lambda s: {
            "scripts": {1: SCRIPTS[4]},
            "garble_at": (1, 5) if s == Seat.NORTH else None,
            "garbage": garbage,
        },
        reconnect_timeout=20,
    )
    assert not server.errors and [t.phase for t in server.tables] == [Phase.DONE, Phase.DONE]
    assert str(server.tables[0].contract) == "4S" and server.tables[0].declarer == Seat.NORTH
    assert len(server.refused) == 1 and why in server.refused[0]
    assert clients[Seat.NORTH].refusals == [f"Error: {server.refused[0]}"]
    assert [c.reconnected for c in clients] == [1, 0, 0, 0]
    assert [c.restarts for c in clients] == [0, 1, 1, 1]
    assert [t.board.number for t in server.abandoned] == [1]
    assert [e["event"] for e in server.abandoned[0].to_events()].count("play") == 5  # the refused line is not in it
    assert [who for who, line in server.transcript if line.startswith("Error")] == [">North"]
    for client in clients:
        assert [r.number for r in client.records] == [1, 2]


@pytest.mark.parametrize("ben_seat", list(Seat))
def test_a_ben_like_client_and_three_of_ours_play_together(ben_seat: Seat) -> None:
    boards = [Board(n, Deal.random(f"tm-mixed-{n}")) for n in (1, 2)]

    async def main() -> tuple[TableManagerServer, BenLikeClient, list[TableManagerClient]]:
        server = TableManagerServer(boards, port=0)
        await server.start()
        ben = BenLikeClient(ben_seat, server.port, seed=7)
        ours = [TableManagerClient(RandomPlayer(int(s)), s, port=server.port) for s in Seat if s != ben_seat]
        await asyncio.gather(server.serve(), ben.run(), *(c.run() for c in ours))
        return server, ben, ours

    server, ben, ours = _bounded(main())
    for seat_client in ours:
        views = [b.view() for b in seat_client.boards]
        assert [v.phase for v in views] == [Phase.DONE, Phase.DONE]
        for view, table in zip(views, server.tables, strict=True):
            assert view.contract == table.contract and len(view.tricks) == len(table.tricks)
        assert len(seat_client.timings) == 2
    for record, table in zip(ben.records, server.tables, strict=True):
        assert record.calls == [str(c) for c in table.auction.calls]
    # each trick's leader (declarer when dummy leads) is told once, before the trick
    sent = [line for who, line in server.transcript if who.startswith(">")]
    leads = sum(line.endswith(" to lead") for line in sent)
    assert leads == 13 * sum(t.contract is not None for t in server.tables)
    # our clients sent "ready to start" once (after the teams), never after a Timing
    received = [(who, line) for who, line in server.transcript if who.startswith("<")]
    for seat in Seat:
        name = f"<{seat.name.title()}"
        assert sum(line.endswith("ready to start") for who, line in received if who == name) == 1


def _raw_session(
    lines: list[str], *, reconnect_timeout: float = 30.0, refusals: int = 3
) -> tuple[list[str], str, TableManagerServer]:
    """Four raw connections: each seat connects and asks for the teams and its first board; then North's
    connection sends ``lines``. What North received, the server's error, the server."""

    async def main() -> tuple[list[str], str, TableManagerServer]:
        board = Board(1, Deal.random("tm-raw"))  # North deals
        server = TableManagerServer([board], port=0, reconnect_timeout=reconnect_timeout, refusals=refusals)
        await server.start()
        links = {}
        for seat in Seat:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            name = seat.name.title()
            for line in (f'Connecting "x" as {name} using protocol version 18', f"{name} ready for teams"):
                writer.write(f"{line}\r\n".encode())
            links[seat] = (reader, writer)
        reader, writer = links[Seat.NORTH]
        for line in lines:
            writer.write(f"{line}\r\n".encode())
        if not lines:
            writer.close()
        with pytest.raises(ProtocolError) as err:
            await server.serve()
        received = (await reader.read()).decode().splitlines()
        for _, w in links.values():
            w.close()
        return received, str(err.value), server

    return _bounded(main())


def test_a_card_before_the_auction_ends_is_refused_and_its_seat_dropped() -> None:
    """(#24) North alone is answered ``Error`` and its connection closed (L16–L19: the table refuses the card and
    changes nothing); the session ends only because North does not connect again."""
    received, error, server = _raw_session(
        ["North ready to start", "North ready for deal", "North ready for cards", "North plays AS"],
        reconnect_timeout=0.2,
    )
    assert received[-1].startswith("Error: 'North plays AS': it is not North's card to play")
    assert "not North's card" in error and "North did not connect again" in error
    assert [who for who, line in server.transcript if line.startswith("Error")] == [">North"]
    assert server.tables[0].to_events() == Table(server.tables[0].board).to_events()


def test_what_a_refused_connection_sent_after_the_refused_line_is_not_read() -> None:
    received, error, server = _raw_session(["North sings a song", "North ready to start"], reconnect_timeout=0.2)
    assert received[-1] == "Error: North: not a table-manager message: 'North sings a song'"
    assert "Start of board" not in received and "North did not connect again" in error
    assert ("<North", "North ready to start") not in server.transcript


def test_a_seat_refused_more_than_the_limit_ends_the_session() -> None:
    received, error, server = _raw_session(["North sings a song"], refusals=0)
    assert received[-1].startswith("Error: North: ") and "refused 1 times" in error
    assert server.refused == []


def test_a_seat_that_does_not_come_back_ends_the_session() -> None:
    _, error, _ = _raw_session([], reconnect_timeout=0.2)
    assert "North did not connect again" in error


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_tm_plays_a_board_with_clients_and_keeps_the_log(tmp_path: Path) -> None:
    """``contractbridge serve-tm`` in a thread, four of our clients against it; its log is a new file."""
    port, log = _free_port(), tmp_path / "match.jsonl"
    result: list[Result] = []
    thread = threading.Thread(
        target=lambda: result.append(
            CliRunner().invoke(app, ["serve-tm", "--port", str(port), "--boards", "2", "--log", str(log)])
        )
    )
    thread.start()

    async def clients() -> list[list[TableView]]:
        for _ in range(200):  # until it listens
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        return await asyncio.gather(*(TableManagerClient(RandomPlayer(int(s)), s, port=port).run() for s in Seat))

    views = _bounded(clients())
    thread.join(60)
    assert result and result[0].exit_code == 0, result[0].output if result else "serve-tm did not end"
    assert "board 1:" in result[0].output and "board 2:" in result[0].output
    logged = [Table.from_jsonl(chunk) for chunk in _boards_of(log.read_text(encoding="utf-8"))]
    assert [t.board.number for t in logged] == [1, 2] and all(t.phase is Phase.DONE for t in logged)
    assert [v.contract for v in views[0]] == [t.contract for t in logged]
    again = CliRunner().invoke(app, ["serve-tm", "--port", "0", "--log", str(log)])
    assert again.exit_code == 2 and "never replaces" in again.output


def _boards_of(text: str) -> list[str]:
    """The JSON-lines log split at each board's first event."""
    chunks: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith('{"event": "board"'):
            chunks.append("")
        chunks[-1] += line
    return chunks


class _Alerting:
    """North opens an artificial 2C and knows its meaning (as our robots do); the others pass; lowest cards."""

    def __init__(self) -> None:
        self.last_meaning: CallMeaning | None = None

    def call(self, view: TableView) -> Call:
        if view.seat == Seat.NORTH and not len(view.auction):
            self.last_meaning = CallMeaning(Call.parse("2C"), "strong, artificial", "test", artificial=True)
            return self.last_meaning.call
        self.last_meaning = None
        return Call.parse("P")

    def play(self, view: TableView) -> Card:
        return min(view.legal_cards)


def test_our_client_alerts_an_artificial_call_and_the_opponents_alone_hear_it() -> None:
    async def main() -> tuple[TableManagerServer, list[TableManagerClient]]:
        server = TableManagerServer([Board(1, Deal.random("tm-alert"))], port=0)
        await server.start()
        clients = [TableManagerClient(_Alerting(), s, port=server.port) for s in Seat]
        await asyncio.gather(server.serve(), *(c.run() for c in clients))
        return server, clients

    server, clients = _bounded(main())
    assert str(server.tables[0].contract) == "2C" and server.explanations[1] == {0: (True, "strong, artificial")}
    heard = [c.boards[0].explanations for c in clients]
    assert heard == [{}, {0: (True, "strong, artificial")}, {}, {0: (True, "strong, artificial")}]


def test_the_documented_grammar_is_the_code_s() -> None:
    """docs/tablemanager.md lists every template of ``FORMS``, as it is."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "tablemanager.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1].strip().strip("`") for line in doc.splitlines() if line.startswith("| `")]
    assert rows == [f.template for f in FORMS]


def test_our_client_connects_again_when_its_connection_is_cut() -> None:
    """North's connection runs through a relay the test cuts after the fifth card of board 1: our client
    (``reconnect=1``) connects again and board 1 starts again for the four."""
    boards = [Board(n, Deal.random(f"tm-cut-{n}")) for n in (1, 2)]

    async def main() -> tuple[TableManagerServer, list[TableManagerClient]]:
        server = TableManagerServer(boards, port=0)
        await server.start()
        cards = [0]  # cards seen on the first relayed connection (it is cut at the fifth)

        async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", server.port)
            first = cards[0] == 0

            async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
                while line := await source.readline():
                    sink.write(line)
                    cards[0] += first and b" plays " in line
                    if first and cards[0] >= 5:
                        break
                writer.close()
                up_writer.close()

            await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer), return_exceptions=True)

        relay_server = await asyncio.start_server(relay, "127.0.0.1", 0)
        relay_port = relay_server.sockets[0].getsockname()[1]

        ports = {s: relay_port if s == Seat.NORTH else server.port for s in Seat}
        clients = [TableManagerClient(RandomPlayer(int(s)), s, port=ports[s], reconnect=1) for s in Seat]
        await asyncio.gather(server.serve(), *(c.run() for c in clients))
        relay_server.close()
        return server, clients

    server, clients = _bounded(main())
    assert [t.phase for t in server.tables] == [Phase.DONE, Phase.DONE]
    assert [t.board.number for t in server.abandoned] == [1]
    for client in clients:
        assert [b.number for b in client.boards] == [1, 2]
        assert [b.view().contract for b in client.boards] == [t.contract for t in server.tables]


def test_the_commands_refuse_bad_input_with_a_clear_error() -> None:
    runner = CliRunner()
    no_boards = runner.invoke(app, ["serve-tm", "--port", "0", "--boards", "0"])
    assert no_boards.exit_code == 2 and "--boards must be at least 1" in no_boards.output
    refusals = runner.invoke(app, ["serve-tm", "--port", "0", "--refusals", "-1"])
    assert refusals.exit_code == 2 and "refusals must be 0 or more" in refusals.output
    nobody = runner.invoke(app, ["tm-client", "--seat", "N", "--port", str(_free_port()), "--reconnect", "0"])
    assert nobody.exit_code == 2 and "error" in nobody.output and "Traceback" not in nobody.output
    bad_seat = runner.invoke(app, ["tm-client", "--seat", "Q", "--port", str(_free_port())])
    assert bad_seat.exit_code == 2 and "Traceback" not in bad_seat.output


def test_a_line_too_long_or_full_of_blanks_is_read_at_once() -> None:
    assert read("North plays" + " " * 900 + "5C") == Message(Kind.PLAY, seat=Seat.NORTH, card=Card.parse("C5"))
    with pytest.raises(ProtocolError, match="at most 1000"):
        read("North bids 1C Alert. " + "x" * 2000)
    with pytest.raises(ProtocolError, match=r"not a hand.*appears twice"):
        read("North's cards : S" + " A" * 400 + ".")


class _WrongFirstLead(RandomPlayer):
    """A random player; the first opening lead of the session (``once``, shared by the four seats) is a card the
    leader does not hold."""

    def __init__(self, seed: int, once: list[bool]) -> None:
        super().__init__(seed)
        self.once = once

    def play(self, view: TableView) -> Card:
        if self.once:
            self.once.clear()
            return next(c for c in Hand.from_bits((1 << 52) - 1) if c not in view.legal_cards)
        return super().play(view)


def test_our_client_connects_again_after_an_error_as_serve_tm_expects() -> None:
    """(#24) serve-tm answers a refused line ``Error: …`` and drops the seat, which may connect again: our client
    does so (as after a drop) instead of stopping, board 1 starts again and the session ends normally."""
    boards = [Board(n, Deal.random(f"tm-error-{n}")) for n in (1, 2)]

    async def main() -> tuple[TableManagerServer, list[TableManagerClient]]:
        server = TableManagerServer(boards, port=0)
        await server.start()
        once = [True]
        clients = [TableManagerClient(_WrongFirstLead(int(s), once), s, port=server.port, reconnect=1) for s in Seat]
        await asyncio.gather(server.serve(), *(c.run() for c in clients))
        return server, clients

    server, clients = _bounded(main())
    refusals = [r for c in clients for r in c.refusals]
    assert len(refusals) == 1 and "is not in" in refusals[0] and "hand" in refusals[0], refusals
    assert server.refused == refusals and not server.errors
    assert [t.phase for t in server.tables] == [Phase.DONE, Phase.DONE]
    assert [t.board.number for t in server.abandoned] == [1]
    for client in clients:
        assert [b.number for b in client.boards] == [1, 2]


class _Explaining(_Alerting):
    """As ``_Alerting``, and it can explain a call as its system agrees it (as our robots do): the branch its hand
    took (``last_meaning``) says more than the agreement."""

    def call(self, view: TableView) -> Call:
        call = super().call(view)
        if self.last_meaning is not None:
            self.last_meaning = CallMeaning(
                call, "strong, artificial, my hand has 23 points", "branch", artificial=True
            )
        return call

    def explain(self, auction: Auction, index: int, vulnerability: Vulnerability) -> CallMeaning:
        call = auction.calls[index]
        return CallMeaning(call, "strong, artificial", "agreement", artificial=call == Call.parse("2C"))


def test_our_client_alerts_with_the_agreement_not_the_branch_its_hand_took_l20f1_l40b() -> None:
    async def main() -> tuple[TableManagerServer, list[TableManagerClient]]:
        server = TableManagerServer([Board(1, Deal.random("tm-alert"))], port=0)
        await server.start()
        clients = [TableManagerClient(_Explaining(), s, port=server.port) for s in Seat]
        await asyncio.gather(server.serve(), *(c.run() for c in clients))
        return server, clients

    server, clients = _bounded(main())
    assert server.explanations[1] == {0: (True, "strong, artificial")}
    assert [c.boards[0].explanations for c in clients][1] == {0: (True, "strong, artificial")}
