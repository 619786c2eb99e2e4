// Nearest facts without a vector index: every fact of the user, scored exactly.
MATCH (f:Fact {user_id: $user_id})
WHERE f.embedding IS NOT NULL
WITH f, vector.similarity.cosine(f.embedding, $embedding) AS similarity
RETURN f.id, similarity
ORDER BY similarity DESC, f.id
LIMIT $k
