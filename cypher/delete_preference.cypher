// Delete one preference of the user ($id) or, with $id null, all of them.
MATCH (f:Fact {user_id: $user_id})
WHERE (f.kind = 'preference' OR f.category IN $categories) AND ($id IS NULL OR f.id = $id)
WITH collect(f) AS found
FOREACH (f IN found | DETACH DELETE f)
RETURN size(found)
