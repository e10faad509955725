"""The daily challenge: one puzzle per mode per UTC date, players, verified runs, boards."""
