"""LlamaIndex text nodes and chat messages as contextos conversations."""

from __future__ import annotations

from datetime import UTC, datetime

from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.schema import TextNode

from contextos.llamaindex.conversations import (
    SOURCE,
    conversation_from_messages,
    conversation_from_node,
)

CHAT = [
    ChatMessage(role="system", content="Be brief."),
    ChatMessage(role="user", content="I started a pottery class."),
    ChatMessage(role="assistant", content="Nice!"),
    ChatMessage(role="user", content="   "),
]


def test_messages_become_turns_with_roles_and_the_users_name():
    conv = conversation_from_messages(CHAT, "Sam Okafor", session_id="s1")
    assert conv is not None and conv.source == SOURCE
    assert [(t.role, t.speaker, t.text) for t in conv.turns] == [
        ("system", "system", "Be brief."),
        ("user", "Sam Okafor", "I started a pottery class."),
        ("assistant", "assistant", "Nice!"),
    ]
    assert [t.index for t in conv.turns] == [0, 1, 2]
    assert all(t.timestamp is not None and t.conversation_id == conv.id for t in conv.turns)


def test_ids_come_from_the_content_and_the_session():
    a = conversation_from_messages(CHAT, "Sam", session_id="s1")
    b = conversation_from_messages(list(CHAT), "Sam", session_id="s1")
    other_session = conversation_from_messages(CHAT, "Sam", session_id="s2")
    other_text = conversation_from_messages(CHAT[:2], "Sam", session_id="s1")
    assert a and b and other_session and other_text
    assert a.id == b.id and a.content_hash() == b.content_hash()
    assert len({a.id, other_session.id, other_text.id}) == 3


def test_session_and_time_from_the_messages_own_fields():
    said = datetime(2026, 2, 3, 4, 5, tzinfo=UTC)
    msg = ChatMessage(
        role="user",
        content="I moved to Porto.",
        additional_kwargs={"session_id": "s9", "timestamp": "2026-02-03T04:05:00Z"},
    )
    conv = conversation_from_messages([msg], "Sam")
    assert conv is not None and conv.turns[0].timestamp == said
    assert conv.id == conversation_from_messages([msg], "Sam", session_id="s9").id  # type: ignore[union-attr]


def test_nothing_to_say_is_no_conversation():
    assert conversation_from_messages([ChatMessage(role="user", content="")], "Sam") is None
    assert conversation_from_node(TextNode(text="  "), "Sam") is None


def test_a_text_node_is_one_user_turn():
    node = TextNode(
        id_="n1",
        text="I work as a nurse.",
        metadata={"speaker": "Casey Ng", "timestamp": datetime(2026, 1, 1), "title": "notes"},
    )
    conv = conversation_from_node(node, "Someone")
    assert conv is not None and conv.title == "notes"
    (turn,) = conv.turns
    assert (turn.role, turn.speaker, turn.text) == ("user", "Casey Ng", "I work as a nurse.")
    assert turn.timestamp == datetime(2026, 1, 1, tzinfo=UTC)
    assert conversation_from_node(TextNode(id_="n1", text="changed"), "x").id == conv.id  # type: ignore[union-attr]
