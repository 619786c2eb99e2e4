// The turns of one live session, in order.
MATCH (c:Conversation {key: $key})-[:HAS_TURN]->(t:Turn)
RETURN t.id, t.idx, t.role, t.speaker, t.kind, t.text, t.ts
ORDER BY t.idx
