"""context stage."""
