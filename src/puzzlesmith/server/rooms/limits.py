"""The numbers that keep a room cheap and safe, and the token bucket that enforces rates."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Caps of one server's rooms; tests lower the round minimum, nothing else changes."""

    max_rooms: int = 500
    max_viewers: int = 1000
    #: a voting round lasts this long (seconds), clamped
    min_round: float = 10.0
    max_round: float = 60.0
    #: pause between rounds in continuous vote mode
    round_gap: float = 3.0
    #: a room nobody used for this long is closed; no room lives longer than max_age
    idle_ttl: float = 3 * 3600.0
    max_age: float = 12 * 3600.0
    #: a room no host has joined is closed after this long (the stream page joins at once:
    #: a room made and left unjoined only holds a share of the pool)
    unjoined_ttl: float = 60.0
    #: room creation: live rooms per client address and per client (the browser's viewer
    #: identity, when it sends one), and new rooms per address (rate per second, burst)
    rooms_per_address: int = 20
    #: the last rooms of ``max_rooms`` go only to addresses with none open, so a handful of
    #: addresses holding their full shares never lock a newcomer out (issue #38)
    newcomer_reserve: int = 50
    rooms_per_client: int = 3
    create_rate: float = 1 / 30
    create_burst: float = 20.0
    #: viewer identities one address may be given (rate per second, burst), and the votes
    #: one address may cast in a round (the hard bound on one person's browsers)
    mint_rate: float = 1 / 30
    mint_burst: float = 20.0
    votes_per_address: int = 10
    #: longest WebSocket text message a viewer may send, and a viewer's display name
    max_message: int = 300
    max_name: int = 20
    #: per viewer: messages per second (burst), hints per second (burst)
    viewer_rate: float = 5.0
    viewer_burst: float = 10.0
    hint_rate: float = 0.2
    hint_burst: float = 2.0
    #: per room: viewer messages per second (burst)
    room_rate: float = 5000.0
    room_burst: float = 10000.0
    #: hints kept and shown
    hints_kept: int = 8
    #: a slow client whose outbox grows past this many messages is disconnected
    outbox: int = 256
    #: live tallies and viewer counts are pushed at most this often (seconds)
    live_every: float = 0.25
    #: shared store only: a worker's round-timer lease lasts this long, renewed every
    #: ``lease_every`` (a dead worker's rooms are taken over within ``lease_ttl`` + that)
    lease_ttl: float = 3.0
    lease_every: float = 1.0


class Bucket:
    """A token bucket: ``take(now)`` is True while the rate (with its burst) is respected."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last: float | None = None

    def take(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
