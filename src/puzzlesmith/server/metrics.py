"""The server's Prometheus metrics, one definition per process (``server/observe.py``
serves them; the store and the check pool count into them without importing web code).

Gauges use the ``livesum`` multiprocess mode: the sum over the processes alive now.
"""

from __future__ import annotations

from typing import Any

from prometheus_client import Counter, Gauge, Histogram

REQUESTS = Counter(
    "puzzlesmith_http_requests_total",
    "HTTP requests answered, by method, route template and status",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "puzzlesmith_http_request_duration_seconds",
    "Time to answer an HTTP request, by method and route template",
    ["method", "route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
POOL_WAIT = Histogram(
    "puzzlesmith_store_pool_wait_seconds",
    "Time a request waited for a store connection",
    buckets=(0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5),
)
POOL_REFUSED = Counter(
    "puzzlesmith_store_pool_refusals_total",
    "Requests refused (503 busy) because no store connection came in time",
)
SOCKETS = Gauge(
    "puzzlesmith_websockets_live",
    "Open WebSockets (stream rooms), summed over the processes",
    multiprocess_mode="livesum",
)
ROOMS = Gauge(
    "puzzlesmith_rooms_live",
    "Stream rooms with at least one socket, per process, summed over the processes "
    "(a room with sockets on two processes counts twice)",
    multiprocess_mode="livesum",
)
FINISHES = Counter("puzzlesmith_daily_finishes_total", "Daily runs recorded, by mode", ["mode"])
FLAGS = Counter(
    "puzzlesmith_daily_flags_total",
    "Flags on recorded daily runs (an unranked run), by mode and flag",
    ["mode", "flag"],
)
CHECK_QUEUE = Gauge(
    "puzzlesmith_check_queue_depth",
    "Live checks waiting for or holding a check worker, summed over the processes",
    multiprocess_mode="livesum",
)


def check_queue(delta: int) -> None:
    """A live check joined (+1) or left (-1) the check lane of this process."""
    CHECK_QUEUE.inc(delta)


def finished(mode: str, flags: list[str] | Any) -> None:
    """Count a recorded daily run and its flags (the daily router calls this)."""
    FINISHES.labels(mode).inc()
    for flag in flags if isinstance(flags, list) else ():
        FLAGS.labels(mode, str(flag)).inc()
