"""Work budgets: a deadline and a node count that long searches check as they go.

Exact solvers and logic graders are exponential in the worst case; an open board
with one clue can keep them busy for hours. A caller (a CLI command, an API route)
opens a budget with :func:`budget`; the search loops call :func:`tick` once per node
or deduction round, and when the budget is spent (or cancelled, e.g. because the
client hung up) the search stops with :class:`BudgetExceeded`, a one-line error.
Without an open budget :func:`tick` costs one context-variable lookup.

>>> with budget(nodes=3):
...     for _ in range(5):
...         tick()
Traceback (most recent call last):
...
puzzlesmith.core.budget.BudgetExceeded: gave up after 0.0 s / 4 nodes: the level is too open for the solver
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from puzzlesmith.core.errors import PuzzlesmithError

#: how often (in ticks) the clock is read; reading it every node would cost more than the node
_CLOCK_EVERY = 64


class BudgetExceeded(PuzzlesmithError):
    """The work budget ran out before the search finished (CLI exit 3, HTTP 503)."""


class Budget:
    """A deadline (seconds) and/or a node cap; ``cancel()`` stops the work at its next tick."""

    def __init__(self, seconds: float | None = None, nodes: int | None = None) -> None:
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds
        self.max_nodes = nodes
        self.nodes = 0
        self.cancelled = False

    def tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise self.exceeded()
        if self.nodes % _CLOCK_EVERY == 0:
            self.check()

    def check(self) -> None:
        """Raise now if the budget is cancelled or past its deadline."""
        if self.cancelled:
            raise BudgetExceeded("cancelled: the client is gone")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise self.exceeded()

    def cancel(self) -> None:
        self.cancelled = True

    def exceeded(self) -> BudgetExceeded:
        spent = time.monotonic() - self.started
        return BudgetExceeded(
            f"gave up after {spent:.1f} s / {self.nodes} nodes: "
            "the level is too open for the solver"
        )


_current: ContextVar[Budget | None] = ContextVar("puzzlesmith_budget", default=None)


def tick() -> None:
    """One unit of work under the open budget (if any); raises BudgetExceeded when spent."""
    b = _current.get()
    if b is not None:
        b.tick()


@contextmanager
def budget(seconds: float | None = None, nodes: int | None = None) -> Iterator[Budget]:
    """Run the body under a new budget; nested budgets replace the outer one while they last."""
    with use_budget(Budget(seconds, nodes)) as b:
        yield b


@contextmanager
def use_budget(b: Budget) -> Iterator[Budget]:
    """Run the body under ``b`` (made elsewhere, e.g. by a server that may cancel it)."""
    token = _current.set(b)
    try:
        yield b
    finally:
        _current.reset(token)
