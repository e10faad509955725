"""The fingerprint of pyproject.toml's dependency lists, which the lock files record.

``scripts/lock`` writes it into the header of ``requirements/*.txt``; ``scripts/setup``
compares it to tell a lock that is out of date with pyproject.toml (a dependency added
since the last lock) from one that matches. ``--build-requires`` prints the build
requirements instead, one a line (the lock pins them too: installs build without isolation).
Runs on the system Python (3.11+: tomllib), before any virtual environment exists.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def inputs(path: Path = PYPROJECT) -> dict[str, object]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    project = data.get("project", {})
    return {
        "build": data.get("build-system", {}).get("requires", []),
        "dependencies": project.get("dependencies", []),
        "optional": project.get("optional-dependencies", {}),
        "python": project.get("requires-python", ""),
    }


def fingerprint(path: Path = PYPROJECT) -> str:
    return hashlib.sha256(json.dumps(inputs(path), sort_keys=True).encode()).hexdigest()[:16]


def main(argv: list[str]) -> int:
    if argv == ["--build-requires"]:
        print("\n".join(str(r) for r in inputs()["build"]))  # type: ignore[union-attr]
    elif not argv:
        print(fingerprint())
    else:
        print("usage: python tools/lockhash.py [--build-requires]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
