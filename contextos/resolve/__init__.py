"""resolve stage."""
