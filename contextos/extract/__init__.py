"""extract stage: extractors turn conversation windows into grounded candidates.

``LocalExtractor`` (name ``"local"``) runs offline: spaCy parse + rule tables + optional MiniLM.
"""

from contextos.extract.base import Extractor
from contextos.extract.local import LocalExtractor

__all__ = ["Extractor", "LocalExtractor"]
