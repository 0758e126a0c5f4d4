"""The first schema: tables, seats, boards, events, results, rubber sheets.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("edition", sa.String(16), nullable=False),
        sa.Column("irregular", sa.Boolean, nullable=False),
        sa.Column("scoring", sa.String(16), nullable=False),
        sa.Column("spectators", sa.String(16), nullable=False),
        sa.Column("spectator_delay", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("boards", sa.Integer, nullable=False, server_default="0"),
        sa.Column("director_token", sa.String(128)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.String(1), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("token", sa.String(128)),
        sa.Column("name", sa.String(100), nullable=False, server_default=""),
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.Column("finished_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("table_id", "number", name="uq_boards_table_number"),
    )
    op.create_table(
        "events",
        sa.Column("board_id", sa.Integer, sa.ForeignKey("boards.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("body", sa.JSON, nullable=False),
        sa.Column("meta", sa.JSON),
        sa.Column("retracted", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_table(
        "results",
        sa.Column("board_id", sa.Integer, sa.ForeignKey("boards.id"), primary_key=True),
        sa.Column("contract", sa.String(8)),
        sa.Column("declarer", sa.String(1)),
        sa.Column("tricks", sa.Integer),
        sa.Column("score_ns", sa.Integer, nullable=False),
    )
    op.create_table(
        "rubber_sheets",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("sheet", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    for name in ("rubber_sheets", "results", "events", "boards", "seats", "tables"):
        op.drop_table(name)
