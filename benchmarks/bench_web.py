"""The web table under load, on localhost only: ``BENCH_WEB_TABLES`` tables (default 4) of four WebSocket
clients each play ``BENCH_WEB_BOARDS`` boards (default 3) with random legal calls and cards; printed are the
events per second and the p99 latency (a client's action until the frame that shows it), for SQLite and, when
Debian's PostgreSQL server can be started in a temporary directory, for PostgreSQL; against the same engine
in-process (the same random policy straight on ``Table``, nothing stored). Bounded: every run stops after
``BENCH_WEB_SECONDS`` (default 120) seconds (under ``--quick``: 2 tables, 1 board, 20 seconds). Latency is a
wall-clock figure by nature: on a loaded machine it counts the other jobs' time.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets

from benchmarks._harness import sized
from contractbridge import Board, Deal, Phase, Table

TABLES = int(os.environ.get("BENCH_WEB_TABLES", str(sized(4, 2))))
BOARDS = int(os.environ.get("BENCH_WEB_BOARDS", str(sized(3, 1))))
SECONDS = float(os.environ.get("BENCH_WEB_SECONDS", str(sized(120, 20))))


def in_process(boards: int) -> tuple[float, float]:
    """Events per second and p99 seconds per event of the bare engine with the same random policy."""
    rng = random.Random(1)
    laps: list[float] = []
    for n in range(boards):
        table = Table(Board(n % 16 + 1, Deal.random(n)))
        while table.phase is not Phase.DONE:
            start = time.perf_counter()
            if table.phase is Phase.AUCTION:
                calls = table.legal_calls()
                table.call("P" if rng.random() < 0.6 else rng.choice(calls))
            else:
                table.play(rng.choice(sorted(table.legal_cards())))
            laps.append(time.perf_counter() - start)
    return len(laps) / sum(laps), _p99(laps)


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def _client(url: str, seat: str, rng: random.Random, laps: list[float], deadline: float) -> int:
    """One seat: acts when due (``decide``), measures the time until the frame that shows its action; returns
    the number of its actions."""
    from contractbridge.cards import Seat
    from web_helpers import decide

    sent_at: float | None = None
    sent_key = (0, 0)
    acted = 0
    last = None
    async with websockets.connect(url, max_size=2**22) as ws:
        while time.monotonic() < deadline:
            frame = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            if frame["type"] == "error":  # refused (a stale state): think again on the latest one
                frame, sent_at = last, None
            if frame is None or frame["type"] != "state":
                continue
            last = frame
            key = (frame["view"]["board"], frame["seq"])
            if sent_at is not None and key > sent_key:
                laps.append(time.perf_counter() - sent_at)
                sent_at = None
            view = frame["view"]
            if view["phase"] == "done" and view["board"] >= BOARDS:
                return acted
            message = decide(frame, Seat.parse(seat), rng, BOARDS, 0.0)
            if message is not None and sent_at is None:
                sent_at, sent_key = time.perf_counter(), key
                acted += 1
                await ws.send(json.dumps(message))
    return acted


def over_websockets(db: str) -> tuple[float, float]:
    """Events per second and p99 latency of ``contractbridge serve`` over ``db``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from web_helpers import Server

    server = Server(db)
    server.start()
    try:
        laps: list[float] = []
        rng = random.Random(2)

        async def main() -> int:
            clients = []
            deadline = time.monotonic() + SECONDS
            for t in range(TABLES):
                made = server.post("/api/tables", {"name": f"bench {t}"})
                for seat in "NESW":
                    token = server.post(f"/api/tables/{made['id']}/seats/{seat}", {"name": seat})["token"]
                    url = f"{server.ws}/ws/{made['id']}?token={token}"
                    clients.append(_client(url, seat, random.Random(rng.random()), laps, deadline))
            return sum(await asyncio.gather(*clients))

        start = time.perf_counter()
        events = asyncio.run(main())
        wall = time.perf_counter() - start
    finally:
        server.stop()
    return events / wall, _p99(laps)


def _postgres(tmp: Path) -> tuple[str, subprocess.Popen[bytes]] | None:
    """A throw-away PostgreSQL server on a free localhost port, or None when it cannot be started here."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from web_helpers import start_postgres

    started: tuple[str, subprocess.Popen[bytes]] | None = start_postgres(tmp)
    return started


def main() -> None:
    rate, p99 = in_process(200)
    print(f"in-process engine:      {rate:10.0f} events/s   p99 {p99 * 1e3:8.3f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        rate_sqlite, p99_sqlite = over_websockets(f"sqlite:///{Path(tmp) / 'bench.db'}")
        setup = f"{TABLES} tables × 4 WebSocket clients, {BOARDS} boards"
        print(f"web table, SQLite:      {rate_sqlite:10.0f} events/s   p99 {p99_sqlite * 1e3:8.3f} ms"
              f"   ({setup}; ratio to in-process {rate_sqlite / rate:.4f})")  # fmt: skip
        pg = _postgres(Path(tmp))
        if pg is None:
            print("web table, PostgreSQL: skipped (Debian's postgresql server cannot be started here)")
            return
        url, process = pg
        try:
            rate_pg, p99_pg = over_websockets(url)
            print(f"web table, PostgreSQL:  {rate_pg:10.0f} events/s   p99 {p99_pg * 1e3:8.3f} ms"
                  f"   (ratio to in-process {rate_pg / rate:.4f})")  # fmt: skip
        finally:
            process.terminate()
            process.wait(30)


if __name__ == "__main__":
    main()
