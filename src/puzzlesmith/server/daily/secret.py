"""The server's secret: it seeds the dailies and signs run tokens.

``$PUZZLESMITH_SECRET`` (hex or text) when set — several machines on one PostgreSQL
must share it — else ``secret.key`` in the data dir, created on first start (mode 0600).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from puzzlesmith.server.config import settings

FILE = "secret.key"


def load_secret(data_dir: Path) -> bytes:
    env = settings().secret
    if env:
        return env.encode()
    path = data_dir / FILE
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        tmp = data_dir / f".{FILE}.{os.getpid()}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:  # the first worker to link wins; the others read its secret
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    text = path.read_text().strip()
    if len(text) < 32:
        raise ValueError(f"{path}: the secret is too short (delete it to make a new one)")
    return text.encode()
