"""What the lexical index holds: ``(doc id, text)`` for facts (``f:``), turns (``t:``, the
speaker's name with the text, so a query naming the speaker finds their turns) and entities
(``e:``, the name and aliases) — from one conversation's write, or the whole store."""

from __future__ import annotations

from contextos.graph.store import ConversationWrite, GraphStore

__all__ = ["documents_of_store", "documents_of_write"]


def documents_of_write(write: ConversationWrite) -> list[tuple[str, str]]:
    docs = [
        (f"t:{write.turn_keys[t.id]}", f"{t.speaker}: {t.text}")
        for t in write.turns
        if t.kind == "message" and t.text.strip()
    ]
    docs += [(f"f:{f.fact.id}", f.fact.text) for f in write.facts]
    docs += [(f"e:{e.key}", " ".join([e.name, *e.aliases])) for e in write.entities]
    return docs


def documents_of_store(store: GraphStore, user_id: str) -> list[tuple[str, str]]:
    docs = [
        (f"t:{key}", f"{speaker}: {text}")
        for key, text, speaker, _ in store.user_turn_texts(user_id)
        if text.strip()
    ]
    docs += [(f"f:{f.id}", f.text) for f in store.facts(user_id, include_superseded=True)]
    docs += [(f"e:{e.id}", " ".join([e.name, *e.aliases])) for e in store.entities(user_id)]
    return docs
