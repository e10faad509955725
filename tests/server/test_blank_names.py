"""Issue #38 item 8: names and titles that draw nothing (Hangul fillers, the braille
blank) are refused with the character named; room viewers' names drop them."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.server.app import create_app
from puzzlesmith.server.community.text import check_text
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.rooms.hub import clean_name
from puzzlesmith.server.visible import BLANK

APP = create_app(data_dir=Path(tempfile.mkdtemp(prefix="puzzlesmith-names-")))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(APP) as c:
        yield c


@pytest.mark.parametrize(
    "name",
    ["\u3164\u3164", "\u115f\u115f", "\u1160\u3164", "\uffa0\uffa0", "\u2800\u2800", "小\u3164王"],
)
def test_a_name_that_draws_nothing_is_refused(client: TestClient, name: str) -> None:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["field"] == "name" and body["error"] == "bad-name"
    assert "U+" in body["message"] or "not allowed" in body["message"], body


def test_a_visible_name_still_passes(client: TestClient) -> None:
    r = client.post("/api/players", json={"name": "한글 小王"})
    assert r.status_code == 201 and r.json()["name"] == "한글 小王", r.text


@pytest.mark.parametrize("blank", sorted(BLANK))
def test_titles_refuse_and_viewer_names_drop_every_blank(blank: str) -> None:
    with pytest.raises(ApiError) as err:
        check_text(f"a{blank}b", "title", low=1, high=30)
    assert err.value.field == "title" and f"U+{ord(blank):04X}" in err.value.message
    assert clean_name(f"{blank}{blank}", 20) == ""
    assert clean_name(f"a{blank}b", 20) == "ab"
