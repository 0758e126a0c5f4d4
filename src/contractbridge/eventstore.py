"""The events of the web table in its store (#23 item 5): an event (form, movement, boards), its pairs (names and
what the store keeps of each pair's secret link), the web table of each table of each round, and the results
entered at a table (a traveller: contract, declarer, lead, tricks; confirmed by the opponents) or adjusted by the
director (L12C2, with the reason, L81C8). Boards played online are the web table's own results (``store.py``). An
event may keep its alert policy and each pair its system card (L40A1(b), L40B2(a)(iii)): its round's web tables are
opened with them. A director's correction (L79C) or adjusted score (L12C) replaces a table's result: the result it
replaced is kept, with who replaced it and when, never scored (as the CLI's event file keeps it, ``Event.replaced``).

An event keeps its factoring of boards with fewer results (L78D), the decimals of a weighted score's points
(L12C1(c): a condition of contest), and a result the Director's assigned score in full
(L12C1: weighted, L12C1(c); split, L12C1(e)), the form of a fouled board the table played (L87A) and, in a team
match, the side at fault (L86B2(b)), as the CLI's event file does.

The schema is Alembic revisions ``0003``, ``0005``, ``0006`` and ``0007``; every method commits before it returns,
and a refused write (a result already entered, an unknown event) changes nothing.

```python
events = EventStore(Store("sqlite://"))
events.create(EventRecord("e1", "Club pairs", "matchpoints", "mitchell", 4, 2, 8, "seed"), director_key="…")
```
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import sqlalchemy as sa

from contractbridge.deal import Board
from contractbridge.store import Store, StoreError, metadata
from contractbridge.store import tables as store_tables
from contractbridge.tournament.event import Entry, Event
from contractbridge.tournament.handrecords import board_from_dict, board_to_dict

__all__ = [
    "ASSIGNED_LENGTH",
    "FOULED_LENGTH",
    "EventRecord",
    "EventStore",
    "NoEventError",
    "PairRecord",
    "ReplacedRecord",
    "ResultRecord",
]

#: The longest assigned score kept (L12C1; a weighted one, L12C1(c), with its weights: revision 0007).
ASSIGNED_LENGTH: Final = 200
#: The longest name of a fouled board's form kept (L87A: revision 0007).
FOULED_LENGTH: Final = 16

club_events = sa.Table(
    "club_events",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("form", sa.String(16), nullable=False),
    sa.Column("movement", sa.String(16), nullable=False),
    sa.Column("tables", sa.Integer, nullable=False),
    sa.Column("boards_per_round", sa.Integer, nullable=False),
    sa.Column("pairs", sa.Integer, nullable=False),
    sa.Column("rounds", sa.Integer),
    sa.Column("arrow_switch", sa.JSON, nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("deals", sa.JSON),
    sa.Column("edition", sa.String(16), nullable=False),
    sa.Column("irregular", sa.Boolean, nullable=False, default=False),
    sa.Column("section", sa.String(2), nullable=False, default="A"),
    sa.Column("first_section", sa.String(32)),  # another section's event id: the first section of the event
    sa.Column("director_token", sa.String(128), nullable=False),
    sa.Column("round", sa.Integer, nullable=False, default=0),
    sa.Column("status", sa.String(16), nullable=False, default="open"),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    sa.Column("alert_policy", sa.JSON),  # the event's alert policy (L40B2(a)(iii)); None: the default
    sa.Column("factoring", sa.String(16), nullable=False, server_default="none"),  # L78D: tournament.FACTORING
    sa.Column("weighted_decimals", sa.Integer),  # L12C1(c): Event.weighted_decimals; None: the form's own
)

event_pairs = sa.Table(
    "event_pairs",
    metadata,
    sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), primary_key=True),
    sa.Column("pair", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("names", sa.String(200), nullable=False),
    sa.Column("token", sa.String(128)),
    sa.Column("card", sa.JSON),  # the pair's system card (L40A1(b)): auction → description (docs/disclosure.md)
)

event_tables = sa.Table(
    "event_tables",
    metadata,
    sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, unique=True),
)


def _line(key: bool) -> list[sa.Column[Any]]:
    """The columns of a traveller's line (or an adjusted score): where (the key of ``event_results``), the result,
    who entered it and whether it is confirmed."""
    where = [sa.Column(n, sa.Integer, primary_key=key, autoincrement=False, nullable=False)
             for n in ("round", "table_no", "board")]  # fmt: skip
    return [*where, sa.Column("contract", sa.String(8)), sa.Column("declarer", sa.String(1)),
            sa.Column("tricks", sa.Integer), sa.Column("lead", sa.String(3)), sa.Column("adjusted", sa.String(32)),
            sa.Column("assigned", sa.String(ASSIGNED_LENGTH)), sa.Column("assigned_ew", sa.String(ASSIGNED_LENGTH)),
            sa.Column("fouled", sa.String(FOULED_LENGTH)), sa.Column("at_fault", sa.String(2)),
            sa.Column("reason", sa.String(200)), sa.Column("entered_by", sa.String(16), nullable=False),
            sa.Column("confirmed", sa.Boolean, nullable=False)]  # fmt: skip


event_results = sa.Table(
    "event_results",
    metadata,
    sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), primary_key=True),
    *_line(key=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
)

#: The results a director's correction replaced (L79C, L12C), kept with who replaced them and when, never scored.
event_replaced_results = sa.Table(
    "event_replaced_results",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), nullable=False, index=True),
    *_line(key=False),
    sa.Column("replaced_by", sa.String(16), nullable=False),
    sa.Column("replaced_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
)


class NoEventError(StoreError):
    """The store has no event by that id."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    """An event of the club: what ``tournament.event.Event`` needs (form, movement, seed or the deals read from a
    PBN file), the edition its tables play and whether a director rules their irregularities (``irregular``: the
    director's link is every table's director), its ``section`` (a letter) and, for the second section on, the id
    of the first (the sections of an event play the same boards, each its own movement and ranking), the round
    started last (0: none yet), its status (``open``, ``finished``: the results are published, the tables
    closed), its ``alert_policy`` (``AlertPolicy.to_dict()``; None: the default, L40B2(a)(iii)), its
    ``factoring`` of boards with fewer results (matchpoints, L78D: one of ``tournament.event.FACTORING``) and the
    decimals of a weighted assigned score's points (L12C1(c): ``Event.weighted_decimals``; None: the form's)."""

    id: str
    name: str
    form: str
    movement: str
    tables: int
    boards_per_round: int
    pairs: int
    seed: str
    edition: str = "WBF17"
    arrow_switch: tuple[int, ...] = ()
    deals: tuple[Board, ...] = ()
    irregular: bool = False
    section: str = "A"
    first_section: str | None = None
    round: int = 0
    status: str = "open"
    alert_policy: Mapping[str, Any] | None = None
    factoring: str = "none"
    weighted_decimals: int | None = None

    def event(self, names: Mapping[str, str] | None = None, entries: tuple[Entry, ...] = ()) -> Event:
        """The event as a ``tournament`` value with these names and results (each checked as entered)."""
        event = Event(self.name, self.form, self.movement, self.tables, self.boards_per_round, self.pairs, self.seed,
                      self.arrow_switch, dict(names or {}), deals=self.deals,
                      factoring=self.factoring, weighted_decimals=self.weighted_decimals)  # fmt: skip
        for entry in entries:
            event = event.enter(entry)
        return event


@dataclass(frozen=True, slots=True)
class PairRecord:
    """A pair of an event: its number, its players' names, what the store keeps of its secret link, and its system
    card (L40A1(b): a ``PartnershipAgreements`` side's card as a dict, auction → description; None: none given)."""

    pair: int
    names: str
    token: str | None = None
    card: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """A result entered for an event: the traveller's line (or the director's adjusted score with its reason),
    who entered it (``pair N`` or ``director``) and whether the opponents (or the director) confirmed it."""

    entry: Entry
    entered_by: str
    confirmed: bool


@dataclass(frozen=True, slots=True)
class ReplacedRecord:
    """A result a director's correction replaced (L79C; an adjusted score in place of the table's result, L12C):
    the result as it stood (``entered_by`` ``played`` for a board played online), who replaced it and when. Kept
    for the director (L81C8), never scored."""

    result: ResultRecord
    replaced_by: str
    replaced_at: datetime


class EventStore:
    """The events in a ``Store`` (the web table's database: the same engine, the same transactions)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, record: EventRecord, director_key: str) -> None:
        with self.store._tx() as c:
            c.execute(
                club_events.insert().values(
                    id=record.id, name=record.name, form=record.form, movement=record.movement, tables=record.tables,
                    boards_per_round=record.boards_per_round, pairs=record.pairs,
                    arrow_switch=list(record.arrow_switch),
                    seed=record.seed, deals=[board_to_dict(b) for b in record.deals] or None, edition=record.edition,
                    director_token=director_key, irregular=record.irregular, section=record.section,
                    first_section=record.first_section, round=record.round,
                    status=record.status, alert_policy=record.alert_policy, factoring=record.factoring,
                    weighted_decimals=record.weighted_decimals,
                )
            )  # fmt: skip

    def event(self, event_id: str) -> EventRecord:
        with self.store._tx() as c:
            row = c.execute(sa.select(club_events).where(club_events.c.id == event_id)).mappings().first()
        if row is None:
            raise NoEventError(f"no event {event_id!r}")
        return EventRecord(
            row["id"], row["name"], row["form"], row["movement"], int(row["tables"]), int(row["boards_per_round"]),
            int(row["pairs"]), row["seed"], row["edition"], tuple(int(r) for r in row["arrow_switch"]),
            tuple(board_from_dict(b) for b in row["deals"] or ()), bool(row["irregular"]), row["section"],
            row["first_section"], int(row["round"]), row["status"], row["alert_policy"], row["factoring"],
            row["weighted_decimals"],
        )  # fmt: skip

    def seeds(self, prefix: str) -> list[str]:
        """The seeds ``f"{prefix}/…"`` of the store's tables and events, in one SELECT (a ``LIKE`` with ``%`` and
        ``_`` of ``prefix`` escaped; SQLite's ``LIKE`` ignores ASCII case, so the rows are checked again here)."""
        under = f"{prefix}/"
        query = sa.union_all(*(sa.select(t.c.seed).where(t.c.seed.startswith(under, autoescape=True))
                               for t in (store_tables, club_events)))  # fmt: skip
        with self.store._tx() as c:
            found = list(c.execute(query).scalars())
        return [s for s in found if s.startswith(under)]

    def events(self) -> list[EventRecord]:
        """Every event, oldest first."""
        with self.store._tx() as c:
            ids = c.execute(sa.select(club_events.c.id).order_by(club_events.c.created_at, club_events.c.id)).scalars()
            found = list(ids)
        return [self.event(i) for i in found]

    def sections(self, event_id: str) -> dict[str, str]:
        """``section letter → event id`` of every section of the event ``event_id`` belongs to."""
        record = self.event(event_id)
        first = record.first_section or record.id
        query = sa.select(club_events.c.section, club_events.c.id).where(
            (club_events.c.id == first) | (club_events.c.first_section == first)
        )
        with self.store._tx() as c:
            return {str(s): str(i) for s, i in c.execute(query).all()}

    def director_token(self, event_id: str) -> str:
        with self.store._tx() as c:
            value = c.execute(sa.select(club_events.c.director_token).where(club_events.c.id == event_id)).scalar()
        if value is None:
            raise NoEventError(f"no event {event_id!r}")
        return str(value)

    def update(self, event_id: str, **values: Any) -> None:
        """Set the event's ``round`` or ``status``."""
        if not set(values) <= {"round", "status"}:
            raise StoreError(f"an event's round and status change, not {sorted(values)}")
        with self.store._tx() as c:
            c.execute(club_events.update().where(club_events.c.id == event_id).values(**values))

    # pairs -----------------------------------------------------------------------------------------------------
    def set_pair(self, event_id: str, record: PairRecord) -> None:
        """Enter (or rename, with a new link) a pair."""
        with self.store._tx() as c:
            key = (event_pairs.c.event_id == event_id) & (event_pairs.c.pair == record.pair)
            c.execute(event_pairs.delete().where(key))
            c.execute(event_pairs.insert().values(event_id=event_id, pair=record.pair, names=record.names,
                                                  token=record.token, card=record.card))  # fmt: skip

    def pairs(self, event_id: str) -> dict[int, PairRecord]:
        with self.store._tx() as c:
            rows = c.execute(sa.select(event_pairs).where(event_pairs.c.event_id == event_id)).mappings().all()
        return {int(r["pair"]): PairRecord(int(r["pair"]), r["names"], r["token"], r["card"]) for r in rows}

    # the web tables of a round ------------------------------------------------------------------------------------
    def claim_round(self, event_id: str, round_number: int) -> None:
        """Make ``round_number`` the current round, if the round before it still is (``StoreError`` when another
        request started it first: one start per round)."""
        with self.store._tx() as c:
            now = (club_events.c.id == event_id) & (club_events.c.round == round_number - 1)
            done = c.execute(club_events.update().where(now).values(round=round_number)).rowcount
        if done != 1:
            raise StoreError(f"round {round_number} is already started")

    def link_tables(self, event_id: str, round_number: int, tables: Mapping[int, str]) -> None:
        """Record the web table of each table of a round (``table number → table id``)."""
        rows = [{"event_id": event_id, "round": round_number, "table_no": t, "table_id": i} for t, i in tables.items()]
        if rows:
            with self.store._tx() as c:
                c.execute(event_tables.insert(), rows)

    def tables(self, event_id: str) -> dict[tuple[int, int], str]:
        """``(round, table) → web table id`` of every round started."""
        query = sa.select(event_tables).where(event_tables.c.event_id == event_id)
        with self.store._tx() as c:
            return {(int(r["round"]), int(r["table_no"])): r["table_id"] for r in c.execute(query).mappings()}

    # results ----------------------------------------------------------------------------------------------------
    def add_result(
        self, event_id: str, result: ResultRecord, *, replace: bool = False, played: Entry | None = None
    ) -> ResultRecord | None:
        """Record a result; ``replace``: the director's, in place of any result at that table on that board, which
        is kept among the replaced results (L79C, L12C; ``played``: the board's result played online, kept so when
        no entered result stands there), in the same transaction. The result replaced (None: none)."""
        e = result.entry
        where = (
            (event_results.c.event_id == event_id) & (event_results.c.round == e.round)
            & (event_results.c.table_no == e.table) & (event_results.c.board == e.board)
        )  # fmt: skip
        gone = None
        try:
            with self.store._tx() as c:
                if replace:
                    old = c.execute(sa.select(event_results).where(where)).mappings().first()
                    gone = _result(old) if old is not None else None
                    if gone is None and played is not None:
                        gone = ResultRecord(played, "played", True)
                    if gone is not None:
                        c.execute(event_replaced_results.insert().values(
                            event_id=event_id, **_columns(gone), replaced_by=result.entered_by))  # fmt: skip
                    c.execute(event_results.delete().where(where))
                c.execute(event_results.insert().values(event_id=event_id, **_columns(result)))
        except sa.exc.IntegrityError:
            where_text = f"round {e.round}, table {e.table}, board {e.board}"
            raise StoreError(f"{where_text}: a result is already entered") from None
        return gone

    def confirm(self, event_id: str, round_number: int, table: int, board: int) -> None:
        where = (
            (event_results.c.event_id == event_id) & (event_results.c.round == round_number)
            & (event_results.c.table_no == table) & (event_results.c.board == board)
        )  # fmt: skip
        with self.store._tx() as c:
            c.execute(event_results.update().where(where).values(confirmed=True))

    def results(self, event_id: str) -> list[ResultRecord]:
        """The results entered, in round, table and board order."""
        query = (
            sa.select(event_results)
            .where(event_results.c.event_id == event_id)
            .order_by(event_results.c.round, event_results.c.table_no, event_results.c.board)
        )
        with self.store._tx() as c:
            rows = c.execute(query).mappings().all()
        return [_result(r) for r in rows]

    def replaced(self, event_id: str) -> list[ReplacedRecord]:
        """The results the director's corrections replaced, oldest first (L79C, L12C; never scored)."""
        t = event_replaced_results
        query = sa.select(t).where(t.c.event_id == event_id).order_by(t.c.replaced_at, t.c.id)
        with self.store._tx() as c:
            rows = c.execute(query).mappings().all()
        return [ReplacedRecord(_result(r), r["replaced_by"], _utc(r["replaced_at"])) for r in rows]


def _utc(moment: datetime) -> datetime:
    """A stored moment in UTC (SQLite's ``CURRENT_TIMESTAMP`` is UTC, read back without its zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _columns(result: ResultRecord) -> dict[str, Any]:
    """A result's columns (``event_results``, ``event_replaced_results``) but its event's id."""
    e = result.entry
    return {"round": e.round, "table_no": e.table, "board": e.board, "contract": e.contract, "declarer": e.declarer,
            "tricks": e.tricks, "lead": e.lead, "adjusted": e.adjusted, "assigned": e.assigned,
            "assigned_ew": e.assigned_ew, "fouled": e.fouled, "at_fault": e.at_fault, "reason": e.reason,
            "entered_by": result.entered_by, "confirmed": result.confirmed}  # fmt: skip


def _result(row: sa.RowMapping) -> ResultRecord:
    entry = Entry(int(row["round"]), int(row["table_no"]), int(row["board"]), row["contract"], row["declarer"],
                  row["tricks"], row["lead"], row["adjusted"], row["reason"], row["fouled"], row["assigned"],
                  row["assigned_ew"], row["at_fault"])  # fmt: skip
    return ResultRecord(entry, row["entered_by"], bool(row["confirmed"]))
