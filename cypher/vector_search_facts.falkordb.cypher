CALL db.idx.vector.queryNodes('Fact', 'embedding', $k, vecf32($embedding)) YIELD node, score
WITH node AS f, score
WHERE f.user_id = $user_id
RETURN f.id, 1.0 - score AS similarity
ORDER BY similarity DESC, f.id
