"""Puzzlesmith: a logic-puzzle studio — engine, designer tools and a phone web game.

The engine packages (``core`` and one package per mode) are pure: no I/O beyond
reading their own shipped level files, no web or CLI imports. ``cli`` and
``server`` are add-ons that iterate over :mod:`puzzlesmith.core.registry`.
"""

from puzzlesmith import _native

__version__ = "0.1.0"

# the compiled solver, when a fresh build of it sits in build/native (see _native)
_native.install()
