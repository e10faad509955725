"""gzip for what the server sends, compressed once and kept, never per request.

The client's files and the precomputed JSON do not change while the server runs, so
each is compressed once (level 9: the cost is paid once) and the bytes kept; a
request that accepts gzip gets them with ``Content-Encoding: gzip`` and ``Vary``.
Starlette's GZipMiddleware would compress every response again on every request
(``benchmarks/load_speed.py --compress`` prints both costs).
"""

from __future__ import annotations

import gzip
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

#: smaller bodies are sent as they are (gzip's header and the extra work buy nothing)
MIN_SIZE = 512
#: file types worth compressing (images and fonts are compressed already)
COMPRESSIBLE = frozenset({".js", ".css", ".html", ".json", ".svg", ".webmanifest", ".txt"})


def gzip_bytes(data: bytes) -> bytes:
    """``data`` gzipped reproducibly (no timestamp: the same bytes every time)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def accepts_gzip(headers: Mapping[str, str]) -> bool:
    """Whether the request's Accept-Encoding allows gzip (``gzip;q=0`` does not)."""
    for part in headers.get("accept-encoding", "").lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            q = params.strip().removeprefix("q=")
            return not (params.strip().startswith("q=") and _zero(q))
    return False


def _zero(q: str) -> bool:
    try:
        return float(q) == 0
    except ValueError:
        return False


@lru_cache(maxsize=1024)
def gzipped_file(path: Path, size: int, mtime_ns: int) -> bytes:
    """A static file's gzip, made once per content (size and mtime name the version)."""
    return gzip_bytes(path.read_bytes())
