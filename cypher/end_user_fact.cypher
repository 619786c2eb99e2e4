// One current fact of one user ends now (forget_fact): nothing replaces it and nothing is
// deleted; a fact of another user, or one already ended, is not matched.
MATCH (f:Fact {id: $id})
WHERE f.user_id = $user_id AND f.valid_to IS NULL AND f.superseded_by IS NULL
SET f.valid_to = $at, f.ended_by = $by
RETURN f.id
