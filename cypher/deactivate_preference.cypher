// A preference stops holding from $now; it is kept (listed with active_only=false).
MATCH (f:Fact {id: $id, user_id: $user_id})
WHERE f.kind = 'preference' OR f.category IN $categories
SET f.valid_to = coalesce(f.valid_to, $now)
RETURN f.id
