"""One router per concern: modes and packs, level views, play (check and hints)."""
