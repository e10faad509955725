"""Friends: follow another player by a short code; boards and stats among the followed."""
