"""The web table in-process (FastAPI's TestClient): seats and tokens, robots, bad messages, undo, claims, the
director, spectators, the store and a restart. Issue #14; laws cited where a test checks one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from contractbridge.server import create_app
from contractbridge.store import Store
from contractbridge.table import Table
from web_helpers import Frame, frames, open_table, play_out, state, until

WEB_SEED = "test-web-table"  # the ``client`` fixture's deals (conftest.py)


def test_health_and_lobby(client: TestClient) -> None:
    assert client.get("/health").json()["status"] == "ok"
    table_id, _, _ = open_table(client, name="Club", robots=["N"])
    assert client.get("/").status_code == 200
    assert "Club" in client.get(f"/t/{table_id}").text
    listed = client.get("/api/tables").json()
    assert [t["seats"]["N"]["kind"] for t in listed] == ["robot"]
    assert client.post(f"/api/tables/{table_id}/seats/N", json={}).status_code == 409  # taken
    assert client.post("/api/tables", json={"edition": "XX99"}).status_code == 422


def test_south_with_three_robots_plays_a_board_to_the_end(client: TestClient, store: Store) -> None:
    table_id, tokens, _ = open_table(client, robots=["N", "E", "W"], humans="S")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as ws:
        done = play_out(frames(ws), ws.send_json)
    assert done["result"] is not None and done["deal"] is not None  # all hands once the board is done
    [result] = store.results(table_id)
    assert result["score_ns"] == done["result"]["score_ns"]
    stored = store.current_board(table_id)
    assert stored is not None and Table.from_events(stored.events).result is not None


def test_bad_messages_get_error_frames_and_the_connection_survives(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="NS")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as ws:
        first = state(ws)
        assert first["view"]["turn"] == "N"  # board 1: North deals (L2)
        bad: list[tuple[Any, str]] = [
            ("not json", "ProtocolError"),
            ([1, 2], "ProtocolError"),
            ({"type": "shout"}, "ProtocolError"),
            ({"type": "call"}, "ProtocolError"),
            ({"type": "call", "call": 7}, "ProtocolError"),
            ({"type": "call", "call": "9Z"}, "ParseError"),
            ({"type": "play", "card": "SA"}, "PlayNotStartedError"),
            ({"type": "claim", "tricks": 3}, "ClaimError"),
            ({"type": "judge", "question": "q", "answer": True}, "RulingError"),
            ({"type": "choose", "option": "accept"}, "RulingError"),
            ({"type": "call", "call": "x" * 5000}, "ProtocolError"),
        ]
        for message, error in bad:
            if isinstance(message, str):
                ws.send_text(message)
            else:
                ws.send_json(message)
            frame = state(ws)
            assert (frame["type"], frame["error"]) == ("error", error), (message, frame)
        ws.send_json({"type": "call", "call": "1NT"})
        ws.send_json({"type": "call", "call": "1S"})  # East's turn now: not North's (L28)
        after = until(ws, lambda f: len(f["view"]["auction"]) == 1)
        assert after["view"]["auction"] == [["N", "1NT"]]
        frame = state(ws)
        assert frame["error"] == "OutOfTurnError"
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as ws:
        state(ws)


def test_an_insufficient_bid_is_refused_at_a_table_without_director(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="NE")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east:  # fmt: skip
        state(north), state(east), state(north)
        north.send_json({"type": "call", "call": "1S"})
        until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "call", "call": "1H"})
        frame = state(east)
        assert frame["error"] == "InsufficientBidError"  # L18D, L27: nothing changes


def test_rate_limit(store: Store) -> None:
    with TestClient(create_app(store, rate=0.001, burst=3)) as client:
        table_id, tokens, _ = open_table(client, humans="N")
        with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as ws:
            state(ws)
            for _ in range(4):
                ws.send_json({"type": "ping"})
            replies = [state(ws) for _ in range(4)]
            assert [r["type"] for r in replies] == ["pong", "pong", "pong", "error"]
            assert replies[-1]["error"] == "RateLimitError"


def test_tokens_spectators_and_the_partners_explanation(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="NES", spectators="hidden")
    with client.websocket_connect(f"/ws/{table_id}?token=forged") as ws:
        assert state(ws)["error"] == "ProtocolError"
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as south, \
            client.websocket_connect(f"/ws/{table_id}") as watcher:  # fmt: skip
        north.send_json({"type": "call", "call": "2C", "alert": True, "explanation": "strong, artificial"})
        seen = {name: until(ws, lambda f: len(f["view"]["auction"]) == 1)
                for name, ws in (("E", east), ("S", south), ("watcher", watcher))}  # fmt: skip
        assert seen["E"]["explanations"][0]["explanation"] == "strong, artificial"  # L20F: to the opponents
        assert seen["watcher"]["explanations"]
        assert seen["S"]["explanations"] == []  # never to the partner
        assert seen["watcher"]["view"]["hand"] is None and seen["watcher"]["deal"] is None
        assert seen["S"]["view"]["hand"] and "hands" not in seen["S"]


@pytest.mark.usefixtures("quick_robots")  # four robots play the boards the spectator watches
def test_delayed_spectators_and_no_spectators(client: TestClient) -> None:
    """Delayed spectators see every hand one whole board behind (#26): while board 2 is played, board 1 replayed;
    never a hand of the board in play."""
    table_id, _, _ = open_table(client, robots=["N", "E", "S", "W"], spectators="delayed", boards=2)
    with client.websocket_connect(f"/ws/{table_id}") as watcher:
        frame = until(watcher, lambda f: f["seq"] >= 5 and f["view"]["phase"] != "done" and "hands" in f)
        assert frame["delayed"] == {"board": 1, "playing": 2} and frame["view"]["board"] == 1
        assert len(frame["hands"]) == 4 and frame["table"]["board"] == 2
    closed, _, _ = open_table(client, spectators="none")
    with client.websocket_connect(f"/ws/{closed}") as ws:
        assert state(ws)["error"] == "ProtocolError"


def test_undo_needs_the_other_side(client: TestClient, store: Store) -> None:
    table_id, tokens, _ = open_table(client, humans="NE")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east:  # fmt: skip
        north.send_json({"type": "call", "call": "1C"})
        until(east, lambda f: len(f["view"]["auction"]) == 1)
        north.send_json({"type": "undo"})
        asked = until(east, lambda f: f["table"]["undo"] is not None)
        assert asked["table"]["undo"] == {"seat": "N", "from": 1}
        east.send_json({"type": "call", "call": "P"})
        assert state(east)["error"] == "ProtocolError"  # the request comes first
        north.send_json({"type": "undo_accept"})  # not North's to answer
        assert until(north, lambda f: f["table"]["undo"] is not None) and state(north)["error"] == "ProtocolError"
        east.send_json({"type": "undo_reject"})
        refused = until(east, lambda f: f["table"]["undo"] is None)
        assert refused["view"]["auction"] == [["N", "1C"]]
        north.send_json({"type": "undo"})
        until(east, lambda f: f["table"]["undo"] is not None)
        east.send_json({"type": "undo_accept"})
        undone = until(east, lambda f: f["table"]["undo"] is None)
        assert undone["view"]["auction"] == [] and undone["view"]["turn"] == "N"
    board = store.current_board(table_id)
    assert board is not None and len(board.events) == 1  # the call is retracted in the store


def bid_to_play(sockets: dict[str, WebSocketTestSession], watch: WebSocketTestSession) -> Frame:
    """North opens 1NT, the humans pass after that, robots bid as they like; ``watch`` (a seat's connection)
    sees every event; the humans have no questions before the opening lead is faced (L41B). Returns the first frame
    of the play with the opening lead faced."""
    frame = state(watch)
    waived: set[str] = set()
    while not (frame["view"]["phase"] == "play" and frame["view"]["current_trick"]):
        view = frame["view"]
        assert view["phase"] != "done", "the board was passed out: no play to reach"  # else no frame ever comes
        period = frame["disclosure"]["clarification"]
        if view["phase"] == "auction" and view["turn"] in sockets:
            sockets[view["turn"]].send_json({"type": "call", "call": "P" if view["auction"] else "1NT"})
        elif period is not None and period["face_down"]:  # the humans have no questions: the lead is faced (L41B-C)
            for seat in set(period["waiting"]) & set(sockets) - waived:
                sockets[seat].send_json({"type": "no_questions"})
                waived.add(seat)
        elif view["phase"] == "play" and view["turn"] is not None:
            controller = view["declarer"] if view["turn"] == view["dummy"] else view["turn"]
            if controller in sockets:  # the opening lead by a human: from the leader's own frames
                mine = until(sockets[controller], lambda f: bool(f["view"]["legal_cards"]))
                sockets[controller].send_json({"type": "play", "card": mine["view"]["legal_cards"][0]})
        frame = state(watch)
        while frame["type"] != "state":
            frame = state(watch)
    return frame


def test_claim_agreed_or_disputed_by_robots_and_disputed_by_a_human(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, robots=["E", "W"], humans="NS")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as south:  # fmt: skip
        lead = bid_to_play({"N": north, "S": south}, north)
        assert lead["view"]["dummy_hand"]  # dummy is faced after the opening lead (L41D)
        claimer = "S" if lead["view"]["dummy"] == "N" else "N"  # dummy cannot claim (L43A1(c))
        ws = south if claimer == "S" else north
        ws.send_json({"type": "claim", "tricks": 13, "statement": "all mine"})  # at trick 1: not with these cards
        until(north, lambda f: f["view"]["claim"] is not None)
        # a robot defender disputes by its own judgement; without a director the claim is void and play goes on
        voided = until(north, lambda f: f["view"]["claim"] is None)  # (L68D2(b), as at the terminal)
        assert voided["view"]["phase"] == "play" and voided["view"]["turn"] is not None
    table_id, tokens, _ = open_table(client, robots=["E", "W"], humans="NS")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as south:  # fmt: skip
        lead = bid_to_play({"N": north, "S": south}, north)
        claimer = "S" if lead["view"]["dummy"] == "N" else "N"
        ws = south if claimer == "S" else north
        ws.send_json({"type": "claim", "tricks": 0, "statement": "the rest are yours"})  # a concession (L68B)
        done = until(north, lambda f: f["view"]["phase"] == "done")
        assert done["result"]["claimed"]  # both robots agreed (L69A)
    table_id, tokens, _ = open_table(client, humans="NESW")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as south, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['W']}") as west:  # fmt: skip
        before = bid_to_play({"N": north, "E": east, "S": south, "W": west}, north)  # 1NT by North, East led
        north.send_json({"type": "claim", "tricks": 13})
        claimed = until(east, lambda f: f["view"]["claim"] is not None)
        assert claimed["view"]["claimer_hand"]  # the claimer's hand is faced (L68C)
        east.send_json({"type": "dispute"})  # no director at this table: the claim is void, play goes on (L68D2(b))
        until(west, lambda f: f["view"]["claim"] is not None)
        voided = until(west, lambda f: f["view"]["claim"] is None)
        assert voided["view"]["turn"] == before["view"]["turn"] and voided["view"]["phase"] == "play"


def test_director_table_insufficient_bid_ruling_and_choice(client: TestClient) -> None:
    table_id, tokens, made = open_table(client, director=True, humans="NE", robots=["W"])
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east, \
            client.websocket_connect(f"/ws/{table_id}?token={made['director_token']}") as director:  # fmt: skip
        assert state(director)["you"] == "director"
        north.send_json({"type": "call", "call": "1S"})
        until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "call", "call": "1H"})  # insufficient: recorded, the director is called (L27)
        ruled = until(director, lambda f: f["ruling"] and f["ruling"]["ruling"])
        ruling = ruled["ruling"]["ruling"]
        assert ruling["irregularity"] == "insufficient_bid" and ruling["chooser"] == "S"
        assert {o["id"] for o in ruling["options"]} >= {"accept"} and ruling["law"].startswith("27")
        assert len(ruled["hands"]) == 4  # the director sees every hand
    table_id, tokens, made = open_table(client, director=True, humans="NE")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east:  # fmt: skip
        north.send_json({"type": "call", "call": "1S"})
        until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "call", "call": "1H"})
        until(east, lambda f: f["ruling"] and f["ruling"]["ruling"])
        client.post(f"/api/tables/{table_id}/seats/S", json={"kind": "robot"})  # South's robot chooses (accept)
        accepted = until(east, lambda f: f["ruling"]["ruling"] is None and len(f["view"]["auction"]) >= 2)
        assert accepted["view"]["auction"][:2] == [["N", "1S"], ["E", "1H"]]  # L27A1: the bid stands


def test_a_restart_resumes_from_the_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with TestClient(create_app(url)) as client:
        table_id, tokens, _ = open_table(client, humans="N")
        with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as ws:
            ws.send_json({"type": "call", "call": "1NT"})
            until(ws, lambda f: len(f["view"]["auction"]) == 1)
    with TestClient(create_app(url)) as client, client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as ws:
        frame = state(ws)
        assert frame["view"]["auction"] == [["N", "1NT"]] and frame["view"]["turn"] == "E"


def test_store_is_sqlite_wal_with_migrations(tmp_path: Path) -> None:
    db = Store(f"sqlite:///{tmp_path / 'x.db'}")
    try:
        with db.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0007"
    finally:
        db.close()


@pytest.mark.usefixtures("quick_robots")  # four robots play the rubber's boards
def test_rubber_table_keeps_the_sheet_and_the_vulnerability(tmp_path: Path) -> None:
    """NBB30 rubber scoring: a sheet per rubber in the store, the next board's vulnerability from the games won
    (NBB R29), and the sheets rebuilt from the stored boards after a restart."""
    url = f"sqlite:///{tmp_path / 'rubber.db'}"
    with TestClient(create_app(url)) as client:
        assert client.post("/api/tables", json={"edition": "WBF17", "scoring": "rubber"}).status_code == 422
        table_id, _, _ = open_table(client, edition="NBB30", scoring="rubber", robots=list("NESW"), boards=6,
                                    spectators="hidden")  # fmt: skip
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            frame = until(ws, lambda f: f["view"]["board"] == 6 and f["view"]["phase"] == "done", limit=5000)
        assert frame["rubbers"] and frame["rubbers"][0]["rubber"] == 1
    db = Store(url)
    try:
        tables = [Table.from_events(db.board(i).events) for i in db.board_ids(table_id)]
        saved = db.rubbers(table_id)
    finally:
        db.close()
    from contractbridge.server.rubbers import sheets, vulnerability

    expected = sheets("NBB30", tables[:-1])
    assert vulnerability(expected[-1]) == tables[-1].board.vulnerability  # NBB R29
    assert saved[0]["hands"] == sheets("NBB30", tables)[0].to_dict()["hands"]
    with TestClient(create_app(url)) as client, client.websocket_connect(f"/ws/{table_id}") as ws:
        assert state(ws)["rubbers"] == frame["rubbers"]
