"""The results a director's correction replaced (L79C: a scoring error corrected; L12C: an adjusted score in place
of the table's result): kept, with who replaced them and when, never scored (L81C8: the director records the
rulings; the CLI's event file keeps them likewise, ``Event.replaced``). An upgraded 0005 database has none yet.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_replaced_results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("contract", sa.String(8)),
        sa.Column("declarer", sa.String(1)),
        sa.Column("tricks", sa.Integer),
        sa.Column("lead", sa.String(3)),
        sa.Column("adjusted", sa.String(32)),
        sa.Column("reason", sa.String(200)),
        sa.Column("entered_by", sa.String(16), nullable=False),
        sa.Column("confirmed", sa.Boolean, nullable=False),
        sa.Column("replaced_by", sa.String(16), nullable=False),
        sa.Column("replaced_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_index("ix_event_replaced_results_event_id", "event_replaced_results", ["event_id"])


def downgrade() -> None:
    op.drop_index("ix_event_replaced_results_event_id", "event_replaced_results")
    op.drop_table("event_replaced_results")
