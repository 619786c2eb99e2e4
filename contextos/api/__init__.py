"""api stage."""
