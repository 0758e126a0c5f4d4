"""The event's alert policy and each pair's system card (WBF17 L40A1(b), L40B2(a)(iii)): the web tables of an
event's rounds are opened with them (docs/disclosure.md). Both may be absent (older events: no card, the default
policy).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_events") as batch:
        batch.add_column(sa.Column("alert_policy", sa.JSON))
    with op.batch_alter_table("event_pairs") as batch:
        batch.add_column(sa.Column("card", sa.JSON))


def downgrade() -> None:
    # ALTER TABLE … DROP COLUMN in place (SQLite 3.35+), as 0007 does: a copy of club_events could not replace it
    # while event_pairs', event_tables' and event_results' foreign keys refer to it (SQLite enforces them here)
    with op.batch_alter_table("event_pairs", recreate="never") as batch:
        batch.drop_column("card")
    with op.batch_alter_table("club_events", recreate="never") as batch:
        batch.drop_column("alert_policy")
