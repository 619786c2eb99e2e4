// The facts that mention, or are about, any of the given entities.
MATCH (f:Fact)-[:MENTIONS|ABOUT]->(e:Entity)
WHERE e.key IN $keys AND f.user_id = $user_id
RETURN DISTINCT f.id, e.key
