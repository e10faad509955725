"""``puzzlesmith play``: the web game on this machine, no database or other service."""

from __future__ import annotations

from typing import Annotated

import typer


def play(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
) -> None:
    """Start the web game and print its URL."""
    import uvicorn

    from puzzlesmith.server.app import create_app

    typer.echo(f"Puzzlesmith is running: open http://{host}:{port}/  (Ctrl+C to stop)")
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
