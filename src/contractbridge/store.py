"""Persistence of the web table: tables, seats, boards, the event log of each board, results, rubber sheets.

SQLAlchemy 2 over SQLite (the default: a file in the user's data directory, WAL journal, no set-up) or
PostgreSQL by URL (``postgresql+psycopg://user@host/db``). The schema is created and upgraded by the Alembic
migrations shipped in ``contractbridge/migrations``.

Each board's events are kept by a ``StoredLog``: the durability contract of ``contractbridge.eventlog``
(docs/architecture.md §5.1) is one interface, ``DurableLog``, that the terminal's file and this store both
implement. An event is **committed** here before the server shows it to anybody or a robot acts on it, so a
crash (even ``kill -9``) loses nothing that was acknowledged, and ``Table.from_events(store.board(id).events)``
resumes every open board. An undo accepted at the table does not delete rows: it marks them ``retracted`` (kept
until a new event takes the same place), and the board's log leaves them out.

```python
store = Store("sqlite://")                     # in memory; Store() uses the default file
store.create_table(TableRecord("t1", "Club night", "WBF17"), director_token_hash=None)
with store.create_log("t1", 1, Table(Board(1, Deal.random(1))).to_events()[0]) as log:
    log.append({"event": "call", "seat": "N", "call": "1NT"})   # committed when this returns
```
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from contractbridge.deal import Board
from contractbridge.errors import BridgeError, EventLogError
from contractbridge.eventlog import DurableLog, EventLogLockedError
from contractbridge.tournament.handrecords import board_from_dict, board_to_dict

__all__ = [
    "SEAT_KINDS",
    "BoardRecord",
    "SeatRecord",
    "Store",
    "StoreError",
    "StoredLog",
    "TableRecord",
    "default_url",
    "metadata",
]

#: Who sits in a seat.
SEAT_KINDS: Final = ("empty", "human", "robot")

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("edition", sa.String(16), nullable=False),
    sa.Column("irregular", sa.Boolean, nullable=False, default=False),
    sa.Column("scoring", sa.String(16), nullable=False, default="duplicate"),
    sa.Column("spectators", sa.String(16), nullable=False, default="hidden"),
    sa.Column("spectator_delay", sa.Integer, nullable=False, default=4),  # unused since #26 (whole boards)
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("boards", sa.Integer, nullable=False, default=0),
    sa.Column("director_token", sa.String(128)),
    sa.Column("status", sa.String(16), nullable=False, default="open"),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    sa.Column("deck", sa.JSON),  # the boards the table plays, in order (an event's round); None: dealt by seed
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.String(1), primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False, default="empty"),
    sa.Column("token", sa.String(128)),
    sa.Column("name", sa.String(100), nullable=False, default=""),
)

boards = sa.Table(
    "boards",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    sa.Column("finished_at", sa.DateTime(timezone=True)),
    sa.UniqueConstraint("table_id", "number", name="uq_boards_table_number"),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("board_id", sa.Integer, sa.ForeignKey("boards.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("body", sa.JSON, nullable=False),
    sa.Column("meta", sa.JSON),
    sa.Column("retracted", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
)

results = sa.Table(
    "results",
    metadata,
    sa.Column("board_id", sa.Integer, sa.ForeignKey("boards.id"), primary_key=True),
    sa.Column("contract", sa.String(8)),
    sa.Column("declarer", sa.String(1)),
    sa.Column("tricks", sa.Integer),
    sa.Column("score_ns", sa.Integer, nullable=False),
    sa.Column("ruling", sa.JSON),  # the director's ruling the result comes from (a disputed claim, L70)
)

rubber_sheets = sa.Table(
    "rubber_sheets",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("sheet", sa.JSON, nullable=False),
)


leases = sa.Table(
    "leases",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),  # no foreign key: a new table's is taken first
    sa.Column("owner", sa.String(64), nullable=False),  # the server process (``server.cluster``)
    sa.Column("expires", sa.Float, nullable=False),  # the database's clock, seconds since 1970
)


class StoreError(BridgeError):
    """The store cannot do what was asked (unknown table or board, a database that cannot be opened)."""


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table of the club: its settings. ``spectators`` is ``hidden`` (no hand shown until the end of the
    board), ``delayed`` (every hand, one whole board behind: a board's hands once it is finished) or ``none``.
    A table without humans goes on to its next board by itself while fewer than ``boards`` are played (0:
    never). A table with a ``deck`` (an event's round) plays those boards, in that order, and no others."""

    id: str
    name: str
    edition: str
    irregular: bool = False
    scoring: str = "duplicate"
    spectators: str = "hidden"
    seed: str = ""
    status: str = "open"
    boards: int = 0
    deck: tuple[Board, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who sits in one seat; ``token`` is the hash of the seat's secret (never the secret itself)."""

    seat: str
    kind: str = "empty"
    token: str | None = None
    name: str = ""


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """A board played at a table, with its event log (retracted events left out)."""

    id: int
    number: int
    events: list[dict[str, Any]]
    metas: list[dict[str, Any] | None]
    finished: bool


class StoredLog(DurableLog):
    """One board's event log in the store, kept under the contract of ``contractbridge.eventlog`` (§5.1), the
    same interface as the terminal's file: the board event first (never empty); ``append`` commits the event as
    one row before it returns, so the web table shows it only after (write-ahead); ``undo`` marks the last rows
    retracted, never rewriting one; one writer until ``close``. ``meta`` (alerts, explanations) rides along."""

    def __init__(self, store: Store, board_id: int, length: int) -> None:
        self.store = store
        self.board_id = board_id
        self._length = length
        self._open = True

    def __len__(self) -> int:
        return self._length

    def append(self, event: Mapping[str, Any], meta: Mapping[str, Any] | None = None) -> None:
        self._check_open()
        self.store._append(self.board_id, self._length, event, meta)
        self._length += 1

    def _truncate(self, length: int) -> None:
        self._check_open()
        self.store._retract(self.board_id, length)
        self._length = length

    def close(self) -> None:
        if self._open:
            self._open = False
            self.store._release(self.board_id)

    def _check_open(self) -> None:
        if not self._open:
            raise EventLogError(f"board {self.board_id}'s log is closed")

    def __repr__(self) -> str:
        return f"<StoredLog board {self.board_id}: {self._length} events>"


def default_url() -> str:
    """``$CONTRACTBRIDGE_DB``, else SQLite in the user's data directory (``$XDG_DATA_HOME/contractbridge``,
    by default ``~/.local/share/contractbridge/tables.db``)."""
    url = os.environ.get("CONTRACTBRIDGE_DB")
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "contractbridge"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'tables.db'}"


def _as_url(url: str) -> str:
    """A database URL as given, or a plain path as the URL of that SQLite file (its directory must exist)."""
    if "://" in url:
        return url
    path = Path(url).expanduser().absolute()
    if not path.parent.is_dir():
        raise StoreError(f"cannot open the store {url!r}: there is no directory {str(path.parent)!r}")
    if path.is_dir():
        raise StoreError(f"cannot open the store {url!r}: it is a directory (give a file, e.g. {url}/tables.db)")
    return f"sqlite:///{path}"


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True)
    engine = sa.create_engine(url, connect_args={"check_same_thread": False})

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        if ":memory:" not in url and url not in ("sqlite://", "sqlite+pysqlite://"):
            cursor.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit is on disk when it returns (a crash of the process or the machine loses nothing).
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic, ``contractbridge/migrations``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The web table's database. Every method commits before it returns."""

    def __init__(self, url: str | None = None) -> None:
        """``url`` is a database URL (``sqlite:///…``, ``postgresql+psycopg://…``) or the path of a SQLite file;
        None: ``default_url()``."""
        self.url = default_url() if url is None else _as_url(url)
        # The in-memory database is one connection shared by every thread: transactions take turns on it.
        self._turns: AbstractContextManager[Any] = contextlib.nullcontext()
        self._writers: set[int] = set()  # the boards whose log is open for writing (contract point 4)
        self._writers_lock = threading.Lock()
        try:
            if self.url in ("sqlite://", "sqlite+pysqlite://"):  # one shared in-memory database for every thread
                self._turns = threading.RLock()
                self.engine = sa.create_engine(
                    self.url, connect_args={"check_same_thread": False}, poolclass=sa.pool.StaticPool
                )
            else:
                self.engine = _engine(self.url)
                if self.dialect == "sqlite":
                    # SQLite has one writer: a thread that finds the file locked sleeps in steps of up to 100 ms
                    # (busy_timeout), which made a loaded web table's p99 (#26); waiting here, it goes at once.
                    self._turns = threading.RLock()
            migrate(self.engine)
        except sa.exc.SQLAlchemyError as err:
            raise StoreError(f"cannot open the store {self.safe_url}: {err.__class__.__name__}: {err}") from None

    @property
    def safe_url(self) -> str:
        """The URL without its password (for logs)."""
        return sa.engine.make_url(self.url).render_as_string(hide_password=True)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self._turns, self.engine.begin() as connection:
            yield connection

    def close(self) -> None:
        self.engine.dispose()

    # tables and seats --------------------------------------------------------------------------------
    def create_table(
        self, record: TableRecord, director_token_hash: str | None, robots: Iterable[str] = (), *, held: bool = False
    ) -> None:
        """A new table, in one transaction: robots in the seats ``robots`` names (``"N"`` …), the others empty, or
        ``held`` for people (an event's table: its pairs take their seats through the event, never the lobby)."""
        robot_seats = frozenset(robots)
        other = "human" if held else "empty"
        with self._tx() as c:
            c.execute(
                tables.insert().values(
                    id=record.id,
                    name=record.name,
                    edition=record.edition,
                    irregular=record.irregular,
                    scoring=record.scoring,
                    spectators=record.spectators,
                    seed=record.seed,
                    boards=record.boards,
                    director_token=director_token_hash,
                    status=record.status,
                    deck=[board_to_dict(b) for b in record.deck] or None,
                )
            )
            kinds = [{"table_id": record.id, "seat": s, "kind": "robot" if s in robot_seats else other} for s in "NESW"]
            c.execute(seats.insert(), kinds)

    def tables(self, status: str | None = "open") -> list[TableRecord]:
        """The tables (by default the open ones), oldest first."""
        query = sa.select(tables).order_by(tables.c.created_at, tables.c.id)
        if status is not None:
            query = query.where(tables.c.status == status)
        with self._tx() as c:
            return [_table_record(row) for row in c.execute(query).mappings()]

    def table(self, table_id: str) -> TableRecord:
        with self._tx() as c:
            row = c.execute(sa.select(tables).where(tables.c.id == table_id)).mappings().first()
        if row is None:
            raise StoreError(f"no table {table_id!r}")
        return _table_record(row)

    def director_token(self, table_id: str) -> str | None:
        """The hash of the table's director token (None: no director at this table)."""
        with self._tx() as c:
            value = c.execute(sa.select(tables.c.director_token).where(tables.c.id == table_id)).scalar()
        return None if value is None else str(value)

    def set_status(self, table_id: str, status: str) -> None:
        with self._tx() as c:
            c.execute(tables.update().where(tables.c.id == table_id).values(status=status))

    def seats(self, table_id: str) -> dict[str, SeatRecord]:
        with self._tx() as c:
            rows = c.execute(sa.select(seats).where(seats.c.table_id == table_id)).mappings().all()
        return {r["seat"]: SeatRecord(r["seat"], r["kind"], r["token"], r["name"]) for r in rows}

    def set_seat(self, table_id: str, record: SeatRecord) -> None:
        if record.kind not in SEAT_KINDS:
            raise StoreError(f"seat kind {record.kind!r} (use one of {', '.join(SEAT_KINDS)})")
        with self._tx() as c:
            c.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == record.seat)
                .values(kind=record.kind, token=record.token, name=record.name)
            )

    # boards and events: each board's log is a ``StoredLog`` (the contract of contractbridge.eventlog) -------
    def create_log(self, table_id: str, number: int, board_event: Mapping[str, Any]) -> StoredLog:
        """A new board whose log holds its board event (contract point 1: a stored board is never without its
        deal), open for writing."""
        with self._tx() as c:
            key = c.execute(boards.insert().values(table_id=table_id, number=number)).inserted_primary_key
            assert key is not None
            board_id = int(key[0])
            c.execute(events.insert().values(board_id=board_id, seq=0, body=dict(board_event)))
        return self.open_log(board_id)

    def open_log(self, board_id: int) -> StoredLog:
        """Board ``board_id``'s log, open for writing by this caller only (contract point 4: a second writer
        gets ``EventLogLockedError`` until ``close``)."""
        with self._writers_lock:
            if board_id in self._writers:
                raise EventLogLockedError(f"board {board_id}'s log is open at another table (one writer at a time)")
            with self._tx() as c:
                query = sa.select(sa.func.count()).where(events.c.board_id == board_id, sa.not_(events.c.retracted))
                length = int(c.execute(query).scalar_one())
            if not length:
                raise StoreError(f"no board {board_id}")
            self._writers.add(board_id)
        return StoredLog(self, board_id, length)

    def _append(self, board_id: int, seq: int, event: Mapping[str, Any], meta: Mapping[str, Any] | None) -> None:
        """Event ``seq`` as one row, committed before this returns. A retracted row at ``seq`` (an undone event)
        is replaced; a standing one means another writer got there first."""
        try:
            with self._tx() as c:
                gone = (events.c.board_id == board_id) & (events.c.seq == seq) & events.c.retracted
                c.execute(events.delete().where(gone))
                c.execute(
                    events.insert().values(
                        board_id=board_id, seq=seq, body=dict(event), meta=None if meta is None else dict(meta)
                    )
                )
        except sa.exc.IntegrityError:
            raise EventLogLockedError(f"board {board_id}: event {seq} was written by another writer") from None

    def _retract(self, board_id: int, length: int) -> None:
        """Mark every event from ``length`` on retracted (kept until a new event takes its place)."""
        with self._tx() as c:
            later = (events.c.board_id == board_id) & (events.c.seq >= length)
            c.execute(events.update().where(later).values(retracted=True))

    def _release(self, board_id: int) -> None:
        with self._writers_lock:
            self._writers.discard(board_id)

    def board(self, board_id: int) -> BoardRecord:
        with self._tx() as c:
            row = c.execute(sa.select(boards).where(boards.c.id == board_id)).mappings().first()
            if row is None:
                raise StoreError(f"no board {board_id}")
            return _board_record(c, row)

    def current_board(self, table_id: str) -> BoardRecord | None:
        """The table's latest board with its log, or None before the first."""
        with self._tx() as c:
            row = (
                c.execute(sa.select(boards).where(boards.c.table_id == table_id).order_by(boards.c.number.desc()))
                .mappings()
                .first()
            )
            return None if row is None else _board_record(c, row)

    def board_ids(self, table_id: str) -> list[int]:
        with self._tx() as c:
            query = sa.select(boards.c.id).where(boards.c.table_id == table_id).order_by(boards.c.number)
            return [int(i) for i in c.execute(query).scalars()]

    def finish_board(
        self,
        board_id: int,
        contract: str | None,
        declarer: str | None,
        tricks: int | None,
        score_ns: int,
        ruling: Mapping[str, Any] | None = None,
    ) -> None:
        """Record the board's result (once; a second call for the same board changes nothing); ``ruling`` when
        the director ruled it (a disputed claim's award, L70)."""
        with self._tx() as c:
            done = c.execute(sa.select(results.c.board_id).where(results.c.board_id == board_id)).first()
            if done is not None:
                return
            c.execute(
                results.insert().values(
                    board_id=board_id,
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    score_ns=score_ns,
                    ruling=None if ruling is None else dict(ruling),
                )
            )
            c.execute(boards.update().where(boards.c.id == board_id).values(finished_at=sa.func.now()))

    def results(self, table_id: str) -> list[dict[str, Any]]:
        """The results of the table's finished boards, in board order."""
        query = (
            sa.select(boards.c.number.label("board"), results.c.contract, results.c.declarer, results.c.tricks)
            .add_columns(results.c.score_ns, results.c.ruling)
            .join(results, results.c.board_id == boards.c.id)
            .where(boards.c.table_id == table_id)
            .order_by(boards.c.number)
        )
        with self._tx() as c:
            return [dict(r) for r in c.execute(query).mappings()]

    def save_rubber(self, table_id: str, number: int, sheet: Mapping[str, Any]) -> None:
        """Write rubber sheet ``number`` (1-based) of a rubber-scored table."""
        with self._tx() as c:
            old = (rubber_sheets.c.table_id == table_id) & (rubber_sheets.c.number == number)
            c.execute(rubber_sheets.delete().where(old))
            c.execute(rubber_sheets.insert().values(table_id=table_id, number=number, sheet=dict(sheet)))

    # leases: which server process owns an open table (several processes on one PostgreSQL, #26) ------------
    def _now(self) -> sa.ColumnElement[float]:
        """The database's clock in seconds since 1970: every process reads one clock, whatever its host's."""
        if self.dialect == "postgresql":
            return sa.cast(sa.func.extract("epoch", sa.func.clock_timestamp()), sa.Float)
        return (sa.func.julianday("now") - 2440587.5) * 86400.0

    def acquire(self, table_id: str, owner: str, ttl: float) -> bool:
        """Take or renew the lease of ``table_id`` for ``owner`` for ``ttl`` seconds: True when ``owner`` holds it
        now (it had it, or nobody did, or its holder let it expire); one transaction, so two processes never
        both win."""
        from sqlalchemy.dialects import postgresql, sqlite

        dialect = postgresql if self.dialect == "postgresql" else sqlite
        insert = dialect.insert(leases).values(table_id=table_id, owner=owner, expires=self._now() + ttl)
        mine = (leases.c.owner == owner) | (leases.c.expires < self._now())
        query = insert.on_conflict_do_update(
            index_elements=[leases.c.table_id], set_={"owner": owner, "expires": self._now() + ttl}, where=mine
        ).returning(leases.c.owner)
        with self._tx() as c:
            return c.execute(query).scalar() == owner

    def renew(self, owner: str, ttl: float) -> set[str]:
        """Renew every lease ``owner`` holds that has not expired; the tables it still owns."""
        query = (
            leases.update()
            .where(leases.c.owner == owner, leases.c.expires >= self._now())
            .values(expires=self._now() + ttl)
            .returning(leases.c.table_id)
        )
        with self._tx() as c:
            return {str(t) for t in c.execute(query).scalars()}

    def orphans(self) -> list[str]:
        """The open tables that nobody owns: no lease, or one that has expired (its process died)."""
        held = sa.select(leases.c.table_id).where(leases.c.expires >= self._now())
        query = sa.select(tables.c.id).where(tables.c.status == "open", tables.c.id.not_in(held))
        with self._tx() as c:
            return [str(t) for t in c.execute(query.order_by(tables.c.created_at, tables.c.id)).scalars()]

    def release_leases(self, owner: str, table_ids: Iterable[str] | None = None) -> None:
        """Give up the leases of ``owner`` (all of them: a process that stops; or of ``table_ids``): the other
        processes take those tables at once."""
        query = leases.delete().where(leases.c.owner == owner)
        if table_ids is not None:
            query = query.where(leases.c.table_id.in_(list(table_ids)))
        with self._tx() as c:
            c.execute(query)

    def rubbers(self, table_id: str) -> list[dict[str, Any]]:
        query = sa.select(rubber_sheets.c.sheet).where(rubber_sheets.c.table_id == table_id)
        with self._tx() as c:
            return [dict(s) for s in c.execute(query.order_by(rubber_sheets.c.number)).scalars()]


def _table_record(row: sa.RowMapping) -> TableRecord:
    return TableRecord(
        id=row["id"],
        name=row["name"],
        edition=row["edition"],
        irregular=bool(row["irregular"]),
        scoring=row["scoring"],
        spectators=row["spectators"],
        seed=row["seed"],
        status=row["status"],
        boards=int(row["boards"]),
        deck=tuple(board_from_dict(b) for b in row["deck"] or ()),
    )


def _board_record(c: Connection, row: sa.RowMapping) -> BoardRecord:
    query = (
        sa.select(events.c.body, events.c.meta)
        .where(events.c.board_id == row["id"], sa.not_(events.c.retracted))
        .order_by(events.c.seq)
    )
    rows: Sequence[Any] = c.execute(query).all()
    return BoardRecord(
        id=int(row["id"]),
        number=int(row["number"]),
        events=[dict(r[0]) for r in rows],
        metas=[None if r[1] is None else dict(r[1]) for r in rows],
        finished=row["finished_at"] is not None,
    )
