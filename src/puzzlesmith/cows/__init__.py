"""Cows (奶牛, mode ``04-cows``): one cow per row, column and colour region; cows never touch.

Seed 002 is the authority on behaviour (its sample code is wrong in places; the rules
it describes are built here). The engine is pure (no web or CLI imports):

- ``board``: level parsing and masks. A pack is ``{"mode": "04-cows", "pack", "title",
  "notes"?, "levels": [{"id", "teach"?, "caption"?, "regions": ["AABBC", ...]}]}``: one
  string per row, one letter per cell, one letter per region (A–Z, then a–z); N×N with
  N in 4..20, exactly N regions, each 4-connected. Cells are named ``r<row>c<col>``.
- ``rules``: move strings ``cow r c``, ``mark r c [r c ...]``, ``clear r c [r c ...]``,
  ``auto r c`` (a cow crosses out all it rules out, one step); replay → state JSON with
  conflicts (``cows-same-row|column|region``, ``cows-touch``) naming cells, and ``cleared``.
- ``solver``: exact counting with bitmasks, most-constrained house first.
- ``logic``: named techniques, grades easy / medium / hard / expert.
- ``generate``: plant cows, grow regions, repair locally to a unique board at a grade.
- ``hints``: the next logical step in Chinese and English, or the mistake to fix.
- ``render``: SVG with a colour-blind-safe palette and a letter per region.
- ``packs``: how the shipped packs in ``levels/`` are built.

``mode`` wires them into the common interface; the client mirror of ``rules`` is
``cows/client/04-cows/rules.js``, checked against vectors this engine exports.
"""

from puzzlesmith.cows.mode import CowsMode

MODE = CowsMode()

__all__ = ["MODE", "CowsMode"]
