"""Events on the web table (#23 item 5): a table may play given boards (``tables.deck``: an event's round), and
the event tables: the event (form, movement, boards), its pairs (names, secret link), the web table of each
table of each round, and the results entered at a table or adjusted by the director (L12).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("deck", sa.JSON))
    op.create_table(
        "club_events",
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
        sa.Column("irregular", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("section", sa.String(2), nullable=False, server_default="A"),
        sa.Column("first_section", sa.String(32)),
        sa.Column("director_token", sa.String(128), nullable=False),
        sa.Column("round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("status", sa.String(16), nullable=False, server_default="open"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_table(
        "event_pairs",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), primary_key=True),
        sa.Column("pair", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("names", sa.String(200), nullable=False),
        sa.Column("token", sa.String(128)),
    )
    op.create_table(
        "event_tables",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, unique=True),
    )
    op.create_table(
        "event_results",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("club_events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("board", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("contract", sa.String(8)),
        sa.Column("declarer", sa.String(1)),
        sa.Column("tricks", sa.Integer),
        sa.Column("lead", sa.String(3)),
        sa.Column("adjusted", sa.String(32)),
        sa.Column("reason", sa.String(200)),
        sa.Column("entered_by", sa.String(16), nullable=False),
        sa.Column("confirmed", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )


def downgrade() -> None:
    for name in ("event_results", "event_tables", "event_pairs", "club_events"):
        op.drop_table(name)
    # in place (SQLite 3.35+): a copy of tables could not replace it while seats' and boards' foreign keys refer to it
    with op.batch_alter_table("tables", recreate="never") as batch:
        batch.drop_column("deck")
