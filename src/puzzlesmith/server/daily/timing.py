"""Whether a run's move timing is humanly plausible: the distribution of its gaps, not
only their mean (after Lichess: where there is a leaderboard, there is cheating).

The log's times are the client's claim, but they may not add up to more than the server
measured, so a script that wants a human-looking log has to spend the time it shows.
Each check below names what a person never does over a whole daily; a run that trips one
is recorded and verified but not ranked, with the reason in the finish answer. Every Cows
tap is a decision (``taps``); in the path modes a gesture (a drag) starts after a gap of
:data:`GESTURE_GAP_MS`, and decisions are judged from the first move on. Whatever the log
says, a clear faster than the level's floor (:func:`floor_ms`: a look at the board, its
decisions at a quarter second and more each, scaled by its difficulty score, and its
forced drag steps) is not ranked either: the log cannot hide that one, since the time is
the server's. A script that waits like a person (pauses, uneven gaps, a quarter second
and more per decision) still gets through: the guarantee is that it then plays at a
person's pace, not faster.

>>> from puzzlesmith.core.movelog import TimedMove
>>> bot = [TimedMove(60 * k, f"m{k}") for k in range(1, 31)]
>>> [flag for flag, _ in judge(bot)]
['machine-timing', 'no-pause']
>>> quick = [TimedMove(2000 + 210 * k + 30 * (k % 3), f"m{k}") for k in range(30)]
>>> [flag for flag, _ in judge(quick)]
['fast-decisions']
>>> person = [TimedMove(ms, "m") for ms in (2400, 2520, 2610, 4100, 4800, 4890, 7600, 7700,
...     9100, 9240, 10300, 13000)]
>>> judge(person)
[]
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from puzzlesmith.core.movelog import TimedMove

#: fewer moves than this are not judged at all (too little to tell)
MIN_MOVES = 3
#: gaps needed before their evenness is judged
MIN_EVEN_GAPS = 6
#: gaps this even (standard deviation / mean) are a timer's, not a hand's
MAX_REGULAR_CV = 0.05
#: at least one pause this long (reading the board counts) in any real solve
MIN_LONGEST_PAUSE_MS = 1000
#: a gap this long starts a new gesture (a drag's cells come faster than this)
GESTURE_GAP_MS = 150
#: the median time before a gesture (a decision) is at least this for a person
MIN_MEDIAN_DECISION_MS = 250
#: decisions needed before their median is judged (from the first move on)
MIN_DECISIONS = 3
#: the floor's look at the board before the first move
FLOOR_READ_MS = 1000
#: the floor's least time for one decision (a Cows tap, a fork of the path) on an easy level
FLOOR_DECISION_MS = 250
#: a decision's floor grows by this fraction per 100 points of the level's score
#: (core/score.py: 0–100 easy, 100–200 medium, 200–300 hard, 300+ expert), up to
#: :data:`FLOOR_SCORE_CAP` (so a decision's floor stays under 420 ms)
FLOOR_SCORE_PER_100 = 1 / 6
FLOOR_SCORE_CAP = 400.0
#: the floor's least time for a forced step of a path (a cell dragged through, no choice)
FLOOR_STEP_MS = 150

REASONS = {
    "machine-timing": "the moves came at an even pace no hand keeps",
    "no-pause": "no pause of a second anywhere in the run, not even to read the board",
    "fast-decisions": "half the decisions came faster than a quarter second",
    "no-log": "the finish sent no timed move log, so its timing cannot be checked",
    "too-fast": "faster than a person can make the moves",
    "under-floor": "cleared faster than a person can read this puzzle and make its decisions",
}


def floor_ms(moves: int, decisions: int, score: float) -> int:
    """The fastest clear ranked on a level of ``moves`` solution moves of which
    ``decisions`` are choices (every Cows tap; a path's forks), rated ``score``.

    Every term is under what a person needs at half a second a move, and over what a
    script needs at 140 ms a move after a one-second look, so the floor parts the two
    by construction (docs/fair-play.md gives the figures).

    >>> floor_ms(8, 8, 150.0)  # an 8×8 medium Cows: 1 s + 8 × 312 ms
    3500
    >>> floor_ms(20, 8, 260.0)  # a hard path of 20 steps, 8 of them forks
    5666
    """
    decisions = max(1, min(decisions, moves))
    per_decision = FLOOR_DECISION_MS * (
        1 + FLOOR_SCORE_PER_100 * min(FLOOR_SCORE_CAP, max(0.0, score)) / 100
    )
    return int(FLOOR_READ_MS + decisions * per_decision + (moves - decisions) * FLOOR_STEP_MS)


def gaps_of(log: Sequence[TimedMove]) -> list[int]:
    """Milliseconds before each move (the first one's from the start of the session)."""
    out, last = [], 0
    for entry in log:
        out.append(max(0, entry.ms - last))
        last = max(last, entry.ms)
    return out


def judge(log: Sequence[TimedMove], taps: bool = False) -> list[tuple[str, str]]:
    """(flag, reason) for each check the log's timing fails; [] for a plausible run.
    ``taps``: every move is its own decision (Cows), not a cell of a drag."""
    if len(log) < MIN_MOVES:
        return []
    gaps = gaps_of(log)
    out: list[tuple[str, str]] = []
    later = gaps[1:]
    if len(later) >= MIN_EVEN_GAPS:
        mean = statistics.fmean(later)
        if mean == 0 or statistics.pstdev(later) / mean < MAX_REGULAR_CV:
            out.append(("machine-timing", REASONS["machine-timing"]))
    if max(gaps) < MIN_LONGEST_PAUSE_MS:
        out.append(("no-pause", REASONS["no-pause"]))
    decisions = gaps if taps else [g for g in gaps if g >= GESTURE_GAP_MS]
    if len(decisions) >= MIN_DECISIONS and statistics.median(decisions) < MIN_MEDIAN_DECISION_MS:
        out.append(("fast-decisions", REASONS["fast-decisions"]))
    return out
