"""Simulated players of known skill on levels of known hidden difficulty (seeded): the
ratings learn the ranking the model's prior got wrong."""

from __future__ import annotations

import pytest

from puzzlesmith.core.ratings_sim import SimConfig, pearson, ranks, simulate, spearman


def test_spearman_of_known_series() -> None:
    assert ranks([10, 30, 20, 20]) == [1.0, 4.0, 2.5, 2.5]
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]) == pytest.approx(0.8)
    assert pearson([1, 2, 3], [2, 4, 7]) == pytest.approx(0.9934, abs=1e-4)


def test_ratings_rank_levels_as_their_hidden_difficulty() -> None:
    """40 levels, 150 players, 30 plays a level on average; the prior is a poor guess."""
    res = simulate(SimConfig(seed=7, prior_noise=400.0))
    assert res.start_spearman < 0.8  # the model's prior alone does not rank them
    assert res.spearman >= 0.9
    assert min(res.plays) >= 10
    assert all(r.deviation < 200 for r in res.final)  # every level got surer


def test_without_plays_nothing_is_learnt() -> None:
    res = simulate(SimConfig(seed=7, prior_noise=400.0, plays=0))
    assert res.spearman == pytest.approx(res.start_spearman)
