"""The store's downgrades keep a club's data where the older revision has room for it: 0005's (an event's alert
policy, a pair's system card) and 0003's (a table's deck) drop their columns in place, so that SQLite, which
enforces the foreign keys on the store's connections, never replaces a table others refer to (a copy of
``club_events`` or ``tables`` could not be dropped while its pairs, or its seats, refer to it). On SQLite and on
PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from contractbridge.eventstore import EventRecord, EventStore, PairRecord
from contractbridge.store import Store, migrate
from web_helpers import postgres


def _config(connection: sa.Connection) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(migrate.__code__.co_filename).parent / "migrations"))
    config.attributes["connection"] = connection
    return config


def downgrade_with_data(url: str) -> None:
    """A club's database at the newest revision, with an event (its alert policy, a pair with its card) and a web
    table with a seat, downgrades to 0004 (before 0005: the policy and card gone, the event and pair kept), then to
    0002 (before 0003: the events gone, the table and its seat kept)."""
    from alembic import command

    db = Store(url)
    try:
        events = EventStore(db)
        events.create(EventRecord("e1", "Club", "matchpoints", "mitchell", 3, 1, 6, "s",
                                  alert_policy={"above": "3NT"}), "k")  # fmt: skip
        events.set_pair("e1", PairRecord(1, "Ann - Bo", None, {"1NT": {"text": "15-17"}}))
        with db.engine.begin() as c:
            c.exec_driver_sql(
                "INSERT INTO tables (id, name, edition, irregular, scoring, spectators, spectator_delay, seed, boards,"
                " status) VALUES ('t1', 'Table', 'WBF17', FALSE, 'duplicate', 'none', 0, 's', 0, 'open')"
            )
            c.exec_driver_sql("INSERT INTO seats (table_id, seat, kind, name) VALUES ('t1', 'N', 'human', 'Ann')")
        for target, kept in (("0004", "SELECT names FROM event_pairs"), ("0002", "SELECT name FROM seats")):
            with db.engine.connect() as c:
                with c.begin():
                    command.downgrade(_config(c), target)
                assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == target
                assert c.exec_driver_sql(kept).scalar() in ("Ann - Bo", "Ann")
                assert c.exec_driver_sql("SELECT name FROM tables").scalar() == "Table"
                inspect = sa.inspect(c)
                if target == "0004":
                    assert "alert_policy" not in {col["name"] for col in inspect.get_columns("club_events")}
                    assert "card" not in {col["name"] for col in inspect.get_columns("event_pairs")}
                else:
                    assert "club_events" not in inspect.get_table_names()
                    assert "deck" not in {col["name"] for col in inspect.get_columns("tables")}
    finally:
        db.close()


def test_downgrades_keep_the_data_on_sqlite(tmp_path: Path) -> None:
    downgrade_with_data(f"sqlite:///{tmp_path / 'club.db'}")


def test_downgrades_keep_the_data_on_postgresql() -> None:
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        downgrade_with_data(url)
