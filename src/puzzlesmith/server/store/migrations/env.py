"""Alembic environment: the connection comes from the caller (``Store.migrate``)."""

from __future__ import annotations

from alembic import context

from puzzlesmith.server.store.models import Base


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (a doctest collector only imports it)
    run()
