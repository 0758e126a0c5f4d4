"""An event's factoring of boards with fewer results than the movement plays them (a condition of contest, L78D:
``none``, ``neuberg`` or ``proportional``, as ``event create --factoring``) and the Director's assigned adjusted
scores in full (L12C1: ``assigned``, one for both sides or NS's of a split score, weighted ones included,
L12C1(c); ``assigned_ew``, EW's of a split score, L12C1(e)), as the CLI's event file keeps them (``Entry``).
New columns: an upgraded 0006 database's events are ``none`` (as they were scored) and its results keep their
meaning (``adjusted`` stays the artificial score, L12C2). A downgrade refuses while a result holds an assigned score
or an event a factoring: 0006 cannot keep them (a result with neither would read as passed out).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from contractbridge.store import StoreError

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

RESULTS = ("event_results", "event_replaced_results")


def upgrade() -> None:
    with op.batch_alter_table("club_events") as batch:
        batch.add_column(sa.Column("factoring", sa.String(16), nullable=False, server_default="none"))
    for table in RESULTS:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("assigned", sa.String(200)))
            batch.add_column(sa.Column("assigned_ew", sa.String(200)))


def downgrade() -> None:
    c = op.get_bind()
    held = [t for t in RESULTS if c.exec_driver_sql(f"SELECT COUNT(*) FROM {t} WHERE assigned IS NOT NULL").scalar()]
    if c.exec_driver_sql("SELECT COUNT(*) FROM club_events WHERE factoring <> 'none'").scalar():
        held.append("club_events")
    if held:
        raise StoreError(f"revision 0006 cannot keep the assigned scores or factorings of {', '.join(held)}: "
                         "replace them first")  # fmt: skip
    # ALTER TABLE … DROP COLUMN in place (SQLite 3.35+): a copy of club_events could not replace it while the
    # other tables' foreign keys refer to it
    for table in reversed(RESULTS):
        with op.batch_alter_table(table, recreate="never") as batch:
            batch.drop_column("assigned_ew")
            batch.drop_column("assigned")
    with op.batch_alter_table("club_events", recreate="never") as batch:
        batch.drop_column("factoring")
