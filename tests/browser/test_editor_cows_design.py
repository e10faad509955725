"""Issue #40 item 1 in the editor: 给点建议 on a Cows board offers region edits (from the
server's check, the code ``cows design --suggest`` runs), and 采用 makes it unique.

Every wait is on a condition (the verdict, a suggestion line), never a fixed sleep.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import shot

#: five row regions: many solutions (tests/editor/editor_levels.py's COWS_MULTIPLE)
ROWS = {"id": "draft", "regions": ["AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE"]}

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


def with_draft(page: Any, level: dict[str, Any], lang: str) -> None:
    """Open the Cows editor on a saved draft (the editor's own localStorage key), in ``lang``."""
    page.goto(f"{page.base_url}/#/")
    page.evaluate(
        """([level, lang]) => {
          localStorage.setItem("puzzlesmith.editor.04-cows", JSON.stringify(level));
          const s = JSON.parse(localStorage.getItem("shell:settings") || "{}");
          localStorage.setItem("shell:settings", JSON.stringify({ ...s, lang }));
        }""",
        [level, lang],
    )
    page.reload()
    page.goto(f"{page.base_url}/#/")
    page.click('a[data-edit="04-cows"]')
    page.wait_for_selector(".ed-board")


def verdict(page: Any, want: str) -> None:
    page.wait_for_selector(f'.ed-root[data-verdict="{want}"]', timeout=10000)


@TOUCH_ONLY
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("zh", r"^建议改动：移动 (r\d+c\d+ [A-E]→[A-E]、?)+：唯一解，难度 (简单|中等|困难|专家)"),
        (
            "en",
            r"^Suggested edit: move (r\d+c\d+ [A-E]→[A-E](, )?)+: unique, (easy|medium|hard|expert)",
        ),
    ],
)
def test_cows_suggestion_is_a_region_edit_that_makes_it_unique(
    page: Any, device: str, lang: str, line: str
) -> None:
    with_draft(page, ROWS, lang)
    verdict(page, "multiple")
    page.wait_for_selector('[data-act="suggest"]:not([hidden])')
    page.click('[data-act="suggest"]')
    page.wait_for_selector(".ed-problems li.suggest")
    texts = page.locator(".ed-problems li.suggest").all_inner_texts()
    assert texts and all(re.search(line, t) for t in texts), texts
    key = "关键想法：" if lang == "zh" else "key idea: "
    assert all(key in t for t in texts), texts
    # the cells the first suggestion moves carry their ids on the board
    first = texts[0]
    moved = re.findall(r"r\d+c\d+", first.split("：" if lang == "zh" else ": ", 2)[1])
    drawn = page.eval_on_selector_all(".ed-id", "els => els.map((e) => e.dataset.idOf)")
    assert set(moved) <= set(drawn), (moved, drawn)
    shot(page, f"editor-cows-suggestion-{lang}")
    page.click(".ed-problems li.suggest button")
    verdict(page, "unique")
    page.wait_for_selector('[data-act="publish"]:not([hidden])')
    assert page.locator(".ed-problems li.err").count() == 0
    draft = page.evaluate("JSON.parse(localStorage.getItem('puzzlesmith.editor.04-cows'))")
    assert draft["regions"] != ROWS["regions"]
    # one undo step takes the whole edit back
    page.click('[data-act="undo"]')
    verdict(page, "multiple")
