"""facts@1: facts about the user, each with the turn it comes from and the words it quotes.

Short on purpose: it has to fit, with a window of turns, in the context of a small local model
(gemma-3-270m runs the tests with 2,048 tokens). The model only proposes; contextos finds the
quote in the named turn itself (``validate/quotes.py``) and rejects what it cannot find.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from contextos.extract.prompts import Prompt, turn_label
from contextos.models.facts import CATEGORIES, SEED_CATEGORY_MAP, Category, FactType

__all__ = ["MAX_FACTS", "PROMPT", "FactItem", "FactsReply"]

#: Facts asked for per call (a schema limit for servers with structured output).
MAX_FACTS = 8

_TYPES = {t.value for t in FactType}


class FactItem(BaseModel):
    """One fact as the model proposes it."""

    model_config = ConfigDict(extra="ignore")

    turn: str = Field(description="id of the turn the fact comes from, e.g. T2")
    quote: str = Field(
        min_length=1,
        description="the exact words of that turn the fact comes from, copied",
    )
    text: str = Field(
        min_length=1,
        description="the fact as one short third-person sentence",
    )
    type: FactType = FactType.USER_FACT
    category: Category = "other"
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    subject: str = ""
    entities: list[str] = Field(default_factory=list, json_schema_extra={"maxItems": 4})

    @field_validator("turn", mode="before")
    @classmethod
    def _turn(cls, v: Any) -> Any:
        """``2``, ``"t2"``, ``"[T2]"`` all name turn T2."""
        return turn_label(v)

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, v: Any) -> Any:
        if isinstance(v, str):
            s = v.strip().upper().replace(" ", "_").replace("-", "_")
            return s if s in _TYPES else v
        return v

    @field_validator("category", mode="before")
    @classmethod
    def _category(cls, v: Any) -> Any:
        """Categories are matched loosely; one the schema does not know is ``other`` (the
        pipeline categorises those)."""
        if not isinstance(v, str):
            return "other"
        s = v.strip().lower().replace(" ", "_").replace("-", "_")
        s = SEED_CATEGORY_MAP.get(s, s)
        return s if s in CATEGORIES else "other"

    @field_validator("confidence", "importance", mode="before")
    @classmethod
    def _score(cls, v: Any) -> Any:
        """``0.9``, ``"0.9"``, ``90`` and ``"90%"`` are all 0.9."""
        if isinstance(v, str):
            try:
                v = float(v.strip().rstrip("%"))
            except ValueError:
                return v
        if isinstance(v, int | float) and not isinstance(v, bool) and 1.0 < v <= 100.0:
            return v / 100.0
        return v

    @field_validator("entities", mode="before")
    @classmethod
    def _entities(cls, v: Any) -> Any:
        if isinstance(v, str):
            return [v] if v.strip() else []
        if isinstance(v, list):
            return [e if isinstance(e, str) else str(e.get("name", "")) for e in v if e]
        return v

    @field_validator("subject", mode="before")
    @classmethod
    def _subject(cls, v: Any) -> Any:
        return "" if v is None else v


class FactsReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    facts: list[FactItem] = Field(default_factory=list, json_schema_extra={"maxItems": MAX_FACTS})


SYSTEM = "You list facts about a person from a chat. You answer with JSON only."

USER = """Chat, one turn per line, with its id:
$turns

List what $user says about $them: work, projects, people, places, plans, decisions, likes,
habits. Skip questions, greetings, maybes and what the assistant says.
For each fact: "turn" (the id of the turn), "quote" (the exact words, copied from that turn),
"text" (one short sentence, e.g. "$user lives in Lisbon"), "type" (USER_FACT; USER_PATTERN
for a habit; SHARED_NARRATIVE for something done with the assistant), "category" (one of
$categories), "confidence" (0 to 1), "importance" (0 to 1), "subject" (who it is about),
"entities" (names in it).
Answer {"facts": [...]}, or {"facts": []} when there is nothing."""

PROMPT: Prompt[FactsReply] = Prompt(
    name="facts", version=1, system=SYSTEM, user=USER, response=FactsReply
)
