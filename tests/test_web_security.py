"""The audit's attacks on the web table (#26 item 1), replayed against a real ``contractbridge serve`` over real
sockets: each is refused or answered with an error frame, the connection and the table going on.

(a) a seated player who opens his own table's spectator view sees no hand of the board in play (delayed
spectators watch one whole board behind); (b) no token in any log; (c) binary frames get an error frame;
(d) seat actions check the sender; (e) the limits (tables, boards, message rate, token lifetime, release of a
seat); (f) robots do not take back an action after they have replied; (g) the CLI's arguments."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from typer.testing import CliRunner

from contractbridge.cards import Seat
from contractbridge.cli import app as cli
from contractbridge.server.settings import SettingsError
from contractbridge.store import Store
from web_helpers import Recorder, Server, audit, cards_in, play_client, serve, visible

Frame = dict[str, Any]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("security") / "club.db"
    # a plain path; the random client answers robots at machine speed, so the message rate is raised here (the
    # limits test below runs its own server with the limits it tests)
    args = ("--tables-per-minute", "100", "--rate", "1000", "--burst", "1000")
    with serve(str(db), log=db.parent / "server.log", args=args) as s:
        yield s


def request(server: Server, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """An HTTP request; the status and the JSON answer (also for an error status)."""
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


async def receive(ws: Any, test: Any = lambda f: True, limit: int = 500) -> Frame:
    """The next frame that passes ``test``."""
    for _ in range(limit):
        frame: Frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if test(frame):
            return frame
    raise AssertionError("the frame never came")


def is_state(frame: Frame) -> bool:
    return bool(frame["type"] == "state")


def test_a_player_sees_no_hand_of_the_board_in_play_through_the_spectator_view(server: Server) -> None:
    """(a) HIGH: North plays two boards against robots at a table with delayed spectators and watches his own
    table as a spectator too. His seat's frames show only what North may see (L41D, L68C); the spectator view
    shows a hand only of a board finished at the table (one whole board behind), never of the board in play."""
    table = server.post("/api/tables", {"name": "delayed", "robots": ["E", "S", "W"], "spectators": "delayed"})
    token = server.post(f"/api/tables/{table['id']}/seats/N", {"name": "N"})["token"]
    north, watcher = Recorder(Seat.NORTH), Recorder(None)
    base = f"{server.ws}/ws/{table['id']}"

    async def main() -> None:
        await asyncio.gather(play_client(f"{base}?token={token}", north, random.Random(5), 2, timeout=180),
                             play_client(base, watcher, random.Random(0), 2, timeout=180))  # fmt: skip

    asyncio.run(main())
    store = Store(server.db)
    try:
        assert audit(store, table["id"], [north]) > 100
        logs = {store.board(i).number: store.board(i).events for i in store.board_ids(table["id"])}
    finally:
        store.close()
    replayed = 0
    for frame in filter(is_state, watcher.frames):
        board, playing = frame["view"]["board"], frame["table"]["board"]
        if board == playing:  # the board in play: public facts only, as to any spectator (hands at the end)
            assert not cards_in(frame) - visible(logs[board][: frame["seq"]], None), frame
        else:  # a finished board, replayed with its hands
            assert board < playing and frame["delayed"] == {"board": board, "playing": playing}
            replayed += len(frame["hands"]) == 4
    assert replayed  # the spectator did see board 1's hands, while board 2 was played
    status, boards = request(server, "GET", f"/api/tables/{table['id']}/boards")  # the finished boards, public
    assert status == 200 and [b["board"] for b in boards] == [1, 2] and boards[0]["events"][0]["event"] == "board"


def test_no_token_in_any_log(server: Server) -> None:
    """(b) Old links (``?token=`` in the page's and the WebSocket's URL), the ``hello`` and the bearer header:
    the server's log holds none of the tokens (the access log's lines are there, with the token blanked)."""
    table = server.post("/api/tables", {"name": "secrets", "director": True})
    seat = server.post(f"/api/tables/{table['id']}/seats/S", {"name": "S"})
    secrets = [seat["token"], table["director_token"]]
    with urllib.request.urlopen(server.url + seat["url"], timeout=30) as r:
        assert r.status == 200
    assert request(server, "GET", f"/api/tables/{table['id']}/director", token=table["director_token"])[0] == 200

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{table['id']}?token={seat['token']}") as ws:
            assert (await receive(ws, is_state))["you"] == "S"
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": table["director_token"]}))
            assert (await receive(ws, lambda f: f.get("you") == "director"))["hands"]

    asyncio.run(main())
    assert server.log is not None
    text = server.log.read_text()
    assert "token=[secret]" in text and "WebSocket" in text  # the lines are logged, the secrets are not
    assert not [s for s in secrets if s in text]


def test_binary_and_malformed_frames_get_error_frames(server: Server) -> None:
    """(c) A binary frame (even holding JSON) and bad text get an error frame; the connection goes on."""
    table = server.post("/api/tables", {"name": "frames"})

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as ws:
            await receive(ws, is_state)
            for bad in (b"\x00\xff", b'{"type": "ping"}', "{", '{"type": 7}'):
                await ws.send(bad)
                frame = await receive(ws, lambda f: f["type"] != "state")
                assert (frame["type"], frame["error"]) == ("error", "ProtocolError"), bad
            await ws.send(json.dumps({"type": "ping"}))
            assert (await receive(ws, lambda f: f["type"] != "state"))["type"] == "pong"

    asyncio.run(main())


def test_seat_actions_check_the_sender(server: Server) -> None:
    """(d) An anonymous spectator cannot seat robots, release seats or answer for a seat; a player seats a robot
    and releases only his own seat."""
    table = server.post("/api/tables", {"name": "seats", "robots": ["E"]})
    token = server.post(f"/api/tables/{table['id']}/seats/N", {"name": "N"})["token"]

    def seats() -> dict[str, str]:
        [info] = [t for t in request(server, "GET", "/api/tables")[1] if t["id"] == table["id"]]
        return {s: v["kind"] for s, v in info["seats"].items()}

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as spectator:
            await receive(spectator, is_state)
            for message in ({"type": "robot", "seat": "S"}, {"type": "release", "seat": "N"}, {"type": "agree"},
                            {"type": "undo_accept"}, {"type": "call", "call": "P"}):  # fmt: skip
                await spectator.send(json.dumps(message))
                frame = await receive(spectator, lambda f: f["type"] == "error")
                assert frame["error"] == "ProtocolError", message
        assert seats() == {"N": "human", "E": "robot", "S": "empty", "W": "empty"}
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as north:
            await north.send(json.dumps({"type": "hello", "token": token}))
            await receive(north, lambda f: f.get("you") == "N")
            await north.send(json.dumps({"type": "release", "seat": "E"}))
            assert (await receive(north, lambda f: f["type"] == "error"))["error"] == "ProtocolError"
            await north.send(json.dumps({"type": "robot", "seat": "S"}))
            await receive(north, lambda f: is_state(f) and f["table"]["seats"]["S"]["kind"] == "robot")

    asyncio.run(main())
    assert seats() == {"N": "human", "E": "robot", "S": "robot", "W": "empty"}
    assert request(server, "DELETE", f"/api/tables/{table['id']}/seats/E")[0] == 401
    assert request(server, "DELETE", f"/api/tables/{table['id']}/seats/E", token=token)[0] == 403


def test_a_released_seat_closes_its_connections_and_its_link(server: Server) -> None:
    """(e) A player gives up his seat: his connection is closed, his link refused, the seat free to take."""
    table = server.post("/api/tables", {"name": "release"})
    token = server.post(f"/api/tables/{table['id']}/seats/W", {"name": "W"})["token"]

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{table['id']}?token={token}") as west:
            await receive(west, is_state)
            assert request(server, "DELETE", f"/api/tables/{table['id']}/seats/W", token=token)[0] == 200
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await receive(west, lambda f: False)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
        async with websockets.connect(f"{server.ws}/ws/{table['id']}?token={token}") as again:
            assert (await receive(again))["error"] == "ProtocolError"

    asyncio.run(main())
    assert request(server, "POST", f"/api/tables/{table['id']}/seats/W", {"name": "new"})[0] == 200


def test_robots_do_not_take_back_an_action_after_replying(server: Server) -> None:
    """(f) North asks to undo his call after East's robot has called: the robots refuse; nothing changes."""
    table = server.post("/api/tables", {"name": "undo", "robots": ["E", "S", "W"]})
    token = server.post(f"/api/tables/{table['id']}/seats/N", {"name": "N"})["token"]

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{table['id']}?token={token}") as north:
            await receive(north, lambda f: is_state(f) and f["view"]["turn"] == "N")
            await north.send(json.dumps({"type": "call", "call": "1C"}))
            before = await receive(north, lambda f: is_state(f) and len(f["view"]["auction"]) >= 2)
            await north.send(json.dumps({"type": "undo"}))
            refused = await receive(north, lambda f: f["type"] == "error")
            assert refused["error"] == "ProtocolError" and "robots" in refused["message"]
            await north.send(json.dumps({"type": "ping"}))
            await receive(north, lambda f: f["type"] == "pong")
        store = Store(server.db)
        try:
            board = store.current_board(table["id"])
            assert board is not None and board.events[1] == {"event": "call", "seat": "N", "call": "1C"}
            assert len(board.events) - 1 >= len(before["view"]["auction"])
        finally:
            store.close()

    asyncio.run(main())


def test_favicon_and_the_director_and_spectator_resources(server: Server) -> None:
    with urllib.request.urlopen(server.url + "/favicon.ico", timeout=30) as r:
        assert r.status == 200 and r.headers["content-type"].startswith("image/svg+xml")
    table = server.post("/api/tables", {"name": "resources", "director": True, "spectators": "none"})
    seat = server.post(f"/api/tables/{table['id']}/seats/N", {"name": "N"})
    path = f"/api/tables/{table['id']}/director"
    assert request(server, "GET", path, token=seat["token"])[0] == 403  # a player is not the director
    status, frame = request(server, "GET", path, token=table["director_token"])
    assert status == 200 and frame["you"] == "director" and len(frame["hands"]) == 4
    assert request(server, "GET", f"/api/tables/{table['id']}/boards")[0] == 403  # no spectators here

    async def main() -> None:  # no spectators: a connection must say who it is first
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as north:
            await north.send(json.dumps({"type": "hello", "token": seat["token"]}))
            assert (await receive(north))["you"] == "N"
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as stranger:
            await stranger.send(json.dumps({"type": "ping"}))
            assert (await receive(stranger))["error"] == "ProtocolError"
        async with websockets.connect(f"{server.ws}/ws/{table['id']}") as director:  # the director frees a seat
            await director.send(json.dumps({"type": "hello", "token": table["director_token"]}))
            await receive(director, lambda f: f.get("you") == "director")
            await director.send(json.dumps({"type": "release", "seat": "N"}))
            await receive(director, lambda f: is_state(f) and f["table"]["seats"]["N"]["kind"] == "empty")

    asyncio.run(main())


def test_limits(tmp_path: Path) -> None:
    """(e) Tables per client and per minute, boards of a robots' table, the message rate (one error frame, then
    the close). The token's lifetime is ``test_a_link_expires_after_its_lifetime`` (an injected clock, not this
    server's wall clock: on a loaded machine a one-second link could expire before the flood below is sent)."""
    args = ("--tables-per-minute", "2", "--tables-per-client", "5", "--robot-boards", "4", "--rate", "0.01",
            "--burst", "3")  # fmt: skip
    with serve(f"sqlite:///{tmp_path / 'limits.db'}", args=args) as server:
        assert request(server, "GET", "/health")[1]["limits"]["robot_boards"] == 4
        status, answer = request(server, "POST", "/api/tables", {"robots": list("NESW"), "boards": 5})
        assert status == 422 and "at most 4" in answer["detail"]
        first = server.post("/api/tables", {"name": "one"})
        server.post("/api/tables", {"name": "two"})
        status, answer = request(server, "POST", "/api/tables", {"name": "three"})
        assert status == 429 and "tables_per_minute" in answer["detail"]
        token = server.post(f"/api/tables/{first['id']}/seats/N", {})["token"]

        async def flood() -> list[Frame]:
            got: list[Frame] = []
            async with websockets.connect(f"{server.ws}/ws/{first['id']}?token={token}") as ws:
                await receive(ws, is_state)
                for _ in range(30):
                    await ws.send(json.dumps({"type": "ping"}))
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    while True:
                        got.append(json.loads(await asyncio.wait_for(ws.recv(), 60)))
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            return got

        replies = [f for f in asyncio.run(flood()) if f["type"] != "state"]
        assert [f["type"] for f in replies] == ["pong"] * 3 + ["error"]  # one error frame, then the close
        assert replies[-1]["error"] == "RateLimitError"


class Clock:
    """The clock the tokens' lifetimes are read by (``server.tokens``), moved by the test, not by the machine."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now


def test_a_link_expires_after_its_lifetime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(e) A seat's link is valid for the token's lifetime, to the fraction of a second (a link handed out at
    .9 of a second lives one whole second, not a tenth of one), then refused, and the seat is free again."""
    from fastapi.testclient import TestClient

    from contractbridge.server import Settings, create_app, tokens

    clock = Clock(1000.9)
    monkeypatch.setattr(tokens, "time", clock)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'lifetime.db'}", Settings(token_lifetime=1))) as client:
        table = client.post("/api/tables", json={"name": "one"}).json()
        token = client.post(f"/api/tables/{table['id']}/seats/N", json={}).json()["token"]
        clock.now = 1001.8  # 0.9 s later: the link holds
        with client.websocket_connect(f"/ws/{table['id']}?token={token}") as ws:
            assert ws.receive_json()["type"] == "state"
        taken = client.post(f"/api/tables/{table['id']}/seats/N", json={"name": "next"})
        assert taken.status_code == 409, taken.json()  # the seat is still taken
        clock.now = 1001.9  # the link's lifetime is one second
        with client.websocket_connect(f"/ws/{table['id']}?token={token}") as ws:
            refused = ws.receive_json()
        assert refused["error"] == "ProtocolError" and "expired" in refused["message"]
        assert client.post(f"/api/tables/{table['id']}/seats/N", json={"name": "next"}).status_code == 200


def test_cli_refuses_a_bad_port_and_a_missing_directory(tmp_path: Path) -> None:
    """(g) ``serve --port 65536`` and ``--db`` in a directory that does not exist: a clear message, exit 2."""
    runner = CliRunner()
    result = runner.invoke(cli, ["serve", "--port", "65536"])
    assert result.exit_code == 2 and "'--port'" in result.output and "65535" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)  # no traceback
    result = runner.invoke(cli, ["serve", "--db", str(tmp_path / "no" / "such" / "club.db")])
    assert result.exit_code == 2 and "there is no directory" in result.output
    result = runner.invoke(cli, ["serve", "--tables-per-minute", "-1"])
    assert result.exit_code == 2


def test_settings_tokens_and_the_log_filter() -> None:
    """The settings read from the environment (a bad value is a typed error), a token's expiry, and the filter
    that blanks tokens in Uvicorn's access-log records (whose arguments keep their shape)."""
    import logging

    from contractbridge.server import Settings
    from contractbridge.server.logs import TokenFilter
    from contractbridge.server.settings import SettingsError
    from contractbridge.server.tokens import expired, hash_token, issue, matches

    read = Settings.from_env({"CONTRACTBRIDGE_WEB_TABLES_PER_MINUTE": "3", "CONTRACTBRIDGE_WEB_SEED": "x"}, rate=5)
    assert (read.tables_per_minute, read.seed, read.rate, read.burst) == (3, "x", 5, 40)
    with pytest.raises(SettingsError, match="CONTRACTBRIDGE_WEB_RATE"):
        Settings.from_env({"CONTRACTBRIDGE_WEB_RATE": "fast"})
    with pytest.raises(SettingsError, match="negative"):
        Settings(token_lifetime=-1)
    token, key = issue(60, now=1000)
    assert matches(token, key) and not matches(token + "x", key) and key.startswith(hash_token(token))
    assert not expired(key, now=1059) and expired(key, now=1060)
    assert not expired(hash_token(token), now=10**12)  # an older server's token: no expiry
    record = logging.LogRecord("uvicorn.access", 20, "", 0, '%s - "%s %s HTTP/%s" %d', (
        "127.0.0.1:5", "GET", f"/t/abc?token={token}&x=1", "1.1", 200), None)  # fmt: skip
    TokenFilter().filter(record)
    assert token not in record.getMessage() and "token=[secret]&x=1" in record.getMessage()
    assert isinstance(record.args, tuple) and len(record.args) == 5


def test_a_table_without_spectators_waits_for_the_hello(tmp_path: Path) -> None:
    """At a table that takes no spectators a connection without a token that says nothing is refused."""
    from fastapi.testclient import TestClient

    from contractbridge.server import Settings, create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'x.db'}", Settings(hello_timeout=0.2))) as client:
        table = client.post("/api/tables", json={"spectators": "none"}).json()
        with client.websocket_connect(f"/ws/{table['id']}") as ws:
            frame = ws.receive_json()
            assert frame["error"] == "ProtocolError" and "hello" in frame["message"]


def test_create_app_reads_the_environment_as_serve_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``create_app()`` without settings reads ``CONTRACTBRIDGE_WEB_*`` (``Settings.from_env``), as ``serve`` and the
    workers of ``serve --workers`` do; settings given, and the keyword values, still win over the environment."""
    from fastapi.testclient import TestClient

    from contractbridge.server import Settings, create_app

    monkeypatch.setenv("CONTRACTBRIDGE_WEB_TABLES_PER_MINUTE", "1")
    monkeypatch.setenv("CONTRACTBRIDGE_WEB_RATE", "7")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'env.db'}", rate=9)) as client:
        limits = client.get("/health").json()["limits"]
        assert (limits["tables_per_minute"], limits["rate"]) == (1, 9)
        assert client.post("/api/tables", json={"name": "one"}).status_code == 201
        refused = client.post("/api/tables", json={"name": "two"})
        assert refused.status_code == 429 and "tables_per_minute" in refused.json()["detail"]
    given = create_app(f"sqlite:///{tmp_path / 'given.db'}", Settings(tables_per_minute=4))
    assert given.state.club.settings.tables_per_minute == 4  # the settings given are not read again
    monkeypatch.setenv("CONTRACTBRIDGE_WEB_RATE", "fast")
    with pytest.raises(SettingsError, match="CONTRACTBRIDGE_WEB_RATE"):
        create_app(f"sqlite:///{tmp_path / 'bad.db'}")


def test_the_console_log_is_read_by_a_person_and_json_on_request() -> None:
    """#27 item 8: the server's console shows readable lines; ``serve --json-logs`` writes one JSON object a line
    for a log collector. Neither shows a board's deal (hidden information) or a token."""
    import logging

    from contractbridge.server.logs import JsonFormatter, TextFormatter

    board = {"event": "board", "number": 3, "deal": "N:AKQ2.KJ4.T98.A53 - - -"}
    record = logging.LogRecord("contractbridge", 20, "", 0, "table %s: %s", ("7", "stored"), None)
    record.event, record.table = board, 7
    text = TextFormatter().format(record)
    assert "info" in text and "table 7: stored" in text and "table=7" in text and '"number": 3' in text
    assert not text.lstrip().startswith("{") and "AKQ2" not in text
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "table 7: stored" and line["event"] == {"event": "board", "number": 3}


def test_the_directors_frame_names_each_option_chosen() -> None:
    """#27 item 8: the director sees the irregularity and which option its chooser took (L27B: South rejects
    East's insufficient 1H, TV60)."""
    from contractbridge.server.frames import director_frame
    from contractbridge.table import Table

    deal = "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987"
    table = Table.from_events([
        {"event": "board", "number": 1, "deal": deal, "irregular": True},
        {"event": "call", "seat": "N", "call": "1S"}, {"event": "call", "seat": "E", "call": "1H"},
        {"event": "choose", "seat": "S", "option": "reject"},
    ])  # fmt: skip
    frame = director_frame(table, {"id": "t"}, [None] * len(table.to_events()))
    assert frame["choices"] == [{"seat": "S", "option": "reject"}]
    assert [i["kind"] for i in frame["irregularities"]] == ["insufficient_bid"]
