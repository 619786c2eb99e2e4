// Turns by (conversation id, turn id): the earlier turns a fact's evidence quotes.
UNWIND $refs AS ref
MATCH (c:Conversation {id: ref[0]})-[:HAS_TURN]->(t:Turn {id: ref[1]})
WHERE t.user_id = $user_id
RETURN t.key, t.id, t.conversation_id, t.idx, t.role, t.speaker, t.kind, t.text, t.ts
