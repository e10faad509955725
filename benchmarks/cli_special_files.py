"""Issue #30 item 6's check: special files through every CLI command that takes a path.

    .venv/bin/python benchmarks/cli_special_files.py            # every case once
    .venv/bin/python benchmarks/cli_special_files.py --timeout 5

Each command of tests/cli/special_cases.py runs in a subprocess with a FIFO, a symlink
to /dev/zero, /dev/zero, a folder and (as root) a device node of its own in place of a
file it reads or writes. Prints per case the exit code, the wall time and stderr's first
line; then the worst time, and how many cases were not "exit 2, one line, file kept".
Target: every case exit 2 in under a second (the interpreter's start included).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "cli"))
from special_cases import READERS, WRITERS, argv, kind, special_files

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=10.0, help="a run longer than this hangs")
    args = ap.parse_args()
    cows = registry.get("cows")
    code = encode_level(cows, cows.find_level("1-1")[1])
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlesmith", "--help"], capture_output=True, check=True)
    startup = time.perf_counter() - t0
    bad = 0
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        with special_files(tmp) as files:
            for role, templates in (("read", READERS), ("write", WRITERS)):
                for template in templates:
                    for name, x in files.items():
                        if role == "write" and name == "dev-zero":
                            continue
                        before = kind(x)
                        cmd = argv(template, x, tmp, code)
                        t0 = time.perf_counter()
                        try:
                            r = subprocess.run(
                                [sys.executable, "-m", "puzzlesmith", *cmd],
                                capture_output=True,
                                text=True,
                                timeout=args.timeout,
                                stdin=subprocess.DEVNULL,
                            )
                            rc, err = r.returncode, r.stderr.strip().splitlines()
                        except subprocess.TimeoutExpired:
                            rc, err = -1, [f"HANG (over {args.timeout:g} s)"]
                        spent = time.perf_counter() - t0
                        worst = max(worst, spent)
                        ok = rc == 2 and len(err) == 1 and kind(x) == before
                        bad += not ok
                        first = err[0][:90] if err else ""
                        label = " ".join(template[:2])
                        print(
                            f"{'ok ' if ok else 'BAD'} {role:5} {label:18} {name:20} "
                            f"exit {rc:2}  {spent:5.2f} s  {first}"
                        )
    print(
        f"worst {worst:.2f} s (the CLI's own start, `--help`, takes {startup:.2f} s here); "
        f"{bad} case(s) not refused cleanly"
    )


if __name__ == "__main__":
    main()
