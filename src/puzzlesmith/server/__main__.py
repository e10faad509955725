"""``python -m puzzlesmith.server [uvicorn options]``: the deployment's server command.

It is uvicorn's own command line (every option: ``--host``, ``--port``, ``--workers``,
``--forwarded-allow-ips``, ...) with this app and what the docs promise already set:

- ``--factory puzzlesmith.server.app:create_app``;
- ``--ws-per-message-deflate false``: a stream room sends the same state to every viewer
  and compressing it once per connection doubled the server's CPU per move
  (docs/stream.md); an option given later on the line wins;
- a refused start exits 3 under ``--workers`` too. uvicorn's supervisor stops when a worker
  fails to start (another ``PUZZLESMITH_SECRET``, an empty database file) but then exits 0,
  so a process manager would call the deployment a clean stop; here it exits 3, as a
  single uvicorn process does.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import click
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors.multiprocess import Multiprocess

APP = "puzzlesmith.server.app:create_app"
DEFAULTS = ("--factory", "--ws-per-message-deflate", "false")
#: the module (``uvicorn.main`` the attribute is its click command)
uvicorn_main: Any = importlib.import_module("uvicorn.main")


class Supervisor(Multiprocess):
    """uvicorn's supervisor, remembering that a worker refused to start."""

    refused = False

    def keep_subprocess_alive(self) -> None:
        super().keep_subprocess_alive()
        if any(p.exitcode == STARTUP_FAILURE for p in self.processes):
            Supervisor.refused = True


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    uvicorn_main.Multiprocess = Supervisor  # what `--workers` runs
    try:
        uvicorn_main.main.main([APP, *DEFAULTS, *args], prog_name="puzzlesmith.server",
                               standalone_mode=False)  # fmt: skip
    except click.ClickException as exc:  # a bad option: uvicorn's own one-line usage error
        exc.show()
        return exc.exit_code
    except SystemExit as exc:  # a single process that failed to start: uvicorn's own code
        return exc.code if isinstance(exc.code, int) else 1
    return STARTUP_FAILURE if Supervisor.refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
