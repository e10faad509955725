"""``<mode> generate``: flags come from the mode's options dataclass, so a mode adds a knob
by adding a field; batches run in-process, on local processes or on a Dask cluster."""

from __future__ import annotations

import dataclasses
import inspect
import json
import typing
from pathlib import Path
from typing import Any

import typer

from puzzlesmith.cli.common import EXIT_UNREADABLE, clean_errors, fail
from puzzlesmith.cli.progress import progress_bar
from puzzlesmith.core.batch import run_batch
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.core.pack import ensure_new_pack_path, write_pack


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
            with progress_bar(f"generate {mode.cli_name}", count) as advance:
                levels = run_batch(
                    mode.id,
                    options,
                    seed,
                    count,
                    jobs=kwargs["jobs"],
                    scheduler=kwargs["scheduler"],
                    on_done=lambda _i: advance(),
                )
            knobs = {f.name: getattr(options, f.name) for f in fields}
            pack = Pack(
                mode=mode.id,
                pack="candidates",
                title=f"candidates (seed {seed})",
                notes="generated: " + json.dumps({"seed": seed, "count": count, **knobs}),
                levels=levels,
            )
            write_pack(out, mode.dump_pack(pack), protected=protected)
            typer.echo(f"wrote {count} levels to {out}")

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
            typer.Option(..., "--out", help="Candidates pack to write (never overwritten)."),
        ),
        ("jobs", int, typer.Option(1, "--jobs", min=1, help="Local worker processes.")),
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
    generate.__doc__ = f"Generate unique {mode.title_en} levels into a candidates pack."
    app.command("generate")(generate)
