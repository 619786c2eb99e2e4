"""contextos: a memory layer for AI assistants."""
