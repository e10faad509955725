"""``puzzlesmith playtest`` (issue #27, seed 001 §8.4): anonymous per-level figures from a
real SQLite store — per shipped level from its tries (attempts, clears, clear rate, median
time to clear, hints, rewinds, where players gave up), per daily from its runs, per
community level from its counters."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from puzzlesmith.cli.playtest import Try, playtest, summarise
from puzzlesmith.server.community.models import CommunityLevel
from puzzlesmith.server.store import Store
from puzzlesmith.server.store.models import Daily, Player, Run, Start
from puzzlesmith.server.tries.models import LevelPlay

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
    stroke, cows, community = [r for r in rows if r["kind"] != "shipped"]
    assert (stroke["mode"], stroke["level"], stroke["title"]) == (STROKE, "2026-11-20", "#1")
    assert (stroke["attempts"], stroke["clears"], stroke["gave_up"]) == (4, 3, 1)
    assert stroke["median_s"] == 50.0 and stroke["hints"] == 2 and stroke["hint_share"] == 0.25
    assert (stroke["undos_median"], stroke["flawless"], stroke["gave_up_at"]) == (1, 1, None)
    assert (cows["attempts"], cows["clears"], cows["median_s"], cows["gave_up"]) == (1, 0, None, 1)
    assert (community["kind"], community["plays"], community["likes"]) == ("community", 7, 2)
    assert "Secret Name" not in out.output and "p1" not in out.output  # anonymous


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
    kinds = [(r["kind"], r["mode"]) for r in map(json.loads, later.stdout.splitlines())]
    assert kinds == [("daily", "04-cows"), ("community", STROKE)]


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    for args, said in (
        (["--mode", "chess"], "playtest: unknown mode 'chess'"),
        (["--since", "21/11/2026"], "is not a date YYYY-MM-DD"),
    ):
        out = CliRunner().invoke(app(), ["playtest", "--data-dir", str(tmp_path), *args])
        assert out.exit_code == 2 and said in out.stderr and "Traceback" not in out.output


#: known tries of shipped levels: (session, level, outcome, seconds, hints, rewinds, last step)
TRIES = [
    ("s1", "1-4", "cleared", 20, 0, 0, 4),
    ("s1", "1-4", "left", 8, 0, 1, 2),
    ("s2", "1-4", "cleared", 40, 1, 2, 4),
    ("s2", "1-4", "left", 11, 0, 0, 2),
    ("s3", "1-4", "cleared", 90, 0, 1, 4),
    ("s1", "1-7", "cleared", 100, 2, 3, 12),
    ("s2", "1-7", "left", 70, 0, 4, 9),
    ("s3", "1-7", "left", 45, 1, 0, 5),
]


def seed_tries(data: Path) -> None:
    store = Store.open(f"sqlite:///{data / 'puzzlesmith.sqlite3'}")
    with store.write() as s:
        for k, (sid, level, outcome, secs, hints, rewinds, step) in enumerate(TRIES):
            s.add(
                LevelPlay(
                    session=f"{sid:0>32}",
                    try_no=k + 1,
                    mode=STROKE,
                    level=level,
                    started_ms=1_800_000_000_000,
                    ended_ms=1_800_000_000_000 + secs * 1000,
                    received_ms=1_800_000_000_000 + secs * 1000,  # 2027-01-15
                    outcome=outcome,
                    time_ms=secs * 1000,
                    hints=hints,
                    rewinds=rewinds,
                    moves=10,
                    last_step=step,
                )
            )
    store.close()


def test_shipped_levels_get_figures_from_their_tries(tmp_path: Path) -> None:
    seed_tries(tmp_path)
    base = ["playtest", "--data-dir", str(tmp_path), "--mode", "stroke"]
    out = CliRunner().invoke(app(), [*base, "--json"])
    assert out.exit_code == 0, out.output
    four, seven = [json.loads(line) for line in out.stdout.splitlines()]
    assert (four["kind"], four["level"], four["title"]) == (
        "shipped",
        "1-4",
        "大格也只算一步 / A big cell is still one step",
    )
    assert (four["attempts"], four["sessions"], four["clears"], four["clear_rate"]) == (
        5,
        3,
        3,
        0.6,
    )
    assert (four["median_s"], four["hints"], four["hint_share"]) == (40.0, 1, 0.2)
    assert (four["rewinds"], four["undos_median"], four["flawless"]) == (4, 1, 1)
    assert (four["gave_up"], four["gave_up_at"]) == (2, {"2": 2})
    assert (seven["attempts"], seven["clears"], seven["median_s"]) == (3, 1, 100.0)
    assert (seven["gave_up"], seven["gave_up_at"], seven["clear_rate"]) == (
        2,
        {"5": 1, "9": 1},
        0.333,
    )
    assert "s1" not in out.stdout and "0" * 30 not in out.stdout  # no session ids
    lines = CliRunner().invoke(app(), [*base, "--min-attempts", "4"]).stdout.splitlines()
    assert lines == [
        f"shipped {STROKE} 1-4 '大格也只算一步 / A big cell is still one step': 5 tries "
        "(3 sessions), 3 clears (60%), median 40.0 s, 1 hints (20% used one), 4 rewinds, "
        "2 left (step 2 ×2)"
    ]
    later = CliRunner().invoke(app(), [*base, "--since", "2027-01-16", "--json"])
    assert later.exit_code == 0 and later.stdout == ""  # every try was received before


def test_summarise_counts_and_medians() -> None:
    """The figures of a level from tries, by hand: an even count of clears takes the mean
    of the middle two; a level nobody cleared has no median and every try gave up."""
    t = [Try("a", "cleared", 10_000, 0, 0, 9), Try("b", "cleared", 30_000, 2, 1, 9)]
    f = summarise(STROKE, "1-1", "x", [*t, Try("a", "left", 5_000, 1, 2, 3)])
    assert (f.median_s, f.undos_median, f.flawless, f.hint_share) == (20.0, 0.5, 1, 0.667)
    assert (f.gave_up_at, f.rewinds, f.sessions) == ({"3": 1}, 3, 2)
    none = summarise(STROKE, "1-1", "x", [Try("a", "left", 5_000, 0, 0, 0)])
    assert (none.clears, none.median_s, none.clear_rate, none.gave_up_at) == (
        0,
        None,
        0.0,
        {"0": 1},
    )
