MATCH (c:Conversation {key: $conversation_key})
UNWIND $turns AS t
MERGE (n:Turn {key: t.key})
SET n.id = t.id, n.user_id = $user_id, n.conversation_id = t.conversation_id, n.idx = t.idx,
    n.role = t.role, n.speaker = t.speaker, n.kind = t.kind, n.text = t.text, n.ts = t.ts
MERGE (c)-[:HAS_TURN]->(n)
