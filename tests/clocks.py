"""Server clocks for tests of a past day: at 00:00–12:00 UTC yesterday is still someone's
date (UTC−12 … UTC+14), so its daily is not yet archive and its replays are closed."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from datetime import time as dtime
from typing import Any

from puzzlesmith.server.state import services_of


def afternoon_clock() -> Callable[[], int]:
    """The server's clock, moved on to 12:00 UTC when it is earlier in the UTC day (it runs
    on from there): then yesterday is no one's date anywhere on Earth, so a test's "past
    day" is past (archive, replays open) whatever the hour it runs at."""
    now = time.time_ns() // 1_000_000
    noon = int(datetime.combine(datetime.now(UTC).date(), dtime(12), UTC).timestamp() * 1000)
    shift = max(0, noon - now)
    return lambda: time.time_ns() // 1_000_000 + shift


@contextmanager
def in_the_afternoon(app: Any) -> Iterator[None]:
    """The daily app on :func:`afternoon_clock` for the block, then on its own clock again."""
    dailies = services_of(app).dailies
    own = dailies.clock
    dailies.clock = afternoon_clock()
    try:
        yield
    finally:
        dailies.clock = own
