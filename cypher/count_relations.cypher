MATCH (a:Entity {user_id: $user_id})-[r]->(:Entity)
RETURN count(r)
