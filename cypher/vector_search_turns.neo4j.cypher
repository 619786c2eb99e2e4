// The turns nearest to a query vector through the Turn vector index (shared by all users: the
// caller over-fetches, this keeps the user's turns said before $as_of when it is given).
// Neo4j's cosine score is (1 + cos) / 2.
CALL db.index.vector.queryNodes('contextos_turn_embedding', $k, $embedding) YIELD node, score
WITH node AS t, score
WHERE t.user_id = $user_id AND ($as_of IS NULL OR t.ts IS NULL OR t.ts <= $as_of)
RETURN t.key, score AS similarity
ORDER BY similarity DESC, t.key
