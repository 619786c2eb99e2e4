"""The extractor as a LlamaIndex transform: the nodes of one call are read as one user's, in
order, so a name introduced in one node completes a first name in the next — and a second call
over the same nodes gives the same graph elements."""

from __future__ import annotations

from llama_index.core.graph_stores.types import KG_NODES_KEY
from llama_index.core.schema import TextNode

from contextos.extract.llamaindex import GraphExtractor
from contextos.models.extraction import UserRef


def _facts(nodes) -> list[str]:
    return [e.name for n in nodes for e in n.metadata[KG_NODES_KEY] if e.label == "Fact"]


def test_nodes_of_one_call_carry_names_and_a_second_call_reads_the_same(extractor):
    graph = GraphExtractor(user=UserRef(id="jordan", name="Jordan Lee"), extractor=extractor)

    def nodes() -> list[TextNode]:
        return [
            TextNode(id_="n1", text="I met Sandra Okafor, my new manager."),
            TextNode(id_="n2", text="Sandra approved my budget."),
            TextNode(id_="n3", text="The beta is set for June 3."),
            TextNode(id_="n4", text="I'm building an app for my friends, calling it SendLog."),
        ]

    first = _facts(graph(nodes()))
    assert "Sandra Okafor approved Jordan's budget" in first
    # the beta is said before the app is named: not SendLog's, this call or the next
    assert any(f.startswith("The beta is set for") for f in first)
    assert _facts(graph(nodes())) == first
