"""LLM extraction: any LlamaIndex LLM proposes facts, entities, relations, project statuses
and decisions; contextos grounds and validates them.

``LLMExtractor`` (``extractor.py``) implements the extractor protocol; ``Window``
(``window.py``) grounds every item's quote in the turn it names; ``graph.py`` turns the graph
prompt's items into candidates; ``LLMClient``
(``client.py``) makes the calls (structured output, retries, lenient parsing, metrics);
``llm_from_settings`` (``factory.py``) builds the LlamaIndex LLM from ``CONTEXTOS_LLM_*``.
Needs ``pip install 'contextos[llm]'`` for the OpenAI and OpenAI-compatible LLMs.
"""

from __future__ import annotations

from contextos.extract.llm.client import LLMClient, OutputMode, UnparseableReply
from contextos.extract.llm.extractor import LLMExtractor
from contextos.extract.llm.factory import llm_extractor_from_settings, llm_from_settings

__all__ = [
    "LLMClient",
    "LLMExtractor",
    "OutputMode",
    "UnparseableReply",
    "llm_extractor_from_settings",
    "llm_from_settings",
]
