"""A clear as a rated game between the player and the level (Glicko-2, as Lichess rates
puzzles): the result is the player's time against the time the two ratings predict.

The time model (docs/ratings.md): a player and a level of equal rating take
:data:`REF_MS`; every 400 rating points the player is above the level divide the time
by ``10 ** (1 / BETA)``. The game's result is the logistic of the log time,
``s = 1 / (1 + (t / REF_MS) ** BETA)``, which is exactly Glicko's expected score when
``t`` is the predicted time, so a player who beats the prediction gains and one slower
loses. Hints and steps back lengthen the time counted: each hint multiplies it by
:data:`HINT_FACTOR`, each step back by :data:`STEP_BACK_FACTOR`.

A level's rating starts from the difficulty model's score (``GradeResult.score``, core/score):
``1000 + 2.5 · score``, so easy (0–100) starts at 1000–1250, medium 1250–1500, hard
1500–1750, expert 1750–2000, with deviation :data:`LEVEL_DEVIATION` (the model is a prior,
not a guess); a player starts at 1500 ± 350.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from puzzlesmith.core import glicko2
from puzzlesmith.core.glicko2 import Rating

#: the time a player and a level of equal rating take (ms)
REF_MS = 120_000.0
#: how steeply the result falls with the log time: 400 points = 10 ** (1 / BETA) × time
BETA = 1.5
#: what one hint and one step back multiply the counted time by
HINT_FACTOR = 1.5
STEP_BACK_FACTOR = 1.03
#: a level's first rating: BASE + PER_SCORE · score
BASE = 1000.0
PER_SCORE = 2.5
LEVEL_DEVIATION = 200.0
PLAYER = Rating()
#: ratings stay inside this range whatever the games (a cap against absurd logs)
FLOOR, CEILING = 100.0, 3500.0
_LN10 = math.log(10.0)


def level_start(score: float) -> Rating:
    """A level's rating before anyone has played it, from the model's score."""
    return Rating(BASE + PER_SCORE * max(0.0, score), LEVEL_DEVIATION, glicko2.VOLATILITY)


def counted_ms(time_ms: float, hints: int = 0, steps_back: int = 0) -> float:
    """The time the game counts: the clear's time, lengthened per hint and step back."""
    return max(1.0, float(time_ms)) * HINT_FACTOR**hints * STEP_BACK_FACTOR**steps_back


def result(time_ms: float, hints: int = 0, steps_back: int = 0) -> float:
    """The player's score in the game, in (0, 1): 0.5 at :data:`REF_MS`."""
    log_ratio = (
        math.log(max(1.0, float(time_ms)) / REF_MS)
        + hints * math.log(HINT_FACTOR)
        + steps_back * math.log(STEP_BACK_FACTOR)
    )
    x = max(-50.0, min(50.0, BETA * log_ratio))
    return 1.0 / (1.0 + math.exp(x))


def predicted_ms(player: Rating, level: Rating) -> float:
    """The time the two ratings predict: where :func:`result` equals Glicko's expectation."""
    e = glicko2.expected(player, level)
    return float(REF_MS * ((1.0 - e) / e) ** (1.0 / BETA))


@dataclass(frozen=True)
class Outcome:
    player: Rating
    level: Rating
    score: float


def _clamp(r: Rating) -> Rating:
    return Rating(min(CEILING, max(FLOOR, r.value)), r.deviation, r.volatility)


def game(
    player: Rating, level: Rating, time_ms: float, hints: int = 0, steps_back: int = 0
) -> Outcome:
    """Both new ratings after one clear."""
    s = result(time_ms, hints, steps_back)
    p, lv = glicko2.play(player, level, s)
    return Outcome(_clamp(p), _clamp(lv), s)
