"""Signed run tokens: HMAC-SHA256 over (player, mode, date, start id, server start time).

The token proves the server started this run at that time for that player; the client
can read it but not change it (any change breaks the signature).

>>> t = sign(b"k" * 32, RunClaim("p1", "04-cows", "2026-12-01", 7, 1000))
>>> verify(b"k" * 32, t)
RunClaim(player='p1', mode='04-cows', date='2026-12-01', start=7, started_ms=1000)
>>> verify(b"x" * 32, t)
Traceback (most recent call last):
...
puzzlesmith.server.errors.ApiError: run: the token's signature does not match
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import NamedTuple

from puzzlesmith.server.errors import ApiError


class RunClaim(NamedTuple):
    player: str
    mode: str
    date: str
    start: int
    started_ms: int


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: bytes, body: str) -> str:
    return _b64(hmac.new(secret, b"run-token:" + body.encode(), hashlib.sha256).digest())


def sign(secret: bytes, claim: RunClaim) -> str:
    body = _b64(json.dumps(list(claim), separators=(",", ":")).encode())
    return f"{body}.{_mac(secret, body)}"


def verify(secret: bytes, token: object) -> RunClaim:
    """The claim of an untampered token; 403 ``bad-run-token`` for anything else."""
    if not isinstance(token, str) or token.count(".") != 1 or len(token) > 600:
        raise ApiError("bad-run-token", "run: not a run token", "run")
    body, mac = token.split(".")
    if not hmac.compare_digest(mac, _mac(secret, body)):
        raise ApiError("bad-run-token", "run: the token's signature does not match", "run")
    try:
        p, m, d, k, s = json.loads(_unb64(body))
        return RunClaim(str(p), str(m), str(d), int(k), int(s))
    except (ValueError, TypeError) as exc:  # signed by us, so only an old format gets here
        raise ApiError("bad-run-token", "run: unreadable token", "run") from exc
