// Nearest turns without a vector index: every embedded turn of the user, scored exactly.
MATCH (t:Turn {user_id: $user_id})
WHERE t.embedding IS NOT NULL AND ($as_of IS NULL OR t.ts IS NULL OR t.ts <= $as_of)
WITH t, vector.similarity.cosine(t.embedding, $embedding) AS similarity
RETURN t.key, similarity
ORDER BY similarity DESC, t.key
LIMIT $k
