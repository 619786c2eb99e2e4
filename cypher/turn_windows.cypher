// Each hit turn (by key) with the turns within $radius of it in its conversation: the
// episode windows context/ quotes from. Rows: hit key, then the window turn's fields.
// Neighbours are looked up one by one through the Turn index on (conversation_id, idx).
UNWIND $keys AS k
MATCH (t:Turn {key: k})
WHERE t.user_id = $user_id
UNWIND range(t.idx - $radius, t.idx + $radius) AS i
MATCH (n:Turn {conversation_id: t.conversation_id, idx: i})
WHERE n.user_id = $user_id
RETURN t.key, n.key, n.id, n.conversation_id, n.idx, n.role, n.speaker, n.kind, n.text, n.ts
