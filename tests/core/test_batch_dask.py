"""A Dask batch whose workers are all gone says so at once and gives up after a bound
(core/batch.py), instead of waiting silently; with a worker it finishes as before."""

from __future__ import annotations

import distributed
import pytest

from puzzlesmith.core import batch
from puzzlesmith.core.errors import PuzzlesmithError


def square(x: int) -> int:
    return x * x


def test_a_batch_with_no_worker_left_says_so_and_gives_up(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(batch, "NO_WORKER_SECONDS", 1.0)
    monkeypatch.setattr(batch, "POLL_SECONDS", 0.2)
    with (
        distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as cl,
        pytest.raises(PuzzlesmithError) as err,
    ):
        batch.run_tasks(square, [(i,) for i in range(3)], scheduler=cl.scheduler_address)
    line = str(err.value)
    assert "no Dask worker for 1 s, 0 of 3 tasks done" in line and "\n" not in line
    said = capsys.readouterr().err
    assert "no Dask worker is connected; waiting 1 s for one (0 of 3 tasks done)" in said


def test_a_batch_with_a_worker_finishes_in_task_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "POLL_SECONDS", 0.2)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cl:
        got = batch.run_tasks(square, [(i,) for i in range(5)], scheduler=cl.scheduler_address)
    assert got == [0, 1, 4, 9, 16]
