"""``puzzlesmith playtest`` (issue #27, seed 001 §8.4): anonymous per-level figures from a
real SQLite store — attempts, clears, median time, hints, gave up — and one line saying
what the store cannot hold yet (shipped levels)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from puzzlesmith.cli.playtest import SHIPPED_NOTE, playtest
from puzzlesmith.server.community.models import CommunityLevel
from puzzlesmith.server.store import Store
from puzzlesmith.server.store.models import Daily, Player, Run, Start

STROKE = "01-number-stroke"


def app() -> typer.Typer:
    """The command as `puzzlesmith playtest` runs it (cli/main.py registers it the same way)."""
    a = typer.Typer()
    a.command("playtest")(playtest)
    a.command("unused")(lambda: None)  # two commands: Typer keeps the name on the line
    return a


def seed_store(data: Path) -> None:
    store = Store.open(f"sqlite:///{data / 'puzzlesmith.sqlite3'}")
    with store.session() as s:
        for k in range(4):
            s.add(Player(id=f"p{k}", token_hash=f"h{k}", name=f"Secret Name {k}", created_ms=0))
        s.add(
            Daily(mode=STROKE, date="2026-11-20", number=1, grade="easy", level="{}", created_ms=0)
        )
        s.add(
            Daily(
                mode="04-cows", date="2026-11-21", number=2, grade="hard", level="{}", created_ms=0
            )
        )
        s.flush()
        # stroke: four tried, three cleared in 30 s, 50 s and 90 s; one asked twice for a hint
        for k, hints in enumerate([0, 2, 0, 0]):
            s.add(
                Start(player_id=f"p{k}", mode=STROKE, date="2026-11-20", started_ms=0, hints=hints)
            )
        for k, (t, undos) in enumerate([(30_000, 0), (50_000, 3), (90_000, 1)]):
            s.add(
                Run(
                    player_id=f"p{k}",
                    mode=STROKE,
                    date="2026-11-20",
                    started_ms=0,
                    finished_ms=t,
                    time_ms=t,
                    moves=10,
                    hints=0,
                    undos=undos,
                    flawless=undos == 0,
                    ranked=True,
                    flags="",
                )
            )
        s.add(Start(player_id="p0", mode="04-cows", date="2026-11-21", started_ms=0, hints=0))
        s.add(
            CommunityLevel(
                id="c1",
                mode=STROKE,
                key="k",
                author_id="p1",
                title="Mine",
                caption="",
                level="{}",
                code="S",
                grade="medium",
                size=9,
                created_ms=0,
                plays=7,
                likes=2,
                reports=0,
                hidden=False,
            )
        )
    store.close()


def test_playtest_exports_anonymous_figures_per_level(tmp_path: Path) -> None:
    seed_store(tmp_path)
    out = CliRunner().invoke(app(), ["playtest", "--data-dir", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    stroke, cows, community = rows
    assert (stroke["mode"], stroke["level"], stroke["title"]) == (STROKE, "2026-11-20", "#1")
    assert (stroke["attempts"], stroke["clears"], stroke["gave_up"]) == (4, 3, 1)
    assert stroke["median_s"] == 50.0 and stroke["hints"] == 2 and stroke["hint_share"] == 0.25
    assert (stroke["undos_median"], stroke["flawless"], stroke["gave_up_at"]) == (1, 1, None)
    assert (cows["attempts"], cows["clears"], cows["median_s"], cows["gave_up"]) == (1, 0, None, 1)
    assert (community["kind"], community["plays"], community["likes"]) == ("community", 7, 2)
    assert "Secret Name" not in out.output and "p1" not in out.output  # anonymous
    assert SHIPPED_NOTE in out.stderr


def test_playtest_filters_and_reads_as_lines(tmp_path: Path) -> None:
    seed_store(tmp_path)
    base = ["playtest", "--data-dir", str(tmp_path)]
    out = CliRunner().invoke(app(), [*base, "--mode", "stroke", "--min-attempts", "2"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [
        f"daily {STROKE} 2026-11-20 #1 (easy): 4 attempts, 3 clears, median 50.0 s, "
        "2 hints (25% used one), 1 gave up",
        f"community {STROKE} c1 'Mine' (medium): 7 plays, 2 likes",
    ]
    later = CliRunner().invoke(app(), [*base, "--since", "2026-11-21", "--json"])
    assert [json.loads(x)["mode"] for x in later.stdout.splitlines()] == ["04-cows", STROKE]


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    for args, said in (
        (["--mode", "chess"], "playtest: unknown mode 'chess'"),
        (["--since", "21/11/2026"], "is not a date YYYY-MM-DD"),
    ):
        out = CliRunner().invoke(app(), ["playtest", "--data-dir", str(tmp_path), *args])
        assert out.exit_code == 2 and said in out.stderr and "Traceback" not in out.output
