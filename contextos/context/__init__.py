"""Context stage: hybrid retrieval, ranking, the injection template and token budget."""

from contextos.context.retrieve import retrieve
from contextos.context.template import pack, render

__all__ = ["pack", "render", "retrieve"]
