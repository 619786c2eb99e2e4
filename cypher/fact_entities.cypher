MATCH (f:Fact)-[:MENTIONS|ABOUT]->(e:Entity)
WHERE f.id IN $ids AND e.is_user IS NULL
RETURN f.id, e.key, e.name, e.type, e.props
