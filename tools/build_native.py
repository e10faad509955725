"""Compile the Number Stroke solver with mypyc (see ``puzzlesmith._native``).

``python tools/build_native.py`` builds when the build is absent or stale (``scripts/setup
dev`` runs it); ``--status`` only says which. A failed build leaves pure Python in use and
exits 1 with mypyc's last lines.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from puzzlesmith import _native


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in ([], ["--status"]):
        print("usage: python tools/build_native.py [--status]", file=sys.stderr)
        return 2
    if _native.fresh():
        print("compiled solver: fresh")
        return 0
    if args:
        print("compiled solver: absent or stale (the solver runs as pure Python)")
        return 0
    try:
        _native.build()
    except (RuntimeError, OSError) as err:
        print(f"native build failed, the solver runs as pure Python: {err}", file=sys.stderr)
        return 1
    print(f"compiled the solver with mypyc into {_native.OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
