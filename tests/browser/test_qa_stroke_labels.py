"""QA (fresh-eyes pass): Number Stroke in English on the phone: parity words fit inside
a one-unit clue ring."""

from __future__ import annotations

from typing import Any

import pytest

from puzzlesmith.core import registry

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("device", ["touch"], indirect=True)]

#: the clue ring of a unit cell runs from 0.09 to 0.91 units
RING_INSIDE = 0.82


def level_with_a_unit_even_cell() -> str:
    mode = registry.get("stroke")
    for pack in mode.shipped_packs():
        for lv in pack.levels:
            for c in mode.view(lv)["cells"]:
                unit = c["w"] == c["h"] == 1 and len(c["units"]) == 1
                if unit and c.get("parity") == "even" and c.get("clue") is None:
                    return str(lv.id)
    pytest.skip("no shipped level has an even clue on a 1×1 cell")


def test_english_even_stays_inside_a_unit_cell(page: Any) -> None:
    """Before: "even" was 0.93 units wide on a 1×1 cell, across its clue ring."""
    level = level_with_a_unit_even_cell()
    page.goto(f"{page.base_url}/#/")
    page.evaluate("localStorage.setItem('shell:settings', JSON.stringify({lang: 'en'}))")
    page.goto(f"{page.base_url}/?all=1#/01-number-stroke/{level}")
    page.reload()
    page.wait_for_selector(f'.ns-svg[aria-label="{level}"]')
    words = page.evaluate(
        "() => [...document.querySelectorAll('.ns-num.ns-partext')]"
        ".map((t) => [t.textContent, t.getBBox().width])"
    )
    assert "even" in {w for w, _ in words}
    for word, width in words:
        assert width < RING_INSIDE, (word, width)
