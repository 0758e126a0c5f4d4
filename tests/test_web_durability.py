"""Durability of the web table (issue #14, docs/architecture.md §3.2): ``kill -9`` the server at random moments (seeded,
bounded) while robots play boards at several tables, restart it each time, and check that every event shown
to a client is in the store, that every stored log replays, and that every table resumes and finishes its
boards. A spectator at each table records the frames: a frame is shown only after its events were committed."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from contractbridge.store import Store
from contractbridge.table import Table
from web_helpers import Server, check_frames


async def _watch(url: str, frames: list[dict[str, Any]], seconds: float) -> None:
    """Record frames until the connection drops (the kill, also in the middle of the handshake) or time is up."""
    try:
        async with websockets.connect(url, open_timeout=10) as ws:
            deadline = time.monotonic() + seconds
            while (left := deadline - time.monotonic()) > 0:
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), left)))
    except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError, TimeoutError):
        return


def _run(tmp_path: Path, tables: int, boards: int, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    db = f"sqlite:///{tmp_path / 'durable.db'}"
    server = Server(db, robot_delay=0.002, log=tmp_path / "server.log")
    server.start()
    ids = [server.post("/api/tables", {"name": f"robots {i}", "robots": list("NESW"), "boards": boards})["id"]
           for i in range(tables)]  # fmt: skip
    frames: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
    try:
        for _ in range(kills):
            moment = rng.uniform(0.3, 1.5)

            async def watch_then_kill(moment: float = moment) -> None:
                watchers = [asyncio.create_task(_watch(f"{server.ws}/ws/{i}", frames[i], 30)) for i in ids]
                await asyncio.sleep(moment)
                server.kill()
                await asyncio.gather(*watchers)

            asyncio.run(watch_then_kill())
            server.start()  # resumes every table from the store
        # robots in processes scheduled below the server (``server.robots.NICE``) wait for every other job of a loaded
        # machine: a generous bound (the boards usually end long before it)
        deadline = time.monotonic() + 60 + 6 * tables * boards
        store = Store(db)

        async def watch_until_done() -> None:
            """The spectators watch the last server too (a kill may come before a loaded machine shows a
            frame) until every table has finished its boards."""
            watchers = [asyncio.create_task(_watch(f"{server.ws}/ws/{i}", frames[i], deadline - time.monotonic()))
                        for i in ids]  # fmt: skip
            while time.monotonic() < deadline and any(len(store.results(i)) < boards for i in ids):
                await asyncio.sleep(0.5)
            for watcher in watchers:
                watcher.cancel()
            await asyncio.gather(*watchers, return_exceptions=True)

        try:
            asyncio.run(watch_until_done())
            for table_id in ids:
                assert len(store.results(table_id)) == boards, f"table {table_id} did not finish its boards"
                for board_id in store.board_ids(table_id):
                    assert Table.from_events(store.board(board_id).events).result is not None
                assert check_frames(store, table_id, frames[table_id]) > 0
        finally:
            store.close()
    finally:
        server.stop()  # SIGTERM: the graceful shutdown (Uvicorn re-raises the signal once it is done)
    assert server.log is not None and "every open table saved" in server.log.read_text()


@pytest.mark.usefixtures("quick_robots")  # the robots make the events the kills interrupt
def test_kill_9_loses_no_shown_event_and_tables_resume(tmp_path: Path) -> None:
    _run(tmp_path, tables=2, boards=4, kills=3, seed=9)


@pytest.mark.slow
@pytest.mark.usefixtures("quick_robots")
def test_kill_9_during_50_boards(tmp_path: Path) -> None:
    _run(tmp_path, tables=5, boards=10, kills=12, seed=50)
