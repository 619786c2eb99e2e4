// The turns nearest to a query vector; the index is shared by all users (the caller
// over-fetches, then keeps this user's turns said before $as_of when it is given).
CALL db.idx.vector.queryNodes('Turn', 'embedding', $k, vecf32($embedding)) YIELD node, score
WITH node AS t, score
WHERE t.user_id = $user_id AND ($as_of IS NULL OR t.ts IS NULL OR t.ts <= $as_of)
RETURN t.key, 1.0 - score AS similarity
ORDER BY similarity DESC, t.key
