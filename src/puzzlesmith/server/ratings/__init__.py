"""Glicko-2 ratings of levels and players, learnt from verified daily finishes and reported clears."""
