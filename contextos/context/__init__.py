"""Context stage: retrievers (facts, entities, episodes) behind one interface, weighted
reciprocal-rank fusion, query-time decay, agent-type templates and the token budget."""

from contextos.context.agent_templates import AgentTemplate, TemplateSection, load_templates
from contextos.context.config import DEFAULT_CONFIG, RetrievalConfig
from contextos.context.engine import ContextEngine
from contextos.context.packing import pack, render
from contextos.context.query import ContextQuery, Retriever, ScoredItem

__all__ = [
    "DEFAULT_CONFIG",
    "AgentTemplate",
    "ContextEngine",
    "ContextQuery",
    "RetrievalConfig",
    "Retriever",
    "ScoredItem",
    "TemplateSection",
    "load_templates",
    "pack",
    "render",
]
