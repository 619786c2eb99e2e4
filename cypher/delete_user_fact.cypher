// One fact of one user deleted with its edges (forget_fact with delete): a fact of another
// user is not matched.
MATCH (f:Fact {id: $id})
WHERE f.user_id = $user_id
WITH f, f.id AS id
DETACH DELETE f
RETURN id
