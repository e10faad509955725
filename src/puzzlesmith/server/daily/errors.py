"""The daily API's refusals: the app's one error envelope, ``{"error", "message", "field"?}``."""

from __future__ import annotations

from puzzlesmith.server.errors import ApiError


class DailyApiError(ApiError):
    """A refusal the daily routes raise; ``code`` names why (``foreign-token``, ``too-fast``…)."""
