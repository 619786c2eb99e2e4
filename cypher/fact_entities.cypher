MATCH (f:Fact)-[:MENTIONS|ABOUT]->(e:Entity)
WHERE f.id IN $ids AND e.is_user IS NULL AND ($user_id = '' OR f.user_id = $user_id)
RETURN f.id, e.key, e.name, e.type, e.props
