"""The Blue Chip Bridge table-manager protocol (v18): client and server against each other (issue #13 item 6)."""

from __future__ import annotations

import asyncio

import pytest

from contractbridge import Board, Card, Deal, Seat
from contractbridge.calls import Call
from contractbridge.cards import Hand
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError
from contractbridge.players import RandomPlayer, play_board
from contractbridge.robots import Effort, default_robot
from contractbridge.table import Table
from contractbridge.tablemanager import (
    ProtocolError,
    TableManagerServer,
    format_call,
    format_card,
    format_hand,
    parse_call,
    parse_card,
    parse_hand,
    serve_boards,
)

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
    async def main() -> str:
        server = TableManagerServer([Board(1, Deal.random(1))], port=0)
        await server.start()
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"Hello\r\n")
        await writer.drain()
        reply = (await reader.readline()).decode()
        writer.close()
        with pytest.raises(ProtocolError):
            await server.serve()
        return reply

    assert asyncio.run(main()).startswith("Error:")
