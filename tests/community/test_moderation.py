"""The moderator's commands over the server's store: three reports hide a level, then
`community keep` shows it again and `community remove` deletes it, as players see it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from community_support import established, player, publish, report
from editor_levels import STROKE, STROKE_UNIQUE
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app

runner = CliRunner()


@pytest.fixture
def cli(client: TestClient, tmp_path: Path, monkeypatch: Any) -> Any:
    """The CLI on the same database as the server under test."""
    monkeypatch.setenv("PUZZLESMITH_DATABASE_URL", client.app.state.settings.database_url)  # type: ignore[attr-defined]

    def run(*args: str) -> Any:
        return runner.invoke(build_app(), ["community", *args])

    return run


def listed(client: TestClient) -> list[str]:
    return [x["id"] for x in client.get(f"/api/community/{STROKE}").json()["levels"]]


def test_hidden_by_reports_then_kept_then_removed(client: TestClient, cli: Any) -> None:
    author = player(client, "作者")
    lid = publish(client, author, STROKE, STROKE_UNIQUE, "好关").json()["id"]
    r = cli("reports")
    assert r.exit_code == 0 and r.stdout.strip() == "community: 0 reported level(s)"
    for k, name in enumerate(("小甲", "小乙", "小丙")):
        report(client, lid, established(client, name), f"10.0.1.{k}", f"{name}说抄袭")
    assert listed(client) == []
    rows = [json.loads(line) for line in cli("reports", "--hidden", "--json").stdout.splitlines()]
    assert [(x["id"], x["hidden"], x["reports"], x["author"]) for x in rows] == [
        (lid, True, 3, "作者")
    ]
    assert rows[0]["reasons"] == ["小甲说抄袭", "小乙说抄袭", "小丙说抄袭"]
    text = cli("reports").stdout.splitlines()
    assert text[0].startswith(f"{lid}  {STROKE}  hidden  3 report(s)") and "'好关'" in text[0]

    r = cli("keep", lid)
    assert r.exit_code == 0 and lid in r.stdout
    assert listed(client) == [lid]
    assert cli("reports", "--json").stdout == ""  # reports cleared
    # a new report counts from zero, and a kept level needs twice the weight to hide again
    for k, name in enumerate(("小丁", "小戊", "小己")):
        report(client, lid, established(client, name), f"10.0.2.{k}", "again")
    assert listed(client) == [lid]
    row = json.loads(cli("reports", "--json").stdout)
    assert (row["reports"], row["weight"], row["needed"], row["hidden"]) == (3, 6, 12, False)

    r = cli("remove", lid)
    assert r.exit_code == 0
    assert listed(client) == []
    assert client.get(f"/api/community/levels/{lid}").status_code == 404
    again = cli("remove", lid)
    assert again.exit_code == 1
    assert again.stderr.strip() == f"community remove: no community level {lid!r}"
    # the board is free again: its author may publish it anew
    anew = publish(client, author, STROKE, STROKE_UNIQUE, "好关")
    assert anew.status_code == 200 and anew.json()["id"] != lid


def test_an_unreadable_store_is_one_line(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("PUZZLESMITH_DATABASE_URL", "postgresql+psycopg://x@127.0.0.1:1/none")
    r = runner.invoke(build_app(), ["community", "reports"])
    assert r.exit_code == 2
    assert r.stderr.startswith("community: cannot open the store:") and "\n" not in r.stderr.strip()


def test_reports_are_bounded(client: TestClient, cli: Any) -> None:
    a = player(client, "作者")
    ids = []
    for title, level in (("一", STROKE_UNIQUE), ("二", {**STROKE_UNIQUE, "cells": [
        {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
        {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
        {"id": "c", "x": 1, "y": 1, "w": 1, "h": 1},
    ]})):  # fmt: skip
        r = publish(client, a, STROKE, level, title)
        assert r.status_code == 200, r.text
        ids.append(r.json()["id"])
    for lid in ids:
        client.post(
            f"/api/community/levels/{lid}/report", json={"reason": "不好玩"},
            headers=player(client, "小甲"),
        )  # fmt: skip
    assert len(cli("reports", "--json").stdout.splitlines()) == 2
    assert len(cli("reports", "--json", "--limit", "1").stdout.splitlines()) == 1


def test_a_bad_limit_is_one_line() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "puzzlesmith", "community", "reports", "--limit", "0"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "--limit" in r.stderr
