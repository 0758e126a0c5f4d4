"""The web table under the audit's load (#26 item 2), on localhost only: ``BENCH_WEB_LOAD_TABLES`` tables (default
60) with robots in three seats and a benchmark client in South, opened one after another while the earlier ones
play, and ``BENCH_WEB_LOAD_SPECTATORS`` spectators (default 100) spread over them, for ``BENCH_WEB_LOAD_SECONDS``
(default 90) seconds (under ``--quick``: 10 tables, 20 spectators, 30 seconds). Printed:

- **action→broadcast**: from a South client sending its call or card until each connection at that table (South
  and the spectators) receives the frame that shows it, p50 and p99;
- **table creation**: ``POST /api/tables`` (three robots seated with it) until its answer, p50 and p99;
- the events a second, the server's CPU seconds (with its robot processes) beside the wall clock, and the
  machine's load average (the machine is shared: latency is a wall-clock figure and counts the other jobs).

``BENCH_WEB_LOAD_SRC`` runs the server from another source tree (e.g. a git worktree of ``main``: the "before"
of docs/performance.md); the robots play at ``serve``'s defaults (``--robot-delay 0.4``, effort ``normal``).
Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
import websockets
from websockets.asyncio.client import ClientConnection

from benchmarks._harness import sized

TABLES = int(os.environ.get("BENCH_WEB_LOAD_TABLES", str(sized(60, 10))))
SPECTATORS = int(os.environ.get("BENCH_WEB_LOAD_SPECTATORS", str(sized(100, 20))))
SECONDS = float(os.environ.get("BENCH_WEB_LOAD_SECONDS", str(sized(90, 30))))
SOURCE = os.environ.get("BENCH_WEB_LOAD_SRC", "")
ROBOT_DELAY = 0.4
TARGET_BROADCAST, TARGET_CREATION = 0.250, 0.500


@dataclass
class Figures:
    """What one run measured: seconds per action→broadcast and per table creation, events seen by South."""

    broadcast: list[float] = field(default_factory=list)
    creation: list[float] = field(default_factory=list)
    events: int = 0
    errors: int = 0
    sent: dict[tuple[str, int, int], float] = field(default_factory=dict)  # (table, board, seq shown) → sent at


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        data: dict[str, Any] = json.load(r)
        return data


def _key(frame: dict[str, Any]) -> tuple[int, int]:
    return int(frame["view"]["board"]), int(frame["seq"])


def _shown(figures: Figures, table: str, frame: dict[str, Any], seen: set[tuple[int, int]]) -> None:
    """Count the latency of every action of South's this frame shows for the first time on this connection."""
    board, seq = _key(frame)
    for (t, b, s), at in list(figures.sent.items()):
        if t == table and (b, s) <= (board, seq) and (b, s) not in seen:
            seen.add((b, s))
            figures.broadcast.append(time.perf_counter() - at)


async def _frames(ws: ClientConnection, deadline: float) -> AsyncIterator[dict[str, Any]]:
    """The frames ``ws`` receives until ``deadline`` (``time.monotonic``)."""
    while (left := deadline - time.monotonic()) > 0:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), left))
        except TimeoutError:
            return
        yield frame


async def _south(ws_url: str, table: str, figures: Figures, rng: random.Random, deadline: float) -> None:
    """South: a random legal call or card as soon as it is South's turn, the next board when one is over."""
    seen: set[tuple[int, int]] = set()
    acted: tuple[int, int] | None = None
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        async for frame in _frames(ws, deadline):
            if frame["type"] == "error":
                figures.errors += 1
                acted = None
                continue
            if frame["type"] != "state":
                continue
            _shown(figures, table, frame, seen)
            view, key = frame["view"], _key(frame)
            if key == acted:
                continue
            message: dict[str, Any] | None = None
            if view["phase"] == "done":
                message = {"type": "next", "board": view["board"]}
            elif view["legal_calls"]:
                calls = view["legal_calls"]
                message = {"type": "call", "call": "P" if "P" in calls and rng.random() < 0.7 else rng.choice(calls)}
            elif view["legal_cards"]:
                message = {"type": "play", "card": rng.choice(view["legal_cards"])}
            if message is None:
                continue
            acted = key
            if message["type"] != "next":
                figures.sent[(table, key[0], key[1] + 1)] = time.perf_counter()
                figures.events += 1
            await ws.send(json.dumps(message))


async def _spectator(ws_url: str, table: str, figures: Figures, deadline: float) -> None:
    seen: set[tuple[int, int]] = set()
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        async for frame in _frames(ws, deadline):
            if frame["type"] == "state":
                _shown(figures, table, frame, seen)


async def _load(base: str, figures: Figures) -> None:
    """Open the tables one by one (each at once playing), the spectators spread over them, until the deadline."""
    deadline = time.monotonic() + SECONDS
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(26)
    tasks: list[asyncio.Task[None]] = []
    spectators = [SPECTATORS // TABLES + (1 if t < SPECTATORS % TABLES else 0) for t in range(TABLES)]
    pace = SECONDS / 3 / TABLES  # every table open within the first third of the run
    for t in range(TABLES):
        began = time.perf_counter()
        made = await asyncio.to_thread(
            _post, base + "/api/tables", {"name": f"load {t}", "robots": ["N", "E", "W"], "boards": 100}
        )
        figures.creation.append(time.perf_counter() - began)
        table = str(made["id"])
        token = (await asyncio.to_thread(_post, f"{base}/api/tables/{table}/seats/S", {"name": "S"}))["token"]
        url = f"{ws_base}/ws/{table}"
        tasks.append(asyncio.create_task(_south(f"{url}?token={token}", table, figures, rng, deadline)))
        tasks += [asyncio.create_task(_spectator(url, table, figures, deadline)) for _ in range(spectators[t])]
        await asyncio.sleep(max(0.0, pace - (time.perf_counter() - began)))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    figures.errors += sum(1 for r in results if isinstance(r, BaseException))


def _cpu(process: psutil.Process) -> float:
    """CPU seconds of the server and of its child processes (the robots' pool)."""
    total = 0.0
    for p in [process, *process.children(recursive=True)]:
        try:
            times = p.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def run(db: str) -> tuple[Figures, float, float, tuple[float, float]]:
    """One load run against ``serve`` over ``db``: the figures, server CPU and wall seconds, load averages."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from web_helpers import Server

    limits = ("--tables-per-client", "0", "--tables-per-minute", "0")
    server = Server(db, ROBOT_DELAY, args=limits)
    saved = os.environ.get("PYTHONPATH")
    if SOURCE:
        os.environ["PYTHONPATH"] = str(Path(SOURCE).resolve() / "src")
    try:
        server.start()
    finally:
        if SOURCE:
            os.environ.pop("PYTHONPATH") if saved is None else os.environ.update(PYTHONPATH=saved)
    assert server.process is not None
    process = psutil.Process(server.process.pid)
    figures = Figures()
    load_before = os.getloadavg()[0]
    try:
        cpu, wall = _cpu(process), time.perf_counter()
        asyncio.run(_load(server.url, figures))
        cpu, wall = _cpu(process) - cpu, time.perf_counter() - wall
    finally:
        server.stop()
    return figures, cpu, wall, (load_before, os.getloadavg()[0])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        figures, cpu, wall, (load0, load1) = run(f"sqlite:///{Path(tmp) / 'load.db'}")
    where = f"from {SOURCE}" if SOURCE else "this tree"
    print(f"web load ({where}): {TABLES} tables (3 robots + South), {SPECTATORS} spectators, {SECONDS:.0f} s;"
          f" load average {load0:.1f} → {load1:.1f}")  # fmt: skip
    b, c = figures.broadcast, figures.creation
    met = "met" if _quantile(b, 0.99) <= TARGET_BROADCAST else "NOT met"
    print(f"  action→broadcast: p50 {_quantile(b, 0.5) * 1e3:7.0f} ms  p99 {_quantile(b, 0.99) * 1e3:7.0f} ms"
          f"  ({len(b)} deliveries; target p99 ≤ {TARGET_BROADCAST * 1e3:.0f} ms: {met})")  # fmt: skip
    met = "met" if _quantile(c, 0.99) <= TARGET_CREATION else "NOT met"
    print(f"  table creation:   p50 {_quantile(c, 0.5) * 1e3:7.0f} ms  p99 {_quantile(c, 0.99) * 1e3:7.0f} ms"
          f"  ({len(c)} tables; target p99 ≤ {TARGET_CREATION * 1e3:.0f} ms: {met})")  # fmt: skip
    mean = statistics.fmean(b) if b else float("nan")
    print(
        f"  South's actions: {figures.events} ({figures.events / wall:.1f}/s; mean delivery {mean * 1e3:.0f} ms);"
        f" errors {figures.errors}; server CPU {cpu:.1f} s beside {wall:.1f} s wall ({cpu / wall:.2f} cores)"
    )


if __name__ == "__main__":
    main()
