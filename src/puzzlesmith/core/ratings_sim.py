"""Simulated players of known skill on levels of known hidden difficulty, rated as the
server rates them (core/rating): the proof that ratings learn what the model does not know.

A person's solve time is drawn from the same log-linear law the ratings assume
(core/rating: equal skill and difficulty take ``REF_MS``, 400 points ≈ 10 ** (1/BETA) ×)
with log-normal noise, and a hint now and then on a level above the player. The levels
start from a *noisy* copy of their hidden difficulty (the model's score is a prior that
may be wrong), so a good ranking at the end is learnt from the games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlesmith.core import rating
from puzzlesmith.core.glicko2 import Rating


def ranks(xs: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank (as Spearman's rho wants)."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return out


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    if n < 2 or n != len(ys):
        raise ValueError(f"pearson: need two equal series of 2+ values, got {n} and {len(ys)}")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson's on the ranks)."""
    return pearson(ranks(xs), ranks(ys))


@dataclass(frozen=True)
class SimConfig:
    levels: int = 40
    players: int = 150
    #: games in all (a level is played plays / levels times on average)
    plays: int = 1200
    #: hidden level difficulty, uniform on this range (rating points)
    difficulty: tuple[float, float] = (1000.0, 2000.0)
    #: hidden player skill: normal, mean and spread
    skill: tuple[float, float] = (1500.0, 250.0)
    #: the spread (rating points) of the model's error in a level's starting rating
    prior_noise: float = 250.0
    #: the spread of a person's log time around the law's prediction
    time_noise: float = 0.35
    seed: int = 1


@dataclass(frozen=True)
class SimResult:
    hidden: list[float]
    start: list[float]
    final: list[Rating]
    plays: list[int]

    @property
    def start_spearman(self) -> float:
        return spearman(self.start, self.hidden)

    @property
    def spearman(self) -> float:
        return spearman([r.value for r in self.final], self.hidden)


def solve_ms(skill: float, difficulty: float, noise: float, rng: random.Random) -> float:
    """A person's time: the law's time for the rating gap, times log-normal noise."""
    gap = (difficulty - skill) * math.log(10.0) / (400.0 * rating.BETA)
    return rating.REF_MS * math.exp(gap + rng.gauss(0.0, noise))


def simulate(cfg: SimConfig) -> SimResult:
    """Play ``cfg.plays`` games of random players on random levels, rated one by one."""
    rng = random.Random(cfg.seed)
    lo, hi = cfg.difficulty
    hidden = [rng.uniform(lo, hi) for _ in range(cfg.levels)]
    skills = [rng.gauss(*cfg.skill) for _ in range(cfg.players)]
    # the model's score as the server would map it: a noisy reading of the difficulty
    scores = [
        max(0.0, (d + rng.gauss(0.0, cfg.prior_noise) - rating.BASE) / rating.PER_SCORE)
        for d in hidden
    ]
    levels = [rating.level_start(s) for s in scores]
    start = [r.value for r in levels]
    players = [rating.PLAYER] * cfg.players
    plays = [0] * cfg.levels
    for _ in range(cfg.plays):
        i, j = rng.randrange(cfg.levels), rng.randrange(cfg.players)
        t = solve_ms(skills[j], hidden[i], cfg.time_noise, rng)
        hints = 1 if hidden[i] - skills[j] > 300 and rng.random() < 0.3 else 0
        if hints:  # a hint saves the player some of the time it costs in the rating
            t /= 1.2
        out = rating.game(players[j], levels[i], t, hints)
        players[j], levels[i] = out.player, out.level
        plays[i] += 1
    return SimResult(hidden, start, levels, plays)
