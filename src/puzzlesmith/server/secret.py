"""The server's secret: it seeds the dailies and signs run tokens.

``$PUZZLESMITH_SECRET`` (hex or text) when set — several machines on one PostgreSQL
must share it — else ``secret.key`` in the data dir, created on first start (mode 0600).

The store keeps the secret's fingerprint (an HMAC of a fixed text under the secret, never
the secret), so a process started with another secret — a machine without
``PUZZLESMITH_SECRET``, a lost ``secret.key`` — is refused at start with one line instead
of serving other puzzles and refusing every other machine's run tokens.
``PUZZLESMITH_STORE_INIT=1`` accepts a new secret deliberately (open run tokens die).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from sqlalchemy import func, select, update

from puzzlesmith.server.config import Settings
from puzzlesmith.server.store import Start, Store, StoreMeta, StoreRefused, default_data_dir

FILE = "secret.key"
_FINGERPRINT_TEXT = b"puzzlesmith: the fingerprint of the server secret"


def fingerprint(secret: bytes) -> str:
    """HMAC-SHA256 of a fixed text under the secret: equal secrets, equal fingerprints.

    >>> fingerprint(b"x" * 32) == fingerprint(b"x" * 32) != fingerprint(b"y" * 32)
    True
    """
    return hmac.new(secret, _FINGERPRINT_TEXT, hashlib.sha256).hexdigest()


def _new_secret_file(data_dir: Path, path: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    tmp = data_dir / f".{FILE}.{os.getpid()}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(FileExistsError):  # the first worker to link wins
            os.link(tmp, path)
    except OSError as exc:  # a full disk leaves no half-written secret behind
        raise StoreRefused(f"secret: cannot create {path}: {exc.strerror or exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)


def _read_secret(path: Path) -> str:
    """The secret file's text, or a refusal naming the file (never a codec's message)."""
    try:
        return path.read_bytes().decode("utf-8").strip()
    except UnicodeDecodeError:
        raise StoreRefused(
            f"secret: {path} is not a text secret (binary bytes): restore it, or delete it "
            "to make a new one"
        ) from None
    except OSError as exc:
        raise StoreRefused(f"secret: cannot read {path}: {exc.strerror or exc}") from exc


def load_secret(conf: Settings, store: Store | None = None) -> bytes:
    """The secret of ``conf`` (its ``secret``, else its data dir's file); with ``store``,
    checked against (or first recorded as) the store's fingerprint."""
    init = conf.store_init
    if conf.secret:
        secret = conf.secret.encode()
    else:
        data_dir = default_data_dir(conf.data_dir)
        path = data_dir / FILE
        if not path.exists():
            started = 0 if store is None or init else _starts(store)
            if started:
                raise StoreRefused(
                    f"secret: {path} is missing but the store holds {started} started run(s): "
                    "restore the file (or set PUZZLESMITH_SECRET), or set "
                    "PUZZLESMITH_STORE_INIT=1 to make a new secret"
                )
            _new_secret_file(data_dir, path)
        text = _read_secret(path)
        if len(text) < 32:
            raise StoreRefused(f"{path}: the secret is too short (delete it to make a new one)")
        secret = text.encode()
    if store is not None:
        check_fingerprint(store, secret, replace=init)
    return secret


def _starts(store: Store) -> int:
    with store.session() as s:
        return int(s.scalar(select(func.count()).select_from(Start)) or 0)


def check_fingerprint(store: Store, secret: bytes, *, replace: bool = False) -> None:
    """Record the secret's fingerprint in an empty store; refuse a different secret."""
    mine = fingerprint(secret)
    with store.write() as s:
        s.execute(store.insert_new(StoreMeta).values(key="secret", value=mine))
        stored = s.scalar(select(StoreMeta.value).where(StoreMeta.key == "secret"))
        if stored == mine:
            return
        if replace:
            s.execute(update(StoreMeta).where(StoreMeta.key == "secret").values(value=mine))
            return
    raise StoreRefused(
        f"secret: this process's secret (fingerprint {mine[:8]}) is not the one the store "
        f"was set up with ({str(stored)[:8]}): give every process the same PUZZLESMITH_SECRET"
    )
