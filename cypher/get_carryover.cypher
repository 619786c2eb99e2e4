// What the extractor remembered of the user's conversations at the end of the last run.
MATCH (u:User {user_id: $user_id})
RETURN u.carryover
