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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from puzzlesmith.core.errors import PuzzlesmithError

T = TypeVar("T")

#: how often (in ticks) the clock is read; reading it every node would cost more than the node
_CLOCK_EVERY = 64


class BudgetExceeded(PuzzlesmithError):
    """The work budget ran out before the search finished (CLI exit 3, HTTP 503).

    ``budget`` is the budget that ran out, so code that opened a :func:`capped` budget
    of its own can tell its cap from the caller's.
    """

    code = "gave-up"

    def __init__(self, message: str, budget: Budget | None = None) -> None:
        super().__init__(message)
        self.budget = budget


class Budget:
    """A deadline (seconds) and/or a node cap; ``cancel()`` stops the work at its next tick."""

    def __init__(
        self, seconds: float | None = None, nodes: int | None = None, parent: Budget | None = None
    ) -> None:
        self.parent = parent
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds
        self.max_nodes = nodes
        self.nodes = 0
        self.cancelled = False

    def tick(self) -> None:
        if self.parent is not None:
            self.parent.tick()
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise self.exceeded()
        if self.nodes % _CLOCK_EVERY == 0:
            self.check()

    def spend(self, units: int) -> None:
        """``units`` ticks at once (a step whose work varies, counted by what it did)."""
        if self.parent is not None:
            self.parent.spend(units)
        before = self.nodes
        self.nodes += units
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise self.exceeded()
        if self.nodes // _CLOCK_EVERY != before // _CLOCK_EVERY:
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
            "the level is too open for the solver",
            self,
        )


_current: ContextVar[Budget | None] = ContextVar("puzzlesmith_budget", default=None)


def tick() -> None:
    """One unit of work under the open budget (if any); raises BudgetExceeded when spent."""
    b = _current.get()
    if b is not None:
        b.tick()


def spend(units: int) -> None:
    """``units`` of work under the open budget (if any) in one call."""
    b = _current.get()
    if b is not None:
        b.spend(units)


def within(nodes: int, work: Callable[[], T]) -> T | None:
    """``work()`` under a node cap of its own (inside the caller's budget); None when that
    cap ran out, so a cheap look can be tried before an expensive one.

    >>> within(10, lambda: 42), within(3, lambda: [tick() for _ in range(5)])
    (42, None)
    """
    cap = Budget(nodes=nodes, parent=_current.get())
    try:
        with use_budget(cap):
            return work()
    except BudgetExceeded as exc:
        if exc.budget is not cap:
            raise
        return None


@contextmanager
def budget(seconds: float | None = None, nodes: int | None = None) -> Iterator[Budget]:
    """Run the body under a new budget; nested budgets replace the outer one while they last."""
    with use_budget(Budget(seconds, nodes)) as b:
        yield b


@contextmanager
def capped(nodes: int) -> Iterator[Budget]:
    """A node cap of the body's own inside the open budget: each tick counts against both,
    so the caller's deadline and cancel still hold. A grader caps a step that may explode
    (catch :class:`BudgetExceeded` whose ``budget`` is the one yielded here).

    >>> with budget(nodes=100) as outer:
    ...     try:
    ...         with capped(3) as cap:
    ...             for _ in range(5):
    ...                 tick()
    ...     except BudgetExceeded as exc:
    ...         print(exc.budget is cap, outer.nodes)
    True 4
    """
    with use_budget(Budget(nodes=nodes, parent=_current.get())) as b:
        yield b


@contextmanager
def use_budget(b: Budget) -> Iterator[Budget]:
    """Run the body under ``b`` (made elsewhere, e.g. by a server that may cancel it)."""
    token = _current.set(b)
    try:
        yield b
    finally:
        _current.reset(token)
