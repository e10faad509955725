"""Viewer identities the server issues: a random id and an HMAC over it, kept by the page.

A vote counts once per identity, and an identity only comes from the server
(``POST /api/rooms/{room}/viewer``, limited per client address), so a script that makes
up ids on new sockets gets no vote; a kick holds against the identity. Tokens are not
bound to one room: a phone keeps its identity from room to room.

>>> t = mint(b"k" * 32)
>>> verify(b"k" * 32, t) == t.split(".")[1]
True
>>> verify(b"k" * 32, t[:-1] + ("A" if t[-1] != "A" else "B")), verify(b"k" * 32, "made-up")
(None, None)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

PREFIX = "v1"
_ID = re.compile(r"[A-Za-z0-9_-]{12}")


def _mac(secret: bytes, viewer: str) -> str:
    digest = hmac.new(secret, f"stream-viewer:{viewer}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def mint(secret: bytes) -> str:
    """A new identity: ``v1.<id>.<mac>`` (41 characters)."""
    viewer = secrets.token_urlsafe(9)
    return f"{PREFIX}.{viewer}.{_mac(secret, viewer)}"


def verify(secret: bytes, token: object) -> str | None:
    """The viewer id a token carries, or None for anything the server did not sign."""
    if not isinstance(token, str) or len(token) > 64:
        return None
    parts = token.split(".")
    if len(parts) != 3 or parts[0] != PREFIX or not _ID.fullmatch(parts[1]):
        return None
    if not hmac.compare_digest(parts[2].encode(), _mac(secret, parts[1]).encode()):
        return None
    return parts[1]
