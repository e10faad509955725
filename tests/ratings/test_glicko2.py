"""Glicko-2 against Glickman's worked example, and the clear-as-a-game rules (core/rating)."""

from __future__ import annotations

import pytest

from puzzlesmith.core import rating
from puzzlesmith.core.glicko2 import Game, Rating, expected, play, rate


def test_the_papers_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 plays three games."""
    r = rate(
        Rating(1500, 200, 0.06),
        [Game(Rating(1400, 30), 1), Game(Rating(1550, 100), 0), Game(Rating(1700, 300), 0)],
    )
    assert r.value == pytest.approx(1464.06, abs=0.01)
    assert r.deviation == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_games_only_widens_the_deviation() -> None:
    r = rate(Rating(1500, 200, 0.06), [])
    assert r.value == 1500
    assert r.deviation == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_one_game_moves_both_sides_opposite_ways() -> None:
    a, b = play(Rating(1500, 300), Rating(1500, 100), 1.0)
    assert a.value > 1500 > b.value
    assert a.value - 1500 > 1500 - b.value  # the less certain side moves further


def test_the_predicted_time_is_where_the_result_meets_the_expectation() -> None:
    p, lv = Rating(1700, 80), Rating(1400, 120)
    t = rating.predicted_ms(p, lv)
    assert t < rating.REF_MS  # the stronger player is predicted faster
    assert rating.result(t) == pytest.approx(expected(p, lv))
    faster = rating.game(p, lv, t / 2)
    slower = rating.game(p, lv, t * 2)
    assert faster.player.value > p.value > slower.player.value
    assert faster.level.value < lv.value < slower.level.value


def test_hints_and_steps_back_count_against_the_player() -> None:
    clean = rating.result(60_000)
    assert rating.result(60_000, hints=1) < clean
    assert rating.result(60_000, steps_back=5) < clean
    assert rating.result(60_000, hints=10**3, steps_back=10**5) > 0  # no overflow
    assert rating.counted_ms(60_000, hints=1) == pytest.approx(60_000 * rating.HINT_FACTOR)


def test_a_levels_start_follows_the_models_score() -> None:
    starts = [rating.level_start(s).value for s in (0, 99.9, 100, 250, 399.9)]
    assert starts == sorted(starts)
    assert starts[0] == rating.BASE
    assert rating.level_start(100).value == pytest.approx(1250)
