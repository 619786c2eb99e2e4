"""Resolve stage: entity resolution, smart merge and supersession (pure functions)."""
