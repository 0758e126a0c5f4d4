"""Helpers of the web table's tests: a server process on localhost, the web table in-process (its fixtures,
``store`` and ``client``, are in conftest.py), WebSocket clients that play from the frames they receive, and the
hidden-information oracle (what a seat may see, computed from the stored log alone)."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import websockets

from contractbridge.cards import Seat
from contractbridge.store import Store
from contractbridge.table import Phase, Table
from contractbridge.tournament.event import Event

if TYPE_CHECKING:
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession

CARD = re.compile(r"^[SHDC][2-9TJQKA]$")
HAND = re.compile(r"^[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*$")
DEAL = re.compile(r"^[NESW]:")
SUITS = "SHDC"
Frame = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A ``contractbridge serve`` process on a free localhost port."""

    db: str
    robot_delay: float = 0.0
    seed: str | None = None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None
    args: tuple[str, ...] = ()  # more ``serve`` options (limits)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-c", "from contractbridge.cli import main; main()", "serve", "--db", self.db,
                   "--port", str(self.port), "--robot-delay", str(self.robot_delay)]  # fmt: skip
        if self.seed is not None:
            command += ["--seed", self.seed]
        command += self.args
        out = open(self.log, "ab") if self.log is not None else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(command, stdout=out, stderr=out, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=2) as r:
                    if json.load(r)["status"] == "ok":
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 60 s")

    def kill(self) -> None:
        """``kill -9``: no chance to save anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> int:
        """SIGTERM: the graceful shutdown."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        return self.process.returncode

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        request = urllib.request.Request(self.url + path, json.dumps(body).encode(), headers)
        with urllib.request.urlopen(request, timeout=30) as r:
            data: dict[str, Any] = json.load(r)
            return data


@contextmanager
def serve(
    db: str, robot_delay: float = 0.0, log: Path | None = None, seed: str | None = None, args: tuple[str, ...] = ()
) -> Iterator[Server]:
    server = Server(db, robot_delay, seed, log=log, args=args)
    server.start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.kill()


PG_BIN = Path("/usr/lib/postgresql/15/bin")


def start_postgres(tmp: Path) -> tuple[str, subprocess.Popen[bytes]] | None:
    """A throw-away PostgreSQL server (Debian's) with its data in ``tmp``, on a free localhost port: its URL and
    process, or None when it cannot be started here (as root it runs as the ``postgres`` user, who must be able to
    reach ``tmp``: give a directory made by ``tempfile``, not pytest's ``tmp_path``)."""
    if not (PG_BIN / "initdb").exists():
        return None
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 and shutil.which("runuser") else []
    data = tmp / "pg"
    data.mkdir()
    if as_postgres:
        shutil.chown(tmp, "postgres")
        shutil.chown(data, "postgres")
    port = free_port()
    init = subprocess.run([*as_postgres, str(PG_BIN / "initdb"), "-D", str(data), "-U", "bench", "--auth=trust"],
                          capture_output=True, check=False)  # fmt: skip
    if init.returncode != 0:
        return None
    server = subprocess.Popen([*as_postgres, str(PG_BIN / "postgres"), "-D", str(data), "-p", str(port),
                               "-k", str(tmp), "-c", "listen_addresses=127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    for _ in range(100):
        ready = subprocess.run([str(PG_BIN / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)], capture_output=True)
        if ready.returncode == 0:
            return f"postgresql+psycopg://bench@127.0.0.1:{port}/postgres", server
        time.sleep(0.2)
    server.terminate()
    return None


def started_servers(url: str, count: int, name: str, args: tuple[str, ...], directory: Path) -> list[Server]:
    """``count`` ``serve`` processes on the store at ``url``, seeded ``name-i``, each logging to
    ``directory/serve{i}.log``, started."""
    servers = [
        Server(url, robot_delay=0.05, seed=f"{name}-{i}", args=args, log=directory / f"serve{i}.log")
        for i in range(count)
    ]
    for server in servers:
        server.start()
    return servers


@contextmanager
def postgres() -> Iterator[str | None]:
    """The URL of a throw-away PostgreSQL server for the block (None when it cannot be started here)."""
    with tempfile.TemporaryDirectory() as tmp:
        started = start_postgres(Path(tmp))
        if started is None:
            yield None
            return
        url, process = started
        try:
            yield url
        finally:
            process.terminate()
            process.wait(30)


# the web table in-process (FastAPI's TestClient) --------------------------------------------------------------
def open_table(client: TestClient, **spec: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A table; the humans named in ``spec["humans"]`` sit down. Returns the id, their tokens, the API answer."""
    humans = spec.pop("humans", "")
    made = client.post("/api/tables", json=spec).json()
    tokens = {s: client.post(f"/api/tables/{made['id']}/seats/{s}", json={"name": s}).json()["token"] for s in humans}
    return made["id"], tokens, made


#: Seconds ``state`` waits for a frame: generous on a loaded machine, far below pytest-timeout's 300 s.
RECEIVE_TIMEOUT = 30.0

_seen: weakref.WeakKeyDictionary[WebSocketTestSession, deque[Frame]] = weakref.WeakKeyDictionary()
#: a socket's receive that outlived its ``state`` call's timeout: the frame it awaits is the next ``state``'s
_pending: weakref.WeakKeyDictionary[WebSocketTestSession, Future[Any]] = weakref.WeakKeyDictionary()


def state(ws: WebSocketTestSession, awaited: str = "a frame", timeout: float = RECEIVE_TIMEOUT) -> Frame:
    """The next state frame (error frames are returned too, to be checked). A frame that does not come within
    ``timeout`` seconds fails the test, saying what was ``awaited`` and the last frames this socket received; the
    frame still awaited is not lost (the next call receives it)."""
    receiving = _pending.pop(ws, None) or _receive(ws)
    try:
        frame: Frame = receiving.result(timeout)
    except TimeoutError:
        _pending[ws] = receiving
        raise AssertionError(f"no frame in {timeout:g} s while awaiting {awaited}; {_last_frames(ws)}") from None
    _seen.setdefault(ws, deque(maxlen=3)).append(frame)
    return frame


def _receive(ws: WebSocketTestSession) -> Future[Any]:
    """``ws.receive_json()`` (which waits for ever) in a thread of its own, to be awaited with a timeout; a
    closed socket's ``WebSocketDisconnect`` is the future's exception."""
    future: Future[Any] = Future()

    def run() -> None:
        try:
            future.set_result(ws.receive_json())
        except BaseException as err:  # handed to the test's thread, which raises it
            future.set_exception(err)

    threading.Thread(target=run, name="ws-receive", daemon=True).start()
    return future


def frames(ws: WebSocketTestSession) -> Iterator[Frame]:
    """The socket's frames as they come (``state``'s timeout on each), for ``play_out``."""
    while True:
        yield state(ws, "the next frame of the board")


def until(ws: WebSocketTestSession, test: Callable[[Frame], Any], limit: int = 400,
          timeout: float = RECEIVE_TIMEOUT) -> Frame:  # fmt: skip
    """The first state frame that passes ``test`` (of the next ``limit`` frames, each within ``timeout`` s)."""
    awaited = f"a state frame passing {_source(test)}"
    for _ in range(limit):
        frame = state(ws, awaited, timeout)
        if frame["type"] == "state" and test(frame):
            return frame
    raise AssertionError(f"{limit} frames and none was {awaited}; {_last_frames(ws)}")


def until_error(ws: WebSocketTestSession, limit: int = 50) -> Frame:
    """The first error frame of the next ``limit`` frames (a refusal the server sent)."""
    for _ in range(limit):
        frame = state(ws)
        if frame["type"] == "error":
            return frame
    raise AssertionError(f"{limit} frames and no error frame; {_last_frames(ws)}")


def _source(test: Callable[[Frame], Any]) -> str:
    """What ``test`` is, for a failure's message: its name, or a lambda's line of source."""
    name = getattr(test, "__qualname__", None)
    if name is not None and name.rpartition(".")[2] != "<lambda>":
        return str(name)
    with suppress(OSError, TypeError):
        return inspect.getsource(test).strip()
    return repr(test)


def _last_frames(ws: WebSocketTestSession) -> str:
    seen = _seen.get(ws)
    if not seen:
        return "no frame received before"
    return "the last frames received: " + " | ".join(map(_summary, seen))


def _summary(frame: Frame) -> str:
    """A frame in a line: a state frame's board, phase, turn and auction, any other frame as it is (cut short)."""
    view = frame.get("view") if frame.get("type") == "state" else None
    if not isinstance(view, dict):
        return json.dumps(frame)[:300]
    shown = {k: view.get(k) for k in ("board", "phase", "turn", "auction")}
    return "state " + json.dumps(shown)[:300]


def lead_face_down(sockets: Mapping[str, WebSocketTestSession], leader: str, card: str) -> None:
    """``leader`` makes the opening lead, ``card``, face down (L41A); the presumed declarer and the leader's partner
    among ``sockets`` have no questions, so it is faced (L41B-C)."""
    sockets[leader].send_json({"type": "play", "card": card})
    down = until(sockets[leader], lambda f: bool((f["disclosure"]["clarification"] or {}).get("face_down")))
    for seat in down["disclosure"]["clarification"]["waiting"]:
        if seat in sockets:
            sockets[seat].send_json({"type": "no_questions"})


def asks_before_the_lead(frame: Frame) -> bool:
    """Whether the seat of ``frame`` may still ask before the opening lead is faced (L41B): it says "no questions"
    to let the face-down lead be faced (L41C)."""
    disclosure = frame.get("disclosure")
    period = None if disclosure is None else disclosure.get("clarification")
    return period is not None and frame["you"] in period["waiting"]


def play_out(frames: Iterator[Frame], send: Callable[[Frame], None]) -> Frame:
    """Pass in the auction, have no questions before the opening lead is faced (L41B) and play the first legal card
    until the board is done (one seat's ``frames``, its messages through ``send``); the last frame."""
    said: set[int] = set()  # the boards where it said it had no questions (once: L41B)
    for frame in frames:
        assert frame["type"] == "state", frame
        view = frame["view"]
        if view["phase"] == "done":
            return frame
        if view["legal_calls"]:
            send({"type": "call", "call": "P" if "P" in view["legal_calls"] else view["legal_calls"][0]})
        elif asks_before_the_lead(frame):
            if view["board"] not in said:
                send({"type": "no_questions"})
                said.add(view["board"])
        elif view["legal_cards"]:
            send({"type": "play", "card": view["legal_cards"][0]})
    raise AssertionError("the connection ended before the board")


# what a frame shows -------------------------------------------------------------------------------------------
def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a frame: a card (``SA``), a hand in PBN, or a deal."""
    out: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            out |= cards_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= cards_in(v)
    elif isinstance(value, str):
        text = value.strip()
        if CARD.match(text):
            out.add(text)
        elif DEAL.match(text):
            for hand in text[2:].split():
                out |= cards_in(hand)
        elif HAND.match(text):
            for suit, holding in zip(SUITS, text.split("."), strict=True):
                out |= {suit + rank for rank in holding}
    return out


def visible(events: list[dict[str, Any]], seat: Seat | None) -> set[str]:
    """What ``seat`` (None: a spectator) may have seen after ``events``, by the laws: its own cards, every played
    card, dummy once the opening lead is faced (L41D), a claimer's hand (L68C), all at the end of the board."""
    table = Table.from_events(events)
    deal = table.board.deal
    if table.phase is Phase.DONE:
        return {str(c) for _, hand in deal for c in hand}
    out = {str(e["card"]) for e in events if e.get("event") == "play"}
    if seat is not None:
        out |= {str(c) for c in deal[seat]}
    if table.dummy is not None and any(e.get("event") == "play" for e in events):
        out |= {str(c) for c in deal[table.dummy]}
    claim = table.claim_state
    if claim is not None:
        out |= {str(c) for c in deal[claim.seat]}
    return out


@dataclass
class Recorder:
    """The frames one connection received, with who it is."""

    seat: Seat | None
    frames: list[dict[str, Any]] = field(default_factory=list)


def audit(store: Store, table_id: str, recorders: list[Recorder]) -> int:
    """Check every recorded state frame against ``visible``; returns the number of cards checked."""
    logs = {store.board(i).number: store.board(i).events for i in store.board_ids(table_id)}
    cache: dict[tuple[int, int, Seat | None], set[str]] = {}
    checked = 0
    for rec in recorders:
        for frame in rec.frames:
            if frame.get("type") != "state":
                continue
            key = (frame["view"]["board"], frame["seq"], rec.seat)
            if key not in cache:
                cache[key] = visible(logs[key[0]][: key[1]], rec.seat)
            shown = cards_in(frame)
            leaked = shown - cache[key]
            assert not leaked, f"{rec.seat} saw {sorted(leaked)} at board {key[0]} event {key[1]}"
            checked += len(shown)
    return checked


def check_frames(store: Store, table_id: str, frames: list[dict[str, Any]]) -> int:
    """Every state frame's auction and played cards are the stored log's prefix of the same length."""
    logs = {store.board(i).number: store.board(i).events for i in store.board_ids(table_id)}
    checked = 0
    for frame in frames:
        if frame.get("type") != "state":
            continue
        view = frame["view"]
        log = logs.get(view["board"])
        assert log is not None, f"board {view['board']} was shown but is not stored"
        assert len(log) >= frame["seq"], f"board {view['board']}: {frame['seq']} events shown, {len(log)} stored"
        prefix = log[: frame["seq"]]
        calls = [[e["seat"], e["call"]] for e in prefix if e["event"] == "call"]
        cards = [e["card"] for e in prefix if e["event"] == "play"]
        assert view["auction"] == calls
        shown = [c for t in view["tricks"] for c in t["cards"]] + [c for _, c in view["current_trick"]]
        assert shown == cards
        checked += 1
    return checked


# clients that play from their frames -------------------------------------------------------------------------
def decide(
    frame: dict[str, Any], seat: Seat, rng: random.Random, boards: int, claim_rate: float
) -> dict[str, Any] | None:
    """A random legal action for ``seat`` from its frame (now and then a claim, agreeing to a claim, or the next
    board)."""
    view = frame["view"]
    me = seat.letter
    if view["phase"] == "done":
        return {"type": "next", "board": view["board"]} if view["board"] < boards else None
    claim = view["claim"]
    if claim is not None:
        ours = claim["seat"] in (me, seat.partner.letter)
        if claim["status"] == "pending" and not ours and me != view["dummy"] and me not in claim["agreed_by"]:
            return {"type": "agree"}
        return None
    if view["legal_calls"]:
        calls = view["legal_calls"]
        return {"type": "call", "call": "P" if "P" in calls and rng.random() < 0.6 else rng.choice(calls)}
    if asks_before_the_lead(frame):
        return {"type": "no_questions"}
    if view["legal_cards"]:
        if rng.random() < claim_rate and me != view["dummy"]:
            # the robots agree or dispute by their own judgement (L69A); at these tables without a director a
            # disputed claim is void and play goes on (L68D2(b))
            return {"type": "claim", "tricks": rng.randint(0, 13 - len(view["tricks"]))}
        return {"type": "play", "card": rng.choice(view["legal_cards"])}
    return None


async def play_client(
    url: str, recorder: Recorder, rng: random.Random, boards: int, *, claim_rate: float = 0.0, timeout: float = 120.0
) -> None:
    """A seat (or spectator) over a WebSocket: records every frame; a seat acts once on each new state (random
    legal choices, claims now and then, agreeing to claims, the next board) and again after an error frame,
    until ``boards`` are done."""
    async with websockets.connect(url, max_size=2**22) as ws:
        deadline = time.monotonic() + timeout
        last: dict[str, Any] | None = None
        acted: tuple[int, int] | None = None  # (board, seq) of the state last acted on
        while time.monotonic() < deadline:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            except TimeoutError:
                break
            recorder.frames.append(frame)
            if frame["type"] == "error":  # refused (stale, or too fast): think again on the latest state
                await asyncio.sleep(0.1)
                frame, acted = last, None
            if frame is None or frame["type"] != "state":
                continue
            last = frame
            view = frame["view"]
            if view["phase"] == "done" and view["board"] >= boards:
                return
            key = (view["board"], frame["seq"])
            if recorder.seat is None or key == acted:
                continue
            message = decide(frame, recorder.seat, rng, boards, claim_rate)
            if message is not None:
                acted = key
                await ws.send(json.dumps(message))
        raise AssertionError(f"{recorder.seat}: the boards did not finish in {timeout} s")


def event_cli(tmp_path: Path, create: list[str], *results: list[str]) -> tuple[list[Any], Event]:
    """The CLI's ranking (``event rank --json``) and event file after ``event create`` and each ``event result``:
    what the web's event must equal."""
    from typer.testing import CliRunner

    from contractbridge.cli import app

    runner = CliRunner()
    file = str(Path(tempfile.mkdtemp(dir=tmp_path)) / "e.json")

    def run(*args: str) -> str:
        out = runner.invoke(app, ["event", *args])
        assert out.exit_code == 0, out.output
        return out.output

    run("create", file, *create)
    for args in results:
        run("result", file, *args)
    return json.loads(run("rank", file, "--json")), Event.from_json(Path(file).read_text(encoding="utf-8"))


def ranking_rows(ranking: list[Any]) -> list[tuple[Any, ...]]:
    """A ranking's lines as the CLI's and the web's are compared: id, direction, total, percentage, rank, boards."""
    return [(s["id"], s["direction"], s["total"], s["percentage"], s["rank"], s["boards"]) for s in ranking]
