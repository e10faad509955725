"""Alembic migrations of the daily store, shipped in the package (run at server start)."""
