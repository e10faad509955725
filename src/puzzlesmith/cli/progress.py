"""A rich progress bar on stderr for long work (done/total and rate); silent when piped."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from puzzlesmith.cli.common import err_console


class RateColumn(TextColumn):
    """Items per second."""

    def __init__(self) -> None:
        super().__init__("")

    def render(self, task):  # type: ignore[no-untyped-def]
        speed = task.finished_speed or task.speed
        return super().render(task) if speed is None else _text(f"{speed:.1f}/s")


def _text(s: str):  # type: ignore[no-untyped-def]
    from rich.text import Text

    return Text(s)


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[], None]]:
    """Yield ``advance()``; draws only when stderr is a terminal."""
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,
    )
    with progress:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)
