"""brief stage."""
