"""Community levels: levels players publish from the editor, checked again by the server."""
