"""An event's factoring of boards with fewer results than the movement plays them (a condition of contest, L78D:
``none``, ``neuberg`` or ``proportional``, as ``event create --factoring``), the decimals of a weighted assigned
score's points (``weighted_decimals``, L12C1(c): a condition of contest, as ``event create --weighted-decimals``;
NULL: the form's own) and the Director's assigned adjusted scores in full (L12C1: ``assigned``, one for both sides
or NS's of a split score, weighted ones included, L12C1(c); ``assigned_ew``, EW's of a split score, L12C1(e)), the
form of a fouled board a table played (``fouled``, L87A) and, in a team match, the side at fault (``at_fault``,
L86B2(b)), as the CLI's event file keeps them (``Entry``). New columns: an upgraded 0006 database's events are
``none`` and NULL (as they were scored) and its results keep their meaning (``adjusted`` stays the artificial score,
L12C2; no board fouled, no side at fault). A downgrade refuses while a result holds an assigned score, a fouled form
or a side at fault, or an event a factoring or weighted decimals: 0006 cannot keep them (a result with none would
read as passed out, or be compared with the board's other form).

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
        batch.add_column(sa.Column("weighted_decimals", sa.Integer))
    for table in RESULTS:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("assigned", sa.String(200)))
            batch.add_column(sa.Column("assigned_ew", sa.String(200)))
            batch.add_column(sa.Column("fouled", sa.String(16)))
            batch.add_column(sa.Column("at_fault", sa.String(2)))


def downgrade() -> None:
    c = op.get_bind()
    kept = "assigned IS NOT NULL OR fouled IS NOT NULL OR at_fault IS NOT NULL"
    held = [t for t in RESULTS if c.exec_driver_sql(f"SELECT COUNT(*) FROM {t} WHERE {kept}").scalar()]
    conditions = "factoring <> 'none' OR weighted_decimals IS NOT NULL"
    if c.exec_driver_sql(f"SELECT COUNT(*) FROM club_events WHERE {conditions}").scalar():
        held.append("club_events")
    if held:
        raise StoreError(f"revision 0006 cannot keep the assigned scores, fouled forms, sides at fault, "
                         f"factorings or weighted scores' decimals of {', '.join(held)}: "
                         "replace them first")  # fmt: skip
    # ALTER TABLE … DROP COLUMN in place (SQLite 3.35+): a copy of club_events could not replace it while the
    # other tables' foreign keys refer to it
    for table in reversed(RESULTS):
        with op.batch_alter_table(table, recreate="never") as batch:
            batch.drop_column("at_fault")
            batch.drop_column("fouled")
            batch.drop_column("assigned_ew")
            batch.drop_column("assigned")
    with op.batch_alter_table("club_events", recreate="never") as batch:
        batch.drop_column("weighted_decimals")
        batch.drop_column("factoring")
