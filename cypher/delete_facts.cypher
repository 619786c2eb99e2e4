MATCH (f:Fact {user_id: $user_id})
WHERE f.id IN $ids
DETACH DELETE f
