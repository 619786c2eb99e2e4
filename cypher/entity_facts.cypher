// The facts that mention, or are about, any of the given entities.
MATCH (e:Entity)
WHERE e.key IN $keys AND e.user_id = $user_id
MATCH (f:Fact)-[:MENTIONS|ABOUT]->(e)
RETURN DISTINCT f.id, e.key
