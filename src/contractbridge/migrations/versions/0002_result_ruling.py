"""A board's result may be the director's ruling: ``results.ruling`` holds it (a disputed claim, L70).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("ruling", sa.JSON))


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("ruling")
