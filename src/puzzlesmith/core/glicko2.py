"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2022 revision), one rating period.

Written from the paper rather than taken from PyPI: the ``glicko2`` package (2.1.0, the
one maintained fork) computes the volatility's ``f(x)`` with the rating where the paper
has the deviation, so its volatilities are wrong. The paper's worked example is the test
(tests/core/test_glicko2.py). Ratings are on the Glicko scale (1500 ± 350 for a newcomer).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko scale ↔ Glicko-2 scale (step 2 of the paper)
SCALE = 173.7178
#: the system constant τ: how fast volatility may change (the paper suggests 0.3–1.2)
TAU = 0.5
#: the convergence tolerance of the volatility iteration (step 5)
EPSILON = 1e-6
#: a newcomer's volatility (the paper's example)
VOLATILITY = 0.06


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (both on the Glicko scale) and the volatility σ."""

    value: float = 1500.0
    deviation: float = 350.0
    volatility: float = VOLATILITY


@dataclass(frozen=True)
class Game:
    """One game against ``opponent``: ``score`` 1 a win, 0 a loss, anything between."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The score the player is expected to make against ``opponent`` (the paper's E)."""
    mu, mu_j = (player.value - 1500.0) / SCALE, (opponent.value - 1500.0) / SCALE
    return _e(mu, mu_j, opponent.deviation / SCALE)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new σ, by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Sequence[Game], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``games`` (none: RD grows, step 6)."""
    mu = (player.value - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.value, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inv_v = 0.0
    total = 0.0
    for game in games:
        mu_j = (game.opponent.value - 1500.0) / SCALE
        phi_j = game.opponent.deviation / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        inv_v += g * g * e * (1.0 - e)
        total += g * (game.score - e)
    v = 1.0 / inv_v
    sigma2 = _volatility(sigma, phi, v, v * total, tau)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * total
    return Rating(mu2 * SCALE + 1500.0, phi2 * SCALE, sigma2)


def play(a: Rating, b: Rating, score_a: float, tau: float = TAU) -> tuple[Rating, Rating]:
    """Both sides of one game rated as a rating period of its own (as Lichess rates a
    puzzle attempt): ``a`` scored ``score_a``, ``b`` the rest."""
    return rate(a, [Game(b, score_a)], tau), rate(b, [Game(a, 1.0 - score_a)], tau)
