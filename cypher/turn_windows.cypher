// Each hit turn (by key) with the turns within $radius of it in its conversation: the
// episode windows context/ quotes from. Rows: hit key, then the window turn's fields.
MATCH (c:Conversation)-[:HAS_TURN]->(t:Turn)
WHERE t.key IN $keys AND t.user_id = $user_id
MATCH (c)-[:HAS_TURN]->(n:Turn)
WHERE n.idx >= t.idx - $radius AND n.idx <= t.idx + $radius
RETURN t.key, n.key, n.id, n.conversation_id, n.idx, n.role, n.speaker, n.kind, n.text, n.ts
