"""Several server processes on one PostgreSQL (#26 item 3, ``server.cluster``): every table owned by one process
(a lease row), clients on any process, PostgreSQL LISTEN/NOTIFY as the fan-out, a killed process's tables taken
over by another. Over a real PostgreSQL (Debian's, started in a temporary directory; skipped without it) and real
``contractbridge serve`` processes; the leases' rules are checked on SQLite too."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import re
import shutil
import subprocess
import sys
import time
import urllib.error
from types import SimpleNamespace
from typing import Any, cast

import pytest
import websockets

from contractbridge.cards import Seat
from contractbridge.store import Store, TableRecord
from web_helpers import PG_BIN, Recorder, Server, audit, check_frames, play_client, postgres, started_servers


def test_leases_one_owner_at_a_time_and_orphans() -> None:
    """A lease is one process's until it expires or is given up; an open table without a live lease is an
    orphan (what a surviving process takes over)."""
    store = Store("sqlite://")
    for t in ("t1", "t2"):
        store.create_table(TableRecord(t, t, "WBF2017"), None)
    assert store.orphans() == ["t1", "t2"]
    assert store.acquire("t1", "a", 30) and not store.acquire("t1", "b", 30) and store.acquire("t1", "a", 30)
    assert store.orphans() == ["t2"] and store.renew("a", 30) == {"t1"} and store.renew("b", 30) == set()
    assert store.acquire("t2", "b", -1)  # already expired: as a process that stopped renewing
    assert store.orphans() == ["t2"] and store.renew("b", 30) == set()
    assert store.acquire("t2", "a", 30) and store.orphans() == []
    store.release_leases("a")
    assert store.orphans() == ["t1", "t2"]


def test_workers_refused_with_sqlite(tmp_path: Any) -> None:
    """``serve --workers 2`` over SQLite is refused at once, saying why (SQLite serves one process)."""
    command = [sys.executable, "-c", "from contractbridge.cli import main; main()", "serve", "--db",
               str(tmp_path / "club.db"), "--workers", "2", "--port", "0"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "--workers 2" in done.stderr and "PostgreSQL" in done.stderr and "Traceback" not in done.stderr


def _post(server: Server, path: str, body: dict[str, Any], seconds: float = 20) -> dict[str, Any]:
    """POST, again while the process has not yet heard of a table another process has just opened."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return server.post(path, body)
        except urllib.error.HTTPError as err:
            if err.code != 404 or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


async def _watch(url: str, recorder: Recorder, boards: int, seconds: float) -> bool:
    """A spectator: records frames until its table's last board is done (True) or its process dies (False)."""
    try:
        async with websockets.connect(url, max_size=2**22) as ws:
            deadline = time.monotonic() + seconds
            while (left := deadline - time.monotonic()) > 0:
                frame = json.loads(await asyncio.wait_for(ws.recv(), left))
                recorder.frames.append(frame)
                view = frame.get("view") or {}
                if frame["type"] == "state" and view["phase"] == "done" and view["board"] >= boards:
                    return True
    except (websockets.ConnectionClosed, OSError):
        return False
    raise AssertionError(f"{url}: the boards did not finish in {seconds} s")


def _final(store: Store, table_id: str) -> tuple[int, int]:
    board = store.current_board(table_id)
    assert board is not None
    return board.number, len(board.events)


@pytest.mark.slow
def test_three_processes_one_killed_mid_board_loses_nothing(tmp_path: Any) -> None:
    """3 ``serve`` processes on one PostgreSQL; tables opened at the first (its own), South's player and
    spectators on the others and on it; the first killed with -9 mid-board: its tables are taken over, every event
    shown to any client on any process is in the store, every client of a living process sees the end."""
    boards, tables = 2, 3
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        args = ("--robot-processes", "1", "--robot-effort", "low", "--tables-per-minute", "0")
        servers = started_servers(url, 3, "cluster", args, tmp_path)
        try:
            first = servers[0]
            ids = [first.post("/api/tables", {"name": f"t{i}", "robots": ["N", "E", "W"]})["id"] for i in range(tables)]
            tokens = [_post(servers[1 + i % 2], f"/api/tables/{t}/seats/S", {"name": "S"})["token"]
                      for i, t in enumerate(ids)]  # fmt: skip
            south = [Recorder(Seat.SOUTH) for _ in ids]
            watchers = {(t, p): Recorder(None) for t in ids for p in range(3)}
            store = Store(url)

            async def refused(link: str) -> dict[str, Any]:
                """A card out of turn sent to a mirror: the owner refuses it, the error frame comes back."""
                async with websockets.connect(link) as ws:
                    await ws.send(json.dumps({"type": "play", "card": "SA"}))
                    while (frame := json.loads(await asyncio.wait_for(ws.recv(), 60)))["type"] != "error":
                        pass
                    await ws.send(json.dumps({"type": "ping"}))  # and the connection goes on
                    while (json.loads(await asyncio.wait_for(ws.recv(), 60)))["type"] != "pong":
                        pass
                    return dict(frame)

            async def run() -> list[Any]:
                links = [f"{servers[1 + i % 2].ws}/ws/{t}?token={tokens[i]}" for i, t in enumerate(ids)]
                error = await refused(links[0])
                assert error["error"].endswith("Error") and error["message"], error  # the owner's refusal
                players = [
                    asyncio.create_task(play_client(link, south[i], random.Random(i), boards, timeout=240))
                    for i, link in enumerate(links)
                ]
                spectators = [asyncio.create_task(_watch(f"{servers[p].ws}/ws/{t}", r, boards, 240))
                              for (t, p), r in watchers.items()]  # fmt: skip
                while min(_final(store, t) for t in ids) < (1, 12):  # every table mid-auction or later
                    await asyncio.sleep(0.2)
                await asyncio.to_thread(first.kill)  # kill -9, mid-board
                return await asyncio.gather(*players, *spectators)

            outcome = asyncio.run(run())
        finally:
            for server in servers:
                if server.process is not None and server.process.poll() is None:
                    server.stop()
        assert outcome[tables:] == [p != 0 for (_, p) in watchers]  # the first's spectators dropped, others saw the end
        shown = 0
        for i, table_id in enumerate(ids):
            final = _final(store, table_id)
            assert final[0] == boards and store.board(store.board_ids(table_id)[-1]).finished
            recorders = [south[i], *(r for (t, _), r in watchers.items() if t == table_id)]
            for recorder in recorders:
                shown += check_frames(store, table_id, recorder.frames)  # 0 lost: every frame shown is stored
            audit(store, table_id, recorders)  # and no hidden card anywhere
            for (t, p), recorder in watchers.items():
                if t == table_id and p:
                    last = [f for f in recorder.frames if f["type"] == "state"][-1]
                    assert (last["view"]["board"], last["seq"]) == final  # the end reached every living process
        assert shown > 0


@pytest.mark.slow
def test_serve_workers_on_postgresql(tmp_path: Any) -> None:
    """``serve --workers 3``: one port, three processes; a table opened at one, its player and spectators on
    whichever process the kernel hands each connection, play a board to its end."""
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        args = ("--workers", "3", "--robot-processes", "1", "--robot-effort", "low")
        server = Server(url, robot_delay=0.02, args=args, log=tmp_path / "serve.log")
        server.start()
        try:
            table_id = server.post("/api/tables", {"name": "workers", "robots": ["N", "E", "W"]})["id"]
            token = _post(server, f"/api/tables/{table_id}/seats/S", {"name": "S"})["token"]
            south, watchers = Recorder(Seat.SOUTH), [Recorder(None) for _ in range(6)]

            async def run() -> list[Any]:
                link = f"{server.ws}/ws/{table_id}"
                spectators = [_watch(link, r, 1, 180) for r in watchers]
                return await asyncio.gather(play_client(f"{link}?token={token}", south, random.Random(3), 1,
                                                        timeout=180), *spectators)  # fmt: skip

            outcome = asyncio.run(run())
        finally:
            server.stop()
        assert outcome[1:] == [True] * len(watchers)
        store = Store(url)
        final = _final(store, table_id)
        for recorder in [south, *watchers]:
            assert check_frames(store, table_id, recorder.frames) > 0
            last = [f for f in recorder.frames if f["type"] == "state"][-1]
            assert (last["view"]["board"], last["seq"]) == final
        log = (tmp_path / "serve.log").read_text()
        assert len(set(re.findall(r'cluster joined\s+\(worker="([^"]+)"', log))) == 3


class _Mirror:
    """A table as ``Cluster`` sees one (``owned``: its own, else a mirror): it counts the times it was read back
    from the store."""

    def __init__(self, table_id: str, owned: bool = False) -> None:
        self.record = TableRecord(table_id, table_id, "WBF2017")
        self.owned = owned
        self.shared: dict[str, Any] = {}
        self.refreshed = self.reseated = 0

    async def refresh(self) -> None:
        self.refreshed += 1

    async def reseat(self) -> None:
        self.reseated += 1


async def _until(check: Any, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds} s: {what}")
        await asyncio.sleep(0.05)


def _sql(url: str, query: str, *args: str) -> Any:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        row = conn.execute(query, args).fetchone()
    assert row is not None
    return row[0]


def _terminate(url: str, application: str) -> int:
    """``pg_terminate_backend`` of the connections named ``application``: how many there were."""
    query = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = %s"
    return int(_sql(url, query, application[:63]))


def _pg_ctl(url: str, *args: str) -> None:
    """``pg_ctl ARGS`` on the server at ``url`` (as the ``postgres`` user when run as root, as it was started)."""
    data = str(_sql(url, "SHOW data_directory"))
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 and shutil.which("runuser") else []
    subprocess.run([*as_postgres, str(PG_BIN / "pg_ctl"), *args, "-D", data, "-m", "fast", "-w"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=60)  # fmt: skip


def test_the_channel_is_listened_to_again_after_postgresql_drops_it(caplog: pytest.LogCaptureFixture) -> None:
    """(#26) Two processes' channels on one PostgreSQL. The listening backend of one is terminated
    (``pg_terminate_backend``, as a PostgreSQL restart or an administrator does): it logs the loss, connects again,
    LISTENs again and reads its mirrored table back from the store (what was said while it was deaf is lost), then
    hears the other's notices again; its NOTIFY connection terminated too, its next notice is said on a new one.
    Then PostgreSQL restarts (``pg_ctl restart -m fast``): both channels come back. Without it the mirrors stayed
    deaf, silently."""
    from contractbridge.server.cluster import Cluster

    caplog.set_level(logging.INFO, logger="contractbridge.server")
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        mirrors, owned = {"a": _Mirror("t1"), "b": _Mirror("t1")}, _Mirror("t2", owned=True)
        sessions = {"a": {"t1": mirrors["a"], "t2": owned}, "b": {"t1": mirrors["b"]}}
        clusters = {k: Cluster(cast(Any, SimpleNamespace(db=Store(url), sessions=sessions[k])), url)
                    for k in mirrors}  # fmt: skip
        a, b = clusters["a"], clusters["b"]

        async def run() -> None:
            for cluster in clusters.values():
                await cluster.start()
            try:
                await b.say({"k": "state", "t": "t1"})
                await _until(lambda: mirrors["a"].refreshed == 1, "a hears b")
                assert _terminate(url, f"contractbridge listen {a.name}") == 1
                await _until(lambda: mirrors["a"].refreshed == 2, "a listens again and reads its mirror back")
                await _until(lambda: owned.reseated == 1, "a reads the seats of its own table back")
                await b.say({"k": "state", "t": "t1"})
                await _until(lambda: mirrors["a"].refreshed == 3, "a hears b again")
                assert _terminate(url, f"contractbridge say {a.name}") == 1
                await a.say({"k": "state", "t": "t1"})
                await _until(lambda: mirrors["b"].refreshed == 1, "b hears a on its new connection")

                await asyncio.to_thread(_pg_ctl, url, "restart")

                def listening() -> list[Any]:
                    return [getattr(r, "worker", "") for r in caplog.records if r.getMessage() == "listening again"]

                await _until(lambda: sorted(listening()) == sorted([a.name, a.name, b.name]), "both listen again")
                heard = {k: m.refreshed for k, m in mirrors.items()}
                await b.say({"k": "state", "t": "t1"})
                await a.say({"k": "state", "t": "t1"})
                await _until(lambda: all(m.refreshed > heard[k] for k, m in mirrors.items()), "both hear after it")
            finally:
                for cluster in clusters.values():
                    await cluster.stop()

        try:
            asyncio.run(asyncio.wait_for(run(), 120))
        finally:  # the restarted server is not the fixture's child process any more
            with contextlib.suppress(Exception):
                _pg_ctl(url, "stop")
    said = [(r.getMessage(), getattr(r, "worker", None)) for r in caplog.records]
    assert ("channel lost", a.name) in said and ("listening again", a.name) in said
    assert ("notify connection lost", a.name) in said
    assert said.count(("channel lost", a.name)) == 2 and said.count(("channel lost", b.name)) == 1  # b: the restart


def _seeds(url: str) -> list[str]:
    store = Store(url)
    try:
        return sorted(t.seed for t in store.tables(status=None) if t.seed.startswith("deals/"))
    finally:
        store.close()


def test_seeded_tables_are_numbered_in_the_store_across_runs(tmp_path: Any) -> None:
    """(#26) With ``--seed``, a table's deals come from ``{seed}/{n}``: ``n`` is counted in the store, tables and
    events together, so a second run of the server on the same store goes on from there instead of dealing its
    first tables' boards again (as the separate counter of each ``--workers`` process did)."""
    from fastapi.testclient import TestClient

    from contractbridge.server import create_app

    url = f"sqlite:///{tmp_path / 'club.db'}"
    event = {"name": "Pairs", "movement": "mitchell", "tables": 4, "boards_per_round": 1}
    with TestClient(create_app(url, seed="deals")) as client:
        for path, body in (("/api/tables", {"name": "a"}), ("/api/events", event), ("/api/tables", {"name": "b"})):
            assert client.post(path, json=body).status_code == 201
    with TestClient(create_app(url, seed="deals")) as client:
        assert client.post("/api/tables", json={"name": "c"}).status_code == 201
    assert _seeds(url) == ["deals/1", "deals/3", "deals/4"]  # 2: the event's (deals/event/2)


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
def test_the_next_seed_number_is_one_select_of_the_seeds_under_the_seed(dialect: str) -> None:
    """(#26) ``Club.numbered`` reads the seeds ``{seed}/…`` of tables and events in one SELECT (not every table and
    event of the store): ``%`` and ``_`` in the seed match themselves, another seed's numbers (another case, one
    that only a LIKE wildcard would match) do not count; on SQLite and PostgreSQL alike."""
    from sqlalchemy import event as sa_event

    from contractbridge.eventstore import EventRecord, EventStore
    from contractbridge.server.club import Club
    from contractbridge.server.settings import Settings

    with contextlib.ExitStack() as stack:
        url = "sqlite://" if dialect == "sqlite" else stack.enter_context(postgres())
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        store = Store(url)
        stack.callback(store.close)
        seeds = ["a_b%/2", "a_b%/x", "a_b%/2/3", "aXbZ/9", "aXb%/8", "A_B%/7", "a_b%9/1", "deals/6", "a_b%/10"]
        for i, seed in enumerate(seeds):
            store.create_table(TableRecord(f"t{i}", "t", "WBF17", seed=seed), director_token_hash=None)
        for i, seed in enumerate(["a_b%/event/4", "a_b%/event/12", "aXb%/event/20", "x/a_b%/event/30"]):
            EventStore(store).create(EventRecord(f"e{i}", "e", "matchpoints", "mitchell", 4, 1, 8, seed), "key")
        statements: list[str] = []
        sa_event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))

        async def next_number(seed: str) -> int | None:
            club = Club(Settings(seed=seed, robot_processes=0), store)
            async with club.numbered() as number:
                return number

        assert asyncio.run(next_number("a_b%")) == 13  # after a_b%/event/12; not aXb%/event/20
        assert len(statements) == 1 and "LIKE" in statements[0]
        assert asyncio.run(next_number("deals")) == 7
        assert asyncio.run(next_number("none")) == 1
        assert len(statements) == 3


@pytest.mark.slow
def test_two_processes_with_one_seed_deal_different_boards_at_every_table(tmp_path: Any) -> None:
    """(#26) ``serve --seed deals`` twice on one PostgreSQL (as ``serve --workers 2 --seed deals``), tables
    opened at both at once: every table has its own number, so its own deals (each process counted from 1)."""
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        args = ("--robot-processes", "1", "--robot-effort", "low", "--tables-per-minute", "0")
        servers = [Server(url, seed="deals", args=args, log=tmp_path / f"serve{i}.log") for i in range(2)]
        for server in servers:
            server.start()
        try:

            async def run() -> list[Any]:
                posts = [asyncio.to_thread(servers[i % 2].post, "/api/tables", {"name": f"t{i}"}) for i in range(8)]
                return await asyncio.gather(*posts)

            made = asyncio.run(run())
        finally:
            for server in servers:
                server.stop()
        assert len({m["id"] for m in made}) == 8
        assert _seeds(url) == sorted(f"deals/{n}" for n in range(1, 9))
        store = Store(url)
        deals = {store.board(store.board_ids(m["id"])[0]).events[0]["deal"] for m in made}
        store.close()
        assert len(deals) == 8


@pytest.mark.slow
def test_a_mirror_whose_channel_is_cut_mid_board_sees_the_board_to_its_end(tmp_path: Any) -> None:
    """(#26) Two ``serve`` processes on one PostgreSQL; the table is the first's, South and a spectator are at the
    second (a mirror). Mid-auction every listening backend is terminated: both processes listen again, the
    mirror reads the table back, and South plays the board to its end there, every frame shown being stored."""
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        args = ("--robot-processes", "1", "--robot-effort", "low", "--tables-per-minute", "0")
        servers = started_servers(url, 2, "relisten", args, tmp_path)
        store = Store(url)
        try:
            table_id = servers[0].post("/api/tables", {"name": "t", "robots": ["N", "E", "W"]})["id"]
            token = _post(servers[1], f"/api/tables/{table_id}/seats/S", {"name": "S"})["token"]
            south, watcher = Recorder(Seat.SOUTH), Recorder(None)

            async def run() -> list[Any]:
                link = f"{servers[1].ws}/ws/{table_id}"
                player = asyncio.create_task(play_client(f"{link}?token={token}", south, random.Random(5), 1,
                                                         timeout=180))  # fmt: skip
                spectator = asyncio.create_task(_watch(link, watcher, 1, 180))
                while _final(store, table_id) < (1, 6):  # the auction begun
                    await asyncio.sleep(0.1)
                query = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name LIKE %s"
                assert await asyncio.to_thread(_sql, url, query, "contractbridge listen %") == 2
                return await asyncio.gather(player, spectator)

            outcome = asyncio.run(run())
        finally:
            for server in servers:
                server.stop()
        assert outcome[1] is True
        final = _final(store, table_id)
        assert final[0] == 1 and store.board(store.board_ids(table_id)[-1]).finished
        for recorder in (south, watcher):
            assert check_frames(store, table_id, recorder.frames) > 0
            last = [f for f in recorder.frames if f["type"] == "state"][-1]
            assert (last["view"]["board"], last["seq"]) == final
        audit(store, table_id, [south, watcher])
        store.close()
        for i in range(2):
            text = (tmp_path / f"serve{i}.log").read_text()
            assert "channel lost" in text and "listening again" in text
