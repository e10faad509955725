"""``<mode> generate``: flags come from the mode's options dataclass, so a mode adds a knob
by adding a field; batches run in-process, on local processes or on a Dask cluster."""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import signal
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from puzzlesmith.cli.common import EXIT_PARTIAL, EXIT_UNREADABLE, clean_errors, fail
from puzzlesmith.cli.progress import progress_bar
from puzzlesmith.core.batch import BatchInterrupted, run_batch, stop_on_signals
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.core.pack import ensure_new_pack_path, write_pack


def partial_path(out: Path) -> Path:
    """Where an interrupted batch keeps its finished levels: ``<name>.partial.json``."""
    base = out.with_name(f"{out.stem}.partial{out.suffix or '.json'}")
    k = 2
    p = base
    while os.path.lexists(p):
        p = base.with_name(f"{out.stem}.partial-{k}{out.suffix or '.json'}")
        k += 1
    return p


def _keep_partial(
    mode: Mode[Any],
    out: Path,
    stop: BatchInterrupted,
    pack_of: Callable[..., Pack[Any]],
    protected: list[Path],
) -> typer.Exit:
    """Write what was finished to a file named as partial; say so; exit 128 + signal."""
    name = signal.Signals(stop.signum).name
    done = sorted(stop.finished)
    if not done:
        return fail(
            f"{mode.cli_name} generate: stopped by {name}; no level was finished", 128 + stop.signum
        )
    keep = partial_path(out)
    pack = pack_of([stop.finished[i] for i in done], partial=True, finished=len(done))
    write_pack(keep, mode.dump_pack(pack), protected=protected)
    return fail(
        f"{mode.cli_name} generate: stopped by {name}; kept the {len(done)} finished "
        f"level(s) in {keep} (partial; {out} was not written)",
        128 + stop.signum,
    )


def _write_made(
    mode: Mode[Any],
    out: Path,
    made: list[Any],
    pack_of: Callable[..., Pack[Any]],
    protected: list[Path],
    *,
    as_json: bool,
) -> None:
    """Write every level the batch made, even when some ran out of attempts: then the
    file and the summary say ``partial`` and how many are ``missing``, and the exit is
    :data:`EXIT_PARTIAL` (a generator never throws away what it made, issue #40.3)."""
    levels = [lv for lv in made if lv is not None]
    missing = [i + 1 for i, lv in enumerate(made) if lv is None]
    summary: dict[str, Any] = {
        "out": str(out) if levels else None,
        "count": len(made),
        "written": len(levels),
        "partial": bool(missing),
        "missing": len(missing),
        "missing_levels": missing,
    }
    if levels:
        extra = {"partial": True, "missing": len(missing), "missing_levels": missing}
        write_pack(
            out, mode.dump_pack(pack_of(levels, **(extra if missing else {}))), protected=protected
        )
    if as_json:
        typer.echo(json.dumps(summary))
    elif not missing:
        typer.echo(
            f"wrote a candidates file of {len(levels)} levels to {out} "
            f"(puzzlesmith {mode.cli_name} validate it, then copy the ones you keep into a pack)"
        )
    if not missing:
        return
    which = ", ".join(f"#{i}" for i in missing[:10]) + (" …" if len(missing) > 10 else "")
    kept = f"wrote the {len(levels)} made to {out}" if levels else "nothing was written"
    raise fail(
        f"{mode.cli_name} generate: partial: {len(missing)} of {len(made)} levels missing "
        f"({which} ran out of --attempts); {kept}; raise --attempts or widen the options",
        EXIT_PARTIAL,
    )


def add_generate_command(app: typer.Typer, mode: Mode[Any]) -> None:
    opts_type = mode.generate_options
    assert opts_type is not None
    hints = typing.get_type_hints(opts_type)
    fields = dataclasses.fields(opts_type)

    def generate(**kwargs: Any) -> None:
        try:
            options = opts_type(**{f.name: kwargs[f.name] for f in fields})
        except (ValueError, TypeError) as exc:
            raise fail(f"{mode.cli_name} generate: {exc}", EXIT_UNREADABLE) from None
        out: Path = kwargs["out"]
        seed: int = kwargs["seed"]
        count: int = kwargs["count"]
        with clean_errors():
            protected = mode.shipped_pack_files()
            ensure_new_pack_path(out, protected=protected)
            knobs = {f.name: getattr(options, f.name) for f in fields}

            def pack_of(levels: list[Any], **extra: Any) -> Pack[Any]:
                meta = {"seed": seed, "count": count, **knobs, **extra}
                return Pack(
                    mode=mode.id,
                    pack="candidates",
                    title=f"candidates (seed {seed})",
                    notes="generated: " + json.dumps(meta),
                    levels=levels,
                )

            try:
                with stop_on_signals(), progress_bar(f"generate {mode.cli_name}", count) as advance:
                    made = run_batch(
                        mode.id,
                        options,
                        seed,
                        count,
                        jobs=kwargs["jobs"],
                        scheduler=kwargs["scheduler"],
                        on_done=lambda _i: advance(),
                        keep_going=True,
                    )
            except BatchInterrupted as stop:
                raise _keep_partial(mode, out, stop, pack_of, protected) from None
            _write_made(mode, out, made, pack_of, protected, as_json=kwargs["as_json"])

    params = []
    for f in fields:
        flag = "--" + f.name.replace("_", "-")
        annotation = hints[f.name]
        decl = f"{flag}/--no-{flag[2:]}" if annotation is bool else flag
        params.append(
            inspect.Parameter(
                f.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=typer.Option(f.default, decl, help=f.metadata.get("help", "")),
                annotation=annotation,
            )
        )
    common = [
        ("seed", int, typer.Option(1, "--seed", help="Same seed, same pack.")),
        ("count", int, typer.Option(10, "--count", min=1, help="How many levels.")),
        (
            "out",
            Path,
            typer.Option(
                ...,
                "--out",
                help="Candidates file to write (a new file, outside the shipped levels folder).",
            ),
        ),
        ("jobs", int, typer.Option(1, "--jobs", min=1, help="Local worker processes.")),
        (
            "as_json",
            bool,
            typer.Option(
                False,
                "--json",
                help='One JSON summary line: {"out", "count", "written", "partial", "missing", '
                '"missing_levels"}.',
            ),
        ),
        (
            "scheduler",
            str | None,
            typer.Option(None, "--scheduler", help="Dask scheduler address (tcp://host:port)."),
        ),
    ]
    for name, ann, default in common:
        params.append(
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann)
        )
    generate.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    generate.__doc__ = (
        f"Generate unique {mode.title_en} levels into a candidates file (not a shipped pack). "
        "A level that runs out of --attempts is left out: the others are written, the file "
        'and the summary say "partial" and how many are "missing", and the exit code is 4. '
        "Ctrl-C or SIGTERM stops the workers at once and keeps the finished levels "
        "in <out>.partial.json (exit 130 / 143)."
    )
    app.command("generate")(generate)
