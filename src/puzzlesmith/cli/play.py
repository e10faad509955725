"""``puzzlesmith play``: the web game on this machine, no database or other service."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated

import typer

from puzzlesmith.cli.common import EXIT_UNREADABLE, command_settings, fail
from puzzlesmith.server.bounds import HEADER_SECONDS, KEEP_ALIVE_SECONDS, MAX_CONNECTIONS


def play(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")
    ] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="Where the daily store (SQLite) and the secret live."),
    ] = None,
    header_timeout: Annotated[
        float,
        typer.Option(
            "--header-timeout",
            min=0.1,
            max=300,
            help="Seconds a connection may take to send a request's headers.",
        ),
    ] = HEADER_SECONDS,
    keep_alive: Annotated[
        int,
        typer.Option("--keep-alive", min=1, max=300, help="Seconds an idle connection stays open."),
    ] = KEEP_ALIVE_SECONDS,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            min=1,
            max=1_000_000,
            help="Connections served at once; past it new requests get 503.",
        ),
    ] = MAX_CONNECTIONS,
) -> None:
    """Start the web game and print its URL."""
    import uvicorn

    from puzzlesmith.server.app import create_app
    from puzzlesmith.server.connguard import with_deadline

    try:  # say "running" only when the address can be had (not in use, host resolvable)
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        raise fail(
            f"play: cannot listen on {host}:{port} ({exc.strerror or exc})", EXIT_UNREADABLE
        ) from None
    app = create_app(command_settings("play", data_dir))
    from puzzlesmith.cli.daily import open_for_play

    open_for_play(app)
    from puzzlesmith import _native

    typer.echo(f"Puzzlesmith is running: open http://{host}:{port}/  (Ctrl+C to stop)")
    typer.echo(f"Number Stroke solver: {_native.describe()}")
    # no per-message deflate: a stream room sends the same state to every viewer, and
    # compressing it once per connection doubled the server's CPU per move (stream_fanout.py)
    # a header deadline (half-open connections are closed), idle keep-alive and a
    # connection cap: README "Deployment: connections"
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        http=with_deadline(header_timeout),
        timeout_keep_alive=keep_alive,
        limit_concurrency=max_connections,
    )
