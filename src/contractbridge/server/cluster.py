"""Several server processes on one PostgreSQL (#26 item 3): ``serve --workers N``, or ``serve`` on several hosts.

- **One owner per table**: each process has a name; the process that holds a table's lease (``store.leases``: a
  row with an expiry on the database's clock, renewed every ``RENEW`` seconds for ``TTL``) is the only one that
  writes its events and runs its robots. The other processes hold a *mirror* of the table (``TableSession`` with
  ``owned`` false): the same frames for their own connections, read back from the store.
- **Fan-out by PostgreSQL LISTEN/NOTIFY** (no other service): after each change the owner, whose store has
  committed it, says so on the channel; every process with a mirror reads the table back and sends its
  connections their frames. A message a mirror's connection sends is forwarded on the channel to the owner, who
  carries it out as its own (an error frame comes back to that connection only); a seat taken or released at a
  mirror is written to the store and the owner told.
- **The channel survives PostgreSQL** (#26): when the listening connection is lost (PostgreSQL restarted, its
  backend terminated), the process logs it, connects again with back-off (``BACKOFF``), LISTENs again, and then
  reads back from the store every mirrored table, the seats of every owned one, and opens the tables it has not
  heard of: what was said while it was deaf is lost, what was committed is not. A NOTIFY whose connection was
  lost is said once more on a new one. A forwarded message whose answer was lost gets ``ForwardError`` (send it
  again) after ``ANSWER`` seconds.
- **Take-over**: a process that dies (even ``kill -9``) stops renewing; within ``TTL`` + ``RENEW`` seconds another
  process takes the lease and resumes the table from the store (``TableSession.open``): nothing committed is
  lost, and an action that was not committed was never shown to anybody. A process that stops cleanly gives its
  leases up at once.

SQLite stays single-process: there is no cluster over it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

import sqlalchemy as sa

from contractbridge.cards import Seat
from contractbridge.errors import BridgeError
from contractbridge.server.protocol import Message, ProtocolError
from contractbridge.server.session import Client, Role, TableSession

if TYPE_CHECKING:
    import psycopg

    from contractbridge.server.club import Club

__all__ = ["CHANNEL", "RENEW", "TTL", "Cluster", "ForwardError"]

log = logging.getLogger("contractbridge.server")

#: The NOTIFY channel of every process of one store.
CHANNEL: Final = "contractbridge"
#: Seconds a lease lasts, and between two renewals (a dead process's tables are taken within about both).
TTL: Final = 5.0
RENEW: Final = 1.0
#: Seconds a mirror waits for the owner's answer to a forwarded message.
ANSWER: Final = 10.0
#: PostgreSQL's limit on a NOTIFY payload is 8000 bytes.
PAYLOAD: Final = 7999
#: Seconds before the first attempt to reach PostgreSQL again after the channel was lost, and at most between two
#: (doubled after each failure).
BACKOFF: Final = (0.1, 5.0)


class ForwardError(BridgeError):
    """A message forwarded to a table's owner got no answer (the owner died: the table is being taken over)."""


def _role_text(role: Role) -> str:
    return role.letter if isinstance(role, Seat) else role


def _role(text: str) -> Role:
    return Seat.parse(text) if len(text) == 1 else text


class Cluster:
    """This process among the others on one PostgreSQL store: its leases, its channel, its mirrors."""

    def __init__(self, club: Club, url: str) -> None:
        self.club = club
        self.name = f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(3)}"
        self.url = sa.engine.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self._listen: psycopg.AsyncConnection[Any] | None = None
        self._say: psycopg.AsyncConnection[Any] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pending: dict[str, tuple[Client, asyncio.Future[None]]] = {}
        self._refresh: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._adopting: set[str] = set()
        self._saying = asyncio.Lock()

    # start and stop ---------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on the channel and open every open table of the store: owned when its lease is free, else as a
        mirror; then keep the leases."""
        self._say = await self._connect("say")
        self._listen = await self._connect("listen")
        await self._listen.execute(f"LISTEN {CHANNEL}")
        self._tasks.append(asyncio.get_running_loop().create_task(self._hear()))
        for record in await asyncio.to_thread(self.club.db.tables):
            await self._adopt(record.id)
        self._tasks.append(asyncio.get_running_loop().create_task(self._keep()))
        log.info("cluster joined", extra={"worker": self.name})

    async def stop(self) -> None:
        """Give up the leases (the other processes take the tables at once) and close the channel."""
        for task in [*self._tasks, *self._refresh.values()]:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.club.db.release_leases, self.name)
        for connection in (self._listen, self._say):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()

    async def _connect(self, use: str) -> psycopg.AsyncConnection[Any]:
        """A connection of this process to the store's PostgreSQL, named for what it does (``pg_stat_activity``)."""
        import psycopg

        name = f"contractbridge {use} {self.name}"[:63]
        return await psycopg.AsyncConnection.connect(self.url, autocommit=True, application_name=name)

    async def _adopt(self, table_id: str) -> None:
        """Open a table of the store here (once): owned if its lease is ours to take, else a mirror. A table
        that cannot be opened is left to the next notice or lease round (its lease, if taken, is given up)."""
        if table_id in self._adopting or table_id in self.club.sessions:
            return
        self._adopting.add(table_id)
        try:
            db = self.club.db
            record = await asyncio.to_thread(db.table, table_id)
            own = await asyncio.to_thread(db.acquire, table_id, self.name, TTL)
            self.club.sessions[table_id] = await self.club.open(record, own=own)
        except BridgeError as err:
            log.error("table not opened", extra={"table": table_id, "error": str(err)})
        finally:
            self._adopting.discard(table_id)

    async def find(self, table_id: str) -> TableSession | None:
        """An open table of the store this process has not heard of yet (a client can be quicker than the
        opener's notice): opened here now; None if the store has no such open table."""
        for _ in range(100):  # this process is opening it already: wait for that (5 s at most)
            if table_id not in self._adopting:
                break
            await asyncio.sleep(0.05)
        if table_id not in self.club.sessions:
            try:
                record = await asyncio.to_thread(self.club.db.table, table_id)
            except BridgeError:  # no such table
                return None
            if record.status == "open":
                await self._adopt(table_id)
        return self.club.sessions.get(table_id)

    def join(self, session: TableSession) -> None:
        """Make ``session`` part of the cluster: its changes are said, its mirror's messages forwarded."""
        session.cluster = self

    @contextlib.asynccontextmanager
    async def claimed(self, table_id: str) -> AsyncIterator[None]:
        """The lease of a table this process is about to create, held while the block makes and opens it."""
        self._adopting.add(table_id)
        try:
            if not await asyncio.to_thread(self.club.db.acquire, table_id, self.name, TTL):
                raise ProtocolError(f"table {table_id!r} is owned by another process")
            yield
        finally:
            self._adopting.discard(table_id)

    @contextlib.asynccontextmanager
    async def exclusive(self, key: str) -> AsyncIterator[None]:
        """Hold the lease row ``key`` (a name that is no table's) for the block, waiting while another process
        holds it: what the block reads and writes no other process's block of the same ``key`` does meanwhile
        (``Club.numbered``); a process killed holding it lets go within ``TTL``."""
        self._adopting.add(key)  # not given up by the lease round as a stray lease
        try:
            while not await asyncio.to_thread(self.club.db.acquire, key, self.name, TTL):
                await asyncio.sleep(0.05)
            yield
        finally:
            self._adopting.discard(key)
            await asyncio.to_thread(self.club.db.release_leases, self.name, [key])

    # the leases --------------------------------------------------------------------------------------------------
    async def _keep(self) -> None:
        """Renew this process's leases; let go of a table whose lease was lost, take those nobody holds."""
        db = self.club.db
        while True:
            await asyncio.sleep(RENEW)
            try:
                mine = await asyncio.to_thread(db.renew, self.name, TTL)
                owned = {t for t, s in self.club.sessions.items() if s.owned}
                for table_id in owned - mine:
                    log.warning("lease lost", extra={"table": table_id, "worker": self.name})
                    await self.club.sessions[table_id].disown()
                stray = mine - owned - self._adopting  # a table that failed to open here: let another try
                if stray:
                    await asyncio.to_thread(db.release_leases, self.name, stray)
                for table_id in await asyncio.to_thread(db.orphans):
                    await self._take(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away for a moment: try again at the next round
                log.exception("lease round failed", extra={"worker": self.name})

    async def _take(self, table_id: str) -> None:
        """Take over a table whose owner is gone (or that nobody opened): resumed from the store."""
        session = self.club.sessions.get(table_id)
        if session is None:
            await self._adopt(table_id)
            return
        if table_id in self._adopting:
            return
        if session.owned or not await asyncio.to_thread(self.club.db.acquire, table_id, self.name, TTL):
            return
        log.info("table taken over", extra={"table": table_id, "worker": self.name})
        await session.own()
        await self.say({"k": "state", "t": table_id})

    # the channel ---------------------------------------------------------------------------------------------------
    async def say(self, payload: dict[str, Any]) -> None:
        """NOTIFY every process (this one too: it ignores what it said itself); ``ProtocolError`` for a payload
        over PostgreSQL's limit (nothing is sent)."""
        import psycopg

        text = json.dumps({**payload, "by": self.name}, ensure_ascii=False)
        if len(text.encode()) > PAYLOAD:
            raise ProtocolError(f"{payload.get('k')}: too long to pass to the table's server ({len(text)} characters)")
        say = self._say
        assert say is not None
        try:
            await say.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))
        except psycopg.OperationalError as err:  # its connection was lost: once more on a new one
            async with self._saying:
                if self._say is say:
                    log.warning("notify connection lost", extra={"worker": self.name, "error": str(err)})
                    with contextlib.suppress(Exception):
                        await say.close()
                    self._say = await self._connect("say")
                again = self._say
            assert again is not None
            await again.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))

    def changed(self, session: TableSession) -> None:
        """The owner's change of ``session`` is committed and shown here: tell the mirrors."""
        undo = session.undo_request
        payload = {
            "k": "state",
            "t": session.record.id,
            "undo": None if undo is None else undo.to_dict(),
            "call": session.director_call,
        }
        self._soon(self.say(payload))

    def seated(self, session: TableSession) -> None:
        """A seat of a mirrored table was taken or released here (written to the store): tell the owner."""
        self._soon(self.say({"k": "seats", "t": session.record.id}))

    def _soon(self, work: Awaitable[Any]) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("notify failed", extra={"worker": self.name})

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    async def _hear(self) -> None:
        """Handle the channel's notices; when its connection is lost, listen again (``_relisten``)."""
        while True:
            assert self._listen is not None
            try:
                async for notice in self._listen.notifies():
                    try:
                        payload = json.loads(notice.payload)
                        if payload.get("by") != self.name:
                            await self._dispatch(payload)
                    except Exception:
                        log.exception("notice not handled", extra={"worker": self.name})
            except asyncio.CancelledError:
                raise
            except Exception as err:  # PostgreSQL restarted, the backend terminated, the network cut
                log.warning("channel lost", extra={"worker": self.name, "error": str(err)})
            await self._relisten()

    async def _relisten(self) -> None:
        """Connect again (waiting longer after each failure, ``BACKOFF``), LISTEN again, then catch up: every
        mirrored table read back from the store, the seats of every owned one, every table not yet heard of
        opened."""
        delay = BACKOFF[0]
        while True:
            await asyncio.sleep(delay)
            if self._listen is not None:
                with contextlib.suppress(Exception):
                    await self._listen.close()
            try:
                self._listen = await self._connect("listen")
                await self._listen.execute(f"LISTEN {CHANNEL}")
                break
            except Exception as err:
                log.warning("channel not reached", extra={"worker": self.name, "error": str(err), "retry": delay})
                delay = min(2 * delay, BACKOFF[1])
        sessions = list(self.club.sessions.values())
        log.info("listening again", extra={"worker": self.name, "tables": len(sessions)})
        for session in sessions:
            if session.owned:
                self._soon(session.reseat())  # a seat taken or released at a mirror meanwhile
            else:
                self._reread(session)
        try:
            records = await asyncio.to_thread(self.club.db.tables)
        except Exception:  # the store is not back yet: the lease rounds open the orphans meanwhile
            log.exception("tables not read again", extra={"worker": self.name})
            return
        for record in records:
            await self._adopt(record.id)

    async def _dispatch(self, p: dict[str, Any]) -> None:
        kind, table_id = p["k"], p.get("t")
        session = None if table_id is None else self.club.sessions.get(str(table_id))
        if kind == "state":
            if session is None:
                self._soon(self._adopt(str(table_id)))  # a table opened by another process
            elif not session.owned:
                session.shared = {"undo": p.get("undo"), "call": p.get("call")}
                self._reread(session)
        elif kind == "seats" and session is not None and session.owned:
            self._soon(session.reseat())
        elif kind == "action" and session is not None and session.owned:
            self._soon(self._carry_out(session, p))
        elif kind == "reply" and p["to"] == self.name:
            self._answered(p)

    def _reread(self, session: TableSession) -> None:
        """Read a mirrored table back from the store (once more if told again meanwhile) and show it."""
        table_id = session.record.id
        running = self._refresh.get(table_id)
        if running is not None and not running.done():
            self._again.add(table_id)
            return

        async def run() -> None:
            while True:
                self._again.discard(table_id)
                try:
                    await session.refresh()
                except BridgeError as err:
                    log.error("mirror not refreshed", extra={"table": table_id, "error": str(err)})
                except Exception:  # the store went away for a moment: the next notice, or listening again, retries
                    log.exception("mirror not refreshed", extra={"table": table_id})
                if table_id not in self._again:
                    return

        self._refresh[table_id] = asyncio.get_running_loop().create_task(run())

    # messages of a mirror's connections --------------------------------------------------------------------------
    async def forward(self, session: TableSession, client: Client, message: Message) -> None:
        """Send ``client``'s message to the table's owner and wait for its answer (its error frame, if any,
        comes to ``client``; the state frames come as for every change)."""
        request = secrets.token_hex(8)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending[request] = (client, done)
        try:
            await self.say({"k": "action", "t": session.record.id, "id": request, "role": _role_text(client.role),
                            "key": client.key, "m": {"type": message.type, **message.data}})  # fmt: skip
            await asyncio.wait_for(done, ANSWER)
        except TimeoutError:
            raise ForwardError(f"{message.type}: the table's server did not answer; send it again") from None
        except BridgeError:
            raise
        except Exception:  # the channel itself failed (the database went away): the connection goes on
            log.exception("forward failed", extra={"table": session.record.id, "worker": self.name})
            raise ForwardError(f"{message.type}: the table's server cannot be reached; send it again") from None
        finally:
            self._pending.pop(request, None)

    def _answered(self, p: dict[str, Any]) -> None:
        found = self._pending.get(str(p["id"]))
        if found is None:
            return
        client, done = found
        for frame in p.get("frames", ()):
            client.put(frame)
        if p.get("close"):
            client.close()
        if p.get("done") and not done.done():
            done.set_result(None)

    async def _carry_out(self, session: TableSession, p: dict[str, Any]) -> None:
        """The owner carries out a message forwarded by a mirror, as its own connection's."""
        origin, request = str(p["by"]), str(p["id"])
        client = Remote(_unused, _role(str(p["role"])), key=p.get("key"))
        seat = client.seat
        if seat is not None and session.seats[seat.letter].token != client.key:
            await session.reseat()  # the seat was taken at that mirror a moment ago: its notice may come after
        data = dict(p["m"])
        try:
            await session.handle(client, Message(str(data.pop("type")), data))
        finally:
            answer = {"k": "reply", "to": origin, "id": request, "close": client.ended, "done": True}
            try:
                await self.say({**answer, "frames": client.out})
            except ProtocolError:  # an error frame quoting a long message: its message cut short
                short = [{**f, "message": str(f.get("message", ""))[:300] + "…"} for f in client.out]
                await self.say({**answer, "frames": short})


class Remote(Client):
    """A connection of another process, as the owner sees it: what it is sent goes back with the answer."""

    def __init__(self, send: Callable[[str], Awaitable[None]], role: Role, key: str | None) -> None:
        super().__init__(send, role, key=key)
        self.out: list[dict[str, Any]] = []
        self.ended = False

    def put(self, frame: dict[str, Any] | str) -> bool:
        self.out.append(frame if isinstance(frame, dict) else json.loads(frame))
        return True

    def close(self) -> None:
        self.ended = True


async def _unused(text: str) -> None:  # a Remote's frames go through ``put``
    raise AssertionError(text)
