"""The local extractor as a LlamaIndex ``TransformComponent`` for a plain ``PropertyGraphIndex``.

Each text node is read as something its author said (a user turn); the grounded, validated
facts, entities and relations land in the node's metadata under LlamaIndex's ``KG_NODES_KEY``
/ ``KG_RELATIONS_KEY``, the way LlamaIndex's own extractors report them::

    index = PropertyGraphIndex.from_documents(
        docs, kg_extractors=[GraphExtractor(user=UserRef.from_id("dana"))],
        embed_model=MiniLMEmbedding(), llm=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.graph_stores.types import KG_NODES_KEY, KG_RELATIONS_KEY, EntityNode, Relation
from llama_index.core.schema import BaseNode, TransformComponent
from pydantic import PrivateAttr

from contextos.extract.base import CarriesOver
from contextos.models.extraction import UserRef
from contextos.models.transcript import Conversation, Turn, stable_id

__all__ = ["GraphExtractor"]


class GraphExtractor(TransformComponent):
    """Grounded facts and entities from text nodes, with no LLM."""

    user_id: str = "user"
    user_name: str = "User"
    _extractor: Any = PrivateAttr(default=None)

    def __init__(self, user: UserRef | None = None, extractor: Any = None, **kw: Any) -> None:
        user = user or UserRef(id="user", name="User")
        super().__init__(user_id=user.id, user_name=user.name, **kw)  # type: ignore[call-arg]
        self._extractor = extractor

    @classmethod
    def class_name(cls) -> str:
        return "ContextOSGraphExtractor"

    def _local(self) -> Any:
        if self._extractor is None:
            from contextos.extract.local import LocalExtractor

            self._extractor = LocalExtractor()
        return self._extractor

    def __call__(self, nodes: Sequence[BaseNode], **kwargs: Any) -> Sequence[BaseNode]:
        from contextos.validate import index_turns, validate

        user = UserRef(id=self.user_id, name=self.user_name)
        local = self._local()
        if isinstance(local, CarriesOver):
            local.restore(user.id, None)  # the nodes of one call: one user's, in order, afresh
        for node in nodes:
            text = node.get_content()
            conv_id = stable_id("llamaindex", node.node_id)
            turn = Turn(
                id=node.node_id,
                conversation_id=conv_id,
                index=0,
                role="user",
                speaker=str(node.metadata.get("speaker", self.user_name)),
                text=text,
            )
            conv = Conversation(id=conv_id, source="llamaindex", turns=[turn])
            raw = local.extract([turn], conv, user)
            # a pattern seen across nodes quotes the earlier ones too
            result = validate(raw, index_turns([turn, *raw.cited_turns]))
            entities, relations = _to_graph(result)
            node.metadata[KG_NODES_KEY] = [*node.metadata.get(KG_NODES_KEY, []), *entities]
            node.metadata[KG_RELATIONS_KEY] = [*node.metadata.get(KG_RELATIONS_KEY, []), *relations]
        return nodes


class _Entities:
    """EntityNodes by name, created on first mention."""

    def __init__(self) -> None:
        self.by_name: dict[str, EntityNode] = {}

    def get(self, name: str, label: str, props: dict[str, Any] | None = None) -> EntityNode:
        if name not in self.by_name:
            self.by_name[name] = EntityNode(name=name, label=label, properties=props or {})
        return self.by_name[name]


def _to_graph(result: Any) -> tuple[list[EntityNode], list[Relation]]:
    """Validated candidates as LlamaIndex graph elements (facts are nodes ABOUT a person)."""
    entities = _Entities()
    relations: list[Relation] = []
    for e in result.entities:
        entities.get(e.name, e.type, {k: v for k, v in e.properties.items() if v is not None})
    for r in result.relations:
        src, dst = entities.get(r.source, "Person"), entities.get(r.target, "Entity")
        relations.append(Relation(label=r.type, source_id=src.id, target_id=dst.id))
    for f in result.facts:
        fact = entities.get(
            f.text,
            "Fact",
            {
                "category": f.category,
                "type": f.type.value,
                "confidence": f.confidence,
                "evidence": f.evidence[0].quote,
            },
        )
        subject = entities.get(f.subject, "Person")
        relations.append(Relation(label="ABOUT", source_id=fact.id, target_id=subject.id))
    return list(entities.by_name.values()), relations
