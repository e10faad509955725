"""Issue #22's fuzz target: mutated shipped packs through every mode and command.

    .venv/bin/python benchmarks/fuzz_packs.py --count 10000      # per mode (the target)
    .venv/bin/python benchmarks/fuzz_packs.py --count 300 --modes hex

Each mutated file (tests/qa/mutate.py) goes through ``validate``, ``solve``, ``grade``
and ``render --solution`` in-process. Prints, per mode: files, runs, exit codes seen,
tracebacks (any exception that is not a clean exit), hangs (a run longer than
``--hang`` seconds; every run has ``--budget``), levels that validated and then failed
another command, and the slowest run. Target: 0 tracebacks and 0 hangs.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "qa"))
from mutate import mutated_file

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry

COMMANDS = ("validate", "solve", "grade", "render")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10_000, help="mutated files per mode")
    ap.add_argument("--modes", nargs="*", default=[m.cli_name for m in registry.all_modes()])
    ap.add_argument("--budget", type=float, default=2.0, help="--budget of every run (s)")
    ap.add_argument("--hang", type=float, default=10.0, help="a run longer than this is a hang")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    app = build_app()
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.json"
        for cli in args.modes:
            mode = registry.get(cli)
            packs = [json.loads(f.read_text("utf-8")) for f in mode.shipped_pack_files()]
            codes: Counter[int] = Counter()
            tracebacks: list[str] = []
            hangs = broken = 0
            slowest = 0.0
            t0 = time.perf_counter()
            for k in range(args.count):
                seed = args.seed * 1_000_003 + k
                base: dict[str, Any] = dict(packs[k % len(packs)])
                base["levels"] = base["levels"][k % len(base["levels"]) :][:1]
                path.write_text(mutated_file(base, seed), encoding="utf-8", errors="surrogatepass")
                seen: dict[str, int] = {}
                for cmd in COMMANDS:
                    argv = [cli, cmd, str(path), "--budget", str(args.budget)]
                    if cmd == "render":
                        argv += ["-o", str(path.with_suffix(".svg")), "--solution"]
                    s = time.perf_counter()
                    r = runner.invoke(app, argv)
                    dt = time.perf_counter() - s
                    slowest = max(slowest, dt)
                    hangs += dt > args.hang
                    if r.exception is not None and not isinstance(r.exception, SystemExit):
                        tracebacks.append(f"seed {seed} {cmd}: {r.exception!r}"[:200])
                    elif any(not ln.isprintable() for ln in r.stderr.splitlines()):
                        tracebacks.append(f"seed {seed} {cmd}: a message spans lines")
                    codes[r.exit_code] += 1
                    seen[cmd] = r.exit_code
                if seen["validate"] == 0 and set(seen.values()) != {0}:
                    broken += 1
            total = time.perf_counter() - t0
            print(
                f"{cli:7} files {args.count:6}  runs {4 * args.count:6}  "
                f"exit codes {dict(sorted(codes.items()))}  tracebacks {len(tracebacks)}  "
                f"hangs {hangs}  validated-then-failed {broken}  slowest {slowest:.2f} s  "
                f"total {total:.0f} s"
            )
            for t in tracebacks[:5]:
                print("   ", t)


if __name__ == "__main__":
    main()
