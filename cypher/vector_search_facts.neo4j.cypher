// Nearest facts through the vector index. The index is shared by all users: the caller
// over-fetches and this keeps the user's facts. Neo4j's cosine score is (1 + cos) / 2.
CALL db.index.vector.queryNodes('contextos_fact_embedding', $k, $embedding) YIELD node, score
WITH node AS f, score
WHERE f.user_id = $user_id
RETURN f.id, score AS similarity
ORDER BY similarity DESC, f.id
