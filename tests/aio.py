"""``asyncio.run`` for tests that may share a worker with the browser tests, whose
Playwright (sync API) keeps an event loop running in the main thread for the session."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """The coroutine run to its end in a thread of its own (with a loop of its own)."""
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()
