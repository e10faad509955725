"""Puzzlesmith: a logic-puzzle studio — engine, designer tools and a phone web game.

The engine packages (``core`` and one package per mode) are pure: no I/O beyond
reading their own shipped level files, no web or CLI imports. ``cli`` and
``server`` are add-ons that iterate over :mod:`puzzlesmith.core.registry`.
"""

from puzzlesmith import _native

__version__ = "0.1.0"

# a checkout's in-place compiled solver runs only while it matches its sources (see _native)
_native.guard_inplace()
