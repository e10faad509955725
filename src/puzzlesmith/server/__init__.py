"""The web game: a stateless JSON API over the mode registry plus the static browser client."""
