"""Deterministic randomness: one independent stream per (seed, index, salt).

Generation runs level by level in any process or on any Dask worker; deriving each
level's stream from its index alone makes the output the same whatever ``--jobs``.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed from a base seed and any labels.

    >>> derive_seed(1, 0) == derive_seed(1, 0), derive_seed(1, 0) == derive_seed(1, 1)
    (True, False)
    """
    text = ":".join([str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def rng_for(seed: int, *parts: object) -> random.Random:
    return random.Random(derive_seed(seed, *parts))
