"""The store's settings from the environment, read in one place.

- ``PUZZLESMITH_DB_POOL`` (default 5): PostgreSQL connections one process may hold. A
  deployment needs processes × this ≤ the server's ``max_connections`` (minus what other
  clients use); no overflow beyond it.
- ``PUZZLESMITH_DB_POOL_TIMEOUT`` (seconds, default 2): how long a request waits for a
  free connection before it is answered 503 ``busy`` with ``Retry-After``.
- ``PUZZLESMITH_STORE_INIT=1``: start a new store deliberately where the start would
  otherwise be refused (a zero-length database file, a missing ``secret.key`` while the
  store holds runs, a secret whose fingerprint differs from the stored one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_POOL = 5
DEFAULT_POOL_TIMEOUT_S = 2.0


@dataclass(frozen=True)
class StoreSettings:
    pool: int = DEFAULT_POOL
    pool_timeout_s: float = DEFAULT_POOL_TIMEOUT_S
    init: bool = False


class SettingError(ValueError):
    """An environment variable that does not hold what it must (one line)."""


def _number(name: str, default: float, low: float, high: float) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingError(f"{name}={raw!r}: not a number") from None
    if not low <= value <= high:
        raise SettingError(f"{name}={raw!r}: must be between {low:g} and {high:g}")
    return value


def store_settings() -> StoreSettings:
    """The store's settings now (read at each open, so tests may set the variables).

    >>> store_settings().pool >= 1
    True
    """
    return StoreSettings(
        pool=int(_number("PUZZLESMITH_DB_POOL", DEFAULT_POOL, 1, 200)),
        pool_timeout_s=_number("PUZZLESMITH_DB_POOL_TIMEOUT", DEFAULT_POOL_TIMEOUT_S, 0.05, 60),
        init=os.environ.get("PUZZLESMITH_STORE_INIT", "").strip().lower() in ("1", "true", "yes"),
    )
