"""Alembic environment of the store: runs on the connection ``Store`` passes (``config.attributes``)."""

from __future__ import annotations

from alembic import context

from contractbridge.store import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes its connection
    raise RuntimeError("run the migrations through contractbridge.store.migrate")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
