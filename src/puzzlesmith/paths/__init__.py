"""The kit both path puzzles share (Number Stroke, Hex Walls): one numbered path through every cell.

What lives here is geometry-free: the graph deduction engine (``techniques``), the
grades (``grades``), the two hints (``hints``), the game-state base (``state``), the
board base (``board``) and the mode base with the view helpers (``mode``). A path mode
keeps only what is its own: its board geometry, its solver, its extra rules.
"""
