"""Anonymous players: an id and a secret token the browser keeps; no e-mail, no password.

Only SHA-256 hashes of tokens and transfer codes are stored. A transfer code moves the
profile to another device: claiming it gives a new token and retires the old one.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
import uuid

from sqlalchemy import (
    BigInteger,
    String,
    and_,
    delete,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.store import Player, Store
from puzzlesmith.server.visible import blank_at

NAME_MIN, NAME_MAX = 2, 16
#: punctuation allowed inside a name (besides letters, digits and single spaces)
NAME_PUNCT = set("_-.·'")
TRANSFER_TTL_MS = 24 * 3600 * 1000
#: no 0/O, 1/I/L: a code read aloud or typed on a phone
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def check_name(raw: object) -> str:
    """The cleaned display name, or a 422 saying which rule it breaks.

    >>> check_name("  小王 ")
    '小王'
    >>> check_name("a")
    Traceback (most recent call last):
    ...
    puzzlesmith.server.errors.ApiError: name: at least 2 characters
    """
    if not isinstance(raw, str):
        raise ApiError("bad-name", "name: must be text", "name")
    name = unicodedata.normalize("NFC", raw).strip()
    if len(name) < NAME_MIN:
        raise ApiError("bad-name", f"name: at least {NAME_MIN} characters", "name")
    if len(name) > NAME_MAX:
        raise ApiError("bad-name", f"name: at most {NAME_MAX} characters", "name")
    if "  " in name:
        raise ApiError("bad-name", "name: no double spaces", "name")
    blank = blank_at(name)
    if blank is not None:  # a Hangul filler is a letter that draws nothing
        raise ApiError(
            "bad-name",
            f"name: character {blank + 1} (U+{ord(name[blank]):04X}) shows as nothing",
            "name",
        )
    for i, ch in enumerate(name):
        cat = unicodedata.category(ch)
        if not (cat[0] in "LN" or ch == " " or ch in NAME_PUNCT):
            raise ApiError("bad-name", f"name: character {i + 1} {ch!r} is not allowed", "name")
    return name


#: a profile untouched this long after it was made may be pruned when the budget is full
UNTOUCHED_MS = 90 * 24 * 3600 * 1000


def prune_untouched(store: Store, now_ms: int) -> int:
    """Delete profiles made over 90 days ago that nothing else refers to: no daily
    started, no run, no progress, no friend either way, nothing published, liked or
    reported (every table with a key to ``players`` is asked, so a table added later is
    too). They hold a name and nothing else; their token stops working."""
    # every model with a key to players is registered before the tables are listed
    import puzzlesmith.server.community.models
    import puzzlesmith.server.friends.models
    import puzzlesmith.server.tries.models  # noqa: F401

    untouched = [Player.created_ms < now_ms - UNTOUCHED_MS]
    for table in Player.metadata.tables.values():
        for fk in table.foreign_keys:
            if fk.column.table is Player.__table__:
                untouched.append(~exists().where(fk.parent == Player.id))
    with store.write() as s:
        gone = s.execute(delete(Player).where(*untouched))
    return int(getattr(gone, "rowcount", 0) or 0)


def display_key(name: str) -> str:
    """Names compared as people read them: NFKC, case-folded (``Ada`` and ``ＡＤＡ`` clash).

    >>> display_key("ＡＤＡ") == display_key("ada")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def tagged(name: str, player_id: str) -> str:
    """A name with its player's tag, for a board where another player shows the same name;
    ``#`` is not allowed in names, so no one can type another player's tag."""
    return f"{name} #{player_id[:4].upper()}"


class Players:
    """Every lookup reads the store (one indexed query): nothing is cached, so a transfer,
    a claim or a rename is seen by every worker at once (benchmarks/daily_tokens.py)."""

    def __init__(self, store: Store, conf: Settings = DEFAULTS) -> None:
        self.store = store
        #: profiles kept in all, and made from one address (the app's settings)
        self.max_total = conf.players_max
        self.max_per_address = conf.players_per_address

    def create(self, name: object, now: int, address: str | None = None) -> tuple[Player, str]:
        """A new player within the profile budget (overall and per address), in one
        statement; when full, untouched profiles are pruned and it is tried once more,
        then 507 ``storage-full`` in one sentence."""
        clean = check_name(name)
        token = secrets.token_urlsafe(32)
        p = Player(
            id=uuid.uuid4().hex, token_hash=digest(token), name=clean, created_ms=now,
            address=address,
        )  # fmt: skip
        if self._insert(p) or (prune_untouched(self.store, now) and self._insert(p)):
            return p, token
        raise ApiError(
            "storage-full",
            "The server has no room for more players right now; try again later.",
        )

    def _insert(self, p: Player) -> bool:
        room = select(func.count()).select_from(Player).scalar_subquery() < self.max_total
        if p.address:
            mine = select(func.count()).select_from(Player).where(Player.address == p.address)
            room = and_(room, mine.scalar_subquery() < self.max_per_address)
        row = select(
            literal(p.id, String), literal(p.token_hash, String), literal(p.name, String),
            literal(p.created_ms, BigInteger), literal(p.address, String),
        ).where(room)  # fmt: skip
        cols = ["id", "token_hash", "name", "created_ms", "address"]
        stmt = insert(Player).from_select(cols, row).returning(Player.id)
        with self.store.write() as s:
            return s.execute(stmt).first() is not None

    def by_token(self, token: str) -> Player | None:
        with self.store.session() as s:
            return s.scalars(select(Player).where(Player.token_hash == digest(token))).first()

    def rename(self, player_id: str, name: object) -> Player:
        clean = check_name(name)
        with self.store.write() as s:
            p = s.get(Player, player_id)
            if p is None:
                raise ApiError("bad-token", "the player of this token is gone")
            p.name = clean
        return p

    def transfer_code(self, player_id: str, now: int) -> tuple[str, int]:
        """A fresh one-time code (the previous one stops working) and when it expires."""
        raw = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(12))
        code = "-".join(raw[i : i + 4] for i in range(0, 12, 4))
        expires = now + TRANSFER_TTL_MS
        with self.store.write() as s:
            done = s.scalar(
                update(Player)
                .where(Player.id == player_id)
                .values(transfer_hash=digest(code), transfer_expires_ms=expires)
                .returning(Player.id)
            )
            if done is None:
                raise ApiError("bad-token", "the player of this token is gone")
        return code, expires

    def claim(self, code: object, now: int) -> tuple[Player, str]:
        """The profile a transfer code names, with a new token; the old token stops working.

        One ``UPDATE … WHERE transfer_hash = … RETURNING``: of two claims of one code at
        once (on any workers), exactly one gets the profile."""
        if not isinstance(code, str) or not code.strip():
            raise ApiError("invalid-request", "code: the transfer code is missing", "code")
        norm = "".join(ch for ch in code.upper() if ch.isalnum())
        norm = "-".join(norm[i : i + 4] for i in range(0, len(norm), 4))
        token = secrets.token_urlsafe(32)
        try:
            with self.store.write() as s:
                pid = s.scalar(
                    update(Player)
                    .where(
                        Player.transfer_hash == digest(norm),
                        Player.transfer_expires_ms >= now,
                    )
                    .values(token_hash=digest(token), transfer_hash=None, transfer_expires_ms=None)
                    .returning(Player.id)
                )
                p = None if pid is None else s.get(Player, pid)
            if p is None:
                raise ApiError(
                    "unknown-transfer-code",
                    "code: no profile has this transfer code (or it expired)",
                )
            return p, token
        except IntegrityError:  # pragma: no cover (a token collision: 256 random bits)
            raise ApiError("retry", "please try again") from None
