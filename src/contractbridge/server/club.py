"""What the web table's routes share: the store, the tables alive in the server, the settings, the limits' counts.

One ``Club`` per application (``app.state.club``); the routes reach it and a table through the FastAPI
dependencies ``club`` and ``session``, never through closures.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import re
import time
from collections import deque
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, HTTPException, Request
from starlette.requests import HTTPConnection

from contractbridge.errors import BridgeError
from contractbridge.eventstore import EventStore
from contractbridge.server.protocol import ProtocolError
from contractbridge.server.robots import RobotPool
from contractbridge.server.session import Role, TableSession
from contractbridge.server.settings import Settings
from contractbridge.store import Store, TableRecord
from contractbridge.systems.agreements import PartnershipAgreements

if TYPE_CHECKING:
    from contractbridge.server.cluster import Cluster

__all__ = [
    "AddressDep",
    "Club",
    "ClubDep",
    "RoleDep",
    "SessionDep",
    "bearer",
    "bearer_role",
    "client_address",
    "club",
    "session",
    "system_of",
]


@dataclass
class Club:
    """The server's tables and what they need; ``store`` is set when the application starts."""

    settings: Settings
    store: Store | None = None
    sessions: dict[str, TableSession] = field(default_factory=dict)
    numbering: asyncio.Lock = field(default_factory=asyncio.Lock)  # one seed number at a time (``numbered``)
    openers: dict[str, str] = field(default_factory=dict)  # table id → the address that opened it
    recent: dict[str, deque[float]] = field(default_factory=dict)  # address → when it opened tables
    pool: RobotPool = field(init=False)  # the processes the robots think in
    cluster: Cluster | None = None  # the other processes on one PostgreSQL (``server.cluster``), if any

    def __post_init__(self) -> None:
        self.pool = RobotPool(self.settings.robot_processes)

    async def open(self, record: TableRecord, *, own: bool = True,
                   agreements: PartnershipAgreements | None = None) -> TableSession:  # fmt: skip
        """Open the stored table ``record`` in this server: its board resumed or dealt (a first board with the pairs'
        ``agreements``), its robots in the pool; ``own`` false: a mirror of the table another process owns
        (``server.cluster``)."""
        limits = self.settings
        if limits.robot_boards and record.boards > limits.robot_boards:
            record = dataclasses.replace(record, boards=limits.robot_boards)
        session = await TableSession.open(self.db, record, limits.robot_delay, limits.token_lifetime, self.pool,
                                          own=own, agreements=agreements)  # fmt: skip
        session.clarification_timeout = limits.clarification_timeout
        if self.cluster is not None:
            self.cluster.join(session)
        return session

    async def create(
        self,
        record: TableRecord,
        director_key: str | None,
        robots: Iterable[str],
        *,
        held: bool = False,
        agreements: PartnershipAgreements | None = None,
    ) -> TableSession:
        """A new table, stored (with robots in the seats ``robots`` names, the others ``held`` for an event's
        pairs or empty; one transaction) and opened here, its first board with the pairs' ``agreements`` (L40):
        this process owns it (it takes the lease before the table exists, so no other process takes it over) and
        the other processes learn of it."""
        create = functools.partial(self.db.create_table, record, director_key, robots, held=held)
        if self.cluster is None:
            await asyncio.to_thread(create)
            self.sessions[record.id] = session = await self.open(record, agreements=agreements)
            return session
        async with self.cluster.claimed(record.id):
            await asyncio.to_thread(create)
            self.sessions[record.id] = session = await self.open(record, agreements=agreements)
        self.cluster.changed(session)
        return session

    @contextlib.asynccontextmanager
    async def numbered(self) -> AsyncIterator[int | None]:
        """With ``settings.seed``, the number ``n`` of the table (seed ``f"{seed}/{n}"``) or event (``f"{seed}/
        event/{n}"``) about to be stored: one more than the highest in the store, held (in this process, and
        across the cluster's processes) until the block has stored it, so that no two tables of the store deal
        the same boards, whichever process (``serve --workers``) or run of the server made them; None without a
        seed (the table's seed is secret and random)."""
        seed = self.settings.seed
        if seed is None:
            yield None
            return
        cluster = contextlib.nullcontext() if self.cluster is None else self.cluster.exclusive("#seed")
        async with self.numbering, cluster:
            yield 1 + await asyncio.to_thread(_last_number, self.db, seed)

    async def find(self, table_id: str) -> TableSession | None:
        """The open table ``table_id`` in this server: in a cluster, opened here first if another process opened it
        and its notice has not come yet (``Cluster.find``)."""
        found = self.sessions.get(table_id)
        if found is None and self.cluster is not None:
            found = await self.cluster.find(table_id)
        return found

    @property
    def db(self) -> Store:
        assert self.store is not None, "the application has not started"
        return self.store

    def admit(self, address: str, now: float | None = None) -> None:
        """Check the limits on opening one more table from ``address`` (HTTP 429 when one is reached)."""
        limits, now = self.settings, time.monotonic() if now is None else now
        if limits.max_tables and len(self.sessions) >= limits.max_tables:
            raise HTTPException(429, f"the server has {len(self.sessions)} tables open, its limit (max_tables)")
        mine = sum(1 for t, a in self.openers.items() if a == address and t in self.sessions)
        if limits.tables_per_client and mine >= limits.tables_per_client:
            raise HTTPException(429, f"you have {mine} tables open, the limit (tables_per_client)")
        stamps = self.recent.setdefault(address, deque())
        while stamps and now - stamps[0] >= 60:
            stamps.popleft()
        if limits.tables_per_minute and len(stamps) >= limits.tables_per_minute:
            raise HTTPException(429, f"at most {limits.tables_per_minute} new tables a minute (tables_per_minute)")

    def opened_by(self, table_id: str, address: str, now: float | None = None) -> None:
        """Count a table opened from ``address``."""
        self.openers[table_id] = address
        self.recent.setdefault(address, deque()).append(time.monotonic() if now is None else now)


def _last_number(store: Store, seed: str) -> int:
    """The highest table or event number dealt from ``seed`` in ``store`` (0: none): one SELECT of the seeds under
    ``seed``, not every table and event of the store."""
    number = re.compile(rf"{re.escape(seed)}/(?:event/)?(\d+)")
    return max((int(m[1]) for s in EventStore(store).seeds(seed) if (m := number.fullmatch(s))), default=0)


def club(connection: HTTPConnection) -> Club:
    """The application's ``Club`` (a dependency of every route, HTTP or WebSocket)."""
    found: Club = connection.app.state.club
    return found


ClubDep = Annotated[Club, Depends(club)]


async def session(table_id: str, tables: ClubDep) -> TableSession:
    """The open table ``table_id`` (HTTP 404 when there is none)."""
    found = await tables.find(table_id)
    if found is None:
        raise HTTPException(404, f"no open table {table_id!r}")
    return found


SessionDep = Annotated[TableSession, Depends(session)]


def client_address(request: Request) -> str:
    """Who is asking, for the per-client limits: the peer's address."""
    return request.client.host if request.client is not None else "unknown"


AddressDep = Annotated[str, Depends(client_address)]


def bearer(request: Request) -> str | None:
    """The secret token of an ``Authorization: Bearer …`` header (a header, so that no log holds it)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def bearer_role(table: SessionDep, tables: ClubDep, token: Annotated[str | None, Depends(bearer)]) -> Role:
    """Whose token the request's ``Authorization: Bearer …`` holds at the table: a seat or the director (HTTP 401
    without a token, 403 for a token that is not one of this table's or has expired)."""
    if token is None:
        raise HTTPException(401, "send the seat's or the director's token as 'Authorization: Bearer …'")
    try:
        role, _ = table.role_of(token, await asyncio.to_thread(tables.db.director_token, table.record.id))
    except ProtocolError as err:
        raise HTTPException(403, str(err)) from None
    return role


RoleDep = Annotated[Role, Depends(bearer_role)]


def system_of(system: dict[str, Any] | None) -> PartnershipAgreements | None:
    """The pairs' agreements of a ``system`` object (HTTP 422 saying what is wrong with it)."""
    if system is None:
        return None
    try:
        return PartnershipAgreements.from_dict(system)
    except BridgeError as err:
        raise HTTPException(422, f"system: {err}") from None
