// The state properties written on each of a user's entity nodes (the user's own node too).
MATCH (e:Entity {user_id: $user_id})
WHERE e.state_fields IS NOT NULL
RETURN e.key, e.state_fields
